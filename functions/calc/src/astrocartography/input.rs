//! The astrocartography request: a birth, the points, the angles, the mode.

use serde::Deserialize;
use shared::astro::Ephemeris;
use shared::astro::astrocartography::near::{CitySearch, NearPlace};
use shared::astro::astrocartography::{MAP_POINTS, MapAngle, MapInput, MapMode};
use shared::astro::point::PointId;
use shared::astro::time::ResolvedInstant;
use shared::http::{ApiError, object};
use shared::language::Language;

use crate::request::{
    LocationBody, LocationFields, Place, Problems, parse_choice, parse_instant, parse_language, parse_location, parse_location_fields,
    too_many_items,
};

#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct AstrocartographyRequest {
    /// Local birth date-time at the place, `YYYY-MM-DDTHH:MM[:SS]`; an offset or `Z` makes it an instant.
    pub date_time: String,
    /// The birth place (coordinates or a place name): it places the local time; the lines cover the whole Earth.
    pub location: LocationBody,
    /// The bodies drawn: `sun` … `pluto` by default; also `mean_node`, `true_node`, `south_node`, `mean_lilith`, `chiron`.
    pub points: Option<Vec<String>>,
    /// The angles drawn: `mc`, `ic`, `asc`, `dsc` (default all four).
    pub angles: Option<Vec<String>>,
    /// `mundo` (default: the body's own right ascension and declination) or `zodiacal` (its ecliptic longitude, latitude 0).
    pub mode: Option<String>,
    /// Only the lines that pass within `radiusKm` of a place, each with its distance and nearest point.
    #[serde(default, deserialize_with = "object::optional")]
    pub near: Option<NearBody>,
    /// The most populous cities within `withinKm` of each line.
    #[serde(default, deserialize_with = "object::optional")]
    pub cities: Option<CitiesBody>,
    /// The map's language: `en` (default) or `es`.
    pub language: Option<String>,
    /// Local space: each body's azimuth at the birth place and the great circle leaving it in that direction (default false).
    pub local_space: Option<bool>,
}

/// A place (`place`, or `latitude` and `longitude`) and a radius.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct NearBody {
    /// A city by name instead of coordinates.
    pub place: Option<String>,
    /// Degrees north, with `longitude`.
    pub latitude: Option<f64>,
    /// Degrees east, with `latitude`.
    pub longitude: Option<f64>,
    /// Kilometres, more than 0 and at most 20,000 (half the Earth's circumference).
    pub radius_km: f64,
}

/// Which cities to list along each line.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct CitiesBody {
    /// Kilometres from the line, more than 0 and at most 1,000 (default 100).
    pub within_km: Option<f64>,
    /// How many per line, 1 to 50 (default 10).
    pub limit: Option<u32>,
}

/// The place the lines are measured from, as the request named it.
pub struct Near {
    pub measure: NearPlace,
    pub place: Place,
}

pub const MAX_NEAR_RADIUS_KM: f64 = 20_000.0;
pub const MAX_CITIES_WITHIN_KM: f64 = 1_000.0;
pub const DEFAULT_CITIES_WITHIN_KM: f64 = 100.0;
pub const MAX_CITIES_PER_LINE: u32 = 50;
pub const DEFAULT_CITIES_PER_LINE: u32 = 10;

fn parse_near(body: &NearBody, problems: &mut Problems) -> Near {
    let fields = LocationFields { place: body.place.as_deref(), latitude: body.latitude, longitude: body.longitude, timezone: Some("UTC") };
    let place = parse_location_fields(fields, "/near", problems);
    if !(body.radius_km > 0.0 && body.radius_km <= MAX_NEAR_RADIUS_KM) {
        problems.add("/near/radiusKm", format!("the radius must be more than 0 and at most {MAX_NEAR_RADIUS_KM} km"));
    }
    Near { measure: NearPlace { from: [place.longitude, place.latitude], radius_km: body.radius_km }, place }
}

fn parse_cities(body: &CitiesBody, problems: &mut Problems) -> CitySearch {
    let within_km = body.within_km.unwrap_or(DEFAULT_CITIES_WITHIN_KM);
    if !(within_km > 0.0 && within_km <= MAX_CITIES_WITHIN_KM) {
        problems.add("/cities/withinKm", format!("the distance must be more than 0 and at most {MAX_CITIES_WITHIN_KM} km"));
    }
    let limit = body.limit.unwrap_or(DEFAULT_CITIES_PER_LINE);
    if !(1..=MAX_CITIES_PER_LINE).contains(&limit) {
        problems.add("/cities/limit", format!("between 1 and {MAX_CITIES_PER_LINE} cities a line"));
    }
    CitySearch { within_km, limit: limit as usize }
}

pub struct AstrocartographyQuery {
    pub birth: ResolvedInstant,
    pub place: Place,
    pub input: MapInput,
    pub near: Option<Near>,
    pub cities: Option<CitySearch>,
    pub language: Language,
    pub local_space: bool,
}

/// A list of ids, each known and listed once, or the default; errors at `/{field}/{index}`.
fn parse_list<T: Copy + PartialEq>(
    ids: Option<&Vec<String>>,
    field: &str,
    valid: &[T],
    id: fn(T) -> &'static str,
    default: &[T],
    problems: &mut Problems,
) -> Vec<T> {
    let Some(ids) = ids else { return default.to_vec() };
    if ids.is_empty() {
        problems.add(format!("/{field}"), format!("give at least one, or leave {field} out for the default"));
    }
    if let Some(detail) = too_many_items(ids.len(), valid.len()) {
        problems.add(format!("/{field}"), detail);
        return Vec::new();
    }
    let mut chosen = Vec::new();
    for (index, text) in ids.iter().enumerate() {
        match valid.iter().copied().find(|v| id(*v) == text) {
            Some(value) if !chosen.contains(&value) => chosen.push(value),
            Some(_) => {}
            None => {
                let names: Vec<&str> = valid.iter().map(|v| id(*v)).collect();
                problems.add(
                    format!("/{field}/{index}"),
                    format!("unknown {} '{text}'; valid: {}", &field[..field.len() - 1], names.join(", ")),
                );
            }
        }
    }
    chosen
}

impl AstrocartographyQuery {
    pub fn parse(body: &AstrocartographyRequest, ephemeris: &Ephemeris) -> Result<Self, ApiError> {
        let mut problems = Problems::default();
        let place = parse_location(&body.location, "/location", &mut problems);
        let birth = parse_instant(&body.date_time, place.zone.as_ref(), ephemeris, "/dateTime", &mut problems);
        let points = parse_list(body.points.as_ref(), "points", MAP_POINTS, PointId::id, &MAP_POINTS[..10], &mut problems);
        let angles = parse_list(body.angles.as_ref(), "angles", &MapAngle::ALL, MapAngle::id, &MapAngle::ALL, &mut problems);
        let mode = parse_choice(body.mode.as_deref(), &MapMode::ALL, MapMode::id, ("/mode", "mode"), &mut problems);
        let near = body.near.as_ref().map(|near| parse_near(near, &mut problems));
        let cities = body.cities.as_ref().map(|cities| parse_cities(cities, &mut problems));
        let language = parse_language(body.language.as_deref(), "/language", &mut problems);
        problems.into_result()?;
        let birth = birth.ok_or_else(|| ApiError::invalid_field("/dateTime", "the date-time could not be placed in time"))?;
        let input = MapInput { instant: birth.julian_day_ut(), points, angles, mode };
        Ok(Self { birth, place, input, near, cities, language, local_space: body.local_space == Some(true) })
    }
}
