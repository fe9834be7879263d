//! Two births in one request (`dateTime1`, `location1`, `dateTime2`,
//! `location2`): synastry, composite and the legacy synastry parse them
//! alike, each field's problem at its pointer.

use shared::astro::Ephemeris;
use shared::astro::chart::{ChartInput, MoonCenter};
use shared::astro::time::{JulianDay, ResolvedInstant};
use shared::http::{ApiError, ApiResult};

use crate::request::{CommonOptions, LocationBody, Place, Problems, parse_instant, parse_location};

pub struct TwoBirths {
    pub place1: Place,
    pub place2: Place,
    instant1: Option<ResolvedInstant>,
    instant2: Option<ResolvedInstant>,
}

impl TwoBirths {
    pub fn parse(ephemeris: &Ephemeris, first: (&str, &LocationBody), second: (&str, &LocationBody), problems: &mut Problems) -> Self {
        let place1 = parse_location(first.1, "/location1", problems);
        let place2 = parse_location(second.1, "/location2", problems);
        let instant1 = parse_instant(first.0, place1.zone.as_ref(), ephemeris, "/dateTime1", problems);
        let instant2 = parse_instant(second.0, place2.zone.as_ref(), ephemeris, "/dateTime2", problems);
        Self { place1, place2, instant1, instant2 }
    }

    /// See [`chiron_date`].
    pub fn chiron_date(&self, ephemeris: &Ephemeris) -> Option<JulianDay> {
        chiron_date(ephemeris, self.instant1, self.instant2)
    }

    /// Both instants, once the request's problems are answered.
    pub fn instants(&self) -> ApiResult<(ResolvedInstant, ResolvedInstant)> {
        match (self.instant1, self.instant2) {
            (Some(instant1), Some(instant2)) => Ok((instant1, instant2)),
            _ => Err(ApiError::invalid_field("/dateTime1", "the birth moments could not be placed in time")),
        }
    }

    /// The two people, once the request's problems are answered.
    pub fn people(&self) -> ApiResult<(Person, Person)> {
        let (instant1, instant2) = self.instants()?;
        Ok((
            Person { instant: instant1, place: self.place1, date_pointer: "/dateTime1" },
            Person { instant: instant2, place: self.place2, date_pointer: "/dateTime2" },
        ))
    }
}

/// The date that decides whether Chiron joins the default points: it does
/// only when both dates are in its range (so the date out of range, if any).
pub fn chiron_date(ephemeris: &Ephemeris, instant1: Option<ResolvedInstant>, instant2: Option<ResolvedInstant>) -> Option<JulianDay> {
    match (instant1, instant2) {
        (Some(a), Some(_)) if !ephemeris.chiron_available_at(a.julian_day_ut()) => Some(a.julian_day_ut()),
        (Some(_), Some(b)) => Some(b.julian_day_ut()),
        _ => None,
    }
}

/// One person of a pair, placed in time and space.
#[derive(Clone, Copy)]
pub struct Person {
    pub instant: ResolvedInstant,
    pub place: Place,
    /// Where a refusal of this person's date points.
    pub date_pointer: &'static str,
}

impl Person {
    /// This person's natal chart input with the request's options.
    pub fn chart_input(&self, options: &CommonOptions) -> ChartInput {
        ChartInput {
            instant: self.instant.julian_day_ut(),
            latitude: self.place.latitude,
            longitude: self.place.longitude,
            house_system: options.house_system,
            moon_center: MoonCenter::default(),
            points: options.points.clone(),
            orbs: options.orbs.clone(),
            frame: options.frame,
        }
    }
}
