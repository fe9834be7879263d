//! Every key-authenticated route refuses the same way, taken from the route
//! tables of all families (so a new route is covered the day it is added):
//! 401 for a missing, unknown, malformed, revoked or expired key, 403 for a
//! key without the route's permission, and no error body repeating the key.

use axum::body::Body;
use axum::http::{HeaderValue, Request};
use shared::auth::{ApiKeySecret, KeyPermission};
use shared::repo::api_keys::{self, ApiKeyRecord, NewKey};

use crate::support::{TestApp, TestResponse};

/// A key route: method, path with its parameters filled in, permission.
struct KeyRoute {
    method: String,
    path: String,
    permission: KeyPermission,
}

/// Every route of every family that a key authenticates. Path parameters
/// get a placeholder: the key is refused before the parameter is looked at.
fn key_routes() -> Vec<KeyRoute> {
    let mut routes = Vec::new();
    for (family, table) in local_server::family_routes() {
        for route in table {
            let Some(permission) = route.permission else { continue };
            let path = route
                .path
                .split('/')
                .map(|segment| if segment.starts_with('{') && segment.ends_with('}') { "placeholder-1" } else { segment })
                .collect::<Vec<_>>()
                .join("/");
            assert!(!path.contains(['{', '}']), "{family}: unexpected path syntax {}", route.path);
            routes.push(KeyRoute { method: route.method.to_string(), path, permission });
        }
    }
    assert!(routes.iter().any(|r| r.path == "/api/calc/natal"), "the tables were read");
    routes
}

fn new_key(app: &TestApp, permissions: Vec<KeyPermission>, expires_in_seconds: Option<i64>) -> NewKey {
    NewKey {
        organization_id: app.organization_id.clone(),
        name: "refusals".into(),
        permissions,
        modules: Vec::new(),
        allowed_domains: Vec::new(),
        created_by: local_server::bootstrap::LOCAL_OWNER_ID.into(),
        creator_keys: Vec::new(),
        expires_in_seconds,
        expires_by: None,
        rate_limit_per_minute: None,
    }
}

/// Rewrites a stored key record as it is (the test's way to age a key).
async fn overwrite(app: &TestApp, record: &ApiKeyRecord) {
    let serde_json::Value::Object(attrs) = serde_json::to_value(record).expect("serializable") else {
        unreachable!("a record is an object")
    };
    app.state
        .table
        .write(vec![shared::store::WriteOp::Put {
            item: shared::store::Item::new(format!("ORG#{}", record.organization_id), format!("KEY#{}", record.id), attrs),
            condition: shared::store::Condition::MustExist,
        }])
        .await
        .expect("record rewritten");
}

async fn call(app: &TestApp, route: &KeyRoute, key: Option<HeaderValue>) -> TestResponse {
    let mut request = Request::builder().method(route.method.as_str()).uri(&route.path).header("content-type", "application/json");
    if let Some(key) = key {
        request = request.header("x-api-key", key);
    }
    app.send(request.body(Body::from("{}")).expect("request")).await
}

fn header(text: &str) -> HeaderValue {
    HeaderValue::from_str(text).expect("a valid header value")
}

/// The refusal of `route` with `key`: status, code, and that the body does
/// not contain the key (or, for longer keys, the part after its prefix).
fn assert_refusal(response: &TestResponse, route: &KeyRoute, what: &str, status: u16, code: Option<&str>, presented: &[u8]) {
    let at = format!("{} {} with {what}", route.method, route.path);
    assert_eq!(response.status, status, "{at}: {}", response.text);
    if let Some(code) = code {
        assert_eq!(response.error()["code"], code, "{at}");
    }
    let presented = String::from_utf8_lossy(presented);
    let secret = presented.strip_prefix("ak_").unwrap_or(&presented);
    if secret.len() >= 6 {
        assert!(!response.text.contains(secret), "{at}: the body repeats the key: {}", response.text);
    }
}

