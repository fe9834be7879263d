//! The attributes a client sets on a key, checked the same way when the key
//! is created (POST) and when it is edited (PATCH). Problems are collected
//! rather than returned at the first one, so that a single 422 names every
//! bad field.

use serde::{Deserialize, Deserializer};
use shared::auth::domains::MAX_PATTERNS;
use shared::auth::{KeyPermission, Module, Role};
use shared::http::ApiError;
use shared::http::fields::too_many_items;

/// Where the attributes sit in the request body (JSON pointer).
pub const ATTRIBUTES: &str = "/data/attributes";
/// Longest key lifetime: ten years, in seconds.
pub const MAX_EXPIRES_IN: i64 = 10 * 365 * 24 * 3600;
/// Highest per-key rate limit, per minute. A load test drives about 400,000
/// requests a minute through one key; the ceiling leaves room above that
/// while still catching a typo of a few extra digits.
pub const MAX_RATE_LIMIT: u32 = 1_000_000;
const MAX_NAME_CHARS: usize = 100;
/// The longest `permissions` and `modules` lists: room for every id and
/// some repeats, not for a list meant to multiply the answer.
pub const MAX_IDS: usize = 32;

/// Field problems found so far: (JSON pointer, detail).
#[derive(Debug, Default)]
pub struct Problems(Vec<(String, String)>);

impl Problems {
    pub fn add(&mut self, pointer: impl Into<String>, detail: impl Into<String>) {
        self.0.push((pointer.into(), detail.into()));
    }

    /// A problem with the attribute `field` (camelCase, as sent).
    pub fn attribute(&mut self, field: &str, detail: impl Into<String>) {
        self.add(format!("{ATTRIBUTES}/{field}"), detail);
    }

    /// 422 naming every problem, if there is one.
    pub fn into_result(self) -> Result<(), ApiError> {
        if self.0.is_empty() { Ok(()) } else { Err(ApiError::invalid_fields(self.0)) }
    }
}

/// The resource type of the body's `data`.
pub fn check_type(kind: &str, problems: &mut Problems) {
    if kind != "api-keys" {
        problems.add("/data/type", "type must be 'api-keys'");
    }
}

/// The name, trimmed: 1 to 100 characters as sent, not all spaces, without
/// control characters (as an organization's name).
pub fn name(raw: &str, problems: &mut Problems) -> String {
    let name = raw.trim().to_owned();
    if name.is_empty() || raw.chars().count() > MAX_NAME_CHARS || name.chars().any(char::is_control) {
        problems.attribute("name", format!("name must be 1 to {MAX_NAME_CHARS} characters, without control characters"));
    }
    name
}

/// Key permissions by id, without repeats; at least one.
pub fn permissions(ids: &[String], problems: &mut Problems) -> Vec<KeyPermission> {
    if ids.is_empty() {
        problems.attribute("permissions", "a key needs at least one permission");
    }
    parse_list(ids, KeyPermission::parse, "permissions", KeyPermission::ALL.iter().map(|p| p.id()), problems)
}

/// Modules by id, without repeats; none means every module of the plan.
pub fn modules(ids: &[String], problems: &mut Problems) -> Vec<Module> {
    parse_list(ids, Module::parse, "modules", Module::ALL.iter().map(|m| m.id()), problems)
}

/// At most [`MAX_PATTERNS`] site patterns, as a widget's.
pub fn allowed_domains(patterns: Vec<String>, problems: &mut Problems) -> Vec<String> {
    if let Some(detail) = too_many_items(patterns.len(), MAX_PATTERNS) {
        problems.attribute("allowedDomains", detail);
        return Vec::new();
    }
    for (index, pattern) in patterns.iter().enumerate() {
        if !is_domain_pattern(pattern) {
            problems.attribute(
                &format!("allowedDomains/{index}"),
                "expected a domain (example.com), a wildcard for its subdomains (*.example.com) or * for all",
            );
        }
    }
    patterns
}

pub fn expires_in(seconds: i64, problems: &mut Problems) {
    if !(60..=MAX_EXPIRES_IN).contains(&seconds) {
        problems.attribute("expiresIn", format!("expiresIn is in seconds, from 60 to {MAX_EXPIRES_IN}"));
    }
}

pub fn rate_limit(per_minute: u32, problems: &mut Problems) {
    if !(1..=MAX_RATE_LIMIT).contains(&per_minute) {
        problems.attribute("rateLimitPerMinute", format!("rateLimitPerMinute must be 1 to {MAX_RATE_LIMIT}"));
    }
}

/// The first of `permissions` that `role` does not hold, by the role table
/// `holds` ([`Role::has`] in service; tests also pass a synthetic table, to
/// show refusals today's table has no case for).
pub fn beyond_role(permissions: &[KeyPermission], role: Role, holds: impl Fn(Role, &str) -> bool) -> Option<KeyPermission> {
    permissions.iter().copied().find(|p| !holds(role, p.role_permission()))
}

/// For `#[serde(default, deserialize_with = "present")]` on an
/// `Option<Option<T>>`: an absent field stays `None` (leave unchanged), while
/// `null` becomes `Some(None)`, so an edit can tell "clear" from "keep".
pub fn present<'de, D: Deserializer<'de>, T: Deserialize<'de>>(deserializer: D) -> Result<Option<T>, D::Error> {
    T::deserialize(deserializer).map(Some)
}

fn parse_list<T: PartialEq>(
    ids: &[String],
    parse: impl Fn(&str) -> Option<T>,
    field: &str,
    valid: impl Iterator<Item = &'static str>,
    problems: &mut Problems,
) -> Vec<T> {
    if let Some(detail) = too_many_items(ids.len(), MAX_IDS) {
        problems.attribute(field, detail);
        return Vec::new();
    }
    // The valid ids are listed once, in the first unknown id's error.
    let mut valid = Some(valid.collect::<Vec<_>>().join(", "));
    let mut parsed = Vec::new();
    for (index, id) in ids.iter().enumerate() {
        match parse(id) {
            Some(value) if !parsed.contains(&value) => parsed.push(value),
            Some(_) => {}
            None => problems.attribute(
                &format!("{field}/{index}"),
                match valid.take() {
                    Some(valid) => format!("unknown value '{id}'; valid: {valid}"),
                    None => format!("unknown value '{id}'"),
                },
            ),
        }
    }
    parsed
}

fn is_domain_pattern(pattern: &str) -> bool {
    shared::auth::domains::is_pattern(pattern)
}

#[cfg(test)]
mod tests {
    use super::*;

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

    #[test]
    fn lists_drop_repeats_and_point_at_unknown_values() {
        let mut problems = Problems::default();
        let ids: Vec<String> = ["calc:read", "calc:read", "admin:all", "chart:read"].map(String::from).into();
        assert_eq!(permissions(&ids, &mut problems), [KeyPermission::CalcRead, KeyPermission::ChartRead]);
        assert_eq!(problems.0.len(), 1);
        assert_eq!(problems.0[0].0, "/data/attributes/permissions/2");
        let mut problems = Problems::default();
        assert!(permissions(&[], &mut problems).is_empty());
        assert_eq!(problems.0[0].0, "/data/attributes/permissions");
    }

    #[test]
    fn rate_limits_reach_a_million_a_minute() {
        for (limit, ok) in [(0, false), (1, true), (400_000, true), (MAX_RATE_LIMIT, true), (MAX_RATE_LIMIT + 1, false)] {
            let mut problems = Problems::default();
            rate_limit(limit, &mut problems);
            assert_eq!(problems.0.is_empty(), ok, "{limit}");
        }
    }
}
