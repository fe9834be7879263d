//! API keys managing keys with `keys:write`, through the same routes as the
//! dashboard: what such a key may do, and each refusal on its own.

use serde_json::{Value, json};
use shared::auth::{KeyPermission, Plan, Role};
use shared::repo::api_keys::{self, ApiKeyRecord};
use shared::repo::orgs::{self, Organization, User};

use crate::orgs::call_with;
use crate::support::{TestApp, TestResponse, rome_1990};

const OWNER: &str = local_server::bootstrap::LOCAL_OWNER_ID;
const MANAGING: [&str; 2] = ["calc:read", "keys:write"];

/// A key made by the signed-in owner; returns (id, secret).
async fn made_by_owner(app: &TestApp, attributes: Value) -> (String, String) {
    let response = call_with(app, "POST", "/api/api-keys", Some(&app.owner_token()), &[], Some(&create_body(app, attributes))).await;
    assert_eq!(response.status, 201, "{}", response.text);
    ids_of(&response)
}

fn create_body(app: &TestApp, attributes: Value) -> Value {
    let mut all = json!({ "name": "made by a key", "organizationId": app.organization_id });
    all.as_object_mut().unwrap().extend(attributes.as_object().unwrap().clone());
    json!({ "data": { "type": "api-keys", "attributes": all } })
}

fn edit_body(attributes: Value) -> Value {
    json!({ "data": { "type": "api-keys", "attributes": attributes } })
}

fn ids_of(response: &TestResponse) -> (String, String) {
    let data = &response.body["data"];
    (data["id"].as_str().expect("id").to_owned(), data["key"].as_str().expect("secret").to_owned())
}

/// A request made with the key `secret` (and more headers, such as `Origin`).
async fn with_key(app: &TestApp, method: &str, path: &str, secret: &str, headers: &[(&str, &str)], body: Option<Value>) -> TestResponse {
    let mut all = vec![("x-api-key", secret)];
    all.extend_from_slice(headers);
    call_with(app, method, path, None, &all, body.as_ref()).await
}

/// `POST /api/api-keys` by the key `secret`.
async fn create_with(app: &TestApp, secret: &str, attributes: Value) -> TestResponse {
    with_key(app, "POST", "/api/api-keys", secret, &[], Some(create_body(app, attributes))).await
}

async fn natal_with(app: &TestApp, secret: &str) -> TestResponse {
    app.post_raw("/api/calc/natal", &rome_1990().to_string(), &[("x-api-key", secret)]).await
}

fn listed(response: &TestResponse) -> Vec<String> {
    assert_eq!(response.status, 200, "{}", response.text);
    let mut ids: Vec<String> = response.body["data"].as_array().unwrap().iter().map(|k| k["id"].as_str().unwrap().to_owned()).collect();
    ids.sort();
    ids
}

fn sorted(ids: &[&String]) -> Vec<String> {
    let mut ids: Vec<String> = ids.iter().map(|id| id.to_string()).collect();
    ids.sort();
    ids
}

/// Every error of a refusal: its status, and (code, pointer) of each error.
fn assert_refused(response: &TestResponse, status: u16, expected: &[(&str, Option<&str>)]) {
    assert_eq!(response.status, status, "{}", response.text);
    let errors: Vec<(String, Option<String>)> = response.body["errors"]
        .as_array()
        .unwrap_or_else(|| panic!("no errors in {}", response.text))
        .iter()
        .map(|e| (e["code"].as_str().unwrap().to_owned(), e["source"]["pointer"].as_str().map(String::from)))
        .collect();
    let expected: Vec<(String, Option<String>)> = expected.iter().map(|(c, p)| (c.to_string(), p.map(String::from))).collect();
    assert_eq!(errors, expected, "{}", response.text);
}

async fn stored(app: &TestApp, id: &str) -> ApiKeyRecord {
    api_keys::get(app.state.table.as_ref(), &app.organization_id, id).await.unwrap().expect("stored")
}

