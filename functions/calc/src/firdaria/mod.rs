//! POST /api/calc/firdaria: the Persian periods of life.

mod answer;
mod input;

use axum::extract::State;
use shared::astro::time_lords::firdaria::{firdaria, sect_at};
use shared::http::{ApiJson, ApiResult, AppState, Document};

use answer::{FirdariaData, present};
use input::FirdariaQuery;
pub use input::FirdariaRequest;

use crate::request::ephemeris_error;

#[tracing::instrument(name = "firdaria", skip_all)]
pub async fn calculate_firdaria(State(app): State<AppState>, ApiJson(body): ApiJson<FirdariaRequest>) -> ApiResult<Document<FirdariaData>> {
    let query = FirdariaQuery::parse(&body, &app.ephemeris)?;
    let birth = query.birth.julian_day_ut();
    let sect =
        sect_at(&app.ephemeris, birth, query.place.latitude, query.place.longitude).map_err(|e| ephemeris_error(e, "/birthDateTime"))?;
    Ok(present(&query, &firdaria(birth, sect)))
}
