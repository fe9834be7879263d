//! [`EmbeddedTable`]: the [`Table`] port on redb, a file-backed embedded
//! database (copy-on-write B-trees, crash-safe commits). The local default: one
//! file, no server, survives restarts and crashes.
//!
//! Layout: two redb tables in one file.
//! - `items`: `(pk, sk) -> JSON bytes of attrs`. redb orders `&str` by bytes and
//!   tuples element by element, so a partition is one contiguous key range in
//!   ascending sort-key byte order, exactly DynamoDB's order.
//! - `counters`: `(pk, sk) -> i64`. Counters live apart from items, as the port
//!   says; on DynamoDB they share the key space, so the schema must give
//!   counters keys that no item uses (e.g. their own sort-key prefix).
//!
//! Where redb runs (measured on the 2-core dev machine, release build, a
//! cached 200-byte item: a point read costs ~2.5 µs called directly and ~45 µs
//! through `spawn_blocking`, the hop to a pooled thread and back):
//! - point reads (`get`, `counter`) run directly on the async worker. redb
//!   reads are MVCC snapshots that never wait for a writer, and a cache miss is
//!   one short `pread`, so they are cheaper inline than the hop;
//! - everything that can take long or wait runs on tokio's blocking pool
//!   (`spawn_blocking`): writes (a commit fsyncs, milliseconds on real disks,
//!   and `begin_write` *blocks* while another write transaction is open, so 200
//!   concurrent increments would otherwise park every worker behind one
//!   writer), and `query` (a partition scan can decode megabytes).

use std::path::Path;
use std::sync::Arc;

use async_trait::async_trait;
use redb::{Database, Durability, ReadOnlyTable, ReadableDatabase, ReadableTable, TableDefinition, WriteTransaction};
use serde_json::{Map, Value};

use super::{Condition, CounterAdd, CounterIncrement, Increment, Increments, Item, StoreError, Table, WriteOp};

/// `(pk, sk) -> JSON object bytes`.
const ITEMS: TableDefinition<(&str, &str), &[u8]> = TableDefinition::new("items");
/// `(pk, sk) -> counter value`.
const COUNTERS: TableDefinition<(&str, &str), i64> = TableDefinition::new("counters");

/// The port's documented maximum ops per [`Table::write`] (DynamoDB's classic
/// TransactWriteItems limit); enforced here too so code that passes locally
/// does not fail only in production.
const MAX_WRITE_OPS: usize = 25;

/// The [`Table`] port on a redb file. Cheap to clone (the database is shared).
#[derive(Clone)]
pub struct EmbeddedTable {
    db: Arc<Database>,
    /// One write transaction at a time is all redb runs; the others wait
    /// here, as tasks, rather than each on a blocking-pool thread parked in
    /// `begin_write` (500 chat answers ending together took ~400 threads and
    /// ~50 MB until they retired).
    writer: Arc<tokio::sync::Semaphore>,
}

impl std::fmt::Debug for EmbeddedTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("EmbeddedTable").finish_non_exhaustive()
    }
}

/// How a write transaction ends: whether the closure's work is committed or
/// thrown away (a refused increment changes nothing, so it must not pay for a
/// commit and its fsync).
enum TxnEnd<T> {
    Commit(T),
    Abort(T),
}

impl EmbeddedTable {
    /// The store of a data directory: its `astro.redb`.
    pub fn open_in(data_dir: &Path) -> Result<Self, StoreError> {
        Self::open(&data_dir.join("astro.redb"))
    }

