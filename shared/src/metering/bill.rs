//! One request's bill: every charge made while serving it, so that a request
//! answered with a 5xx (a dependency down, a bug) is not paid for, and a
//! charge whose outcome is unknown counts once or not at all.
//!
//! Each charge of a billed request carries a receipt: a counter
//! `RECEIPT#{bill}` / `{n}` written in the same atomic write as the charge,
//! with a limit (see `Meter::charge_once`). Its value is the charge's state:
//!
//! | value | state |
//! |---|---|
//! | absent (0) | not applied (yet) |
//! | 1 | applied |
//! | 2 | voided: taken back, or refused before it could apply |
//!
//! - A retry of the write (the SDK's, after an attempt timed out but was
//!   applied) finds the receipt at 1 and adds nothing: no charge counts twice.
//! - Voiding first tries to put the receipt at 2 where it is absent: a charge
//!   still in flight then finds it voided and adds nothing (no late charge).
//!   Where it is 1, the receipt goes to 2 and the units come off in one write.
//!
//! The bill's id is made here, never taken from the request: a client's
//! `X-Request-Id` repeated would otherwise find its receipts applied and be
//! served free.

use std::sync::{Arc, Mutex};

use super::meter::{Charge, Outcome, Receipt, SharedMeter};
use crate::store::StoreError;

#[derive(Debug, Clone)]
struct Entry {
    charges: Vec<Charge>,
    receipt: Receipt,
    outcome: Outcome,
}

/// The charges of one request (see the module notes).
#[derive(Debug)]
pub struct Bill {
    id: String,
    /// Receipts handed out: each charge has its own, refused ones too.
    receipts: std::sync::atomic::AtomicUsize,
    entries: Mutex<Vec<Entry>>,
}

tokio::task_local! {
    static BILL: Arc<Bill>;
}

impl Default for Bill {
    fn default() -> Self {
        Self::new()
    }
}

impl Bill {
    pub fn new() -> Self {
        Self { id: uuid::Uuid::new_v4().simple().to_string(), receipts: Default::default(), entries: Mutex::new(Vec::new()) }
    }

    pub fn id(&self) -> &str {
        &self.id
    }

    /// Runs `work` (serving one request) with this bill open: every
    /// [`charge`](super::charge) made by it lands on the bill.
    pub async fn open<F: std::future::Future>(self: Arc<Self>, work: F) -> F::Output {
        BILL.scope(self, work).await
    }

    /// The bill of the request being served, if one is open.
    pub(super) fn current() -> Option<Arc<Bill>> {
        BILL.try_with(Arc::clone).ok()
    }

    /// The receipt for the bill's next charge.
    pub(super) fn next_receipt(&self, now: i64) -> Receipt {
        Receipt::new(&self.id, self.receipts.fetch_add(1, std::sync::atomic::Ordering::Relaxed), now)
    }

    /// Notes a charge whose write was made (applied or of unknown outcome);
    /// a refused charge added nothing and is not noted.
    pub(super) fn note(&self, charges: Vec<Charge>, receipt: Receipt, outcome: Outcome) {
        self.lock().push(Entry { charges, receipt, outcome });
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Vec<Entry>> {
        // Every update is one push: a panic elsewhere leaves it consistent.
        self.entries.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Whether anything was charged (or may have been).
    pub fn is_empty(&self) -> bool {
        self.lock().is_empty()
    }

    /// Takes back every charge of the bill, latest first. A void the store
    /// does not take now is left to the meter to retry (see
    /// [`Meter::void`](super::Meter::void)).
    pub async fn void(&self, meter: &SharedMeter) -> Result<(), StoreError> {
        let entries: Vec<Entry> = std::mem::take(&mut *self.lock());
        let mut failure = None;
        for entry in entries.into_iter().rev() {
            if let Err(error) = meter.void(&entry.charges, &entry.receipt, entry.outcome).await {
                failure.get_or_insert(error);
            }
        }
        failure.map_or(Ok(()), Err)
    }
}
