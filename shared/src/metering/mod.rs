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
//! report.
//!
//! A widget's public routes have no key: their requests are charged to the
//! widget's organization (the same monthly quota), counted on the widget's
//! own usage line, and limited per UTC minute twice ([`WidgetLimits`], set
//! by configuration): per widget and per widget and client address (the
//! address is kept only as a hash, in a counter that expires minutes later). Counter keys:
//!
//! | pk                             | sk               | counts                                   |
//! |--------------------------------|------------------|------------------------------------------|
//! | `RATE#{key}`                   | `{YYYYMMDDhhmm}` | a key's requests in one UTC minute       |
//! | `RATE#WIDGET#{widget}`         | `{YYYYMMDDhhmm}` | a widget's requests in one UTC minute    |
//! | `RATE#WIDGET#{widget}#{client}`| `{YYYYMMDDhhmm}` | one client address's, through the widget |
//! | `USAGE#{org}#{YYYY-MM}`        | `TOTAL`          | an organization's units in a month       |
//! | `USAGE#{org}#{YYYY-MM}`        | `KEY#{key}`      | one key's units in a month               |
//! | `USAGE#{org}#{YYYY-MM}`        | `WIDGET#{widget}`| one widget's units in a month            |

pub mod bill;
pub mod edge;
pub mod meter;

use chrono::{DateTime, Datelike, Duration, TimeZone, Timelike, Utc};

pub use bill::Bill;
pub use meter::{BufferedMeter, Charge, CounterId, DirectMeter, Meter, SharedMeter, Verdict};

use crate::auth::Plan;
use crate::store::StoreError;

/// A new AI summary counts as this many requests; a cached one as one.
pub const NEW_SUMMARY_UNITS: i64 = 10;

/// Requests per UTC minute through one widget, all its visitors together
/// (default of `WIDGET_REQUESTS_PER_MINUTE`).
pub const WIDGET_REQUESTS_PER_MINUTE: u32 = 1_200;
/// Requests per UTC minute through one widget from one client address (a
/// chart drawn is two: the calculation and its image; default of
/// `WIDGET_CLIENT_REQUESTS_PER_MINUTE`).
pub const WIDGET_CLIENT_REQUESTS_PER_MINUTE: u32 = 30;
/// Place look-ups per UTC minute through one widget from one client address
/// (a birth-place field's suggestions; default of
/// `WIDGET_CLIENT_PLACE_LOOKUPS_PER_MINUTE`).
pub const WIDGET_CLIENT_PLACE_LOOKUPS_PER_MINUTE: u32 = 60;

/// Chat messages per UTC minute through one chatbot, all users together
/// (default of `CHAT_REQUESTS_PER_MINUTE`).
pub const CHAT_REQUESTS_PER_MINUTE: u32 = 600;
/// Chat messages per UTC minute from one user of a chatbot (default of
/// `CHAT_USER_REQUESTS_PER_MINUTE`).
pub const CHAT_USER_REQUESTS_PER_MINUTE: u32 = 10;

/// The per-minute limits of a widget's (or chatbot's) public routes
/// (configuration): in all, and per client address (per user for a chatbot).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WidgetLimits {
    pub per_widget: u32,
    pub per_client: u32,
}

impl Default for WidgetLimits {
    fn default() -> Self {
        Self { per_widget: WIDGET_REQUESTS_PER_MINUTE, per_client: WIDGET_CLIENT_REQUESTS_PER_MINUTE }
    }
}

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

/// Who is charged: the organization, with its plan, and who spent.
#[derive(Debug, Clone, Copy)]
pub struct Account<'a> {
    pub organization_id: &'a str,
    pub plan: Plan,
    pub spender: Spender<'a>,
}