    /// Opens (or creates) the database file at `path`, creating missing parent
    /// directories. Fails with [`StoreError::Backend`] if another `EmbeddedTable`
    /// (in this or another process) has the file open: redb takes a file lock.
    pub fn open(path: &Path) -> Result<Self, StoreError> {
        if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
            std::fs::create_dir_all(parent)
                .map_err(|e| StoreError::Backend(format!("cannot create directory {}: {e}", parent.display())))?;
        }
        // `create` opens an existing database or creates an empty one; a file
        // left by a crash is recovered (redb repairs on open).
        let db = Database::create(path).map_err(|e| backend("open", e))?;
        // Create both tables up front so read transactions can always open them
        // (a read of a never-created table is an error in redb, not "empty").
        let txn = db.begin_write().map_err(|e| backend("begin_write", e))?;
        {
            txn.open_table(ITEMS).map_err(|e| backend("open_table", e))?;
            txn.open_table(COUNTERS).map_err(|e| backend("open_table", e))?;
        }
        txn.commit().map_err(|e| backend("commit", e))?;
        Ok(Self { db: Arc::new(db), writer: Arc::new(tokio::sync::Semaphore::new(1)) })
    }

    /// Runs a short read inline (see the module docs for why not on the
    /// blocking pool).
    fn read<T, F>(&self, f: F) -> Result<T, StoreError>
    where
        F: FnOnce(&Database) -> Result<T, StoreError>,
    {
        f(&self.db)
    }

    /// Runs `f` inline on the items table of one read transaction: one
    /// consistent snapshot for everything `f` reads.
    fn read_items<T, F>(&self, f: F) -> Result<T, StoreError>
    where
        F: FnOnce(&ReadOnlyTable<(&'static str, &'static str), &'static [u8]>) -> Result<T, StoreError>,
    {
        self.read(|db| {
            let txn = db.begin_read().map_err(|e| backend("begin_read", e))?;
            let table = txn.open_table(ITEMS).map_err(|e| backend("open_table", e))?;
            f(&table)
        })
    }

    /// Runs `f` on the blocking pool with a shared handle to the database.
    async fn blocking<T, F>(&self, f: F) -> Result<T, StoreError>
    where
        T: Send + 'static,
        F: FnOnce(&Database) -> Result<T, StoreError> + Send + 'static,
    {
        let db = Arc::clone(&self.db);
        tokio::task::spawn_blocking(move || f(&db)).await.map_err(|e| StoreError::Backend(format!("embedded store task failed: {e}")))?
    }

    /// Runs `f` inside one write transaction on the blocking pool. redb allows a
    /// single write transaction at a time, so everything `f` reads and writes is
    /// serialised against every other write: conditions checked inside `f` hold
    /// at commit. An `Err` from `f` (or [`TxnEnd::Abort`]) aborts: nothing of
    /// it is written.
    ///
    /// This is the one place where commit durability is chosen (today: redb's
    /// default, fsync on every commit). Batching counters later means giving
    /// increments their own path here, e.g. [`Durability::None`] commits plus a
    /// periodic durable commit, or a group-commit worker applying many queued
    /// increments in one transaction, without touching the callers.
    async fn write_txn<T, F>(&self, durability: Durability, f: F) -> Result<T, StoreError>
    where
        T: Send + 'static,
        F: FnOnce(&WriteTransaction) -> Result<TxnEnd<T>, StoreError> + Send + 'static,
    {
        // Held until the transaction ends on its thread, even if the caller
        // stops waiting for it.
        let turn = Arc::clone(&self.writer).acquire_owned().await.map_err(|e| backend("writer", e))?;
        self.blocking(move |db| {
            let _turn = turn;
            let mut txn = db.begin_write().map_err(|e| backend("begin_write", e))?;
            txn.set_durability(durability).map_err(|e| backend("set_durability", e))?;
            match f(&txn) {
                Ok(TxnEnd::Commit(value)) => {
                    txn.commit().map_err(|e| backend("commit", e))?;
                    Ok(value)
                }
                Ok(TxnEnd::Abort(value)) => {
                    abort(txn);
                    Ok(value)
                }
                Err(e) => {
                    abort(txn);
                    Err(e)
                }
            }
        })
        .await
    }
}

/// Aborts a write transaction. A failed abort leaves nothing behind (the
/// transaction's pages are never made visible) but is worth a log line.
fn abort(txn: WriteTransaction) {
    if let Err(e) = txn.abort() {
        tracing::warn!(error = %e, "embedded store: aborting a write transaction failed");
    }
}

