//! What every request body of this family shares: the JSON:API `data`
//! envelope's identity, and field errors reported all at once.

use shared::http::ApiError;

pub const ATTRIBUTES: &str = "/data/attributes";

/// `data.type` must be `expected`; `data.id`, when sent, must be `id` (on
/// creation, where the server assigns ids, `id` is `None` and none may be sent).
/// Another resource's id is a 409 at once (JSON:API), the rest a field problem.
pub fn check_identity(
    kind: &str,
    expected: &str,
    sent_id: Option<&str>,
    id: Option<&str>,
    problems: &mut Vec<(String, String)>,
) -> Result<(), ApiError> {
    if kind != expected {
        problems.push(("/data/type".into(), format!("type must be '{expected}'")));
    }
    match (sent_id, id) {
        (None, _) => {}
        (Some(_), None) => problems.push(("/data/id".into(), "ids are assigned by the server; send none".into())),
        (Some(sent), Some(id)) if sent != id => return Err(ApiError::id_mismatch(id)),
        (Some(_), Some(_)) => {}
    }
    Ok(())
}

/// A 422 listing every problem found, or nothing.
pub fn reject_if_any(problems: Vec<(String, String)>) -> Result<(), ApiError> {
    if problems.is_empty() { Ok(()) } else { Err(ApiError::invalid_fields(problems)) }
}
