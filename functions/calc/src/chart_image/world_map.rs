//! The astrocartography map behind an image link: the lines computed anew
//! from the link's birth and drawn on the world map
//! (`shared::render::render_map_svg`).

use shared::astro::Ephemeris;
use shared::astro::astrocartography::{MapMode, astrocartography};
use shared::http::ApiError;
use shared::http::chart_link::MapSpec;
use shared::language::Language;
use shared::render::{MAP_DEFAULT_PIXELS, MAP_MAX_PIXELS, MAP_MIN_PIXELS, MapTrace, WorldMap};

use super::wheel::{moment, place};
use crate::request::ephemeris_error;

/// Changes whenever the map's drawing changes: part of the ETag.
pub const RENDERER_VERSION: &str = "map-1";

pub fn world_map(ephemeris: &Ephemeris, spec: &MapSpec, language: Language) -> Result<WorldMap, ApiError> {
    let input = spec.input()?;
    let map = astrocartography(ephemeris, &input).map_err(|e| ephemeris_error(e, "/token"))?;
    let es = language == Language::Es;
    let mode = match (input.mode, es) {
        (MapMode::Mundo, false) => "in mundo",
        (MapMode::Mundo, true) => "en mundo",
        (MapMode::Zodiacal, false) => "zodiacal",
        (MapMode::Zodiacal, true) => "zodiacales",
    };
    Ok(WorldMap {
        title: if es { "Astrocartografía" } else { "Astrocartography" }.to_owned(),
        subtitle: format!(
            "{} · {} · {} {mode}",
            moment(spec.jd, language),
            place(spec.la, spec.lo, language),
            if es { "líneas" } else { "lines" }
        ),
        lines: map.lines.into_iter().map(|line| MapTrace { point: line.point, angle: line.angle, segments: line.segments }).collect(),
        birth_place: [spec.lo, spec.la],
    })
}

/// The map's width: the opener's `size`, else the default; a width the map
/// cannot be drawn at is refused.
pub fn width(size: Option<&str>, chosen: u32) -> Result<u32, ApiError> {
    match size {
        None => Ok(MAP_DEFAULT_PIXELS),
        Some(_) if (MAP_MIN_PIXELS..=MAP_MAX_PIXELS).contains(&chosen) => Ok(chosen),
        Some(_) => Err(ApiError::invalid_parameter(
            "size",
            format!("a map is {MAP_MIN_PIXELS} to {MAP_MAX_PIXELS} pixels wide (default {MAP_DEFAULT_PIXELS})"),
        )),
    }
}
