//! Opening a signed link (a chart image, a summary): its token's claims,
//! and the HTTP caching both answers share.

use std::collections::BTreeMap;

use axum::http::{HeaderMap, HeaderValue, header};
use shared::http::{ApiError, AppState};

/// The verified claims of the link token in `query` (a `what` link: `chart`,
/// `summary`): 401 `invalid_link` (missing, tampered, unknown signing key)
/// or `expired_link`.
pub fn claims_from_query<T: serde::de::DeserializeOwned>(
    app: &AppState,
    query: &BTreeMap<String, String>,
    what: &str,
) -> Result<T, ApiError> {
    shared::http::links::link_claims(
        app,
        query.get("token").map(String::as_str),
        &format!("the link has no token: open the {what} link of a calculation answer as given"),
        "the link has expired: calculate the chart again for a new one",
    )
}

/// Shared caches keep a linked answer at most this long, however long the
/// link lives: a revoked key's images and summaries leave them within the hour.
const MAX_CACHE_SECONDS: i64 = 3600;

/// `ETag` and `Cache-Control` of a linked answer whose bytes `etag` names,
/// cacheable until the link expires (`exp`, Unix seconds) and at most an
/// hour. A key or widget kept to some sites (`every_site` false) must not
/// have its answers handed to other sites by a shared cache: those are
/// kept by the browser only.
pub fn caching_headers(etag: &str, exp: i64, every_site: bool) -> Result<HeaderMap, ApiError> {
    let max_age = (exp - chrono::Utc::now().timestamp()).clamp(0, MAX_CACHE_SECONDS);
    let scope = if every_site { "public" } else { "private" };
    let mut headers = HeaderMap::new();
    headers.insert(header::ETAG, header_value(etag)?);
    headers.insert(header::CACHE_CONTROL, header_value(&format!("{scope}, max-age={max_age}"))?);
    Ok(headers)
}

/// Whether `If-None-Match` names `etag` (or is `*`); weak validators match
/// too, as RFC 9110 has `If-None-Match` compare weakly.
pub fn if_none_match(headers: &HeaderMap, etag: &str) -> bool {
    headers.get_all(header::IF_NONE_MATCH).iter().filter_map(|v| v.to_str().ok()).flat_map(|v| v.split(',')).any(|tag| {
        let tag = tag.trim();
        tag == "*" || tag.strip_prefix("W/").unwrap_or(tag) == etag
    })
}

pub fn header_value(text: &str) -> Result<HeaderValue, ApiError> {
    HeaderValue::from_str(text).map_err(ApiError::internal)
}
