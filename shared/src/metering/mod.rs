//! What requests with a key cost and the limits they must fit.
//!
//! Every request counts one unit against two limits, checked together:
//! - the key's `rateLimitPerMinute`, if set: a fixed window per UTC minute;
//! - the organization's monthly quota (by plan): a window per UTC month.
//!
//! A newly generated AI summary counts ten units (interface, Limits), a
//! cached one one: the summary handler charges [`Usage::NewSummary`] or
//! [`Usage::Request`] itself (its link carries no key for the middleware to
//! charge). Against a key's rate limit a summary is one request: the limit
//! is about requests per minute, the quota about what they cost.
//! Units are also counted per key and month, without limit, for the usage
//! report. Counter keys:
//!
//! | pk                        | sk               | counts                              |
//! |---------------------------|------------------|-------------------------------------|
//! | `RATE#{key}`              | `{YYYYMMDDhhmm}` | a key's requests in one UTC minute  |
//! | `USAGE#{org}#{YYYY-MM}`   | `TOTAL`          | an organization's units in a month  |
//! | `USAGE#{org}#{YYYY-MM}`   | `KEY#{key}`      | one key's units in a month          |

pub mod edge;
pub mod meter;

use chrono::{DateTime, Datelike, Duration, TimeZone, Timelike, Utc};

pub use meter::{BufferedMeter, Charge, CounterId, DirectMeter, Meter, SharedMeter, Verdict};

use crate::auth::Plan;
use crate::store::StoreError;

/// A new AI summary counts as this many requests; a cached one as one.
pub const NEW_SUMMARY_UNITS: i64 = 10;

/// Rate windows stay in DynamoDB (TTL) a little past their minute.
const RATE_WINDOW_KEPT_SECONDS: i64 = 180;
/// Monthly counters are kept for the usage history (TTL): about 13 months.
const USAGE_KEPT_SECONDS: i64 = 400 * 86_400;

impl Plan {
    /// Units included per calendar month (UTC).
    pub fn monthly_quota(self) -> i64 {
        match self {
            Self::Free => 1_000,
            Self::Basic => 25_000,
            Self::Premium => 250_000,
            Self::Deluxe => 1_000_000,
        }
    }
}

/// What is being charged.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Usage {
    /// Any request made with a key: one unit, and one against the rate limit.
    Request,
    /// A summary generated anew: ten units, one place in the minute window.
    NewSummary,
    /// Gives back a request's unit (and its place in the minute window):
    /// for a request a handler refuses for access after the middleware
    /// charged it, as the middleware's own refusals are never charged.
    RequestRefund,
}

/// Who is charged: the key and its organization, with their limits.
#[derive(Debug, Clone, Copy)]
pub struct Account<'a> {
    pub key_id: &'a str,
    pub organization_id: &'a str,
    pub plan: Plan,
    pub rate_limit_per_minute: Option<u32>,
}

#[derive(Debug, thiserror::Error)]
pub enum Refusal {
    #[error("the key's limit of {limit} requests per minute is reached")]
    RateLimited { limit: u32, retry_after_seconds: u64 },
    #[error("the organization's monthly quota of {quota} units is used up (a request is one unit, a new AI summary ten)")]
    QuotaExhausted { quota: i64, retry_after_seconds: u64 },
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// The month window of `now`: `YYYY-MM`.
pub fn month_of(now: DateTime<Utc>) -> String {
    now.format("%Y-%m").to_string()
}

pub fn usage_partition(organization_id: &str, month: &str) -> String {
    format!("USAGE#{organization_id}#{month}")
}

pub const USAGE_TOTAL: &str = "TOTAL";
pub const USAGE_KEY_PREFIX: &str = "KEY#";

fn start_of_next_month(now: DateTime<Utc>) -> DateTime<Utc> {
    let (year, month) = if now.month() == 12 { (now.year() + 1, 1) } else { (now.year(), now.month() + 1) };
    Utc.with_ymd_and_hms(year, month, 1, 0, 0, 0).single().unwrap_or(now + Duration::days(31))
}

fn seconds_until(from: DateTime<Utc>, to: DateTime<Utc>) -> u64 {
    u64::try_from((to - from).num_seconds()).unwrap_or(0).max(1)
}

/// The charges of one `usage` by `account` at `now`, rate window first (so a
/// rate refusal never touches the quota).
pub fn charges(account: &Account<'_>, usage: Usage, now: DateTime<Utc>) -> Vec<Charge> {
    let units = match usage {
        Usage::Request => 1,
        Usage::NewSummary => NEW_SUMMARY_UNITS,
        Usage::RequestRefund => -1,
    };
    // A refund is never refused.
    let limited = |limit: i64| (units > 0).then_some(limit);
    let month_end = start_of_next_month(now).timestamp();
    let partition = usage_partition(account.organization_id, &month_of(now));
    let mut charges = Vec::with_capacity(3);
    if let Some(limit) = account.rate_limit_per_minute {
        let minute_end = now.timestamp() - i64::from(now.second()) + 60;
        charges.push(Charge {
            counter: CounterId { pk: format!("RATE#{}", account.key_id), sk: now.format("%Y%m%d%H%M").to_string() },
            units: units.signum(),
            limit: limited(i64::from(limit)),
            expires_at: minute_end + RATE_WINDOW_KEPT_SECONDS,
        });
    }
    charges.push(Charge {
        counter: CounterId { pk: partition.clone(), sk: USAGE_TOTAL.to_owned() },
        units,
        limit: limited(account.plan.monthly_quota()),
        expires_at: month_end + USAGE_KEPT_SECONDS,
    });
    charges.push(Charge {
        counter: CounterId { pk: partition, sk: format!("{USAGE_KEY_PREFIX}{}", account.key_id) },
        units,
        limit: None,
        expires_at: month_end + USAGE_KEPT_SECONDS,
    });
    charges
}

/// Charges `usage` to `account`, or says which limit refused it and when to
/// retry.
pub async fn charge(meter: &dyn Meter, account: &Account<'_>, usage: Usage, now: DateTime<Utc>) -> Result<(), Refusal> {
    let charges = charges(account, usage, now);
    match meter.charge(&charges).await? {
        Verdict::Allowed => Ok(()),
        Verdict::Refused { index } if charges[index].counter.pk.starts_with("RATE#") => Err(Refusal::RateLimited {
            limit: account.rate_limit_per_minute.unwrap_or_default(),
            retry_after_seconds: 60 - u64::from(now.second()),
        }),
        Verdict::Refused { .. } => Err(Refusal::QuotaExhausted {
            quota: account.plan.monthly_quota(),
            retry_after_seconds: seconds_until(now, start_of_next_month(now)),
        }),
    }
}

/// An organization's units in a month: the total and per key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MonthlyUsage {
    pub month: String,
    pub total: i64,
    pub by_key: Vec<(String, i64)>,
}

