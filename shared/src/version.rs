//! Compatibility-date versioning: which dated behaviour a request gets.
//!
//! Resolution order: `X-Api-Version` header, then the `api_version` query
//! parameter, then the organization's pin, then the baseline. Dates before
//! the baseline clamp to it; dates after the newest change clamp to it.

use chrono::NaiveDate;

/// A breaking change and the compatibility date from which it applies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DatedChange {
    pub date: NaiveDate,
    pub summary: &'static str,
}

const fn date(year: i32, month: u32, day: u32) -> NaiveDate {
    match NaiveDate::from_ymd_opt(year, month, day) {
        Some(date) => date,
        None => panic!("invalid constant date"),
    }
}

pub const BASELINE: NaiveDate = date(2026, 1, 1);

/// From this date `POST /api/calc/transit` groups its aspects.
pub const GROUPED_TRANSIT_ASPECTS: NaiveDate = date(2026, 9, 3);

/// Every breaking change, oldest first.
pub const CHANGES: &[DatedChange] = &[DatedChange {
    date: GROUPED_TRANSIT_ASPECTS,
    summary: "POST /api/calc/transit: aspects grouped per transiting point, aspect and natal point, passes under occurrences",
}];

/// The newest dated behaviour.
pub fn latest() -> NaiveDate {
    CHANGES.iter().map(|change| change.date).max().unwrap_or(BASELINE)
}

/// A compatibility date as sent by a client: well formed, not yet clamped.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct ApiVersion(pub NaiveDate);

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid API version '{value}': expected a date in YYYY-MM-DD format")]
pub struct MalformedVersion {
    pub value: String,
}

impl ApiVersion {
    /// Strict `YYYY-MM-DD`, a real calendar date.
    pub fn parse(value: &str) -> Result<Self, MalformedVersion> {
        crate::astro::time::parse_date(value).map(Self).map_err(|_| MalformedVersion { value: value.to_owned() })
    }

    /// The behaviour this date selects: clamped to [baseline, latest].
    pub fn effective(self) -> NaiveDate {
        self.0.clamp(BASELINE, latest())
    }

    pub fn includes(self, change_date: NaiveDate) -> bool {
        self.effective() >= change_date
    }
}

impl std::fmt::Display for ApiVersion {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0.format("%Y-%m-%d"))
    }
}

/// Where the applied version came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum VersionSource {
    Header,
    Query,
    OrganizationPin,
    Baseline,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ResolvedVersion {
    /// The clamped date whose behaviour applies.
    pub applied: NaiveDate,
    pub source: VersionSource,
}

impl ResolvedVersion {
    pub fn includes(&self, change_date: NaiveDate) -> bool {
        self.applied >= change_date
    }

    pub fn applied_text(&self) -> String {
        self.applied.format("%Y-%m-%d").to_string()
    }
}

/// The version a request gets. `header` and `query` are already validated.
pub fn resolve(header: Option<ApiVersion>, query: Option<ApiVersion>, org_pin: Option<ApiVersion>) -> ResolvedVersion {
    let (chosen, source) = match (header, query, org_pin) {
        (Some(v), _, _) => (v, VersionSource::Header),
        (None, Some(v), _) => (v, VersionSource::Query),
        (None, None, Some(v)) => (v, VersionSource::OrganizationPin),
        (None, None, None) => (ApiVersion(BASELINE), VersionSource::Baseline),
    };
    ResolvedVersion { applied: chosen.effective(), source }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(text: &str) -> ApiVersion {
        ApiVersion::parse(text).unwrap()
    }

    #[test]
    fn malformed_values_are_rejected_with_the_value_named() {
        for bad in ["2026-13-01", "2026-02-30", "20260903", "2026-9-3", "latest", "", "2026-09-03T00:00"] {
            let error = ApiVersion::parse(bad).unwrap_err();
            assert_eq!(error.to_string(), format!("invalid API version '{bad}': expected a date in YYYY-MM-DD format"));
        }
    }

    #[test]
    fn header_beats_query_beats_pin_beats_baseline() {
        let header = Some(v("2026-09-03"));
        let query = Some(v("2026-05-01"));
        let pin = Some(v("2026-03-01"));
        assert_eq!(resolve(header, query, pin).source, VersionSource::Header);
        assert_eq!(resolve(None, query, pin).applied, v("2026-05-01").0);
        assert_eq!(resolve(None, None, pin).source, VersionSource::OrganizationPin);
        assert_eq!(resolve(None, None, None), ResolvedVersion { applied: BASELINE, source: VersionSource::Baseline });
    }

    #[test]
    fn dates_clamp_to_the_served_range() {
        assert_eq!(resolve(Some(v("2019-01-01")), None, None).applied, BASELINE);
        assert_eq!(resolve(Some(v("2099-12-31")), None, None).applied, latest());
        assert_eq!(latest(), v("2026-09-03").0);
        assert!(!resolve(Some(v("2026-09-02")), None, None).includes(latest()));
        assert!(resolve(Some(v("2026-09-03")), None, None).includes(latest()));
    }
}
