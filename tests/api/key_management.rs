//! The key management rules of the interface, one by one, through the API.

use serde_json::{Value, json};
use shared::auth::{Plan, Role};
use shared::repo::orgs::{self, Organization, User};

use crate::support::{TestApp, TestResponse, rome_1990};

fn user(id: &str) -> User {
    User { id: id.into(), email: format!("{id}@example.test"), name: id.into() }
}

struct Team {
    app: TestApp,
}

impl Team {
    /// The bootstrap owner plus a manager and two members.
    async fn new() -> Self {
        let app = TestApp::spawn().await;
        for (id, role) in [("manager-1", Role::Manager), ("member-1", Role::Member), ("member-2", Role::Member)] {
            orgs::add_member(app.state.table.as_ref(), &app.organization_id, &user(id), role).await.unwrap();
        }
        Self { app }
    }

    fn token(&self, user_id: &str) -> String {
        format!("Bearer {}", self.app.state.jwt.as_ref().unwrap().mint(user_id, "x@example.test", 600).unwrap())
    }

    async fn call(&self, method: &str, path: &str, as_user: &str, body: Option<Value>) -> TestResponse {
        let request = axum::http::Request::builder()
            .method(method)
            .uri(path)
            .header("authorization", self.token(as_user))
            .header("content-type", "application/json")
            .body(axum::body::Body::from(body.map(|b| b.to_string()).unwrap_or_default()))
            .unwrap();
        self.app.send(request).await
    }

    /// Creates a key as `user_id`; returns (id, secret).
    async fn create_key(&self, as_user: &str, permissions: Value) -> (String, String) {
        let body = json!({ "data": { "type": "api-keys", "attributes": { "name": format!("{as_user} key"), "organizationId": self.app.organization_id, "permissions": permissions } } });
        let response = self.call("POST", "/api/api-keys", as_user, Some(body)).await;
        assert_eq!(response.status, 201, "{}", response.text);
        (response.body["data"]["id"].as_str().unwrap().to_owned(), response.body["data"]["key"].as_str().unwrap().to_owned())
    }

    async fn natal_with(&self, secret: &str) -> TestResponse {
        self.app.post_raw("/api/calc/natal", &rome_1990().to_string(), &[("x-api-key", secret)]).await
    }
}

/// A PATCH body with these attributes.
fn edit(attributes: Value) -> Value {
    json!({ "data": { "type": "api-keys", "attributes": attributes } })
}

fn ids(response: &TestResponse) -> Vec<String> {
    response.body["data"].as_array().unwrap().iter().map(|k| k["id"].as_str().unwrap().to_owned()).collect()
}

#[tokio::test]
async fn owners_and_managers_reach_every_key_members_only_their_own() {
    let team = Team::new().await;
    let (owner_key, _) = team.create_key("local-owner", json!(["calc:read"])).await;
    let (manager_key, _) = team.create_key("manager-1", json!(["calc:read"])).await;
    let (member_key, _) = team.create_key("member-1", json!(["calc:read"])).await;

    // Rule 1: owners and managers see every key, including other members' keys.
    for boss in ["local-owner", "manager-1"] {
        let listed = ids(&team.call("GET", "/api/api-keys", boss, None).await);
        for key in [&owner_key, &manager_key, &member_key] {
            assert!(listed.contains(key), "{boss} lists {key}");
        }
        assert_eq!(team.call("GET", &format!("/api/api-keys/{member_key}"), boss, None).await.status, 200);
    }
    // Rule 2: a member reaches only the keys they created.
    let listed = ids(&team.call("GET", "/api/api-keys", "member-1", None).await);
    assert_eq!(listed, vec![member_key.clone()]);
    assert!(ids(&team.call("GET", "/api/api-keys", "member-2", None).await).is_empty());
    for (method, path) in [
        ("GET", format!("/api/api-keys/{manager_key}")),
        ("POST", format!("/api/api-keys/{manager_key}/rotate")),
        ("DELETE", format!("/api/api-keys/{manager_key}")),
        ("GET", format!("/api/api-keys/{member_key}")),
    ] {
        let as_user = if path.contains(&member_key) { "member-2" } else { "member-1" };
        let response = team.call(method, &path, as_user, None).await;
        assert_eq!(response.status, 404, "{as_user} {method} {path}: {}", response.text);
    }
    // The secret is never shown again.
    let shown = team.call("GET", &format!("/api/api-keys/{member_key}"), "member-1", None).await;
    assert!(shown.body["data"].get("key").is_none(), "{}", shown.text);
    assert!(
        team.call("GET", "/api/api-keys", "local-owner", None).await.body["data"]
            .as_array()
            .unwrap()
            .iter()
            .all(|k| k.get("key").is_none())
    );
}

