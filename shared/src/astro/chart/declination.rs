//! Declinations: how far north or south of the celestial equator each point
//! of a chart stands, the points beyond the Sun's greatest declination ("out
//! of bounds"), and the parallels and contraparallels between them (the
//! aspects of declination).

use crate::astro::chart::natal::{ChartInput, NatalChart};
use crate::astro::ephemeris::{Ephemeris, EphemerisError, equatorial_of};
use crate::astro::frame::{Frame, Zodiac};
use crate::astro::point::{AngleId, ChartPoint};

/// The default orb of parallels and contraparallels, degrees of declination.
pub const DEFAULT_PARALLEL_ORB: f64 = 1.0;

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PointDeclination {
    pub point: ChartPoint,
    /// Degrees, north positive, on the true equator of date.
    pub declination: f64,
    /// Farther from the equator than the ecliptic ever reaches: |δ| above
    /// the obliquity of the moment.
    pub out_of_bounds: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ParallelKind {
    /// Same hemisphere, |δ1 − δ2| within the orb.
    Parallel,
    /// Opposite hemispheres, |δ1 + δ2| within the orb.
    Contraparallel,
}

impl ParallelKind {
    pub fn id(self) -> &'static str {
        match self {
            Self::Parallel => "parallel",
            Self::Contraparallel => "contraparallel",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Parallel {
    pub point_a: ChartPoint,
    pub point_b: ChartPoint,
    pub kind: ParallelKind,
    /// Degrees from exact.
    pub orb: f64,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Declinations {
    /// The true obliquity of the chart's moment: the out-of-bounds line.
    pub obliquity: f64,
    /// The orb of the parallels, degrees of declination.
    pub orb: f64,
    /// Each point of the chart, then the four angles.
    pub points: Vec<PointDeclination>,
    /// Among the points and the ascendant and midheaven (the descendant and
    /// imum coeli mirror them), tightest first.
    pub parallels: Vec<Parallel>,
}

/// The declinations of a chart cast in the tropical zodiac (its longitudes
/// and latitudes of date), under the true `obliquity` of its moment.
/// Sidereal charts are declined from their tropical twin: the equator does
/// not depend on the zodiac.
pub fn declinations(tropical: &NatalChart, obliquity: f64, orb: f64) -> Declinations {
    let declined = |point: ChartPoint, longitude: f64, latitude: f64| {
        let (_, declination) = equatorial_of(longitude, latitude, obliquity);
        PointDeclination { point, declination, out_of_bounds: declination.abs() > obliquity }
    };
    let points: Vec<PointDeclination> = tropical
        .points
        .iter()
        .map(|p| declined(ChartPoint::Point(p.point), p.position.longitude, p.position.latitude))
        .chain(tropical.angles.iter().map(|&(angle, longitude)| declined(ChartPoint::Angle(angle), longitude, 0.0)))
        .collect();
    let paired: Vec<&PointDeclination> =
        points.iter().filter(|p| !matches!(p.point, ChartPoint::Angle(AngleId::Descendant | AngleId::ImumCoeli))).collect();
    let mut parallels = Vec::new();
    for (i, a) in paired.iter().enumerate() {
        for b in &paired[i + 1..] {
            let same_hemisphere = a.declination.signum() == b.declination.signum();
            let (kind, orb_now) = if same_hemisphere {
                (ParallelKind::Parallel, (a.declination - b.declination).abs())
            } else {
                (ParallelKind::Contraparallel, (a.declination + b.declination).abs())
            };
            if orb_now <= orb {
                parallels.push(Parallel { point_a: a.point, point_b: b.point, kind, orb: orb_now });
            }
        }
    }
    parallels.sort_by(|a, b| a.orb.total_cmp(&b.orb));
    Declinations { obliquity, orb, points, parallels }
}

/// The declinations of the chart cast from `input`: from the chart itself
/// when tropical, else from its tropical twin (the same moment, place and
/// perspective).
pub fn chart_declinations(ephemeris: &Ephemeris, input: &ChartInput, chart: &NatalChart, orb: f64) -> Result<Declinations, EphemerisError> {
    let obliquity = ephemeris.true_obliquity(input.instant)?;
    if input.frame.zodiac == Zodiac::Tropical {
        return Ok(declinations(chart, obliquity, orb));
    }
    let tropical_input = ChartInput { frame: Frame { zodiac: Zodiac::Tropical, ..input.frame }, ..input.clone() };
    Ok(declinations(&NatalChart::compute(ephemeris, &tropical_input)?, obliquity, orb))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_solstice_sun_stands_at_the_obliquity_and_the_equinox_sun_on_the_equator() {
        let (_, solstice) = equatorial_of(90.0, 0.0, 23.44);
        assert!((solstice - 23.44).abs() < 1e-9);
        let (_, equinox) = equatorial_of(0.0, 0.0, 23.44);
        assert!(equinox.abs() < 1e-12);
        // Latitude carries a body past the tropic: the Moon at 5° north at the solstice.
        let (_, moon) = equatorial_of(90.0, 5.0, 23.44);
        assert!((moon - 28.44).abs() < 1e-9);
    }
}
