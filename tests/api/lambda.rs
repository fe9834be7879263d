//! The same router behind the Lambda adapter: an API Gateway HTTP API
//! (payload v2) event in, a response out.

use axum::body::Body;
use http_body_util::BodyExt;
use tower::ServiceExt;

use crate::support::{TestApp, rome_1990};

#[tokio::test]
async fn an_api_gateway_v2_event_reaches_the_calc_family() {
    let app = TestApp::spawn().await;
    let event = serde_json::json!({
        "version": "2.0",
        "routeKey": "POST /api/calc/natal",
        "rawPath": "/api/calc/natal",
        "rawQueryString": "",
        "headers": { "content-type": "application/json", "x-api-key": app.api_key, "host": "abc123.execute-api.eu-west-1.amazonaws.com" },
        "requestContext": {
            "accountId": "123456789012", "apiId": "abc123", "domainName": "abc123.execute-api.eu-west-1.amazonaws.com",
            "domainPrefix": "abc123", "requestId": "req-1", "routeKey": "POST /api/calc/natal", "stage": "$default",
            "time": "11/May/2026:12:00:00 +0000", "timeEpoch": 1778500800000u64,
            "http": { "method": "POST", "path": "/api/calc/natal", "protocol": "HTTP/1.1", "sourceIp": "203.0.113.7", "userAgent": "test" }
        },
        "body": rome_1990().to_string(),
        "isBase64Encoded": false
    });
    let request = lambda_http::request::from_str(&event.to_string()).expect("a valid v2 event");
    let (parts, body) = request.into_parts();
    let request = axum::http::Request::from_parts(parts, Body::from(body.to_vec()));
    // The calc Lambda's own router, as its main() builds it.
    let family = shared::http::finish(calc::router(&app.state), app.state.clone());
    let response = family.oneshot(request).await.unwrap();
    assert_eq!(response.status(), 200);
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    let body: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
    assert_eq!(body["data"]["points"]["sun"]["sign"], "taurus");
}
