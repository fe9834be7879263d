//! What an organization has used (owners and managers), what a key may
//! reach of the plan (GET /api/modules), and keys of members who leave.

use axum::body::Body;
use axum::http::Request;
use serde_json::json;
use shared::auth::{Plan, Role};

use crate::orgs::{OWNER, call, join};
use crate::support::{TestApp, TestResponse};

async fn modules(app: &TestApp, key: &str, headers: &[(&str, &str)]) -> TestResponse {
    let mut request = Request::get("/api/modules").header("x-api-key", key);
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    app.send(request.body(Body::empty()).unwrap()).await
}

async fn life_path(app: &TestApp, key: &str) -> TestResponse {
    app.post_raw("/api/numerology/life-path", &json!({ "dateTime": "1990-05-11" }).to_string(), &[("x-api-key", key)]).await
}

#[tokio::test]
async fn modules_show_the_plan_and_the_keys_restriction_without_version_headers() {
    let app = TestApp::spawn().await;
    app.set_plan(Plan::Basic).await;
    let unrestricted = modules(&app, &app.api_key, &[]).await;
    assert_eq!(unrestricted.status, 200, "{}", unrestricted.text);
    let attributes = &unrestricted.body["data"]["attributes"];
    assert_eq!(attributes["plan"], "basic");
    assert_eq!(attributes["planModules"], json!(["numerology", "content", "chinese", "widgets", "vedic"]));
    assert_eq!(attributes["keyModules"], json!(null));
    assert_eq!(attributes["availableModules"], attributes["planModules"]);
    let chat = attributes["modules"].as_array().unwrap().iter().find(|m| m["id"] == "chat").unwrap();
    assert_eq!(chat, &json!({ "id": "chat", "inPlan": false, "allowedForKey": true, "available": false }));
    assert!(
        unrestricted.headers.get("x-api-version").is_none()
            && unrestricted.headers.get("vary").is_none_or(|v| !v.to_str().unwrap().contains("X-Api-Version"))
    );

    let restricted = app.create_key(json!({ "modules": ["numerology", "chat"] })).await;
    let attributes = modules(&app, &restricted, &[]).await.body["data"]["attributes"].clone();
    assert_eq!(attributes["keyModules"], json!(["numerology", "chat"]));
    assert_eq!(attributes["availableModules"], json!(["numerology"]));

    // The same answer whatever the date sent; the sent date is only echoed.
    let dated = modules(&app, &app.api_key, &[("x-api-version", "2026-09-03")]).await;
    assert_eq!(dated.body, unrestricted.body);

    let without = app.create_key(json!({ "permissions": ["calc:read"] })).await;
    let refused = modules(&app, &without, &[]).await;
    assert_eq!(refused.status, 403);
    assert_eq!(refused.error()["code"], "permission_denied");
}

#[tokio::test]
async fn usage_counts_every_request_per_key_for_owners_and_managers() {
    let app = TestApp::spawn().await;
    let second = app.create_key(json!({ "name": "second" })).await;
    for _ in 0..3 {
        assert_eq!(life_path(&app, &app.api_key).await.status, 200);
    }
    for _ in 0..2 {
        assert_eq!(life_path(&app, &second).await.status, 200);
    }
    // Refused requests cost nothing.
    let limited = app.create_key(json!({ "name": "limited", "rateLimitPerMinute": 1 })).await;
    let statuses: Vec<u16> = [life_path(&app, &limited).await.status.as_u16(), life_path(&app, &limited).await.status.as_u16()].into();
    assert!(statuses == [200, 429] || statuses == [200, 200], "{statuses:?}"); // [200, 200] only across a minute boundary
    let limited_used = statuses.iter().filter(|s| **s == 200).count() as i64;

    join(&app, "manager-1", Role::Manager).await;
    join(&app, "member-1", Role::Member).await;
    for user in [OWNER, "manager-1"] {
        let usage = call(&app, "GET", "/api/org/usage", user, None).await;
        assert_eq!(usage.status, 200, "{}", usage.text);
        let attributes = &usage.body["data"]["attributes"];
        assert_eq!(attributes["used"], 5 + limited_used);
        assert_eq!(attributes["plan"], "deluxe");
        assert_eq!(attributes["quota"], Plan::Deluxe.monthly_quota());
        assert_eq!(attributes["remaining"], Plan::Deluxe.monthly_quota() - 5 - limited_used);
        let mut per_key: Vec<(String, i64)> = attributes["keys"]
            .as_array()
            .unwrap()
            .iter()
            .map(|k| (k["name"].as_str().unwrap().to_owned(), k["used"].as_i64().unwrap()))
            .collect();
        per_key.sort();
        assert_eq!(per_key, [("Bootstrap key".to_owned(), 3), ("limited".to_owned(), limited_used), ("second".to_owned(), 2)]);
    }
    let member = call(&app, "GET", "/api/org/usage", "member-1", None).await;
    assert_eq!(member.status, 403);
    assert_eq!(member.error()["code"], "insufficient_role");

    let past = call(&app, "GET", "/api/org/usage?month=2020-01", OWNER, None).await;
    assert_eq!(past.body["data"]["attributes"]["used"], 0);
    for bad in ["2026-13", "2026-1", "november"] {
        let response = call(&app, "GET", &format!("/api/org/usage?month={bad}"), OWNER, None).await;
        assert_eq!(response.status, 400, "{bad}");
        assert_eq!(response.error()["code"], "invalid_parameter");
    }
}