fn backend(what: &str, e: impl std::fmt::Display) -> StoreError {
    StoreError::Backend(format!("redb {what}: {e}"))
}

/// DynamoDB refuses empty key strings; refuse them here as well so the two
/// backends accept the same inputs.
fn check_key(pk: &str, sk: &str) -> Result<(), StoreError> {
    if pk.is_empty() || sk.is_empty() {
        return Err(StoreError::Backend("pk and sk must not be empty".into()));
    }
    Ok(())
}

/// The item at `(pk, sk)` of a read transaction's items table.
fn item_in(table: &ReadOnlyTable<(&'static str, &'static str), &'static [u8]>, pk: &str, sk: &str) -> Result<Option<Item>, StoreError> {
    let found = table.get((pk, sk)).map_err(|e| backend("get", e))?;
    found.map(|bytes| decode(pk, sk, bytes.value())).transpose()
}

fn decode(pk: &str, sk: &str, bytes: &[u8]) -> Result<Item, StoreError> {
    match serde_json::from_slice::<Value>(bytes) {
        Ok(Value::Object(attrs)) => Ok(Item::new(pk, sk, attrs)),
        Ok(_) => Err(StoreError::Corrupt(format!("item ({pk}, {sk}) is not a JSON object"))),
        Err(e) => Err(StoreError::Corrupt(format!("item ({pk}, {sk}): {e}"))),
    }
}

fn encode(attrs: &Map<String, Value>) -> Result<Vec<u8>, StoreError> {
    serde_json::to_vec(attrs).map_err(|e| StoreError::Backend(format!("cannot encode item: {e}")))
}

fn condition_holds(condition: Condition, exists: bool) -> bool {
    match condition {
        Condition::None => true,
        Condition::MustNotExist => !exists,
        Condition::MustExist => exists,
    }
}

/// Rejects batches DynamoDB would reject: too many ops, or two ops on one item.
fn check_batch(ops: &[WriteOp]) -> Result<(), StoreError> {
    if ops.len() > MAX_WRITE_OPS {
        return Err(StoreError::Backend(format!("a write takes at most {MAX_WRITE_OPS} ops, got {}", ops.len())));
    }
    let mut keys = std::collections::HashSet::with_capacity(ops.len());
    for op in ops {
        let key = match op {
            WriteOp::Put { item, .. } => (item.pk.as_str(), item.sk.as_str()),
            WriteOp::Delete { pk, sk, .. } => (pk.as_str(), sk.as_str()),
        };
        check_key(key.0, key.1)?;
        if !keys.insert(key) {
            return Err(StoreError::Backend(format!("a write names item ({}, {}) more than once", key.0, key.1)));
        }
    }
    Ok(())
}

#[async_trait]
impl Table for EmbeddedTable {
    async fn get(&self, pk: &str, sk: &str) -> Result<Option<Item>, StoreError> {
        check_key(pk, sk)?;
        self.read_items(|table| item_in(table, pk, sk))
    }

    /// One read transaction for the batch, one consistent snapshot: a key's
    /// authentication reads its record and its lineage on every request.
    async fn get_many(&self, keys: &[(String, String)]) -> Result<Vec<Option<Item>>, StoreError> {
        if keys.is_empty() {
            return Ok(Vec::new());
        }
        for (pk, sk) in keys {
            check_key(pk, sk)?;
        }
        self.read_items(|table| keys.iter().map(|(pk, sk)| item_in(table, pk, sk)).collect())
    }

