//! Embeddable widgets: what a widget's attributes may hold, and how a
//! client's attributes make or change them. Pure: no I/O, no HTTP.
//!
//! Creating takes every attribute (`name` required). Editing merges: an
//! attribute left out stays; `null` clears it to its default (`customization`
//! `{}`, `allowedDomains` `[]`, `enabled` `true`; `name` cannot be cleared);
//! `customization` is merged member by member as a JSON merge patch (RFC
//! 7396: objects merge, `null` removes a member, anything else replaces).

pub mod customization;

use serde_json::{Map, Value};

use crate::auth::domains;

/// Longest widget name, in characters.
pub const MAX_NAME: usize = 100;
/// Most site patterns a widget may list.
pub const MAX_DOMAINS: usize = domains::MAX_PATTERNS;
const ATTRIBUTES: [&str; 4] = ["name", "customization", "allowedDomains", "enabled"];

/// A widget's attributes, checked.
#[derive(Debug, Clone, PartialEq)]
pub struct WidgetAttributes {
    pub name: String,
    pub customization: Value,
    pub allowed_domains: Vec<String>,
    pub enabled: bool,
}

impl WidgetAttributes {
    /// What a widget starts as before its attributes apply.
    fn initial() -> Self {
        Self { name: String::new(), customization: Value::Object(Map::new()), allowed_domains: Vec::new(), enabled: true }
    }
}

/// A new widget's attributes from the client's `attributes` (found at
/// `pointer`); every problem as (JSON pointer, detail).
pub fn create(attributes: &Map<String, Value>, pointer: &str) -> Result<WidgetAttributes, Vec<(String, String)>> {
    let mut problems = Vec::new();
    if !attributes.contains_key("name") {
        problems.push((format!("{pointer}/name"), "a widget needs a name".to_owned()));
    }
    apply(WidgetAttributes::initial(), attributes, pointer, problems)
}

/// `current` with the client's `attributes` merged in (see the module docs).
pub fn edit(current: WidgetAttributes, attributes: &Map<String, Value>, pointer: &str) -> Result<WidgetAttributes, Vec<(String, String)>> {
    apply(current, attributes, pointer, Vec::new())
}

fn apply(
    mut widget: WidgetAttributes,
    attributes: &Map<String, Value>,
    pointer: &str,
    mut problems: Vec<(String, String)>,
) -> Result<WidgetAttributes, Vec<(String, String)>> {
    for (name, value) in attributes {
        let at = format!("{pointer}/{}", name.replace('~', "~0").replace('/', "~1"));
        match (name.as_str(), value) {
            ("name", value) => {
                if let Some(name) = name_attribute(value, "a widget", &at, &mut problems) {
                    widget.name = name;
                }
            }
            ("customization", Value::Null) => widget.customization = Value::Object(Map::new()),
            ("customization", Value::Object(_)) => {
                let mut merged = if widget.customization.is_object() { widget.customization.clone() } else { Value::Object(Map::new()) };
                json_patch::merge(&mut merged, value);
                let found = customization::problems(&merged, &at);
                if found.is_empty() {
                    widget.customization = merged;
                } else {
                    problems.extend(found);
                }
            }
            ("customization", _) => problems.push((at, "must be an object (or null to clear it)".to_owned())),
            ("allowedDomains", value) => {
                if let Some(patterns) = domains_attribute(value, &at, &mut problems) {
                    widget.allowed_domains = patterns;
                }
            }
            ("enabled", value) => {
                if let Some(enabled) = flag_attribute(value, true, &at, &mut problems) {
                    widget.enabled = enabled;
                }
            }
            (other, _) => problems.push((at, format!("unknown attribute '{other}'; valid: {}", ATTRIBUTES.join(", ")))),
        }
    }
    if problems.is_empty() { Ok(widget) } else { Err(problems) }
}

/// A `name` attribute of `what` (`a widget`): trimmed, 1 to [`MAX_NAME`]
/// characters; it cannot be cleared. `None` when refused (the problem added).
pub fn name_attribute(value: &Value, what: &str, at: &str, problems: &mut Vec<(String, String)>) -> Option<String> {
    match value {
        Value::Null => problems.push((at.to_owned(), format!("{what} needs a name: it cannot be cleared"))),
        Value::String(text) => {
            let text = text.trim();
            if text.is_empty() || text.chars().count() > MAX_NAME || text.chars().any(char::is_control) {
                problems.push((at.to_owned(), format!("1 to {MAX_NAME} characters, not only spaces, no control characters")));
            } else {
                return Some(text.to_owned());
            }
        }
        _ => problems.push((at.to_owned(), "must be a string".to_owned())),
    }
    None
}

