//! The interface's role permission table, all of it: 19 permissions by
//! three roles. The table is typed here from the interface, apart from the
//! code's copy, and every cell is checked:
//! - a permission with an endpoint today is checked through that endpoint,
//!   as an owner, a manager and a member (allowed: 2xx; refused: 403
//!   `insufficient_role`);
//! - calc:use, chart:use, modules:read, content:read and org:update through
//!   key creation: each role may give a key the key permission standing for
//!   it (`api-version:write` for org:update), and no other;
//! - the rest have no endpoint yet and are checked against `Role::has`:
//!   org:create (creating an organization is open to every signed-in user,
//!   who becomes its owner), billing:manage, admin:access.

use serde_json::{Value, json};
use shared::auth::{KeyPermission, Role};

use crate::orgs::{call, join, organization_body, role_body};
use crate::support::TestApp;

const ROLES: [Role; 3] = [Role::Owner, Role::Manager, Role::Member];

/// The interface's table: permission, then whether owner, manager and member hold it.
const TABLE: [(&str, [bool; 3]); 19] = [
    ("org:create", [true, false, false]),
    ("org:read", [true, true, true]),
    ("org:update", [true, true, false]),
    ("org:users:read", [true, true, false]),
    ("org:users:create", [true, true, false]),
    ("org:users:update", [true, true, false]),
    ("org:users:delete", [true, true, false]),
    ("billing:read", [true, true, false]),
    ("billing:manage", [true, true, false]),
    ("content:read", [true, true, true]),
    ("content:create", [true, true, false]),
    ("content:update", [true, true, false]),
    ("content:delete", [true, true, false]),
    ("content:custom-copy", [true, true, true]),
    ("content:restore", [true, true, false]),
    ("calc:use", [true, true, true]),
    ("chart:use", [true, true, true]),
    ("modules:read", [true, true, true]),
    ("admin:access", [true, false, false]),
];

fn holds(permission: &str, role: Role) -> bool {
    let (_, marks) = TABLE.iter().find(|(name, _)| *name == permission).unwrap_or_else(|| panic!("{permission} is not in the table"));
    marks[ROLES.iter().position(|r| *r == role).unwrap()]
}

const WITH_ENDPOINTS: [&str; 13] = [
    "org:read",
    "org:update",
    "org:users:read",
    "org:users:create",
    "org:users:update",
    "org:users:delete",
    "billing:read",
    "content:read",
    "content:create",
    "content:update",
    "content:delete",
    "content:custom-copy",
    "content:restore",
];
const THROUGH_KEYS: [&str; 5] = ["calc:use", "chart:use", "modules:read", "content:read", "org:update"];
const NO_ENDPOINT_YET: [&str; 3] = ["org:create", "billing:manage", "admin:access"];

#[test]
fn the_table_is_whole_and_the_code_agrees_with_it() {
    let mut covered: Vec<&str> = WITH_ENDPOINTS.iter().chain(&THROUGH_KEYS).chain(&NO_ENDPOINT_YET).copied().collect();
    covered.sort_unstable();
    // content:read and org:update are checked both ways: their endpoints and key creation.
    covered.dedup();
    let mut listed: Vec<&str> = TABLE.iter().map(|(name, _)| *name).collect();
    listed.sort_unstable();
    assert_eq!(covered, listed, "every permission is checked one way or another");
    let mut in_code: Vec<&str> = Role::permissions().collect();
    in_code.sort_unstable();
    assert_eq!(in_code, listed);
    for (permission, _) in TABLE {
        for role in ROLES {
            assert_eq!(role.has(permission), holds(permission, role), "{} {permission}", role.id());
        }
    }
}

/// A different base text for every copy made in a run (one copy per text).
fn next_base() -> String {
    static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let (points, signs) = (["sun", "moon", "mercury", "venus", "mars", "jupiter"], shared::astro::zodiac::Sign::ALL);
    format!("urn:astro:natal:planet-in-sign:{}:{}:en", points[n / 12 % points.len()], signs[n % 12].id())
}

fn copy_of(base: &str) -> Value {
    json!({ "data": { "type": "content", "attributes": { "baseContentId": base } } })
}

