//! POST /api/calc/astrocartography: where on Earth each body stood on an
//! angle at the birth moment, as GeoJSON lines
//! (`shared::astro::astrocartography`).

mod answer;
mod input;

use axum::extract::State;
use shared::astro::astrocartography::astrocartography;
use shared::http::{ApiJson, ApiResult, AppState, Caller, Document};

use answer::{AstrocartographyData, present};
use input::AstrocartographyQuery;
pub use input::AstrocartographyRequest;

use crate::request::ephemeris_error;

#[tracing::instrument(name = "astrocartography", skip_all)]
pub async fn calculate_astrocartography(
    State(app): State<AppState>,
    _caller: Caller,
    ApiJson(body): ApiJson<AstrocartographyRequest>,
) -> ApiResult<Document<AstrocartographyData>> {
    let query = AstrocartographyQuery::parse(&body, &app.ephemeris)?;
    let map = astrocartography(&app.ephemeris, &query.input).map_err(|e| ephemeris_error(e, "/dateTime"))?;
    Ok(present(&query, &map))
}
