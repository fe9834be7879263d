//! Organizations, members and the compatibility-date pin, through the API
//! as a dashboard user calls them (bearer tokens).

use axum::body::Body;
use axum::http::Request;
use serde_json::{Value, json};
use shared::auth::Role;
use shared::repo::orgs::{self, User};

use crate::support::{TestApp, TestResponse};

pub const OWNER: &str = local_server::bootstrap::LOCAL_OWNER_ID;

pub fn email_of(user_id: &str) -> String {
    format!("{user_id}@example.test")
}

pub fn token_for(app: &TestApp, user_id: &str, email: &str) -> String {
    app.state.jwt.as_ref().expect("jwt").mint(user_id, email, 600).expect("token")
}

/// A request with an optional bearer token and extra headers.
pub async fn call_with(
    app: &TestApp,
    method: &str,
    path: &str,
    token: Option<&str>,
    headers: &[(&str, &str)],
    body: Option<&Value>,
) -> TestResponse {
    let mut request = Request::builder().method(method).uri(path).header("content-type", "application/json");
    if let Some(token) = token {
        request = request.header("authorization", format!("Bearer {token}"));
    }
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    app.send(request.body(Body::from(body.map(Value::to_string).unwrap_or_default())).expect("request")).await
}

/// A request as `user_id`, whose token carries `{user_id}@example.test`.
pub async fn call(app: &TestApp, method: &str, path: &str, user_id: &str, body: Option<Value>) -> TestResponse {
    let token = token_for(app, user_id, &email_of(user_id));
    call_with(app, method, path, Some(&token), &[], body.as_ref()).await
}

/// The units the bootstrap organization has used this month, as its owner
/// reads them (`GET /api/org/usage`).
pub async fn units_used(app: &TestApp) -> i64 {
    let usage = call(app, "GET", "/api/org/usage", OWNER, None).await;
    assert_eq!(usage.status, 200, "{}", usage.text);
    usage.body["data"]["attributes"]["used"].as_i64().expect("used")
}

/// Adds `user_id` to the bootstrap organization with `role`, as if invited.
pub async fn join(app: &TestApp, user_id: &str, role: Role) {
    let user = User { id: user_id.into(), email: email_of(user_id), name: format!("Name of {user_id}") };
    orgs::add_member(app.state.table.as_ref(), &app.organization_id, &user, role).await.expect("member added");
}

pub fn organization_body(name: &str) -> Value {
    json!({ "data": { "type": "organizations", "attributes": { "name": name } } })
}

pub fn role_body(role: &str) -> Value {
    json!({ "data": { "type": "members", "attributes": { "role": role } } })
}

fn pin_body(version: Value) -> Value {
    json!({ "data": { "type": "organizations", "attributes": { "apiVersion": version } } })
}

fn assert_error(response: &TestResponse, status: u16, code: &str) {
    assert_eq!(response.status, status, "{}", response.text);
    assert_eq!(response.error()["code"], code, "{}", response.text);
}

fn member_roles(response: &TestResponse) -> Vec<(String, String)> {
    let members = response.body["data"].as_array().unwrap_or_else(|| panic!("no members in {}", response.text));
    members.iter().map(|m| (m["id"].as_str().unwrap().to_owned(), m["attributes"]["role"].as_str().unwrap().to_owned())).collect()
}

