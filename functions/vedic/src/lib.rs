//! The Vedic family (Jyotish): the sidereal chart with nakshatras and the
//! divisional charts, and the Vimshottari dasha (`shared::astro::vedic`).

mod chart;
mod dasha;
mod matching;
mod panchang;

pub use chart::VedicChartRequest;
pub use dasha::VedicDashaRequest;
pub use matching::VedicMatchRequest;
pub use panchang::VedicPanchangRequest;

use axum::Router;
use axum::http::Method;
use axum::routing::post;
use shared::auth::{KeyPermission, Module};
use shared::http::{AppState, Route, router_from};

/// The route table: what this Lambda serves (and `template.yaml` routes to it).
pub fn routes() -> Vec<Route> {
    vec![
        Route::new(Method::POST, "/api/vedic/chart", Some(KeyPermission::CalcRead), post(chart::calculate_vedic_chart))
            .in_module(Module::Vedic),
        Route::new(Method::POST, "/api/vedic/dasha", Some(KeyPermission::CalcRead), post(dasha::calculate_vedic_dasha))
            .in_module(Module::Vedic),
        Route::new(Method::POST, "/api/vedic/match", Some(KeyPermission::CalcRead), post(matching::calculate_match))
            .in_module(Module::Vedic),
        Route::new(Method::POST, "/api/vedic/panchang", Some(KeyPermission::CalcRead), post(panchang::calculate_panchang))
            .in_module(Module::Vedic),
    ]
}

/// The ephemeris' refusal of a date points at the field that gave it; any
/// other failure is the service's.
fn ephemeris_error(error: shared::astro::EphemerisError, pointer: &str) -> shared::http::ApiError {
    match error {
        shared::astro::EphemerisError::OutOfRange => shared::http::ApiError::invalid_field(pointer, error.to_string()),
        other => shared::http::ApiError::internal(other),
    }
}

/// An instant as the answers give it: ISO 8601 to the second, with the
/// offset in force at the place at that moment.
pub(crate) fn local_instant(
    zone: &shared::astro::time::TimeZoneSpec,
    jd: shared::astro::time::JulianDay,
) -> Result<String, shared::http::ApiError> {
    use chrono::Offset;
    let out_of_range = || shared::http::ApiError::internal("an instant outside the representable range");
    let utc = jd.to_utc().ok_or_else(out_of_range)?;
    let seconds = (utc.timestamp_millis() as f64 / 1000.0).round() as i64;
    let utc = chrono::DateTime::from_timestamp(seconds, 0).ok_or_else(out_of_range)?;
    Ok(shared::astro::time::format_local(utc.with_timezone(&zone.offset_at(utc).fix())))
}

pub fn router(state: &AppState) -> Router<AppState> {
    router_from(routes(), state)
}