#[tokio::test]
async fn rotation_keeps_the_owner_and_permissions_and_kills_the_old_secret_at_once() {
    let team = Team::new().await;
    let (member_key, old_secret) = team.create_key("member-1", json!(["calc:read"])).await;
    assert_eq!(team.natal_with(&old_secret).await.status, 200);

    // Rules 3 and 4: a manager rotates a member's key: still the member's,
    // with the member key's permissions, not the manager's wider set.
    let rotated = team.call("POST", &format!("/api/api-keys/{member_key}/rotate"), "manager-1", None).await;
    assert_eq!(rotated.status, 200, "{}", rotated.text);
    let data = &rotated.body["data"];
    assert_eq!(data["id"], member_key.as_str());
    assert_eq!(data["createdBy"], "member-1");
    assert_eq!(data["permissions"], json!(["calc:read"]));
    let new_secret = data["key"].as_str().unwrap();
    assert_ne!(new_secret, old_secret);
    assert!(new_secret.starts_with(data["prefix"].as_str().unwrap()));

    assert_eq!(team.natal_with(new_secret).await.status, 200);
    let old = team.natal_with(&old_secret).await;
    assert_eq!(old.status, 401);
    assert_eq!(old.error()["code"], "invalid_api_key");
    // The member still reaches the rotated key (it stayed theirs).
    assert_eq!(ids(&team.call("GET", "/api/api-keys", "member-1", None).await), vec![member_key]);
}

#[tokio::test]
async fn revoked_keys_stop_working_and_cannot_be_rotated() {
    let team = Team::new().await;
    let (key, secret) = team.create_key("member-1", json!(["calc:read"])).await;
    let response = team.call("DELETE", &format!("/api/api-keys/{key}"), "member-1", None).await;
    assert_eq!(response.status, 204);
    let natal = team.natal_with(&secret).await;
    assert_eq!(natal.status, 401);
    assert_eq!(natal.error()["code"], "revoked_api_key");
    let shown = team.call("GET", &format!("/api/api-keys/{key}"), "member-1", None).await;
    assert!(shown.body["data"]["revokedAt"].is_string());
    assert_eq!(team.call("POST", &format!("/api/api-keys/{key}/rotate"), "local-owner", None).await.status, 409);
    let edited = team.call("PATCH", &format!("/api/api-keys/{key}"), "local-owner", Some(edit(json!({ "name": "revived?" })))).await;
    assert_eq!(edited.status, 409, "{}", edited.text);
    assert_eq!(edited.error()["code"], "key_revoked");
    // Revoking again is harmless.
    assert_eq!(team.call("DELETE", &format!("/api/api-keys/{key}"), "member-1", None).await.status, 204);
}

#[tokio::test]
async fn another_organizations_keys_look_missing() {
    let team = Team::new().await;
    let table = team.app.state.table.as_ref();
    let other = Organization {
        id: "org-other".into(),
        name: "Other".into(),
        plan: Plan::Basic,
        api_version: None,
        created_at: "2026-01-01T00:00:00Z".into(),
    };
    orgs::create_organization(table, &other, &user("other-owner")).await.unwrap();
    let body = json!({ "data": { "type": "api-keys", "attributes": { "name": "theirs", "organizationId": "org-other" } } });
    let theirs = team.call("POST", "/api/api-keys", "other-owner", Some(body)).await;
    let their_key = theirs.body["data"]["id"].as_str().unwrap().to_owned();
    for (method, path) in [
        ("GET", format!("/api/api-keys/{their_key}")),
        ("POST", format!("/api/api-keys/{their_key}/rotate")),
        ("DELETE", format!("/api/api-keys/{their_key}")),
        ("PATCH", format!("/api/api-keys/{their_key}")),
    ] {
        let body = (method == "PATCH").then(|| edit(json!({ "name": "mine now" })));
        assert_eq!(team.call(method, &path, "local-owner", body).await.status, 404, "{method} {path}");
    }
    assert!(!ids(&team.call("GET", "/api/api-keys", "local-owner", None).await).contains(&their_key));
    assert_eq!(team.call("GET", "/api/api-keys?organizationId=org-other", "local-owner", None).await.status, 404);
    // Without a token nothing is listed.
    let anonymous = team.app.send(axum::http::Request::get("/api/api-keys").body(axum::body::Body::empty()).unwrap()).await;
    assert_eq!(anonymous.status, 401);
}

