//! POST /api/calc/harmonic: the harmonic chart of a birth.

mod answer;
mod input;

use axum::extract::State;
use axum::http::HeaderMap;
use shared::astro::chart::NatalChart;
use shared::astro::chart::harmonic::harmonic_chart;
use shared::http::chart_link::{ChartSpec, InputSpec};
use shared::http::{ApiJson, ApiResult, AppState, Caller, Document};

use answer::{HarmonicData, present};
use input::HarmonicQuery;
pub use input::HarmonicRequest;

use crate::links::chart_image_link;
use crate::request::ephemeris_error;

#[tracing::instrument(name = "harmonic", skip_all)]
pub async fn calculate_harmonic(
    State(app): State<AppState>,
    caller: Caller,
    headers: HeaderMap,
    ApiJson(body): ApiJson<HarmonicRequest>,
) -> ApiResult<Document<HarmonicData>> {
    let query = HarmonicQuery::parse(&body, &app.ephemeris)?;
    let input = query.natal_input();
    let natal = NatalChart::compute(&app.ephemeris, &input).map_err(|e| ephemeris_error(e, "/birthDateTime"))?;
    let chart = harmonic_chart(&natal, query.harmonic, &input.orbs);
    let spec = ChartSpec::Harmonic { i: InputSpec::of(&input), n: query.harmonic };
    let link = chart_image_link(&app, &headers, &caller, spec, &query.options)?;
    Ok(present(&query, &natal, &chart, link))
}
