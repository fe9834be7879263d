//! Compatibility-date handling on the wire: parse the header and query
//! parameter on every request (a malformed value is a 400 everywhere), let
//! version-dependent handlers resolve it with the organization's pin, and set
//! the response headers the interface asks for.

use axum::extract::{FromRequestParts, Request};
use axum::http::request::Parts;
use axum::http::{HeaderName, HeaderValue, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use super::error::ApiError;
use crate::version::{ApiVersion, ResolvedVersion, resolve};

pub const X_API_VERSION: HeaderName = HeaderName::from_static("x-api-version");

/// What the client asked for, already validated.
#[derive(Debug, Clone, Copy, Default)]
pub struct RequestedVersion {
    pub header: Option<ApiVersion>,
    pub query: Option<ApiVersion>,
}

impl RequestedVersion {
    /// The version for a request of an organization with `org_pin`.
    pub fn resolve(&self, org_pin: Option<&str>) -> ResolvedVersion {
        let pin = org_pin.and_then(|text| ApiVersion::parse(text).ok());
        resolve(self.header, self.query, pin)
    }
}

impl<S: Send + Sync> FromRequestParts<S> for RequestedVersion {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        Ok(parts.extensions.get::<RequestedVersion>().copied().unwrap_or_default())
    }
}

/// Marks a response whose shape depends on the compatibility date.
#[derive(Debug, Clone, Copy)]
struct AppliedVersion(ResolvedVersion);

/// Wraps a response shaped by `version`: the middleware then sends
/// `X-Api-Version` (the applied date) and `Vary: X-Api-Version`.
pub struct Versioned<T>(pub ResolvedVersion, pub T);

impl<T: IntoResponse> IntoResponse for Versioned<T> {
    fn into_response(self) -> Response {
        let mut response = self.1.into_response();
        response.extensions_mut().insert(AppliedVersion(self.0));
        response
    }
}

pub async fn version_middleware(mut request: Request, next: Next) -> Response {
    let header_value = request.headers().get(&X_API_VERSION).cloned();
    let header = match &header_value {
        None => None,
        Some(raw) => match raw
            .to_str()
            .map_err(|_| String::from_utf8_lossy(raw.as_bytes()).into_owned())
            .and_then(|text| ApiVersion::parse(text.trim()).map_err(|e| e.value))
        {
            Ok(version) => Some(version),
            Err(value) => return ApiError::from(crate::version::MalformedVersion { value }).into_response(),
        },
    };
    let query = match query_value(request.uri().query(), "api_version") {
        None => None,
        Some(text) => match ApiVersion::parse(&text) {
            Ok(version) => Some(version),
            Err(error) => return ApiError::from(error).into_response(),
        },
    };
    request.extensions_mut().insert(RequestedVersion { header, query });

    let mut response = next.run(request).await;
    if let Some(AppliedVersion(resolved)) = response.extensions().get::<AppliedVersion>().copied() {
        if let Ok(value) = HeaderValue::from_str(&resolved.applied_text()) {
            response.headers_mut().insert(X_API_VERSION, value);
        }
        response.headers_mut().append(header::VARY, HeaderValue::from_static("X-Api-Version"));
    } else if let Some(sent) = header_value {
        // Rule 12: an explicitly sent version is echoed on any endpoint.
        response.headers_mut().insert(X_API_VERSION, sent);
    }
    response
}

pub fn query_value(query: Option<&str>, name: &str) -> Option<String> {
    form_urlencoded::parse(query?.as_bytes()).find(|(key, _)| key == name).map(|(_, value)| value.into_owned())
}
