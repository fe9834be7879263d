//! GET /api/pdf-reports/download?token=…: a stored report behind the signed,
//! time-limited link the JSON:API answer gives on embedded storage (on AWS
//! that link is an S3 pre-signed URL instead, and this route is not used).
//! Like a pre-signed URL, the link alone opens the file until it expires.

use shared::http::Code;
use std::collections::BTreeMap;

use axum::extract::{Query, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use shared::http::{ApiError, AppState};

use crate::generate::{DownloadClaims, disposition};

pub async fn download(State(app): State<AppState>, Query(query): Query<BTreeMap<String, String>>) -> Result<Response, ApiError> {
    let claims: DownloadClaims = shared::http::links::link_claims(
        &app,
        query.get("token").map(String::as_str),
        "the link has no token: open the downloadUrl of a report answer as given",
        "the download link has expired: request the report again for a new one",
    )?;
    if claims.u != "p" || !claims.b.starts_with("reports/") {
        return Err(ApiError::coded(Code::InvalidLink, "this link is not a report download link"));
    }
    let blob = app.blobs.get(&claims.b).await?.ok_or_else(|| ApiError::not_found("the report is no longer stored: request it again"))?;
    let mut headers = HeaderMap::new();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("application/pdf"));
    headers.insert(header::CONTENT_DISPOSITION, disposition(&claims.f)?);
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("private, no-store"));
    Ok((StatusCode::OK, headers, blob.bytes).into_response())
}
