//! Casting a harmonic chart: the use case behind `POST /api/calc/harmonic`,
//! free of HTTP.

use shared::astro::Ephemeris;
use shared::astro::chart::NatalChart;
use shared::astro::chart::harmonic::harmonic_chart;
use shared::http::ApiError;
use shared::http::chart_link::{ChartSpec, InputSpec};

use super::input::HarmonicQuery;
use crate::request::ephemeris_error;

pub struct HarmonicReading {
    /// The birth chart (its meta: frame, house system, ephemeris).
    pub natal: NatalChart,
    pub harmonic: NatalChart,
    /// What the answer's image link draws.
    pub spec: ChartSpec,
}

pub fn cast_harmonic(ephemeris: &Ephemeris, query: &HarmonicQuery) -> Result<HarmonicReading, ApiError> {
    let input = query.natal_input();
    let natal = NatalChart::compute(ephemeris, &input).map_err(|e| ephemeris_error(e, "/birthDateTime"))?;
    let harmonic = harmonic_chart(&natal, query.harmonic, &input.orbs);
    Ok(HarmonicReading { natal, harmonic, spec: ChartSpec::Harmonic { i: InputSpec::of(&input), n: query.harmonic } })
}
