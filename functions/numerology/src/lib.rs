//! The numerology family: life path and birthday numbers.

mod numbers;

pub use numbers::NumerologyRequest;

use axum::Router;
use axum::http::Method;
use axum::routing::post;
use shared::auth::{KeyPermission, Module};
use shared::http::{AppState, Route, router_from};

/// The route table: what this Lambda serves (and `template.yaml` routes to it).
pub fn routes() -> Vec<Route> {
    vec![
        Route::new(Method::POST, "/api/numerology/life-path", Some(KeyPermission::CalcRead), post(numbers::life_path))
            .in_module(Module::Numerology),
        Route::new(Method::POST, "/api/numerology/birthday", Some(KeyPermission::CalcRead), post(numbers::birthday))
            .in_module(Module::Numerology),
    ]
}

pub fn router(state: &AppState) -> Router<AppState> {
    router_from(routes(), state)
}
