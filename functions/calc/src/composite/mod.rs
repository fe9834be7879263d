//! POST /api/calc/composite: the relationship chart of two births, by
//! midpoints (`method: midpoint`, the default) or as the Davison chart of
//! the mean instant and place (`method: davison`). See
//! `shared::astro::chart::composite` for both methods.

mod answer;
mod input;
mod usecase;

use axum::extract::State;
use axum::http::HeaderMap;
use shared::content::HoroscopeType;
use shared::http::{ApiJson, ApiResult, AppState, Caller, Document};

use answer::{CompositeData, present};
use input::CompositeQuery;
pub use input::CompositeRequest;
use usecase::cast_composite;

use crate::links::chart_image_link;
use crate::texts::Texts;

#[tracing::instrument(name = "composite", skip_all)]
pub async fn calculate_composite(
    State(app): State<AppState>,
    caller: Caller,
    headers: HeaderMap,
    ApiJson(body): ApiJson<CompositeRequest>,
) -> ApiResult<Document<CompositeData>> {
    let query = CompositeQuery::parse(&body, &app.ephemeris)?;
    let reading = cast_composite(&app.ephemeris, &query)?;
    let texts = Texts::load(&app, &caller, HoroscopeType::Natal, &query.options).await?;
    let chart_link = chart_image_link(&app, &headers, &caller, reading.spec.clone(), &query.options)?;
    present(&query, &reading, texts.as_ref(), chart_link)
}
