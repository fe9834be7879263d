//! POST /api/calc/synastry: two birth charts and the aspects between them.
//!
//! `aspects1to2` lists person 1's points as `pointA` and person 2's as
//! `pointB`, and `applying` follows person 1's motion against person 2's
//! chart held still (as if 1's planets transited 2's chart); `aspects2to1` is
//! the mirror. The same orbs apply to both. Swapping the two people swaps the
//! two arrays exactly.

mod answer;
mod input;
mod usecase;

pub use usecase::{Synastry, compute_synastry};

use axum::extract::State;
use axum::http::HeaderMap;
use shared::content::HoroscopeType;
use shared::http::{ApiJson, ApiResult, AppState, Caller, Document};

use answer::{SynastryData, SynastryTexts, present};
use input::SynastryQuery;
pub use input::SynastryRequest;
use usecase::pair_spec;

use crate::links::{chart_image_link, summary_link};
use crate::texts::Texts;

#[tracing::instrument(name = "synastry", skip_all)]
pub async fn calculate_synastry(
    State(app): State<AppState>,
    caller: Caller,
    headers: HeaderMap,
    ApiJson(body): ApiJson<SynastryRequest>,
) -> ApiResult<Document<SynastryData>> {
    let query = SynastryQuery::parse(&body, &app.ephemeris)?;
    let (person1, person2, options) = (&query.person1, &query.person2, &query.options);
    let synastry = compute_synastry(&app.ephemeris, person1, person2, options)?;
    let texts = SynastryTexts {
        synastry: Texts::load(&app, &caller, HoroscopeType::Synastry, options).await?,
        natal: Texts::load(&app, &caller, HoroscopeType::Natal, options).await?,
    };
    let (first, second) = (pair_spec(person1, person2, options), pair_spec(person2, person1, options));
    let summary = summary_link(&app, &headers, &caller, HoroscopeType::Synastry, first.clone(), options)?;
    let images = (chart_image_link(&app, &headers, &caller, first, options)?, chart_image_link(&app, &headers, &caller, second, options)?);
    Ok(present(&query, &synastry, &texts, images, summary))
}
