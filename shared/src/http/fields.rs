//! Request fields every family parses alike: the collector that lets one 422
//! name every bad field, a place (latitude, longitude, time zone), a civil
//! date and time at a place, and a language code.

use crate::astro::Ephemeris;
use crate::astro::ephemeris::EphemerisError;
use crate::astro::time::{CivilDateTime, ResolvedInstant, TimeError, TimeZoneSpec};
use crate::http::ApiError;
use crate::http::Code;
use crate::http::error::FieldProblem;
use crate::language::Language;
use crate::places::{self, City, PlaceError};

/// Collects field errors so that one response names every bad field.
#[derive(Default)]
pub struct Problems(Vec<FieldProblem>);

impl Problems {
    pub fn add(&mut self, pointer: impl Into<String>, detail: impl Into<String>) {
        self.0.push(FieldProblem { pointer: pointer.into(), code: Code::InvalidField, detail: detail.into(), meta: None });
    }

    /// A problem with its own error code and machine-readable meta.
    pub fn add_coded(&mut self, pointer: impl Into<String>, code: Code, detail: impl Into<String>, meta: serde_json::Value) {
        self.0.push(FieldProblem { pointer: pointer.into(), code, detail: detail.into(), meta: Some(meta) });
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Whether a problem was found at `pointer` or inside it.
    pub fn at_or_under(&self, pointer: &str) -> bool {
        self.0.iter().any(|p| p.pointer == pointer || p.pointer.strip_prefix(pointer).is_some_and(|rest| rest.starts_with('/')))
    }

    pub fn into_result(self) -> Result<(), ApiError> {
        if self.0.is_empty() { Ok(()) } else { Err(ApiError::field_problems(self.0)) }
    }
}

/// The longest list of point ids a request may carry (`points`,
/// `transitPoints`): more than there are points, so any real choice fits.
pub const MAX_POINT_IDS: usize = 64;

/// The longest place name a location may carry ("Saint-Rémy-de-Provence,
/// Provence-Alpes-Côte d'Azur, FR" is 54).
pub const MAX_PLACE_CHARS: usize = 200;

/// A list of `len` items where at most `max` are allowed: the detail of the
/// one error a longer list gets (its items are then not checked one by one,
/// so that a long list cannot multiply the answer).
pub fn too_many_items(len: usize, max: usize) -> Option<String> {
    (len > max).then(|| format!("at most {max} items (got {len})"))
}

/// A text of more than `max` characters: the detail of its error (the text
/// itself is not quoted).
pub fn too_long(text: &str, max: usize) -> Option<String> {
    (text.chars().count() > max).then(|| format!("at most {max} characters"))
}

#[derive(Debug, Clone, Copy)]
pub struct Place {
    pub latitude: f64,
    pub longitude: f64,
    pub zone: Option<TimeZoneSpec>,
    /// What the service looked up for this place (a city by name, a zone
    /// from the coordinates); `None` when everything was given.
    pub found: Option<PlaceFound>,
}

/// What a place's lookups found, for the answer's `meta.locations`.
#[derive(Debug, Clone, Copy)]
pub struct PlaceFound {
    /// The city `place` named.
    pub city: Option<&'static City>,
    pub timezone_from: TimezoneFrom,
}

/// Where a place's time zone came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TimezoneFrom {
    Request,
    /// The zone the city database gives the named city.
    City,
    /// The time-zone boundaries at the coordinates.
    Coordinates,
}

impl TimezoneFrom {
    pub fn id(self) -> &'static str {
        match self {
            Self::Request => "request",
            Self::City => "city",
            Self::Coordinates => "coordinates",
        }
    }
}

impl PlaceFound {
    /// `{pointer: {...}}` for `meta.locations`.
    pub fn describe(&self, place: &Place) -> serde_json::Value {
        let mut found = serde_json::json!({
            "latitude": place.latitude,
            "longitude": place.longitude,
            "timezone": place.zone.map(|z| z.name()).unwrap_or_default(),
            "timezoneSource": self.timezone_from.id(),
        });
        if let Some(city) = self.city {
            found["place"] = city_json(city);
        }
        found
    }
}

/// A city as answers show it.
pub fn city_json(city: &City) -> serde_json::Value {
    serde_json::json!({
        "geonameId": city.geoname_id,
        "name": city.name,
        "admin1": city.admin1,
        "countryCode": city.country_code,
        "countryName": city.country_name,
        "latitude": city.latitude,
        "longitude": city.longitude,
        "population": city.population,
        "timezone": city.timezone,
    })
}

/// A location as a body gives it: a `place` name, or `latitude` and
/// `longitude`; `timezone` optional in both cases.
#[derive(Debug, Clone, Copy)]
pub struct LocationFields<'a> {
    pub place: Option<&'a str>,
    pub latitude: Option<f64>,
    pub longitude: Option<f64>,
    pub timezone: Option<&'a str>,
}

