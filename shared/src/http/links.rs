//! The URLs of signed links (chart images, summaries) handed to clients:
//! one place decides whether a link goes through CloudFront.

use crate::http::Code;
use axum::http::HeaderMap;

use super::state::AppState;

/// The URL a client is given for `path_and_query` (`/api/...?token=...`),
/// a link valid until `expires_at` (Unix seconds, the token's own `exp`).
///
/// With CloudFront signing configured (`CLOUDFRONT_*`), a CloudFront signed
/// URL on the distribution: `https://{CLOUDFRONT_DOMAIN}{path_and_query}`
/// and `Expires={expires_at}`, `Signature`, `Key-Pair-Id` (canned policy),
/// so CloudFront refuses it exactly when the token expires. Without it, the
/// service's own URL: `{base}{path_and_query}` (see [`base_url`]), where the
/// token alone protects the link.
pub fn public_link(app: &AppState, headers: &HeaderMap, path_and_query: &str, expires_at: i64) -> String {
    match &app.config.cdn.signer {
        Some(signer) => signer.link(path_and_query, expires_at),
        None => format!("{}{path_and_query}", base_url(app, headers)),
    }
}

/// The base of absolute links: `PUBLIC_BASE_URL`, else the request's own
/// scheme (`X-Forwarded-Proto`, which API Gateway sets) and `Host`, each
/// only when well-formed (a forged header cannot inject a link elsewhere
/// than a host name).
pub fn base_url(app: &AppState, headers: &HeaderMap) -> String {
    if let Some(base) = &app.config.public_base_url {
        return base.clone();
    }
    let host = headers
        .get("host")
        .and_then(|h| h.to_str().ok())
        .filter(|h| h.chars().all(|c| c.is_ascii_alphanumeric() || ".-:[]".contains(c)))
        .unwrap_or("localhost");
    let scheme = headers.get("x-forwarded-proto").and_then(|h| h.to_str().ok()).filter(|s| *s == "https" || *s == "http").unwrap_or("http");
    format!("{scheme}://{host}")
}

/// The verified claims of a signed link's `token`: 401 `invalid_link`
/// (missing, tampered, unknown signing key; `missing` says what to open
/// instead) or `expired_link` (`expired` says how to get a new one).
pub fn link_claims<T: serde::de::DeserializeOwned>(
    app: &AppState,
    token: Option<&str>,
    missing: &str,
    expired: &str,
) -> Result<T, super::ApiError> {
    use super::ApiError;
    use crate::signing::LinkError;
    let token = token.ok_or_else(|| ApiError::coded(Code::InvalidLink, missing))?;
    app.signer.verify(token).map_err(|error| match error {
        LinkError::Expired => ApiError::coded(Code::ExpiredLink, expired),
        LinkError::BadSignature | LinkError::UnknownKey => ApiError::coded(Code::InvalidLink, error.to_string()),
        LinkError::NoKey => ApiError::internal(error),
    })
}
