//! Invitations to join an organization.
//!
//! The record lives in the organization's partition (`ORG#`/`INVITE#{id}`),
//! so the organization lists its invitations in one query. A pointer item
//! (`INVITE#{id}`/`META`) lets the public lookup and the acceptance find it
//! by id alone. The pointer exists only while the invitation is open:
//! accepting and revoking delete it, create-only in reverse (must exist), so
//! of two concurrent closings exactly one is written.
//!
//! The id is the capability: whoever holds it sees the invited email. It is
//! 128 random bits.

use rand::RngCore;
use serde::{Deserialize, Serialize};
use serde_json::Map;

use super::orgs::{self, Membership, User};
use super::{RepoError, conflict_as_contended, conflict_as_exists, from_item, now_text, schema, to_attrs};
use crate::auth::Role;
use crate::store::{Condition, Item, StoreError, Table, WriteOp};

/// `expired` is never stored: it is what a pending invitation past its
/// expiry reads as.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum InvitationStatus {
    Pending,
    Accepted,
    Revoked,
    Expired,
}

impl InvitationStatus {
    pub fn id(self) -> &'static str {
        match self {
            Self::Pending => "pending",
            Self::Accepted => "accepted",
            Self::Revoked => "revoked",
            Self::Expired => "expired",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Invitation {
    pub id: String,
    pub organization_id: String,
    /// Lowercase.
    pub email: String,
    pub role: Role,
    /// As stored: pending, accepted or revoked. See [`Invitation::status_at`].
    pub status: InvitationStatus,
    /// Who invited, as they were when they did: the invitation keeps naming
    /// them after they change their profile or leave.
    pub invited_by: String,
    pub inviter_name: String,
    pub inviter_email: String,
    pub created_at: String,
    /// Unix seconds.
    pub expires_at: i64,
    #[serde(default)]
    pub accepted_by: Option<String>,
    #[serde(default)]
    pub accepted_at: Option<String>,
    #[serde(default)]
    pub revoked_at: Option<String>,
}

impl Invitation {
    /// The status as of `now` (unix seconds): a pending invitation past its
    /// expiry is expired.
    pub fn status_at(&self, now: i64) -> InvitationStatus {
        match self.status {
            InvitationStatus::Pending if now >= self.expires_at => InvitationStatus::Expired,
            stored => stored,
        }
    }
}

const ID_BYTES: usize = 16;

/// A new invitation id: 128 random bits as 32 lowercase hex characters.
pub fn new_id() -> String {
    let mut bytes = [0u8; ID_BYTES];
    rand::rng().fill_bytes(&mut bytes);
    hex::encode(bytes)
}

/// Whether `id` could be an invitation id (anything else is unknown without
/// a lookup).
pub fn is_well_formed_id(id: &str) -> bool {
    id.len() == ID_BYTES * 2 && id.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

fn pointer(invitation: &Invitation) -> Item {
    let mut attrs = Map::new();
    attrs.insert("organizationId".into(), invitation.organization_id.clone().into());
    Item::new(schema::invitation_pointer(&invitation.id), schema::META, attrs)
}

fn record(invitation: &Invitation) -> Result<Item, StoreError> {
    Ok(Item::new(schema::org(&invitation.organization_id), schema::invitation(&invitation.id), to_attrs(invitation)?))
}

/// Stores a new invitation and its pointer, both create-only.
pub async fn create(table: &dyn Table, invitation: &Invitation) -> Result<(), RepoError> {
    table
        .write(vec![
            WriteOp::Put { item: record(invitation)?, condition: Condition::MustNotExist },
            WriteOp::Put { item: pointer(invitation), condition: Condition::MustNotExist },
        ])
        .await
        .map_err(conflict_as_exists)
}

pub async fn get(table: &dyn Table, org_id: &str, invitation_id: &str) -> Result<Option<Invitation>, RepoError> {
    Ok(table.get(&schema::org(org_id), &schema::invitation(invitation_id)).await?.map(from_item).transpose()?)
}

/// The invitation `invitation_id` while it is open (its pointer exists):
/// pending, or pending and expired. Closed and unknown ids are `None`.
pub async fn find_open(table: &dyn Table, invitation_id: &str) -> Result<Option<Invitation>, RepoError> {
    if !is_well_formed_id(invitation_id) {
        return Ok(None);
    }
    let Some(pointer) = table.get(&schema::invitation_pointer(invitation_id), schema::META).await? else {
        return Ok(None);
    };
    let org_id = pointer
        .attrs
        .get("organizationId")
        .and_then(|v| v.as_str())
        .ok_or_else(|| StoreError::Corrupt(format!("{} {}: invitation pointer without organization", pointer.pk, pointer.sk)))?;
    get(table, org_id, invitation_id).await
}

/// Every invitation of the organization, whatever its status.
pub async fn list_for_organization(table: &dyn Table, org_id: &str) -> Result<Vec<Invitation>, RepoError> {
    let items = table.query(&schema::org(org_id), schema::INVITATION_PREFIX, None).await?;
    Ok(items.into_iter().map(from_item).collect::<Result<_, _>>()?)
}

/// Marks an open invitation revoked and closes it.
/// [`RepoError::Contended`]: it was closed meanwhile (accepted or revoked).
pub async fn revoke(table: &dyn Table, invitation: &Invitation) -> Result<Invitation, RepoError> {
    let mut revoked = invitation.clone();
    revoked.status = InvitationStatus::Revoked;
    revoked.revoked_at = Some(now_text());
    table
        .write(vec![
            WriteOp::Put { item: record(&revoked)?, condition: Condition::MustExist },
            WriteOp::Delete { pk: schema::invitation_pointer(&revoked.id), sk: schema::META.to_owned(), condition: Condition::MustExist },
        ])
        .await
        .map_err(conflict_as_contended)?;
    Ok(revoked)
}

/// Accepts an open invitation for `user`, in one transaction: the membership
/// with the invited role (and its mirror), the user's profile, the record
/// marked accepted, the pointer deleted.
/// [`RepoError::Contended`]: the user is already a member, or the invitation
/// was closed meanwhile; nothing was written.
pub async fn accept(table: &dyn Table, invitation: &Invitation, user: &User) -> Result<(Invitation, Membership), RepoError> {
    let now = now_text();
    let mut accepted = invitation.clone();
    accepted.status = InvitationStatus::Accepted;
    accepted.accepted_by = Some(user.id.clone());
    accepted.accepted_at = Some(now.clone());
    let membership = Membership::new(invitation.role, now);
    let mut ops = orgs::join_ops(&invitation.organization_id, user, &membership)?;
    ops.push(WriteOp::Put { item: record(&accepted)?, condition: Condition::MustExist });
    ops.push(WriteOp::Delete {
        pk: schema::invitation_pointer(&accepted.id),
        sk: schema::META.to_owned(),
        condition: Condition::MustExist,
    });
    table.write(ops).await.map_err(conflict_as_contended)?;
    Ok((accepted, membership))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_128_random_bits_in_hex() {
        let a = new_id();
        let b = new_id();
        assert!(is_well_formed_id(&a) && is_well_formed_id(&b), "{a} {b}");
        assert_ne!(a, b);
        for bad in ["", "ABCDEF0123456789abcdef0123456789", "abc", "0123456789abcdef0123456789abcdeg", &format!("{a}0")] {
            assert!(!is_well_formed_id(bad), "{bad}");
        }
    }

    #[test]
    fn a_pending_invitation_expires_at_its_expiry() {
        let invitation = Invitation {
            id: new_id(),
            organization_id: "org".into(),
            email: "a@example.test".into(),
            role: Role::Member,
            status: InvitationStatus::Pending,
            invited_by: "u".into(),
            inviter_name: "U".into(),
            inviter_email: "u@example.test".into(),
            created_at: "2026-01-01T00:00:00Z".into(),
            expires_at: 1000,
            accepted_by: None,
            accepted_at: None,
            revoked_at: None,
        };
        assert_eq!(invitation.status_at(999), InvitationStatus::Pending);
        assert_eq!(invitation.status_at(1000), InvitationStatus::Expired);
        let revoked = Invitation { status: InvitationStatus::Revoked, ..invitation };
        assert_eq!(revoked.status_at(2000), InvitationStatus::Revoked);
    }
}
