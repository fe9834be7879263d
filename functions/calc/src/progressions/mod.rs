//! POST /api/calc/progressions: secondary progressions, day for a year.

mod answer;
mod input;
mod usecase;

use axum::extract::State;
use axum::http::HeaderMap;
use shared::content::HoroscopeType;
use shared::http::{ApiJson, ApiResult, AppState, Caller, Document};

use answer::{ProgressionsData, ProgressionsImages, ProgressionsTexts, present};
use input::ProgressionsQuery;
pub use input::ProgressionsRequest;
use usecase::progress_chart;

use crate::links::{chart_image_link, summary_link};
use crate::texts::Texts;

#[tracing::instrument(name = "progressions", skip_all)]
pub async fn calculate_progressions(
    State(app): State<AppState>,
    caller: Caller,
    headers: HeaderMap,
    ApiJson(body): ApiJson<ProgressionsRequest>,
) -> ApiResult<Document<ProgressionsData>> {
    let query = ProgressionsQuery::parse(&body, &app.ephemeris)?;
    let reading = progress_chart(&app.ephemeris, &query)?;
    let options = &query.options;
    let texts = ProgressionsTexts {
        progressed: Texts::load(&app, &caller, HoroscopeType::Progressions, options).await?,
        natal: Texts::load(&app, &caller, HoroscopeType::Natal, options).await?,
    };
    let summary = summary_link(&app, &headers, &caller, HoroscopeType::Progressions, reading.progressed_spec.clone(), options)?;
    let images = ProgressionsImages {
        progressed: chart_image_link(&app, &headers, &caller, reading.progressed_spec.clone(), options)?,
        natal: chart_image_link(&app, &headers, &caller, reading.natal_spec.clone(), options)?,
    };
    Ok(present(&query, &reading, &texts, images, summary))
}
