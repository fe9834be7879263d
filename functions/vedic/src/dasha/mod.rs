//! POST /api/vedic/dasha: the Vimshottari dasha of a birth
//! (`shared::astro::vedic::dasha`).

mod answer;
mod input;

use axum::extract::State;
use shared::astro::vedic::birth_dasha;
use shared::http::{ApiJson, ApiResult, AppState, Caller, Document};

use answer::{DashaData, present};
use input::VedicDashaQuery;
pub use input::VedicDashaRequest;

#[tracing::instrument(name = "vedic_dasha", skip_all)]
pub async fn calculate_vedic_dasha(
    State(app): State<AppState>,
    _caller: Caller,
    ApiJson(body): ApiJson<VedicDashaRequest>,
) -> ApiResult<Document<DashaData>> {
    let query = VedicDashaQuery::parse(&body, &app.ephemeris)?;
    let (dasha, moon) = birth_dasha(&app.ephemeris, query.birth.julian_day_ut(), query.ayanamsa, query.levels, query.year_days)
        .map_err(|e| crate::ephemeris_error(e, "/dateTime"))?;
    present(&query, &dasha, moon)
}
