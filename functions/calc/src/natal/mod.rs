//! POST /api/calc/natal: the birth chart of a moment and place.

mod answer;
mod input;
mod usecase;

use axum::extract::State;
use axum::http::HeaderMap;
use shared::content::HoroscopeType;
use shared::http::{ApiJson, ApiResult, AppState, Caller, Document};

use answer::{NatalData, present};
use input::NatalQuery;
pub use input::NatalRequest;
use usecase::cast_natal;

use crate::links::{chart_image_link, summary_link};
use crate::texts::Texts;

#[tracing::instrument(name = "natal", skip_all)]
pub async fn calculate_natal(
    State(app): State<AppState>,
    caller: Caller,
    headers: HeaderMap,
    ApiJson(body): ApiJson<NatalRequest>,
) -> ApiResult<Document<NatalData>> {
    let query = NatalQuery::parse(&body, &app.ephemeris)?;
    let reading = cast_natal(&app.ephemeris, &query)?;
    let texts = Texts::load(&app, &caller, HoroscopeType::Natal, &query.options).await?;
    let summary = summary_link(&app, &headers, &caller, HoroscopeType::Natal, reading.spec.clone(), &query.options)?;
    let chart_link = chart_image_link(&app, &headers, &caller, reading.spec.clone(), &query.options)?;
    Ok(present(&query, reading, texts.as_ref(), chart_link, summary))
}