/// Resolves a location: the named city (its coordinates and zone), or the
/// coordinates given; the zone given, else the city's, else the one at the
/// coordinates. Errors point below `pointer` (`/location/place`, ...).
/// A place: `place` (a city name, "Rome, IT") or `latitude` and
/// `longitude`; `timezone` may be left out (the city's, or the one at the
/// coordinates).
#[derive(Debug, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LocationBody {
    /// A city by name (`Rome, IT`, `Springfield, IL, US`) instead of coordinates.
    pub place: Option<String>,
    /// Degrees east (negative west), with `latitude`.
    pub longitude: Option<f64>,
    /// Degrees north (negative south), with `longitude`.
    pub latitude: Option<f64>,
    /// IANA time zone (`Europe/Rome`); default: the city's, or the zone at the coordinates.
    pub timezone: Option<String>,
}

/// A location is an object: the fields serde would otherwise also read from
/// an array by position are read from an object only (see `http::object`).
impl<'de> serde::Deserialize<'de> for LocationBody {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        #[derive(serde::Deserialize)]
        #[serde(deny_unknown_fields, remote = "LocationBody")]
        struct Fields {
            place: Option<String>,
            longitude: Option<f64>,
            latitude: Option<f64>,
            timezone: Option<String>,
        }

        struct ObjectVisitor;

        impl<'de> serde::de::Visitor<'de> for ObjectVisitor {
            type Value = LocationBody;

            fn expecting(&self, formatter: &mut std::fmt::Formatter) -> std::fmt::Result {
                formatter.write_str("a location object")
            }

            fn visit_map<A: serde::de::MapAccess<'de>>(self, map: A) -> Result<LocationBody, A::Error> {
                Fields::deserialize(serde::de::value::MapAccessDeserializer::new(map))
            }
        }

        deserializer.deserialize_map(ObjectVisitor)
    }
}

pub fn parse_location(location: &LocationBody, pointer: &str, problems: &mut Problems) -> Place {
    let fields = LocationFields {
        place: location.place.as_deref(),
        latitude: location.latitude,
        longitude: location.longitude,
        timezone: location.timezone.as_deref(),
    };
    parse_location_fields(fields, pointer, problems)
}

pub fn parse_location_fields(fields: LocationFields, pointer: &str, problems: &mut Problems) -> Place {
    let at = |field: &str| format!("{pointer}/{field}");
    let mut city = None;
    let (latitude, longitude) = match (fields.place, fields.latitude, fields.longitude) {
        (Some(_), Some(_), _) | (Some(_), _, Some(_)) => {
            problems.add(at("place"), "give either a place name or latitude and longitude, not both");
            (0.0, 0.0)
        }
        (Some(name), None, None) if name.chars().count() > MAX_PLACE_CHARS => {
            problems.add(at("place"), too_long(name, MAX_PLACE_CHARS).unwrap_or_default());
            (0.0, 0.0)
        }
        (Some(name), None, None) => match places::resolve(name) {
            Ok(found) => {
                city = Some(found);
                (found.latitude, found.longitude)
            }
            Err(error) => {
                place_problem(name, error, &at("place"), problems);
                (0.0, 0.0)
            }
        },
        (None, Some(latitude), Some(longitude)) => (latitude, longitude),
        (None, latitude, longitude) => {
            for (field, value) in [("latitude", latitude), ("longitude", longitude)] {
                if value.is_none() {
                    problems.add(at(field), format!("'{field}' is required (or give a place name in 'place' instead of coordinates)"));
                }
            }
            (0.0, 0.0)
        }
    };
    let pointers = PlacePointers { latitude: &at("latitude"), longitude: &at("longitude"), timezone: &at("timezone") };
    let (timezone, timezone_from) = match (fields.timezone, city) {
        (Some(given), _) => (Some(given), TimezoneFrom::Request),
        (None, Some(city)) => (Some(city.timezone), TimezoneFrom::City),
        (None, None) => (places::timezone::zone_at(latitude, longitude), TimezoneFrom::Coordinates),
    };
    let mut place = parse_place(latitude, longitude, timezone.unwrap_or("UTC"), &pointers, problems);
    if timezone.is_none() {
        place.zone = None;
    }
    if city.is_some() || timezone_from != TimezoneFrom::Request {
        place.found = Some(PlaceFound { city, timezone_from });
    }
    place
}

/// The 422 of a place name that names no city, or several.
fn place_problem(name: &str, error: PlaceError, pointer: &str, problems: &mut Problems) {
    match error {
        PlaceError::NotFound => problems.add(
            pointer,
            format!("no city of 15,000 people or more is named '{name}'; check the spelling, or give latitude and longitude"),
        ),
        PlaceError::UnknownQualifier(qualifier) => problems
            .add(pointer, format!("'{qualifier}' is not a country (name or ISO code) or region; write 'City, Country' as in 'Rome, IT'")),
        PlaceError::Ambiguous(candidates) => {
            let listed: Vec<String> = candidates.iter().map(|c| describe_city(c)).collect();
            problems.add_coded(
                pointer,
                Code::AmbiguousPlace,
                format!(
                    "'{name}' names several cities: {}; add the country or region after a comma (as in '{}, {}')",
                    listed.join("; "),
                    candidates[0].name,
                    candidates[0].country_code
                ),
                serde_json::json!({ "candidates": candidates.iter().map(|c| city_json(c)).collect::<Vec<_>>() }),
            );
        }
    }
}

fn describe_city(city: &City) -> String {
    match city.admin1 {
        "" => format!("{}, {}", city.name, city.country_code),
        region => format!("{}, {}, {}", city.name, region, city.country_code),
    }
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
    Place { latitude, longitude, zone, found: None }
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
