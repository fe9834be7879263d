//! Request extractors: the JSON body with field-pointing errors.

use axum::body::Bytes;
use axum::extract::{FromRequest, Request};
use axum::http::StatusCode;
use serde::Deserialize;
use serde::de::{DeserializeOwned, Deserializer};

use super::error::ApiError;

/// A JSON body. Unreadable JSON is a 400; JSON of the wrong shape is a 422
/// whose `source.pointer` names the field; a body past the limit is a 413.
/// The Content-Type is not insisted upon (`curl -d` sends a form type).
pub struct ApiJson<T>(pub T);

impl<S, T> FromRequest<S> for ApiJson<T>
where
    S: Send + Sync,
    T: DeserializeOwned,
{
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<Self, Self::Rejection> {
        let limit = request.extensions().get::<BodyLimit>().map(|l| l.0).unwrap_or(usize::MAX);
        let bytes = Bytes::from_request(request, state).await.map_err(|rejection| {
            if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
                ApiError::payload_too_large(limit)
            } else {
                ApiError::malformed_json("the request body could not be read")
            }
        })?;
        parse_json(&bytes).map(ApiJson)
    }
}

/// The configured body limit, put in request extensions by the stack so that
/// the 413 can state it.
#[derive(Debug, Clone, Copy)]
pub struct BodyLimit(pub usize);

/// For a member that may be left out but has no meaning as `null` (a
/// resource's `data.id`): with `#[serde(default, deserialize_with =
/// "shared::http::extract::not_null")]` on an `Option<T>`, absent is `None`
/// and `null` is a 422 on the member, as its schema says.
pub fn not_null<'de, D: Deserializer<'de>, T: Deserialize<'de>>(deserializer: D) -> Result<Option<T>, D::Error> {
    T::deserialize(deserializer).map(Some)
}

pub fn parse_json<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Err(ApiError::malformed_json("the request body is empty; send a JSON object"));
    }
    let mut deserializer = serde_json::Deserializer::from_slice(bytes);
    let value: T = serde_path_to_error::deserialize(&mut deserializer).map_err(|error| {
        let pointer = pointer_of(error.path());
        let inner = error.into_inner();
        match inner.classify() {
            serde_json::error::Category::Data => data_error(&pointer, &inner),
            _ => unreadable(&inner),
        }
    })?;
    // Trailing characters after the value make the whole body unreadable.
    deserializer.end().map_err(|error| unreadable(&error))?;
    Ok(value)
}

fn unreadable(error: &serde_json::Error) -> ApiError {
    ApiError::malformed_json(format!("the body is not valid JSON: {}", without_position(error)))
}

fn data_error(pointer: &str, error: &serde_json::Error) -> ApiError {
    let message = without_position(error);
    // serde reports a missing field at its parent: point at the field itself.
    if let Some(field) = message.strip_prefix("missing field `").and_then(|rest| rest.strip_suffix('`')) {
        return ApiError::missing_field(format!("{pointer}/{field}"));
    }
    if let Some(rest) = message.strip_prefix("unknown field `") {
        let field = rest.split('`').next().unwrap_or_default();
        // Here the path already ends at the unknown field.
        return ApiError::invalid_field(pointer.to_owned(), format!("unknown field '{field}'"));
    }
    let pointer = if pointer.is_empty() { "/".to_owned() } else { pointer.to_owned() };
    ApiError::invalid_field(pointer, humanize(&message))
}

