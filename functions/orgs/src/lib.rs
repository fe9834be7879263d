//! The orgs family: organizations, their members, invitations and the
//! compatibility-date pin (/api/orgs, /api/org/*, /api/public/invitations/*), usage, and the
//! key's view of the plan's modules (/api/modules).
//!
//! Dashboard routes take a signed-in user (bearer token). `/api/org/*` acts
//! on one organization, chosen by [`OrgMember`](shared::http::member::OrgMember),
//! and checks the caller's role there on every request. The public
//! invitation lookup takes no credentials: the invitation id is the secret.

mod api_version;
mod invitations;
mod members;
mod modules;
mod organizations;
mod profile;
mod request;
mod usage;
mod view;

use axum::Router;
use axum::http::Method;
use axum::routing::{delete, get, patch, post};
use shared::auth::KeyPermission;
use shared::http::{AppState, Route, router_from};

/// The route table: what this Lambda serves (and `template.yaml` routes to it).
pub fn routes() -> Vec<Route> {
    vec![
        Route::new(Method::POST, "/api/orgs", None, post(organizations::create_organization)),
        Route::new(Method::GET, "/api/orgs", None, get(organizations::list_organizations)),
        Route::new(Method::GET, "/api/org", None, get(organizations::get_organization)),
        Route::new(Method::PATCH, "/api/org", None, patch(organizations::rename_organization)),
        Route::new(Method::GET, "/api/org/members", None, get(members::list_members)),
        Route::new(Method::PATCH, "/api/org/members/{userId}", None, patch(members::change_member_role)),
        Route::new(Method::DELETE, "/api/org/members/{userId}", None, delete(members::remove_member)),
        Route::new(Method::POST, "/api/org/invitations", None, post(invitations::create_invitation)),
        Route::new(Method::GET, "/api/org/invitations", None, get(invitations::list_invitations)),
        Route::new(Method::DELETE, "/api/org/invitations/{id}", None, delete(invitations::revoke_invitation)),
        Route::new(Method::GET, "/api/public/invitations/{id}", None, get(invitations::look_up_invitation)),
        Route::new(Method::POST, "/api/public/invitations/{id}/accept", None, post(invitations::accept_invitation)),
        Route::new(Method::GET, "/api/org/api-version", None, get(api_version::get_api_version)),
        Route::new(Method::PATCH, "/api/org/api-version", None, patch(api_version::set_api_version)),
        Route::new(Method::GET, "/api/org/usage", None, get(usage::get_usage)),
        // The one route here a key calls: the key's own view of the plan.
        Route::new(Method::GET, "/api/modules", Some(KeyPermission::ModulesRead), get(modules::list_modules)),
    ]
}

pub fn router(state: &AppState) -> Router<AppState> {
    router_from(routes(), state)
}
