//! The mcp family: the Model Context Protocol server at `/mcp`, a front door
//! for AI agents onto the calculation, numerology, place and text routes.
//!
//! Streamable HTTP in its stateless mode with JSON answers (the official
//! Rust SDK, `rmcp`): every POST is whole in itself, so any Lambda instance
//! can answer it and nothing lives between calls. The door admits the API
//! key (`X-Api-Key`, or `Authorization: Bearer <key>` as MCP clients send
//! it) before anything else; the handshake and the tool list are free. A
//! tool call is its REST route called in-process ([`twin`]): the route's
//! own guard (permission, module, sites, rate limit, quota, one request
//! metered), version resolution, handler, use case and presenter, so a
//! tool's answer is the REST answer for the same input.

mod door;
mod readable;
mod server;
mod tools;
mod twin;

use std::sync::Arc;

use axum::Router;
use axum::extract::{Request, State};
use axum::http::Method;
use axum::routing::{get, post};
use shared::http::{AppState, Route, router_from};

pub use tools::{TOOLS, Tool};

/// The MCP endpoint's path.
pub const PATH: &str = "/mcp";

/// The route table: what this Lambda serves (and `template.yaml` routes to it).
/// GET is routed so that clients probing for the old server-to-client
/// stream get the protocol's 405, not the API's 404.
pub fn routes() -> Vec<Route> {
    let door = Arc::new(door::McpDoor::default());
    let serve = move |State(app): State<AppState>, request: Request| {
        let door = door.clone();
        async move { door.serve(app, request).await }
    };
    vec![Route::new(Method::POST, PATH, None, post(serve.clone())), Route::new(Method::GET, PATH, None, get(serve))]
}

pub fn router(state: &AppState) -> Router<AppState> {
    router_from(routes(), state)
}
