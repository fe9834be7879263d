//! The public API, answer by answer, against a recording: every operation of
//! docs/openapi.yaml sent with each of its documented examples (bodies and
//! query parameters), as the operation's documented caller, on a fresh
//! server; each answer's status, type, caching headers and body compared with
//! `tests/recordings/api-answers.json`.
//!
//! What makes an answer differ between two runs is replaced before the
//! comparison: the organization, key and other generated ids, secrets, signed
//! tokens, and instants of "now". Everything else must be byte-identical: a
//! reshaping of the code that changes an answer fails here.
//!
//! The recording holds each body's size and SHA-256; the normalized bodies of
//! a run are written to `$TMPDIR/api-answers.full.json` to read or diff.
//! `RECORD_ANSWERS=1` writes the recording anew (review its diff: every line
//! that changed is a change of the public API).

use axum::body::Body;
use axum::http::Request;
use serde_json::{Map, Value, json};

use crate::documented::{OPENAPI, as_documented_caller, changes_last, concrete_uri, create, operations, resolve_parameter};
use crate::support::TestApp;

const RECORDING: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/recordings/api-answers.json");

/// Every documented request body: `(name, body)`; one empty body when none.
fn bodies_of(operation: &Value) -> Vec<(String, String)> {
    let Some(content) = operation["requestBody"]["content"].as_object() else { return vec![("no body".into(), String::new())] };
    let Some(media) = content.get("application/json").or_else(|| content.values().next()) else {
        return vec![("no body".into(), String::new())];
    };
    let mut bodies = Vec::new();
    if let Some(example) = media.get("example") {
        bodies.push(("example".to_owned(), example.to_string()));
    }
    for (name, example) in media["examples"].as_object().into_iter().flatten() {
        bodies.push((name.clone(), example["value"].to_string()));
    }
    if bodies.is_empty() {
        bodies.push(("{}".into(), "{}".into()));
    }
    bodies
}

/// The query strings the parameters document: none, then each example.
fn queries_of(spec: &Value, operation: &Value) -> Vec<(String, String)> {
    let mut queries = vec![("no query".to_owned(), String::new())];
    let mut required = form_urlencoded::Serializer::new(String::new());
    let mut has_required = false;
    let mut examples = Vec::new();
    for parameter in operation["parameters"].as_array().into_iter().flatten() {
        let parameter = resolve_parameter(spec, parameter);
        if parameter["in"] != "query" {
            continue;
        }
        let name = parameter["name"].as_str().unwrap_or_default().to_owned();
        let mut values: Vec<String> = Vec::new();
        if let Some(example) = parameter.get("example") {
            values.push(text_of(example));
        }
        for example in parameter["examples"].as_object().into_iter().flatten().map(|(_, e)| &e["value"]) {
            values.push(text_of(example));
        }
        if parameter["required"] == true
            && let Some(first) = values.first()
        {
            required.append_pair(&name, first);
            has_required = true;
        }
        examples.extend(values.into_iter().map(|value| (name.clone(), value)));
    }
    let required = required.finish();
    if has_required {
        queries[0] = ("required parameters".to_owned(), required.clone());
    }
    for (name, value) in examples {
        let mut query = form_urlencoded::Serializer::new(required.clone());
        query.append_pair(&name, &value);
        queries.push((format!("{name}={value}"), query.finish()));
    }
    queries.dedup_by(|a, b| a.1 == b.1);
    queries
}

fn text_of(value: &Value) -> String {
    match value {
        Value::String(text) => text.clone(),
        other => other.to_string(),
    }
}