#[tokio::test]
async fn a_key_with_keys_write_creates_lists_views_rotates_and_revokes() {
    let app = TestApp::spawn().await;
    let (manager, manager_secret) = made_by_owner(&app, json!({ "permissions": MANAGING })).await;
    let (users_key, _) = made_by_owner(&app, json!({ "permissions": ["calc:read"] })).await;

    let created = create_with(&app, &manager_secret, json!({ "name": "worker", "permissions": ["calc:read"] })).await;
    assert_eq!(created.status, 201, "{}", created.text);
    let data = &created.body["data"];
    assert_eq!((data["createdBy"].as_str(), data["createdByKey"].as_str()), (Some(OWNER), Some(manager.as_str())));
    assert_eq!((data["permissions"].clone(), data["organizationId"].as_str()), (json!(["calc:read"]), Some(app.organization_id.as_str())));
    let (worker, worker_secret) = ids_of(&created);
    assert_eq!(natal_with(&app, &worker_secret).await.status, 200);
    // A key the owner made says no key made it.
    let shown = call_with(&app, "GET", &format!("/api/api-keys/{users_key}"), Some(&app.owner_token()), &[], None).await;
    assert!(shown.body["data"]["createdByKey"].is_null(), "{}", shown.text);

    // It lists itself and what it made, not the owner's other keys.
    assert_eq!(listed(&with_key(&app, "GET", "/api/api-keys", &manager_secret, &[], None).await), sorted(&[&manager, &worker]));
    let path = format!("/api/api-keys/{worker}");
    let viewed = with_key(&app, "GET", &path, &manager_secret, &[], None).await;
    assert_eq!((viewed.status.as_u16(), viewed.body["data"]["name"].as_str()), (200, Some("worker")), "{}", viewed.text);
    assert!(viewed.body["data"].get("key").is_none(), "the secret is never shown again: {}", viewed.text);

    let rotated = with_key(&app, "POST", &format!("{path}/rotate"), &manager_secret, &[], None).await;
    assert_eq!(rotated.status, 200, "{}", rotated.text);
    let (_, new_secret) = ids_of(&rotated);
    assert_eq!(natal_with(&app, &new_secret).await.status, 200);
    assert_eq!(natal_with(&app, &worker_secret).await.error()["code"], "invalid_api_key");

    let revoked = with_key(&app, "DELETE", &path, &manager_secret, &[], None).await;
    assert_eq!(revoked.status, 204, "{}", revoked.text);
    let used = natal_with(&app, &new_secret).await;
    assert_eq!((used.status.as_u16(), used.error()["code"].as_str()), (401, Some("revoked_api_key")));
    assert!(with_key(&app, "GET", &path, &manager_secret, &[], None).await.body["data"]["revokedAt"].is_string());

    // The owner reaches the key a key made (it is theirs), like any other.
    let by_owner = call_with(&app, "GET", "/api/api-keys", Some(&app.owner_token()), &[], None).await;
    assert!(listed(&by_owner).contains(&worker));
}

#[tokio::test]
async fn a_key_manages_itself_and_what_its_keys_made() {
    let app = TestApp::spawn().await;
    let (top, top_secret) = made_by_owner(&app, json!({ "permissions": MANAGING })).await;
    let (middle, middle_secret) = ids_of(&create_with(&app, &top_secret, json!({ "permissions": MANAGING })).await);
    let grandchild = create_with(&app, &middle_secret, json!({ "permissions": ["calc:read"] })).await;
    assert_eq!(grandchild.status, 201, "{}", grandchild.text);
    let (bottom, _) = ids_of(&grandchild);
    assert_eq!(grandchild.body["data"]["createdByKey"], middle.as_str());
    assert_eq!(stored(&app, &bottom).await.creator_keys, [middle.clone(), top.clone()]);

    assert_eq!(listed(&with_key(&app, "GET", "/api/api-keys", &top_secret, &[], None).await), sorted(&[&top, &middle, &bottom]));
    assert_eq!(listed(&with_key(&app, "GET", "/api/api-keys", &middle_secret, &[], None).await), sorted(&[&middle, &bottom]));
    let edited =
        with_key(&app, "PATCH", &format!("/api/api-keys/{bottom}"), &top_secret, &[], Some(edit_body(json!({ "name": "renamed" })))).await;
    assert_eq!((edited.status.as_u16(), edited.body["data"]["name"].as_str()), (200, Some("renamed")), "{}", edited.text);

    // Itself: narrowing its own name and rate limit, and rotating itself.
    let narrowed = with_key(
        &app,
        "PATCH",
        &format!("/api/api-keys/{middle}"),
        &middle_secret,
        &[],
        Some(edit_body(json!({ "rateLimitPerMinute": 50 }))),
    )
    .await;
    assert_eq!(narrowed.status, 200, "{}", narrowed.text);
    let rotated = with_key(&app, "POST", &format!("/api/api-keys/{middle}/rotate"), &middle_secret, &[], None).await;
    assert_eq!(rotated.status, 200, "{}", rotated.text);
    let (_, new_middle_secret) = ids_of(&rotated);
    assert_eq!(with_key(&app, "GET", "/api/api-keys", &middle_secret, &[], None).await.error()["code"], "invalid_api_key");
    assert_eq!(with_key(&app, "GET", &format!("/api/api-keys/{bottom}"), &new_middle_secret, &[], None).await.status, 200);
}

