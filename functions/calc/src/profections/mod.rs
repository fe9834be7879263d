//! POST /api/calc/profections: the annual and monthly profections on a day.

mod answer;
mod input;

use axum::extract::State;
use shared::astro::time_lords::profection::{ascendant_sign, profect};
use shared::http::{ApiError, ApiJson, ApiResult, AppState, Document};

use answer::{ProfectionsData, present};
use input::ProfectionsQuery;
pub use input::ProfectionsRequest;

use crate::request::ephemeris_error;

#[tracing::instrument(name = "profections", skip_all)]
pub async fn calculate_profections(
    State(app): State<AppState>,
    ApiJson(body): ApiJson<ProfectionsRequest>,
) -> ApiResult<Document<ProfectionsData>> {
    let query = ProfectionsQuery::parse(&body, &app.ephemeris)?;
    let place = &query.place;
    let ascendant = ascendant_sign(&app.ephemeris, query.birth.julian_day_ut(), place.latitude, place.longitude)
        .map_err(|e| ephemeris_error(e, "/birthDateTime"))?;
    let profection =
        profect(query.birth_date, ascendant, query.date).ok_or_else(|| ApiError::invalid_field("/date", "outside the calendar's range"))?;
    Ok(present(&query, ascendant, &profection))
}