/// What differs between runs, named: the values this run generated, and
/// every UUID, long hex or base64url run (ids, hashes of keys, tokens) and
/// instant of today.
struct Normalizer {
    known: Vec<(String, &'static str)>,
    /// `YYYY-MM` of now: the usage report's default month.
    month: String,
}

/// Fields whose value is an instant a run makes (a creation, a link's or an
/// invitation's expiry), whatever it is.
const INSTANTS_OF_NOW: [&str; 8] =
    ["createdAt", "created_at", "updatedAt", "updated_at", "joinedAt", "expiresAt", "expires_at", "revokedAt"];

impl Normalizer {
    fn text(&self, text: &str) -> String {
        let mut text = text.to_owned();
        for (value, name) in &self.known {
            if !value.is_empty() {
                text = text.replace(value.as_str(), name);
            }
        }
        let mut out = String::with_capacity(text.len());
        let mut token = String::new();
        let flush = |token: &mut String, out: &mut String| {
            let is_id = token.len() >= 20 && token.chars().any(|c| c.is_ascii_digit()) && token.chars().any(|c| c.is_ascii_alphabetic());
            out.push_str(if is_id { "<id>" } else { token });
            token.clear();
        };
        for c in text.chars() {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                token.push(c);
            } else {
                flush(&mut token, &mut out);
                out.push(c);
            }
        }
        flush(&mut token, &mut out);
        // A signed link's token, whole: its signature segment can happen to
        // hold no digit (one in about 1,500), which the rule above would keep.
        let out = Self::replace_runs(&out, "token=", |c| c.is_ascii_alphanumeric() || "<>._-".contains(c), "<id>.<id>.<id>");
        // A chart image link's expiry (unix seconds, a month from now).
        Self::replace_runs(&out, "expires=", |c| c.is_ascii_digit(), "<now>")
    }

    /// Every run of `keep` characters after `marker`, replaced by `with`.
    fn replace_runs(text: &str, marker: &str, keep: impl Fn(char) -> bool, with: &str) -> String {
        let mut result = String::with_capacity(text.len());
        let mut rest = text;
        while let Some(at) = rest.find(marker) {
            result.push_str(&rest[..at + marker.len()]);
            let tail = &rest[at + marker.len()..];
            let end = tail.find(|c: char| !keep(c)).unwrap_or(tail.len());
            result.push_str(if end > 0 { with } else { "" });
            rest = &tail[end..];
        }
        result.push_str(rest);
        result
    }

    fn value(&self, value: &Value) -> Value {
        match value {
            Value::String(text) => Value::String(self.text(text)),
            Value::Array(items) => Value::Array(items.iter().map(|v| self.value(v)).collect()),
            Value::Object(fields) => Value::Object(
                fields
                    .iter()
                    .map(|(key, value)| {
                        let value = match value {
                            Value::String(_) if INSTANTS_OF_NOW.contains(&key.as_str()) => json!("<now>"),
                            Value::String(month) if key == "month" && *month == self.month => json!("<month>"),
                            other => self.value(other),
                        };
                        (self.text(key), value)
                    })
                    .collect::<Map<_, _>>(),
            ),
            other => other.clone(),
        }
    }
}

