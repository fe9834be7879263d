//! Typed repositories over the [`Table`](crate::store::Table) port. Every
//! key format of the single-table design is in [`schema`].

pub mod api_keys;
pub mod orgs;
pub mod schema;

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

/// A create-only batch failing its condition means the thing exists.
fn conflict_as_exists(error: StoreError) -> RepoError {
    match error {
        StoreError::ConditionFailed => RepoError::AlreadyExists,
        other => RepoError::Store(other),
    }
}