#[tokio::test]
async fn an_organization_is_created_read_renamed_and_listed() {
    let app = TestApp::spawn().await;
    let created = call(&app, "POST", "/api/orgs", "founder", Some(organization_body("  Stargazers Ltd "))).await;
    assert_eq!(created.status, 201, "{}", created.text);
    let data = &created.body["data"];
    assert_eq!(data["type"], "organizations");
    let org_id = data["id"].as_str().unwrap().to_owned();
    let attributes = &data["attributes"];
    assert_eq!(attributes["name"], "Stargazers Ltd");
    assert_eq!(attributes["plan"], "free");
    assert_eq!(attributes["apiVersion"], Value::Null);
    assert_eq!(attributes["role"], "owner");
    assert!(attributes["createdAt"].as_str().unwrap().ends_with('Z'), "{}", created.text);

    // The founder belongs to this one organization only, so it is the current one.
    let current = call(&app, "GET", "/api/org", "founder", None).await;
    assert_eq!(current.status, 200, "{}", current.text);
    assert_eq!(current.body["data"], *data);
    let listed = call(&app, "GET", "/api/orgs", "founder", None).await;
    assert_eq!(listed.body["data"], json!([data]));

    let renamed = call(&app, "PATCH", "/api/org", "founder", Some(organization_body("Stargazers"))).await;
    assert_eq!(renamed.status, 200, "{}", renamed.text);
    assert_eq!(renamed.body["data"]["attributes"]["name"], "Stargazers");
    assert_eq!(call(&app, "GET", "/api/org", "founder", None).await.body["data"]["attributes"]["name"], "Stargazers");
    // An id in the body must be the organization's own.
    let body = json!({ "data": { "type": "organizations", "id": org_id, "attributes": { "name": "Same id" } } });
    assert_eq!(call(&app, "PATCH", "/api/org", "founder", Some(body)).await.status, 200);

    // The founder's profile comes from the token: a token without a name shows the email.
    let members = call(&app, "GET", "/api/org/members", "founder", None).await;
    let founder = &members.body["data"][0]["attributes"];
    assert_eq!((founder["userId"].as_str(), founder["email"].as_str()), (Some("founder"), Some("founder@example.test")));
    assert_eq!(founder["name"], "founder@example.test");
    assert_eq!(founder["role"], "owner");
    assert_eq!(founder["joinedAt"], attributes["createdAt"]);

    // Without a token nothing is created.
    let anonymous = call_with(&app, "POST", "/api/orgs", None, &[], Some(&organization_body("x"))).await;
    assert_error(&anonymous, 401, "missing_token");
}

#[tokio::test]
async fn organization_input_is_checked_field_by_field() {
    let app = TestApp::spawn().await;
    let cases = [
        (json!({ "data": { "type": "organizations", "attributes": { "name": "   " } } }), "/data/attributes/name"),
        (json!({ "data": { "type": "organizations", "attributes": { "name": "x".repeat(101) } } }), "/data/attributes/name"),
        (json!({ "data": { "type": "orgs", "attributes": { "name": "Fine" } } }), "/data/type"),
        (json!({ "data": { "type": "organizations", "id": "mine", "attributes": { "name": "Fine" } } }), "/data/id"),
        (json!({ "data": { "type": "organizations", "attributes": { "name": "Fine", "plan": "deluxe" } } }), "/data/attributes/plan"),
        (json!({ "data": { "type": "organizations", "attributes": {} } }), "/data/attributes/name"),
    ];
    for (body, pointer) in cases {
        let response = call(&app, "POST", "/api/orgs", "founder", Some(body.clone())).await;
        assert_eq!(response.status, 422, "{body}: {}", response.text);
        assert_eq!(response.pointers(), vec![pointer.to_owned()], "{body}");
    }
    assert!(call(&app, "GET", "/api/orgs", "founder", None).await.body["data"].as_array().unwrap().is_empty());
    let wrong_id = json!({ "data": { "type": "organizations", "id": "another", "attributes": { "name": "Fine" } } });
    let response = call(&app, "PATCH", "/api/org", OWNER, Some(wrong_id)).await;
    // JSON:API: another resource's id in a PATCH is a 409 Conflict.
    assert_eq!(response.status, 409, "{}", response.text);
    assert_eq!(response.body["errors"][0]["code"], "id_mismatch");
    assert_eq!(response.pointers(), vec!["/data/id".to_owned()], "{}", response.text);
}

