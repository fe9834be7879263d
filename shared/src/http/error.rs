//! The one error type of the HTTP layer and the one place it becomes a
//! response body: JSON:API `{"errors": [...]}`.

use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use serde_json::json;

pub use super::codes::Code;
use crate::version::MalformedVersion;

pub const JSON_API: &str = "application/vnd.api+json";

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ErrorObject {
    pub status: String,
    pub code: String,
    pub title: String,
    pub detail: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub source: Option<ErrorSource>,
    /// Machine-readable details of the error (the candidates of an
    /// ambiguous place name).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub meta: Option<serde_json::Value>,
}

/// Where the error is: a JSON pointer into the body, or a query parameter.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ErrorSource {
    #[serde(skip_serializing_if = "String::is_empty")]
    pub pointer: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub parameter: Option<String>,
}

/// One bad field of a request.
#[derive(Debug, Clone)]
pub struct FieldProblem {
    pub pointer: String,
    /// `invalid_field` unless the problem has a code of its own.
    pub code: Code,
    pub detail: String,
    pub meta: Option<serde_json::Value>,
}

#[derive(Debug)]
pub enum ApiError {
    /// Client errors, shown as they are.
    Client { status: StatusCode, errors: Vec<ErrorObject>, retry_after: Option<u64> },
    /// The malformed compatibility date keeps the interface's own body.
    MalformedVersion(MalformedVersion),
    /// Anything unexpected: logged here with its cause, shown as a bare 500.
    Internal(String),
    /// A service the request depends on (the store, the blob store) failed
    /// or did not answer within its bounds: logged here with its cause,
    /// shown as a 503 `service_unavailable` with `Retry-After`, and never
    /// charged (see `metering::bill`).
    Unavailable(String),
}

/// The `Retry-After` of a 503 for a failed dependency: a stalled call is
/// given up after `AWS_OPERATION_TIMEOUT_MS`, and the service is asked
/// again by the next request; a client retrying sooner than this only adds
/// load while it recovers.
pub const DEPENDENCY_RETRY_AFTER_SECONDS: u64 = 2;

pub type ApiResult<T> = Result<T, ApiError>;

fn object(status: StatusCode, code: Code, title: &str, detail: impl Into<String>, pointer: Option<String>) -> ErrorObject {
    ErrorObject {
        status: status.as_u16().to_string(),
        code: code.id().to_owned(),
        title: title.to_owned(),
        detail: detail.into(),
        source: pointer.map(|pointer| ErrorSource { pointer, parameter: None }),
        meta: None,
    }
}

impl ApiError {
    fn single(status: StatusCode, code: Code, title: &str, detail: impl Into<String>, pointer: Option<String>) -> Self {
        Self::Client { status, errors: vec![object(status, code, title, detail, pointer)], retry_after: None }
    }

    /// The error `code` with its status and title, and `detail`.
    pub fn coded(code: Code, detail: impl Into<String>) -> Self {
        Self::single(code.status(), code, code.title(), detail, None)
    }

    /// 422 for one field, `pointer` a JSON pointer into the request body.
    pub fn invalid_field(pointer: impl Into<String>, detail: impl Into<String>) -> Self {
        Self::single(StatusCode::UNPROCESSABLE_ENTITY, Code::InvalidField, Code::InvalidField.title(), detail, Some(pointer.into()))
    }

    /// 422 for a query parameter (`page[size]`, `language`, `filter[sign]`).
    pub fn invalid_parameter(parameter: impl Into<String>, detail: impl Into<String>) -> Self {
        let status = StatusCode::UNPROCESSABLE_ENTITY;
        let mut error = object(status, Code::InvalidParameter, Code::InvalidParameter.title(), detail, None);
        error.source = Some(ErrorSource { pointer: String::new(), parameter: Some(parameter.into()) });
        Self::Client { status, errors: vec![error], retry_after: None }
    }

    pub fn missing_field(pointer: impl Into<String>) -> Self {
        let pointer = pointer.into();
        let name = pointer.rsplit('/').next().unwrap_or_default().to_owned();
        Self::single(
            StatusCode::UNPROCESSABLE_ENTITY,
            Code::MissingField,
            Code::MissingField.title(),
            format!("'{name}' is required"),
            Some(pointer),
        )
    }