/// A copy made by the owner, for a caller to act on.
async fn owner_copy(app: &TestApp) -> String {
    let made = call(app, "POST", "/api/org/content/copies", crate::orgs::OWNER, Some(copy_of(&next_base()))).await;
    assert_eq!(made.status, 201, "{}", made.text);
    made.body["data"]["id"].as_str().unwrap().to_owned()
}

/// Calls the endpoint standing for `permission` as `caller`, a fresh user
/// with `role`; everything it could change is made for this call alone.
async fn exercise(app: &TestApp, permission: &str, caller: &str) -> crate::support::TestResponse {
    let target = format!("{caller}-target");
    let invited = format!("{caller}-invitee@example.test");
    let (method, path, body): (&str, String, Option<Value>) = match permission {
        "org:read" => ("GET", "/api/org".into(), None),
        "org:update" => ("PATCH", "/api/org".into(), Some(organization_body(&format!("Renamed by {caller}")))),
        "org:users:read" => ("GET", "/api/org/members".into(), None),
        "org:users:create" => (
            "POST",
            "/api/org/invitations".into(),
            Some(json!({ "data": { "type": "invitations", "attributes": { "email": invited, "role": "member" } } })),
        ),
        "org:users:update" => {
            join(app, &target, Role::Member).await;
            ("PATCH", format!("/api/org/members/{target}"), Some(role_body("manager")))
        }
        "org:users:delete" => {
            join(app, &target, Role::Member).await;
            ("DELETE", format!("/api/org/members/{target}"), None)
        }
        "billing:read" => ("GET", "/api/org/usage".into(), None),
        "content:read" => ("GET", "/api/org/content".into(), None),
        "content:create" => (
            "POST",
            "/api/org/content".into(),
            Some(json!({ "data": { "type": "content", "attributes": {
                "horoscopeType": "natal", "contentType": "planet-in-sign", "language": "en",
                "title": format!("Written by {caller}"), "body": "Our own words for this placement." } } })),
        ),
        "content:custom-copy" => ("POST", "/api/org/content/copies".into(), Some(copy_of(&next_base()))),
        "content:update" => {
            let id = owner_copy(app).await;
            ("PATCH", format!("/api/org/content/{id}"), Some(json!({ "data": { "type": "content", "attributes": { "title": "Edited" } } })))
        }
        "content:delete" => ("DELETE", format!("/api/org/content/{}", owner_copy(app).await), None),
        "content:restore" => ("POST", format!("/api/org/content/{}/restore", owner_copy(app).await), None),
        other => panic!("no endpoint for {other}"),
    };
    call(app, method, &path, caller, body).await
}

#[tokio::test]
async fn every_role_is_allowed_exactly_what_the_table_gives_it() {
    let app = TestApp::spawn().await;
    for permission in WITH_ENDPOINTS {
        for role in ROLES {
            let caller = format!("{}-{}", permission.replace(':', "-"), role.id());
            join(&app, &caller, role).await;
            let response = exercise(&app, permission, &caller).await;
            if holds(permission, role) {
                assert!(response.status.is_success(), "{} {permission}: {} {}", role.id(), response.status, response.text);
            } else {
                assert_eq!(response.status, 403, "{} {permission}: {}", role.id(), response.text);
                assert_eq!(response.error()["code"], "insufficient_role");
                assert!(response.error()["detail"].as_str().unwrap().contains(permission), "{}", response.text);
            }
        }
    }
}

#[tokio::test]
async fn every_role_gives_keys_the_permissions_its_role_holds() {
    let app = TestApp::spawn().await;
    for role_permission in THROUGH_KEYS {
        let key_permission = KeyPermission::ALL.into_iter().find(|p| p.role_permission() == role_permission).expect("a key permission");
        for role in ROLES {
            let caller = format!("keys-{}-{}", key_permission.id().replace(':', "-"), role.id());
            join(&app, &caller, role).await;
            let body = json!({ "data": { "type": "api-keys", "attributes": { "name": caller, "organizationId": app.organization_id, "permissions": [key_permission.id()] } } });
            let response = call(&app, "POST", "/api/api-keys", &caller, Some(body)).await;
            if holds(role_permission, role) {
                assert_eq!(response.status, 201, "{} {role_permission}: {}", role.id(), response.text);
                assert_eq!(response.body["data"]["permissions"], json!([key_permission.id()]));
            } else {
                assert_eq!(response.status, 403, "{} {role_permission}: {}", role.id(), response.text);
            }
        }
    }
}
