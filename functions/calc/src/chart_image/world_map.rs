//! The astrocartography map behind an image link: the lines computed anew
//! from the link's birth and drawn on the world map
//! (`shared::render::render_map_svg`).

use shared::astro::Ephemeris;
use shared::astro::astrocartography::local_space::local_space;
use shared::astro::astrocartography::{MapMode, astrocartography};
use shared::http::ApiError;
use shared::http::chart_link::MapSpec;
use shared::language::Language;
use shared::render::{LocalSpaceTrace, MAP_DEFAULT_PIXELS, MAP_MAX_PIXELS, MAP_MIN_PIXELS, MapTrace, WorldMap};

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
        local_space: match spec.ls {
            true => local_space(&map, [spec.lo, spec.la])
                .into_iter()
                .map(|line| LocalSpaceTrace { point: line.point, azimuth: line.azimuth, segments: line.segments })
                .collect(),
            false => Vec::new(),
        },
        lines: map.lines.into_iter().map(|line| MapTrace { point: line.point, angle: line.angle, segments: line.segments }).collect(),
        birth_place: [spec.lo, spec.la],
    })
}

/// The map's width: the opener's `size` (whole pixels), else the default;
/// a width the map cannot be drawn at is refused before anything is drawn
/// or charged.
pub fn width(size: Option<&str>) -> Result<u32, ApiError> {
    let Some(size) = size else { return Ok(MAP_DEFAULT_PIXELS) };
    size.parse::<u32>()
        .ok()
        .filter(|px| size.bytes().all(|b| b.is_ascii_digit()) && (MAP_MIN_PIXELS..=MAP_MAX_PIXELS).contains(px))
        .ok_or_else(|| {
            ApiError::invalid_parameter(
                "size",
                format!("a map is a whole number of pixels from {MAP_MIN_PIXELS} to {MAP_MAX_PIXELS} wide (default {MAP_DEFAULT_PIXELS})"),
            )
        })
}
