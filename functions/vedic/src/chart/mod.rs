//! POST /api/vedic/chart: the sidereal chart of the lagna and the nine
//! grahas with nakshatras, houses, dignities and combustion, and the
//! divisional charts asked for (`shared::astro::vedic`).

pub(crate) mod answer;
pub(crate) mod input;

use axum::extract::State;
use shared::astro::vedic::vedic_chart;
use shared::http::{ApiJson, ApiResult, AppState, Caller, Document};

use answer::{VedicChartData, present};
use input::VedicChartQuery;
pub use input::VedicChartRequest;

#[tracing::instrument(name = "vedic_chart", skip_all)]
pub async fn calculate_vedic_chart(
    State(app): State<AppState>,
    _caller: Caller,
    ApiJson(body): ApiJson<VedicChartRequest>,
) -> ApiResult<Document<VedicChartData>> {
    let query = VedicChartQuery::parse(&body, &app.ephemeris)?;
    let chart = vedic_chart(&app.ephemeris, &query.input).map_err(|e| crate::ephemeris_error(e, "/dateTime"))?;
    Ok(present(&query, &chart))
}
