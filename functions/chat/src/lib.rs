//! The chat family: chatbots, their users' chat profiles (/api/chatbots/*)
//! and, next, the chat itself over server-sent events (/widget/chat/*).
//!
//! The chatbots and profiles, managed from the dashboard ([`manage`],
//! [`profiles`]); the chat, from a visitor's browser ([`stream`]).

mod manage;
mod profiles;
mod stream;

use axum::Router;
use axum::http::Method;
use axum::routing::{delete, get, patch, post};
use shared::http::{AppState, Route, router_from};

/// The route table: what this Lambda serves (and `template.yaml` routes to it).
pub fn routes() -> Vec<Route> {
    // Dashboard routes: the bearer token and the caller's role are checked
    // in the handlers (`OrgMember`).
    vec![
        Route::new(Method::POST, "/api/chatbots", None, post(manage::create_chatbot)),
        Route::new(Method::GET, "/api/chatbots", None, get(manage::list_chatbots)),
        Route::new(Method::GET, "/api/chatbots/{id}", None, get(manage::get_chatbot)),
        Route::new(Method::PATCH, "/api/chatbots/{id}", None, patch(manage::edit_chatbot)),
        Route::new(Method::DELETE, "/api/chatbots/{id}", None, delete(manage::delete_chatbot)),
        Route::new(Method::POST, "/api/chatbots/{id}/secret", None, post(manage::rotate_secret)),
        Route::new(Method::POST, "/api/chatbots/{id}/profiles", None, post(profiles::create_profile)),
        Route::new(Method::GET, "/api/chatbots/{id}/profiles", None, get(profiles::list_profiles)),
        Route::new(Method::GET, "/api/chatbots/{id}/profiles/{externalUserId}", None, get(profiles::get_profile)),
        Route::new(Method::DELETE, "/api/chatbots/{id}/profiles/{externalUserId}", None, delete(profiles::delete_profile)),
        // Public: the chatbot's enabled flag, allowed sites and userHash decide.
        Route::new(Method::POST, "/widget/chat/{chatbotId}/user/{externalUserId}", None, post(stream::chat)),
    ]
}

pub fn router(state: &AppState) -> Router<AppState> {
    router_from(routes(), state)
}
