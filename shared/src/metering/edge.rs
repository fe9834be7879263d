//! Metering of signed links CloudFront answered from its cache.
//!
//! A link opened through CloudFront and found in an edge cache never
//! reaches the function that would charge it, so the hits are counted from
//! CloudFront's standard logs, delivered to S3 minutes after the fact (up
//! to an hour, sometimes a day). Each log file is read once its object is
//! created, by the edge-metering function.
//!
//! What is charged: one unit per log line that
//! - is on a link route (`/api/chart/...`, `/api/calc/*/summary`: the cache
//!   behaviors' path patterns), with method GET or HEAD;
//! - was answered from the edge cache: `x-edge-result-type` `Hit`, or
//!   `RefreshHit` (the cached copy had expired, CloudFront asked the origin
//!   whether it was still current, and the origin said so with a `304`,
//!   which the link routes never charge); a `Miss` was answered by the
//!   function, which charged it, and errors are not charged;
//! - has a 2xx status (a `304` to a viewer's own `If-None-Match` is free, as
//!   at the origin);
//! - carries a `token` whose signature verifies with a link-signing key of
//!   this service and that had not expired at the time of the hit (the
//!   log is read minutes to hours later: the expiry is compared with the
//!   hit, not with the reading; the hit's time is when the answer finished,
//!   so a minute's grace). Its `o` is the organization charged and
//!   its `k`, when present, the key.
//!
//! The units go to the organization's month (of the hit, UTC) and the key's
//! usage counter, without the rate window or the quota refusing anything:
//! the answer was already served. They count against the quota for the
//! requests that follow.
//!
//! Reading a log file twice (S3 may deliver an event twice; Lambda retries
//! a failed run) charges its hits once: each write adds one organization's
//! units for one month together with a marker counter of that log file,
//! organization, month and write, limited to 1, in one atomic write
//! ([`crate::store::Table::increment_all`]). A second delivery finds the
//! marker at 1 and adds nothing. A run stopped half-way leaves the writes it
//! made, marked; the retry makes the rest. The markers live as long as the
//! usage counters they guard.

use std::collections::BTreeMap;

use serde::Deserialize;

use super::meter::{Charge, CounterId, Meter, Verdict};
use super::{USAGE_KEPT_SECONDS, USAGE_KEY_PREFIX, USAGE_TOTAL, month_of, start_of_next_month, usage_partition};
use crate::cloudfront::logs::{LogFileError, LogLine, LogRequest};
use crate::signing::{LinkError, LinkSigner};
use crate::store::StoreError;

/// Counters per atomic write: DynamoDB's transaction limit (25) less the
/// marker and the organization's total.
const KEYS_PER_WRITE: usize = 23;

/// A log line's time is when CloudFront finished answering, which can be a
/// little after it checked the link's expiry (a slow client, a large PNG).
const ANSWER_SECONDS: i64 = 60;

/// What a link token says about who pays (the claims every link carries;
/// the rest of the token is the route's business).
#[derive(Debug, Deserialize)]
struct Payer {
    #[serde(rename = "o")]
    organization_id: String,
    #[serde(rename = "k", default)]
    key_id: Option<String>,
    exp: i64,
}

/// Why a log line is not charged.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Skip {
    /// Not a GET or HEAD of a link route.
    NotALink,
    /// Answered by the origin (`Miss`: charged there) or not answered
    /// (`Error`, `LimitExceeded`, ...).
    NotFromTheCache,
    /// Not 2xx (a 304, an error from the cache).
    NotSuccessful,
    /// A link route without a `token`.
    NoToken,
    /// A token this service did not sign, or no longer verifies (tampered,
    /// unknown key id). Logged by the reader.
    BadToken,
    /// A hit finished more than a minute after the token's expiry:
    /// CloudFront refuses such a URL, so it was not one of ours.
    AfterExpiry,
    /// A line that does not fit the file's `#Fields`.
    Malformed,
}

impl Skip {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::NotALink => "not_a_link",
            Self::NotFromTheCache => "not_from_the_cache",
            Self::NotSuccessful => "not_successful",
            Self::NoToken => "no_token",
            Self::BadToken => "bad_token",
            Self::AfterExpiry => "after_expiry",
            Self::Malformed => "malformed",
        }
    }
}

/// Who a hit is charged to, and in which month.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Charged {
    pub organization_id: String,
    /// `YYYY-MM` of the hit (UTC).
    pub month: String,
}

/// The edge hits of one log file, by organization and month, then by key
/// (`None`: a link made without a key, charged to the organization only).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct EdgeTally {
    pub hits: BTreeMap<Charged, BTreeMap<Option<String>, i64>>,
    /// When each month's counters end (Unix seconds): their expiry.
    month_ends: BTreeMap<String, i64>,
    pub skipped: BTreeMap<Skip, u64>,
    /// Lines with a token that did not verify: (line, why), for the logs
    /// (the token itself is never kept).
    pub bad_tokens: Vec<(usize, LinkError)>,
}

impl EdgeTally {
    /// All hits charged by this tally.
    pub fn total_hits(&self) -> i64 {
        self.hits.values().flat_map(BTreeMap::values).sum()
    }