/// Who spends an organization's units.
#[derive(Debug, Clone, Copy)]
pub enum Spender<'a> {
    /// An API key, limited per minute when it has a `rateLimitPerMinute`.
    Key { id: &'a str, rate_limit_per_minute: Option<u32> },
    /// A widget's public routes, called by `client` (an address, hashed
    /// before it is stored).
    Widget { id: &'a str, client: &'a str, limits: WidgetLimits },
    /// A chatbot's chat, by one of its users (`per_client` is then per user).
    Chatbot { id: &'a str, user: &'a str, limits: WidgetLimits },
    /// A widget visitor looking up places as they type: limited per minute
    /// in windows of their own, the widget's look-ups and the client's, so
    /// typing never takes a chart request's place; no unit of the quota (a
    /// town typed is several look-ups).
    WidgetPlaces { id: &'a str, client: &'a str, per_widget: u32, per_client: u32 },
}

#[derive(Debug, thiserror::Error)]
pub enum Refusal {
    #[error("{whose} limit of {limit} requests per minute is reached")]
    RateLimited { whose: &'static str, limit: u32, retry_after_seconds: u64 },
    #[error("the organization's monthly quota of {quota} units is used up (a request is one unit, a new AI summary ten)")]
    QuotaExhausted { quota: i64, retry_after_seconds: u64 },
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// The month window of `now`: `YYYY-MM`.
pub fn month_of(now: DateTime<Utc>) -> String {
    now.format("%Y-%m").to_string()
}

use crate::repo::schema;
pub use crate::repo::schema::{USAGE_CHATBOT_PREFIX, USAGE_KEY_PREFIX, USAGE_TOTAL, USAGE_WIDGET_PREFIX, usage as usage_partition};

fn start_of_next_month(now: DateTime<Utc>) -> DateTime<Utc> {
    let (year, month) = if now.month() == 12 { (now.year() + 1, 1) } else { (now.year(), now.month() + 1) };
    Utc.with_ymd_and_hms(year, month, 1, 0, 0, 0).single().unwrap_or(now + Duration::days(31))
}

fn seconds_until(from: DateTime<Utc>, to: DateTime<Utc>) -> u64 {
    u64::try_from((to - from).num_seconds()).unwrap_or(0).max(1)
}

/// The charges of one `usage` by `account` at `now`, rate windows first (so a
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
    let minute = now.format("%Y%m%d%H%M").to_string();
    let minute_end = now.timestamp() - i64::from(now.second()) + 60;
    let window = |pk: String, limit: u32| Charge {
        counter: CounterId { pk, sk: minute.clone() },
        units: units.signum(),
        limit: limited(i64::from(limit)),
        expires_at: minute_end + RATE_WINDOW_KEPT_SECONDS,
    };
    let mut charges = Vec::with_capacity(4);
    let usage_line = match account.spender {
        Spender::Key { id, rate_limit_per_minute } => {
            if let Some(limit) = rate_limit_per_minute {
                charges.push(window(schema::rate(id), limit));
            }
            format!("{USAGE_KEY_PREFIX}{id}")
        }
        Spender::Widget { id, client, limits } => {
            charges.push(window(schema::rate(&schema::widget(id)), limits.per_widget));
            charges.push(window(schema::rate(&format!("{}#{}", schema::widget(id), client_hash(client))), limits.per_client));
            format!("{USAGE_WIDGET_PREFIX}{id}")
        }
        Spender::Chatbot { id, user, limits } => {
            charges.push(window(schema::rate(&schema::chatbot(id)), limits.per_widget));
            charges.push(window(schema::rate(&format!("{}#{}", schema::chatbot(id), client_hash(user))), limits.per_client));
            format!("{USAGE_CHATBOT_PREFIX}{id}")
        }
        Spender::WidgetPlaces { id, client, per_widget, per_client } => {
            charges.push(window(schema::rate(&format!("{}#PLACES", schema::widget(id))), per_widget));
            charges.push(window(schema::rate(&format!("{}#PLACES#{}", schema::widget(id), client_hash(client))), per_client));
            return charges;
        }
    };
    charges.push(Charge {
        counter: CounterId { pk: partition.clone(), sk: USAGE_TOTAL.to_owned() },
        units,
        limit: limited(account.plan.monthly_quota()),
        expires_at: month_end + USAGE_KEPT_SECONDS,
    });
    charges.push(Charge {
        counter: CounterId { pk: partition, sk: usage_line },
        units,
        limit: None,
        expires_at: month_end + USAGE_KEPT_SECONDS,
    });
    charges
}

/// A client address as stored in its rate window: not the address itself.
fn client_hash(client: &str) -> String {
    use sha2::{Digest, Sha256};
    hex::encode(&Sha256::digest(client.as_bytes())[..8])
}

/// Charges `usage` to `account`, or says which limit refused it and when to
/// retry.
///
/// Within an open [`Bill`] (a request being served) the charge is made at
/// most once and noted on the bill, to be taken back if the request fails
/// on the service's side; a refund is never billed.
pub async fn charge(meter: &dyn Meter, account: &Account<'_>, usage: Usage, now: DateTime<Utc>) -> Result<(), Refusal> {
    let charges = charges(account, usage, now);
    let verdict = match Bill::current().filter(|_| usage != Usage::RequestRefund) {
        None => meter.charge(&charges).await?,
        Some(bill) => {
            let receipt = bill.next_receipt(now.timestamp());
            match meter.charge_once(&charges, &receipt).await {
                Ok(verdict) => {
                    if verdict == Verdict::Allowed {
                        bill.note(charges.clone(), receipt, meter::Outcome::Applied);
                    }
                    verdict
                }
                Err(error) => {
                    bill.note(charges, receipt, meter::Outcome::Unknown);
                    return Err(error.into());
                }
            }
        }
    };
    match verdict {
        Verdict::Allowed => Ok(()),
        Verdict::Refused { index } if charges[index].counter.pk.starts_with(schema::RATE_PREFIX) => {
            let (whose, limit) = match account.spender {
                Spender::Key { rate_limit_per_minute, .. } => ("the key's", rate_limit_per_minute.unwrap_or_default()),
                Spender::Widget { limits, .. } if index == 0 => ("the widget's", limits.per_widget),
                Spender::Widget { limits, .. } => ("this address's", limits.per_client),
                Spender::Chatbot { limits, .. } if index == 0 => ("the chatbot's", limits.per_widget),
                Spender::Chatbot { limits, .. } => ("this user's", limits.per_client),
                Spender::WidgetPlaces { per_widget, .. } if index == 0 => ("the widget's", per_widget),
                Spender::WidgetPlaces { per_client, .. } => ("this address's place look-up", per_client),
            };
            Err(Refusal::RateLimited { whose, limit, retry_after_seconds: 60 - u64::from(now.second()) })
        }
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
    pub by_widget: Vec<(String, i64)>,
}

pub async fn monthly_usage(meter: &dyn Meter, organization_id: &str, month: &str) -> Result<MonthlyUsage, StoreError> {
    let counters = meter.counters(&usage_partition(organization_id, month), "").await?;
    let total = counters.iter().find(|(sk, _)| sk == USAGE_TOTAL).map_or(0, |(_, n)| *n);
    let line = |prefix: &str| -> Vec<(String, i64)> {
        counters.iter().filter_map(|(sk, n)| sk.strip_prefix(prefix).map(|id| (id.to_owned(), *n))).collect()
    };
    Ok(MonthlyUsage { month: month.to_owned(), total, by_key: line(USAGE_KEY_PREFIX), by_widget: line(USAGE_WIDGET_PREFIX) })
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
        Account { organization_id: "o1", plan: Plan::Free, spender: Spender::Key { id: "k1", rate_limit_per_minute: rate } }
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
            Err(Refusal::RateLimited { whose: "the key's", limit: 2, retry_after_seconds: 15 }) => {}
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

    #[tokio::test]
    async fn widgets_are_limited_per_widget_and_per_address_and_charged_to_their_organization() {
        let dir = tempfile::tempdir().unwrap();
        let meter = DirectMeter::new(Arc::new(EmbeddedTable::open(&dir.path().join("t.redb")).unwrap()));
        let now = at("2026-02-27T10:15:50Z");
        const LIMITS: WidgetLimits = WidgetLimits { per_widget: 300, per_client: 30 };
        fn visitor(client: &str) -> Account<'_> {
            Account { organization_id: "o1", plan: Plan::Free, spender: Spender::Widget { id: "w1", client, limits: LIMITS } }
        }
        let listed = charges(&visitor("203.0.113.7"), Usage::Request, now);
        let pks: Vec<&str> = listed.iter().map(|c| c.counter.pk.as_str()).collect();
        assert_eq!(pks[0], "RATE#WIDGET#w1");
        assert!(pks[1].starts_with("RATE#WIDGET#w1#") && !pks[1].contains("203.0.113.7"), "{pks:?}");
        assert_eq!(listed[3].counter.sk, "WIDGET#w1");
        for _ in 0..LIMITS.per_client {
            charge(&meter, &visitor("203.0.113.7"), Usage::Request, now).await.unwrap();
        }
        match charge(&meter, &visitor("203.0.113.7"), Usage::Request, now).await {
            Err(refusal @ Refusal::RateLimited { whose: "this address's", retry_after_seconds: 10, .. }) => {
                assert!(refusal.to_string().starts_with("this address's limit of 30"), "{refusal}");
            }
            other => panic!("{other:?}"),
        }
        // Another visitor still gets through, until the widget's own limit.
        let mut others = 0;
        let refusal = loop {
            let client = format!("198.51.100.{}", others % 200);
            match charge(&meter, &visitor(&client), Usage::Request, now).await {
                Ok(()) => others += 1,
                Err(refusal) => break refusal,
            }
        };
        assert!(matches!(refusal, Refusal::RateLimited { whose: "the widget's", limit: 300, .. }), "{refusal:?}");
        assert_eq!(others + LIMITS.per_client, LIMITS.per_widget);
        let usage = monthly_usage(&meter, "o1", "2026-02").await.unwrap();
        assert_eq!(usage.total, 300);
        assert_eq!(usage.by_widget, vec![("w1".to_owned(), 300)]);
        assert!(usage.by_key.is_empty());
    }

    #[tokio::test]
    async fn place_look_ups_have_their_own_window_per_address_and_cost_no_quota() {
        let dir = tempfile::tempdir().unwrap();
        let meter = DirectMeter::new(Arc::new(EmbeddedTable::open(&dir.path().join("t.redb")).unwrap()));
        let now = at("2026-02-27T10:15:50Z");
        let limits = WidgetLimits { per_widget: 300, per_client: 30 };
        let typing = |client| Account {
            organization_id: "o1",
            plan: Plan::Free,
            spender: Spender::WidgetPlaces { id: "w1", client, per_widget: 300, per_client: 60 },
        };
        let charting = |client| Account { organization_id: "o1", plan: Plan::Free, spender: Spender::Widget { id: "w1", client, limits } };
        let listed = charges(&typing("203.0.113.7"), Usage::Request, now);
        assert_eq!(listed.len(), 2, "two rate windows, no quota or usage line: {listed:?}");
        assert_eq!(listed[0].counter.pk, "RATE#WIDGET#w1#PLACES");
        assert!(listed[1].counter.pk.starts_with("RATE#WIDGET#w1#PLACES#") && !listed[1].counter.pk.contains("203.0.113.7"));
        for _ in 0..60 {
            charge(&meter, &typing("203.0.113.7"), Usage::Request, now).await.unwrap();
        }
        match charge(&meter, &typing("203.0.113.7"), Usage::Request, now).await {
            Err(refusal @ Refusal::RateLimited { limit: 60, .. }) => {
                assert!(refusal.to_string().starts_with("this address's place look-up limit of 60"), "{refusal}");
            }
            other => panic!("{other:?}"),
        }
        // The visitor's chart requests keep their own 30.
        for _ in 0..30 {
            charge(&meter, &charting("203.0.113.7"), Usage::Request, now).await.unwrap();
        }
        let usage = monthly_usage(&meter, "o1", "2026-02").await.unwrap();
        assert_eq!(usage.total, 30, "only the chart requests cost units");
    }
}
