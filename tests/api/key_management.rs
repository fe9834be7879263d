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
    ] {
        assert_eq!(team.call(method, &path, "local-owner", None).await.status, 404, "{method} {path}");
    }
    assert!(!ids(&team.call("GET", "/api/api-keys", "local-owner", None).await).contains(&their_key));
    assert_eq!(team.call("GET", "/api/api-keys?organizationId=org-other", "local-owner", None).await.status, 404);
    // Without a token nothing is listed.
    let anonymous = team.app.send(axum::http::Request::get("/api/api-keys").body(axum::body::Body::empty()).unwrap()).await;
    assert_eq!(anonymous.status, 401);
}
