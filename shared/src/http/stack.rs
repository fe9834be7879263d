//! The layers every family shares, and building a family's router from its
//! route table (the table is what `template.yaml` must match).

use crate::http::Code;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::extract::{DefaultBodyLimit, MatchedPath, Request, State};
use axum::http::{HeaderName, HeaderValue, Method, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::MethodRouter;
use tower::ServiceBuilder;
use tower_http::LatencyUnit;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::cors::{AllowOrigin, CorsLayer};
use tower_http::request_id::{MakeRequestUuid, PropagateRequestIdLayer, RequestId, SetRequestIdLayer};
use tower_http::trace::{DefaultOnResponse, TraceLayer};

use super::auth::{KeyGuard, require_api_key};
use super::chat_access::ChatbotLookup;
use super::error::ApiError;
use super::extract::BodyLimit;
use super::state::AppState;
use super::version::{X_API_VERSION, version_middleware};
use super::widget_access::WidgetLookup;
use crate::auth::{KeyPermission, Module};
use crate::cloudfront::{ORIGIN_VERIFY_HEADER, OriginVerifySecret};

const X_REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");

/// One row of a family's route table.
pub struct Route {
    pub method: Method,
    /// axum and SAM share the `{param}` syntax, so the template's path is this.
    pub path: &'static str,
    /// The key permission the route needs; `None` for routes authenticated
    /// otherwise (bearer tokens, signed links, public lookups).
    pub permission: Option<KeyPermission>,
    /// The plan module the route belongs to, if any: a key reaches it only
    /// when the organization's plan has it and the key is not restricted
    /// away from it.
    pub module: Option<Module>,
    /// Served only through CloudFront when `ORIGIN_VERIFY_SECRET` is set:
    /// requests without the distribution's secret header are refused
    /// before the handler runs (see [`require_cdn_origin`]).
    pub behind_cdn: bool,
    pub handler: MethodRouter<AppState>,
}

impl Route {
    pub fn new(method: Method, path: &'static str, permission: Option<KeyPermission>, handler: MethodRouter<AppState>) -> Self {
        Self { method, path, permission, module: None, behind_cdn: false, handler }
    }

    /// A signed-link route CloudFront serves: with `ORIGIN_VERIFY_SECRET`
    /// set, it answers only requests carrying it as `X-Origin-Verify`.
    pub fn behind_cdn(mut self) -> Self {
        self.behind_cdn = true;
        self
    }

    /// Puts the route in a plan module.
    pub fn in_module(mut self, module: Module) -> Self {
        self.module = Some(module);
        self
    }
}

/// A family's router from its table, each route behind its permission check
/// (and, for routes behind the CDN when the origin secret is configured,
/// behind the origin check first).
pub fn router_from(routes: Vec<Route>, state: &AppState) -> Router<AppState> {
    routes.into_iter().fold(Router::new(), |router, route| {
        let handler = match route.permission {
            Some(permission) => {
                let guard = KeyGuard { permission, module: route.module };
                route.handler.route_layer(middleware::from_fn_with_state((state.clone(), guard), require_api_key))
            }
            None => route.handler,
        };
        // Added last, so it runs first: nothing is read or charged for a
        // request that bypassed CloudFront.
        let handler = match (&state.config.cdn.origin_verify_secret, route.behind_cdn) {
            (Some(secret), true) => handler.route_layer(middleware::from_fn_with_state(secret.clone(), require_cdn_origin)),
            _ => handler,
        };
        router.route(route.path, handler)
    })
}

/// Refuses (403 `not_through_cdn`) a request whose `X-Origin-Verify` is not
/// the distribution's secret: a signed link opened on the origin directly
/// would skip CloudFront's signature and cache. The secret is compared in
/// constant time and never echoed.
pub async fn require_cdn_origin(State(secret): State<OriginVerifySecret>, request: Request, next: Next) -> Response {
    let presented = request.headers().get(ORIGIN_VERIFY_HEADER).map(|value| value.as_bytes()).unwrap_or_default();
    if !secret.matches(presented) {
        return ApiError::coded(Code::NotThroughCdn, "this link is served through the CDN only: open the URL the answer gave, unchanged")
            .into_response();
    }
    next.run(request).await
}

/// Adds the shared stack and the state: JSON:API 404/405, body limit,
/// versioning, CORS, request ids, tracing, and panic containment.
///
/// One `ServiceBuilder` stack (outermost first) given to axum once: each
/// `Router::layer` call boxes every route again, and a `from_fn` layer
/// clones the service below it for every request, boxes and all; within
/// one stack the layers are plain values, cloned without allocating.
pub fn finish(router: Router<AppState>, state: AppState) -> Router {
    let limit = state.config.max_body_bytes;
    // Shared: the layer's state is cloned for each request.
    let cors = Arc::new(Cors::new(&state));
    let stack = ServiceBuilder::new()
        // Outermost: it sees the status of every answer, a panic's too.
        .layer(middleware::from_fn_with_state(state.meter.clone(), bill_request))
        .layer(CatchPanicLayer::custom(|_| ApiError::internal("handler panicked").into_response()))
        .layer(SetRequestIdLayer::new(X_REQUEST_ID, MakeRequestUuid))
        .layer(
            TraceLayer::new_for_http()
                .make_span_with(|request: &Request| {
                    let request_id = request.extensions().get::<RequestId>().and_then(|id| id.header_value().to_str().ok()).unwrap_or("-");
                    let route = request.extensions().get::<MatchedPath>().map(MatchedPath::as_str).unwrap_or("");
                    // Never headers (keys, tokens) or the query (signed links); and for a
                    // matched route its template, not the path: some ids are
                    // capabilities (an invitation id reveals the invitee's email).
                    let path = if route.is_empty() { request.uri().path() } else { "" };
                    tracing::info_span!("request", method = %request.method(), route, path, request_id, org = tracing::field::Empty)
                })
                .on_response(DefaultOnResponse::new().level(tracing::Level::INFO).latency_unit(LatencyUnit::Micros)),
        )
        .layer(PropagateRequestIdLayer::new(X_REQUEST_ID))
        .layer(middleware::from_fn_with_state(cors, cors_by_route))
        .layer(middleware::from_fn(version_middleware))
        .layer(axum::Extension(BodyLimit(limit)))
        .layer(DefaultBodyLimit::max(limit))
        .layer(middleware::from_fn(json_method_not_allowed));
    router.fallback(|| async { ApiError::not_found("no such endpoint") }).layer(stack).with_state(state)
}

/// Serves the request with a bill open (`metering::bill`): an answer with a
/// 5xx status (a dependency down, a bug) takes back whatever the request was
/// charged. Before the answer leaves: on Lambda nothing runs after it.
pub async fn bill_request(State(meter): State<crate::metering::SharedMeter>, request: Request, next: Next) -> Response {
    let bill = Arc::new(crate::metering::Bill::new());
    let response = bill.clone().open(next.run(request)).await;
    if response.status().is_server_error() && !bill.is_empty() {
        match bill.void(&meter).await {
            Ok(()) => tracing::info!(bill = bill.id(), status = response.status().as_u16(), "the failed request's charges were taken back"),
            Err(error) => tracing::warn!(%error, bill = bill.id(), "the failed request's charges are taken back once the store answers"),
        }
    }
    response
}

/// The CORS rules: every route answers every site (`*`: keys and tokens,
/// not cookies, are the credentials, and a key's own `allowedDomains` are
/// checked by the routes), except a widget's public calculation routes
/// (`/api/widget-api/{route}/{widgetId}`) and a chatbot's chat
/// (`/widget/chat/{chatbotId}/...`), whose answers and preflights carry
/// CORS headers only for a site the widget or chatbot allows, so no other
/// site's page can read them. The widget or chatbot is read once per
/// request, here, and handed to the handler (`WidgetLookup`,
/// `ChatbotLookup`).
struct Cors {
    app: AppState,
    open: CorsLayer,
    widget: CorsLayer,
}

const WIDGET_API_PREFIX: &str = "/api/widget-api/";

impl Cors {
    fn new(state: &AppState) -> Self {
        let common = CorsLayer::new()
            .allow_methods([Method::GET, Method::POST, Method::PATCH, Method::DELETE, Method::OPTIONS])
            .allow_headers([
                header::CONTENT_TYPE,
                header::AUTHORIZATION,
                HeaderName::from_static("x-api-key"),
                X_API_VERSION,
                super::member::X_ORGANIZATION_ID,
            ])
            .expose_headers([X_API_VERSION, X_REQUEST_ID, header::RETRY_AFTER])
            .max_age(Duration::from_secs(600));
        let widget = common.clone().allow_origin(AllowOrigin::predicate(|origin: &HeaderValue, parts: &axum::http::request::Parts| {
            let patterns = match (parts.extensions.get::<WidgetLookup>(), parts.extensions.get::<ChatbotLookup>()) {
                (Some(WidgetLookup(Some((widget, _)))), _) => &widget.allowed_domains,
                (_, Some(ChatbotLookup(Some((chatbot, _))))) => &chatbot.allowed_domains,
                _ => return false,
            };
            let site = origin.to_str().ok().and_then(|origin| crate::auth::domains::requesting_site(Some(origin), None));
            super::widget_access::allows_site(patterns, site.as_deref())
        }));
        Self { app: state.clone(), open: common.allow_origin(AllowOrigin::any()), widget }
    }
}

const CHAT_PREFIX: &str = "/widget/chat/";

/// The widget id of a widget route's path.
fn widget_of_path(path: &str) -> Option<&str> {
    path.strip_prefix(WIDGET_API_PREFIX)?.split('/').nth(1).filter(|id| !id.is_empty())
}

/// The chatbot id of a chat route's path.
fn chatbot_of_path(path: &str) -> Option<&str> {
    path.strip_prefix(CHAT_PREFIX)?.split('/').next().filter(|id| !id.is_empty())
}

async fn cors_by_route(State(cors): State<Arc<Cors>>, mut request: Request, next: Next) -> Response {
    use tower::{Layer, ServiceExt};
    let path = request.uri().path().to_owned();
    let layer = if let Some(widget_id) = widget_of_path(&path) {
        match super::widget_access::find_with_organization(&cors.app, widget_id).await {
            Ok(found) => request.extensions_mut().insert(WidgetLookup(found)),
            Err(error) => return error.into_response(),
        };
        &cors.widget
    } else if let Some(chatbot_id) = chatbot_of_path(&path) {
        match super::chat_access::find_with_organization(&cors.app, chatbot_id).await {
            Ok(found) => request.extensions_mut().insert(ChatbotLookup(found)),
            Err(error) => return error.into_response(),
        };
        &cors.widget
    } else {
        &cors.open
    };
    match layer.layer(next).oneshot(request).await {
        Ok(response) => response,
        Err(never) => match never {},
    }
}

/// axum answers a known path with the wrong method by an empty 405; give it
/// the API's error body.
async fn json_method_not_allowed(request: Request, next: Next) -> Response {
    let response = next.run(request).await;
    if response.status() != StatusCode::METHOD_NOT_ALLOWED || response.headers().contains_key(header::CONTENT_TYPE) {
        return response;
    }
    let allow = response.headers().get(header::ALLOW).cloned();
    let mut replaced = ApiError::method_not_allowed().into_response();
    if let Some(allow) = allow {
        replaced.headers_mut().insert(header::ALLOW, allow);
    }
    replaced
}
