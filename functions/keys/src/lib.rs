//! The keys family: API keys of an organization.

mod create;

use axum::Router;
use axum::http::Method;
use axum::routing::post;
use shared::http::{AppState, Route, router_from};

/// The route table: what this Lambda serves (and `template.yaml` routes to it).
/// Key management is for signed-in dashboard users (bearer token), not keys.
pub fn routes() -> Vec<Route> {
    vec![Route::new(Method::POST, "/api/api-keys", None, post(create::create_api_key))]
}

pub fn router(state: &AppState) -> Router<AppState> {
    router_from(routes(), state)
}