#[tokio::test]
async fn every_documented_request_answers_as_recorded() {
    let app = TestApp::spawn().await;
    let spec: Value = serde_norway::from_str(OPENAPI).expect("openapi.yaml");
    let widget = create(&app, "/api/widgets", "widgets", json!({ "name": "w", "allowedDomains": ["*"] })).await;
    let chatbot = create(&app, "/api/chatbots", "chatbots", json!({ "name": "c", "allowedDomains": ["*"] })).await;
    let bearer = format!("Bearer {}", app.owner_token());
    let normalizer = Normalizer {
        known: vec![
            (app.api_key.clone(), "<api-key>"),
            // The key's shown prefix (`ak_` and 8 characters).
            (app.api_key.chars().take(11).collect(), "<api-key-prefix>"),
            (app.organization_id.clone(), "<organization>"),
            (widget.clone(), "<widget>"),
            (chatbot.clone(), "<chatbot>"),
        ],
        month: chrono::Utc::now().format("%Y-%m").to_string(),
    };

    let mut operations = operations(&spec);
    // Deletions and secret changes last; otherwise in the document's order.
    operations.sort_by_key(|(path, method, _)| changes_last(path, method));

    let mut answers = Map::new();
    // The normalized bodies themselves, written beside for a diff.
    let mut full = Map::new();
    for (path, method, operation) in operations {
        let uri = concrete_uri(path, &widget, &chatbot);
        for (query_name, query) in queries_of(&spec, operation) {
            // The documented month's usage depends on whether it is this month.
            if path == "/api/org/usage" && query.starts_with("month=") {
                continue;
            }
            for (body_name, body) in bodies_of(operation) {
                let target = if query.is_empty() { uri.clone() } else { format!("{uri}?{query}") };
                let request = Request::builder()
                    .method(method.to_uppercase().as_str())
                    .uri(&target)
                    .header("content-type", "application/json")
                    .header("origin", "https://site.example.test");
                let request = as_documented_caller(request, operation, &app, &bearer);
                let response = app.send(request.body(Body::from(body)).expect("request")).await;
                let header = |name: &str| response.headers.get(name).and_then(|v| v.to_str().ok()).map(|v| normalizer.text(v));
                let content_type = header("content-type").unwrap_or_default();
                let body = if content_type.contains("json") {
                    normalizer.value(&response.body)
                } else if content_type.starts_with("text/") || content_type.contains("svg") || content_type.contains("javascript") {
                    let text = normalizer.text(&response.text);
                    json!({ "bytes": text.len(), "sha256": hex_sha256(text.as_bytes()) })
                } else {
                    // Binary answers (PNG, PDF) carry their creation time: their kind and status are what is compared.
                    json!("<binary>")
                };
                let name = format!("{} {} ({query_name}; {body_name})", method.to_uppercase(), normalizer.text(path));
                let body_text = serde_json::to_string(&body).expect("json");
                full.insert(name.clone(), body);
                answers.insert(
                    name,
                    json!({
                        "status": response.status.as_u16(),
                        "content-type": content_type,
                        "cache-control": header("cache-control"),
                        "vary": header("vary"),
                        "x-api-version": header("x-api-version"),
                        "retry-after": header("retry-after"),
                        "body": { "bytes": body_text.len(), "sha256": hex_sha256(body_text.as_bytes()) },
                    }),
                );
            }
        }
    }
    let recorded = serde_json::to_string_pretty(&Value::Object(answers)).expect("json") + "\n";
    let full_path = std::env::temp_dir().join("api-answers.full.json");
    std::fs::write(&full_path, serde_json::to_string_pretty(&Value::Object(full)).expect("json")).expect("write the answers");
    if std::env::var_os("RECORD_ANSWERS").is_some() {
        std::fs::create_dir_all(std::path::Path::new(RECORDING).parent().expect("folder")).expect("recordings folder");
        std::fs::write(RECORDING, &recorded).expect("write the recording");
        eprintln!("recorded {} answers into {RECORDING}", recorded.matches("\"status\"").count());
        return;
    }
    let expected = std::fs::read_to_string(RECORDING).expect("tests/recordings/api-answers.json (RECORD_ANSWERS=1 writes it)");
    if expected != recorded {
        let actual_path = std::env::temp_dir().join("api-answers.actual.json");
        std::fs::write(&actual_path, &recorded).expect("write the answers");
        let first = expected.lines().zip(recorded.lines()).position(|(a, b)| a != b).unwrap_or(0);
        panic!(
            "the API answered differently from the recording (first difference at line {}: {:?} now {:?}); \
             diff {RECORDING} {}; the answers themselves are in {} (RECORD_ANSWERS=1 on the commit before \
             writes that commit's, to diff)",
            first + 1,
            expected.lines().nth(first),
            recorded.lines().nth(first),
            actual_path.display(),
            full_path.display()
        );
    }
}

fn hex_sha256(bytes: &[u8]) -> String {
    use sha2::{Digest, Sha256};
    hex::encode(Sha256::digest(bytes))
}

#[test]
fn a_link_token_is_normalized_whole_even_when_a_segment_has_no_digit() {
    let normalizer = Normalizer { known: Vec::new(), month: "2026-11".into() };
    // A signature of letters and dashes only: what made a fresh run differ once.
    let url = "https://api.example.test/api/chart/image.svg?token=eyJhbGciOiJIUzI1NiJ9.eyJvIjoxMjM0NTY3ODkwfQ.NipSMDNxBPliT-IrNEuFOpWvYAUwhOrYsCgqAymxSfE&theme=dark";
    assert_eq!(normalizer.text(url), "https://api.example.test/api/chart/image.svg?token=<id>.<id>.<id>&theme=dark");
    assert_eq!(normalizer.text("/x?expires=1798369200&y=1"), "/x?expires=<now>&y=1");
}
