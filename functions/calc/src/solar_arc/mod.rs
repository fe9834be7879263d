//! POST /api/calc/solar-arc: solar arc directions to a moment.

mod answer;
mod input;

use axum::extract::State;
use shared::astro::chart::solar_arc::solar_arc_directions;
use shared::content::HoroscopeType;
use shared::http::{ApiJson, ApiResult, AppState, Caller, Document};

use answer::{SolarArcData, present};
use input::SolarArcQuery;
pub use input::SolarArcRequest;

use crate::request::ephemeris_error;
use crate::texts::Texts;

#[tracing::instrument(name = "solar_arc", skip_all)]
pub async fn calculate_solar_arc(
    State(app): State<AppState>,
    caller: Caller,
    ApiJson(body): ApiJson<SolarArcRequest>,
) -> ApiResult<Document<SolarArcData>> {
    let query = SolarArcQuery::parse(&body, &app.ephemeris)?;
    let directions = solar_arc_directions(&app.ephemeris, &query.natal_input(), query.target.julian_day_ut(), query.method, &query.orbs)
        .map_err(|e| ephemeris_error(e, "/targetDate"))?;
    let natal_texts = Texts::load(&app, &caller, HoroscopeType::Natal, &query.options).await?;
    Ok(present(&query, &directions, natal_texts.as_ref()))
}
