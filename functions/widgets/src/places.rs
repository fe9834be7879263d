//! GET /api/widget-api/places/{widgetId}?query=…&limit=…: a widget's
//! birth-place suggestions, called from a visitor's browser without a key
//! as they type. Who may is the transit route's rule
//! (`shared::http::widget_access`: the widget's sites, its enabled flag, the
//! plan's module); the answer is `GET /api/places`'s (`shared::http::places`).
//! A look-up costs no unit of the quota but is limited per minute in windows
//! of their own, per visitor (`WIDGET_CLIENT_PLACE_LOOKUPS_PER_MINUTE`,
//! default 60) and per widget (twice its request limit), so typing never
//! takes a chart request's place. Answers may be kept by the browser five
//! minutes (`private`: they vary by the asking site).

use axum::Extension;
use axum::extract::{Path, RawQuery, State};
use axum::http::{HeaderMap, HeaderValue, header};
use axum::response::{IntoResponse, Response};
use shared::http::places;
use shared::http::widget_access::{ClientAddress, SiteRule, WidgetLookup, admit_widget};
use shared::http::{ApiResult, AppState};

#[tracing::instrument(name = "widget_places", skip_all)]
pub async fn widget_places(
    State(app): State<AppState>,
    Path(widget_id): Path<String>,
    client: ClientAddress,
    read: Option<Extension<WidgetLookup>>,
    headers: HeaderMap,
    RawQuery(raw): RawQuery,
) -> ApiResult<Response> {
    let visitor = admit_widget(&app, &widget_id, read.map(|Extension(read)| read), &headers, client, SiteRule::Page).await?;
    let answer = places::look_up(raw.as_deref())?;
    visitor.charge_place_lookup(&app).await?;
    let mut response = answer.into_response();
    response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("private, max-age=300"));
    Ok(response)
}