#[tokio::test]
async fn a_member_of_several_organizations_names_the_one_meant() {
    let app = TestApp::spawn().await;
    let second = call(&app, "POST", "/api/orgs", OWNER, Some(organization_body("Second"))).await;
    let second_id = second.body["data"]["id"].as_str().unwrap().to_owned();

    let listed = call(&app, "GET", "/api/orgs", OWNER, None).await;
    let mut ids: Vec<&str> = listed.body["data"].as_array().unwrap().iter().map(|o| o["id"].as_str().unwrap()).collect();
    ids.sort_unstable();
    let mut expected = vec![app.organization_id.as_str(), second_id.as_str()];
    expected.sort_unstable();
    assert_eq!(ids, expected);

    assert_error(&call(&app, "GET", "/api/org", OWNER, None).await, 400, "organization_required");
    let token = token_for(&app, OWNER, "owner@localhost");
    let by_header = call_with(&app, "GET", "/api/org", Some(&token), &[("x-organization-id", &second_id)], None).await;
    assert_eq!(by_header.body["data"]["attributes"]["name"], "Second", "{}", by_header.text);
    // The query parameter is read leniently: other parameters do not disturb it.
    let path = format!("/api/org?organizationId={}&utm_source=mail", app.organization_id);
    let by_query = call_with(&app, "GET", &path, Some(&token), &[], None).await;
    assert_eq!(by_query.body["data"]["attributes"]["name"], "Local organization", "{}", by_query.text);
    // The header wins over the query parameter.
    let both = call_with(&app, "GET", &path, Some(&token), &[("x-organization-id", &second_id)], None).await;
    assert_eq!(both.body["data"]["id"], second_id.as_str());
}

#[tokio::test]
async fn another_organizations_ids_look_missing() {
    let app = TestApp::spawn().await;
    let theirs = call(&app, "POST", "/api/orgs", "outsider", Some(organization_body("Theirs"))).await;
    let their_org = theirs.body["data"]["id"].as_str().unwrap().to_owned();
    let token = token_for(&app, OWNER, "owner@localhost");
    let unknown = call_with(&app, "GET", "/api/org", Some(&token), &[("x-organization-id", "no-such-org")], None).await;
    assert_error(&unknown, 404, "not_found");
    let requests = [
        ("GET", "/api/org", None),
        ("PATCH", "/api/org", Some(organization_body("Mine now"))),
        ("GET", "/api/org/members", None),
        ("PATCH", "/api/org/members/outsider", Some(role_body("member"))),
        ("DELETE", "/api/org/members/outsider", None),
        ("GET", "/api/org/invitations", None),
        ("GET", "/api/org/api-version", None),
        ("PATCH", "/api/org/api-version", Some(pin_body(json!("2026-09-03")))),
    ];
    for (method, path, body) in &requests {
        let response = call_with(&app, method, path, Some(&token), &[("x-organization-id", &their_org)], body.as_ref()).await;
        assert_eq!((response.status, &response.body), (unknown.status, &unknown.body), "{method} {path}");
        let query = format!("{path}?organizationId={their_org}");
        assert_eq!(call_with(&app, method, &query, Some(&token), &[], body.as_ref()).await.status, 404, "{method} {query}");
    }
    // Their members are not ours to touch either, even in our own organization.
    assert_error(&call(&app, "DELETE", "/api/org/members/outsider", OWNER, None).await, 404, "not_found");
    assert_error(&call(&app, "PATCH", "/api/org/members/outsider", OWNER, Some(role_body("member"))).await, 404, "not_found");
    let untouched = call(&app, "GET", "/api/org", "outsider", None).await;
    assert_eq!(untouched.body["data"]["attributes"]["name"], "Theirs");
    assert_eq!(untouched.body["data"]["attributes"]["apiVersion"], Value::Null);
    // Someone in no organization at all has no current one.
    assert_error(&call(&app, "GET", "/api/org", "nobody", None).await, 404, "not_found");
}

#[tokio::test]
async fn members_are_listed_with_their_profiles_for_those_allowed() {
    let app = TestApp::spawn().await;
    join(&app, "manager-1", Role::Manager).await;
    join(&app, "member-1", Role::Member).await;
    let listed = call(&app, "GET", "/api/org/members", "manager-1", None).await;
    assert_eq!(listed.status, 200, "{}", listed.text);
    let mut roles = member_roles(&listed);
    roles.sort();
    assert_eq!(
        roles,
        [("local-owner".into(), "owner".into()), ("manager-1".into(), "manager".into()), ("member-1".into(), "member".into())]
    );
    let manager = listed.body["data"].as_array().unwrap().iter().find(|m| m["id"] == "manager-1").unwrap();
    assert_eq!(manager["type"], "members");
    let attributes = &manager["attributes"];
    assert_eq!(attributes["email"], "manager-1@example.test");
    assert_eq!(attributes["name"], "Name of manager-1");
    assert!(attributes["joinedAt"].is_string(), "{manager}");

    let refused = call(&app, "GET", "/api/org/members", "member-1", None).await;
    assert_error(&refused, 403, "insufficient_role");
    assert!(refused.error()["detail"].as_str().unwrap().contains("org:users:read"), "{}", refused.text);
    // Every member reads the organization itself, with their own role.
    let own = call(&app, "GET", "/api/org", "member-1", None).await;
    assert_eq!(own.body["data"]["attributes"]["role"], "member", "{}", own.text);
}

