//! POST /api/api-keys: create a key; the full key is in this answer only.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::Deserialize;
use shared::auth::{KeyPermission, Module};
use shared::http::auth::SignedInUser;
use shared::http::{ApiError, ApiJson, ApiResult, AppState};
use shared::repo::api_keys::{self};
use shared::repo::orgs;

use crate::view::KeyView;

use shared::repo::api_keys::NewKey;

/// Longest key lifetime: ten years, in seconds.
const MAX_EXPIRES_IN: i64 = 10 * 365 * 24 * 3600;
const MAX_RATE_LIMIT: u32 = 100_000;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreateKeyRequest {
    data: CreateKeyData,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct CreateKeyData {
    #[serde(rename = "type")]
    kind: String,
    attributes: CreateKeyAttributes,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct CreateKeyAttributes {
    name: String,
    organization_id: String,
    permissions: Option<Vec<String>>,
    modules: Option<Vec<String>>,
    allowed_domains: Option<Vec<String>>,
    /// Seconds from now.
    expires_in: Option<i64>,
    rate_limit_per_minute: Option<u32>,
}

const ATTRIBUTES: &str = "/data/attributes";

#[tracing::instrument(name = "create_api_key", skip_all)]
pub async fn create_api_key(
    State(app): State<AppState>,
    user: SignedInUser,
    ApiJson(body): ApiJson<CreateKeyRequest>,
) -> ApiResult<(StatusCode, Json<serde_json::Value>)> {
    let mut problems: Vec<(String, String)> = Vec::new();
    if body.data.kind != "api-keys" {
        problems.push(("/data/type".into(), "type must be 'api-keys'".into()));
    }
    let attributes = body.data.attributes;
    let name = attributes.name.trim().to_owned();
    if name.is_empty() || name.chars().count() > 100 {
        problems.push((format!("{ATTRIBUTES}/name"), "name must be 1 to 100 characters".into()));
    }
    let permissions = match &attributes.permissions {
        None => KeyPermission::ALL.to_vec(),
        Some(ids) => parse_list(ids, KeyPermission::parse, "permissions", KeyPermission::ALL.iter().map(|p| p.id()), &mut problems),
    };
    if attributes.permissions.as_ref().is_some_and(Vec::is_empty) {
        problems.push((format!("{ATTRIBUTES}/permissions"), "a key needs at least one permission".into()));
    }
    let modules = match &attributes.modules {
        None => Vec::new(),
        Some(ids) => parse_list(ids, Module::parse, "modules", Module::ALL.iter().map(|m| m.id()), &mut problems),
    };
    let allowed_domains = attributes.allowed_domains.clone().unwrap_or_default();
    for (index, pattern) in allowed_domains.iter().enumerate() {
        if !is_domain_pattern(pattern) {
            problems.push((
                format!("{ATTRIBUTES}/allowedDomains/{index}"),
                "expected a domain (example.com), a wildcard for its subdomains (*.example.com) or * for all".into(),
            ));
        }
    }
    if attributes.expires_in.is_some_and(|seconds| !(60..=MAX_EXPIRES_IN).contains(&seconds)) {
        problems.push((format!("{ATTRIBUTES}/expiresIn"), format!("expiresIn is in seconds, from 60 to {MAX_EXPIRES_IN}")));
    }
    if attributes.rate_limit_per_minute.is_some_and(|limit| !(1..=MAX_RATE_LIMIT).contains(&limit)) {
        problems.push((format!("{ATTRIBUTES}/rateLimitPerMinute"), format!("rateLimitPerMinute must be 1 to {MAX_RATE_LIMIT}")));
    }
    if !problems.is_empty() {
        return Err(ApiError::invalid_fields(problems));
    }

    // Someone else's organization looks exactly like a missing one.
    let role = orgs::role_of(app.table.as_ref(), &attributes.organization_id, &user.claims.sub)
        .await?
        .ok_or_else(|| ApiError::not_found("no such organization"))?;
    if let Some(beyond) = permissions.iter().find(|p| !role.has(p.role_permission())) {
        return Err(ApiError::forbidden("permission_exceeds_role", format!("a {} cannot give a key '{}'", role.id(), beyond.id())));
    }

    let (record, secret) = api_keys::issue(
        app.table.as_ref(),
        NewKey {
            organization_id: attributes.organization_id,
            name,
            permissions,
            modules,
            allowed_domains,
            created_by: user.claims.sub,
            expires_in_seconds: attributes.expires_in,
            rate_limit_per_minute: attributes.rate_limit_per_minute,
        },
    )
    .await?;
    tracing::info!(key_id = %record.id, prefix = %record.prefix, "api key created");
    let created = KeyView::of(record, Some(&secret));
    Ok((StatusCode::CREATED, Json(serde_json::json!({ "data": created }))))
}

fn parse_list<T: PartialEq>(
    ids: &[String],
    parse: impl Fn(&str) -> Option<T>,
    field: &str,
    valid: impl Iterator<Item = &'static str>,
    problems: &mut Vec<(String, String)>,
) -> Vec<T> {
    let valid: Vec<_> = valid.collect();
    let mut parsed = Vec::new();
    for (index, id) in ids.iter().enumerate() {
        match parse(id) {
            Some(value) if !parsed.contains(&value) => parsed.push(value),
            Some(_) => {}
            None => problems.push((format!("{ATTRIBUTES}/{field}/{index}"), format!("unknown value '{id}'; valid: {}", valid.join(", ")))),
        }
    }
    parsed
}

/// `*`, `example.com` or `*.example.com`: lowercase host names only.
fn is_domain_pattern(pattern: &str) -> bool {
    if pattern == "*" {
        return true;
    }
    let host = pattern.strip_prefix("*.").unwrap_or(pattern);
    let labels: Vec<&str> = host.split('.').collect();
    labels.len() >= 2
        && labels.iter().all(|label| {
            !label.is_empty()
                && label.len() <= 63
                && !label.starts_with('-')
                && !label.ends_with('-')
                && label.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
        })
}

#[cfg(test)]
mod tests {
    use super::is_domain_pattern;

    #[test]
    fn domain_patterns() {
        for good in ["*", "example.com", "*.example.com", "app.example.co.uk", "localhost.test"] {
            assert!(is_domain_pattern(good), "{good}");
        }
        for bad in [
            "",
            "https://example.com",
            "example.com/path",
            "*example.com",
            "Example.com",
            "example",
            "*.*.com",
            "exa mple.com",
            "example.com:8080",
        ] {
            assert!(!is_domain_pattern(bad), "{bad}");
        }
    }
}
