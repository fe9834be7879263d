//! How organizations, members and invitations are shown.
//!
//! Organizations and members are JSON:API resources (`type`, `id`,
//! `attributes`), as the interface shows the organization API version
//! resource. Invitations are flat, as the interface lists their fields (and
//! as API keys are shown).

use serde::Serialize;
use shared::auth::{Plan, Role};
use shared::repo::invitations::{Invitation, InvitationStatus};
use shared::repo::orgs::{Member, Organization, User};

pub fn timestamp(unix_seconds: i64) -> String {
    chrono::DateTime::from_timestamp(unix_seconds, 0).map(|at| at.to_rfc3339_opts(chrono::SecondsFormat::Secs, true)).unwrap_or_default()
}

pub use shared::repo::now_text;

#[derive(Debug, Serialize)]
pub struct Resource<A> {
    #[serde(rename = "type")]
    kind: &'static str,
    id: String,
    attributes: A,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct OrganizationAttributes {
    name: String,
    plan: Plan,
    api_version: Option<String>,
    created_at: String,
    /// The caller's role in it.
    role: Role,
}

pub fn organization(org: Organization, role: Role) -> Resource<OrganizationAttributes> {
    Resource {
        kind: "organizations",
        id: org.id,
        attributes: OrganizationAttributes {
            name: org.name,
            plan: org.plan,
            api_version: org.api_version,
            created_at: org.created_at,
            role,
        },
    }
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct MemberAttributes {
    user_id: String,
    /// `None` only for a member whose profile was never recorded.
    email: Option<String>,
    name: Option<String>,
    role: Role,
    /// `None` for memberships older than the record of joining.
    joined_at: Option<String>,
}

pub fn member(member: Member, profile: Option<User>) -> Resource<MemberAttributes> {
    let (email, name) = profile.map(|p| (Some(p.email), Some(p.name))).unwrap_or_default();
    Resource {
        kind: "members",
        id: member.user_id.clone(),
        attributes: MemberAttributes {
            user_id: member.user_id,
            email,
            name,
            role: member.membership.role,
            joined_at: member.membership.joined_at,
        },
    }
}

#[derive(Debug, Serialize)]
pub struct OrganizationRef {
    id: String,
    name: String,
}

#[derive(Debug, Serialize)]
pub struct Inviter {
    name: String,
    email: String,
}

/// Who sees an invitation: its organization sees its whole history; the
/// public lookup shows the interface's fields and nothing else.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Audience {
    Organization,
    Public,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct InvitationView {
    #[serde(rename = "type")]
    kind: &'static str,
    id: String,
    email: String,
    role: Role,
    status: InvitationStatus,
    expires_at: String,
    organization: OrganizationRef,
    inviter: Inviter,
    #[serde(skip_serializing_if = "Option::is_none")]
    created_at: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    accepted_at: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    revoked_at: Option<String>,
}

impl InvitationView {
    /// `organization` must be the invitation's organization; `now` in unix
    /// seconds decides whether a pending invitation reads as expired.
    pub fn of(invitation: Invitation, organization: &Organization, now: i64, audience: Audience) -> Self {
        let status = invitation.status_at(now);
        let private = |value: Option<String>| if audience == Audience::Organization { value } else { None };
        Self {
            kind: "invitations",
            id: invitation.id,
            email: invitation.email,
            role: invitation.role,
            status,
            expires_at: timestamp(invitation.expires_at),
            organization: OrganizationRef { id: organization.id.clone(), name: organization.name.clone() },
            inviter: Inviter { name: invitation.inviter_name, email: invitation.inviter_email },
            created_at: private(Some(invitation.created_at)),
            accepted_at: private(invitation.accepted_at),
            revoked_at: private(invitation.revoked_at),
        }
    }
}