#[tokio::test]
async fn without_keys_write_a_key_is_403_on_every_management_route() {
    let app = TestApp::spawn().await;
    let (reader, reader_secret) =
        made_by_owner(&app, json!({ "permissions": ["calc:read", "content:read", "chart:read", "modules:read"] })).await;
    for (method, path, body) in [
        ("POST", "/api/api-keys".to_owned(), Some(create_body(&app, json!({ "permissions": ["calc:read"] })))),
        ("GET", "/api/api-keys".to_owned(), None),
        ("GET", format!("/api/api-keys/{reader}"), None),
        ("PATCH", format!("/api/api-keys/{reader}"), Some(edit_body(json!({ "name": "x" })))),
        ("POST", format!("/api/api-keys/{reader}/rotate"), None),
        ("DELETE", format!("/api/api-keys/{reader}"), None),
    ] {
        let response = with_key(&app, method, &path, &reader_secret, &[], body).await;
        assert_refused(&response, 403, &[("permission_denied", None)]);
        assert!(response.error()["detail"].as_str().unwrap().contains("keys:write"), "{method} {path}: {}", response.text);
    }
    // Nothing changed: the key works and is not revoked.
    assert_eq!(natal_with(&app, &reader_secret).await.status, 200);
    // The organization's bootstrap key is not a managing key either.
    assert_refused(&with_key(&app, "GET", "/api/api-keys", &app.api_key, &[], None).await, 403, &[("permission_denied", None)]);
}

#[tokio::test]
async fn keys_write_is_never_granted_by_default() {
    let app = TestApp::spawn().await;
    let defaults = json!(["calc:read", "content:read", "chart:read", "modules:read"]);
    // Made by the owner without permissions: every permission but keys:write.
    let by_owner = call_with(&app, "POST", "/api/api-keys", Some(&app.owner_token()), &[], Some(&create_body(&app, json!({})))).await;
    assert_eq!((by_owner.status.as_u16(), &by_owner.body["data"]["permissions"]), (201, &defaults), "{}", by_owner.text);
    let (_, default_secret) = ids_of(&by_owner);
    assert_refused(&create_with(&app, &default_secret, json!({})).await, 403, &[("permission_denied", None)]);

    // Made by a key holding every permission, without permissions: the same defaults.
    let every: Vec<&str> = KeyPermission::ALL.iter().map(|p| p.id()).collect();
    let (_, all_secret) = made_by_owner(&app, json!({ "permissions": every })).await;
    let by_key = create_with(&app, &all_secret, json!({})).await;
    assert_eq!((by_key.status.as_u16(), &by_key.body["data"]["permissions"]), (201, &defaults), "{}", by_key.text);
    let (_, child_secret) = ids_of(&by_key);
    assert_refused(&with_key(&app, "GET", "/api/api-keys", &child_secret, &[], None).await, 403, &[("permission_denied", None)]);
    // Named, it is given.
    let named = create_with(&app, &all_secret, json!({ "permissions": ["keys:write"] })).await;
    assert_eq!((named.status.as_u16(), &named.body["data"]["permissions"]), (201, &json!(["keys:write"])), "{}", named.text);
}