    /// 422 with several field errors at once, each with its own code and
    /// optional meta.
    pub fn field_problems(problems: Vec<FieldProblem>) -> Self {
        let status = StatusCode::UNPROCESSABLE_ENTITY;
        Self::Client {
            status,
            errors: problems
                .into_iter()
                .map(|problem| ErrorObject {
                    meta: problem.meta,
                    ..object(status, problem.code, Code::InvalidField.title(), problem.detail, Some(problem.pointer))
                })
                .collect(),
            retry_after: None,
        }
    }

    /// 422 with several field errors at once.
    pub fn invalid_fields(errors: Vec<(String, String)>) -> Self {
        let status = StatusCode::UNPROCESSABLE_ENTITY;
        Self::Client {
            status,
            errors: errors
                .into_iter()
                .map(|(pointer, detail)| object(status, Code::InvalidField, Code::InvalidField.title(), detail, Some(pointer)))
                .collect(),
            retry_after: None,
        }
    }

    pub fn malformed_json(detail: impl Into<String>) -> Self {
        Self::coded(Code::MalformedJson, detail)
    }

    pub fn payload_too_large(limit: usize) -> Self {
        Self::coded(Code::PayloadTooLarge, format!("the request body exceeds {limit} bytes"))
    }

    /// 403 naming every refused part of a request at once: (code, JSON
    /// pointer into the body when the part is there, detail).
    pub fn forbidden_parts(parts: Vec<(Code, Option<String>, String)>) -> Self {
        let status = StatusCode::FORBIDDEN;
        Self::Client {
            status,
            errors: parts.into_iter().map(|(code, pointer, detail)| object(status, code, code.title(), detail, pointer)).collect(),
            retry_after: None,
        }
    }

    pub fn not_found(detail: impl Into<String>) -> Self {
        Self::coded(Code::NotFound, detail)
    }

    pub fn method_not_allowed() -> Self {
        Self::coded(Code::MethodNotAllowed, "this path does not accept this method")
    }

    /// 409 for a PATCH whose `data.id` is not the resource its URL
    /// addresses (JSON:API: a server must answer 409 Conflict then).
    pub fn id_mismatch(addressed: &str) -> Self {
        Self::single(
            StatusCode::CONFLICT,
            Code::IdMismatch,
            Code::IdMismatch.title(),
            format!("data.id must be '{addressed}', the resource addressed"),
            Some("/data/id".into()),
        )
    }

    pub fn conflict(detail: impl Into<String>) -> Self {
        Self::coded(Code::Conflict, detail)
    }

    /// 409 with a specific code (e.g. `last_owner`, `already_member`).
    /// 400 for a request that cannot be read as meant (not a body field: a
    /// query parameter or header), with its own code.
    pub fn bad_request(code: Code, detail: impl Into<String>) -> Self {
        Self::single(StatusCode::BAD_REQUEST, code, "Bad request", detail, None)
    }

    /// 429 with `Retry-After` in whole seconds (at least 1).
    pub fn too_many_requests(code: Code, detail: impl Into<String>, retry_after_seconds: u64) -> Self {
        let status = code.status();
        Self::Client {
            status,
            errors: vec![object(status, code, code.title(), detail, None)],
            retry_after: Some(retry_after_seconds.max(1)),
        }
    }

    /// 503 with its own code and `Retry-After` (at least 1 s): the server
    /// is busy with this very request elsewhere, not failing.
    pub fn unavailable(code: Code, detail: impl Into<String>, retry_after_seconds: u64) -> Self {
        let status = code.status();
        Self::Client {
            status,
            errors: vec![object(status, code, code.title(), detail, None)],
            retry_after: Some(retry_after_seconds.max(1)),
        }
    }

    pub fn internal(cause: impl std::fmt::Display) -> Self {
        Self::Internal(cause.to_string())
    }