#[tokio::test]
async fn roles_change_under_the_owner_rules_and_apply_at_once() {
    let app = TestApp::spawn().await;
    join(&app, "manager-1", Role::Manager).await;
    join(&app, "member-1", Role::Member).await;
    join(&app, "member-2", Role::Member).await;

    // A manager may promote a member to manager; the new role applies to the next request.
    assert_error(&call(&app, "GET", "/api/org/members", "member-1", None).await, 403, "insufficient_role");
    let promoted = call(&app, "PATCH", "/api/org/members/member-1", "manager-1", Some(role_body("manager"))).await;
    assert_eq!(promoted.status, 200, "{}", promoted.text);
    assert_eq!(promoted.body["data"]["attributes"]["role"], "manager");
    assert!(promoted.body["data"]["attributes"]["joinedAt"].is_string());
    assert_eq!(call(&app, "GET", "/api/org/members", "member-1", None).await.status, 200);

    // Only an owner grants the owner role or touches an owner.
    for (method, path, body) in [
        ("PATCH", "/api/org/members/member-2", Some(role_body("owner"))),
        ("PATCH", "/api/org/members/local-owner", Some(role_body("manager"))),
        ("DELETE", "/api/org/members/local-owner", None),
    ] {
        assert_error(&call(&app, method, path, "manager-1", body).await, 403, "insufficient_role");
    }
    // A member changes no roles.
    let refused = call(&app, "PATCH", "/api/org/members/member-2", "member-2", Some(role_body("manager"))).await;
    assert_error(&refused, 403, "insufficient_role");
    assert!(refused.error()["detail"].as_str().unwrap().contains("org:users:update"));

    let made_owner = call(&app, "PATCH", "/api/org/members/manager-1", OWNER, Some(role_body("owner"))).await;
    assert_eq!(made_owner.body["data"]["attributes"]["role"], "owner", "{}", made_owner.text);
    // Now an owner, manager-1 may demote the other owner.
    let demoted = call(&app, "PATCH", "/api/org/members/local-owner", "manager-1", Some(role_body("member"))).await;
    assert_eq!(demoted.status, 200, "{}", demoted.text);
    assert_eq!(orgs::role_of(app.state.table.as_ref(), &app.organization_id, OWNER).await.unwrap(), Some(Role::Member));
    // The mirror under the user changed with it.
    let mirror = orgs::memberships_of(app.state.table.as_ref(), OWNER).await.unwrap();
    assert_eq!(mirror, [(app.organization_id.clone(), Role::Member)]);

    assert_error(&call(&app, "PATCH", "/api/org/members/nobody", "manager-1", Some(role_body("member"))).await, 404, "not_found");
    let bad = call(&app, "PATCH", "/api/org/members/member-2", "manager-1", Some(role_body("admin"))).await;
    assert_eq!(bad.status, 422);
    assert_eq!(bad.pointers(), ["/data/attributes/role"]);
    let wrong_type = json!({ "data": { "type": "users", "attributes": { "role": "member" } } });
    assert_eq!(call(&app, "PATCH", "/api/org/members/member-2", "manager-1", Some(wrong_type)).await.pointers(), ["/data/type"]);
}

