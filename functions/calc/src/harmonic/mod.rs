//! POST /api/calc/harmonic: the harmonic chart of a birth.

mod answer;
mod input;
mod usecase;

use axum::extract::State;
use axum::http::HeaderMap;
use shared::http::{ApiJson, ApiResult, AppState, Caller, Document};

use answer::{HarmonicData, present};
use input::HarmonicQuery;
pub use input::HarmonicRequest;
use usecase::cast_harmonic;

use crate::links::chart_image_link;

#[tracing::instrument(name = "harmonic", skip_all)]
pub async fn calculate_harmonic(
    State(app): State<AppState>,
    caller: Caller,
    headers: HeaderMap,
    ApiJson(body): ApiJson<HarmonicRequest>,
) -> ApiResult<Document<HarmonicData>> {
    let query = HarmonicQuery::parse(&body, &app.ephemeris)?;
    let reading = cast_harmonic(&app.ephemeris, &query)?;
    let link = chart_image_link(&app, &headers, &caller, reading.spec.clone(), &query.options)?;
    Ok(present(&query, &reading, link))
}
