//! GET /api/places?query=…: city names as the user types them, for a birth
//! place field's autocomplete (`shared::http::places`).

use axum::extract::RawQuery;
use shared::http::places::{self, PlaceResource};
use shared::http::{ApiResult, Caller, Document};

pub use places::PlaceSearch;

#[tracing::instrument(name = "places", skip_all)]
pub async fn search_places(_caller: Caller, RawQuery(raw): RawQuery) -> ApiResult<Document<Vec<PlaceResource>>> {
    places::look_up(raw.as_deref())
}
