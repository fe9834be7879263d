//! Who may use a widget's public routes, and what a use costs.
//!
//! A widget's routes (`/api/widget-api/*` and the chart images of its
//! links) are called from a visitor's browser on the customer's site, with
//! no key. The widget itself decides:
//!
//! - it must exist and its organization too (else 404 `widget_not_found`,
//!   the same for both: a stranger learns nothing), and the organization's
//!   plan must still include the `widgets` module (403 `module_not_in_plan`);
//! - the site (`Origin`, else `Referer`) must match one of its
//!   `allowedDomains` (403 `domain_not_allowed`). A widget that lists no
//!   site answers none: the customer names its site first. `*` allows every
//!   site, and requests naming none. For a chart image link the rule is a
//!   key's link rule: a request naming no site passes (an image opened
//!   directly, or from a page with `Referrer-Policy: no-referrer`);
//! - it must be enabled (403 `widget_disabled`), checked after the site so
//!   that a stranger's site learns nothing but its own refusal.
//!
//! Each request is then charged to the widget's organization (its monthly
//! quota) within the widget's own per-minute limits (`crate::metering`).
//! The client is the last `X-Forwarded-For` entry (the address API Gateway
//! saw; entries before it are the client's own claims), else the
//! connection's peer.

use crate::http::Code;
use std::net::{IpAddr, SocketAddr};

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;
use axum::http::{HeaderMap, header};

use super::auth::require_module;
use super::error::ApiError;
use super::state::AppState;
use crate::auth::Module;
use crate::auth::domains;
use crate::metering::{Account, Spender, Usage};
use crate::repo::orgs::{self, Organization};
use crate::repo::widgets::{self, Widget};

/// Which site rule applies (see the module documentation).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SiteRule {
    /// The widget's own routes: the request must name an allowed site.
    Page,
    /// A chart image link the widget made: a request naming no site passes.
    Link,
}

/// A visitor admitted to a widget.
#[derive(Debug, Clone)]
pub struct WidgetVisitor {
    pub widget: Widget,
    pub organization: Organization,
    /// The client address the per-address limit counts.
    pub client: String,
}

pub fn widget_not_found() -> ApiError {
    ApiError::coded(Code::WidgetNotFound, "no such widget: check the data-widget-id of the embed")
}

/// A widget route's widget and organization as the stack read them for the
/// request's CORS answer (`None`: either is gone), so that the handler need
/// not read them again.
#[derive(Debug, Clone)]
pub struct WidgetLookup(pub Option<(Widget, Organization)>);

/// The widget `widget_id` and its organization (`read` already, or read
/// now), for a request from the site the headers name; nothing is charged
/// yet.
pub async fn admit_widget(
    app: &AppState,
    widget_id: &str,
    read: Option<WidgetLookup>,
    headers: &HeaderMap,
    client: ClientAddress,
    rule: SiteRule,
) -> Result<WidgetVisitor, ApiError> {
    let found = match read {
        Some(WidgetLookup(found)) => found.filter(|(widget, _)| widget.id == widget_id),
        None => find_with_organization(app, widget_id).await?,
    };
    let (widget, organization) = found.ok_or_else(widget_not_found)?;
    tracing::Span::current().record("org", organization.id.as_str());
    require_module(organization.plan, Module::Widgets)?;
    check_site(&widget.allowed_domains, headers, rule, "the widget")?;
    if !widget.enabled {
        return Err(ApiError::coded(Code::WidgetDisabled, "this widget is turned off by its owner"));
    }
    Ok(WidgetVisitor { widget, organization, client: client.0 })
}

/// The widget and its organization, whatever their state (`None` when
/// either is gone).
pub async fn find_with_organization(app: &AppState, widget_id: &str) -> Result<Option<(Widget, Organization)>, ApiError> {
    let Some(widget) = widgets::find(app.table.as_ref(), widget_id).await? else { return Ok(None) };
    let Some(organization) = orgs::get_organization(app.table.as_ref(), &widget.organization_id).await? else { return Ok(None) };
    Ok(Some((widget, organization)))
}