#[tokio::test]
async fn a_manager_narrows_a_members_key_and_the_key_loses_access_at_once() {
    let team = Team::new().await;
    let (key, secret) = team.create_key("member-1", json!(["calc:read", "content:read"])).await;
    assert_eq!(team.natal_with(&secret).await.status, 200);

    let path = format!("/api/api-keys/{key}");
    let response = team.call("PATCH", &path, "manager-1", Some(edit(json!({ "permissions": ["content:read"] })))).await;
    assert_eq!(response.status, 200, "{}", response.text);
    let data = &response.body["data"];
    assert_eq!(data["permissions"], json!(["content:read"]));
    assert_eq!(data["createdBy"], "member-1", "an edit does not transfer the key");
    assert!(data.get("key").is_none(), "an edit never shows the secret: {}", response.text);

    // Same secret, narrower key.
    let refused = team.natal_with(&secret).await;
    assert_eq!(refused.status, 403, "{}", refused.text);
    assert_eq!(refused.error()["code"], "permission_denied");
    assert_eq!(team.call("GET", &path, "member-1", None).await.body["data"]["prefix"], data["prefix"]);
}

#[tokio::test]
async fn an_edited_key_never_holds_more_than_its_owners_role() {
    // The result stays within the owner's role, and the owner stays the owner.
    let team = Team::new().await;
    let (key, _) = team.create_key("member-1", json!(["calc:read"])).await;
    // `api-version:write` stands for `org:update`, which a manager holds and
    // a member does not: the manager cannot give it to a member's key.
    let pin = edit(json!({ "permissions": ["calc:read", "api-version:write"] }));
    let response = team.call("PATCH", &format!("/api/api-keys/{key}"), "manager-1", Some(pin)).await;
    assert_eq!(response.status, 403, "{}", response.text);
    assert_eq!(response.error()["code"], "permission_exceeds_owner_role");
    let every = json!(["calc:read", "content:read", "chart:read", "modules:read"]);
    let response = team.call("PATCH", &format!("/api/api-keys/{key}"), "manager-1", Some(edit(json!({ "permissions": every })))).await;
    assert_eq!(response.status, 200, "{}", response.text);
    let data = &response.body["data"];
    assert_eq!(data["createdBy"], "member-1");
    for permission in data["permissions"].as_array().unwrap() {
        let permission = shared::auth::KeyPermission::parse(permission.as_str().unwrap()).unwrap();
        assert!(Role::Member.has(permission.role_permission()), "{permission:?} is beyond a member's role");
    }
    // A member edits their own key within their role.
    let response =
        team.call("PATCH", &format!("/api/api-keys/{key}"), "member-1", Some(edit(json!({ "permissions": ["chart:read"] })))).await;
    assert_eq!(response.status, 200, "{}", response.text);
    assert_eq!(response.body["data"]["permissions"], json!(["chart:read"]));
}

#[tokio::test]
async fn members_reach_no_one_elses_key_to_edit_or_rotate() {
    let team = Team::new().await;
    let (manager_key, manager_secret) = team.create_key("manager-1", json!(["calc:read"])).await;
    let (member_key, _) = team.create_key("member-1", json!(["calc:read"])).await;
    for (as_user, key) in [("member-1", &manager_key), ("member-2", &member_key)] {
        let patched =
            team.call("PATCH", &format!("/api/api-keys/{key}"), as_user, Some(edit(json!({ "permissions": ["content:read"] })))).await;
        assert_eq!(patched.status, 404, "{as_user} PATCH {key}: {}", patched.text);
        assert_eq!(patched.error()["code"], "not_found");
        let rotated = team.call("POST", &format!("/api/api-keys/{key}/rotate"), as_user, None).await;
        assert_eq!(rotated.status, 404, "{as_user} rotate {key}: {}", rotated.text);
    }
    // Nothing changed: the manager's key still works with its old secret.
    assert_eq!(team.natal_with(&manager_secret).await.status, 200);
    // A missing key and a stranger are 404 too; no token is 401.
    assert_eq!(team.call("PATCH", "/api/api-keys/no-such-key", "local-owner", Some(edit(json!({})))).await.status, 404);
    assert_eq!(team.call("PATCH", &format!("/api/api-keys/{member_key}"), "stranger", Some(edit(json!({})))).await.status, 404);
    let anonymous = team
        .app
        .send(
            axum::http::Request::patch(format!("/api/api-keys/{member_key}"))
                .header("content-type", "application/json")
                .body(axum::body::Body::from(edit(json!({ "name": "x" })).to_string()))
                .unwrap(),
        )
        .await;
    assert_eq!(anonymous.status, 401);
    assert_eq!(anonymous.error()["code"], "missing_token");
}

