//! The astrocartography request: a birth, the points, the angles, the mode.

use serde::Deserialize;
use shared::astro::Ephemeris;
use shared::astro::astrocartography::{MapAngle, MapInput, MapMode};
use shared::astro::point::PointId;
use shared::astro::time::ResolvedInstant;
use shared::http::ApiError;

use crate::request::{LocationBody, Place, Problems, parse_choice, parse_instant, parse_location, too_many_items};

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
}

pub struct AstrocartographyQuery {
    pub birth: ResolvedInstant,
    pub place: Place,
    pub input: MapInput,
}

/// The points that have a place of their own in the sky to draw: Sun …
/// Pluto (the default), the nodes, Lilith and Chiron.
pub const MAP_POINTS: &[PointId] = PointId::ALL.split_at(15).0;

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
        problems.into_result()?;
        let birth = birth.ok_or_else(|| ApiError::invalid_field("/dateTime", "the date-time could not be placed in time"))?;
        let input = MapInput { instant: birth.julian_day_ut(), points, angles, mode };
        Ok(Self { birth, place, input })
    }
}
