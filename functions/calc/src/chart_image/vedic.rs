//! The Vedic chart behind an image link: the chart cast anew, the varga's
//! signs read, and the North or South Indian diagram drawn
//! (`shared::render::render_vedic_svg`).

use shared::astro::Ephemeris;
use shared::astro::ephemeris::ayanamsa_name;
use shared::astro::vedic::{Varga, vedic_chart};
use shared::http::ApiError;
use shared::http::chart_link::VedicSpec;
use shared::language::Language;
use shared::render::{VedicDiagram, VedicLayout, VedicMark};

use super::wheel::{moment, place};
use crate::request::ephemeris_error;

/// Changes whenever the diagrams change: part of the ETag.
pub const RENDERER_VERSION: &str = "vedic-1";

pub fn diagram(ephemeris: &Ephemeris, spec: &VedicSpec, language: Language) -> Result<VedicDiagram, ApiError> {
    let (input, varga, layout) = spec.input()?;
    let chart = vedic_chart(ephemeris, &input).map_err(|e| ephemeris_error(e, "/token"))?;
    let signs = chart.vargas.first().ok_or_else(|| ApiError::internal("a Vedic chart without its varga"))?;
    // Degrees mean something in the rashi chart only.
    let rashi = varga == Varga::D1;
    let grahas = chart
        .grahas
        .iter()
        .zip(&signs.grahas)
        .map(|(placed, (_, sign))| VedicMark {
            graha: placed.graha,
            sign: *sign,
            degrees: rashi.then_some(placed.place.degrees_in_sign),
            retrograde: placed.retrograde,
        })
        .collect();
    let es = language == Language::Es;
    let style = match (layout, es) {
        (VedicLayout::North, false) => "North Indian",
        (VedicLayout::North, true) => "Norte de la India",
        (VedicLayout::South, false) => "South Indian",
        (VedicLayout::South, true) => "Sur de la India",
    };
    Ok(VedicDiagram {
        layout,
        title: format!("{} ({})", varga.name(), varga.id()),
        subtitle: vec![
            moment(spec.jd, language),
            place(spec.la, spec.lo, language),
            format!("{} · {style}", ayanamsa_name(input.ayanamsa)),
        ],
        lagna: signs.lagna,
        lagna_degrees: rashi.then_some(chart.lagna.degrees_in_sign),
        grahas,
    })
}
