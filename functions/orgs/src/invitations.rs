//! Invitations: an organization invites an email address with a role; the
//! person signs in with that address and accepts.
//!
//! Statuses: `pending` (open), `accepted`, `revoked`, and `expired` (a pending
//! invitation past `expiresAt`, computed when read). The public lookup shows
//! an open, unexpired invitation and nothing else: every other id, known or
//! not, is the same 404.

use axum::Json;
use axum::extract::{Path, RawQuery, State};
use axum::http::StatusCode;
use serde::Deserialize;
use serde_json::{Value, json};
use shared::auth::Role;
use shared::http::Code;
use shared::http::auth::SignedInUser;
use shared::http::member::OrgMember;
use shared::http::page::{LinkBase, PageRequest};
use shared::http::{ApiError, ApiJson, ApiResult, AppState};
use shared::repo::RepoError;
use shared::repo::invitations::{self, Invitation, InvitationStatus};
use shared::repo::orgs;
use shared::store::Table;

use crate::members::{ROLES, parse_role};
use crate::profile;
use crate::request::{self, ATTRIBUTES};
use crate::view::{self, Audience, InvitationView};

const DEFAULT_EXPIRES_IN: i64 = 7 * 24 * 3600;
const MIN_EXPIRES_IN: i64 = 3600;
const MAX_EXPIRES_IN: i64 = 30 * 24 * 3600;

fn now() -> i64 {
    chrono::Utc::now().timestamp()
}

/// Unknown, closed and expired invitations all look like this.
fn no_such_invitation() -> ApiError {
    ApiError::not_found("no such invitation")
}

fn already_member() -> ApiError {
    ApiError::coded(Code::AlreadyMember, "this person is already a member of the organization")
}

