//! The pdf family: PDF reports (/api/pdf-reports/*).
//!
//! Its endpoints are not built yet: the route table is empty, so every path
//! of this family answers 404 rather than anything made up.

use axum::Router;
use shared::http::{AppState, Route, router_from};

/// The route table: what this Lambda serves (and `template.yaml` routes to it).
pub fn routes() -> Vec<Route> {
    Vec::new()
}

pub fn router(state: &AppState) -> Router<AppState> {
    router_from(routes(), state)
}
