//! POST /api/calc/events: the sky's events over a period of days: sign
//! ingresses, stations, lunar phases, eclipses and void-of-course Moon
//! spans, each at its exact instant (`shared::astro::events`).

mod answer;
mod input;

use axum::extract::State;
use shared::astro::events::find_events_on;
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
    let sky = query.input.sky(&app.ephemeris).map_err(|e| ephemeris_error(e, "/startDate"))?;
    let tracks =
        app.sky_tracks.sample_all(&app.ephemeris, &sky.bodies, sky.start, sky.end).map_err(|e| ephemeris_error(e, "/startDate"))?;
    let found = find_events_on(&app.ephemeris, &query.input, &tracks).map_err(|e| ephemeris_error(e, "/startDate"))?;
    present(&app.ephemeris, &query, &found)
}
