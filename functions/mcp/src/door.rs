//! The door: the key admitted before the protocol is spoken, then the SDK's
//! stateless Streamable HTTP service.

use std::sync::{Arc, OnceLock};

use axum::extract::Request;
use axum::http::{HeaderMap, HeaderName, HeaderValue, header};
use axum::response::{IntoResponse, Response};
use rmcp::transport::streamable_http_server::session::never::NeverSessionManager;
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};
use shared::http::auth::X_API_KEY;
use shared::http::{ApiError, AppState, Code};
use tower::ServiceExt;

use crate::server::AstroTools;
use crate::twin::Twin;

type Service = StreamableHttpService<AstroTools, NeverSessionManager>;

/// Built on the first request, from that request's state: the routes'
/// guards hold the state, and a family's route table is made before there
/// is one.
#[derive(Default)]
pub struct McpDoor {
    service: OnceLock<Service>,
}

impl McpDoor {
    pub async fn serve(&self, app: AppState, mut request: Request) -> Response {
        let key = match presented_key(request.headers()) {
            Ok(key) => key,
            Err(error) => return error.into_response(),
        };
        // The tools present the key to their routes as a REST client would.
        request.headers_mut().insert(HeaderName::from_static(X_API_KEY), key);
        request.headers_mut().remove(header::AUTHORIZATION);
        // The SDK refuses a request without `Host`, which HTTP/2 carries as
        // the URI's authority instead (and in-process callers may omit).
        if !request.headers().contains_key(header::HOST) {
            let authority = request.uri().authority().map(|a| a.as_str().to_owned()).unwrap_or_else(|| "localhost".to_owned());
            if let Ok(host) = HeaderValue::from_str(&authority) {
                request.headers_mut().insert(header::HOST, host);
            }
        }
        match shared::http::auth::identify_key(&app, request.headers()).await {
            // The tools hand it to their routes' guards (see `Twin::call`).
            Ok(identified) => request.extensions_mut().insert(identified),
            Err(error) => return error.into_response(),
        };
        let service = self.service.get_or_init(|| {
            let twin = Arc::new(Twin::new(&app));
            StreamableHttpService::new(
                move || Ok(AstroTools::new(twin.clone())),
                Arc::new(NeverSessionManager::default()),
                // No session, no stream left open, and plain JSON answers:
                // what a Lambda behind API Gateway can serve. The key is
                // the credential, so the SDK's Host allow-list (a guard for
                // unauthenticated servers on a developer's loopback) is off:
                // API Gateway's and CloudFront's hosts must pass.
                StreamableHttpServerConfig::default()
                    .with_legacy_session_mode(false)
                    .with_json_response(true)
                    .with_sse_keep_alive(None)
                    // The API's body limit, as on the routes the tools call.
                    .with_max_request_body_bytes(app.config.max_body_bytes)
                    .disable_allowed_hosts(),
            )
        });
        match service.clone().oneshot(request).await {
            Ok(response) => response.into_response(),
            Err(never) => match never {},
        }
    }
}

/// `X-Api-Key`, else `Authorization: Bearer <key>`; neither is a 401.
fn presented_key(headers: &HeaderMap) -> Result<HeaderValue, ApiError> {
    if let Some(key) = headers.get(X_API_KEY) {
        return Ok(key.clone());
    }
    let bearer = headers
        .get(header::AUTHORIZATION)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.split_once(' '))
        .filter(|(scheme, _)| scheme.eq_ignore_ascii_case("bearer"))
        .map(|(_, key)| key.trim());
    match bearer {
        Some(key) => HeaderValue::from_str(key).map_err(|_| ApiError::coded(Code::InvalidApiKey, "the API key is not valid")),
        None => Err(ApiError::coded(Code::MissingApiKey, "send your API key in the X-Api-Key header, or as Authorization: Bearer <key>")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_key_is_read_from_either_header() {
        let mut headers = HeaderMap::new();
        assert!(presented_key(&headers).is_err());
        headers.insert(header::AUTHORIZATION, HeaderValue::from_static("Bearer ak_abc"));
        assert_eq!(presented_key(&headers).unwrap(), "ak_abc");
        headers.insert(HeaderName::from_static(X_API_KEY), HeaderValue::from_static("ak_def"));
        assert_eq!(presented_key(&headers).unwrap(), "ak_def");
        let mut basic = HeaderMap::new();
        basic.insert(header::AUTHORIZATION, HeaderValue::from_static("Basic YTpi"));
        assert!(presented_key(&basic).is_err());
    }
}