#[tokio::test]
async fn the_rate_limit_is_set_kept_and_cleared() {
    let team = Team::new().await;
    let (key, _) = team.create_key("member-1", json!(["calc:read"])).await;
    let path = format!("/api/api-keys/{key}");

    // A load test drives about 400,000 requests a minute through one key.
    let set = team.call("PATCH", &path, "member-1", Some(edit(json!({ "rateLimitPerMinute": 400_000 })))).await;
    assert_eq!(set.status, 200, "{}", set.text);
    assert_eq!(set.body["data"]["rateLimitPerMinute"], 400_000);
    let renamed = team
        .call(
            "PATCH",
            &path,
            "member-1",
            Some(edit(json!({ "name": "  Renamed  ", "allowedDomains": ["*.example.com"], "modules": ["numerology"] }))),
        )
        .await;
    assert_eq!(renamed.status, 200, "{}", renamed.text);
    let data = &renamed.body["data"];
    assert_eq!(
        (data["name"].as_str(), data["rateLimitPerMinute"].as_u64()),
        (Some("Renamed"), Some(400_000)),
        "absent attributes are kept"
    );
    assert_eq!(
        (&data["allowedDomains"], &data["modules"], &data["permissions"]),
        (&json!(["*.example.com"]), &json!(["numerology"]), &json!(["calc:read"]))
    );

    let cleared = team.call("PATCH", &path, "member-1", Some(edit(json!({ "rateLimitPerMinute": null })))).await;
    assert_eq!(cleared.status, 200, "{}", cleared.text);
    assert!(cleared.body["data"]["rateLimitPerMinute"].is_null(), "{}", cleared.text);
    let shown = team.call("GET", &path, "member-1", None).await;
    assert!(shown.body["data"]["rateLimitPerMinute"].is_null());
    assert_eq!(shown.body["data"]["name"], "Renamed");

    // The ceiling is a million a minute, at creation as at edit.
    let at_ceiling = team.call("PATCH", &path, "member-1", Some(edit(json!({ "rateLimitPerMinute": 1_000_000 })))).await;
    assert_eq!(at_ceiling.status, 200, "{}", at_ceiling.text);
    let above = team.call("PATCH", &path, "member-1", Some(edit(json!({ "rateLimitPerMinute": 1_000_001 })))).await;
    assert_eq!(above.status, 422);
    assert_eq!(above.pointers(), ["/data/attributes/rateLimitPerMinute"]);
    let body = json!({ "data": { "type": "api-keys", "attributes": { "name": "fast", "organizationId": team.app.organization_id, "rateLimitPerMinute": 1_000_000 } } });
    let created = team.call("POST", "/api/api-keys", "member-1", Some(body)).await;
    assert_eq!(created.status, 201, "{}", created.text);
    assert_eq!(created.body["data"]["rateLimitPerMinute"], 1_000_000);
}

