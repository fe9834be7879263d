//! The keys family: API keys of an organization.

mod actor;
mod attributes;
mod create;
mod edit;
mod manage;
mod view;
mod within;

use axum::Router;
use axum::http::Method;
use axum::routing::{delete, get, patch, post};
use shared::http::{AppState, Route, router_from};

/// The route table: what this Lambda serves (and `template.yaml` routes to it).
/// Key management takes a signed-in dashboard user (bearer token) or an API
/// key with `keys:write` (see `actor.rs`), so no route has a key permission
/// of its own here (that would turn bearer tokens away).
pub fn routes() -> Vec<Route> {
    vec![
        Route::new(Method::POST, "/api/api-keys", None, post(create::create_api_key)),
        Route::new(Method::GET, "/api/api-keys", None, get(manage::list_api_keys)),
        Route::new(Method::GET, "/api/api-keys/{id}", None, get(manage::get_api_key)),
        Route::new(Method::PATCH, "/api/api-keys/{id}", None, patch(edit::edit_api_key)),
        Route::new(Method::POST, "/api/api-keys/{id}/rotate", None, post(manage::rotate_api_key)),
        Route::new(Method::DELETE, "/api/api-keys/{id}", None, delete(manage::revoke_api_key)),
    ]
}

pub fn router(state: &AppState) -> Router<AppState> {
    router_from(routes(), state)
}
