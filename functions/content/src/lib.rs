//! The content family: interpretation texts (/api/content/*) read with a
//! key, and an organization's own texts managed from the dashboard
//! (/api/org/content*), and the API's own reference (/api/openapi.json,
//! /docs).
//!
//! Key routes need `content:read` and belong to the `content` module (every
//! plan has it; a key restricted to other modules is refused). Dashboard
//! routes take a signed-in user and check the role permission of each
//! action (`content:read`, `content:custom-copy`, `content:create`,
//! `content:update`, `content:restore`, `content:delete`).

mod item;
mod lookup;
mod manage;
mod query;
mod read;
pub mod reference;

pub use item::CORPUS_DATE;
pub use lookup::TextsLookup;

use axum::Router;
use axum::http::Method;
use axum::routing::{delete, get, patch, post};
use shared::auth::{KeyPermission, Module};
use shared::http::{AppState, Route, router_from};

/// The route table: what this Lambda serves (and `template.yaml` routes to it).
pub fn routes() -> Vec<Route> {
    let key = Some(KeyPermission::ContentRead);
    vec![
        Route::new(Method::GET, "/api/content/{horoscopeType}/{contentType}", key, get(read::list_content)).in_module(Module::Content),
        Route::new(Method::GET, "/api/content/{horoscopeType}/{contentType}/{id}", key, get(read::get_content)).in_module(Module::Content),
        Route::new(Method::GET, "/api/org/content", None, get(manage::list_org_content)),
        Route::new(Method::POST, "/api/org/content", None, post(manage::create_content)),
        Route::new(Method::POST, "/api/org/content/copies", None, post(manage::copy_content)),
        Route::new(Method::PATCH, "/api/org/content/{id}", None, patch(manage::edit_content)),
        Route::new(Method::DELETE, "/api/org/content/{id}", None, delete(manage::delete_content)),
        Route::new(Method::POST, "/api/org/content/{id}/restore", None, post(manage::restore_content)),
        // The API's reference: public, no key.
        Route::new(Method::GET, "/api/openapi.json", None, get(reference::openapi_json)),
        Route::new(Method::GET, "/docs", None, get(reference::reference_page)),
        Route::new(Method::GET, "/docs/redoc.standalone.js", None, get(reference::redoc_script)),
        Route::new(Method::GET, "/docs/reference.js", None, get(reference::init_script)),
    ]
}

pub fn router(state: &AppState) -> Router<AppState> {
    router_from(routes(), state)
}
