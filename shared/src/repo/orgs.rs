//! Organizations, users and memberships.
//!
//! A membership is written twice, in one transaction: under the organization
//! (`ORG#`/`MEMBER#`, the authority on the role) and under the user
//! (`USER#`/`ORG#`, to list a user's organizations).
//!
//! Role changes and removals are decided on a [`Roster`] (every member and the
//! roster version it was read at) and written together with the next roster
//! version, created-only. Two changes decided on the same roster cannot both
//! be written, so a rule such as "the last owner stays" holds under
//! concurrent requests even though the store conditions only on existence.

use serde::{Deserialize, Serialize};

use super::{RepoError, conflict_as_contended, conflict_as_exists, from_item, now_text, schema, to_attrs};
use crate::auth::{Plan, Role};
use crate::store::{Condition, Item, StoreError, Table, WriteOp};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Organization {
    pub id: String,
    pub name: String,
    pub plan: Plan,
    /// The organization's compatibility-date pin (`YYYY-MM-DD`), if any.
    #[serde(default)]
    pub api_version: Option<String>,
    pub created_at: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct User {
    pub id: String,
    pub email: String,
    pub name: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Membership {
    pub role: Role,
    /// When the user joined (RFC 3339). Memberships written before this was
    /// recorded have none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub joined_at: Option<String>,
}

impl Membership {
    pub fn new(role: Role, joined_at: String) -> Self {
        Self { role, joined_at: Some(joined_at) }
    }
}

/// The two items of a new membership, create-only.
fn membership_puts(org_id: &str, user_id: &str, membership: &Membership) -> Result<Vec<WriteOp>, StoreError> {
    let attrs = to_attrs(membership)?;
    Ok(vec![
        WriteOp::Put { item: Item::new(schema::org(org_id), schema::member(user_id), attrs.clone()), condition: Condition::MustNotExist },
        WriteOp::Put { item: Item::new(schema::user(user_id), schema::user_org(org_id), attrs), condition: Condition::MustNotExist },
    ])
}

/// Creates or replaces a user's profile.
pub(super) fn profile_put(user: &User) -> Result<WriteOp, StoreError> {
    Ok(WriteOp::Put { item: Item::new(schema::user(&user.id), schema::META, to_attrs(user)?), condition: Condition::None })
}

/// Creates an organization with `owner` as its owner, atomically.
pub async fn create_organization(table: &dyn Table, org: &Organization, owner: &User) -> Result<(), RepoError> {
    let mut ops =
        vec![WriteOp::Put { item: Item::new(schema::org(&org.id), schema::META, to_attrs(org)?), condition: Condition::MustNotExist }];
    ops.extend(membership_puts(&org.id, &owner.id, &Membership::new(Role::Owner, org.created_at.clone()))?);
    ops.push(profile_put(owner)?);
    table.write(ops).await.map_err(conflict_as_exists)
}

pub async fn get_organization(table: &dyn Table, org_id: &str) -> Result<Option<Organization>, RepoError> {
    Ok(table.get(&schema::org(org_id), schema::META).await?.map(from_item).transpose()?)
}

/// Replaces an existing organization's record (name, plan, pin).
pub async fn update_organization(table: &dyn Table, org: &Organization) -> Result<(), RepoError> {
    table
        .write(vec![WriteOp::Put { item: Item::new(schema::org(&org.id), schema::META, to_attrs(org)?), condition: Condition::MustExist }])
        .await
        .map_err(|error| match error {
            StoreError::ConditionFailed => RepoError::NotFound,
            other => RepoError::Store(other),
        })
}

pub async fn membership(table: &dyn Table, org_id: &str, user_id: &str) -> Result<Option<Membership>, RepoError> {
    Ok(table.get(&schema::org(org_id), &schema::member(user_id)).await?.map(from_item).transpose()?)
}

pub async fn role_of(table: &dyn Table, org_id: &str, user_id: &str) -> Result<Option<Role>, RepoError> {
    Ok(membership(table, org_id, user_id).await?.map(|m| m.role))
}

pub async fn get_user(table: &dyn Table, user_id: &str) -> Result<Option<User>, RepoError> {
    Ok(table.get(&schema::user(user_id), schema::META).await?.map(from_item).transpose()?)
}

/// Creates or replaces the user's profile.
pub async fn put_user(table: &dyn Table, user: &User) -> Result<(), RepoError> {
    Ok(table.write(vec![profile_put(user)?]).await?)
}

/// Whether the local bootstrap already ran on this store.
pub async fn bootstrapped(table: &dyn Table) -> Result<bool, RepoError> {
    Ok(table.get(schema::SYSTEM, schema::BOOTSTRAP).await?.is_some())
}

pub async fn mark_bootstrapped(table: &dyn Table, org_id: &str) -> Result<(), RepoError> {
    let mut attrs = serde_json::Map::new();
    attrs.insert("organizationId".into(), org_id.into());
    table
        .write(vec![WriteOp::Put { item: Item::new(schema::SYSTEM, schema::BOOTSTRAP, attrs), condition: Condition::MustNotExist }])
        .await
        .map_err(conflict_as_exists)
}

/// Adds `user` to the organization with `role` (and the user's mirror item).
pub async fn add_member(table: &dyn Table, org_id: &str, user: &User, role: Role) -> Result<(), RepoError> {
    let mut ops = membership_puts(org_id, &user.id, &Membership::new(role, now_text()))?;
    ops.push(profile_put(user)?);
    table.write(ops).await.map_err(conflict_as_exists)
}

/// The ops of a new membership and its profile, for a transaction of
/// another repository (accepting an invitation).
pub(super) fn join_ops(org_id: &str, user: &User, membership: &Membership) -> Result<Vec<WriteOp>, StoreError> {
    let mut ops = membership_puts(org_id, &user.id, membership)?;
    ops.push(profile_put(user)?);
    Ok(ops)
}

/// The organizations `user_id` belongs to, with the role in each.
pub async fn memberships_of(table: &dyn Table, user_id: &str) -> Result<Vec<(String, Role)>, RepoError> {
    let items = table.query(&schema::user(user_id), schema::USER_ORG_PREFIX, None).await?;
    items
        .into_iter()
        .map(|item| {
            let org_id = item.sk.trim_start_matches(schema::USER_ORG_PREFIX).to_owned();
            let membership: Membership = from_item(item)?;
            Ok((org_id, membership.role))
        })
        .collect()
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Member {
    pub user_id: String,
    pub membership: Membership,
}

/// An organization's members as read at one roster version: what role
/// changes and removals are decided on.
#[derive(Debug, Clone)]
pub struct Roster {
    org_id: String,
    version: u64,
    pub members: Vec<Member>,
}

impl Roster {
    pub fn member(&self, user_id: &str) -> Option<&Member> {
        self.members.iter().find(|m| m.user_id == user_id)
    }

    pub fn owners(&self) -> usize {
        self.members.iter().filter(|m| m.membership.role == Role::Owner).count()
    }

    /// Whether giving `user_id` the role `becomes` (`None`: removing them)
    /// leaves the organization without an owner.
    fn strands_ownership(&self, user_id: &str, becomes: Option<Role>) -> bool {
        let is_owner = self.member(user_id).is_some_and(|m| m.membership.role == Role::Owner);
        is_owner && becomes != Some(Role::Owner) && self.owners() <= 1
    }

    /// Replaces the current roster version by the next one, create-only: the
    /// guard that makes a decision on this roster stale once another is written.
    fn advance(&self) -> Vec<WriteOp> {
        let pk = schema::org(&self.org_id);
        let mut attrs = serde_json::Map::new();
        attrs.insert("version".into(), (self.version + 1).into());
        let mut ops =
            vec![WriteOp::Put { item: Item::new(pk.clone(), schema::roster(self.version + 1), attrs), condition: Condition::MustNotExist }];
        if self.version > 0 {
            ops.push(WriteOp::Delete { pk, sk: schema::roster(self.version), condition: Condition::MustExist });
        }
        ops
    }
}

/// Reads the roster: the version first, so that a change written after it
/// was read makes any decision on these members stale.
pub async fn roster(table: &dyn Table, org_id: &str) -> Result<Roster, RepoError> {
    let pk = schema::org(org_id);
    let version = match table.query(&pk, schema::ROSTER_PREFIX, None).await?.last() {
        None => 0,
        Some(item) => item.sk[schema::ROSTER_PREFIX.len()..]
            .parse()
            .map_err(|_| StoreError::Corrupt(format!("{} {}: not a roster version", item.pk, item.sk)))?,
    };
    let members = table
        .query(&pk, schema::MEMBER_PREFIX, None)
        .await?
        .into_iter()
        .map(|item| {
            let user_id = item.sk[schema::MEMBER_PREFIX.len()..].to_owned();
            Ok(Member { user_id, membership: from_item(item)? })
        })
        .collect::<Result<_, StoreError>>()?;
    Ok(Roster { org_id: org_id.to_owned(), version, members })
}

/// Gives `user_id` the role `role`, keeping when they joined.
///
/// Errors: [`RepoError::NotFound`] if they are not on the roster,
/// [`RepoError::LastOwner`] if they are its only owner and `role` is not
/// owner, [`RepoError::Contended`] if the roster changed since it was read.
pub async fn change_role(table: &dyn Table, roster: &Roster, user_id: &str, role: Role) -> Result<Membership, RepoError> {
    let member = roster.member(user_id).ok_or(RepoError::NotFound)?;
    if roster.strands_ownership(user_id, Some(role)) {
        return Err(RepoError::LastOwner);
    }
    let changed = Membership { role, joined_at: member.membership.joined_at.clone() };
    let attrs = to_attrs(&changed)?;
    let mut ops = vec![
        WriteOp::Put {
            item: Item::new(schema::org(&roster.org_id), schema::member(user_id), attrs.clone()),
            condition: Condition::MustExist,
        },
        WriteOp::Put { item: Item::new(schema::user(user_id), schema::user_org(&roster.org_id), attrs), condition: Condition::MustExist },
    ];
    ops.extend(roster.advance());
    table.write(ops).await.map_err(conflict_as_contended)?;
    Ok(changed)
}

/// Removes `user_id` from the organization: the membership and its mirror,
/// in one transaction. Errors as [`change_role`].
pub async fn remove_member(table: &dyn Table, roster: &Roster, user_id: &str) -> Result<(), RepoError> {
    roster.member(user_id).ok_or(RepoError::NotFound)?;
    if roster.strands_ownership(user_id, None) {
        return Err(RepoError::LastOwner);
    }
    let mut ops = vec![
        WriteOp::Delete { pk: schema::org(&roster.org_id), sk: schema::member(user_id), condition: Condition::MustExist },
        WriteOp::Delete { pk: schema::user(user_id), sk: schema::user_org(&roster.org_id), condition: Condition::MustExist },
    ];
    ops.extend(roster.advance());
    table.write(ops).await.map_err(conflict_as_contended)
}
