//! An organization's widgets, managed from the dashboard (bearer token, the
//! caller's role read on every request; the organization's plan must hold
//! the `widgets` module):
//!
//! | route | role permission |
//! |---|---|
//! | `POST /api/widgets` | `org:update` |
//! | `GET /api/widgets` (paginated) | `org:read` |
//! | `GET /api/widgets/{id}` | `org:read` |
//! | `PATCH /api/widgets/{id}` (merge, see `shared::widget`) | `org:update` |
//! | `DELETE /api/widgets/{id}` | `org:update` |
//!
//! An id of another organization is a 404, like one that does not exist.

use axum::extract::{Path, RawQuery, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use serde_json::Value;
use shared::auth::Module;
use shared::http::auth::require_module;
use shared::http::member::OrgMember;
use shared::http::page::{PagedDocument, dashboard_page};
use shared::http::resource::{ResourceBody, SelfLink};
use shared::http::{ApiError, ApiJson, ApiResult, AppState, Document};
use shared::repo::widgets::{self, Widget};
use shared::repo::{RepoError, now_text};
use shared::widget::{self as rules, WidgetAttributes};

pub const RESOURCE_TYPE: &str = "widgets";
const ATTRIBUTES: &str = "/data/attributes";

#[derive(Debug, Serialize)]
pub struct WidgetResource {
    #[serde(rename = "type")]
    kind: &'static str,
    id: String,
    attributes: WidgetView,
    links: SelfLink,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct WidgetView {
    name: String,
    customization: Value,
    allowed_domains: Vec<String>,
    enabled: bool,
    created_at: String,
    updated_at: String,
}

fn base_url(app: &AppState) -> &str {
    app.config.public_base_url.as_deref().unwrap_or("")
}

fn resource(app: &AppState, widget: Widget) -> WidgetResource {
    WidgetResource {
        kind: RESOURCE_TYPE,
        links: SelfLink { own: format!("{}/api/widgets/{}", base_url(app), widget.id) },
        id: widget.id,
        attributes: WidgetView {
            name: widget.name,
            customization: widget.customization,
            allowed_domains: widget.allowed_domains,
            enabled: widget.enabled,
            created_at: widget.created_at,
            updated_at: widget.updated_at,
        },
    }
}

/// The caller's role holds `permission` and the organization's plan the
/// `widgets` module.
fn admit(member: &OrgMember, permission: &str) -> Result<(), ApiError> {
    member.require(permission)?;
    require_module(member.organization.plan, Module::Widgets)
}

fn no_such_widget(id: &str) -> ApiError {
    ApiError::not_found(format!("the organization has no widget '{id}'"))
}

fn gone(id: &str) -> impl FnOnce(RepoError) -> ApiError + '_ {
    move |error| match error {
        RepoError::NotFound => no_such_widget(id),
        other => other.into(),
    }
}

pub async fn create_widget(
    State(app): State<AppState>,
    member: OrgMember,
    ApiJson(body): ApiJson<ResourceBody>,
) -> Result<Response, ApiError> {
    admit(&member, "org:update")?;
    let attributes = body.for_create(RESOURCE_TYPE, "widget")?;
    let attributes = rules::create(&attributes, ATTRIBUTES).map_err(ApiError::invalid_fields)?;
    let now = now_text();
    let widget = Widget {
        // Time-ordered (UUID v7): widgets made in the same second list in
        // the order they were made.
        id: uuid::Uuid::now_v7().to_string(),
        organization_id: member.organization.id.clone(),
        name: attributes.name,
        customization: attributes.customization,
        allowed_domains: attributes.allowed_domains,
        enabled: attributes.enabled,
        created_at: now.clone(),
        updated_at: now,
    };
    widgets::create(app.table.as_ref(), &widget).await?;
    let resource = resource(&app, widget);
    let mut headers = HeaderMap::new();
    headers.insert(header::LOCATION, HeaderValue::from_str(&resource.links.own).map_err(ApiError::internal)?);
    Ok((StatusCode::CREATED, headers, Document::new(resource)).into_response())
}

pub async fn list_widgets(
    State(app): State<AppState>,
    member: OrgMember,
    RawQuery(raw): RawQuery,
) -> ApiResult<PagedDocument<WidgetResource>> {
    admit(&member, "org:read")?;
    let all = widgets::list(app.table.as_ref(), &member.organization.id).await?;
    let resources = all.into_iter().map(|widget| resource(&app, widget)).collect();
    dashboard_page(base_url(&app), "/api/widgets", raw.as_deref(), resources)
}

pub async fn get_widget(State(app): State<AppState>, member: OrgMember, Path(id): Path<String>) -> ApiResult<Document<WidgetResource>> {
    admit(&member, "org:read")?;
    let widget = widgets::get(app.table.as_ref(), &member.organization.id, &id).await?.ok_or_else(|| no_such_widget(&id))?;
    Ok(Document::new(resource(&app, widget)))
}

pub async fn edit_widget(
    State(app): State<AppState>,
    member: OrgMember,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<ResourceBody>,
) -> ApiResult<Document<WidgetResource>> {
    admit(&member, "org:update")?;
    let changes = body.for_edit(RESOURCE_TYPE, &id)?;
    let current = widgets::get(app.table.as_ref(), &member.organization.id, &id).await?.ok_or_else(|| no_such_widget(&id))?;
    let attributes = WidgetAttributes {
        name: current.name.clone(),
        customization: current.customization.clone(),
        allowed_domains: current.allowed_domains.clone(),
        enabled: current.enabled,
    };
    let edited = rules::edit(attributes, &changes, ATTRIBUTES).map_err(ApiError::invalid_fields)?;
    let widget = Widget {
        name: edited.name,
        customization: edited.customization,
        allowed_domains: edited.allowed_domains,
        enabled: edited.enabled,
        updated_at: now_text(),
        ..current
    };
    widgets::update(app.table.as_ref(), &widget).await.map_err(gone(&id))?;
    Ok(Document::new(resource(&app, widget)))
}

pub async fn delete_widget(State(app): State<AppState>, member: OrgMember, Path(id): Path<String>) -> ApiResult<StatusCode> {
    admit(&member, "org:update")?;
    widgets::delete(app.table.as_ref(), &member.organization.id, &id).await.map_err(gone(&id))?;
    Ok(StatusCode::NO_CONTENT)
}
