//! Every answer to a bad request stays small, whatever the request carries
//! (issue 28): every operation of docs/openapi.yaml is sent, with its
//! documented example, (1) every list and map its request schema has filled
//! with thousands of bad entries in turn, and (2) every text of the example
//! made very long. An error body is then never above 64 KB and never more
//! than a small multiple of the request.

use axum::body::Body;
use axum::http::Request;
use serde_json::{Map, Value, json};

use crate::documented::{OPENAPI, as_documented_caller, changes_last, concrete_uri, create, operations, resolve_parameter};
use crate::support::TestApp;
/// Entries in an oversized list: far beyond any bound, and the body still
/// under the test server's 64 KB body limit.
const ENTRIES: usize = 3_000;
const MAX_ERROR_BODY: usize = 64 * 1024;

fn resolve<'a>(spec: &'a Value, schema: &'a Value) -> &'a Value {
    match schema.get("$ref").and_then(Value::as_str) {
        Some(reference) => {
            let name = reference.trim_start_matches("#/components/schemas/");
            resolve(spec, &spec["components"]["schemas"][name])
        }
        None => schema,
    }
}

/// The JSON pointers of every array and every map (an object of client
/// keys) the schema allows, with the kind of each.
fn lists_of(spec: &Value, schema: &Value, at: &str, depth: usize, found: &mut Vec<(String, &'static str)>) {
    if depth > 6 {
        return;
    }
    let schema = resolve(spec, schema);
    for combinator in ["allOf", "oneOf", "anyOf"] {
        for branch in schema[combinator].as_array().into_iter().flatten() {
            lists_of(spec, branch, at, depth + 1, found);
        }
    }
    let is_type = |name: &str| schema["type"] == name || schema["type"].as_array().is_some_and(|types| types.iter().any(|t| t == name));
    if is_type("array") {
        found.push((at.to_owned(), "array"));
    }
    if let Some(properties) = schema["properties"].as_object() {
        for (name, property) in properties {
            lists_of(spec, property, &format!("{at}/{name}"), depth + 1, found);
        }
    }
    if schema["additionalProperties"].is_object() || schema["additionalProperties"] == true || schema.get("propertyNames").is_some() {
        found.push((at.to_owned(), "map"));
    }
}

/// `value` with `replacement` at `pointer`, objects made on the way.
fn set(mut value: Value, pointer: &str, replacement: Value) -> Value {
    if pointer.is_empty() {
        return replacement;
    }
    let mut here = &mut value;
    let parts: Vec<&str> = pointer.trim_start_matches('/').split('/').collect();
    for (index, part) in parts.iter().enumerate() {
        if !here.is_object() {
            *here = json!({});
        }
        let object = here.as_object_mut().expect("object");
        if index + 1 == parts.len() {
            object.insert((*part).to_owned(), replacement);
            return value;
        }
        here = object.entry((*part).to_owned()).or_insert_with(|| json!({}));
    }
    value
}

fn long_texts(value: &Value) -> Value {
    match value {
        Value::String(_) => Value::String("ü".repeat(1_500)),
        Value::Array(items) => Value::Array(items.iter().map(long_texts).collect()),
        Value::Object(fields) => Value::Object(fields.iter().map(|(k, v)| (k.clone(), long_texts(v))).collect()),
        other => other.clone(),
    }
}

fn example_of(spec: &Value, operation: &Value) -> Option<(Value, Value)> {
    let content = operation["requestBody"]["content"].as_object()?;
    let media = content.get("application/json").or_else(|| content.values().next())?;
    let example = media
        .get("example")
        .cloned()
        .or_else(|| media["examples"].as_object().and_then(|all| all.values().next()).map(|e| e["value"].clone()))
        .unwrap_or_else(|| json!({}));
    Some((example, resolve(spec, &media["schema"]).clone()))
}

#[tokio::test]
async fn no_request_gets_a_large_error_body() {
    let app = TestApp::spawn().await;
    let spec: Value = serde_norway::from_str(OPENAPI).expect("openapi.yaml");
    let widget = create(&app, "/api/widgets", "widgets", json!({ "name": "w", "allowedDomains": ["*"] })).await;
    let chatbot = create(&app, "/api/chatbots", "chatbots", json!({ "name": "c", "allowedDomains": ["*"] })).await;
    let bearer = format!("Bearer {}", app.owner_token());

    let mut sent = 0;
    let mut lists = 0;
    let mut failures = Vec::new();
    let mut operations = operations(&spec);
    operations.sort_by_key(|(path, method, _)| (changes_last(path, method), path.len()));
    for (path, method, operation) in operations {
        {
            let uri = concrete_uri(path, &widget, &chatbot);
            let mut bodies: Vec<(String, String)> = Vec::new();
            let mut uris = vec![("the path".to_owned(), uri.clone())];
            // Each query parameter with a list of thousands of values.
            for parameter in operation["parameters"].as_array().into_iter().flatten() {
                let parameter = resolve_parameter(&spec, parameter);
                if parameter["in"] != "query" {
                    continue;
                }
                let name = parameter["name"].as_str().expect("name");
                let values: Vec<String> = (0..ENTRIES).map(|i| format!("zz{i}")).collect();
                let query: String = form_urlencoded::Serializer::new(String::new()).append_pair(name, &values.join(",")).finish();
                uris.push((format!("{ENTRIES} values in ?{name}"), format!("{uri}?{query}")));
            }
            match example_of(&spec, operation) {
                None => bodies.push(("no body".into(), String::new())),
                Some((example, schema)) => {
                    bodies.push(("the documented example".into(), example.to_string()));
                    let mut found = Vec::new();
                    lists_of(&spec, &schema, "", 0, &mut found);
                    for (pointer, kind) in found {
                        lists += 1;
                        let junk = match kind {
                            "array" => Value::Array((0..ENTRIES).map(|i| json!(format!("zz{i}"))).collect()),
                            _ => Value::Object((0..ENTRIES).map(|i| (format!("zz{i}"), json!(1))).collect::<Map<_, _>>()),
                        };
                        bodies
                            .push((format!("{ENTRIES} entries in the {kind} {pointer}"), set(example.clone(), &pointer, junk).to_string()));
                    }
                    bodies.push(("long texts".into(), long_texts(&example).to_string()));
                }
            }
            // The bodies on the documented path; the long query lists with
            // the documented body (the first).
            let mut requests: Vec<(String, String, String)> =
                bodies.iter().map(|(what, body)| (what.clone(), uri.clone(), body.clone())).collect();
            requests.extend(uris.into_iter().skip(1).map(|(what, uri)| (what, uri, bodies[0].1.clone())));
            for (what, uri, body) in requests {
                let request = Request::builder()
                    .method(method.to_uppercase().as_str())
                    .uri(&uri)
                    .header("content-type", "application/json")
                    .header("origin", "https://site.example.test");
                let request = as_documented_caller(request, operation, &app, &bearer);
                let request = request.body(Body::from(body.clone())).expect("request");
                let response = app.send(request).await;
                sent += 1;
                if std::env::var_os("BOUNDS_VERBOSE").is_some() {
                    eprintln!(
                        "{} {uri} ({what}): {} {} bytes {}",
                        method.to_uppercase(),
                        response.status,
                        response.text.len(),
                        &response.text[..response.text.len().min(160)]
                    );
                }
                let size = response.text.len();
                let name = format!(
                    "{} {uri} ({what}): {} with {size} bytes for a {}-byte request",
                    method.to_uppercase(),
                    response.status,
                    body.len()
                );
                if response.status.is_server_error() {
                    failures.push(format!("{name}: {}", &response.text[..response.text.len().min(300)]));
                } else if response.status.is_client_error() && (size > MAX_ERROR_BODY || size > 4 * (body.len() + uri.len()) + 8 * 1024) {
                    failures.push(name);
                }
            }
        }
    }
    assert!(sent > 100 && lists > 30, "{sent} requests, {lists} lists: the spec was not read");
    assert!(failures.is_empty(), "{} of {sent} answers too large or failed:\n{}", failures.len(), failures.join("\n"));
}