#[tokio::test]
async fn the_last_owner_can_be_neither_demoted_nor_removed() {
    let app = TestApp::spawn().await;
    join(&app, "member-1", Role::Member).await;
    assert_error(&call(&app, "PATCH", "/api/org/members/local-owner", OWNER, Some(role_body("manager"))).await, 409, "last_owner");
    assert_error(&call(&app, "DELETE", "/api/org/members/local-owner", OWNER, None).await, 409, "last_owner");
    // Keeping the owner role is no change.
    assert_eq!(call(&app, "PATCH", "/api/org/members/local-owner", OWNER, Some(role_body("owner"))).await.status, 200);

    // With a second owner, either may step down, and then the other is the last.
    join(&app, "owner-2", Role::Owner).await;
    let stepped_down = call(&app, "PATCH", "/api/org/members/local-owner", OWNER, Some(role_body("manager"))).await;
    assert_eq!(stepped_down.status, 200, "{}", stepped_down.text);
    assert_error(&call(&app, "DELETE", "/api/org/members/owner-2", "owner-2", None).await, 409, "last_owner");
    assert_error(&call(&app, "PATCH", "/api/org/members/owner-2", "owner-2", Some(role_body("member"))).await, 409, "last_owner");
    // A founder of a new organization is its last owner too.
    call(&app, "POST", "/api/orgs", "founder", Some(organization_body("Solo"))).await;
    assert_error(&call(&app, "DELETE", "/api/org/members/founder", "founder", None).await, 409, "last_owner");
}

#[tokio::test]
async fn members_are_removed_and_may_leave() {
    let app = TestApp::spawn().await;
    let table = app.state.table.as_ref();
    join(&app, "manager-1", Role::Manager).await;
    join(&app, "member-1", Role::Member).await;
    join(&app, "member-2", Role::Member).await;

    // A member removes no one else...
    let refused = call(&app, "DELETE", "/api/org/members/member-2", "member-1", None).await;
    assert_error(&refused, 403, "insufficient_role");
    assert!(refused.error()["detail"].as_str().unwrap().contains("org:users:delete"));
    // ...but may leave.
    let left = call(&app, "DELETE", "/api/org/members/member-1", "member-1", None).await;
    assert_eq!(left.status, 204, "{}", left.text);
    assert!(left.text.is_empty());
    assert_error(&call(&app, "GET", "/api/org", "member-1", None).await, 404, "not_found");
    assert!(call(&app, "GET", "/api/orgs", "member-1", None).await.body["data"].as_array().unwrap().is_empty());

    // A manager removes a member: both the membership and its mirror go.
    assert_eq!(call(&app, "DELETE", "/api/org/members/member-2", "manager-1", None).await.status, 204);
    assert_eq!(orgs::role_of(table, &app.organization_id, "member-2").await.unwrap(), None);
    assert!(orgs::memberships_of(table, "member-2").await.unwrap().is_empty());
    assert_error(&call(&app, "DELETE", "/api/org/members/member-2", "manager-1", None).await, 404, "not_found");
    let mut remaining = member_roles(&call(&app, "GET", "/api/org/members", OWNER, None).await);
    remaining.sort();
    assert_eq!(remaining, [("local-owner".into(), "owner".into()), ("manager-1".into(), "manager".into())]);
    // The owner removes the manager.
    assert_eq!(call(&app, "DELETE", "/api/org/members/manager-1", OWNER, None).await.status, 204);
    assert_error(&call(&app, "GET", "/api/org/members", "manager-1", None).await, 404, "not_found");
}

fn pin_attributes(response: &TestResponse) -> &Value {
    assert_eq!(response.status, 200, "{}", response.text);
    assert_eq!(response.body["data"]["type"], "organizations");
    &response.body["data"]["attributes"]
}

