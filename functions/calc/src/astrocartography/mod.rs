//! POST /api/calc/astrocartography: where on Earth each body stood on an
//! angle at the birth moment, as GeoJSON lines
//! (`shared::astro::astrocartography`).

mod answer;
mod input;

use axum::extract::State;
use axum::http::HeaderMap;
use shared::astro::astrocartography::astrocartography;
use shared::astro::astrocartography::local_space::local_space;
use shared::astro::astrocartography::near::measure;
use shared::http::chart_link::{ChartSpec, MapSpec};
use shared::http::{ApiJson, ApiResult, AppState, Caller, Document};

use answer::{AstrocartographyData, present};
use input::AstrocartographyQuery;
pub use input::AstrocartographyRequest;

use crate::links::plain_image_link;
use crate::request::ephemeris_error;

#[tracing::instrument(name = "astrocartography", skip_all)]
pub async fn calculate_astrocartography(
    State(app): State<AppState>,
    caller: Caller,
    headers: HeaderMap,
    ApiJson(body): ApiJson<AstrocartographyRequest>,
) -> ApiResult<Document<AstrocartographyData>> {
    let query = AstrocartographyQuery::parse(&body, &app.ephemeris)?;
    let map = astrocartography(&app.ephemeris, &query.input).map_err(|e| ephemeris_error(e, "/dateTime"))?;
    let lines = measure(&map, query.near.as_ref().map(|near| near.measure), query.cities);
    let birth_place = [query.place.longitude, query.place.latitude];
    let local_space = query.local_space.then(|| local_space(&map, birth_place));
    let spec = MapSpec::of(&query.input, query.place.latitude, query.place.longitude, query.local_space);
    let image = plain_image_link(&app, &headers, &caller, ChartSpec::Map { i: spec }, query.language)?;
    Ok(present(&query, &map, &lines, local_space.as_deref(), image))
}
