//! Request fields every family parses alike: the collector that lets one 422
//! name every bad field, a place (latitude, longitude, time zone) and a
//! language code.

use crate::astro::time::TimeZoneSpec;
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