#[tokio::test]
async fn the_version_pin_is_read_set_and_cleared() {
    let app = TestApp::spawn().await;
    join(&app, "member-1", Role::Member).await;
    let read = call(&app, "GET", "/api/org/api-version", OWNER, None).await;
    assert_eq!(read.body["data"]["id"], app.organization_id.as_str());
    assert_eq!(
        *pin_attributes(&read),
        json!({ "apiVersion": null, "effectiveApiVersion": "2026-01-01", "baselineApiVersion": "2026-01-01", "latestApiVersion": "2026-09-03" })
    );
    // Its output does not depend on the version: no X-Api-Version on the answer.
    assert!(read.headers.get("x-api-version").is_none());

    for (sent, effective) in
        [("2026-09-03", "2026-09-03"), ("2026-05-01", "2026-05-01"), ("2020-05-01", "2026-01-01"), ("2099-12-31", "2026-09-03")]
    {
        let set = call(&app, "PATCH", "/api/org/api-version", OWNER, Some(pin_body(json!(sent)))).await;
        let attributes = pin_attributes(&set);
        assert_eq!((attributes["apiVersion"].as_str(), attributes["effectiveApiVersion"].as_str()), (Some(sent), Some(effective)));
        // Stored as sent: read back, and in the organization resource.
        assert_eq!(pin_attributes(&call(&app, "GET", "/api/org/api-version", "member-1", None).await)["apiVersion"], sent);
        assert_eq!(call(&app, "GET", "/api/org", OWNER, None).await.body["data"]["attributes"]["apiVersion"], sent);
    }
    let cleared = call(&app, "PATCH", "/api/org/api-version", OWNER, Some(pin_body(Value::Null))).await;
    assert_eq!(pin_attributes(&cleared)["apiVersion"], Value::Null);
    assert_eq!(pin_attributes(&cleared)["effectiveApiVersion"], "2026-01-01");

    // Malformed values: the interface's own 400 body, and the pin is unchanged.
    call(&app, "PATCH", "/api/org/api-version", OWNER, Some(pin_body(json!("2026-05-01")))).await;
    for (sent, shown) in [
        (json!("2026-02-30"), "2026-02-30"),
        (json!("20260903"), "20260903"),
        (json!("2026-9-3"), "2026-9-3"),
        (json!(""), ""),
        (json!(20260903), "20260903"),
        (json!(true), "true"),
    ] {
        let response = call(&app, "PATCH", "/api/org/api-version", OWNER, Some(pin_body(sent.clone()))).await;
        assert_eq!(response.status, 400, "{sent}: {}", response.text);
        assert_eq!(response.body, json!({ "error": format!("invalid API version '{shown}': expected a date in YYYY-MM-DD format") }));
    }
    assert_eq!(pin_attributes(&call(&app, "GET", "/api/org/api-version", OWNER, None).await)["apiVersion"], "2026-05-01");

    // A body without the member is a field error, not a clearing.
    let missing =
        call(&app, "PATCH", "/api/org/api-version", OWNER, Some(json!({ "data": { "type": "organizations", "attributes": {} } }))).await;
    assert_error(&missing, 422, "missing_field");
    assert_eq!(missing.pointers(), ["/data/attributes/apiVersion"]);
    // Members read the pin but do not set it.
    let refused = call(&app, "PATCH", "/api/org/api-version", "member-1", Some(pin_body(json!("2026-09-03")))).await;
    assert_error(&refused, 403, "insufficient_role");
    assert!(refused.error()["detail"].as_str().unwrap().contains("org:update"));
}

fn week_of_transits() -> Value {
    json!({
        "birthDateTime": "1990-05-11T14:30",
        "birthLocation": { "latitude": 41.9028, "longitude": 12.4964, "timezone": "Europe/Rome" },
        "startDate": "2025-03-01",
        "endDate": "2025-03-07",
        "transitLocation": { "latitude": 51.5074, "longitude": -0.1278, "timezone": "Europe/London" }
    })
}

/// (grouped, the applied version) of a transit answer to a request without a version header.
async fn transit_shape(app: &TestApp) -> (bool, String) {
    let response = app.post("/api/calc/transit", &week_of_transits()).await;
    assert_eq!(response.status, 200, "{}", response.text);
    let aspects = response.body["data"]["aspects"].as_array().unwrap_or_else(|| panic!("{}", response.text));
    assert!(!aspects.is_empty());
    let grouped = aspects.iter().all(|a| a["occurrences"].is_array());
    assert!(grouped || aspects.iter().all(|a| a["exactAt"].is_array()), "{}", response.text);
    (grouped, response.headers["x-api-version"].to_str().unwrap().to_owned())
}

