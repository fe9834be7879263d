//! GET /api/calc/{type}/summary: the AI summary behind the signed link a
//! calculation answer carries (see `link`).
//!
//! Order on open: the token (signature, known key id, expiry, purpose, the
//! path's horoscope type), then what it names (organization, key: revoked,
//! expired, `calc:read`, allowed sites), then the modules (`ai-summary`, and
//! the texts: `content:read` and `content`), so a refusal charges nothing.
//! Then the organization's cache: a stored summary costs one request; else
//! one caller takes the generation lease, pays ten, writes and stores, and
//! every concurrent caller waits for that summary and pays one.

mod lease;
pub mod link;
mod write;

use shared::http::Code;
use std::collections::BTreeMap;

use async_trait::async_trait;
use axum::extract::{MatchedPath, Query, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use sha2::{Digest, Sha256};
use shared::auth::domains;
use shared::auth::{KeyPermission, Module};
use shared::content::HoroscopeType;
use shared::http::auth::admit_link_key;
use shared::http::{ApiError, AppState, Caller, Document, RequestedVersion, Versioned};
use shared::language::Language;
use shared::metering::Usage;
use shared::repo::content::TextSource;
use shared::repo::summaries::{self, StoredSummary};
use shared::summary::Highlight;

use lease::{Author, Payer, SummaryLease};
use link::SummaryClaims;

use crate::signed::{caching_headers, claims_from_query, if_none_match};

/// The AI summary object.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SummaryBody {
    horoscope_type: String,
    language: String,
    summary: String,
    cached: bool,
    generated_at: String,
    model: String,
    highlights: Vec<Highlight>,
}

/// GET /api/calc/{type}/summary: one handler for the six paths, the
/// horoscope type read from the path matched (see `link::path`).
pub async fn summary(
    State(app): State<AppState>,
    matched: MatchedPath,
    requested: RequestedVersion,
    headers: HeaderMap,
    Query(query): Query<BTreeMap<String, String>>,
) -> Result<Response, ApiError> {
    let horoscope = link::horoscope_of(matched.as_str()).ok_or_else(|| ApiError::not_found("no summary at this path"))?;
    open(&app, horoscope, requested, &headers, &query).await
}

#[tracing::instrument(name = "summary", skip_all, fields(horoscope = horoscope.id(), org))]
async fn open(
    app: &AppState,
    horoscope: HoroscopeType,
    requested: RequestedVersion,
    headers: &HeaderMap,
    query: &BTreeMap<String, String>,
) -> Result<Response, ApiError> {
    let claims: SummaryClaims = claims_from_query(app, query, "summary")?;
    claims.check_purpose(horoscope)?;
    let caller = admit_link_key(app, &claims.organization_id, &claims.key_id, headers, KeyPermission::CalcRead).await?;
    caller.require(KeyPermission::CalcRead, Module::AiSummary)?;
    caller.require(KeyPermission::ContentRead, Module::Content).map_err(|refusal| texts_refused(refusal, horoscope))?;
    let version = requested.resolve(caller.organization.api_version.as_deref());
    let language = Language::parse(&claims.language).ok_or_else(link::invalid_content)?;

    let writer = write::Writer::of(app);
    // The organization's copies of the texts the summary draws on name the
    // summary too: an edited text is a new summary, not the stored one.
    let texts = TextSource::load(app.table.as_ref(), &caller.organization.id, &[horoscope], language).await?;
    let hash = request_hash(&claims, &writer.model(), &texts.fingerprint());

    // A stored summary never changes: the request's hash and the applied
    // version name the cached answer's bytes.
    let etag = format!("\"{hash}-{}\"", version.applied_text());
    let mut response_headers = caching_headers(&etag, claims.exp, domains::unrestricted(&caller.key.allowed_domains))?;
    // Revalidation (a browser's, or CloudFront's RefreshHit, which the edge
    // meter charges from its logs): nothing read but the summary's presence,
    // nothing charged.
    if if_none_match(headers, &etag) && summaries::cached(app.table.as_ref(), &caller.organization.id, &hash).await?.is_some() {
        return Ok(Versioned(version, (StatusCode::NOT_MODIFIED, response_headers)).into_response());
    }

    let (summary, cached) = summary_for(app, &caller, &claims, horoscope, &texts, &writer, &hash).await?;
    if !cached {
        // The answer that wrote the summary says `cached: false`; no cache
        // keeps it, so every later answer, shared caches' too, says `true`.
        response_headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    }
    let mut document = Document::new(SummaryBody {
        horoscope_type: summary.horoscope_type,
        language: summary.language,
        summary: summary.summary,
        cached,
        generated_at: summary.generated_at,
        model: summary.model,
        highlights: summary.highlights,
    })
    .with_meta("generator", if summary.fallback.is_some() || writer.is_built_in() { "built-in" } else { "llm" })
    .with_meta("units", if cached { 1 } else { shared::metering::NEW_SUMMARY_UNITS });
    if let Some(reason) = summary.fallback {
        document = document.with_meta("fallback", reason);
    }
    Ok(Versioned(version, (StatusCode::OK, response_headers, document)).into_response())
}

