//! POST /api/calc/solar-return and POST /api/calc/lunar-return.
//!
//! The return instant is found by Newton's method on the geocentric,
//! apparent longitude (the Moon's return uses the geocentric natal Moon, as
//! return charts conventionally do); the chart is drawn for that instant at
//! the birth place, or at `returnLocation` when given (a relocated return).
//! The return charts use the geocentric Moon, so that a lunar return's Moon
//! sits exactly on the natal degree the return is defined by.

mod answer;
mod input;
mod usecase;

use axum::extract::State;
use axum::http::HeaderMap;
use shared::content::HoroscopeType;
use shared::http::{ApiError, ApiJson, ApiResult, AppState, Caller, Document};

use answer::{ReturnChart, ReturnImages, SolarReturnData, present_lunar, present_solar};
use input::ReturnQuery;
pub use input::{LunarReturnRequest, SolarReturnRequest};
use usecase::{ReturnReading, find_return};

use crate::links::{chart_image_link, summary_link};
use crate::summary::link::SummaryLink;
use crate::texts::Texts;

#[tracing::instrument(name = "solar_return", skip_all)]
pub async fn calculate_solar_return(
    State(app): State<AppState>,
    caller: Caller,
    headers: HeaderMap,
    ApiJson(body): ApiJson<SolarReturnRequest>,
) -> ApiResult<Document<SolarReturnData>> {
    let query = ReturnQuery::solar(&body, &app.ephemeris)?;
    let reading = find_return(&app.ephemeris, &query)?;
    let texts = Texts::load(&app, &caller, HoroscopeType::SolarReturn, &query.options).await?;
    let (images, summary) = links(&app, (&headers, &caller), HoroscopeType::SolarReturn, &query, &reading)?;
    present_solar(&query, &reading, texts.as_ref(), images, summary)
}

#[tracing::instrument(name = "lunar_return", skip_all)]
pub async fn calculate_lunar_return(
    State(app): State<AppState>,
    caller: Caller,
    headers: HeaderMap,
    ApiJson(body): ApiJson<LunarReturnRequest>,
) -> ApiResult<Document<ReturnChart>> {
    let query = ReturnQuery::lunar(&body, &app.ephemeris)?;
    let reading = find_return(&app.ephemeris, &query)?;
    let texts = Texts::load(&app, &caller, HoroscopeType::LunarReturn, &query.options).await?;
    let (images, summary) = links(&app, (&headers, &caller), HoroscopeType::LunarReturn, &query, &reading)?;
    present_lunar(&query, &reading, texts.as_ref(), images, summary)
}

/// The return's summary link and image links (the bi-wheel and the natal chart).
fn links(
    app: &AppState,
    (headers, caller): (&HeaderMap, &Caller),
    horoscope: HoroscopeType,
    query: &ReturnQuery,
    reading: &ReturnReading,
) -> Result<(ReturnImages, SummaryLink), ApiError> {
    let options = &query.options;
    let summary = summary_link(app, headers, caller, horoscope, reading.return_spec.clone(), options)?;
    let images = ReturnImages {
        returned: chart_image_link(app, headers, caller, reading.return_spec.clone(), options)?,
        natal: chart_image_link(app, headers, caller, reading.natal_spec.clone(), options)?,
    };
    Ok((images, summary))
}
