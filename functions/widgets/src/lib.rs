//! The widgets family: embeddable widgets (/api/widgets/*, /api/widget-api/*, /widget/*).
//!
//! Built so far: the widgets' configuration, managed from the dashboard
//! ([`manage`]). The widget's own public routes come next.

mod manage;

use axum::Router;
use axum::http::Method;
use axum::routing::{delete, get, patch, post};
use shared::http::{AppState, Route, router_from};

/// The route table: what this Lambda serves (and `template.yaml` routes to it).
pub fn routes() -> Vec<Route> {
    // Dashboard routes: the bearer token and the caller's role are checked
    // in the handlers (`OrgMember`).
    vec![
        Route::new(Method::POST, "/api/widgets", None, post(manage::create_widget)),
        Route::new(Method::GET, "/api/widgets", None, get(manage::list_widgets)),
        Route::new(Method::GET, "/api/widgets/{id}", None, get(manage::get_widget)),
        Route::new(Method::PATCH, "/api/widgets/{id}", None, patch(manage::edit_widget)),
        Route::new(Method::DELETE, "/api/widgets/{id}", None, delete(manage::delete_widget)),
    ]
}

pub fn router(state: &AppState) -> Router<AppState> {
    router_from(routes(), state)
}
