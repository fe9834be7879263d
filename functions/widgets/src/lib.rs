//! The widgets family: embeddable widgets (/api/widgets/*, /api/widget-api/*, /widget/*).
//!
//! The widgets' configuration, managed from the dashboard ([`manage`]),
//! and the widget's public routes, called from visitors' browsers without
//! a key ([`transit`], [`places`]; who may: `shared::http::widget_access`).

mod embed;
mod manage;
mod places;
mod transit;

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
        // Public: the widget's enabled flag and allowed sites decide.
        Route::new(Method::POST, "/api/widget-api/transit/{widgetId}", None, post(transit::widget_transit)),
        Route::new(Method::GET, "/api/widget-api/places/{widgetId}", None, get(places::widget_places)),
        Route::new(Method::GET, "/widget/config/{widgetId}", None, get(embed::widget_config)),
        Route::new(Method::GET, embed::EMBED_PATH, None, get(embed::embed_script)),
    ]
}

pub fn router(state: &AppState) -> Router<AppState> {
    router_from(routes(), state)
}
