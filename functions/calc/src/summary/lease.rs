//! One summary per request, written once: the organization's cache, the
//! generation lease, and who pays what. Free of HTTP: the caller brings the
//! table, how to charge the organization and how to write the summary.
//!
//! A stored summary costs one request. Otherwise one caller takes the
//! generation lease, pays for a new summary, writes and stores it; every
//! concurrent caller waits for that summary and pays one request. A summary
//! is paid for only when it is delivered: a failure before the charge
//! releases the lease and costs nothing.

use std::time::Duration;

use async_trait::async_trait;
use shared::http::{ApiError, Code};
use shared::metering::Usage;
use shared::repo::summaries::{self, Claim, StoredSummary};
use shared::store::Table;

/// A generation lease lasts this long beyond the writer's own time limit.
const LEASE_MARGIN_SECONDS: i64 = 5;
/// How often a caller waiting for another's generation looks again.
const WAIT_STEP: Duration = Duration::from_millis(20);

/// Who pays for a summary delivered.
#[async_trait]
pub trait Payer: Send + Sync {
    async fn pay(&self, usage: Usage) -> Result<(), ApiError>;
}

/// Who writes a summary: `prepare` does everything that can fail, before
/// the charge; `write` cannot fail (its own fallbacks are inside it).
#[async_trait]
pub trait Author: Send + Sync {
    type Draft: Send;
    async fn prepare(&self) -> Result<Self::Draft, ApiError>;
    async fn write(&self, draft: Self::Draft) -> StoredSummary;
}

/// The summary named `hash` in `organization`'s cache.
pub struct SummaryLease<'a> {
    pub table: &'a dyn Table,
    pub organization: &'a str,
    pub hash: &'a str,
    /// How long the writer may take: the lease outlives it by a margin.
    pub writer_time_limit: Duration,
}

