use serde_json::{Value, json};
use shared::repo::api_keys;

use crate::support::{TestApp, rome_1990};

fn create_body(org: &str, attributes: Value) -> Value {
    let mut attrs = json!({ "name": "Production server", "organizationId": org });
    attrs.as_object_mut().unwrap().extend(attributes.as_object().unwrap().clone());
    json!({ "data": { "type": "api-keys", "attributes": attrs } })
}

async fn create(app: &TestApp, attributes: Value) -> crate::support::TestResponse {
    let token = app.owner_token();
    app.post_raw(
        "/api/api-keys",
        &create_body(&app.organization_id, attributes).to_string(),
        &[("authorization", &format!("Bearer {token}"))],
    )
    .await
}

#[tokio::test]
async fn a_created_key_is_shown_once_stored_as_a_hash_and_works() {
    let app = TestApp::spawn().await;
    let response = create(
        &app,
        json!({ "permissions": ["calc:read"], "modules": ["numerology"], "allowedDomains": ["*.example.com"], "expiresIn": 3600 }),
    )
    .await;
    assert_eq!(response.status, 201, "{}", response.text);
    assert_eq!(response.headers["content-type"], "application/json");
    let data = &response.body["data"];
    let key = data["key"].as_str().unwrap();
    assert!(key.starts_with(data["prefix"].as_str().unwrap()));
    assert_eq!(data["organizationId"], app.organization_id.as_str());
    assert_eq!(data["permissions"], json!(["calc:read"]));
    assert_eq!(data["modules"], json!(["numerology"]));
    assert!(data["expiresAt"].as_str().unwrap().ends_with('Z'));
    assert!(data["id"].is_string() && data["name"] == "Production server");

    // Only the hash is stored.
    let stored = api_keys::list_for_organization(app.state.table.as_ref(), &app.organization_id).await.unwrap();
    let record = stored.iter().find(|r| r.id == data["id"].as_str().unwrap()).unwrap();
    let as_json = serde_json::to_string(record).unwrap();
    assert!(!as_json.contains(key), "the secret is not in the stored record");
    assert_eq!(record.hash.len(), 64);

    // The key is restricted to *.example.com: used from one of its sites, it works.
    let natal =
        app.post_raw("/api/calc/natal", &rome_1990().to_string(), &[("x-api-key", key), ("origin", "https://app.example.com")]).await;
    assert_eq!(natal.status, 200, "{}", natal.text);
}

#[tokio::test]
async fn bearer_tokens_are_verified() {
    let app = TestApp::spawn().await;
    let body = create_body(&app.organization_id, json!({})).to_string();
    let none = app.post_raw("/api/api-keys", &body, &[]).await;
    assert_eq!(none.status, 401);
    assert_eq!(none.error()["code"], "missing_token");
    let forged = shared::auth::jwt::JwtVerifier::new(
        &shared::auth::jwt::JwtKey::Hs256(b"not-the-server-secret-at-all!!!!".to_vec()),
        "astro-test",
        "astro-api",
    )
    .unwrap()
    .mint(local_server::bootstrap::LOCAL_OWNER_ID, "x", 600)
    .unwrap();
    let response = app.post_raw("/api/api-keys", &body, &[("authorization", &format!("Bearer {forged}"))]).await;
    assert_eq!(response.status, 401);
    assert_eq!(response.error()["code"], "invalid_token");
    let expired = app.state.jwt.as_ref().unwrap().mint(local_server::bootstrap::LOCAL_OWNER_ID, "x", -600).unwrap();
    assert_eq!(app.post_raw("/api/api-keys", &body, &[("authorization", &format!("Bearer {expired}"))]).await.status, 401);
}

#[tokio::test]
async fn another_organization_looks_missing_and_bad_attributes_are_named() {
    let app = TestApp::spawn().await;
    let token = app.owner_token();
    let auth = format!("Bearer {token}");
    let other = create_body("some-other-org", json!({}));
    let response = app.post_raw("/api/api-keys", &other.to_string(), &[("authorization", &auth)]).await;
    assert_eq!(response.status, 404);
    // A stranger (valid token, no membership) cannot create keys in our organization.
    let stranger = app.state.jwt.as_ref().unwrap().mint("stranger", "s@x", 600).unwrap();
    let response = app
        .post_raw(
            "/api/api-keys",
            &create_body(&app.organization_id, json!({})).to_string(),
            &[("authorization", &format!("Bearer {stranger}"))],
        )
        .await;
    assert_eq!(response.status, 404);

    let response =
        create(&app, json!({ "permissions": ["calc:read", "admin:everything"], "allowedDomains": ["https://x.com"], "expiresIn": -5 }))
            .await;
    assert_eq!(response.status, 422);
    let mut pointers = response.pointers();
    pointers.sort();
    assert_eq!(pointers, ["/data/attributes/allowedDomains/0", "/data/attributes/expiresIn", "/data/attributes/permissions/1"]);
}

#[tokio::test]
async fn expired_revoked_and_unpermitted_keys_are_refused() {
    let app = TestApp::spawn().await;
    let table = app.state.table.as_ref();
    let new_key = |permissions| api_keys::NewKey {
        organization_id: app.organization_id.clone(),
        name: "k".into(),
        permissions,
        modules: vec![],
        allowed_domains: vec![],
        created_by: local_server::bootstrap::LOCAL_OWNER_ID.into(),
        creator_keys: Vec::new(),
        expires_in_seconds: None,
        expires_by: None,
        rate_limit_per_minute: None,
    };
    let body = rome_1990().to_string();

    let (mut record, secret) = api_keys::issue(table, new_key(vec![shared::auth::KeyPermission::CalcRead])).await.unwrap();
    record.expires_at = Some(chrono_now() - 1);
    overwrite(&app, &record).await;
    let response = app.post_raw("/api/calc/natal", &body, &[("x-api-key", secret.reveal())]).await;
    assert_eq!(response.status, 401);
    assert_eq!(response.error()["code"], "expired_api_key");

    let (mut record, secret) = api_keys::issue(table, new_key(vec![shared::auth::KeyPermission::CalcRead])).await.unwrap();
    record.revoked_at = Some("2026-01-01T00:00:00Z".into());
    overwrite(&app, &record).await;
    let response = app.post_raw("/api/calc/natal", &body, &[("x-api-key", secret.reveal())]).await;
    assert_eq!(response.status, 401);
    assert_eq!(response.error()["code"], "revoked_api_key");

    let (_, secret) = api_keys::issue(table, new_key(vec![shared::auth::KeyPermission::ContentRead])).await.unwrap();
    let response = app.post_raw("/api/calc/natal", &body, &[("x-api-key", secret.reveal())]).await;
    assert_eq!(response.status, 403);
    assert_eq!(response.error()["code"], "permission_denied");
}

fn chrono_now() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs() as i64
}

async fn overwrite(app: &TestApp, record: &api_keys::ApiKeyRecord) {
    let serde_json::Value::Object(attrs) = serde_json::to_value(record).unwrap() else { unreachable!() };
    app.state
        .table
        .write(vec![shared::store::WriteOp::Put {
            item: shared::store::Item::new(format!("ORG#{}", record.organization_id), format!("KEY#{}", record.id), attrs),
            condition: shared::store::Condition::MustExist,
        }])
        .await
        .unwrap();
}