/// "invalid type: string \"x\", expected f64" -> "expected a number, got a string";
/// "invalid value: floating point `2.5`, expected a whole number" -> "expected a whole number, got 2.5".
fn humanize(message: &str) -> String {
    if let Some(rest) = message.strip_prefix("invalid value: ") {
        let (got, expected) = rest.split_once(", expected ").unwrap_or((rest, "another value"));
        let got = got.split('`').nth(1).unwrap_or(got);
        return format!("expected {expected}, got {got}");
    }
    let Some(rest) = message.strip_prefix("invalid type: ") else { return message.to_owned() };
    let (got, expected) = rest.split_once(", expected ").unwrap_or((rest, "another type"));
    let got_kind = got.split([' ', '`']).next().unwrap_or(got);
    let expected = match expected {
        "f64" | "f32" | "i64" | "u64" | "i32" | "u32" | "u8" | "u16" | "usize" => "a number",
        "a boolean" | "bool" => "a boolean",
        "a string" => "a string",
        "a sequence" => "an array",
        other => other,
    };
    format!("expected {expected}, got {}", article(got_kind))
}

fn article(kind: &str) -> String {
    match kind {
        "integer" | "floating" => "a number".into(),
        "string" => "a string".into(),
        "boolean" => "a boolean".into(),
        "sequence" => "an array".into(),
        "map" => "an object".into(),
        "null" => "null".into(),
        other => other.into(),
    }
}

fn without_position(error: &serde_json::Error) -> String {
    let text = error.to_string();
    match text.find(" at line ") {
        Some(index) => text[..index].to_owned(),
        None => text,
    }
}

/// serde_path_to_error's path as an RFC 6901 JSON pointer.
fn pointer_of(path: &serde_path_to_error::Path) -> String {
    use serde_path_to_error::Segment;
    let mut pointer = String::new();
    for segment in path.iter() {
        match segment {
            Segment::Seq { index } => pointer.push_str(&format!("/{index}")),
            Segment::Map { key } => pointer.push_str(&format!("/{}", key.replace('~', "~0").replace('/', "~1"))),
            Segment::Enum { variant } => pointer.push_str(&format!("/{variant}")),
            Segment::Unknown => {}
        }
    }
    pointer
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, serde::Deserialize)]
    #[serde(deny_unknown_fields, rename_all = "camelCase")]
    #[allow(dead_code)]
    struct Body {
        date_time: String,
        location: Location,
        #[serde(default)]
        points: Vec<String>,
    }

    #[derive(Debug, serde::Deserialize)]
    #[allow(dead_code)]
    struct Location {
        latitude: f64,
    }

    fn pointer_and_status(json: &str) -> (u16, String, String) {
        match parse_json::<Body>(json.as_bytes()) {
            Err(ApiError::Client { status, errors, .. }) => {
                (status.as_u16(), errors[0].source.as_ref().map(|s| s.pointer.clone()).unwrap_or_default(), errors[0].detail.clone())
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn errors_point_at_the_field() {
        assert_eq!(pointer_and_status(r#"{"dateTime": "x", "location": {"latitude": "north"}}"#).1, "/location/latitude");
        assert_eq!(pointer_and_status(r#"{"dateTime": "x", "location": {"latitude": "north"}}"#).2, "expected a number, got a string");
        assert_eq!(pointer_and_status(r#"{"location": {"latitude": 1}}"#), (422, "/dateTime".into(), "'dateTime' is required".into()));
        assert_eq!(pointer_and_status(r#"{"dateTime": "x", "location": {}}"#).1, "/location/latitude");
        assert_eq!(pointer_and_status(r#"{"dateTime": "x", "location": {"latitude": 1}, "points": ["a", 3]}"#).1, "/points/1");
        assert_eq!(pointer_and_status(r#"{"dateTime": "x", "location": {"latitude": 1}, "colour": 3}"#).1, "/colour");
        assert_eq!(pointer_and_status(r#"{"dateTime": 5, "location": {"latitude": 1}}"#).1, "/dateTime");
    }

    #[test]
    fn unreadable_json_is_a_400() {
        assert_eq!(pointer_and_status(r#"{"dateTime": "x","#).0, 400);
        assert_eq!(pointer_and_status(r#"{"dateTime": "x", "location": {"latitude": 1}} trailing"#).0, 400);
        assert_eq!(pointer_and_status("").0, 400);
        assert_eq!(pointer_and_status("[1, 2]").0, 422);
    }
}