    async fn query(&self, pk: &str, sk_prefix: &str, limit: Option<usize>) -> Result<Vec<Item>, StoreError> {
        if pk.is_empty() {
            return Err(StoreError::Backend("pk must not be empty".into()));
        }
        let limit = limit.unwrap_or(usize::MAX);
        if limit == 0 {
            return Ok(Vec::new());
        }
        let (pk, prefix) = (pk.to_owned(), sk_prefix.to_owned());
        self.blocking(move |db| {
            let txn = db.begin_read().map_err(|e| backend("begin_read", e))?;
            let table = txn.open_table(ITEMS).map_err(|e| backend("open_table", e))?;
            // Every key of the partition with this prefix sorts at or after
            // (pk, prefix) and they are contiguous: scan from there and stop at
            // the first key that leaves the partition or the prefix.
            let range = table.range((pk.as_str(), prefix.as_str())..).map_err(|e| backend("range", e))?;
            let mut items = Vec::new();
            for entry in range {
                let (key, value) = entry.map_err(|e| backend("range", e))?;
                let (item_pk, item_sk) = key.value();
                if item_pk != pk || !item_sk.starts_with(prefix.as_str()) {
                    break;
                }
                items.push(decode(item_pk, item_sk, value.value())?);
                if items.len() >= limit {
                    break;
                }
            }
            Ok(items)
        })
        .await
    }

    async fn write(&self, ops: Vec<WriteOp>) -> Result<(), StoreError> {
        if ops.is_empty() {
            return Ok(());
        }
        check_batch(&ops)?;
        self.write_txn(Durability::Immediate, move |txn| {
            let mut table = txn.open_table(ITEMS).map_err(|e| backend("open_table", e))?;
            for op in &ops {
                match op {
                    WriteOp::Put { item, condition } => {
                        let key = (item.pk.as_str(), item.sk.as_str());
                        if *condition != Condition::None {
                            let exists = table.get(key).map_err(|e| backend("get", e))?.is_some();
                            if !condition_holds(*condition, exists) {
                                return Err(StoreError::ConditionFailed);
                            }
                        }
                        let bytes = encode(&item.attrs)?;
                        table.insert(key, bytes.as_slice()).map_err(|e| backend("insert", e))?;
                    }
                    WriteOp::Delete { pk, sk, condition } => {
                        let key = (pk.as_str(), sk.as_str());
                        // `remove` reports whether the item existed; an unmet
                        // condition aborts the transaction, undoing the remove.
                        let existed = table.remove(key).map_err(|e| backend("remove", e))?.is_some();
                        if !condition_holds(*condition, existed) {
                            return Err(StoreError::ConditionFailed);
                        }
                    }
                }
            }
            Ok(TxnEnd::Commit(()))
        })
        .await
    }

    async fn increment(
        &self,
        pk: &str,
        sk: &str,
        by: i64,
        limit: Option<i64>,
        // Advisory per the port: redb has no TTL, so it is not stored. A
        // windowed counter (one key per time window) that outlives its window
        // is dead weight, not wrong; a sweep can be added when that matters.
        _expires_at: Option<i64>,
    ) -> Result<Increment, StoreError> {
        check_key(pk, sk)?;
        let (pk, sk) = (pk.to_owned(), sk.to_owned());
        self.write_txn(Durability::Immediate, move |txn| {
            let mut table = txn.open_table(COUNTERS).map_err(|e| backend("open_table", e))?;
            let key = (pk.as_str(), sk.as_str());
            let current = table.get(key).map_err(|e| backend("get", e))?.map_or(0, |v| v.value());
            let next = current.checked_add(by).ok_or_else(|| StoreError::Backend(format!("counter ({pk}, {sk}) would overflow")))?;
            if limit.is_some_and(|limit| next > limit) {
                return Ok(TxnEnd::Abort(Increment::Refused { count: current }));
            }
            table.insert(key, next).map_err(|e| backend("insert", e))?;
            Ok(TxnEnd::Commit(Increment::Applied { count: next }))
        })
        .await
    }