#[tokio::test]
async fn a_key_cannot_give_a_permission_it_lacks() {
    let app = TestApp::spawn().await;
    let (_, secret) = made_by_owner(&app, json!({ "permissions": MANAGING })).await;
    let response = create_with(&app, &secret, json!({ "permissions": ["calc:read", "chart:read"] })).await;
    assert_refused(&response, 403, &[("permission_exceeds_key", Some("/data/attributes/permissions/1"))]);
    assert!(response.error()["detail"].as_str().unwrap().contains("chart:read"), "{}", response.text);
    // Without permissions a key asks for the defaults, of which it lacks three.
    let pointer = Some("/data/attributes/permissions");
    assert_refused(
        &create_with(&app, &secret, json!({})).await,
        403,
        &[("permission_exceeds_key", pointer), ("permission_exceeds_key", pointer), ("permission_exceeds_key", pointer)],
    );
    assert_eq!(create_with(&app, &secret, json!({ "permissions": ["calc:read"] })).await.status, 201);
}

#[tokio::test]
async fn a_key_restricted_to_modules_gives_only_some_of_them() {
    let app = TestApp::spawn().await;
    let (_, restricted) = made_by_owner(&app, json!({ "permissions": MANAGING, "modules": ["numerology", "chinese"] })).await;
    let beyond = create_with(&app, &restricted, json!({ "permissions": ["calc:read"], "modules": ["numerology", "chat"] })).await;
    assert_refused(&beyond, 403, &[("module_exceeds_key", Some("/data/attributes/modules/1"))]);
    // No modules means every module: more than a restricted key has, sent empty or left out.
    for attributes in [json!({ "permissions": ["calc:read"], "modules": [] }), json!({ "permissions": ["calc:read"] })] {
        assert_refused(&create_with(&app, &restricted, attributes).await, 403, &[("module_exceeds_key", Some("/data/attributes/modules"))]);
    }
    let within = create_with(&app, &restricted, json!({ "permissions": ["calc:read"], "modules": ["chinese"] })).await;
    assert_eq!((within.status.as_u16(), &within.body["data"]["modules"]), (201, &json!(["chinese"])), "{}", within.text);

    // A key without a module restriction gives any, or none.
    let (_, unrestricted) = made_by_owner(&app, json!({ "permissions": MANAGING })).await;
    for attributes in [json!({ "permissions": ["calc:read"], "modules": ["chat"] }), json!({ "permissions": ["calc:read"] })] {
        let response = create_with(&app, &unrestricted, attributes.clone()).await;
        assert_eq!(response.status, 201, "{attributes}: {}", response.text);
    }
}

#[tokio::test]
async fn a_key_restricted_to_sites_gives_only_sites_it_covers() {
    let app = TestApp::spawn().await;
    let (_, secret) = made_by_owner(&app, json!({ "permissions": MANAGING, "allowedDomains": ["*.example.com"] })).await;
    let from_site = [("origin", "https://app.example.com")];
    let create = |domains: Value| {
        let body = create_body(&app, json!({ "permissions": ["calc:read"], "allowedDomains": domains }));
        let secret = secret.clone();
        let app = &app;
        async move { with_key(app, "POST", "/api/api-keys", &secret, &from_site, Some(body)).await }
    };
    for fine in [json!(["shop.example.com"]), json!(["*.eu.example.com", "a.b.example.com"]), json!(["*.example.com"])] {
        let response = create(fine.clone()).await;
        assert_eq!((response.status.as_u16(), &response.body["data"]["allowedDomains"]), (201, &fine), "{}", response.text);
    }
    for (domains, pointers) in [
        (json!(["other.org"]), vec!["/data/attributes/allowedDomains/0"]),
        (json!(["shop.example.com", "example.com"]), vec!["/data/attributes/allowedDomains/1"]),
        (json!(["*"]), vec!["/data/attributes/allowedDomains/0"]),
        (json!(["*.badexample.com", "evil.test"]), vec!["/data/attributes/allowedDomains/0", "/data/attributes/allowedDomains/1"]),
        (json!([]), vec!["/data/attributes/allowedDomains"]),
    ] {
        let expected: Vec<_> = pointers.iter().map(|p| ("domain_exceeds_key", Some(*p))).collect();
        assert_refused(&create(domains).await, 403, &expected);
    }
    // Left out, allowedDomains means every site: refused too.
    let body = create_body(&app, json!({ "permissions": ["calc:read"] }));
    let response = with_key(&app, "POST", "/api/api-keys", &secret, &from_site, Some(body)).await;
    assert_refused(&response, 403, &[("domain_exceeds_key", Some("/data/attributes/allowedDomains"))]);

    // The key's own site rule holds on management routes: no site, or another site, is refused.
    assert_refused(&with_key(&app, "GET", "/api/api-keys", &secret, &[], None).await, 403, &[("domain_not_allowed", None)]);
    let elsewhere = with_key(&app, "GET", "/api/api-keys", &secret, &[("origin", "https://other.org")], None).await;
    assert_refused(&elsewhere, 403, &[("domain_not_allowed", None)]);
}

