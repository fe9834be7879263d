//! Creating, listing, reading and renaming organizations.

use axum::Json;
use axum::extract::{RawQuery, State};
use axum::http::StatusCode;
use serde::Deserialize;
use serde_json::{Value, json};
use shared::auth::{Plan, Role};
use shared::http::auth::SignedInUser;
use shared::http::member::OrgMember;
use shared::http::page::{LinkBase, PageRequest};
use shared::http::{ApiError, ApiJson, ApiResult, AppState};
use shared::repo::orgs::{self, Organization};

use crate::request::{self, ATTRIBUTES};
use crate::{profile, view};

const MAX_NAME_CHARS: usize = 100;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OrganizationRequest {
    data: OrganizationData,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct OrganizationData {
    #[serde(rename = "type")]
    kind: String,
    #[serde(default, deserialize_with = "shared::http::extract::not_null")]
    id: Option<String>,
    attributes: NameAttributes,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct NameAttributes {
    name: String,
}

/// A name is 1 to 100 characters as sent, not all spaces, with no control
/// characters; it is stored trimmed.
fn checked_name(sent: &str, problems: &mut Vec<(String, String)>) -> String {
    let name = sent.trim();
    if name.is_empty() || sent.chars().count() > MAX_NAME_CHARS || name.chars().any(char::is_control) {
        problems.push((format!("{ATTRIBUTES}/name"), format!("name must be 1 to {MAX_NAME_CHARS} characters, without control characters")));
    }
    name.to_owned()
}

/// POST /api/orgs: any signed-in user may found an organization; they become
/// its owner, on the free plan.
#[tracing::instrument(name = "create_organization", skip_all)]
pub async fn create_organization(
    State(app): State<AppState>,
    user: SignedInUser,
    ApiJson(body): ApiJson<OrganizationRequest>,
) -> ApiResult<(StatusCode, Json<Value>)> {
    let mut problems = Vec::new();
    request::check_identity(&body.data.kind, "organizations", body.data.id.as_deref(), None, &mut problems)?;
    let name = checked_name(&body.data.attributes.name, &mut problems);
    request::reject_if_any(problems)?;

    let owner = profile::of(&app, &user.claims).await?;
    let organization =
        Organization { id: uuid::Uuid::new_v4().to_string(), name, plan: Plan::Free, api_version: None, created_at: view::now_text() };
    orgs::create_organization(app.table.as_ref(), &organization, &owner).await?;
    tracing::info!(org = %organization.id, "organization created");
    Ok((StatusCode::CREATED, Json(json!({ "data": view::organization(organization, Role::Owner) }))))
}

/// GET /api/orgs: the caller's organizations and their role in each,
/// oldest first, a page at a time (`page[number]`, `page[size]`).
#[tracing::instrument(name = "list_organizations", skip_all)]
pub async fn list_organizations(State(app): State<AppState>, user: SignedInUser, RawQuery(raw): RawQuery) -> ApiResult<Json<Value>> {
    let page = PageRequest::from_query(raw.as_deref())?;
    let table = app.table.as_ref();
    let mut found = Vec::new();
    for (org_id, role) in orgs::memberships_of(table, &user.claims.sub).await? {
        // A mirror without its organization is skipped rather than failing the list.
        if let Some(organization) = orgs::get_organization(table, &org_id).await? {
            found.push((organization, role));
        }
    }
    found.sort_by(|(a, _), (b, _)| (&a.created_at, &a.id).cmp(&(&b.created_at, &b.id)));
    let base_url = app.config.public_base_url.as_deref().unwrap_or("");
    let (found, envelope) = page.slice(found, &LinkBase::new(base_url, "/api/orgs", raw.as_deref()));
    let data: Vec<_> = found.into_iter().map(|(organization, role)| view::organization(organization, role)).collect();
    Ok(Json(json!({ "data": data, "links": envelope.links, "meta": { "page": envelope.page } })))
}

/// GET /api/org
#[tracing::instrument(name = "get_organization", skip_all)]
pub async fn get_organization(member: OrgMember) -> ApiResult<Json<Value>> {
    member.require("org:read")?;
    Ok(Json(json!({ "data": view::organization(member.organization, member.role) })))
}

/// PATCH /api/org: renames the organization.
#[tracing::instrument(name = "rename_organization", skip_all)]
pub async fn rename_organization(
    State(app): State<AppState>,
    member: OrgMember,
    ApiJson(body): ApiJson<OrganizationRequest>,
) -> ApiResult<Json<Value>> {
    member.require("org:update")?;
    let mut problems = Vec::new();
    request::check_identity(&body.data.kind, "organizations", body.data.id.as_deref(), Some(&member.organization.id), &mut problems)?;
    let name = checked_name(&body.data.attributes.name, &mut problems);
    request::reject_if_any(problems)?;

    let mut organization = member.organization;
    organization.name = name;
    match orgs::update_organization(app.table.as_ref(), &organization).await {
        Ok(()) => {}
        Err(shared::repo::RepoError::NotFound) => return Err(ApiError::not_found("no such organization")),
        Err(other) => return Err(other.into()),
    }
    Ok(Json(json!({ "data": view::organization(organization, member.role) })))
}
