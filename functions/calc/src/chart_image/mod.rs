//! GET /api/chart/image.svg and GET /api/chart/image.png: the chart wheel
//! behind a signed link (`shared::http::chart_link`; issued by `crate::links`).
//!
//! Order on open: the token (signature, known key id, expiry), then what it
//! names (organization, key: revoked, expired, `chart:read`, allowed sites;
//! or a widget's link: the widget exists, is enabled, still in the plan, and
//! a site the request names is one it allows), then the style parameters; only then `If-None-Match` (so a revoked key
//! gets no 304 either), then the organization is charged one request and
//! the image drawn. Every refusal is a JSON:API error without image bytes.

pub mod draw;
mod vedic;
mod wheel;
mod world_map;

use shared::http::Code;
use std::collections::BTreeMap;

use axum::extract::{Query, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use sha2::{Digest, Sha256};
use shared::auth::domains;
use shared::auth::{KeyPermission, Module};
use shared::http::auth::admit_link_key;
use shared::http::widget_access::{ClientAddress, SiteRule, WidgetVisitor, admit_widget};
use shared::http::{ApiError, AppState, Caller, RequestedVersion, Versioned};
use shared::language::Language;
use shared::metering::Usage;
use shared::repo::orgs::Organization;

use shared::http::chart_link::{ChartSpec, ImageClaims, invalid_content};
use shared::render::{render_map_svg, render_vedic_svg};

use crate::drawn::Drawn;
use crate::signed::{caching_headers, claims_from_query, if_none_match};

/// Images are active content when opened directly: nothing may load or run.
const CONTENT_SECURITY_POLICY: &str = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Format {
    Svg,
    Png,
}

pub async fn chart_svg(
    State(app): State<AppState>,
    requested: RequestedVersion,
    client: ClientAddress,
    headers: HeaderMap,
    Query(query): Query<BTreeMap<String, String>>,
) -> Result<Response, ApiError> {
    open(&app, requested, client, &headers, &query, Format::Svg).await
}

pub async fn chart_png(
    State(app): State<AppState>,
    requested: RequestedVersion,
    client: ClientAddress,
    headers: HeaderMap,
    Query(query): Query<BTreeMap<String, String>>,
) -> Result<Response, ApiError> {
    open(&app, requested, client, &headers, &query, Format::Png).await
}

/// Who made the link, admitted as if asking now.
enum Maker {
    Key(Caller),
    Widget(WidgetVisitor),
}

impl Maker {
    async fn admit(app: &AppState, claims: &ImageClaims, client: ClientAddress, headers: &HeaderMap) -> Result<Self, ApiError> {
        match (&claims.key_id, &claims.widget_id) {
            (Some(key_id), _) => {
                let caller = admit_link_key(app, &claims.organization_id, key_id, headers, KeyPermission::ChartRead).await?;
                // A Vedic diagram is the vedic module's, as the route that issued it.
                if matches!(claims.chart, ChartSpec::Vedic { .. }) {
                    caller.require(KeyPermission::CalcRead, Module::Vedic)?;
                }
                Ok(Self::Key(caller))
            }
            (None, Some(widget_id)) => {
                let visitor = admit_widget(app, widget_id, None, headers, client, SiteRule::Link).await?;
                if visitor.organization.id != claims.organization_id {
                    return Err(invalid_content());
                }
                Ok(Self::Widget(visitor))
            }
            (None, None) => Err(invalid_content()),
        }
    }

    fn organization(&self) -> &Organization {
        match self {
            Self::Key(caller) => &caller.organization,
            Self::Widget(visitor) => &visitor.organization,
        }
    }

    /// Whether any site may show the image (else shared caches keep none).
    fn every_site(&self) -> bool {
        match self {
            Self::Key(caller) => domains::unrestricted(&caller.key.allowed_domains),
            Self::Widget(visitor) => domains::unrestricted(&visitor.widget.allowed_domains) && !visitor.widget.allowed_domains.is_empty(),
        }
    }

    async fn charge(&self, app: &AppState) -> Result<(), ApiError> {
        match self {
            Self::Key(caller) => caller.charge(app, Usage::Request).await,
            Self::Widget(visitor) => visitor.charge(app, Usage::Request).await,
        }
    }
}

#[tracing::instrument(name = "chart_image", skip_all)]
async fn open(
    app: &AppState,
    requested: RequestedVersion,
    client: ClientAddress,
    headers: &HeaderMap,
    query: &BTreeMap<String, String>,
    format: Format,
) -> Result<Response, ApiError> {
    let claims: ImageClaims = claims_from_query(app, query, "chart")?;
    let token = query.get("token").map(String::as_str).unwrap_or_default();
    if claims.purpose.is_some() {
        return Err(ApiError::coded(Code::InvalidLink, "this link is not a chart image link"));
    }
    let maker = Maker::admit(app, &claims, client, headers).await?;
    let version = requested.resolve(maker.organization().api_version.as_deref());
    let language = claims.language.as_deref().and_then(Language::parse).unwrap_or(Language::En);
    // A map takes its own widths; a wheel's size is the style's.
    let is_map = matches!(claims.chart, ChartSpec::Map { .. });
    let size = query.get("size").map(String::as_str);
    let style = draw::style(claims.customization.as_ref(), language, query.get("theme").map(String::as_str), size.filter(|_| !is_map))?;
    let map_width = if is_map { Some(world_map::width(size)?) } else { None };
    let drawn_width = map_width.unwrap_or(style.size.pixels());

    // The payload segment is the exact claims; with the applied version,
    // the renderer and the output parameters it names the bytes.
    let payload = token.split('.').nth(1).unwrap_or_default();
    let mut hash = Sha256::new();
    for part in [payload, &version.applied_text(), renderer(&claims.chart), format_id(format), style.theme.id(), &drawn_width.to_string()] {
        hash.update(part.as_bytes());
        hash.update([0]);
    }
    let etag = format!("\"{}\"", hex::encode(&hash.finalize()[..16]));
    let mut response_headers = caching_headers(&etag, claims.exp, maker.every_site())?;
    response_headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    response_headers.insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static(CONTENT_SECURITY_POLICY));

    if if_none_match(headers, &etag) {
        return Ok(Versioned(version, (StatusCode::NOT_MODIFIED, response_headers)).into_response());
    }

    maker.charge(app).await?;
    let (svg, width) = match &claims.chart {
        ChartSpec::Map { i } => {
            let map = world_map::world_map(&app.ephemeris, i, language)?;
            (render_map_svg(&map, &style, drawn_width), drawn_width)
        }
        ChartSpec::Vedic { i } => {
            let diagram = vedic::diagram(&app.ephemeris, i, language)?;
            (render_vedic_svg(&diagram, &style), style.size.pixels())
        }
        spec => {
            let drawn = Drawn::compute(&app.ephemeris, spec)?;
            let wheel = wheel::wheel(&drawn, spec, language);
            let svg = draw::svg(&wheel, &style);
            let width = draw::png_width(&wheel, &style);
            (svg, width)
        }
    };
    let (content_type, body) = match format {
        Format::Svg => ("image/svg+xml", svg.into_bytes()),
        Format::Png => {
            // Rasterising takes milliseconds: off the async workers.
            let png = tokio::task::spawn_blocking(move || draw::png(&svg, width)).await.map_err(ApiError::internal)??;
            ("image/png", png)
        }
    };
    response_headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    Ok(Versioned(version, (StatusCode::OK, response_headers, body)).into_response())
}

fn renderer(spec: &ChartSpec) -> &'static str {
    match spec {
        ChartSpec::Vedic { .. } => vedic::RENDERER_VERSION,
        ChartSpec::Map { .. } => world_map::RENDERER_VERSION,
        _ => draw::RENDERER_VERSION,
    }
}

fn format_id(format: Format) -> &'static str {
    match format {
        Format::Svg => "svg",
        Format::Png => "png",
    }
}
