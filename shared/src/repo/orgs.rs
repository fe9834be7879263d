//! Organizations, users and memberships.

use serde::{Deserialize, Serialize};

use super::{RepoError, conflict_as_exists, from_item, schema, to_attrs};
use crate::auth::{Plan, Role};
use crate::store::{Condition, Item, Table, WriteOp};

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

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Membership {
    pub role: Role,
}

/// Creates an organization with `owner` as its owner, atomically.
pub async fn create_organization(table: &dyn Table, org: &Organization, owner: &User) -> Result<(), RepoError> {
    let membership = to_attrs(&Membership { role: Role::Owner })?;
    table
        .write(vec![
            WriteOp::Put { item: Item::new(schema::org(&org.id), schema::META, to_attrs(org)?), condition: Condition::MustNotExist },
            WriteOp::Put {
                item: Item::new(schema::org(&org.id), schema::member(&owner.id), membership.clone()),
                condition: Condition::MustNotExist,
            },
            WriteOp::Put {
                item: Item::new(schema::user(&owner.id), schema::user_org(&org.id), membership),
                condition: Condition::MustNotExist,
            },
            WriteOp::Put { item: Item::new(schema::user(&owner.id), schema::META, to_attrs(owner)?), condition: Condition::None },
        ])
        .await
        .map_err(conflict_as_exists)
}

pub async fn get_organization(table: &dyn Table, org_id: &str) -> Result<Option<Organization>, RepoError> {
    Ok(table.get(&schema::org(org_id), schema::META).await?.map(from_item).transpose()?)
}

pub async fn role_of(table: &dyn Table, org_id: &str, user_id: &str) -> Result<Option<Role>, RepoError> {
    let membership: Option<Membership> = table.get(&schema::org(org_id), &schema::member(user_id)).await?.map(from_item).transpose()?;
    Ok(membership.map(|m| m.role))
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
    let membership = to_attrs(&Membership { role })?;
    table
        .write(vec![
            WriteOp::Put {
                item: Item::new(schema::org(org_id), schema::member(&user.id), membership.clone()),
                condition: Condition::MustNotExist,
            },
            WriteOp::Put {
                item: Item::new(schema::user(&user.id), schema::user_org(org_id), membership),
                condition: Condition::MustNotExist,
            },
            WriteOp::Put { item: Item::new(schema::user(&user.id), schema::META, to_attrs(user)?), condition: Condition::None },
        ])
        .await
        .map_err(conflict_as_exists)
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
