//! The Vedic family (Jyotish): the sidereal chart with nakshatras and the
//! divisional charts, and the Vimshottari dasha (`shared::astro::vedic`).

mod chart;
mod dasha;

pub use chart::VedicChartRequest;
pub use dasha::VedicDashaRequest;

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
    ]
}

/// The ephemeris' refusal of a birth's date points at `/dateTime`; any
/// other failure is the service's.
fn ephemeris_error(error: shared::astro::EphemerisError) -> shared::http::ApiError {
    match error {
        shared::astro::EphemerisError::OutOfRange => shared::http::ApiError::invalid_field("/dateTime", error.to_string()),
        other => shared::http::ApiError::internal(other),
    }
}

pub fn router(state: &AppState) -> Router<AppState> {
    router_from(routes(), state)
}
