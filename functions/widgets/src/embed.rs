//! What a customer's page loads: the embed script (`GET /widget/embed.js`)
//! and the widget's public configuration it starts from
//! (`GET /widget/config/{widgetId}`).
//!
//! The script is `embed/embed.js` beside this crate, minified by terser into
//! `embed/embed.min.js` (`make embed`; `make test` checks the committed file
//! is current) and compiled in: dependency free, under 15 KB gzip-compressed
//! (and sent so to a browser that accepts gzip), cached an hour by browsers
//! and shared caches and revalidated by its ETag. The configuration answers any site (`*`), free
//! of charge and uncached, so that the script can say in the widget itself
//! why it will not work here (turned off, another site, out of plan) before
//! a visitor fills the form: a refused calculation carries no CORS header
//! for a foreign site, so the page could not read the reason.

use std::sync::LazyLock;

use axum::extract::{Path, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use serde_json::Value;
use shared::auth::Module;
use shared::auth::domains;
use shared::http::widget_access::{allows_site, find_with_organization, widget_not_found};
use shared::http::{ApiError, AppState, Document};

pub const EMBED_PATH: &str = "/widget/embed.js";
const SCRIPT: &str = include_str!("../embed/embed.min.js");

/// The script gzip-compressed, made once.
static SCRIPT_GZIP: LazyLock<Vec<u8>> = LazyLock::new(|| {
    use std::io::Write;
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    // Writing to a Vec cannot fail.
    let _ = encoder.write_all(SCRIPT.as_bytes());
    encoder.finish().unwrap_or_default()
});

/// A strong validator of each representation's bytes.
static SCRIPT_ETAGS: LazyLock<(String, String)> = LazyLock::new(|| {
    use std::hash::{Hash, Hasher};
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    SCRIPT.hash(&mut hasher);
    let hash = hasher.finish();
    (format!("\"{hash:016x}-{}\"", SCRIPT.len()), format!("\"{hash:016x}-{}-gzip\"", SCRIPT.len()))
});

/// Whether the client takes gzip: `Accept-Encoding` names it (or `*`)
/// with a weight above zero, an explicit `gzip` weight winning over `*`'s.
fn accepts_gzip(headers: &HeaderMap) -> bool {
    let mut gzip = None;
    let mut any = None;
    for coding in headers.get_all(header::ACCEPT_ENCODING).iter().filter_map(|value| value.to_str().ok()).flat_map(|value| value.split(','))
    {
        let mut parts = coding.split(';').map(str::trim);
        let name = parts.next().unwrap_or_default();
        let weight = parts
            .filter_map(|p| p.split_once('='))
            .find(|(k, _)| k.trim().eq_ignore_ascii_case("q"))
            .map_or(1.0, |(_, q)| q.trim().parse::<f32>().unwrap_or(0.0));
        if name.eq_ignore_ascii_case("gzip") || name.eq_ignore_ascii_case("x-gzip") {
            gzip = Some(weight);
        } else if name == "*" {
            any = Some(weight);
        }
    }
    gzip.or(any).is_some_and(|weight| weight > 0.0)
}

/// `If-None-Match` names this representation (weakly compared, or `*`).
fn not_modified(headers: &HeaderMap, etag: &str) -> bool {
    headers.get_all(header::IF_NONE_MATCH).iter().filter_map(|v| v.to_str().ok()).flat_map(|v| v.split(',')).any(|tag| {
        let tag = tag.trim();
        tag == "*" || tag.strip_prefix("W/").unwrap_or(tag) == etag
    })
}

pub async fn embed_script(headers: HeaderMap) -> Response {
    let gzip = accepts_gzip(&headers) && !SCRIPT_GZIP.is_empty();
    let etag = if gzip { SCRIPT_ETAGS.1.as_str() } else { SCRIPT_ETAGS.0.as_str() };
    let mut response_headers = HeaderMap::new();
    response_headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("public, max-age=3600"));
    response_headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    response_headers.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
    if let Ok(value) = HeaderValue::from_str(etag) {
        response_headers.insert(header::ETAG, value);
    }
    if not_modified(&headers, etag) {
        return (StatusCode::NOT_MODIFIED, response_headers).into_response();
    }
    response_headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("text/javascript; charset=utf-8"));
    if gzip {
        response_headers.insert(header::CONTENT_ENCODING, HeaderValue::from_static("gzip"));
        return (StatusCode::OK, response_headers, SCRIPT_GZIP.as_slice()).into_response();
    }
    (StatusCode::OK, response_headers, SCRIPT).into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn asking(accept: &str) -> bool {
        let mut headers = HeaderMap::new();
        headers.insert(header::ACCEPT_ENCODING, HeaderValue::from_str(accept).unwrap());
        accepts_gzip(&headers)
    }

    #[test]
    fn gzip_is_sent_when_accepted_with_a_weight_above_zero() {
        assert!(asking("gzip, deflate, br") && asking("br;q=1.0, GZIP;q=0.5") && asking("*") && asking("identity, *;q=0.1"));
        assert!(!asking("gzip;q=0, *") && !asking("gzip;Q=0") && !asking("identity") && !asking("*;q=0") && !asking("br"));
    }

    #[test]
    fn a_weak_or_star_validator_matches() {
        let mut headers = HeaderMap::new();
        headers.insert(header::IF_NONE_MATCH, HeaderValue::from_static("W/\"abc\", \"other\""));
        assert!(not_modified(&headers, "\"abc\"") && not_modified(&headers, "\"other\"") && !not_modified(&headers, "\"x\""));
        headers.insert(header::IF_NONE_MATCH, HeaderValue::from_static("*"));
        assert!(not_modified(&headers, "\"x\""));
    }
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct ConfigResource {
    #[serde(rename = "type")]
    kind: &'static str,
    id: String,
    attributes: ConfigAttributes,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct ConfigAttributes {
    name: String,
    /// `ready`, or why the widget will not answer this page: `disabled`,
    /// `site_not_allowed`, `unavailable` (the plan no longer has widgets).
    status: &'static str,
    customization: Value,
}

pub async fn widget_config(State(app): State<AppState>, Path(widget_id): Path<String>, headers: HeaderMap) -> Result<Response, ApiError> {
    let (widget, organization) = find_with_organization(&app, &widget_id).await?.ok_or_else(widget_not_found)?;
    let header = |name: header::HeaderName| headers.get(name).and_then(|value| value.to_str().ok());
    let site = domains::requesting_site(header(header::ORIGIN), header(header::REFERER));
    let status = if !organization.plan.modules().contains(&Module::Widgets) {
        "unavailable"
    } else if !allows_site(&widget.allowed_domains, site.as_deref()) {
        "site_not_allowed"
    } else if !widget.enabled {
        "disabled"
    } else {
        "ready"
    };
    let resource = ConfigResource {
        kind: "widget-configs",
        id: widget.id.clone(),
        attributes: ConfigAttributes { name: widget.name.clone(), status, customization: widget.customization.clone() },
    };
    let mut response = Document::new(resource).into_response();
    let response_headers = response.headers_mut();
    response_headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    Ok(response)
}
