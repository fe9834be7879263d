//! Walking docs/openapi.yaml as a client would: its operations, each path
//! made concrete, and the caller each operation documents. Shared by the
//! tests that send every documented operation (`bounds`, `recorded`).

use axum::http::request::Builder;
use serde_json::{Value, json};

use crate::support::TestApp;

pub const OPENAPI: &str = include_str!("../../docs/openapi.yaml");

/// A parameter, its `$ref` followed.
pub fn resolve_parameter<'a>(spec: &'a Value, parameter: &'a Value) -> &'a Value {
    match parameter.get("$ref").and_then(Value::as_str) {
        Some(reference) => &spec["components"]["parameters"][reference.trim_start_matches("#/components/parameters/")],
        None => parameter,
    }
}

/// Every `(path, method, operation)` of the document, in its order.
pub fn operations(spec: &Value) -> Vec<(&String, &String, &Value)> {
    spec["paths"]
        .as_object()
        .expect("paths")
        .iter()
        .flat_map(|(path, operations)| operations.as_object().expect("operations").iter().map(move |(method, op)| (path, method, op)))
        .filter(|(_, method, _)| ["get", "post", "patch", "delete"].contains(&method.as_str()))
        .collect()
}

/// Deletions and secret changes go last: the widget and the chatbot serve
/// every other route first.
pub fn changes_last(path: &str, method: &str) -> bool {
    method == "delete" || path.ends_with("/secret") || path.ends_with("/rotate")
}

/// `path` with its parameters filled: the widget's or chatbot's id where
/// the path names one, else an id that names nothing.
pub fn concrete_uri(path: &str, widget: &str, chatbot: &str) -> String {
    let id = if path.starts_with("/api/widgets") || path.contains("{widgetId}") {
        widget
    } else if path.contains("chatbot") {
        chatbot
    } else {
        "x"
    };
    path.replace("{widgetId}", id)
        .replace("{chatbotId}", id)
        .replace("{id}", id)
        .replace("{horoscopeType}", "natal")
        .replace("{contentType}", "planet-in-sign")
        .replace("{externalUserId}", "user-1")
        .replace("{userId}", "user-1")
}

/// The caller the operation documents: a key, or a dashboard token (a
/// bearer token wins over a key when both are sent).
pub fn as_documented_caller(request: Builder, operation: &Value, app: &TestApp, bearer: &str) -> Builder {
    let security = operation["security"].to_string();
    if security.contains("Bearer") {
        // (The example of POST /api/orgs makes the owner a member of two.)
        request.header("authorization", bearer).header("x-organization-id", &app.organization_id)
    } else if security.contains("ApiKey") {
        request.header("x-api-key", &app.api_key)
    } else {
        request
    }
}

/// Makes a `kind` at `path` as the owner; its id.
pub async fn create(app: &TestApp, path: &str, kind: &str, attributes: Value) -> String {
    let body = json!({ "data": { "type": kind, "attributes": attributes } });
    let bearer = format!("Bearer {}", app.owner_token());
    let response = app.post_raw(path, &body.to_string(), &[("authorization", &bearer)]).await;
    assert_eq!(response.status, 201, "{}", response.text);
    response.body["data"]["id"].as_str().expect("id").to_owned()
}