#[tokio::test]
async fn a_key_that_expires_gives_only_keys_expiring_no_later() {
    let app = TestApp::spawn().await;
    let (manager, secret) = made_by_owner(&app, json!({ "permissions": MANAGING, "expiresIn": 3600 })).await;
    let pointer = Some("/data/attributes/expiresIn");
    let never = create_with(&app, &secret, json!({ "permissions": ["calc:read"] })).await;
    assert_refused(&never, 403, &[("expiry_exceeds_key", pointer)]);
    let later = create_with(&app, &secret, json!({ "permissions": ["calc:read"], "expiresIn": 7200 })).await;
    assert_refused(&later, 403, &[("expiry_exceeds_key", pointer)]);

    let sooner = create_with(&app, &secret, json!({ "permissions": ["calc:read"], "expiresIn": 600 })).await;
    assert_eq!(sooner.status, 201, "{}", sooner.text);
    let (child, _) = ids_of(&sooner);
    let (own, made) = (stored(&app, &manager).await.expires_at.unwrap(), stored(&app, &child).await.expires_at.unwrap());
    assert!(made <= own, "{made} is after {own}");

    // A key that never expires gives keys that never expire.
    let (_, forever) = made_by_owner(&app, json!({ "permissions": MANAGING })).await;
    let response = create_with(&app, &forever, json!({ "permissions": ["calc:read"] })).await;
    assert_eq!((response.status.as_u16(), response.body["data"]["expiresAt"].is_null()), (201, true), "{}", response.text);
}

#[tokio::test]
async fn a_key_with_a_rate_limit_gives_only_keys_limited_no_higher() {
    let app = TestApp::spawn().await;
    let (_, secret) = made_by_owner(&app, json!({ "permissions": MANAGING, "rateLimitPerMinute": 100 })).await;
    let pointer = Some("/data/attributes/rateLimitPerMinute");
    assert_refused(&create_with(&app, &secret, json!({ "permissions": ["calc:read"] })).await, 403, &[("rate_limit_exceeds_key", pointer)]);
    let higher = create_with(&app, &secret, json!({ "permissions": ["calc:read"], "rateLimitPerMinute": 101 })).await;
    assert_refused(&higher, 403, &[("rate_limit_exceeds_key", pointer)]);
    let same = create_with(&app, &secret, json!({ "permissions": ["calc:read"], "rateLimitPerMinute": 100 })).await;
    assert_eq!(same.status, 201, "{}", same.text);
}

/// Management requests are charged like any request made with a key: a
/// unit of quota each, and a place in the key's minute window.
#[tokio::test]
async fn management_requests_count_against_the_keys_rate_limit() {
    let app = TestApp::spawn().await;
    let (_, secret) = made_by_owner(&app, json!({ "permissions": MANAGING, "rateLimitPerMinute": 2 })).await;
    for _ in 0..2 {
        assert_eq!(with_key(&app, "GET", "/api/api-keys", &secret, &[], None).await.status, 200);
    }
    let third = with_key(&app, "GET", "/api/api-keys", &secret, &[], None).await;
    assert_refused(&third, 429, &[("rate_limited", None)]);
    assert!(third.headers.contains_key("retry-after"));
}

#[tokio::test]
async fn another_organization_looks_missing() {
    let app = TestApp::spawn().await;
    let other = Organization {
        id: "org-other".into(),
        name: "Other".into(),
        plan: Plan::Basic,
        api_version: None,
        created_at: "2026-01-01T00:00:00Z".into(),
    };
    // The key's owner belongs to the other organization too: still not the key's.
    orgs::create_organization(
        app.state.table.as_ref(),
        &other,
        &User { id: OWNER.into(), email: "o@example.test".into(), name: "O".into() },
    )
    .await
    .unwrap();
    let (_, secret) = made_by_owner(&app, json!({ "permissions": MANAGING })).await;
    for organization in ["org-other", "no-such-org"] {
        let body = json!({ "data": { "type": "api-keys", "attributes": { "name": "x", "organizationId": organization, "permissions": ["calc:read"] } } });
        let response = with_key(&app, "POST", "/api/api-keys", &secret, &[], Some(body)).await;
        assert_refused(&response, 404, &[("not_found", None)]);
        let listed = with_key(&app, "GET", &format!("/api/api-keys?organizationId={organization}"), &secret, &[], None).await;
        assert_refused(&listed, 404, &[("not_found", None)]);
    }
    // Its own organization, named, lists.
    let own = with_key(&app, "GET", &format!("/api/api-keys?organizationId={}", app.organization_id), &secret, &[], None).await;
    assert_eq!(own.status, 200, "{}", own.text);
}