pub async fn monthly_usage(meter: &dyn Meter, organization_id: &str, month: &str) -> Result<MonthlyUsage, StoreError> {
    let counters = meter.counters(&usage_partition(organization_id, month), "").await?;
    let total = counters.iter().find(|(sk, _)| sk == USAGE_TOTAL).map_or(0, |(_, n)| *n);
    let by_key = counters.into_iter().filter_map(|(sk, n)| sk.strip_prefix(USAGE_KEY_PREFIX).map(|key| (key.to_owned(), n))).collect();
    Ok(MonthlyUsage { month: month.to_owned(), total, by_key })
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::store::embedded::EmbeddedTable;

    fn at(text: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(text).unwrap().with_timezone(&Utc)
    }

    fn account(rate: Option<u32>) -> Account<'static> {
        Account { key_id: "k1", organization_id: "o1", plan: Plan::Free, rate_limit_per_minute: rate }
    }

    #[test]
    fn windows_and_keys() {
        let now = at("2026-12-31T23:59:30Z");
        let list = charges(&account(Some(5)), Usage::Request, now);
        assert_eq!(list.len(), 3);
        assert_eq!((list[0].counter.pk.as_str(), list[0].counter.sk.as_str()), ("RATE#k1", "202612312359"));
        assert_eq!(list[0].expires_at, at("2027-01-01T00:00:00Z").timestamp() + RATE_WINDOW_KEPT_SECONDS);
        assert_eq!((list[1].counter.pk.as_str(), list[1].counter.sk.as_str()), ("USAGE#o1#2026-12", "TOTAL"));
        assert_eq!(list[1].limit, Some(1_000));
        assert_eq!(list[2].counter.sk, "KEY#k1");
        // Without a key limit there is no rate window; a new summary is one
        // request in the window and ten units of quota.
        assert_eq!(charges(&account(None), Usage::Request, now).len(), 2);
        let summary = charges(&account(Some(5)), Usage::NewSummary, now);
        assert_eq!(summary.iter().map(|c| c.units).collect::<Vec<_>>(), [1, 10, 10]);
        // A refund takes back what a request charged, never refused.
        let refund = charges(&account(Some(5)), Usage::RequestRefund, now);
        assert_eq!(refund.iter().map(|c| (c.units, c.limit)).collect::<Vec<_>>(), [(-1, None), (-1, None), (-1, None)]);
    }

    #[tokio::test]
    async fn refusals_say_which_limit_and_when_to_retry() {
        let dir = tempfile::tempdir().unwrap();
        let meter = DirectMeter::new(Arc::new(EmbeddedTable::open(&dir.path().join("t.redb")).unwrap()));
        let now = at("2026-02-27T10:15:45Z");
        for _ in 0..2 {
            charge(&meter, &account(Some(2)), Usage::Request, now).await.unwrap();
        }
        match charge(&meter, &account(Some(2)), Usage::Request, now).await {
            Err(Refusal::RateLimited { limit: 2, retry_after_seconds: 15 }) => {}
            other => panic!("{other:?}"),
        }
        // The next minute has its own window; the quota keeps counting.
        charge(&meter, &account(Some(2)), Usage::Request, at("2026-02-27T10:16:00Z")).await.unwrap();
        // A new summary's 10 units fit 1,000 until the quota is nearly used.
        let mut used = 3;
        while used + 10 <= 1_000 {
            charge(&meter, &account(None), Usage::NewSummary, now).await.unwrap();
            used += 10;
        }
        match charge(&meter, &account(None), Usage::NewSummary, now).await {
            Err(Refusal::QuotaExhausted { quota: 1_000, retry_after_seconds }) => {
                assert_eq!(retry_after_seconds as i64, (at("2026-03-01T00:00:00Z") - now).num_seconds());
            }
            other => panic!("{other:?}"),
        }
        let usage = monthly_usage(&meter, "o1", "2026-02").await.unwrap();
        assert_eq!(usage.total, used);
        assert_eq!(usage.by_key, vec![("k1".to_owned(), used)]);
    }
}