#[tokio::test]
async fn a_member_who_leaves_takes_no_working_key_along() {
    let app = TestApp::spawn().await;
    join(&app, "member-1", Role::Member).await;
    let body = json!({ "data": { "type": "api-keys", "attributes": { "name": "mine", "organizationId": app.organization_id } } });
    let created = call(&app, "POST", "/api/api-keys", "member-1", Some(body)).await;
    let secret = created.body["data"]["key"].as_str().unwrap().to_owned();
    assert_eq!(life_path(&app, &secret).await.status, 200);

    let removed = call(&app, "DELETE", "/api/org/members/member-1", OWNER, None).await;
    assert_eq!(removed.status, 204, "{}", removed.text);
    let refused = life_path(&app, &secret).await;
    assert_eq!(refused.status, 401);
    assert_eq!(refused.error()["code"], "revoked_api_key");
    // The owner's own key is untouched.
    assert_eq!(life_path(&app, &app.api_key).await.status, 200);
}

/// Even without the revocation that removal performs, a key whose owner is
/// no longer a member authenticates as nothing.
#[tokio::test]
async fn a_key_whose_owner_is_no_member_is_refused() {
    let app = TestApp::spawn().await;
    join(&app, "member-1", Role::Member).await;
    let body = json!({ "data": { "type": "api-keys", "attributes": { "name": "mine", "organizationId": app.organization_id } } });
    let secret = call(&app, "POST", "/api/api-keys", "member-1", Some(body)).await.body["data"]["key"].as_str().unwrap().to_owned();
    assert_eq!(life_path(&app, &secret).await.status, 200);
    // The membership goes, the key record stays unrevoked.
    let org = format!("ORG#{}", app.organization_id);
    let gone = vec![
        shared::store::WriteOp::Delete { pk: org, sk: "MEMBER#member-1".into(), condition: shared::store::Condition::MustExist },
        shared::store::WriteOp::Delete {
            pk: "USER#member-1".into(),
            sk: format!("ORG#{}", app.organization_id),
            condition: shared::store::Condition::MustExist,
        },
    ];
    app.state.table.write(gone).await.unwrap();
    let refused = life_path(&app, &secret).await;
    assert_eq!(refused.status, 401);
    assert_eq!(refused.error()["code"], "revoked_api_key");
}

#[tokio::test]
async fn dashboard_lists_accept_the_version_query_and_cors_allows_the_organization_header() {
    let app = TestApp::spawn().await;
    let listed =
        call(&app, "GET", &format!("/api/api-keys?organizationId={}&api_version=2026-09-03", app.organization_id), OWNER, None).await;
    assert_eq!(listed.status, 200, "{}", listed.text);
    let preflight = Request::builder()
        .method("OPTIONS")
        .uri("/api/org/members")
        .header("origin", "https://dashboard.example.com")
        .header("access-control-request-method", "GET")
        .header("access-control-request-headers", "authorization,x-organization-id")
        .body(Body::empty())
        .unwrap();
    let response = app.send(preflight).await;
    let allowed = response.headers["access-control-allow-headers"].to_str().unwrap().to_ascii_lowercase();
    assert!(allowed.contains("x-organization-id"), "{allowed}");
}
