//! `GET /health`: whether the process is up, without asking any store.
//!
//! A load balancer, a monitor or a person tells the three states apart:
//! up (200 here, data routes answer), up but degraded (200 here, data
//! routes answer 503 `service_unavailable` while DynamoDB or S3 does not
//! answer), and down (no answer here). It is never metered and needs no
//! key, and it reads nothing a caller could use: no configuration, no
//! counts.

use axum::Json;
use axum::http::{HeaderValue, header};
use axum::response::IntoResponse;
use serde_json::json;

pub async fn health() -> impl IntoResponse {
    ([(header::CACHE_CONTROL, HeaderValue::from_static("no-store"))], Json(json!({ "status": "up", "version": env!("CARGO_PKG_VERSION") })))
}
