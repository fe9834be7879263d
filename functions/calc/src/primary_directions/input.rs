//! The primary directions request, parsed into a [`PrimaryDirectionsQuery`].

use serde::Deserialize;
use shared::astro::Ephemeris;
use shared::astro::primary_directions::{DirectionKey, DirectionMethod, DirectionRequest};
use shared::astro::time::{ResolvedInstant, TimeZoneSpec};
use shared::http::ApiError;

use crate::request::{LocationBody, Place, Problems, parse_choice, parse_instant, parse_location};

/// The widest span of ages one request may cover, years.
pub const MAX_SPAN_YEARS: f64 = 100.0;
/// `toAge` when not given, years.
pub const DEFAULT_TO_AGE: f64 = 90.0;
/// The oldest age asked about, years.
pub const MAX_AGE_YEARS: f64 = 150.0;

#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct PrimaryDirectionsRequest {
    /// Local birth date-time, `YYYY-MM-DDTHH:MM[:SS]` (or an instant with an offset).
    pub birth_date_time: String,
    /// Birth place: coordinates or a place name.
    pub birth_location: LocationBody,
    /// The youngest age listed, years (default 0).
    pub from_age: Option<f64>,
    /// The oldest age listed, years (default 90; at most 150, and at most 100 years after `fromAge`).
    pub to_age: Option<f64>,
    /// How a place in the sky is measured: `placidus` (semi-arcs, default) or `regiomontanus`.
    pub method: Option<String>,
    /// How the arc becomes years: `naibod` (0.98564733° a year, default) or `ptolemy` (1° a year).
    pub key: Option<String>,
    /// `true` (default): aspects in the zodiac, ecliptic points without latitude; `false`: mundane directions,
    /// the bodies with their latitude and the aspects among the houses.
    pub zodiacal: Option<bool>,
    /// `true`: converse directions too (against the primary motion), each marked; default `false`.
    pub converse: Option<bool>,
}

/// A primary directions request as the use case reads it.
pub struct PrimaryDirectionsQuery {
    pub birth_text: String,
    pub birth: ResolvedInstant,
    pub place: Place,
    pub zone: TimeZoneSpec,
    pub request: DirectionRequest,
}

impl PrimaryDirectionsQuery {
    pub fn parse(body: &PrimaryDirectionsRequest, ephemeris: &Ephemeris) -> Result<Self, ApiError> {
        let mut problems = Problems::default();
        let place = parse_location(&body.birth_location, "/birthLocation", &mut problems);
        let birth = parse_instant(&body.birth_date_time, place.zone.as_ref(), ephemeris, "/birthDateTime", &mut problems);
        let method = parse_choice(body.method.as_deref(), &DirectionMethod::ALL, DirectionMethod::id, ("/method", "method"), &mut problems);
        let key = parse_choice(body.key.as_deref(), &DirectionKey::ALL, DirectionKey::id, ("/key", "key"), &mut problems);
        let from_age = body.from_age.unwrap_or(0.0);
        let to_age = body.to_age.unwrap_or(DEFAULT_TO_AGE);
        let ages = 0.0..=MAX_AGE_YEARS;
        if !ages.contains(&from_age) {
            problems.add("/fromAge", format!("fromAge must be between 0 and {MAX_AGE_YEARS} years"));
        }
        if !ages.contains(&to_age) {
            problems.add("/toAge", format!("toAge must be between 0 and {MAX_AGE_YEARS} years"));
        }
        if ages.contains(&from_age) && ages.contains(&to_age) {
            if to_age < from_age && body.to_age.is_none() {
                problems.add("/fromAge", format!("fromAge ({from_age}) is after the default toAge ({DEFAULT_TO_AGE}): send toAge too"));
            } else if to_age < from_age {
                problems.add("/toAge", format!("toAge ({to_age}) must not be before fromAge ({from_age})"));
            } else if to_age - from_age > MAX_SPAN_YEARS {
                problems.add(
                    "/toAge",
                    format!(
                        "a request covers at most {MAX_SPAN_YEARS} years: with fromAge {from_age}, toAge at most {}",
                        from_age + MAX_SPAN_YEARS
                    ),
                );
            }
        }
        problems.into_result()?;
        let (Some(birth), Some(zone)) = (birth, place.zone) else {
            return Err(ApiError::invalid_field("/birthDateTime", "the birth moment could not be placed in time"));
        };
        let request = DirectionRequest {
            method,
            key,
            zodiacal: body.zodiacal.unwrap_or(true),
            converse: body.converse.unwrap_or(false),
            from_age,
            to_age,
        };
        Ok(Self { birth_text: body.birth_date_time.clone(), birth, place, zone, request })
    }
}
