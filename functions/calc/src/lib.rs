//! The calc family: chart calculations.

mod natal;
mod wire;

use axum::Router;
use axum::http::Method;
use axum::routing::post;
use shared::auth::KeyPermission;
use shared::http::{AppState, Route, router_from};

/// The route table: what this Lambda serves (and `template.yaml` routes to it).
pub fn routes() -> Vec<Route> {
    vec![Route::new(Method::POST, "/api/calc/natal", Some(KeyPermission::CalcRead), post(natal::calculate_natal))]
}

pub fn router(state: &AppState) -> Router<AppState> {
    router_from(routes(), state)
}
