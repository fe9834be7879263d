//! An organization's members: listing, changing roles, removing and leaving.
//!
//! Rules beyond the role table:
//! - only an owner may grant the owner role, or change or remove an owner;
//! - the last owner can be neither demoted nor removed (409 `last_owner`);
//! - any member may leave (remove themselves) without `org:users:delete`.
//!
//! Changes are decided on a roster read in the same request and written
//! only if the roster is still the same (see `shared::repo::orgs`); when
//! someone else changed it meanwhile, the decision is taken again.

use axum::Json;
use axum::extract::{Path, RawQuery, State};
use axum::http::StatusCode;
use serde::Deserialize;
use serde_json::{Value, json};
use shared::auth::Role;
use shared::http::Code;
use shared::http::member::OrgMember;
use shared::http::page::{LinkBase, PageRequest};
use shared::http::{ApiError, ApiJson, ApiResult, AppState};
use shared::repo::RepoError;
use shared::repo::api_keys;
use shared::repo::orgs::{self, Member};

use crate::request::{self, ATTRIBUTES};
use crate::view;

/// How many times a change is decided again when the roster keeps changing
/// under it before the caller is asked to retry.
const ATTEMPTS: usize = 3;

fn no_such_member() -> ApiError {
    ApiError::not_found("no such member")
}

fn last_owner() -> ApiError {
    ApiError::coded(Code::LastOwner, "the organization's last owner cannot be demoted or removed; make another member an owner first")
}

fn busy() -> ApiError {
    ApiError::conflict("the organization's members were changed at the same time; try again")
}

/// Only an owner may touch an owner, or make one.
fn check_owner_rule(caller: &OrgMember, target: &Member, new_role: Option<Role>) -> Result<(), ApiError> {
    let touches_owner = target.membership.role == Role::Owner || new_role == Some(Role::Owner);
    if touches_owner && caller.role != Role::Owner {
        return Err(ApiError::coded(
            Code::InsufficientRole,
            format!("only an owner may grant the owner role or change or remove an owner; you are a {}", caller.role.id()),
        ));
    }
    Ok(())
}