    fn skip(&mut self, why: Skip) {
        *self.skipped.entry(why).or_default() += 1;
    }

    fn add(&mut self, request: &LogRequest, signer: &LinkSigner) {
        if !matches!(request.method.as_str(), "GET" | "HEAD") || !is_link_path(&request.uri_stem) {
            return self.skip(Skip::NotALink);
        }
        if !matches!(request.edge_result_type.as_str(), "Hit" | "RefreshHit") {
            return self.skip(Skip::NotFromTheCache);
        }
        if !request.status.is_some_and(|status| (200..300).contains(&status)) {
            return self.skip(Skip::NotSuccessful);
        }
        let Some(token) = request.query_parameter("token") else { return self.skip(Skip::NoToken) };
        let payer: Payer = match signer.verify_signature(&token) {
            Ok(payer) => payer,
            Err(error) => {
                self.bad_tokens.push((request.line, error));
                return self.skip(Skip::BadToken);
            }
        };
        if request.at.timestamp() > payer.exp + ANSWER_SECONDS {
            return self.skip(Skip::AfterExpiry);
        }
        let month = month_of(request.at);
        self.month_ends.entry(month.clone()).or_insert_with(|| start_of_next_month(request.at).timestamp());
        let keys = self.hits.entry(Charged { organization_id: payer.organization_id, month }).or_default();
        *keys.entry(payer.key_id).or_default() += 1;
    }
}

/// The paths of the distribution's cache behaviors in front of signed links:
/// `/api/chart/*` (the chart images) and `/api/calc/*/summary`.
pub fn is_link_path(path: &str) -> bool {
    path.starts_with("/api/chart/")
        || path.strip_prefix("/api/calc/").and_then(|rest| rest.strip_suffix("/summary")).is_some_and(|kind| !kind.is_empty())
}

/// Tallies the edge hits of a log file's `lines` (see [`crate::cloudfront::logs`]).
pub fn tally(lines: impl Iterator<Item = Result<LogLine, LogFileError>>, signer: &LinkSigner) -> Result<EdgeTally, LogFileError> {
    let mut tally = EdgeTally::default();
    for line in lines {
        match line? {
            LogLine::Request(request) => tally.add(&request, signer),
            LogLine::Malformed { .. } => tally.skip(Skip::Malformed),
        }
    }
    Ok(tally)
}

/// What charging a tally did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Charging {
    /// Units added now.
    pub charged: i64,
    /// Units an earlier reading of the same log file already added.
    pub already_charged: i64,
}

/// Charges `tally`, read from the log file `log_id` (its bucket and key:
/// the same file always has the same id), once however often it is called.
pub async fn charge(meter: &dyn Meter, log_id: &str, tally: &EdgeTally) -> Result<Charging, StoreError> {
    let mut done = Charging::default();
    for (charged, keys) in &tally.hits {
        let expires_at = tally.month_ends.get(&charged.month).copied().unwrap_or_default() + USAGE_KEPT_SECONDS;
        let partition = usage_partition(&charged.organization_id, &charged.month);
        let keys: Vec<(&Option<String>, &i64)> = keys.iter().collect();
        // Keys in a fixed order, so each write holds the same keys however
        // often the file is read, and its marker stands for them.
        for (write, chunk) in keys.chunks(KEYS_PER_WRITE).enumerate() {
            let units: i64 = chunk.iter().map(|(_, hits)| **hits).sum();
            let mut charges = Vec::with_capacity(chunk.len() + 2);
            charges.push(Charge {
                counter: CounterId {
                    pk: crate::repo::schema::edge_log(log_id),
                    sk: format!("{}#{}#{write}", charged.organization_id, charged.month),
                },
                units: 1,
                limit: Some(1),
                expires_at,
            });
            charges.push(Charge {
                counter: CounterId { pk: partition.clone(), sk: USAGE_TOTAL.to_owned() },
                units,
                limit: None,
                expires_at,
            });
            for (key, hits) in chunk {
                if let Some(key) = key {
                    charges.push(Charge {
                        counter: CounterId { pk: partition.clone(), sk: format!("{USAGE_KEY_PREFIX}{key}") },
                        units: **hits,
                        limit: None,
                        expires_at,
                    });
                }
            }
            match meter.charge(&charges).await? {
                Verdict::Allowed => done.charged += units,
                Verdict::Refused { index: 0 } => done.already_charged += units,
                Verdict::Refused { .. } => return Err(StoreError::Backend("an unlimited usage counter refused an edge-hit charge".into())),
            }
        }
    }
    Ok(done)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn link_paths_are_the_cache_behaviors() {
        for path in ["/api/chart/image.svg", "/api/chart/image.png", "/api/calc/natal/summary", "/api/calc/solar-return/summary"] {
            assert!(is_link_path(path), "{path}");
        }
        for path in ["/api/calc/natal", "/api/calc//summary", "/api/calc/summary", "/api/content/x", "/api/chart", "/"] {
            assert!(!is_link_path(path), "{path}");
        }
    }
}
