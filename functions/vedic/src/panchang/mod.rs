//! POST /api/vedic/panchang: the five limbs of a Hindu day at local
//! sunrise with their ends, the Sun's and the Moon's risings and settings,
//! and Rahu kalam, Yamaganda and Gulika kalam
//! (`shared::astro::vedic::panchang`).

mod answer;
mod input;

use axum::extract::State;
use shared::astro::sky::Absence;
use shared::astro::vedic::panchang::{PanchangError, panchang};
use shared::http::{ApiError, ApiJson, ApiResult, AppState, Caller, Document};

use answer::{PanchangData, present};
use input::PanchangQuery;
pub use input::VedicPanchangRequest;

#[tracing::instrument(name = "vedic_panchang", skip_all)]
pub async fn calculate_panchang(
    State(app): State<AppState>,
    _caller: Caller,
    ApiJson(body): ApiJson<VedicPanchangRequest>,
) -> ApiResult<Document<PanchangData>> {
    let query = PanchangQuery::parse(&body)?;
    let day = panchang(&app.ephemeris, &query.input).map_err(|error| match error {
        PanchangError::Ephemeris(other) => crate::ephemeris_error(other, "/date"),
        PanchangError::NoSunrise(absence) => ApiError::invalid_field("/date", no_sunrise(absence)),
        refused @ (PanchangError::DateNotInZone | PanchangError::OutOfRange) => ApiError::invalid_field("/date", refused.to_string()),
    })?;
    present(&query, &day)
}

/// Why a panchang cannot be read: its day begins at a sunrise.
fn no_sunrise(absence: Absence) -> &'static str {
    match absence {
        Absence::AlwaysAbove => {
            "the Sun does not rise at this place on this date (it stays above the horizon: polar day); a panchang begins at sunrise"
        }
        Absence::AlwaysBelow => "the Sun does not rise at this place on this date (polar night); a panchang begins at sunrise",
        Absence::NotThisDay { .. } => "the Sun does not rise at this place on this local date (it only sets); a panchang begins at sunrise",
    }
}