#[tokio::test]
async fn invalid_edits_are_422_pointing_at_each_field_and_change_nothing() {
    let team = Team::new().await;
    let (key, secret) = team.create_key("member-1", json!(["calc:read"])).await;
    let path = format!("/api/api-keys/{key}");

    let body = json!({ "data": { "type": "keys", "attributes": {
        "name": " ", "permissions": ["calc:read", "admin:all"], "modules": ["nope"],
        "allowedDomains": ["example.com", "https://x.com"], "rateLimitPerMinute": 0 } } });
    let response = team.call("PATCH", &path, "member-1", Some(body)).await;
    assert_eq!(response.status, 422, "{}", response.text);
    let mut pointers = response.pointers();
    pointers.sort();
    assert_eq!(
        pointers,
        [
            "/data/attributes/allowedDomains/1",
            "/data/attributes/modules/0",
            "/data/attributes/name",
            "/data/attributes/permissions/1",
            "/data/attributes/rateLimitPerMinute",
            "/data/type",
        ]
    );

    for (attributes, pointer) in [
        (json!({ "permissions": [] }), "/data/attributes/permissions"),
        (json!({ "name": null }), "/data/attributes/name"),
        (json!({ "permissions": null }), "/data/attributes/permissions"),
        (json!({ "rateLimitPerMinute": -5 }), "/data/attributes/rateLimitPerMinute"),
        (json!({ "rateLimitPerMinute": "600" }), "/data/attributes/rateLimitPerMinute"),
        // Neither the expiry nor anything else outside the editable five.
        (json!({ "expiresIn": 3600 }), "/data/attributes/expiresIn"),
        (json!({ "createdBy": "member-2" }), "/data/attributes/createdBy"),
    ] {
        let response = team.call("PATCH", &path, "member-1", Some(edit(attributes.clone()))).await;
        assert_eq!(response.status, 422, "{attributes}: {}", response.text);
        assert_eq!(response.pointers(), [pointer], "{attributes}");
    }
    let response =
        team.call("PATCH", &path, "member-1", Some(json!({ "data": { "type": "api-keys", "attributes": {}, "extra": 1 } }))).await;
    assert_eq!(response.status, 422);
    assert_eq!(response.pointers(), ["/data/extra"]);

    // The key is as it was.
    let shown = team.call("GET", &path, "member-1", None).await;
    assert_eq!(shown.body["data"]["name"], "member-1 key");
    assert_eq!(shown.body["data"]["permissions"], json!(["calc:read"]));
    assert_eq!(team.natal_with(&secret).await.status, 200);
}

/// JSON:API: a PATCH whose `data.id` names another key is a 409 Conflict,
/// and the key is unchanged.
#[tokio::test]
async fn another_keys_id_in_an_edit_is_a_409() {
    let team = Team::new().await;
    let (key, _secret) = team.create_key("member-1", json!(["calc:read"])).await;
    let path = format!("/api/api-keys/{key}");
    let body = json!({ "data": { "type": "api-keys", "id": "another-key", "attributes": { "name": "renamed" } } });
    let response = team.call("PATCH", &path, "member-1", Some(body)).await;
    assert_eq!(response.status, 409, "{}", response.text);
    assert_eq!(response.body["errors"][0]["code"], "id_mismatch");
    assert_eq!(response.pointers(), ["/data/id"]);
    let after = team.call("GET", &path, "member-1", None).await;
    assert_ne!(after.body["data"]["name"], "renamed", "{}", after.text);
}

/// `data.id` may be left out of an edit, but `null` is a 422 on `/data/id`,
/// and the key is unchanged.
#[tokio::test]
async fn a_null_id_in_an_edit_is_a_422() {
    let team = Team::new().await;
    let (key, _secret) = team.create_key("member-1", json!(["calc:read"])).await;
    let path = format!("/api/api-keys/{key}");
    let body = json!({ "data": { "type": "api-keys", "id": null, "attributes": { "name": "renamed" } } });
    let response = team.call("PATCH", &path, "member-1", Some(body)).await;
    assert_eq!(response.status, 422, "{}", response.text);
    assert_eq!(response.pointers(), ["/data/id"]);
    let after = team.call("GET", &path, "member-1", None).await;
    assert_ne!(after.body["data"]["name"], "renamed", "{}", after.text);
}

/// Allowed domains follow host-name rules label by label (the document's
/// pattern says the same): letters, digits and inner hyphens, 1–63
/// characters, at least two labels, `*.` before them or `*` alone.
#[tokio::test]
async fn allowed_domains_follow_host_name_rules() {
    let team = Team::new().await;
    let (key, _secret) = team.create_key("member-1", json!(["calc:read"])).await;
    let path = format!("/api/api-keys/{key}");
    let edit = |domains: Value| json!({ "data": { "type": "api-keys", "attributes": { "allowedDomains": domains } } });
    let long_label = format!("{}.com", "a".repeat(63));
    for good in ["*", "example.com", "*.example.com", "a-b.c0.io", long_label.as_str()] {
        let response = team.call("PATCH", &path, "member-1", Some(edit(json!([good])))).await;
        assert_eq!(response.status, 200, "{good}: {}", response.text);
    }
    let too_long_label = format!("{}.com", "a".repeat(64));
    for bad in ["-.foo", "a-.com", "-a.com", "com", "*.com", "a..com", "*example.com", "Example.com", too_long_label.as_str()] {
        let response = team.call("PATCH", &path, "member-1", Some(edit(json!(["example.org", bad])))).await;
        assert_eq!(response.status, 422, "{bad}: {}", response.text);
        assert_eq!(response.pointers(), ["/data/attributes/allowedDomains/1"], "{bad}");
    }
}
