//! What a natal or return request may add to its chart: the declinations
//! (with their parallels) and the midpoints. Parsed here, computed by the
//! core (`shared::astro::chart::{declination, midpoint}`), presented by
//! `answer::{DeclinationsBody, MidpointsBody}`.

use shared::astro::Ephemeris;
use shared::astro::chart::declination::{DEFAULT_PARALLEL_ORB, Declinations, chart_declinations};
use shared::astro::chart::midpoint::{ChartMidpoints, DEFAULT_MIDPOINT_ORB, chart_midpoints};
use shared::astro::chart::{ChartInput, NatalChart};
use shared::astro::ephemeris::EphemerisError;

use crate::request::Problems;

/// The widest orb of parallels accepted, degrees of declination.
pub const MAX_PARALLEL_ORB: f64 = 5.0;

#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct ChartExtras {
    /// `includeDeclinations`: the parallels' orb.
    pub declinations: Option<f64>,
    /// `includeMidpoints`.
    pub midpoints: bool,
}

impl ChartExtras {
    pub fn parse(
        include_declinations: Option<bool>,
        parallel_orb: Option<f64>,
        include_midpoints: Option<bool>,
        problems: &mut Problems,
    ) -> Self {
        let wanted = include_declinations == Some(true);
        if let Some(orb) = parallel_orb {
            if !(orb > 0.0 && orb <= MAX_PARALLEL_ORB) {
                problems.add("/parallelOrb", format!("parallelOrb must be more than 0 and at most {MAX_PARALLEL_ORB} degrees"));
            } else if !wanted {
                problems
                    .add("/parallelOrb", "parallelOrb is the orb of the declinations' parallels: send includeDeclinations: true with it");
            }
        }
        Self { declinations: wanted.then(|| parallel_orb.unwrap_or(DEFAULT_PARALLEL_ORB)), midpoints: include_midpoints == Some(true) }
    }
}

/// The extras a request asked for, of the chart cast from `input`.
#[derive(Debug, Default)]
pub struct ExtrasReading {
    pub declinations: Option<Declinations>,
    pub midpoints: Option<ChartMidpoints>,
}

impl ExtrasReading {
    pub fn of(ephemeris: &Ephemeris, input: &ChartInput, chart: &NatalChart, extras: ChartExtras) -> Result<Self, EphemerisError> {
        let declinations = match extras.declinations {
            Some(orb) => Some(chart_declinations(ephemeris, input, chart, orb)?),
            None => None,
        };
        let midpoints = extras.midpoints.then(|| chart_midpoints(chart, DEFAULT_MIDPOINT_ORB));
        Ok(Self { declinations, midpoints })
    }
}
