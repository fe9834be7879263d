//! POST /api/calc/events: the sky's events over a period of days: sign
//! ingresses, stations, lunar phases, eclipses and void-of-course Moon
//! spans, each at its exact instant (`shared::astro::events`).

mod answer;
mod input;

use axum::extract::State;
use shared::astro::events::find_events;
use shared::http::{ApiJson, ApiResult, AppState, Caller, Document};

use answer::{EventBody, present};
use input::EventsQuery;
pub use input::EventsRequest;

use crate::request::ephemeris_error;

#[tracing::instrument(name = "events", skip_all)]
pub async fn calculate_events(
    State(app): State<AppState>,
    _caller: Caller,
    ApiJson(body): ApiJson<EventsRequest>,
) -> ApiResult<Document<Vec<EventBody>>> {
    let query = EventsQuery::parse(&body, &app.ephemeris)?;
    let found = find_events(&app.ephemeris, &query.input).map_err(|e| ephemeris_error(e, "/startDate"))?;
    present(&app.ephemeris, &query, &found)
}