impl SummaryLease<'_> {
    /// The stored summary and whether it was stored before (`true`), or the
    /// one this call wrote.
    pub async fn deliver(&self, payer: &impl Payer, author: &impl Author) -> Result<(StoredSummary, bool), ApiError> {
        let (table, organization, hash) = (self.table, self.organization, self.hash);
        let lease_seconds = self.writer_time_limit.as_secs() as i64 + LEASE_MARGIN_SECONDS;
        // However long others hold the lease, a caller waits at most two terms.
        let deadline = tokio::time::Instant::now() + Duration::from_secs(2 * lease_seconds as u64);
        loop {
            if let Some(stored) = summaries::cached(table, organization, hash).await? {
                payer.pay(Usage::Request).await?;
                return Ok((stored, true));
            }
            let now = chrono::Utc::now().timestamp();
            match summaries::claim(table, organization, hash, now, lease_seconds).await? {
                Claim::Won => {
                    // The summary may have been stored between the read above
                    // and the claim (its writer freed the lease as it stored).
                    if let Some(stored) = summaries::cached(table, organization, hash).await? {
                        summaries::release(table, organization, hash).await?;
                        payer.pay(Usage::Request).await?;
                        return Ok((stored, true));
                    }
                    let prepared = match author.prepare().await {
                        Ok(prepared) => prepared,
                        Err(error) => {
                            summaries::release(table, organization, hash).await?;
                            return Err(error);
                        }
                    };
                    if let Err(refusal) = payer.pay(Usage::NewSummary).await {
                        summaries::release(table, organization, hash).await?;
                        return Err(refusal);
                    }
                    let written = author.write(prepared).await;
                    let stored = summaries::store(table, organization, hash, &written).await?;
                    return Ok((stored, false));
                }
                Claim::Held { .. } => {
                    if tokio::time::Instant::now() >= deadline {
                        return Err(ApiError::unavailable(
                            Code::SummaryBusy,
                            "the summary is still being written: try again in a few seconds",
                            1,
                        ));
                    }
                    tokio::time::sleep(WAIT_STEP).await;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Mutex;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::time::Duration;

    use async_trait::async_trait;
    use shared::http::{ApiError, Code};
    use shared::metering::Usage;
    use shared::repo::summaries::{self, StoredSummary};
    use shared::store::embedded::EmbeddedTable;

    use super::{Author, Payer, SummaryLease};

    fn lease(table: &EmbeddedTable) -> SummaryLease<'_> {
        SummaryLease { table, organization: "org_1", hash: "abc", writer_time_limit: Duration::from_secs(1) }
    }

    /// What the deliveries charged, in order; `refuse`: every charge refused.
    #[derive(Default)]
    struct Bill {
        charged: Mutex<Vec<Usage>>,
        refuse: bool,
    }

    #[async_trait]
    impl Payer for Bill {
        async fn pay(&self, usage: Usage) -> Result<(), ApiError> {
            if self.refuse {
                return Err(ApiError::too_many_requests(Code::QuotaExceeded, "the monthly quota is used up", 60));
            }
            self.charged.lock().unwrap().push(usage);
            Ok(())
        }
    }

    impl Bill {
        fn charged(&self) -> Vec<Usage> {
            self.charged.lock().unwrap().clone()
        }
    }

    /// Writes "draft" after `delay`; `fails`: its preparation fails.
    #[derive(Default)]
    struct Writer {
        delay: Duration,
        fails: bool,
        prepared: AtomicUsize,
    }

    #[async_trait]
    impl Author for Writer {
        type Draft = &'static str;

        async fn prepare(&self) -> Result<&'static str, ApiError> {
            self.prepared.fetch_add(1, Ordering::SeqCst);
            if self.fails { Err(ApiError::internal("the texts could not be read")) } else { Ok("draft") }
        }

        async fn write(&self, draft: &'static str) -> StoredSummary {
            tokio::time::sleep(self.delay).await;
            StoredSummary {
                horoscope_type: "natal".into(),
                language: "en".into(),
                summary: draft.into(),
                generated_at: "2026-11-27T09:00:00Z".into(),
                model: "built-in".into(),
                highlights: Vec::new(),
                fallback: None,
            }
        }
    }

    fn table() -> (tempfile::TempDir, EmbeddedTable) {
        let dir = tempfile::tempdir().unwrap();
        let table = EmbeddedTable::open(&dir.path().join("table.redb")).unwrap();
        (dir, table)
    }

    #[tokio::test]
    async fn written_once_then_served_from_the_cache() {
        let (_dir, table) = table();
        let (bill, writer) = (Bill::default(), Writer::default());
        let (first, cached) = lease(&table).deliver(&bill, &writer).await.unwrap();
        assert_eq!((first.summary.as_str(), cached), ("draft", false));
        let (second, cached) = lease(&table).deliver(&bill, &writer).await.unwrap();
        assert_eq!((second.summary.as_str(), cached), ("draft", true));
        assert_eq!(writer.prepared.load(Ordering::SeqCst), 1, "written once");
        assert_eq!(bill.charged(), vec![Usage::NewSummary, Usage::Request]);
    }

    #[tokio::test]
    async fn concurrent_callers_share_one_writing() {
        let (_dir, table) = table();
        let bill = Bill::default();
        let writer = Writer { delay: Duration::from_millis(200), ..Writer::default() };
        let (first, second) = (lease(&table), lease(&table));
        let (a, b) = tokio::join!(first.deliver(&bill, &writer), second.deliver(&bill, &writer));
        let cached = [a.unwrap().1, b.unwrap().1];
        assert_eq!(writer.prepared.load(Ordering::SeqCst), 1, "one writer");
        assert!(cached.contains(&true) && cached.contains(&false), "{cached:?}");
        let mut charged = bill.charged();
        charged.sort_by_key(|usage| *usage == Usage::Request);
        assert_eq!(charged, vec![Usage::NewSummary, Usage::Request]);
    }

    #[tokio::test]
    async fn a_failure_before_the_charge_costs_nothing_and_frees_the_lease() {
        let (_dir, table) = table();
        let bill = Bill::default();
        let failing = Writer { fails: true, ..Writer::default() };
        assert!(lease(&table).deliver(&bill, &failing).await.is_err());
        assert!(bill.charged().is_empty());
        // The lease is free: the next caller writes at once.
        let (_, cached) = lease(&table).deliver(&bill, &Writer::default()).await.unwrap();
        assert!(!cached);
        assert_eq!(bill.charged(), vec![Usage::NewSummary]);
    }

    #[tokio::test]
    async fn a_refused_charge_stores_nothing_and_frees_the_lease() {
        let (_dir, table) = table();
        let refusing = Bill { refuse: true, ..Bill::default() };
        assert!(lease(&table).deliver(&refusing, &Writer::default()).await.is_err());
        assert!(summaries::cached(&table, "org_1", "abc").await.unwrap().is_none(), "nothing stored");
        let (_, cached) = lease(&table).deliver(&Bill::default(), &Writer::default()).await.unwrap();
        assert!(!cached);
    }
}