fn texts_refused(refusal: ApiError, horoscope: HoroscopeType) -> ApiError {
    let detail = match &refusal {
        ApiError::Client { errors, .. } => errors.first().map(|e| e.detail.clone()).unwrap_or_default(),
        _ => return refusal,
    };
    ApiError::coded(
        Code::TextsNotAllowed,
        format!("a summary draws on the {} interpretation texts, which this key may not read: {detail}", horoscope.id()),
    )
}

/// Names one summary: the organization, the calculation the link carries,
/// the language, the writer's version and the organization's copies of the
/// texts it draws on (`texts`, empty without any: summaries stored before
/// copies counted keep their names). The link's expiry and key are not part
/// of it: every link to the same request shares one summary.
fn request_hash(claims: &SummaryClaims, model: &str, texts: &str) -> String {
    let chart = serde_json::to_string(&claims.chart).unwrap_or_default();
    let mut hash = Sha256::new();
    for part in [claims.organization_id.as_str(), claims.horoscope.as_str(), claims.language.as_str(), chart.as_str(), model] {
        hash.update(part.as_bytes());
        hash.update([0]);
    }
    if !texts.is_empty() {
        hash.update(texts.as_bytes());
        hash.update([0]);
    }
    hex::encode(&hash.finalize()[..16])
}

/// The stored summary and whether it was (`true`), charging one unit, or
/// this call's, charging ten.
async fn summary_for(
    app: &AppState,
    caller: &Caller,
    claims: &SummaryClaims,
    horoscope: HoroscopeType,
    texts: &TextSource,
    writer: &write::Writer,
    hash: &str,
) -> Result<(StoredSummary, bool), ApiError> {
    let lease =
        SummaryLease { table: app.table.as_ref(), organization: &caller.organization.id, hash, writer_time_limit: writer.time_limit() };
    lease.deliver(&CallerPays { app, caller }, &LinkedSummary { app, claims, horoscope, texts, writer }).await
}

/// The key that opened the link pays.
struct CallerPays<'a> {
    app: &'a AppState,
    caller: &'a Caller,
}

#[async_trait]
impl Payer for CallerPays<'_> {
    async fn pay(&self, usage: Usage) -> Result<(), ApiError> {
        self.caller.charge(self.app, usage).await
    }
}

/// The summary of the calculation a link carries.
struct LinkedSummary<'a> {
    app: &'a AppState,
    claims: &'a SummaryClaims,
    horoscope: HoroscopeType,
    texts: &'a TextSource,
    writer: &'a write::Writer,
}

#[async_trait]
impl Author for LinkedSummary<'_> {
    type Draft = write::Prepared;

    async fn prepare(&self) -> Result<write::Prepared, ApiError> {
        self.writer.prepare(self.app, self.claims, self.horoscope, self.texts).await
    }

    async fn write(&self, draft: write::Prepared) -> StoredSummary {
        self.writer.finish(draft).await
    }
}