#[tokio::test]
async fn a_sibling_the_parent_and_a_users_key_look_missing() {
    let app = TestApp::spawn().await;
    let (parent, parent_secret) = made_by_owner(&app, json!({ "permissions": MANAGING })).await;
    let (users_key, users_secret) = made_by_owner(&app, json!({ "permissions": ["calc:read"] })).await;
    let (child, child_secret) = ids_of(&create_with(&app, &parent_secret, json!({ "permissions": MANAGING })).await);
    let (sibling, sibling_secret) = ids_of(&create_with(&app, &parent_secret, json!({ "permissions": MANAGING })).await);

    for target in [&sibling, &parent, &users_key] {
        for (method, path, body) in [
            ("GET", format!("/api/api-keys/{target}"), None),
            ("PATCH", format!("/api/api-keys/{target}"), Some(edit_body(json!({ "name": "mine now" })))),
            ("POST", format!("/api/api-keys/{target}/rotate"), None),
            ("DELETE", format!("/api/api-keys/{target}"), None),
        ] {
            let response = with_key(&app, method, &path, &child_secret, &[], body).await;
            assert_refused(&response, 404, &[("not_found", None)]);
        }
    }
    assert_eq!(listed(&with_key(&app, "GET", "/api/api-keys", &child_secret, &[], None).await), vec![child.clone()]);
    // Nothing changed: every key still works with its secret, under its name.
    for secret in [&parent_secret, &users_secret, &sibling_secret] {
        assert_eq!(natal_with(&app, secret).await.status, 200);
    }
    assert_eq!(stored(&app, &users_key).await.name, "made by a key");
}

#[tokio::test]
async fn a_revoked_or_expired_key_manages_nothing_and_revocation_reaches_below() {
    let app = TestApp::spawn().await;
    let (parent, parent_secret) = made_by_owner(&app, json!({ "permissions": MANAGING })).await;
    let (child, child_secret) = ids_of(&create_with(&app, &parent_secret, json!({ "permissions": MANAGING })).await);
    let (grandchild, grandchild_secret) = ids_of(&create_with(&app, &child_secret, json!({ "permissions": ["calc:read"] })).await);

    // Revoked in the store alone (as if the revocation of the keys below
    // were cut short): the keys below stop working all the same.
    api_keys::revoke(app.state.table.as_ref(), &stored(&app, &parent).await).await.unwrap();
    let refused = create_with(&app, &parent_secret, json!({ "permissions": ["calc:read"] })).await;
    assert_refused(&refused, 401, &[("revoked_api_key", None)]);
    for secret in [&child_secret, &grandchild_secret] {
        assert_refused(&natal_with(&app, secret).await, 401, &[("revoked_api_key", None)]);
    }
    assert_refused(&with_key(&app, "GET", "/api/api-keys", &child_secret, &[], None).await, 401, &[("revoked_api_key", None)]);
    // Revoking it through the API marks the keys below revoked too.
    let again = call_with(&app, "DELETE", &format!("/api/api-keys/{parent}"), Some(&app.owner_token()), &[], None).await;
    assert_eq!(again.status, 204, "{}", again.text);
    for id in [&child, &grandchild] {
        assert!(stored(&app, id).await.revoked_at.is_some(), "{id} revoked with its parent");
    }

    // An expired managing key is 401 too.
    let (expiring, expiring_secret) = made_by_owner(&app, json!({ "permissions": MANAGING, "expiresIn": 60 })).await;
    let mut record = stored(&app, &expiring).await;
    record.expires_at = Some(chrono::Utc::now().timestamp() - 1);
    let serde_json::Value::Object(attrs) = serde_json::to_value(&record).unwrap() else { unreachable!() };
    app.state
        .table
        .write(vec![shared::store::WriteOp::Put {
            item: shared::store::Item::new(format!("ORG#{}", record.organization_id), format!("KEY#{}", record.id), attrs),
            condition: shared::store::Condition::MustExist,
        }])
        .await
        .unwrap();
    assert_refused(&with_key(&app, "GET", "/api/api-keys", &expiring_secret, &[], None).await, 401, &[("expired_api_key", None)]);
}

