//! Meters: atomic "add these units unless a limit would pass" over several
//! counters at once, with two implementations.
//!
//! - [`DirectMeter`] asks the store on every charge: one conditional update
//!   per counter (DynamoDB `UpdateItem ... ADD` with a condition). Exact across
//!   any number of processes, so it is the one Lambda uses: concurrent
//!   containers share nothing but the table.
//! - [`BufferedMeter`] decides in memory and writes behind: counts are exact
//!   because one process owns the store (redb locks its file), and the store
//!   sees the sums once per flush interval in one transaction, not one fsync
//!   per request. A crash loses what was counted since the last flush: at most
//!   one interval of traffic goes uncounted (never double counted).

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use async_trait::async_trait;

use crate::store::{CounterAdd, CounterIncrement, Increments, SharedTable, StoreError};

/// One counter a charge adds to.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct CounterId {
    pub pk: String,
    pub sk: String,
}

/// Add `units` to `counter`, unless that would take it past `limit`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Charge {
    pub counter: CounterId,
    pub units: i64,
    pub limit: Option<i64>,
    /// Unix seconds after which the counter is dead (DynamoDB TTL; the
    /// buffered meter forgets it from memory).
    pub expires_at: i64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// Every charge was applied.
    Allowed,
    /// The charge at `index` would have passed its limit; nothing was applied.
    Refused { index: usize },
}

/// Receipts outlive any retry of their charge or void by far (DynamoDB TTL).
pub const RECEIPT_KEPT_SECONDS: i64 = 3_600;

/// The receipt of one charge of a bill.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Receipt {
    pub counter: CounterId,
    pub expires_at: i64,
}

impl Receipt {
    /// `RECEIPT#{bill}` / `{n}`, kept [`RECEIPT_KEPT_SECONDS`] from `now`.
    pub fn new(bill_id: &str, n: usize, now: i64) -> Self {
        Self { counter: CounterId { pk: crate::repo::schema::receipt(bill_id), sk: n.to_string() }, expires_at: now + RECEIPT_KEPT_SECONDS }
    }
}

/// What became of a charge, as far as the request knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// The meter said it was applied.
    Applied,
    /// The meter failed (a timeout): it may be applied, now or later.
    Unknown,
}

/// The charges that take `charges` back: each units negated, never refused.
pub fn negated(charges: &[Charge]) -> Vec<Charge> {
    charges.iter().map(|charge| Charge { units: -charge.units, limit: None, ..charge.clone() }).collect()
}

#[async_trait]
pub trait Meter: Send + Sync + 'static {
    /// Applies all `charges` or none of them.
    async fn charge(&self, charges: &[Charge]) -> Result<Verdict, StoreError>;

    /// [`Meter::charge`], at most once for `receipt` however often the write
    /// is tried (see `metering::bill`). A meter that decides in memory has
    /// no write of unknown outcome: the default is a plain charge.
    async fn charge_once(&self, charges: &[Charge], receipt: &Receipt) -> Result<Verdict, StoreError> {
        let _ = receipt;
        self.charge(charges).await
    }

    /// Takes back `charges`, made under `receipt` with `outcome`, at most
    /// once. The default, for a meter that decides in memory: a charge
    /// that failed applied nothing, and one applied is subtracted.
    async fn void(&self, charges: &[Charge], receipt: &Receipt, outcome: Outcome) -> Result<(), StoreError> {
        let _ = receipt;
        match outcome {
            Outcome::Applied => self.charge(&negated(charges)).await.map(|_| ()),
            Outcome::Unknown => Ok(()),
        }
    }

    /// Makes everything counted so far durable (no-op for a direct meter).
    async fn flush(&self) -> Result<(), StoreError>;

    /// Counters of a partition, as the store will hold them after a flush.
    async fn counters(&self, pk: &str, sk_prefix: &str) -> Result<Vec<(String, i64)>, StoreError>;
}

pub type SharedMeter = Arc<dyn Meter>;

/// Every charge is one atomic write to the store: all counters of a charge
/// are added together, or none when one would pass its limit (on DynamoDB
/// one `TransactWriteItems`, or one `UpdateItem` for a single counter).
pub struct DirectMeter {
    table: SharedTable,
    /// Voids the store did not take, retried in the background.
    pending: Arc<Mutex<PendingVoids>>,
}

