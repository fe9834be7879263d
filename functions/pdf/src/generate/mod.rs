//! POST /api/pdf-reports/generate: the report as a PDF, or (with `Accept:
//! application/vnd.api+json`) a JSON:API document with a time-limited
//! download link.
//!
//! A report is stored through the blob port under
//! `reports/{organization}/{key}.pdf`, the key a hash of the normalized
//! request, the layout version, the compatibility date and the
//! organization's own texts; the same request again is served from the
//! stored file (`X-Report-Cache: hit`). One report is one metered request,
//! however long (charged by the key middleware before the handler runs).

use std::time::Duration;

use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use chrono::Utc;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use shared::content::ContentKey;
use shared::http::{ApiError, ApiJson, AppState, Caller, Document, RequestedVersion, Versioned};
use shared::repo::content::TextSource;

use crate::document::{self, LAYOUT_VERSION};
use crate::report::{ReportRequest, build};
use crate::request::{GenerateBody, normalized};

pub const DOWNLOAD_PATH: &str = "/api/pdf-reports/download";
const PDF: &str = "application/pdf";
const JSON_API: &str = "application/vnd.api+json";
/// Says whether the answer came from the stored file.
const X_REPORT_CACHE: &str = "x-report-cache";

/// The claims of a local download link (embedded storage; on AWS the link
/// is an S3 pre-signed URL).
#[derive(Debug, Serialize, Deserialize)]
pub struct DownloadClaims {
    /// Purpose: `p`, so no other link's token opens a report.
    pub u: String,
    /// The blob key.
    pub b: String,
    /// The file name.
    pub f: String,
    pub exp: i64,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct ReportResource {
    #[serde(rename = "type")]
    kind: &'static str,
    id: String,
    attributes: ReportAttributes,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct ReportAttributes {
    report_type: &'static str,
    template_id: &'static str,
    language: &'static str,
    file_name: String,
    content_type: &'static str,
    size: usize,
    /// Whether the stored report served this request.
    cached: bool,
    download_url: String,
    expires_at: String,
}

#[tracing::instrument(name = "pdf_report", skip_all)]
pub async fn generate(
    State(app): State<AppState>,
    caller: Caller,
    requested: RequestedVersion,
    headers: HeaderMap,
    ApiJson(body): ApiJson<GenerateBody>,
) -> Result<Response, ApiError> {
    let version = requested.resolve(caller.organization.api_version.as_deref());
    let request = body.parse(&app.ephemeris, Utc::now().date_naive())?;
    // The organization's copies where it has them, read once per request.
    let texts = TextSource::load(app.table.as_ref(), &caller.organization.id, &request.kind.corpora(), request.language).await?;

    let mut hash = Sha256::new();
    for part in [normalized(&request).to_string(), LAYOUT_VERSION.to_owned(), version.applied_text(), texts.fingerprint()] {
        hash.update(part.as_bytes());
        hash.update([0]);
    }
    let id: String = hash.finalize().iter().take(16).map(|b| format!("{b:02x}")).collect();
    let key = format!("reports/{}/{id}.pdf", caller.organization.id);
    let file_name = file_name(&request);
    let (kind, template, language) = (request.kind, request.template, request.language);

    let wants_link = wants_json_api(&headers);
    // The store keeps reports so a repeated request costs no rendering. A
    // download link needs the store: when it does not answer, a 503 (not
    // charged) at once. The PDF itself does not: it is rendered and served
    // unstored (charged), without a second wait on a store that just failed.
    let (stored, store_answers) = match app.blobs.get(&key).await {
        Ok(stored) => (stored, true),
        Err(error) if wants_link => return Err(error.into()),
        Err(error) => {
            tracing::warn!(%error, "the report store did not answer; the report is rendered and served unstored");
            (None, false)
        }
    };
    let (bytes, cached) = match stored {
        Some(blob) => (blob.bytes, true),
        None => {
            let ephemeris = app.ephemeris.clone();
            // Laying out and compressing takes milliseconds of CPU: off the async workers.
            let bytes = tokio::task::spawn_blocking(move || -> Result<Vec<u8>, ApiError> {
                let created = Utc::now();
                let lookup = |key: &ContentKey| texts.text(key);
                let report = build(&ephemeris, &request, &lookup, created).map_err(|e| match e {
                    crate::report::ReportError::Ephemeris(e) => ApiError::invalid_field("/transitDate", e.to_string()),
                    crate::report::ReportError::Incomplete(detail) => ApiError::invalid_field("/reportType", detail),
                })?;
                document::write(&report).map_err(ApiError::internal)
            })
            .await
            .map_err(ApiError::internal)??;
            if store_answers {
                match app.blobs.put(&key, bytes.clone(), PDF).await {
                    Ok(()) => {}
                    Err(error) if !wants_link => tracing::warn!(%error, "the report store did not answer; the report is served unstored"),
                    Err(error) => return Err(error.into()),
                }
            }
            (bytes, false)
        }
    };
    tracing::info!(report = %id, cached, size = bytes.len(), "pdf report");

    let mut response_headers = HeaderMap::new();
    response_headers.insert(X_REPORT_CACHE, HeaderValue::from_static(if cached { "hit" } else { "miss" }));
    // A report holds birth data: no shared cache keeps it.
    response_headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("private, no-store"));
    if wants_link {
        let ttl = app.config.report_link_ttl_seconds;
        let expires = Utc::now() + chrono::Duration::seconds(ttl);
        let download_url = match app.blobs.download_url(&key, Duration::from_secs(ttl.unsigned_abs()), &file_name).await? {
            Some(url) => url,
            None => {
                let claims = DownloadClaims { u: "p".into(), b: key.clone(), f: file_name.clone(), exp: expires.timestamp() };
                let token = app.signer.sign(&claims).map_err(ApiError::internal)?;
                format!("{}{DOWNLOAD_PATH}?token={token}", shared::http::links::base_url(&app, &headers))
            }
        };
        let resource = ReportResource {
            kind: "pdf-reports",
            id,
            attributes: ReportAttributes {
                report_type: kind.id(),
                template_id: template.id(),
                language: language.code(),
                file_name,
                content_type: PDF,
                size: bytes.len(),
                cached,
                download_url,
                expires_at: expires.format("%Y-%m-%dT%H:%M:%SZ").to_string(),
            },
        };
        let mut response = Versioned(version, Document::new(resource)).into_response();
        response.headers_mut().extend(response_headers);
        return Ok(response);
    }
    response_headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(PDF));
    response_headers.insert(header::CONTENT_DISPOSITION, disposition(&file_name)?);
    Ok(Versioned(version, (StatusCode::OK, response_headers, bytes)).into_response())
}

/// Whether the client asked for the JSON:API answer rather than the file.
fn wants_json_api(headers: &HeaderMap) -> bool {
    headers
        .get_all(header::ACCEPT)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .any(|media| media.split(';').next().is_some_and(|m| m.trim().eq_ignore_ascii_case(JSON_API)))
}

/// "natal-report-maria-jose.pdf": the report type and the subject, in ASCII.
pub fn file_name(request: &ReportRequest) -> String {
    let mut slug = String::new();
    for c in deunicode::deunicode(&request.subject.name).to_lowercase().chars() {
        if c.is_ascii_alphanumeric() {
            slug.push(c);
        } else if !slug.ends_with('-') && !slug.is_empty() {
            slug.push('-');
        }
    }
    let slug = slug.trim_end_matches('-');
    let slug = if slug.is_empty() { "subject" } else { slug };
    format!("{}-report-{}.pdf", request.kind.id(), &slug[..slug.len().min(60)])
}

pub fn disposition(file_name: &str) -> Result<HeaderValue, ApiError> {
    HeaderValue::from_str(&format!("attachment; filename=\"{file_name}\"")).map_err(ApiError::internal)
}