#[tokio::test]
async fn missing_unknown_and_malformed_keys_are_401_on_every_key_route() {
    let app = TestApp::spawn().await;
    let unknown = ApiKeySecret::generate();
    let malformed: [(&str, Vec<u8>); 6] = [
        ("a key of the wrong length", b"ak_tooshort1234".to_vec()),
        ("a key without the prefix", b"sk_0123456789012345678901234567890123456789".to_vec()),
        ("a key with a forbidden character", b"ak_0123456789-12345678901234567890123456789".to_vec()),
        ("the bootstrap key with a character more", format!("{}x", app.api_key).into_bytes()),
        ("something else entirely", b"Bearer qzxqzxqzx".to_vec()),
        ("bytes that are not text", b"ak_\xff\xfe0123456789012345678901234567890123456".to_vec()),
    ];
    for route in key_routes() {
        let response = call(&app, &route, None).await;
        assert_refusal(&response, &route, "no key", 401, Some("missing_api_key"), b"");

        let response = call(&app, &route, Some(header(unknown.reveal()))).await;
        assert_refusal(&response, &route, "an unknown key", 401, Some("invalid_api_key"), unknown.reveal().as_bytes());

        for (what, value) in &malformed {
            let response = call(&app, &route, Some(HeaderValue::from_bytes(value).expect("a header value"))).await;
            assert_refusal(&response, &route, what, 401, Some("invalid_api_key"), value);
        }
    }
}

#[tokio::test]
async fn revoked_and_expired_keys_are_401_on_every_key_route() {
    let app = TestApp::spawn().await;
    let table = app.state.table.as_ref();

    let (record, revoked) = api_keys::issue(table, new_key(&app, KeyPermission::ALL.to_vec(), None)).await.expect("issued");
    api_keys::revoke(table, &record).await.expect("revoked");

    // Issued with the shortest expiry creation allows, then aged past it.
    let (mut record, expired) = api_keys::issue(table, new_key(&app, KeyPermission::ALL.to_vec(), Some(60))).await.expect("issued");
    record.expires_at = Some(chrono::Utc::now().timestamp() - 1);
    overwrite(&app, &record).await;

    for route in key_routes() {
        let response = call(&app, &route, Some(header(revoked.reveal()))).await;
        assert_refusal(&response, &route, "a revoked key", 401, Some("revoked_api_key"), revoked.reveal().as_bytes());
        let response = call(&app, &route, Some(header(expired.reveal()))).await;
        assert_refusal(&response, &route, "an expired key", 401, Some("expired_api_key"), expired.reveal().as_bytes());
    }
}

#[tokio::test]
async fn a_key_without_the_routes_permission_is_403_on_every_key_route() {
    let app = TestApp::spawn().await;
    let table = app.state.table.as_ref();
    let mut lacking = std::collections::BTreeMap::new();
    for permission in KeyPermission::ALL {
        // Every permission but this one: only the route's own permission is missing.
        let others = KeyPermission::ALL.into_iter().filter(|p| *p != permission).collect();
        let (_, secret) = api_keys::issue(table, new_key(&app, others, None)).await.expect("issued");
        lacking.insert(permission, secret);
    }
    for route in key_routes() {
        let secret = &lacking[&route.permission];
        let response = call(&app, &route, Some(header(secret.reveal()))).await;
        let what = format!("a key lacking '{}'", route.permission.id());
        assert_refusal(&response, &route, &what, 403, Some("permission_denied"), secret.reveal().as_bytes());
        assert!(response.error()["detail"].as_str().unwrap_or_default().contains(route.permission.id()), "{what}: {}", response.text);
    }
}

/// Management takes a signed-in user or a key holding `keys:write`, which
/// no key holds unless it was asked for: the organization's own bootstrap
/// key does not reach a key's management routes.
#[tokio::test]
async fn an_api_key_without_keys_write_does_not_reach_key_management() {
    let app = TestApp::spawn().await;
    let keys = api_keys::list_for_organization(app.state.table.as_ref(), &app.organization_id).await.expect("listed");
    let id = &keys.first().expect("the bootstrap key").id;
    for (method, path) in [
        ("GET", "/api/api-keys".to_owned()),
        ("GET", format!("/api/api-keys/{id}")),
        ("PATCH", format!("/api/api-keys/{id}")),
        ("POST", format!("/api/api-keys/{id}/rotate")),
        ("DELETE", format!("/api/api-keys/{id}")),
    ] {
        let route = KeyRoute { method: method.into(), path, permission: KeyPermission::CalcRead };
        let response = call(&app, &route, Some(header(&app.api_key))).await;
        assert_refusal(&response, &route, "the organization's own API key", 403, Some("permission_denied"), app.api_key.as_bytes());
    }
    // Nothing was changed: the key still works.
    let natal = app.post("/api/calc/natal", &crate::support::rome_1990()).await;
    assert_eq!(natal.status, 200, "{}", natal.text);
}