/// How long a void the store does not take is retried, while the process
/// lives: past it, the store has been down for longer than any charge
/// could still be in flight.
const VOID_RETRY_FOR: Duration = Duration::from_secs(600);
const VOID_RETRY_EVERY: Duration = Duration::from_secs(1);
/// The longest a failed request's answer waits for its void: the store that
/// failed it is likely still down, and the retries need no client.
const VOID_WAIT: Duration = Duration::from_millis(1_000);

#[derive(Default)]
struct PendingVoids {
    voids: Vec<PendingVoid>,
    /// A retry task is running.
    retrying: bool,
}

struct PendingVoid {
    charges: Vec<Charge>,
    receipt: Receipt,
    since: std::time::Instant,
}

fn increment(charge: &Charge) -> CounterIncrement {
    CounterIncrement {
        pk: charge.counter.pk.clone(),
        sk: charge.counter.sk.clone(),
        by: charge.units,
        limit: charge.limit,
        expires_at: Some(charge.expires_at),
    }
}

/// `by` to the receipt's counter unless that passes `limit`.
fn receipt_increment(receipt: &Receipt, by: i64, limit: i64) -> CounterIncrement {
    CounterIncrement {
        pk: receipt.counter.pk.clone(),
        sk: receipt.counter.sk.clone(),
        by,
        limit: Some(limit),
        expires_at: Some(receipt.expires_at),
    }
}

/// Voids one charge now (see `metering::bill` for the receipt's states).
async fn void_now(table: &SharedTable, charges: &[Charge], receipt: &Receipt) -> Result<(), StoreError> {
    // Absent → voided: a charge still in flight will find it and add nothing.
    if table.increment_all(&[receipt_increment(receipt, 2, 2)]).await? == Increments::Applied {
        return Ok(());
    }
    // Applied (1) → voided (2) with the units taken back, in one write;
    // refused when it is voided already.
    let mut adds = vec![receipt_increment(receipt, 1, 2)];
    adds.extend(negated(charges).iter().map(increment));
    table.increment_all(&adds).await.map(|_| ())
}

impl DirectMeter {
    pub fn new(table: SharedTable) -> Self {
        Self { table, pending: Default::default() }
    }

    /// Voids still to be retried (for tests and logs).
    pub fn pending_voids(&self) -> usize {
        self.pending.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).voids.len()
    }

    fn retry_later(&self, charges: &[Charge], receipt: &Receipt) {
        let mut pending = self.pending.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        pending.voids.push(PendingVoid { charges: charges.to_vec(), receipt: receipt.clone(), since: std::time::Instant::now() });
        if std::mem::replace(&mut pending.retrying, true) {
            return;
        }
        let (table, shared) = (self.table.clone(), self.pending.clone());
        tokio::spawn(async move {
            loop {
                tokio::time::sleep(VOID_RETRY_EVERY).await;
                let voids = std::mem::take(&mut shared.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).voids);
                let mut failed = Vec::new();
                for void in voids {
                    match void_now(&table, &void.charges, &void.receipt).await {
                        Ok(()) => tracing::info!(receipt = %void.receipt.counter.pk, "a charge was voided on retry"),
                        Err(_) if void.since.elapsed() < VOID_RETRY_FOR => failed.push(void),
                        Err(error) => tracing::error!(%error, receipt = %void.receipt.counter.pk, "a charge could not be voided; given up"),
                    }
                }
                let mut pending = shared.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
                pending.voids.extend(failed);
                if pending.voids.is_empty() {
                    pending.retrying = false;
                    return;
                }
            }
        });
    }
}

#[async_trait]
impl Meter for DirectMeter {
    async fn charge(&self, charges: &[Charge]) -> Result<Verdict, StoreError> {
        let adds: Vec<CounterIncrement> = charges.iter().map(increment).collect();
        Ok(match self.table.increment_all(&adds).await? {
            Increments::Applied => Verdict::Allowed,
            Increments::Refused { index } => Verdict::Refused { index },
        })
    }

    /// The receipt (absent → 1) in the same transaction as the charges: a
    /// receipt already there refuses the write, which means an earlier try of
    /// this very charge was applied (the SDK retried a timed-out attempt).
    async fn charge_once(&self, charges: &[Charge], receipt: &Receipt) -> Result<Verdict, StoreError> {
        let mut adds = vec![receipt_increment(receipt, 1, 1)];
        adds.extend(charges.iter().map(increment));
        Ok(match self.table.increment_all(&adds).await? {
            Increments::Applied | Increments::Refused { index: 0 } => Verdict::Allowed,
            Increments::Refused { index } => Verdict::Refused { index: index - 1 },
        })
    }

