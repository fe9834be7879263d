//! Typed repositories over the [`Table`](crate::store::Table) port. Every
//! key format of the single-table design is in [`schema`].

pub mod api_keys;
pub mod chatbots;
pub mod content;
pub mod invitations;
pub mod orgs;
pub mod schema;
pub mod summaries;
pub mod widgets;

use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

use crate::store::{Item, StoreError};

#[derive(Debug, thiserror::Error)]
pub enum RepoError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("already exists")]
    AlreadyExists,
    #[error("not found")]
    NotFound,
    /// What the change was decided on was changed by someone else meanwhile
    /// (an optimistic guard failed); nothing was written. Read again and retry.
    #[error("changed concurrently")]
    Contended,
    /// The change would leave the organization without an owner.
    #[error("the last owner cannot be demoted or removed")]
    LastOwner,
    /// The key was revoked meanwhile: a revocation is final.
    #[error("revoked")]
    Revoked,
}

fn to_attrs<T: Serialize>(value: &T) -> Result<Map<String, Value>, StoreError> {
    match serde_json::to_value(value) {
        Ok(Value::Object(map)) => Ok(map),
        Ok(_) => Err(StoreError::Corrupt("record is not an object".into())),
        Err(e) => Err(StoreError::Corrupt(e.to_string())),
    }
}

fn from_item<T: DeserializeOwned>(item: Item) -> Result<T, StoreError> {
    serde_json::from_value(Value::Object(item.attrs)).map_err(|e| StoreError::Corrupt(format!("{} {}: {e}", item.pk, item.sk)))
}

/// A guarded batch failing its condition means someone changed the state it
/// was decided on.
fn conflict_as_contended(error: StoreError) -> RepoError {
    match error {
        StoreError::ConditionFailed => RepoError::Contended,
        other => RepoError::Store(other),
    }
}

/// Now, as every stored record writes it (RFC 3339, seconds, UTC).
pub fn now_text() -> String {
    chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

/// A create-only batch failing its condition means the thing exists.
fn conflict_as_exists(error: StoreError) -> RepoError {
    match error {
        StoreError::ConditionFailed => RepoError::AlreadyExists,
        other => RepoError::Store(other),
    }
}
