//! A tool's REST twin: the route a tool stands for, called in-process with
//! the MCP request's key and headers, through the same router a REST
//! client's request goes through (guard, version, handler).

use axum::Router;
use axum::body::Body;
use axum::http::{HeaderMap, HeaderValue, Method, Request, StatusCode, header};
use axum::response::IntoResponse;
use http_body_util::BodyExt;
use serde_json::Value;
use shared::http::auth::IdentifiedKey;
use shared::http::{ApiError, AppState, finish, router_from};
use tower::ServiceExt;

/// The headers of the MCP request a route reads: the key, the sites the
/// key may be used from, the compatibility date, the host its links are
/// made for, and what identifies the client in the logs. (The transport's
/// own headers stay behind.)
const FORWARDED: [&str; 10] = [
    "x-api-key",
    "origin",
    "referer",
    "x-api-version",
    "host",
    "x-forwarded-host",
    "x-forwarded-proto",
    "user-agent",
    "x-forwarded-for",
    "x-request-id",
];

/// What a route answered.
pub struct Answer {
    pub status: StatusCode,
    pub body: Value,
}

pub struct Twin {
    router: Router,
}

impl Twin {
    /// The key routes of the families the tools reach.
    pub fn new(app: &AppState) -> Self {
        let routes = calc::routes()
            .into_iter()
            .chain(numerology::routes())
            .chain(vedic::routes())
            .chain(content::routes())
            .filter(|route| route.permission.is_some())
            .collect();
        Self { router: finish(router_from(routes, app), app.clone()) }
    }

    pub async fn call(
        &self,
        method: Method,
        path_and_query: &str,
        headers: &HeaderMap,
        key: &IdentifiedKey,
        body: Option<&Value>,
    ) -> Answer {
        // The key the door identified: the route's guard checks what this
        // route asks of it (permission, module, sites) and charges it.
        let mut request = Request::builder().method(method).uri(path_and_query).extension(key.clone());
        for name in FORWARDED {
            for value in headers.get_all(name) {
                request = request.header(name, value);
            }
        }
        let body = match body {
            Some(body) => {
                request = request.header(header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
                Body::from(serde_json::to_vec(body).unwrap_or_default())
            }
            None => Body::empty(),
        };
        let response = match request.body(body) {
            Ok(request) => match self.router.clone().oneshot(request).await {
                Ok(response) => response,
                Err(never) => match never {},
            },
            Err(error) => ApiError::internal(format!("mcp: the route could not be called: {error}")).into_response(),
        };
        let status = response.status();
        let bytes = match response.into_body().collect().await {
            Ok(collected) => collected.to_bytes(),
            Err(error) => {
                return Self::answer_of(ApiError::internal(format!("mcp: the route's answer could not be read: {error}"))).await;
            }
        };
        match serde_json::from_slice(&bytes) {
            Ok(body) => Answer { status, body },
            Err(_) => Self::answer_of(ApiError::internal("mcp: the route answered something other than JSON")).await,
        }
    }

    /// An error as its route would have answered it (the API's one
    /// rendering of errors; an internal cause goes to the log only).
    pub async fn answer_of(error: ApiError) -> Answer {
        let response = error.into_response();
        let status = response.status();
        let bytes = response.into_body().collect().await.map(|c| c.to_bytes()).unwrap_or_default();
        Answer { status, body: serde_json::from_slice(&bytes).unwrap_or(Value::Null) }
    }
}