    /// Whatever the request knows of the outcome, the receipt decides. The
    /// failed request waits at most [`VOID_WAIT`] for it; a void the store
    /// does not take by then is retried every second for ten minutes
    /// (while the process lives), so a charge that lands late is still
    /// taken back. Every step is idempotent, so a void cut short and tried
    /// again never takes back twice.
    async fn void(&self, charges: &[Charge], receipt: &Receipt, _outcome: Outcome) -> Result<(), StoreError> {
        let result = match tokio::time::timeout(VOID_WAIT, void_now(&self.table, charges, receipt)).await {
            Ok(result) => result,
            Err(_) => Err(StoreError::Backend(format!("voiding took longer than {} ms", VOID_WAIT.as_millis()))),
        };
        if result.is_err() {
            self.retry_later(charges, receipt);
        }
        result
    }

    async fn flush(&self) -> Result<(), StoreError> {
        Ok(())
    }

    async fn counters(&self, pk: &str, sk_prefix: &str) -> Result<Vec<(String, i64)>, StoreError> {
        self.table.counters(pk, sk_prefix).await
    }
}

#[derive(Debug, Clone, Copy)]
struct Entry {
    /// The true count: what the store held when first read, plus every unit
    /// charged since.
    count: i64,
    /// How much of `count` the store already has.
    flushed: i64,
    expires_at: i64,
}

/// Exact counts in memory, written behind (see the module notes).
pub struct BufferedMeter {
    table: SharedTable,
    entries: Mutex<HashMap<CounterId, Entry>>,
    /// One flush at a time, so a delta is never written twice.
    flushing: tokio::sync::Mutex<()>,
}

impl BufferedMeter {
    pub fn new(table: SharedTable) -> Self {
        Self { table, entries: Mutex::new(HashMap::new()), flushing: tokio::sync::Mutex::new(()) }
    }

    /// Flushes every `interval` for as long as the meter lives elsewhere.
    pub fn spawn_flusher(self: &Arc<Self>, interval: Duration) -> tokio::task::JoinHandle<()> {
        let meter = Arc::downgrade(self);
        tokio::spawn(async move {
            let mut ticks = tokio::time::interval(interval);
            ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            ticks.tick().await;
            loop {
                ticks.tick().await;
                let Some(meter) = meter.upgrade() else { return };
                if let Err(error) = meter.flush().await {
                    // Kept in memory and retried next tick; nothing is lost
                    // while the process lives.
                    tracing::warn!(%error, "usage counters could not be written; retrying");
                }
            }
        })
    }

    fn lock(&self) -> MutexGuard<'_, HashMap<CounterId, Entry>> {
        // A panic while holding this lock leaves consistent numbers behind
        // (every update is a single assignment), so poisoning is ignored.
        self.entries.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Reads counters not yet in memory from the store (outside the lock).
    async fn load_missing(&self, charges: &[Charge]) -> Result<(), StoreError> {
        let missing: Vec<&Charge> = {
            let entries = self.lock();
            charges.iter().filter(|c| !entries.contains_key(&c.counter)).collect()
        };
        for charge in missing {
            let stored = self.table.counter(&charge.counter.pk, &charge.counter.sk).await?;
            // Another task may have loaded (and charged) it meanwhile: keep theirs.
            self.lock().entry(charge.counter.clone()).or_insert(Entry { count: stored, flushed: stored, expires_at: charge.expires_at });
        }
        Ok(())
    }
}

#[async_trait]
impl Meter for BufferedMeter {
    async fn charge(&self, charges: &[Charge]) -> Result<Verdict, StoreError> {
        loop {
            self.load_missing(charges).await?;
            let mut entries = self.lock();
            // A flush may have dropped an expired counter since it was loaded.
            if charges.iter().any(|c| !entries.contains_key(&c.counter)) {
                continue;
            }
            for (index, charge) in charges.iter().enumerate() {
                let count = entries[&charge.counter].count;
                if charge.limit.is_some_and(|limit| count + charge.units > limit) {
                    return Ok(Verdict::Refused { index });
                }
            }
            for charge in charges {
                if let Some(entry) = entries.get_mut(&charge.counter) {
                    entry.count += charge.units;
                }
            }
            return Ok(Verdict::Allowed);
        }
    }