#[tokio::test]
async fn a_key_edits_and_rotates_keys_only_within_itself() {
    let app = TestApp::spawn().await;
    let (parent, parent_secret) =
        made_by_owner(&app, json!({ "permissions": ["calc:read", "content:read", "keys:write"], "rateLimitPerMinute": 100 })).await;
    let made = create_with(&app, &parent_secret, json!({ "permissions": ["calc:read", "content:read"], "rateLimitPerMinute": 50 })).await;
    let (child, _) = ids_of(&made);
    let path = format!("/api/api-keys/{child}");

    let widened =
        with_key(&app, "PATCH", &path, &parent_secret, &[], Some(edit_body(json!({ "permissions": ["calc:read", "chart:read"] })))).await;
    assert_refused(&widened, 403, &[("permission_exceeds_key", Some("/data/attributes/permissions/1"))]);
    let unlimited = with_key(&app, "PATCH", &path, &parent_secret, &[], Some(edit_body(json!({ "rateLimitPerMinute": null })))).await;
    assert_refused(&unlimited, 403, &[("rate_limit_exceeds_key", Some("/data/attributes/rateLimitPerMinute"))]);
    let everywhere = with_key(&app, "PATCH", &path, &parent_secret, &[], Some(edit_body(json!({ "modules": ["chat"] })))).await;
    assert_eq!(everywhere.status, 200, "an unrestricted key may restrict: {}", everywhere.text);
    let narrowed = with_key(&app, "PATCH", &path, &parent_secret, &[], Some(edit_body(json!({ "permissions": ["content:read"] })))).await;
    assert_eq!((narrowed.status.as_u16(), &narrowed.body["data"]["permissions"]), (200, &json!(["content:read"])), "{}", narrowed.text);

    // The owner narrows the parent below its child: the parent may no
    // longer rotate the child (it would get a secret wider than itself),
    // but may still revoke it.
    let owner_edit = edit_body(json!({ "permissions": ["calc:read", "keys:write"] }));
    let response = call_with(&app, "PATCH", &format!("/api/api-keys/{parent}"), Some(&app.owner_token()), &[], Some(&owner_edit)).await;
    assert_eq!(response.status, 200, "{}", response.text);
    let rotated = with_key(&app, "POST", &format!("{path}/rotate"), &parent_secret, &[], None).await;
    assert_refused(&rotated, 403, &[("permission_exceeds_key", None)]);
    assert!(rotated.error()["detail"].as_str().unwrap().contains("content:read"), "{}", rotated.text);
    assert_eq!(with_key(&app, "DELETE", &path, &parent_secret, &[], None).await.status, 204);
}

#[tokio::test]
async fn a_key_of_a_member_makes_keys_the_member_owns() {
    let app = TestApp::spawn().await;
    let member = User { id: "member-1".into(), email: "m@example.test".into(), name: "M".into() };
    orgs::add_member(app.state.table.as_ref(), &app.organization_id, &member, Role::Member).await.unwrap();
    let token = app.state.jwt.as_ref().unwrap().mint("member-1", "m@example.test", 600).unwrap();
    let response =
        call_with(&app, "POST", "/api/api-keys", Some(&token), &[], Some(&create_body(&app, json!({ "permissions": MANAGING })))).await;
    assert_eq!(response.status, 201, "a member may hold keys:write: {}", response.text);
    let (_, secret) = ids_of(&response);
    let made = create_with(&app, &secret, json!({ "permissions": ["calc:read"] })).await;
    assert_eq!((made.status.as_u16(), made.body["data"]["createdBy"].as_str()), (201, Some("member-1")), "{}", made.text);
    let (made_id, _) = ids_of(&made);
    // The member reaches it (rule 2: they own it).
    let shown = call_with(&app, "GET", &format!("/api/api-keys/{made_id}"), Some(&token), &[], None).await;
    assert_eq!(shown.status, 200, "{}", shown.text);
}
