//! POST /api/calc/moon-sun
//!
//! Request: `{"dateTime", "location": {"latitude", "longitude", "timezone"}}`,
//! parsed and refused exactly like the natal chart's (unknown fields are a
//! 422). Answer:
//!
//! ```json
//! {"data": {"date": "2024-06-21", "dateTime": "2024-06-21T12:00:00+02:00", "utcDateTime": "...Z",
//!   "moon": {"phaseName", "phase", "illumination", "age", "distance", "diameterDegrees", "rise", "set"},
//!   "sun": {"rise", "set", "transit", "distance", "diameterDegrees",
//!           "twilight": {"civil": {"begin", "end"}, "nautical": {...}, "astronomical": {...}}}},
//!  "meta": {"ephemeris", "timezone", "dayStart", "dayEnd", "warnings", "nullReasons"}}
//! ```
//!
//! * `date` is the local calendar day of `dateTime` at the place; rise, set,
//!   transit and twilight are the first such event from local 00:00 to the
//!   next local 00:00 (23 or 25 hours on daylight-saving days).
//! * Event times are ISO 8601 with the UTC offset in force at that moment
//!   (so a day that changes its clocks shows both offsets). No separate UTC
//!   fields: the offset makes every time an exact instant.
//! * An event that does not happen that day is `null`, and
//!   `meta.nullReasons["sun.rise"]` (keys `sun.rise`, `sun.set`,
//!   `sun.transit`, `sun.twilight.civil.begin`, ..., `moon.rise`, `moon.set`)
//!   says why: polar day, polar night, or that it happens on another day
//!   (with its next time).
//! * `phase` (degrees, Moon − Sun ecliptic longitude in [0, 360)),
//!   `illumination` (fraction 0–1), `age` (days since the last new moon),
//!   `distance` (km) and `diameterDegrees` are at `dateTime`, geocentric.
//!   The conventions in full are in `shared::astro::sky`.

mod answer;
mod input;

use axum::extract::State;
use shared::astro::sky::sky_day;
use shared::http::{ApiJson, ApiResult, AppState, Caller, Document};

use answer::{MoonSunData, present};
use input::MoonSunQuery;
pub use input::MoonSunRequest;

use crate::request::ephemeris_error;

#[tracing::instrument(name = "moon_sun", skip_all)]
pub async fn moon_and_sun(
    State(app): State<AppState>,
    _caller: Caller,
    ApiJson(body): ApiJson<MoonSunRequest>,
) -> ApiResult<Document<MoonSunData>> {
    let query = MoonSunQuery::parse(&body, &app.ephemeris)?;
    let sky = sky_day(&app.ephemeris, query.geo_place(), query.window, query.instant.julian_day_ut())
        .map_err(|e| ephemeris_error(e, "/dateTime"))?;
    Ok(present(&query, &sky))
}
