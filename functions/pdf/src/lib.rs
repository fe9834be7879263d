//! The pdf family: PDF reports (/api/pdf-reports/*).

pub mod document;
pub mod report;

use axum::Router;
use shared::http::{AppState, Route, router_from};

/// The route table: what this Lambda serves (and `template.yaml` routes to it).
pub fn routes() -> Vec<Route> {
    Vec::new()
}

pub fn router(state: &AppState) -> Router<AppState> {
    router_from(routes(), state)
}