#[tokio::test]
async fn a_pin_set_through_the_api_changes_key_requests_at_once() {
    let app = TestApp::spawn().await;
    assert_eq!(transit_shape(&app).await, (false, "2026-01-01".to_owned()));
    let set = call(&app, "PATCH", "/api/org/api-version", OWNER, Some(pin_body(json!("2026-09-03")))).await;
    assert_eq!(set.status, 200, "{}", set.text);
    assert_eq!(transit_shape(&app).await, (true, "2026-09-03".to_owned()));
    // A header still wins over the pin.
    let with_header = app
        .post_raw("/api/calc/transit", &week_of_transits().to_string(), &[("x-api-key", &app.api_key), ("x-api-version", "2026-01-01")])
        .await;
    assert!(with_header.body["data"]["aspects"][0]["exactAt"].is_array(), "{}", with_header.text);
    call(&app, "PATCH", "/api/org/api-version", OWNER, Some(pin_body(Value::Null))).await;
    assert_eq!(transit_shape(&app).await, (false, "2026-01-01".to_owned()));
}

/// A key request with no bearer token, and extra headers.
async fn with_key(app: &TestApp, method: &str, path: &str, key: &str, headers: &[(&str, &str)], body: Option<&Value>) -> TestResponse {
    let mut all = vec![("x-api-key", key)];
    all.extend_from_slice(headers);
    call_with(app, method, path, None, &all, body).await
}

/// A key made by `user_id` in the bootstrap organization with these
/// attributes: the answer (201 with the secret, or the refusal).
async fn key_of(app: &TestApp, user_id: &str, attributes: Value) -> TestResponse {
    let mut all = json!({ "name": format!("key of {user_id}"), "organizationId": app.organization_id });
    all.as_object_mut().unwrap().extend(attributes.as_object().unwrap().clone());
    call(app, "POST", "/api/api-keys", user_id, Some(json!({ "data": { "type": "api-keys", "attributes": all } }))).await
}

fn secret_of(created: &TestResponse) -> String {
    assert_eq!(created.status, 201, "{}", created.text);
    created.body["data"]["key"].as_str().unwrap().to_owned()
}

/// The interface shows API keys as the way to call the API, the version pin
/// included: any key of the organization reads it, with its owner's role.
#[tokio::test]
async fn a_key_reads_the_pin_with_its_owners_role() {
    let app = TestApp::spawn().await;
    let read = with_key(&app, "GET", "/api/org/api-version", &app.api_key, &[], None).await;
    assert_eq!(read.status, 200, "{}", read.text);
    assert_eq!(read.body["data"]["id"], app.organization_id.as_str());
    join(&app, "member-1", Role::Member).await;
    let member_key = secret_of(&key_of(&app, "member-1", json!({})).await);
    assert_eq!(with_key(&app, "GET", "/api/org/api-version", &member_key, &[], None).await.status, 200);

    let unknown = with_key(&app, "GET", "/api/org/api-version", "ak_0123456789abcdefghijABCDEFGHIJ0123456789", &[], None).await;
    assert_error(&unknown, 401, "invalid_api_key");
}

/// The pin as stored, read by the owner.
async fn pinned(app: &TestApp) -> Value {
    pin_attributes(&call(app, "GET", "/api/org/api-version", OWNER, None).await)["apiVersion"].clone()
}