/// An `allowedDomains` attribute: site patterns as an API key's, repeats
/// dropped, at most [`MAX_DOMAINS`]; `null` clears it. `None` when refused.
pub fn domains_attribute(value: &Value, at: &str, problems: &mut Vec<(String, String)>) -> Option<Vec<String>> {
    let items = match value {
        Value::Null => return Some(Vec::new()),
        Value::Array(items) => items,
        _ => {
            problems.push((at.to_owned(), "must be an array of site patterns (or null to clear it)".to_owned()));
            return None;
        }
    };
    // Counted first: a longer list is one error, not one per item.
    if items.len() > MAX_DOMAINS {
        problems.push((at.to_owned(), format!("at most {MAX_DOMAINS} site patterns (got {})", items.len())));
        return None;
    }
    let before = problems.len();
    let mut patterns = Vec::with_capacity(items.len());
    for (index, item) in items.iter().enumerate() {
        match item.as_str() {
            Some(pattern) if domains::is_pattern(pattern) => {
                if !patterns.iter().any(|p| p == pattern) {
                    patterns.push(pattern.to_owned());
                }
            }
            _ => problems.push((
                format!("{at}/{index}"),
                "expected a domain (example.com), a wildcard for its subdomains (*.example.com) or * for all".to_owned(),
            )),
        }
    }
    (problems.len() == before).then_some(patterns)
}

/// A boolean attribute; `null` sets it back to `default`. `None` when refused.
pub fn flag_attribute(value: &Value, default: bool, at: &str, problems: &mut Vec<(String, String)>) -> Option<bool> {
    match value {
        Value::Null => Some(default),
        Value::Bool(flag) => Some(*flag),
        _ => {
            problems.push((at.to_owned(), "must be a boolean".to_owned()));
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn object(value: Value) -> Map<String, Value> {
        value.as_object().cloned().unwrap_or_default()
    }

    fn pointers(result: Result<WidgetAttributes, Vec<(String, String)>>) -> Vec<String> {
        result.err().unwrap_or_default().into_iter().map(|(pointer, _)| pointer).collect()
    }

    #[test]
    fn a_merge_keeps_what_is_left_out_clears_nulls_and_merges_customization() {
        let made = create(
            &object(json!({ "name": " Transit widget ", "customization": { "colors": { "primary": "#123456", "accent": "#abcdef" }, "language": "es" },
                            "allowedDomains": ["example.com", "*.example.com", "example.com"] })),
            "/a",
        )
        .unwrap();
        assert_eq!(made.name, "Transit widget");
        assert_eq!(made.allowed_domains, ["example.com", "*.example.com"]);
        assert!(made.enabled);

        let edited = edit(
            made.clone(),
            &object(json!({ "customization": { "colors": { "accent": null, "text": "#111" }, "language": null, "layout": { "variant": "compact" } },
                            "enabled": false })),
            "/a",
        )
        .unwrap();
        assert_eq!(edited.name, made.name);
        assert_eq!(edited.allowed_domains, made.allowed_domains);
        assert!(!edited.enabled);
        assert_eq!(edited.customization, json!({ "colors": { "primary": "#123456", "text": "#111" }, "layout": { "variant": "compact" } }));

        let cleared = edit(edited, &object(json!({ "customization": null, "allowedDomains": null, "enabled": null })), "/a").unwrap();
        assert_eq!(cleared.customization, json!({}));
        assert!(cleared.allowed_domains.is_empty());
        assert!(cleared.enabled);
    }

    #[test]
    fn refusals_point_at_the_attribute() {
        assert_eq!(pointers(create(&object(json!({})), "/a")), ["/a/name"]);
        assert_eq!(pointers(create(&object(json!({ "name": "  " })), "/a")), ["/a/name"]);
        let current = create(&object(json!({ "name": "w" })), "/a").unwrap();
        for (body, pointer) in [
            (json!({ "name": null }), "/a/name"),
            (json!({ "name": 3 }), "/a/name"),
            (json!({ "enabled": "yes" }), "/a/enabled"),
            (json!({ "allowedDomains": ["https://example.com"] }), "/a/allowedDomains/0"),
            (json!({ "allowedDomains": "example.com" }), "/a/allowedDomains"),
            (json!({ "customization": [] }), "/a/customization"),
            (json!({ "customization": { "colors": { "primary": "nope" } } }), "/a/customization/colors/primary"),
            (json!({ "colour": "red" }), "/a/colour"),
        ] {
            assert_eq!(pointers(edit(current.clone(), &object(body.clone()), "/a")), [pointer], "{body}");
        }
    }
}