    /// One write transaction: the limits are checked against what it reads,
    /// serialised against every other write.
    async fn increment_all(&self, adds: &[CounterIncrement]) -> Result<Increments, StoreError> {
        if adds.is_empty() {
            return Ok(Increments::Applied);
        }
        for add in adds {
            check_key(&add.pk, &add.sk)?;
        }
        let adds = adds.to_vec();
        self.write_txn(Durability::Immediate, move |txn| {
            let mut table = txn.open_table(COUNTERS).map_err(|e| backend("open_table", e))?;
            for (index, add) in adds.iter().enumerate() {
                let key = (add.pk.as_str(), add.sk.as_str());
                let current = table.get(key).map_err(|e| backend("get", e))?.map_or(0, |v| v.value());
                let next = current
                    .checked_add(add.by)
                    .ok_or_else(|| StoreError::Backend(format!("counter ({}, {}) would overflow", add.pk, add.sk)))?;
                if add.limit.is_some_and(|limit| next > limit) {
                    return Ok(TxnEnd::Abort(Increments::Refused { index }));
                }
                table.insert(key, next).map_err(|e| backend("insert", e))?;
            }
            Ok(TxnEnd::Commit(Increments::Applied))
        })
        .await
    }

    async fn counter(&self, pk: &str, sk: &str) -> Result<i64, StoreError> {
        check_key(pk, sk)?;
        self.read(|db| {
            let txn = db.begin_read().map_err(|e| backend("begin_read", e))?;
            let table = txn.open_table(COUNTERS).map_err(|e| backend("open_table", e))?;
            let value = table.get((pk, sk)).map_err(|e| backend("get", e))?;
            Ok(value.map_or(0, |v| v.value()))
        })
    }

    async fn counters(&self, pk: &str, sk_prefix: &str) -> Result<Vec<(String, i64)>, StoreError> {
        if pk.is_empty() {
            return Err(StoreError::Backend("pk must not be empty".into()));
        }
        self.read(|db| {
            let txn = db.begin_read().map_err(|e| backend("begin_read", e))?;
            let table = txn.open_table(COUNTERS).map_err(|e| backend("open_table", e))?;
            let mut found = Vec::new();
            for entry in table.range((pk, sk_prefix)..).map_err(|e| backend("range", e))? {
                let (key, value) = entry.map_err(|e| backend("range", e))?;
                let (counter_pk, counter_sk) = key.value();
                if counter_pk != pk || !counter_sk.starts_with(sk_prefix) {
                    break;
                }
                found.push((counter_sk.to_owned(), value.value()));
            }
            Ok(found)
        })
    }

    /// One transaction, one fsync, however many items.
    async fn put_many(&self, items: Vec<Item>) -> Result<(), StoreError> {
        for item in &items {
            check_key(&item.pk, &item.sk)?;
        }
        self.write_txn(Durability::Immediate, move |txn| {
            let mut table = txn.open_table(ITEMS).map_err(|e| backend("open_table", e))?;
            for item in &items {
                let bytes = encode(&item.attrs)?;
                table.insert((item.pk.as_str(), item.sk.as_str()), bytes.as_slice()).map_err(|e| backend("insert", e))?;
            }
            Ok(TxnEnd::Commit(()))
        })
        .await
    }

    /// All adds in one transaction with one fsync: a meter's whole flush costs
    /// one durable commit, whatever the number of counters.
    async fn add_to_counters(&self, adds: &[CounterAdd]) -> Result<(), (usize, StoreError)> {
        if adds.is_empty() {
            return Ok(());
        }
        for add in adds {
            check_key(&add.pk, &add.sk).map_err(|e| (0, e))?;
        }
        let adds = adds.to_vec();
        self.write_txn(Durability::Immediate, move |txn| {
            let mut table = txn.open_table(COUNTERS).map_err(|e| backend("open_table", e))?;
            for add in &adds {
                let key = (add.pk.as_str(), add.sk.as_str());
                let current = table.get(key).map_err(|e| backend("get", e))?.map_or(0, |v| v.value());
                let next = current
                    .checked_add(add.by)
                    .ok_or_else(|| StoreError::Backend(format!("counter ({}, {}) would overflow", add.pk, add.sk)))?;
                table.insert(key, next).map_err(|e| backend("insert", e))?;
            }
            Ok(TxnEnd::Commit(()))
        })
        .await
        .map_err(|e| (0, e))
    }
}