/// Whether the site `origin` names may use the widget: what the CORS
/// headers of the widget's routes say (an `Origin` of another site gets
/// none, so its page cannot read the answer).
pub fn allows_origin(widget: &Widget, origin: &str) -> bool {
    allows_site(&widget.allowed_domains, domains::requesting_site(Some(origin), None).as_deref())
}

/// Whether a widget's (or chatbot's) `patterns` answer a page of `site` (a
/// host; `None` when the request names none): none listed answers no site,
/// `*` every site and requests naming none.
pub fn allows_site(patterns: &[String], site: Option<&str>) -> bool {
    if patterns.is_empty() {
        return false;
    }
    if domains::unrestricted(patterns) {
        return true;
    }
    site.is_some_and(|host| patterns.iter().any(|pattern| domains::pattern_matches(pattern, host)))
}

/// The site rule of a public route (see the module documentation) for
/// `whose` allowed sites (`the widget`, `the chatbot`).
pub(crate) fn check_site(patterns: &[String], headers: &HeaderMap, rule: SiteRule, whose: &str) -> Result<(), ApiError> {
    let header = |name: header::HeaderName| headers.get(name).and_then(|value| value.to_str().ok());
    let (origin, referer) = (header(header::ORIGIN), header(header::REFERER));
    if rule == SiteRule::Link && domains::requesting_site(origin, referer).is_none() {
        return Ok(());
    }
    if patterns.is_empty() {
        return Err(ApiError::coded(
            Code::DomainNotAllowed,
            format!("{whose} lists no allowed site yet: its owner adds the site to allowedDomains"),
        ));
    }
    domains::check(patterns, origin, referer).map_err(|refusal| super::auth::domain_refusal(whose, refusal))
}

/// The client of a request, as the platform vouches for it: API Gateway's
/// `sourceIp` on Lambda, the connection's peer locally. `X-Forwarded-For`
/// is a client's own claim, so it is read only from a proxy the operator
/// trusts: one whose address is in `TRUSTED_PROXIES`, or CloudFront (a
/// request carrying the distribution's `X-Origin-Verify` secret). Each
/// trusted hop names the one before it as the last entry it appended; the
/// walk stops at the first address that is not a trusted proxy, and that
/// is the client. `unknown` when nothing names one (all such requests then
/// share one window).
#[derive(Debug, Clone)]
pub struct ClientAddress(pub String);

impl FromRequestParts<AppState> for ClientAddress {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let through_cdn = state.config.cdn.origin_verify_secret.as_ref().is_some_and(|secret| {
            parts.headers.get(crate::cloudfront::ORIGIN_VERIFY_HEADER).is_some_and(|value| secret.matches(value.as_bytes()))
        });
        let forwarded: Vec<&str> = parts
            .headers
            .get_all("x-forwarded-for")
            .iter()
            .filter_map(|value| value.to_str().ok())
            .flat_map(|value| value.split(','))
            .map(str::trim)
            .filter(|entry| !entry.is_empty())
            .collect();
        let proxies = &state.config.trusted_proxies;
        let client = client_of(vouched_source(parts), &forwarded, through_cdn, |ip| proxies.iter().any(|net| net.contains(&ip)));
        Ok(Self(client.map_or_else(|| "unknown".to_owned(), |ip| ip.to_string())))
    }
}

/// The address the platform saw the request come from.
fn vouched_source(parts: &Parts) -> Option<IpAddr> {
    use lambda_http::request::RequestContext;
    let on_lambda = parts.extensions.get::<RequestContext>().and_then(|context| match context {
        RequestContext::ApiGatewayV2(context) => context.http.source_ip.as_deref(),
        RequestContext::ApiGatewayV1(context) => context.identity.source_ip.as_deref(),
        #[allow(unreachable_patterns)]
        _ => None,
    });
    match on_lambda {
        // Some event samples write the address as a /32 network.
        Some(source) => source.split('/').next().and_then(|ip| ip.trim().parse().ok()),
        None => parts.extensions.get::<ConnectInfo<SocketAddr>>().map(|ConnectInfo(peer)| peer.ip()),
    }
}