/// The address, trimmed and lowercased, if it is one: `local@domain`, ASCII,
/// the domain a host name with at least two labels, at most 254 characters
/// as sent. The rule is the document's pattern (`InvitationCreateRequest`),
/// so it is kept to what a regular expression states the same way in every
/// engine: only spaces, tabs and line breaks are trimmed, and the length
/// counts them.
pub fn normalized_email(text: &str) -> Option<String> {
    if text.len() > 254 {
        return None;
    }
    let email = text.trim_matches([' ', '\t', '\r', '\n']).to_ascii_lowercase();
    let (local, domain) = email.split_once('@')?;
    let local_ok = !local.is_empty()
        && local.bytes().all(|b| b.is_ascii_graphic() && !b"@\"(),:;<>[\\]".contains(&b))
        && !local.starts_with('.')
        && !local.ends_with('.')
        && !local.contains("..");
    let labels: Vec<&str> = domain.split('.').collect();
    let domain_ok = labels.len() >= 2
        && labels.iter().all(|label| {
            !label.is_empty()
                && label.len() <= 63
                && !label.starts_with('-')
                && !label.ends_with('-')
                && label.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
        });
    (local_ok && domain_ok).then_some(email)
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InvitationRequest {
    data: InvitationData,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct InvitationData {
    #[serde(rename = "type")]
    kind: String,
    #[serde(default, deserialize_with = "shared::http::extract::not_null")]
    id: Option<String>,
    attributes: InvitationAttributes,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct InvitationAttributes {
    email: String,
    role: String,
    /// Seconds from now.
    #[serde(default, deserialize_with = "shared::http::whole::optional")]
    expires_in: Option<i64>,
}

/// An invitation request with every field valid.
struct Invitee {
    email: String,
    role: Role,
    /// Seconds from now.
    expires_in: i64,
}

impl InvitationRequest {
    /// Every bad field, each with its pointer, in one 422.
    fn check(self) -> Result<Invitee, ApiError> {
        let mut problems = Vec::new();
        request::check_identity(&self.data.kind, "invitations", self.data.id.as_deref(), None, &mut problems)?;
        let attributes = self.data.attributes;
        let email = normalized_email(&attributes.email);
        if email.is_none() {
            problems.push((format!("{ATTRIBUTES}/email"), "expected an email address, such as name@example.com".into()));
        }
        let role = parse_role(&attributes.role);
        if role.is_none() {
            problems.push((format!("{ATTRIBUTES}/role"), ROLES.into()));
        }
        let expires_in = attributes.expires_in.unwrap_or(DEFAULT_EXPIRES_IN);
        if !(MIN_EXPIRES_IN..=MAX_EXPIRES_IN).contains(&expires_in) {
            problems.push((
                format!("{ATTRIBUTES}/expiresIn"),
                format!("expiresIn is in seconds, from {MIN_EXPIRES_IN} (an hour) to {MAX_EXPIRES_IN} (30 days)"),
            ));
        }
        let (Some(email), Some(role)) = (email, role) else {
            return Err(ApiError::invalid_fields(problems));
        };
        request::reject_if_any(problems)?;
        Ok(Invitee { email, role, expires_in })
    }
}

/// 409 when `email` is a member's already or has a pending invitation.
async fn refuse_known_address(table: &dyn Table, org_id: &str, email: &str, now: i64) -> Result<(), ApiError> {
    for member in orgs::roster(table, org_id).await?.members {
        let profile = orgs::get_user(table, &member.user_id).await?;
        if profile.is_some_and(|p| p.email.eq_ignore_ascii_case(email)) {
            return Err(already_member());
        }
    }
    let existing = invitations::list_for_organization(table, org_id).await?;
    if existing.iter().any(|i| i.email == email && i.status_at(now) == InvitationStatus::Pending) {
        return Err(ApiError::coded(
            Code::InvitationExists,
            "a pending invitation to this address exists; revoke it first to invite again",
        ));
    }
    Ok(())
}

/// POST /api/org/invitations
#[tracing::instrument(name = "create_invitation", skip_all)]
pub async fn create_invitation(
    State(app): State<AppState>,
    caller: OrgMember,
    ApiJson(body): ApiJson<InvitationRequest>,
) -> ApiResult<(StatusCode, Json<Value>)> {
    caller.require("org:users:create")?;
    let Invitee { email, role, expires_in } = body.check()?;
    if role == Role::Owner && caller.role != Role::Owner {
        return Err(ApiError::coded(Code::InsufficientRole, format!("only an owner may invite an owner; you are a {}", caller.role.id())));
    }
    let table = app.table.as_ref();
    let org_id = &caller.organization.id;
    let now = now();
    refuse_known_address(table, org_id, &email, now).await?;

    let inviter = profile::of(&app, &caller.user).await?;
    let invitation = Invitation {
        id: invitations::new_id(),
        organization_id: org_id.clone(),
        email,
        role,
        status: InvitationStatus::Pending,
        invited_by: inviter.id,
        inviter_name: inviter.name,
        inviter_email: inviter.email,
        created_at: view::timestamp(now),
        expires_at: now + expires_in,
        accepted_by: None,
        accepted_at: None,
        revoked_at: None,
    };
    invitations::create(table, &invitation).await?;
    tracing::info!(org = %org_id, role = role.id(), "invitation created");
    let shown = InvitationView::of(invitation, &caller.organization, now, Audience::Organization);
    Ok((StatusCode::CREATED, Json(json!({ "data": shown }))))
}

/// GET /api/org/invitations: every invitation, oldest first, with its
/// status as of now, a page at a time (`page[number]`, `page[size]`).
#[tracing::instrument(name = "list_invitations", skip_all)]
pub async fn list_invitations(State(app): State<AppState>, caller: OrgMember, RawQuery(raw): RawQuery) -> ApiResult<Json<Value>> {
    caller.require("org:users:read")?;
    let page = PageRequest::from_query(raw.as_deref())?;
    let mut all = invitations::list_for_organization(app.table.as_ref(), &caller.organization.id).await?;
    all.sort_by(|a, b| (&a.created_at, &a.id).cmp(&(&b.created_at, &b.id)));
    let base_url = app.config.public_base_url.as_deref().unwrap_or("");
    let (shown, envelope) = page.slice(all, &LinkBase::new(base_url, "/api/org/invitations", raw.as_deref()));
    let now = now();
    let data: Vec<_> = shown.into_iter().map(|i| InvitationView::of(i, &caller.organization, now, Audience::Organization)).collect();
    Ok(Json(json!({ "data": data, "links": envelope.links, "meta": { "page": envelope.page } })))
}

/// DELETE /api/org/invitations/{id}: revokes it. Revoking a revoked one is
/// harmless; an accepted one cannot be revoked (remove the member instead).
#[tracing::instrument(name = "revoke_invitation", skip_all)]
pub async fn revoke_invitation(State(app): State<AppState>, caller: OrgMember, Path(id): Path<String>) -> ApiResult<StatusCode> {
    caller.require("org:users:delete")?;
    let table = app.table.as_ref();
    let org_id = &caller.organization.id;
    let accepted = || ApiError::coded(Code::InvitationAccepted, "the invitation was accepted; remove the member instead");
    let invitation = invitations::get(table, org_id, &id).await?.ok_or_else(no_such_invitation)?;
    match invitation.status {
        InvitationStatus::Accepted => return Err(accepted()),
        InvitationStatus::Revoked => return Ok(StatusCode::NO_CONTENT),
        InvitationStatus::Pending | InvitationStatus::Expired => {}
    }
    match invitations::revoke(table, &invitation).await {
        Ok(_) => {
            tracing::info!(org = %org_id, "invitation revoked");
            Ok(StatusCode::NO_CONTENT)
        }
        // Closed meanwhile: say how.
        Err(RepoError::Contended) => match invitations::get(table, org_id, &id).await?.map(|i| i.status) {
            Some(InvitationStatus::Accepted) => Err(accepted()),
            Some(InvitationStatus::Revoked) => Ok(StatusCode::NO_CONTENT),
            _ => Err(ApiError::internal(format!("invitation {id} could not be revoked and is still open"))),
        },
        Err(other) => Err(other.into()),
    }
}

/// The open, unexpired invitation `id` with its organization, or the 404
/// that every other id gets.
async fn pending_invitation(app: &AppState, id: &str) -> Result<(Invitation, orgs::Organization), ApiError> {
    let table = app.table.as_ref();
    let invitation = invitations::find_open(table, id)
        .await?
        .filter(|i| i.status_at(now()) == InvitationStatus::Pending)
        .ok_or_else(no_such_invitation)?;
    let organization = orgs::get_organization(table, &invitation.organization_id).await?.ok_or_else(no_such_invitation)?;
    Ok((invitation, organization))
}

/// GET /api/public/invitations/{id}: no credentials; for the page where the
/// invitee accepts, before they have signed up.
#[tracing::instrument(name = "look_up_invitation", skip_all)]
pub async fn look_up_invitation(State(app): State<AppState>, Path(id): Path<String>) -> ApiResult<Json<Value>> {
    let (invitation, organization) = pending_invitation(&app, &id).await?;
    Ok(Json(json!({ "data": InvitationView::of(invitation, &organization, now(), Audience::Public) })))
}

/// POST /api/public/invitations/{id}/accept: the signed-in user whose token
/// carries the invited address joins with the invited role.
#[tracing::instrument(name = "accept_invitation", skip_all)]
pub async fn accept_invitation(State(app): State<AppState>, user: SignedInUser, Path(id): Path<String>) -> ApiResult<Json<Value>> {
    let (invitation, organization) = pending_invitation(&app, &id).await?;
    let signed_in_as = user.claims.email.as_deref().map(str::trim).unwrap_or_default();
    if !signed_in_as.eq_ignore_ascii_case(&invitation.email) {
        return Err(ApiError::coded(
            Code::InvitationEmailMismatch,
            "the invitation is for another email address; sign in with the address it was sent to",
        ));
    }
    let table = app.table.as_ref();
    if orgs::membership(table, &organization.id, &user.claims.sub).await?.is_some() {
        return Err(already_member());
    }
    let joining = profile::of(&app, &user.claims).await?;
    match invitations::accept(table, &invitation, &joining).await {
        Ok((accepted, _)) => {
            tracing::info!(org = %organization.id, role = accepted.role.id(), "invitation accepted");
            Ok(Json(json!({ "data": InvitationView::of(accepted, &organization, now(), Audience::Organization) })))
        }
        // Lost a race: joined meanwhile, or the invitation was closed.
        Err(RepoError::Contended) => match orgs::membership(table, &organization.id, &user.claims.sub).await? {
            Some(_) => Err(already_member()),
            None => Err(no_such_invitation()),
        },
        Err(other) => Err(other.into()),
    }
}

#[cfg(test)]
mod tests {
    use super::normalized_email;

    #[test]
    fn emails_are_checked_and_lowercased() {
        assert_eq!(normalized_email("  Ada.Lovelace+org@Example.COM "), Some("ada.lovelace+org@example.com".into()));
        for bad in [
            "",
            "ada",
            "ada@",
            "@example.com",
            "ada@example",
            "a b@example.com",
            "ada@@example.com",
            "ada@exa_mple.com",
            "ada@-x.com",
            ".a@x.com",
            "a..b@x.com",
            "ada@x..com",
            "ádá@example.com",
        ] {
            assert_eq!(normalized_email(bad), None, "{bad}");
        }
    }
}