/// GET /api/org/members: longest-standing first, a page at a time
/// (`page[number]`, `page[size]`).
#[tracing::instrument(name = "list_members", skip_all)]
pub async fn list_members(State(app): State<AppState>, member: OrgMember, RawQuery(raw): RawQuery) -> ApiResult<Json<Value>> {
    member.require("org:users:read")?;
    let page = PageRequest::from_query(raw.as_deref())?;
    let table = app.table.as_ref();
    let mut members = orgs::roster(table, &member.organization.id).await?.members;
    members.sort_by(|a, b| (&a.membership.joined_at, &a.user_id).cmp(&(&b.membership.joined_at, &b.user_id)));
    let base_url = app.config.public_base_url.as_deref().unwrap_or("");
    let (members, envelope) = page.slice(members, &LinkBase::new(base_url, "/api/org/members", raw.as_deref()));
    // Profiles are read for this page's members only.
    let mut data = Vec::with_capacity(members.len());
    for entry in members {
        let profile = orgs::get_user(table, &entry.user_id).await?;
        data.push(view::member(entry, profile));
    }
    Ok(Json(json!({ "data": data, "links": envelope.links, "meta": { "page": envelope.page } })))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MemberRequest {
    data: MemberData,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct MemberData {
    #[serde(rename = "type")]
    kind: String,
    #[serde(default, deserialize_with = "shared::http::extract::not_null")]
    id: Option<String>,
    attributes: RoleAttributes,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RoleAttributes {
    role: String,
}

pub const ROLES: &str = "role must be one of owner, manager, member";

pub fn parse_role(text: &str) -> Option<Role> {
    [Role::Owner, Role::Manager, Role::Member].into_iter().find(|role| role.id() == text)
}

/// PATCH /api/org/members/{userId}: `{"data": {"type": "members", "attributes": {"role"}}}`.
#[tracing::instrument(name = "change_member_role", skip_all)]
pub async fn change_member_role(
    State(app): State<AppState>,
    caller: OrgMember,
    Path(user_id): Path<String>,
    ApiJson(body): ApiJson<MemberRequest>,
) -> ApiResult<Json<Value>> {
    caller.require("org:users:update")?;
    let mut problems = Vec::new();
    request::check_identity(&body.data.kind, "members", body.data.id.as_deref(), Some(&user_id), &mut problems)?;
    let Some(role) = parse_role(&body.data.attributes.role) else {
        problems.push((format!("{ATTRIBUTES}/role"), ROLES.into()));
        return Err(ApiError::invalid_fields(problems));
    };
    request::reject_if_any(problems)?;

    let table = app.table.as_ref();
    for _ in 0..ATTEMPTS {
        let roster = orgs::roster(table, &caller.organization.id).await?;
        let target = roster.member(&user_id).ok_or_else(no_such_member)?;
        check_owner_rule(&caller, target, Some(role))?;
        if target.membership.role == role {
            let profile = orgs::get_user(table, &user_id).await?;
            return Ok(Json(json!({ "data": view::member(target.clone(), profile) })));
        }
        match orgs::change_role(table, &roster, &user_id, role).await {
            Ok(membership) => {
                tracing::info!(org = %caller.organization.id, member = %user_id, role = role.id(), "member role changed");
                let profile = orgs::get_user(table, &user_id).await?;
                return Ok(Json(json!({ "data": view::member(Member { user_id, membership }, profile) })));
            }
            Err(RepoError::LastOwner) => return Err(last_owner()),
            Err(RepoError::NotFound) => return Err(no_such_member()),
            Err(RepoError::Contended) => continue,
            Err(other) => return Err(other.into()),
        }
    }
    Err(busy())
}

/// DELETE /api/org/members/{userId}: removes a member, or, on one's own id,
/// leaves the organization.
#[tracing::instrument(name = "remove_member", skip_all)]
pub async fn remove_member(State(app): State<AppState>, caller: OrgMember, Path(user_id): Path<String>) -> ApiResult<StatusCode> {
    let leaving = user_id == caller.user_id();
    if !leaving {
        caller.require("org:users:delete")?;
    }
    let table = app.table.as_ref();
    for _ in 0..ATTEMPTS {
        let roster = orgs::roster(table, &caller.organization.id).await?;
        let target = roster.member(&user_id).ok_or_else(no_such_member)?;
        if !leaving {
            check_owner_rule(&caller, target, None)?;
        }
        match orgs::remove_member(table, &roster, &user_id).await {
            Ok(()) => {
                let revoked = revoke_keys_of(&app, &caller.organization.id, &user_id).await?;
                tracing::info!(org = %caller.organization.id, member = %user_id, leaving, revoked, "member removed");
                return Ok(StatusCode::NO_CONTENT);
            }
            Err(RepoError::LastOwner) => return Err(last_owner()),
            Err(RepoError::NotFound) => return Err(no_such_member()),
            Err(RepoError::Contended) => continue,
            Err(other) => return Err(other.into()),
        }
    }
    Err(busy())
}

/// A key never holds more than its owner's role allows, and someone who left
/// holds no role: their keys are revoked with their membership (they stay
/// listed, revoked, for the record).
async fn revoke_keys_of(app: &AppState, org_id: &str, user_id: &str) -> Result<usize, ApiError> {
    let mut revoked = 0;
    for key in api_keys::list_for_organization(app.table.as_ref(), org_id).await? {
        if key.created_by == user_id && key.revoked_at.is_none() {
            api_keys::revoke(app.table.as_ref(), &key).await?;
            revoked += 1;
        }
    }
    Ok(revoked)
}

#[cfg(test)]
mod tests {
    use super::parse_role;
    use shared::auth::Role;

    #[test]
    fn roles_parse_by_their_ids_only() {
        assert_eq!(parse_role("manager"), Some(Role::Manager));
        assert_eq!(parse_role("Owner"), None);
        assert_eq!(parse_role("admin"), None);
    }
}
