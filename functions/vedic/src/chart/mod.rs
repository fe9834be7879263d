//! POST /api/vedic/chart: the sidereal chart of the lagna and the nine
//! grahas with nakshatras, houses, dignities and combustion, and the
//! divisional charts asked for (`shared::astro::vedic`).

pub(crate) mod answer;
mod images;
pub(crate) mod input;

use axum::extract::State;
use axum::http::HeaderMap;
use shared::astro::vedic::vedic_chart;
use shared::http::{ApiJson, ApiResult, AppState, Caller, Document};

use answer::{VedicChartData, present};
use images::chart_images;
use input::VedicChartQuery;
pub use input::VedicChartRequest;

#[tracing::instrument(name = "vedic_chart", skip_all)]
pub async fn calculate_vedic_chart(
    State(app): State<AppState>,
    caller: Caller,
    headers: HeaderMap,
    ApiJson(body): ApiJson<VedicChartRequest>,
) -> ApiResult<Document<VedicChartData>> {
    let query = VedicChartQuery::parse(&body, &app.ephemeris)?;
    let chart = vedic_chart(&app.ephemeris, &query.input).map_err(|e| crate::ephemeris_error(e, "/dateTime"))?;
    let images = chart_images(&app, &headers, &caller, &query.input, query.language)?;
    Ok(present(&query, &chart, images))
}