/// The client, from the vouched source and the `X-Forwarded-For` entries
/// (first to last), walking back only through trusted hops.
pub fn client_of(source: Option<IpAddr>, forwarded: &[&str], through_cdn: bool, trusted: impl Fn(IpAddr) -> bool) -> Option<IpAddr> {
    let mut client = source?;
    let mut vouched = through_cdn || trusted(client);
    let mut entries = forwarded.iter().rev();
    while vouched {
        let Some(entry) = entries.next() else { break };
        // A malformed entry ends the walk: nothing before it can be vouched for.
        let Ok(ip) = entry.parse::<IpAddr>() else { break };
        // A hop that appended the address it was reached from (API Gateway
        // appends the CloudFront edge that is the source itself).
        if ip == client {
            continue;
        }
        client = ip;
        vouched = trusted(client);
    }
    Some(client)
}

impl WidgetVisitor {
    /// Charges `usage` to the widget's organization, within the widget's
    /// limits (429 `rate_limited` or `quota_exceeded`, with `Retry-After`).
    pub async fn charge(&self, app: &AppState, usage: Usage) -> Result<(), ApiError> {
        let account = Account {
            organization_id: &self.organization.id,
            plan: self.organization.plan,
            spender: Spender::Widget { id: &self.widget.id, client: &self.client, limits: app.config.widget_limits },
        };
        super::auth::charge(app, &account, usage).await
    }

    /// Charges a place look-up: the widget's look-up window (twice its
    /// request limit) and the visitor's, no unit of the quota (429
    /// `rate_limited`).
    pub async fn charge_place_lookup(&self, app: &AppState) -> Result<(), ApiError> {
        let account = Account {
            organization_id: &self.organization.id,
            plan: self.organization.plan,
            spender: Spender::WidgetPlaces {
                id: &self.widget.id,
                client: &self.client,
                per_widget: app.config.widget_limits.per_widget.saturating_mul(2),
                per_client: app.config.widget_place_lookups,
            },
        };
        super::auth::charge(app, &account, Usage::Request).await
    }
}

#[cfg(test)]
mod tests {
    use super::client_of;
    use std::net::IpAddr;

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    fn in_ten(ip: IpAddr) -> bool {
        matches!(ip, IpAddr::V4(v4) if v4.octets()[0] == 10)
    }

    #[test]
    fn without_a_trusted_proxy_the_header_is_ignored() {
        let source = Some(ip("198.51.100.7"));
        assert_eq!(client_of(source, &["203.0.113.1"], false, in_ten), source);
        assert_eq!(client_of(source, &[], false, in_ten), source);
        assert_eq!(client_of(None, &["203.0.113.1"], false, in_ten), None);
    }

    #[test]
    fn trusted_hops_are_walked_back_to_the_first_untrusted_address() {
        let proxy = Some(ip("10.0.0.5"));
        assert_eq!(client_of(proxy, &["192.0.2.66", "198.51.100.9"], false, in_ten), Some(ip("198.51.100.9")));
        assert_eq!(client_of(proxy, &["192.0.2.66", "198.51.100.9", "10.1.1.1"], false, in_ten), Some(ip("198.51.100.9")));
        // A proxy that forwarded nothing: the proxy is all there is.
        assert_eq!(client_of(proxy, &[], false, in_ten), proxy);
        assert_eq!(client_of(proxy, &["not an address"], false, in_ten), proxy);
    }

    #[test]
    fn through_cloudfront_the_viewer_is_the_entry_the_edge_appended() {
        // CloudFront appends the viewer; API Gateway appends the edge.
        let edge = Some(ip("130.176.1.1"));
        assert_eq!(client_of(edge, &["192.0.2.66", "198.51.100.9", "130.176.1.1"], true, in_ten), Some(ip("198.51.100.9")));
        assert_eq!(client_of(edge, &["192.0.2.66", "198.51.100.9"], true, in_ten), Some(ip("198.51.100.9")));
    }
}
