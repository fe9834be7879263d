//! POST /api/vedic/match: Ashtakoota (guna milan) of two births, the groom
//! (`person1`) and the bride (`person2`), with each one's Manglik dosha
//! (`shared::astro::vedic::ashtakoota`).

mod answer;
mod input;

use axum::extract::State;
use shared::astro::vedic::ashtakoota::kundli_match;
use shared::astro::vedic::vedic_chart;
use shared::http::{ApiJson, ApiResult, AppState, Caller, Document};

use answer::{MatchData, present};
use input::MatchQuery;
pub use input::VedicMatchRequest;

#[tracing::instrument(name = "vedic_match", skip_all)]
pub async fn calculate_match(
    State(app): State<AppState>,
    _caller: Caller,
    ApiJson(body): ApiJson<VedicMatchRequest>,
) -> ApiResult<Document<MatchData>> {
    let query = MatchQuery::parse(&body, &app.ephemeris)?;
    let groom = vedic_chart(&app.ephemeris, &query.groom.input).map_err(|e| crate::ephemeris_error(e, "/person1/dateTime"))?;
    let bride = vedic_chart(&app.ephemeris, &query.bride.input).map_err(|e| crate::ephemeris_error(e, "/person2/dateTime"))?;
    Ok(present(&query, &groom, &bride, &kundli_match(&groom, &bride)))
}
