//! The storage port: one small, DynamoDB-shaped interface (a single table of
//! items addressed by partition key `pk` and sort key `sk`) with two backends
//! beside it: [`embedded::EmbeddedTable`] (redb, a file-backed embedded
//! database, the local default) and [`dynamo::DynamoTable`] (AWS DynamoDB).
//!
//! The typed repositories (`orgs`, `api_keys`, ...) are written once against
//! [`Table`]; they never know which backend runs. The single-table layout (all
//! key formats) lives in [`schema`] and is documented in `docs/storage.md`.

use std::sync::Arc;

use async_trait::async_trait;
use serde_json::{Map, Value};

#[cfg(feature = "aws")]
pub mod dynamo;
pub mod embedded;

/// One stored item. `attrs` is a JSON object; backends store it opaquely
/// (DynamoDB: a string attribute `doc`; redb: the serialized bytes).
#[derive(Debug, Clone, PartialEq)]
pub struct Item {
    pub pk: String,
    pub sk: String,
    pub attrs: Map<String, Value>,
}

impl Item {
    pub fn new(pk: impl Into<String>, sk: impl Into<String>, attrs: Map<String, Value>) -> Self {
        Self { pk: pk.into(), sk: sk.into(), attrs }
    }
}

/// A precondition on the current state of the addressed item.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Condition {
    #[default]
    None,
    /// The item must not exist yet (create-only).
    MustNotExist,
    /// The item must exist (update-only).
    MustExist,
}

#[derive(Debug, Clone, PartialEq)]
pub enum WriteOp {
    Put { item: Item, condition: Condition },
    Delete { pk: String, sk: String, condition: Condition },
}

/// Result of an atomic counter increment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Increment {
    /// The add was applied; `count` is the new value.
    Applied { count: i64 },
    /// The add would have passed `limit`; nothing was changed. `count` is the
    /// current value.
    Refused { count: i64 },
}

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// A [`Condition`] of a write did not hold; nothing of the batch was written.
    #[error("a write condition failed")]
    ConditionFailed,
    /// The backend failed (I/O, network, throttling). The message is for logs,
    /// never for response bodies.
    #[error("storage backend error: {0}")]
    Backend(String),
    #[error("stored item is corrupt: {0}")]
    Corrupt(String),
}

/// The single-table port. Every method is atomic on its own.
#[async_trait]
pub trait Table: Send + Sync + 'static {
    async fn get(&self, pk: &str, sk: &str) -> Result<Option<Item>, StoreError>;

    /// Items of partition `pk` whose sort key starts with `sk_prefix`, in
    /// ascending sort-key order (byte order), at most `limit` if given.
    async fn query(&self, pk: &str, sk_prefix: &str, limit: Option<usize>) -> Result<Vec<Item>, StoreError>;

    /// Applies all ops atomically (all or nothing, at most 25 ops). If any
    /// condition fails, returns [`StoreError::ConditionFailed`] and writes nothing.
    async fn write(&self, ops: Vec<WriteOp>) -> Result<(), StoreError>;

    /// Atomically adds `by` to the numeric counter item (`pk`, `sk`), creating
    /// it at 0 first if absent. With `limit`, the add is refused (and nothing
    /// changes) when the new value would exceed `limit`. `expires_at` (unix
    /// seconds) lets the backend drop the counter after that time (DynamoDB
    /// TTL); it is advisory. Counters live apart from `attrs` items: reading
    /// one with [`Table::counter`].
    async fn increment(&self, pk: &str, sk: &str, by: i64, limit: Option<i64>, expires_at: Option<i64>) -> Result<Increment, StoreError>;

    /// Adds to several counters atomically: every add applies, or none does
    /// when one would take its counter past its limit (the result names the
    /// first such add). One round trip on DynamoDB (`TransactWriteItems`, or
    /// `UpdateItem` for a single add): how a request is charged to its rate
    /// window, its organization's quota and its key's usage at once. Each
    /// counter at most once per call (DynamoDB refuses a transaction naming
    /// an item twice), at most 25 counters.
    async fn increment_all(&self, adds: &[CounterIncrement]) -> Result<Increments, StoreError>;

    /// The items at `keys` (`(pk, sk)`), in the same order, `None` where
    /// absent: one round trip on DynamoDB (`BatchGetItem`, strongly
    /// consistent) for up to 100 keys. The default reads them one by one.
    async fn get_many(&self, keys: &[(String, String)]) -> Result<Vec<Option<Item>>, StoreError> {
        let mut items = Vec::with_capacity(keys.len());
        for (pk, sk) in keys {
            items.push(self.get(pk, sk).await?);
        }
        Ok(items)
    }

    /// Current value of a counter item, 0 if absent.
    async fn counter(&self, pk: &str, sk: &str) -> Result<i64, StoreError>;

    /// The counters of partition `pk` whose sort key starts with `sk_prefix`,
    /// as `(sk, value)` in ascending sort-key order.
    async fn counters(&self, pk: &str, sk_prefix: &str) -> Result<Vec<(String, i64)>, StoreError>;

    /// Writes many items unconditionally, in batches: a bulk load (the base
    /// corpus), not a transaction; each batch is atomic. The default writes
    /// batches of the port's 25-op maximum.
    async fn put_many(&self, items: Vec<Item>) -> Result<(), StoreError> {
        let mut items = items.into_iter().peekable();
        while items.peek().is_some() {
            let batch = items.by_ref().take(25).map(|item| WriteOp::Put { item, condition: Condition::None }).collect();
            self.write(batch).await?;
        }
        Ok(())
    }

    /// Adds each delta to its counter, without limits: how a write-behind
    /// meter persists what it counted in memory. Not atomic as a whole (each
    /// add is); a failure leaves some adds applied, and the caller retries only
    /// those not reported done: the result lists how many leading adds applied.
    async fn add_to_counters(&self, adds: &[CounterAdd]) -> Result<(), (usize, StoreError)> {
        for (done, add) in adds.iter().enumerate() {
            self.increment(&add.pk, &add.sk, add.by, None, add.expires_at).await.map_err(|e| (done, e))?;
        }
        Ok(())
    }
}

/// One add of [`Table::increment_all`]: `by` to the counter (`pk`, `sk`)
/// unless the new value would exceed `limit`; `expires_at` as in
/// [`Table::increment`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CounterIncrement {
    pub pk: String,
    pub sk: String,
    pub by: i64,
    pub limit: Option<i64>,
    pub expires_at: Option<i64>,
}

/// Result of [`Table::increment_all`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Increments {
    /// Every add was applied.
    Applied,
    /// The add at `index` would have passed its limit; nothing was changed.
    Refused { index: usize },
}

/// One unconditional counter add of [`Table::add_to_counters`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CounterAdd {
    pub pk: String,
    pub sk: String,
    pub by: i64,
    pub expires_at: Option<i64>,
}

pub type SharedTable = Arc<dyn Table>;
