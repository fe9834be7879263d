//! The signed summary link: what its token carries and where it opens
//! (issued by `crate::links`).
//!
//! The token (see `shared::signing`) carries the calculation as resolved
//! (the same chart spec an image link carries; for transits also the
//! period's end), the language, the organization and the key: opening it
//! needs no body and no key header. Its expiry is on the hour (see
//! `shared::signing::link_expiry`).

use serde::{Deserialize, Serialize};
use shared::content::HoroscopeType;
use shared::http::Code;
use shared::http::chart_link::ChartSpec;
use shared::http::{ApiError, Caller};
use shared::language::Language;

/// The `u` claim of a summary link: an image link has none, so neither
/// opens as the other.
const PURPOSE: &str = "s";

/// Where each horoscope type's summary is opened; a Vedic chart has none.
pub fn path(horoscope: HoroscopeType) -> Option<&'static str> {
    match horoscope {
        HoroscopeType::Natal => Some("/api/calc/natal/summary"),
        HoroscopeType::Synastry => Some("/api/calc/synastry/summary"),
        HoroscopeType::Transit => Some("/api/calc/transit/summary"),
        HoroscopeType::Progressions => Some("/api/calc/progressions/summary"),
        HoroscopeType::SolarReturn => Some("/api/calc/solar-return/summary"),
        HoroscopeType::LunarReturn => Some("/api/calc/lunar-return/summary"),
        HoroscopeType::Vedic => None,
    }
}

/// The horoscope type whose summary is at `path`.
pub fn horoscope_of(path: &str) -> Option<HoroscopeType> {
    HoroscopeType::ALL.into_iter().find(|h| self::path(*h) == Some(path))
}

/// The claims of a summary link. Field names are one letter: links stay short.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct SummaryClaims {
    #[serde(rename = "u")]
    pub purpose: String,
    #[serde(rename = "o")]
    pub organization_id: String,
    #[serde(rename = "k")]
    pub key_id: String,
    /// Unix seconds.
    pub exp: i64,
    /// The horoscope type id (`natal`, `solar-return`, ...).
    #[serde(rename = "h")]
    pub horoscope: String,
    #[serde(rename = "l")]
    pub language: String,
    #[serde(rename = "c")]
    pub chart: ChartSpec,
}

impl SummaryClaims {
    /// The claims of the summary of `chart` for the caller's key.
    pub fn new(caller: &Caller, horoscope: HoroscopeType, language: Language, chart: ChartSpec, exp: i64) -> Self {
        Self {
            purpose: PURPOSE.to_owned(),
            organization_id: caller.organization.id.clone(),
            key_id: caller.key.id.clone(),
            exp,
            horoscope: horoscope.id().to_owned(),
            language: language.code().to_owned(),
            chart,
        }
    }

    /// A summary link, and one for the summary at this path.
    pub fn check_purpose(&self, horoscope: HoroscopeType) -> Result<(), ApiError> {
        if self.purpose != PURPOSE {
            return Err(ApiError::coded(Code::InvalidLink, "this link is not a summary link"));
        }
        match HoroscopeType::parse(&self.horoscope) {
            Some(own) if own == horoscope => Ok(()),
            Some(own) => Err(ApiError::coded(
                Code::InvalidLink,
                format!("this link opens the {} summary at {}", own.id(), path(own).unwrap_or_default()),
            )),
            None => Err(invalid_content()),
        }
    }
}

pub use shared::http::chart_link::invalid_content;

/// The summary object of a calculation answer.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SummaryLink {
    /// Open with GET: no body, no key header.
    pub url: String,
    /// When the link stops working (UTC).
    pub expires_at: String,
    pub horoscope_type: &'static str,
}
