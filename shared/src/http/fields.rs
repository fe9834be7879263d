//! Request fields every family parses alike: the collector that lets one 422
//! name every bad field, a place (latitude, longitude, time zone), a civil
//! date and time at a place, and a language code.

use crate::astro::Ephemeris;
use crate::astro::ephemeris::EphemerisError;
use crate::astro::time::{CivilDateTime, ResolvedInstant, TimeError, TimeZoneSpec};
use crate::http::ApiError;
use crate::language::Language;

/// Collects field errors so that one response names every bad field.
#[derive(Default)]
pub struct Problems(Vec<(String, String)>);

impl Problems {
    pub fn add(&mut self, pointer: impl Into<String>, detail: impl Into<String>) {
        self.0.push((pointer.into(), detail.into()));
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn into_result(self) -> Result<(), ApiError> {
        if self.0.is_empty() { Ok(()) } else { Err(ApiError::invalid_fields(self.0)) }
    }
}

#[derive(Debug, Clone, Copy)]
pub struct Place {
    pub latitude: f64,
    pub longitude: f64,
    pub zone: Option<TimeZoneSpec>,
}

/// Where the errors of a place's three fields point.
pub struct PlacePointers<'a> {
    pub latitude: &'a str,
    pub longitude: &'a str,
    pub timezone: &'a str,
}

/// A place given field by field.
pub fn parse_place(latitude: f64, longitude: f64, timezone: &str, pointers: &PlacePointers, problems: &mut Problems) -> Place {
    if !(-90.0..=90.0).contains(&latitude) {
        problems.add(pointers.latitude, "latitude must be between -90 and 90 degrees (north positive)");
    }
    if !(-180.0..=180.0).contains(&longitude) {
        problems.add(pointers.longitude, "longitude must be between -180 and 180 degrees (east positive)");
    }
    let zone = match TimeZoneSpec::parse(timezone) {
        Ok(zone) => Some(zone),
        Err(error) => {
            problems.add(pointers.timezone, error.to_string());
            None
        }
    };
    Place { latitude, longitude, zone }
}

/// A language code (`en` when absent); an unsupported one lists the supported.
pub fn parse_language(code: Option<&str>, pointer: &str, problems: &mut Problems) -> Language {
    match code {
        None => Language::En,
        Some(code) => Language::parse(code).unwrap_or_else(|| {
            problems.add(pointer, format!("unsupported language '{code}'; supported: {}", Language::supported_codes().join(", ")));
            Language::En
        }),
    }
}

/// The instant of a civil date-time at a place; errors point at `pointer`.
pub fn parse_instant(
    text: &str,
    zone: Option<&TimeZoneSpec>,
    ephemeris: &Ephemeris,
    pointer: &str,
    problems: &mut Problems,
) -> Option<ResolvedInstant> {
    let civil = match CivilDateTime::parse(text) {
        Ok(civil) => civil,
        Err(error) => {
            problems.add(pointer, error.to_string());
            return None;
        }
    };
    // Without a usable zone only an explicit offset can place the instant.
    let fallback = TimeZoneSpec::parse("UTC").ok()?;
    let zone = match (zone, civil.explicit_offset) {
        (Some(zone), _) => zone,
        (None, Some(_)) => &fallback,
        (None, None) => return None,
    };
    match civil.resolve(zone) {
        Ok(resolved) => {
            if ephemeris.check_supported(resolved.julian_day_ut()).is_err() {
                problems.add(pointer, EphemerisError::OutOfRange.to_string());
                return None;
            }
            Some(resolved)
        }
        Err(error @ TimeError::NonexistentLocalTime { .. }) => {
            problems.add(pointer, error.to_string());
            None
        }
        Err(error) => {
            problems.add(pointer, error.to_string());
            None
        }
    }
}

/// The instant of a civil date and time given apart (`YYYY-MM-DD` and
/// `HH:MM[:SS[.fff]]`) at a place. A bad or out-of-range date points at
/// `date_pointer`; a bad time, or one the clocks skipped, at `time_pointer`.
pub fn parse_date_and_time(
    date: &str,
    time: &str,
    zone: Option<&TimeZoneSpec>,
    ephemeris: &Ephemeris,
    (date_pointer, time_pointer): (&str, &str),
    problems: &mut Problems,
) -> Option<ResolvedInstant> {
    let day = parse_day(date, date_pointer, problems);
    let time = match crate::astro::time::parse_time(time) {
        Ok(time) => Some(time),
        Err(error) => {
            problems.add(time_pointer, error.to_string());
            None
        }
    };
    let civil = CivilDateTime { local: day?.and_time(time?), explicit_offset: None };
    match civil.resolve(zone?) {
        Ok(resolved) => {
            if ephemeris.check_supported(resolved.julian_day_ut()).is_err() {
                problems.add(date_pointer, EphemerisError::OutOfRange.to_string());
                return None;
            }
            Some(resolved)
        }
        Err(error) => {
            problems.add(time_pointer, error.to_string());
            None
        }
    }
}

/// A `YYYY-MM-DD` field; errors point at `pointer`.
pub fn parse_day(text: &str, pointer: &str, problems: &mut Problems) -> Option<chrono::NaiveDate> {
    match crate::astro::time::parse_date(text) {
        Ok(date) => Some(date),
        Err(error) => {
            problems.add(pointer, error.to_string());
            None
        }
    }
}
