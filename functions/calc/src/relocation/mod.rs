//! POST /api/calc/relocation: the birth chart cast for another place: the
//! new houses and angles, each planet's house there, and the planets that
//! came onto an angle (`shared::astro::chart::relocation`).

mod answer;
mod input;

use axum::extract::State;
use axum::http::HeaderMap;
use shared::astro::chart::relocation::relocate;
use shared::content::HoroscopeType;
use shared::http::chart_link::{ChartSpec, InputSpec};
use shared::http::{ApiJson, ApiResult, AppState, Caller, Document};

use answer::{RelocationData, present};
use input::RelocationQuery;
pub use input::RelocationRequest;

use crate::links::chart_image_link;
use crate::request::ephemeris_error;
use crate::texts::Texts;

#[tracing::instrument(name = "relocation", skip_all)]
pub async fn calculate_relocation(
    State(app): State<AppState>,
    caller: Caller,
    headers: HeaderMap,
    ApiJson(body): ApiJson<RelocationRequest>,
) -> ApiResult<Document<RelocationData>> {
    let query = RelocationQuery::parse(&body, &app.ephemeris)?;
    let natal = query.natal_input();
    let relocation = relocate(&app.ephemeris, &natal, query.relocated_to.latitude, query.relocated_to.longitude, query.angular_orb)
        .map_err(|e| ephemeris_error(e, "/birthDateTime"))?;
    let texts = Texts::load(&app, &caller, HoroscopeType::Natal, &query.options).await?;
    let relocated_input = query.relocated_input();
    let link = chart_image_link(&app, &headers, &caller, ChartSpec::Natal { i: InputSpec::of(&relocated_input) }, &query.options)?;
    Ok(present(&query, &relocation, texts.as_ref(), link))
}
