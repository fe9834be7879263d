//! POST /api/calc/primary-directions: the promissors carried by the turning
//! sky to the significators' places, with the ages and dates they fall on.

mod answer;
mod input;

use axum::extract::State;
use shared::astro::primary_directions::{BirthSky, primary_directions};
use shared::http::{ApiJson, ApiResult, AppState, Document};

use answer::{PrimaryDirectionsData, present};
use input::PrimaryDirectionsQuery;
pub use input::PrimaryDirectionsRequest;

use crate::request::ephemeris_error;

#[tracing::instrument(name = "primary_directions", skip_all)]
pub async fn calculate_primary_directions(
    State(app): State<AppState>,
    ApiJson(body): ApiJson<PrimaryDirectionsRequest>,
) -> ApiResult<Document<PrimaryDirectionsData>> {
    let query = PrimaryDirectionsQuery::parse(&body, &app.ephemeris)?;
    let birth = query.birth.julian_day_ut();
    let sky = BirthSky::at(&app.ephemeris, birth, query.place.latitude, query.place.longitude)
        .map_err(|e| ephemeris_error(e, "/birthDateTime"))?;
    Ok(present(&query, &sky, &primary_directions(&sky, birth, &query.request)))
}
