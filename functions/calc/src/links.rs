//! Issuing the signed links a calculation answer carries: its chart images
//! (SVG and PNG) and its AI summary, made for the caller's key.

use axum::http::HeaderMap;
use shared::content::HoroscopeType;
use shared::http::chart_link::{ChartSpec, ImageClaims, ImageLinks};
use shared::http::{ApiError, AppState, Caller};
use shared::language::Language;

use crate::request::CommonOptions;
use crate::summary::link::{SummaryClaims, SummaryLink, path};

/// The signed SVG and PNG links to the image of `chart`, carrying the
/// request's `customization` (already validated) and language.
pub fn chart_image_link(
    app: &AppState,
    headers: &HeaderMap,
    caller: &Caller,
    chart: ChartSpec,
    options: &CommonOptions,
) -> Result<ImageLinks, ApiError> {
    image_link(app, headers, caller, chart, options.customization.as_ref().filter(|c| !c.is_null()).cloned(), options.language)
}

/// The signed SVG and PNG links to an image drawn in the default style
/// (the opener's `theme` and `size` still apply).
pub fn plain_image_link(
    app: &AppState,
    headers: &HeaderMap,
    caller: &Caller,
    chart: ChartSpec,
    language: Language,
) -> Result<ImageLinks, ApiError> {
    image_link(app, headers, caller, chart, None, language)
}

fn image_link(
    app: &AppState,
    headers: &HeaderMap,
    caller: &Caller,
    chart: ChartSpec,
    customization: Option<serde_json::Value>,
    language: Language,
) -> Result<ImageLinks, ApiError> {
    let claims = ImageClaims {
        organization_id: caller.organization.id.clone(),
        key_id: Some(caller.key.id.clone()),
        widget_id: None,
        exp: link_expiry(app),
        chart,
        customization,
        language: (language != Language::En).then(|| language.code().to_owned()),
        purpose: None,
    };
    shared::http::chart_link::sign(app, headers, &claims)
}

/// The signed link to the AI summary of `chart`, in the request's language.
pub fn summary_link(
    app: &AppState,
    headers: &HeaderMap,
    caller: &Caller,
    horoscope: HoroscopeType,
    chart: ChartSpec,
    options: &CommonOptions,
) -> Result<SummaryLink, ApiError> {
    let path = path(horoscope).ok_or_else(|| ApiError::internal(format!("no summary route for {}", horoscope.id())))?;
    let claims = SummaryClaims::new(caller, horoscope, options.language, chart, link_expiry(app));
    let token = app.signer.sign(&claims).map_err(ApiError::internal)?;
    let expires_at = chrono::DateTime::from_timestamp(claims.exp, 0).ok_or_else(|| ApiError::internal("link expiry out of range"))?;
    Ok(SummaryLink {
        url: shared::http::public_link(app, headers, &format!("{path}?token={token}"), claims.exp),
        expires_at: expires_at.to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
        horoscope_type: horoscope.id(),
    })
}

/// Links expire on the hour (see `shared::signing::link_expiry`).
fn link_expiry(app: &AppState) -> i64 {
    shared::signing::link_expiry(chrono::Utc::now().timestamp(), app.config.chart_link_ttl_seconds)
}
