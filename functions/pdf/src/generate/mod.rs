//! POST /api/pdf-reports/generate: the report as a PDF, or (with `Accept:
//! application/vnd.api+json`) a JSON:API document with a time-limited
//! download link.
//!
//! The request is parsed ([`crate::request`]), the report taken from the
//! store or rendered ([`report_file`]), then answered as the client asked;
//! the same request again is served from the stored file (`X-Report-Cache:
//! hit`). One report is one metered request, however long (charged by the
//! key middleware before the handler runs).

mod report_file;

use std::time::Duration;

use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use chrono::Utc;
use serde::{Deserialize, Serialize};
use shared::http::{ApiError, ApiJson, AppState, Caller, Document, RequestedVersion, Versioned};
use shared::version::ResolvedVersion;

use crate::report::ReportRequest;
use crate::request::GenerateBody;
use report_file::{Delivery, PDF, Ports, ReportFile, ReportOrder, report_file};

pub const DOWNLOAD_PATH: &str = "/api/pdf-reports/download";
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
    let now = Utc::now();
    let request = body.parse(&app.ephemeris, now.date_naive())?;
    let delivery = if wants_json_api(&headers) { Delivery::Link } else { Delivery::File };
    let ports = Ports { ephemeris: &app.ephemeris, table: app.table.as_ref(), blobs: app.blobs.as_ref() };
    let order = ReportOrder {
        organization_id: &caller.organization.id,
        request: &request,
        version: version.applied_text(),
        delivery,
        created: now,
    };
    let report = report_file(&ports, order).await?;
    tracing::info!(report = %report.id, cached = report.cached, size = report.bytes.len(), "pdf report");
    match delivery {
        Delivery::Link => link_answer(&app, &headers, version, &request, report).await,
        Delivery::File => pdf_answer(version, &request, report),
    }
}

/// The headers of either answer.
fn report_headers(cached: bool) -> HeaderMap {
    let mut headers = HeaderMap::new();
    headers.insert(X_REPORT_CACHE, HeaderValue::from_static(if cached { "hit" } else { "miss" }));
    // A report holds birth data: no shared cache keeps it.
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("private, no-store"));
    headers
}

/// The PDF itself, as an attachment.
fn pdf_answer(version: ResolvedVersion, request: &ReportRequest, report: ReportFile) -> Result<Response, ApiError> {
    let mut headers = report_headers(report.cached);
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(PDF));
    headers.insert(header::CONTENT_DISPOSITION, disposition(&file_name(request))?);
    Ok(Versioned(version, (StatusCode::OK, headers, report.bytes)).into_response())
}

/// The JSON:API document with a time-limited download link: the store's
/// own (an S3 pre-signed URL), or, on a store that serves nothing itself,
/// the API's signed [`DOWNLOAD_PATH`].
async fn link_answer(
    app: &AppState,
    headers: &HeaderMap,
    version: ResolvedVersion,
    request: &ReportRequest,
    report: ReportFile,
) -> Result<Response, ApiError> {
    let file_name = file_name(request);
    let ttl = app.config.report_link_ttl_seconds;
    let expires = Utc::now() + chrono::Duration::seconds(ttl);
    let download_url = match app.blobs.download_url(&report.key, Duration::from_secs(ttl.unsigned_abs()), &file_name).await? {
        Some(url) => url,
        None => {
            let claims = DownloadClaims { u: "p".into(), b: report.key.clone(), f: file_name.clone(), exp: expires.timestamp() };
            let token = app.signer.sign(&claims).map_err(ApiError::internal)?;
            format!("{}{DOWNLOAD_PATH}?token={token}", shared::http::links::base_url(app, headers))
        }
    };
    let resource = ReportResource {
        kind: "pdf-reports",
        id: report.id,
        attributes: ReportAttributes {
            report_type: request.kind.id(),
            template_id: request.template.id(),
            language: request.language.code(),
            file_name,
            content_type: PDF,
            size: report.bytes.len(),
            cached: report.cached,
            download_url,
            expires_at: expires.format("%Y-%m-%dT%H:%M:%SZ").to_string(),
        },
    };
    let mut response = Versioned(version, Document::new(resource)).into_response();
    response.headers_mut().extend(report_headers(report.cached));
    Ok(response)
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