    pub fn status(&self) -> StatusCode {
        match self {
            Self::Client { status, .. } => *status,
            Self::MalformedVersion(_) => StatusCode::BAD_REQUEST,
            Self::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
            Self::Unavailable(_) => StatusCode::SERVICE_UNAVAILABLE,
        }
    }
}

impl From<MalformedVersion> for ApiError {
    fn from(error: MalformedVersion) -> Self {
        Self::MalformedVersion(error)
    }
}

impl From<crate::store::StoreError> for ApiError {
    fn from(error: crate::store::StoreError) -> Self {
        match error {
            crate::store::StoreError::Backend(_) => Self::Unavailable(error.to_string()),
            crate::store::StoreError::ConditionFailed | crate::store::StoreError::Corrupt(_) => Self::internal(error),
        }
    }
}

impl From<crate::repo::RepoError> for ApiError {
    fn from(error: crate::repo::RepoError) -> Self {
        match error {
            crate::repo::RepoError::Store(error) => error.into(),
            other => Self::internal(other),
        }
    }
}

impl From<crate::blob::BlobError> for ApiError {
    fn from(error: crate::blob::BlobError) -> Self {
        match error {
            crate::blob::BlobError::Backend(_) => Self::Unavailable(error.to_string()),
            crate::blob::BlobError::InvalidKey => Self::internal(error),
        }
    }
}

/// At most this many error objects in one answer; the rest are counted in
/// one last error (`more_errors`).
pub const MAX_ERRORS: usize = 100;
/// A detail longer than this (in characters) is cut, with an ellipsis: a
/// detail may quote a value the client sent, and an answer must not grow
/// with the request.
pub const MAX_DETAIL_CHARS: usize = 500;
/// No error body is larger than this, whatever the request.
pub const MAX_ERROR_BODY_BYTES: usize = 64 * 1024;

fn cut(text: &mut String, max_chars: usize) {
    if let Some((at, _)) = text.char_indices().nth(max_chars) {
        text.truncate(at);
        text.push('…');
    }
}

