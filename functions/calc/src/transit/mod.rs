//! POST /api/calc/transit
//!
//! Request (camelCase, unknown fields refused): `birthDateTime`,
//! `birthLocation`, `startDate`, `endDate` (`YYYY-MM-DD`), optional
//! `transitLocation`, `transitPoints`, plus the common options
//! (`houseSystem`, `language`, `includeText`, `includeReadableEntities`,
//! `points`, `orbs`).
//!
//! * The period runs from `startDate` 00:00 to `endDate` 24:00 local time in
//!   the transit location's time zone (the birth zone when there is none),
//!   both days included, at most [`input::MAX_PERIOD_DAYS`] days. A midnight that a
//!   daylight-saving change skips starts the day at the first valid minute; a
//!   repeated midnight starts the period at the earlier instant and ends it
//!   at the later one, so no hour is lost.
//! * `points`: the natal points aspected. Any point id or angle id
//!   (`ascendant midheaven descendant imum_coeli`); default the natal
//!   chart's default points plus ascendant and midheaven. They are the
//!   natal chart of `POST /api/calc/natal` with default options (topocentric
//!   Moon).
//! * `transitPoints`: the moving points, default the ten planets; also
//!   `mean_node true_node south_node mean_lilith chiron`. Transiting
//!   positions are geocentric. The transit location's coordinates are
//!   validated but only its zone is used.
//! * `orbs`: default 1° for conjunction, opposition, trine, square and
//!   sextile; when given, the natal rules apply (only named aspects with a
//!   positive orb, at most 15°).
//! * Times are ISO 8601 with the UTC offset in force at that moment in the
//!   period's zone, rounded to the second.
//! * The aspects array depends on the compatibility date (see
//!   `shared::version`): before 2026-09-03 one entry per pass
//!   (`{pointA, pointB, aspect, angle, orb, applying, startsAt, exactAt,
//!   endsAt}`); from 2026-09-03 one entry per transiting point, aspect and
//!   natal point with its passes under `occurrences` (`{startsAt, exactAt,
//!   endsAt, orb, applying}`). The answer carries `X-Api-Version` and `Vary`.
//!   Pass semantics (null ends, `orb`, `applying`): `shared::astro::chart::transit`.
//! * `includeText`: every aspect entry gets `text`, the transit text of its
//!   transiting point, aspect and natal point or angle (grouped: once per
//!   entry; per pass: repeated on every pass); the natal points and angles
//!   get their natal texts (`text`, `houseText`), as in the natal chart.

mod answer;
mod input;
mod usecase;

use axum::extract::State;
use axum::http::HeaderMap;
use shared::content::HoroscopeType;
use shared::http::{ApiJson, ApiResult, AppState, Caller, Document, RequestedVersion, Versioned};

use answer::TransitData;
pub use input::TransitRequest;

use answer::{TransitTexts, present};
use input::TransitQuery;
use usecase::read_transits;

use crate::links::{chart_image_link, summary_link};
use crate::texts::Texts;

#[tracing::instrument(name = "transit", skip_all)]
pub async fn calculate_transit(
    State(app): State<AppState>,
    caller: Caller,
    requested: RequestedVersion,
    headers: HeaderMap,
    ApiJson(body): ApiJson<TransitRequest>,
) -> ApiResult<Versioned<Document<TransitData>>> {
    let version = requested.resolve(caller.organization.api_version.as_deref());
    let query = TransitQuery::parse(&body, &app.ephemeris)?;
    let reading = read_transits(&app.ephemeris, &app.sky_tracks, &query)?;
    let texts = TransitTexts {
        transit: Texts::load(&app, &caller, HoroscopeType::Transit, &query.options).await?,
        natal: Texts::load(&app, &caller, HoroscopeType::Natal, &query.options).await?,
    };
    let summary = summary_link(&app, &headers, &caller, HoroscopeType::Transit, reading.summary.clone(), &query.options)?;
    let image = chart_image_link(&app, &headers, &caller, reading.wheel.clone(), &query.options)?;
    let document = present(&query, &reading, &texts, image, summary, &version)?;
    Ok(Versioned(version, document))
}