/// The pin changes the answers of every client of the organization, so a
/// key sets it only with the opt-in `api-version:write` (whose owner's role
/// holds `org:update`), and from its allowed sites.
#[tokio::test]
async fn only_a_key_with_api_version_write_sets_the_pin() {
    let app = TestApp::spawn().await;
    let pin = |version: &str| pin_body(json!(version));

    // The owner's bootstrap key holds the default permissions: not this one.
    let refused = with_key(&app, "PATCH", "/api/org/api-version", &app.api_key, &[], Some(&pin("2026-09-03"))).await;
    assert_error(&refused, 403, "permission_denied");
    assert!(refused.error()["detail"].as_str().unwrap().contains("api-version:write"), "{}", refused.text);
    assert_eq!(pinned(&app).await, Value::Null, "the pin is unchanged");
    // Nor does every permission but this one give it.
    let others = json!(["calc:read", "content:read", "chart:read", "modules:read", "keys:write"]);
    let wide = secret_of(&key_of(&app, OWNER, json!({ "permissions": others })).await);
    assert_error(&with_key(&app, "PATCH", "/api/org/api-version", &wide, &[], Some(&pin("2026-09-03"))).await, 403, "permission_denied");

    // Named, it sets the pin; from its allowed sites only.
    let setter = key_of(&app, OWNER, json!({ "permissions": ["api-version:write"], "allowedDomains": ["dash.example.com"] })).await;
    assert_eq!(setter.body["data"]["permissions"], json!(["api-version:write"]), "{}", setter.text);
    let setter = secret_of(&setter);
    let from = |site: &'static str| [("origin", site)];
    let nowhere = with_key(&app, "PATCH", "/api/org/api-version", &setter, &[], Some(&pin("2026-09-03"))).await;
    assert_error(&nowhere, 403, "domain_not_allowed");
    let elsewhere = with_key(&app, "PATCH", "/api/org/api-version", &setter, &from("https://evil.test"), Some(&pin("2026-09-03"))).await;
    assert_error(&elsewhere, 403, "domain_not_allowed");
    assert_eq!(pinned(&app).await, Value::Null, "the pin is unchanged");
    let set = with_key(&app, "PATCH", "/api/org/api-version", &setter, &from("https://dash.example.com"), Some(&pin("2026-09-03"))).await;
    assert_eq!(pin_attributes(&set)["effectiveApiVersion"], "2026-09-03");
    assert_eq!(pinned(&app).await, "2026-09-03");

    // A member's role lacks org:update, so no member's key may hold it.
    join(&app, "member-1", Role::Member).await;
    assert_error(&key_of(&app, "member-1", json!({ "permissions": ["api-version:write"] })).await, 403, "permission_exceeds_role");
    // A manager's key may, until the manager is made a member.
    join(&app, "manager-1", Role::Manager).await;
    let manager_key = secret_of(&key_of(&app, "manager-1", json!({ "permissions": ["api-version:write"] })).await);
    let by_manager = with_key(&app, "PATCH", "/api/org/api-version", &manager_key, &[], Some(&pin("2026-05-01"))).await;
    assert_eq!(pin_attributes(&by_manager)["apiVersion"], "2026-05-01");
    assert_eq!(call(&app, "PATCH", "/api/org/members/manager-1", OWNER, Some(role_body("member"))).await.status, 200);
    let demoted = with_key(&app, "PATCH", "/api/org/api-version", &manager_key, &[], Some(&pin("2026-09-03"))).await;
    assert_error(&demoted, 403, "permission_denied");
    assert_eq!(pinned(&app).await, "2026-05-01");
}

/// `data.id` may be left out, but `null` names no resource: a 422 on
/// `/data/id` (the document declares it a string), not an unnamed edit.
#[tokio::test]
async fn a_null_data_id_is_refused() {
    let app = TestApp::spawn().await;
    let members_path = format!("/api/org/members/{OWNER}");
    let cases = [
        ("POST", "/api/orgs", json!({ "data": { "type": "organizations", "id": null, "attributes": { "name": "Fine" } } })),
        ("PATCH", "/api/org", json!({ "data": { "type": "organizations", "id": null, "attributes": { "name": "Renamed" } } })),
        (
            "PATCH",
            "/api/org/api-version",
            json!({ "data": { "type": "organizations", "id": null, "attributes": { "apiVersion": "2026-09-03" } } }),
        ),
        ("PATCH", &members_path, json!({ "data": { "type": "members", "id": null, "attributes": { "role": "owner" } } })),
        (
            "POST",
            "/api/org/invitations",
            json!({ "data": { "type": "invitations", "id": null, "attributes": { "email": "a@example.test", "role": "member" } } }),
        ),
    ];
    for (method, path, body) in cases {
        let response = call(&app, method, path, OWNER, Some(body)).await;
        assert_eq!(response.status, 422, "{method} {path}: {}", response.text);
        assert_eq!(response.pointers(), vec!["/data/id".to_owned()], "{method} {path}: {}", response.text);
    }
    // Nothing was changed or created.
    let org = call(&app, "GET", "/api/org", OWNER, None).await;
    assert_ne!(org.body["data"]["attributes"]["name"], "Renamed", "{}", org.text);
    let invitations = call(&app, "GET", "/api/org/invitations", OWNER, None).await;
    assert_eq!(invitations.body["data"], json!([]), "{}", invitations.text);
}
