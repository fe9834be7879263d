//! The API's own reference, served by the API: `GET /api/openapi.json` (the
//! OpenAPI document, `docs/openapi.yaml` of the same commit as JSON) and
//! `GET /docs` (a page that renders it with Redoc, whose standalone bundle
//! is vendored in `assets/redoc/` with its licence and compiled in: the page
//! loads nothing from anywhere but this service).
//!
//! No key is needed: the reference describes the API, it reveals nothing of
//! an organization.

use std::sync::LazyLock;

use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use serde_json::Value;
use shared::http::ApiError;

/// The document as written, compiled in so the service always describes
/// itself as built.
pub const OPENAPI_YAML: &str = include_str!("../../../docs/openapi.yaml");

/// Redoc 2.5.2 (`npm pack redoc@2.5.2`, `bundles/redoc.standalone.js`), MIT.
const REDOC_JS: &[u8] = include_bytes!("../assets/redoc/redoc.standalone.js");

/// The page. Its one inline thing, the nonce, is fresh per request: Redoc
/// styles through `<style>` elements it creates (styled-components), which
/// the policy admits only with this nonce. `reference.js` hands the nonce
/// (read from its own `<script>` element) to Redoc.
fn page(nonce: &str) -> String {
    format!(
        r#"<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Astrology Calculation API reference</title>
</head>
<body>
<div id="reference"></div>
<script src="/docs/redoc.standalone.js" nonce="{nonce}"></script>
<script src="/docs/reference.js" nonce="{nonce}"></script>
</body>
</html>
"#
    )
}

/// Starts Redoc on the page: from a file, not inline, so that the policy
/// needs no script nonce.
const INIT_JS: &str = r#"// Renders /api/openapi.json with Redoc; the nonce lets its styles pass the page's policy.
(function () {
  var nonce = document.currentScript.nonce;
  Redoc.init("/api/openapi.json", { nonce: nonce, disableSearch: true, expandResponses: "200,201", hideDownloadButton: false },
    document.getElementById("reference"));
})();
"#;

/// Only this service: scripts and the document from itself, styles from
/// itself or carrying this response's nonce; Redoc's icons are inline SVG
/// and `data:` images.
pub fn page_csp(nonce: &str) -> String {
    format!(
        "default-src 'none'; script-src 'self'; style-src 'self' 'nonce-{nonce}'; connect-src 'self'; img-src 'self' data:; \
         font-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    )
}

/// The document as JSON, converted once on first use. Through the YAML
/// crate's own value, which keeps the written order (paths as grouped in
/// the file), not through a sorted JSON map.
static OPENAPI_JSON: LazyLock<Result<Vec<u8>, String>> = LazyLock::new(|| {
    let document: serde_norway::Value = serde_norway::from_str(OPENAPI_YAML).map_err(|e| e.to_string())?;
    serde_json::to_vec(&document).map_err(|e| e.to_string())
});

/// The OpenAPI document, or why the compiled-in YAML could not be read
/// (a test keeps that from ever shipping).
pub fn openapi_document() -> Result<Value, String> {
    let bytes = OPENAPI_JSON.as_ref().map_err(Clone::clone)?;
    serde_json::from_slice(bytes).map_err(|e| e.to_string())
}

/// GET /api/openapi.json
pub async fn openapi_json() -> Response {
    match OPENAPI_JSON.as_ref() {
        Ok(body) => ([(header::CONTENT_TYPE, HeaderValue::from_static("application/json"))], body.clone()).into_response(),
        Err(error) => ApiError::internal(format!("the OpenAPI document could not be read: {error}")).into_response(),
    }
}

/// GET /docs
pub async fn reference_page() -> Response {
    // 122 random bits, fresh per response.
    let nonce = uuid::Uuid::new_v4().simple().to_string();
    let Ok(policy) = HeaderValue::from_str(&page_csp(&nonce)) else {
        return ApiError::internal("the reference page's policy is not a header value").into_response();
    };
    (
        [
            (header::CONTENT_TYPE, HeaderValue::from_static("text/html; charset=utf-8")),
            (header::CONTENT_SECURITY_POLICY, policy),
            (header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff")),
            (header::REFERRER_POLICY, HeaderValue::from_static("no-referrer")),
            (header::CACHE_CONTROL, HeaderValue::from_static("no-store")),
        ],
        page(&nonce),
    )
        .into_response()
}

/// GET /docs/reference.js
pub async fn init_script() -> Response {
    script(INIT_JS.as_bytes())
}

/// GET /docs/redoc.standalone.js
pub async fn redoc_script() -> Response {
    script(REDOC_JS)
}

fn script(body: &'static [u8]) -> Response {
    (
        [
            (header::CONTENT_TYPE, HeaderValue::from_static("text/javascript; charset=utf-8")),
            (header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff")),
            (header::CACHE_CONTROL, HeaderValue::from_static("public, max-age=3600")),
        ],
        body,
    )
        .into_response()
}
