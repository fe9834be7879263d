//! POST /api/vedic/dasha: the Vimshottari dasha of a birth
//! (`shared::astro::vedic::dasha`).

mod answer;
mod input;

use axum::extract::State;
use shared::astro::ephemeris::Observer;
use shared::astro::frame::Zodiac;
use shared::astro::vedic::dasha::vimshottari;
use shared::astro::vedic::graha::Graha;
use shared::http::{ApiError, ApiJson, ApiResult, AppState, Caller, Document};

use answer::{DashaData, present};
use input::VedicDashaQuery;
pub use input::VedicDashaRequest;

#[tracing::instrument(name = "vedic_dasha", skip_all)]
pub async fn calculate_vedic_dasha(
    State(app): State<AppState>,
    _caller: Caller,
    ApiJson(body): ApiJson<VedicDashaRequest>,
) -> ApiResult<Document<DashaData>> {
    let query = VedicDashaQuery::parse(&body, &app.ephemeris)?;
    let birth = query.birth.julian_day_ut();
    // The Moon as the chart places it: sidereal, apparent, geocentric.
    let moon = app
        .ephemeris
        .position_in(birth, Graha::Moon.body(false), Observer::Geocentric, Zodiac::Sidereal(query.ayanamsa))
        .map_err(ApiError::internal)?;
    let dasha = vimshottari(birth, moon.longitude, query.levels, query.year_days);
    present(&query, &dasha, moon.longitude)
}
