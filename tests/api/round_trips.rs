//! DynamoDB calls per keyed request (issue 12): on Lambda every call is a
//! network round trip, so a keyed request makes at most two once its
//! container knows the key: one batched read (key, organization, the
//! owner's membership, the keys above) and one write charging every
//! counter. Counted by a proxy between the service and moto, on DynamoDB's
//! wire.

use std::time::Duration;

use super::dynamo_proxy::DynamoProxy;
use super::orgs::{OWNER, call};
use super::support::{TestApp, rome_1990};

async fn app_behind_proxy(test: &str) -> Option<(TestApp, DynamoProxy)> {
    let moto = super::moto::endpoint(test)?;
    let proxy = DynamoProxy::start(&moto, Duration::ZERO).await;
    let app = TestApp::spawn_on_dynamodb(&proxy.endpoint).await;
    proxy.take_calls();
    Some((app, proxy))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_keyed_request_makes_two_dynamodb_calls_once_the_key_is_known() {
    let Some((app, proxy)) = app_behind_proxy("a_keyed_request_makes_two_dynamodb_calls_once_the_key_is_known").await else { return };

    // The first request of a container also reads the key's hash pointer.
    let first = app.post("/api/calc/natal", &rome_1990()).await;
    assert_eq!(first.status, 200, "{}", first.text);
    assert_eq!(proxy.take_calls(), ["GetItem", "BatchGetItem", "TransactWriteItems"]);

    for _ in 0..3 {
        let again = app.post("/api/calc/natal", &rome_1990()).await;
        assert_eq!(again.status, 200, "{}", again.text);
        assert_eq!(proxy.take_calls(), ["BatchGetItem", "TransactWriteItems"]);
    }

    // A rate-limited key charges three counters (its minute, the month's
    // total, its own month), still in one write.
    let limited = app.create_key(serde_json::json!({ "rateLimitPerMinute": 100 })).await;
    proxy.take_calls();
    for expected_reads in [&["GetItem", "BatchGetItem"][..], &["BatchGetItem"][..]] {
        let response = app.post_raw("/api/calc/natal", &rome_1990().to_string(), &[("x-api-key", &limited)]).await;
        assert_eq!(response.status, 200, "{}", response.text);
        let calls = proxy.take_calls();
        assert_eq!(calls[..calls.len() - 1], *expected_reads);
        assert_eq!(calls.last().map(String::as_str), Some("TransactWriteItems"));
    }

    // Every request was charged exactly once: four of the bootstrap key, two of the other.
    let usage = call(&app, "GET", "/api/org/usage", OWNER, None).await;
    assert_eq!(usage.status, 200, "{}", usage.text);
    assert_eq!(usage.body["data"]["attributes"]["used"], 6, "{}", usage.text);
}

async fn natal(app: &TestApp, key: &str) -> super::support::TestResponse {
    app.post_raw("/api/calc/natal", &rome_1990().to_string(), &[("x-api-key", key)]).await
}

/// What the process keeps of a key never makes a revocation late: the next
/// request after it is refused.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_revoked_key_is_refused_at_once_on_a_warm_container() {
    let Some((app, _proxy)) = app_behind_proxy("a_revoked_key_is_refused_at_once_on_a_warm_container").await else { return };
    let key = app.create_key(serde_json::json!({})).await;
    assert_eq!(natal(&app, &key).await.status, 200);

    let keys = call(&app, "GET", "/api/api-keys", OWNER, None).await;
    let id = keys.body["data"]
        .as_array()
        .and_then(|all| all.iter().find(|k| k["name"] == "test key"))
        .and_then(|k| k["id"].as_str())
        .unwrap_or_else(|| panic!("the new key is listed: {}", keys.text))
        .to_owned();
    let revoked = call(&app, "DELETE", &format!("/api/api-keys/{id}"), OWNER, None).await;
    assert!(revoked.status.is_success(), "{}", revoked.text);

    let refused = natal(&app, &key).await;
    assert_eq!(refused.status, 401, "{}", refused.text);
    assert_eq!(refused.error()["code"], "revoked_api_key");
}

/// A widget's calculation (no key): its copy and its organization read once
/// for the CORS answer and the handler together, and one write charging its
/// counters. Its preflight reads the same two items.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_widget_calculation_makes_three_dynamodb_calls() {
    let Some((app, proxy)) = app_behind_proxy("a_widget_calculation_makes_three_dynamodb_calls").await else { return };
    let body = serde_json::json!({ "data": { "type": "widgets", "attributes": { "name": "w", "allowedDomains": ["shop.example.com"] } } });
    let created = call(&app, "POST", "/api/widgets", OWNER, Some(body)).await;
    assert_eq!(created.status, 201, "{}", created.text);
    let id = created.body["data"]["id"].as_str().unwrap().to_owned();
    let path = format!("/api/widget-api/transit/{id}");
    let request = serde_json::json!({ "birthData": { "dateTime": "1990-05-11T14:30", "latitude": 41.9, "longitude": 12.5, "timezone": "Europe/Rome" } });
    proxy.take_calls();
    let preflight = axum::http::Request::options(&path)
        .header("origin", "https://shop.example.com")
        .header("access-control-request-method", "POST")
        .body(axum::body::Body::empty())
        .unwrap();
    let answer = app.send(preflight).await;
    assert_eq!(answer.headers["access-control-allow-origin"], "https://shop.example.com");
    assert_eq!(proxy.take_calls(), ["GetItem", "GetItem"]);
    for _ in 0..2 {
        let answer = app.post_raw(&path, &request.to_string(), &[("origin", "https://shop.example.com")]).await;
        assert_eq!(answer.status, 200, "{}", answer.text);
        assert_eq!(proxy.take_calls(), ["GetItem", "GetItem", "TransactWriteItems"]);
    }
}