    async fn flush(&self) -> Result<(), StoreError> {
        let _one_at_a_time = self.flushing.lock().await;
        let pending: Vec<(CounterId, CounterAdd)> = self
            .lock()
            .iter()
            .filter(|(_, entry)| entry.count != entry.flushed)
            .map(|(id, entry)| {
                let add = CounterAdd {
                    pk: id.pk.clone(),
                    sk: id.sk.clone(),
                    by: entry.count - entry.flushed,
                    expires_at: Some(entry.expires_at),
                };
                (id.clone(), add)
            })
            .collect();
        let adds: Vec<CounterAdd> = pending.iter().map(|(_, add)| add.clone()).collect();
        let (done, failure) = match self.table.add_to_counters(&adds).await {
            Ok(()) => (adds.len(), None),
            Err((done, error)) => (done, Some(error)),
        };
        let now = chrono::Utc::now().timestamp();
        let mut entries = self.lock();
        for (id, add) in &pending[..done] {
            if let Some(entry) = entries.get_mut(id) {
                entry.flushed += add.by;
            }
        }
        // Forget dead windows once the store has all of them.
        entries.retain(|_, entry| entry.count != entry.flushed || entry.expires_at > now);
        failure.map_or(Ok(()), Err)
    }

    async fn counters(&self, pk: &str, sk_prefix: &str) -> Result<Vec<(String, i64)>, StoreError> {
        self.flush().await?;
        self.table.counters(pk, sk_prefix).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::embedded::EmbeddedTable;

    fn charge(sk: &str, units: i64, limit: Option<i64>) -> Charge {
        Charge { counter: CounterId { pk: "P".into(), sk: sk.into() }, units, limit, expires_at: 4_000_000_000 }
    }

    fn table(dir: &tempfile::TempDir) -> SharedTable {
        Arc::new(EmbeddedTable::open(&dir.path().join("t.redb")).unwrap())
    }

    async fn all_or_nothing(meter: &dyn Meter, table: &SharedTable) {
        let pair = [charge("rate", 1, Some(3)), charge("quota", 1, Some(2))];
        assert_eq!(meter.charge(&pair).await.unwrap(), Verdict::Allowed);
        assert_eq!(meter.charge(&pair).await.unwrap(), Verdict::Allowed);
        // The quota (second) refuses: the rate counter must not keep the unit.
        assert_eq!(meter.charge(&pair).await.unwrap(), Verdict::Refused { index: 1 });
        meter.flush().await.unwrap();
        assert_eq!(table.counter("P", "rate").await.unwrap(), 2);
        assert_eq!(table.counter("P", "quota").await.unwrap(), 2);
        assert_eq!(meter.counters("P", "").await.unwrap(), vec![("quota".to_owned(), 2), ("rate".to_owned(), 2)]);
    }

    #[tokio::test]
    async fn direct_meter_is_all_or_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let table = table(&dir);
        all_or_nothing(&DirectMeter::new(table.clone()), &table).await;
    }