/// The errors an answer shows: each detail cut to [`MAX_DETAIL_CHARS`], at
/// most [`MAX_ERRORS`] of them and at most [`MAX_ERROR_BODY_BYTES`] in all,
/// the rest counted in a last `more_errors` error. The first errors are
/// kept: parsers report in the order of the request.
fn bounded(status: StatusCode, errors: Vec<ErrorObject>) -> Vec<ErrorObject> {
    // Room for the envelope and the last error.
    const BUDGET: usize = MAX_ERROR_BODY_BYTES - 1024;
    let total = errors.len();
    let mut shown = Vec::with_capacity(total.min(MAX_ERRORS));
    let mut size = 0;
    for mut error in errors {
        if shown.len() == MAX_ERRORS {
            break;
        }
        cut(&mut error.detail, MAX_DETAIL_CHARS);
        if let Some(source) = &mut error.source {
            cut(&mut source.pointer, MAX_DETAIL_CHARS);
        }
        let mut length = serde_json::to_vec(&error).map(|bytes| bytes.len()).unwrap_or(BUDGET);
        if length > BUDGET / 4 {
            // Server-made meta (the candidates of a place name) is the only
            // part left that can be large: an error keeps its words.
            error.meta = None;
            length = serde_json::to_vec(&error).map(|bytes| bytes.len()).unwrap_or(BUDGET);
        }
        if !shown.is_empty() && size + length + 1 > BUDGET {
            break;
        }
        size += length + 1;
        shown.push(error);
    }
    let hidden = total - shown.len();
    if hidden > 0 {
        shown.push(object(
            status,
            Code::MoreErrors,
            Code::MoreErrors.title(),
            format!("{hidden} more errors in this request are not shown; correct the ones above and send it again"),
            None,
        ));
    }
    shown
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        match self {
            Self::Client { status, errors, retry_after } => {
                let errors = bounded(status, errors);
                let mut response =
                    (status, [(header::CONTENT_TYPE, HeaderValue::from_static(JSON_API))], axum::Json(json!({ "errors": errors })))
                        .into_response();
                if let Some(seconds) = retry_after {
                    response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(seconds));
                }
                response
            }
            Self::MalformedVersion(mut error) => {
                cut(&mut error.value, 64);
                (StatusCode::BAD_REQUEST, axum::Json(json!({ "error": error.to_string() }))).into_response()
            }
            Self::Internal(cause) => {
                // The cause goes to the log only: no internals in bodies.
                tracing::error!(error = %cause, "internal error");
                let status = StatusCode::INTERNAL_SERVER_ERROR;
                let body = json!({ "errors": [object(status, Code::InternalError, Code::InternalError.title(), "something went wrong on our side; the request id identifies it in our logs", None)] });
                (status, [(header::CONTENT_TYPE, HeaderValue::from_static(JSON_API))], axum::Json(body)).into_response()
            }
            Self::Unavailable(cause) => {
                // The cause (an SDK error: operation, host, "dispatch
                // failure") goes to the log only, in the request's span.
                tracing::error!(error = %cause, "dependency unavailable");
                let status = StatusCode::SERVICE_UNAVAILABLE;
                let detail = "a service this request depends on did not answer in time; nothing was charged, retry after the seconds Retry-After gives";
                let body = json!({ "errors": [object(status, Code::ServiceUnavailable, Code::ServiceUnavailable.title(), detail, None)] });
                let mut response = (status, [(header::CONTENT_TYPE, HeaderValue::from_static(JSON_API))], axum::Json(body)).into_response();
                response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(DEPENDENCY_RETRY_AFTER_SECONDS));
                response
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    async fn body_of(error: ApiError) -> (usize, serde_json::Value) {
        let response = error.into_response();
        let bytes = http_body_util::BodyExt::collect(response.into_body()).await.unwrap().to_bytes();
        (bytes.len(), serde_json::from_slice(&bytes).unwrap())
    }

    #[tokio::test]
    async fn many_errors_are_counted_not_listed() {
        let problems = (0..5000).map(|index| (format!("/points/{index}"), format!("unknown point 'x{index}'"))).collect();
        let (size, body) = body_of(ApiError::invalid_fields(problems)).await;
        let errors = body["errors"].as_array().unwrap();
        assert_eq!(errors.len(), MAX_ERRORS + 1);
        assert_eq!(errors[0]["source"]["pointer"], "/points/0");
        assert_eq!(errors[MAX_ERRORS]["code"], "more_errors");
        assert!(errors[MAX_ERRORS]["detail"].as_str().unwrap().starts_with("4900 more errors"), "{}", errors[MAX_ERRORS]);
        assert!(size < 20_000, "{size}");
    }

    #[tokio::test]
    async fn a_quoted_value_is_cut() {
        let sent = "a".repeat(200_000);
        let (size, body) = body_of(ApiError::invalid_field("/points/0", format!("unknown point '{sent}'"))).await;
        let detail = body["errors"][0]["detail"].as_str().unwrap();
        assert_eq!(detail.chars().count(), MAX_DETAIL_CHARS + 1);
        assert!(detail.ends_with('…'));
        assert!(size < 2_000, "{size}");
    }

    #[tokio::test]
    async fn long_errors_stop_at_the_body_bound() {
        // 100 errors of a full detail and a large meta each would pass 64 KB.
        let problems = (0..100)
            .map(|index| FieldProblem {
                pointer: format!("/x/{index}"),
                code: Code::InvalidField,
                detail: "é".repeat(1000),
                meta: Some(json!({ "candidates": vec!["a candidate with a long description"; 40] })),
            })
            .collect();
        let (size, body) = body_of(ApiError::field_problems(problems)).await;
        assert!(size <= MAX_ERROR_BODY_BYTES, "{size}");
        let errors = body["errors"].as_array().unwrap();
        assert_eq!(errors.last().unwrap()["code"], "more_errors");
        assert!(errors.len() > 10, "{}", errors.len());
    }

    #[tokio::test]
    async fn a_malformed_version_is_quoted_short() {
        let error = ApiError::MalformedVersion(MalformedVersion { value: "9".repeat(10_000) });
        let (size, _) = body_of(error).await;
        assert!(size < 200, "{size}");
    }
}