    #[tokio::test]
    async fn buffered_meter_is_all_or_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let table = table(&dir);
        all_or_nothing(&BufferedMeter::new(table.clone()), &table).await;
    }

    /// 500 concurrent charges against a limit of 120: exactly 120 pass, and
    /// after the flush the store holds exactly 120 (none lost, none twice),
    /// with flushes racing the charges.
    #[tokio::test(flavor = "multi_thread", worker_threads = 4)]
    async fn buffered_meter_is_exact_under_concurrency() {
        let dir = tempfile::tempdir().unwrap();
        let table = table(&dir);
        let meter = Arc::new(BufferedMeter::new(table.clone()));
        let mut tasks = tokio::task::JoinSet::new();
        for i in 0..500 {
            let meter = meter.clone();
            tasks.spawn(async move {
                if i % 50 == 0 {
                    meter.flush().await.unwrap();
                }
                meter.charge(&[charge("rate", 1, Some(120)), charge("usage", 1, None)]).await.unwrap()
            });
        }
        let mut allowed = 0;
        while let Some(verdict) = tasks.join_next().await {
            if verdict.unwrap() == Verdict::Allowed {
                allowed += 1;
            }
        }
        assert_eq!(allowed, 120);
        meter.flush().await.unwrap();
        assert_eq!(table.counter("P", "rate").await.unwrap(), 120);
        assert_eq!(table.counter("P", "usage").await.unwrap(), 120);
    }

    /// A restart starts from what the store has: counts charged before the
    /// last flush survive; those after it are the bounded loss.
    #[tokio::test]
    async fn a_new_meter_continues_from_the_store() {
        let dir = tempfile::tempdir().unwrap();
        let table = table(&dir);
        let first = BufferedMeter::new(table.clone());
        for _ in 0..5 {
            first.charge(&[charge("quota", 1, Some(7))]).await.unwrap();
        }
        first.flush().await.unwrap();
        first.charge(&[charge("quota", 1, Some(7))]).await.unwrap(); // lost in the "crash"
        drop(first);
        let second = BufferedMeter::new(table.clone());
        assert_eq!(second.charge(&[charge("quota", 2, Some(7))]).await.unwrap(), Verdict::Allowed);
        assert_eq!(second.charge(&[charge("quota", 1, Some(7))]).await.unwrap(), Verdict::Refused { index: 0 });
    }

    fn receipt(n: usize) -> Receipt {
        Receipt::new("b1", n, 1_000)
    }

    /// A retried charge (the SDK's, after a timed-out attempt that was
    /// applied) counts once; a plain charge would count twice.
    #[tokio::test]
    async fn a_charge_with_a_receipt_counts_once_however_often_it_is_tried() {
        let dir = tempfile::tempdir().unwrap();
        let table = table(&dir);
        let meter = DirectMeter::new(table.clone());
        let pair = [charge("rate", 1, Some(3)), charge("usage", 1, None)];
        for _ in 0..3 {
            assert_eq!(meter.charge_once(&pair, &receipt(0)).await.unwrap(), Verdict::Allowed);
        }
        assert_eq!(table.counter("P", "usage").await.unwrap(), 1);
        assert_eq!(table.counter("RECEIPT#b1", "0").await.unwrap(), 1);
        // A refusal adds nothing, the receipt included; the index is the charge's.
        meter.charge(&[charge("rate", 2, Some(3))]).await.unwrap();
        assert_eq!(meter.charge_once(&pair, &receipt(1)).await.unwrap(), Verdict::Refused { index: 0 });
        assert_eq!(table.counter("RECEIPT#b1", "1").await.unwrap(), 0);
        assert_eq!(table.counter("P", "usage").await.unwrap(), 1);
    }

    #[tokio::test]
    async fn a_void_takes_back_once_and_stops_a_late_charge() {
        let dir = tempfile::tempdir().unwrap();
        let table = table(&dir);
        let meter = DirectMeter::new(table.clone());
        let pair = [charge("rate", 1, Some(3)), charge("usage", 1, None)];
        meter.charge_once(&pair, &receipt(0)).await.unwrap();
        meter.charge_once(&pair, &receipt(1)).await.unwrap();
        // Voided twice (a retry), taken back once.
        for _ in 0..2 {
            meter.void(&pair, &receipt(1), Outcome::Applied).await.unwrap();
        }
        assert_eq!(table.counter("P", "usage").await.unwrap(), 1);
        assert_eq!(table.counter("P", "rate").await.unwrap(), 1);
        assert_eq!(table.counter("RECEIPT#b1", "1").await.unwrap(), 2);
        // A charge whose outcome was unknown and that lands after its void:
        // the void marked the receipt first, so the charge adds nothing.
        meter.void(&pair, &receipt(2), Outcome::Unknown).await.unwrap();
        meter.charge_once(&pair, &receipt(2)).await.unwrap();
        assert_eq!(table.counter("P", "usage").await.unwrap(), 1);
        assert_eq!(meter.pending_voids(), 0);
    }

    /// The in-memory meter has no write of unknown outcome: it takes back
    /// what it applied and nothing else.
    #[tokio::test]
    async fn the_buffered_meter_voids_what_it_applied() {
        let dir = tempfile::tempdir().unwrap();
        let table = table(&dir);
        let meter = BufferedMeter::new(table.clone());
        let one = [charge("usage", 1, None)];
        meter.charge_once(&one, &receipt(0)).await.unwrap();
        meter.charge_once(&one, &receipt(1)).await.unwrap();
        meter.void(&one, &receipt(1), Outcome::Applied).await.unwrap();
        meter.void(&one, &receipt(2), Outcome::Unknown).await.unwrap();
        meter.flush().await.unwrap();
        assert_eq!(table.counter("P", "usage").await.unwrap(), 1);
        assert_eq!(table.counter("RECEIPT#b1", "0").await.unwrap(), 0, "no receipts in memory or store");
    }

    #[tokio::test]
    async fn expired_windows_are_forgotten_after_flush() {
        let dir = tempfile::tempdir().unwrap();
        let table = table(&dir);
        let meter = BufferedMeter::new(table.clone());
        let mut old = charge("old-window", 1, Some(10));
        old.expires_at = 1;
        meter.charge(std::slice::from_ref(&old)).await.unwrap();
        meter.flush().await.unwrap();
        assert!(meter.lock().is_empty());
        assert_eq!(table.counter("P", "old-window").await.unwrap(), 1);
    }
}
