use serde_json::{Value, json};

use crate::support::{TestApp, rome_1990};

async fn expect_422(app: &TestApp, body: Value, pointer: &str) -> Value {
    let response = app.post("/api/calc/natal", &body).await;
    assert_eq!(response.status, 422, "{body} -> {}", response.text);
    assert_eq!(response.headers["content-type"], "application/vnd.api+json");
    assert!(response.pointers().contains(&pointer.to_owned()), "{pointer} not in {}", response.text);
    let error = response.error().clone();
    assert_eq!(error["status"], "422");
    assert!(error["code"].is_string() && error["title"].is_string() && error["detail"].is_string());
    error
}

#[tokio::test]
async fn malformed_json_is_a_400() {
    let app = TestApp::spawn().await;
    let trailing = format!("{} {{}}", rome_1990());
    for raw in ["{\"dateTime\": ", "not json", "", "   ", trailing.as_str()] {
        let response = app.post_raw("/api/calc/natal", raw, &[("x-api-key", &app.api_key)]).await;
        assert_eq!(response.status, 400, "{raw:?}: {}", response.text);
        assert_eq!(response.error()["code"], "malformed_json");
    }
}

#[tokio::test]
async fn each_bad_field_is_named_by_its_pointer() {
    let app = TestApp::spawn().await;
    let mut body = rome_1990();
    body["location"]["latitude"] = json!("north");
    let error = expect_422(&app, body, "/location/latitude").await;
    assert_eq!(error["detail"], "expected a number, got a string");

    let mut body = rome_1990();
    body["location"]["latitude"] = json!(91.5);
    expect_422(&app, body, "/location/latitude").await;
    let mut body = rome_1990();
    body["location"]["longitude"] = json!(-180.01);
    expect_422(&app, body, "/location/longitude").await;

    let mut body = rome_1990();
    body["location"]["timezone"] = json!("Europe/Atlantis");
    expect_422(&app, body, "/location/timezone").await;

    // A location is an object: an array is not read field by field.
    let mut body = rome_1990();
    body["location"] = json!(["Rome, IT", null, null, null]);
    let error = expect_422(&app, body, "/location").await;
    assert!(error["detail"].as_str().unwrap().contains("object"), "{error}");

    let mut body = rome_1990();
    body["houseSystem"] = json!("vedic");
    let error = expect_422(&app, body, "/houseSystem").await;
    assert!(error["detail"].as_str().unwrap().contains("whole_sign"), "lists the valid systems");

    let mut body = rome_1990();
    body["points"] = json!(["sun", "planet_x"]);
    expect_422(&app, body, "/points/1").await;

    let mut body = rome_1990();
    body["orbs"] = json!({"trine": -1});
    expect_422(&app, body, "/orbs/trine").await;
    let mut body = rome_1990();
    body["orbs"] = json!({"golden_ratio": 2});
    expect_422(&app, body, "/orbs/golden_ratio").await;

    let mut body = rome_1990();
    body["moonCenter"] = json!("selenocentric");
    expect_422(&app, body, "/moonCenter").await;

    let mut body = rome_1990();
    body["language"] = json!("tlh");
    let error = expect_422(&app, body, "/language").await;
    assert!(error["detail"].as_str().unwrap().contains("en"));

    let mut body = rome_1990();
    body["dateTime"] = json!("11/05/1990 14:30");
    expect_422(&app, body, "/dateTime").await;

    let mut body = rome_1990();
    body.as_object_mut().unwrap().remove("dateTime");
    let error = expect_422(&app, body, "/dateTime").await;
    assert_eq!(error["code"], "missing_field");

    // Without a zone the zone at the coordinates is used (issue 17); without
    // coordinates or a place name the location is refused.
    let mut body = rome_1990();
    body["location"].as_object_mut().unwrap().remove("latitude");
    expect_422(&app, body, "/location/latitude").await;

    let mut body = rome_1990();
    body["includeText"] = json!("yes");
    expect_422(&app, body, "/includeText").await;

    let mut body = rome_1990();
    body["housesystem"] = json!("koch");
    expect_422(&app, body, "/housesystem").await;
}

#[tokio::test]
async fn several_bad_fields_are_reported_together() {
    let app = TestApp::spawn().await;
    let body = json!({"dateTime": "1990-05-11T14:30", "location": {"latitude": 100, "longitude": 200, "timezone": "Nowhere/City"}, "houseSystem": "x"});
    let response = app.post("/api/calc/natal", &body).await;
    assert_eq!(response.status, 422);
    let mut pointers = response.pointers();
    pointers.sort();
    assert_eq!(pointers, ["/houseSystem", "/location/latitude", "/location/longitude", "/location/timezone"]);
}

#[tokio::test]
async fn keys_are_required_and_checked() {
    let app = TestApp::spawn().await;
    let body = rome_1990().to_string();
    let missing = app.post_raw("/api/calc/natal", &body, &[]).await;
    assert_eq!(missing.status, 401);
    assert_eq!(missing.error()["code"], "missing_api_key");
    let unknown = app.post_raw("/api/calc/natal", &body, &[("x-api-key", "ak_0000000000000000000000000000000000000000")]).await;
    assert_eq!(unknown.status, 401);
    assert_eq!(unknown.error()["code"], "invalid_api_key");
    let garbage = app.post_raw("/api/calc/natal", &body, &[("x-api-key", "hello")]).await;
    assert_eq!(garbage.status, 401);
    assert!(!garbage.text.contains("hello"), "the presented key is not echoed");
}

#[tokio::test]
async fn bodies_past_the_limit_are_a_413() {
    let app = TestApp::spawn().await;
    let mut body = rome_1990();
    body["points"] = json!(vec!["sun"; 20_000]);
    let response = app.post("/api/calc/natal", &body).await;
    assert_eq!(response.status, 413, "{}", &response.text[..response.text.len().min(300)]);
    assert_eq!(response.error()["code"], "payload_too_large");
}

#[tokio::test]
async fn unknown_paths_and_methods() {
    let app = TestApp::spawn().await;
    let response = app.post("/api/calc/horoscope-of-the-day", &rome_1990()).await;
    assert_eq!(response.status, 404);
    assert_eq!(response.error()["code"], "not_found");
    let response = app
        .send(axum::http::Request::get("/api/calc/natal").header("x-api-key", &app.api_key).body(axum::body::Body::empty()).unwrap())
        .await;
    assert_eq!(response.status, 405);
    assert_eq!(response.error()["code"], "method_not_allowed");
}

/// Mutated bodies never crash the handler: every answer is a 2xx or a 4xx.
#[tokio::test]
async fn nothing_panics_on_input() {
    let app = TestApp::spawn().await;
    let replacements = [
        json!(null),
        json!(-1e308),
        json!(1e308),
        json!(""),
        json!("\u{0}"),
        json!([]),
        json!({}),
        json!(true),
        json!(0),
        json!("9999-99-99T99:99"),
        json!("+99:99"),
        json!(-0.0),
    ];
    let paths: [&[&str]; 9] = [
        &["dateTime"],
        &["location"],
        &["location", "latitude"],
        &["location", "longitude"],
        &["location", "timezone"],
        &["houseSystem"],
        &["points"],
        &["orbs"],
        &["moonCenter"],
    ];
    for path in paths {
        for replacement in &replacements {
            let mut body = rome_1990();
            let mut target = &mut body;
            for key in &path[..path.len() - 1] {
                target = &mut target[*key];
            }
            target[path[path.len() - 1]] = replacement.clone();
            let response = app.post("/api/calc/natal", &body).await;
            assert!(response.status.is_success() || response.status.is_client_error(), "{body} -> {} {}", response.status, response.text);
        }
    }
    for extreme in [
        json!("0001-01-01T00:00"),
        json!("9999-12-31T23:59:59.999"),
        json!("1990-05-11T14:30:00+14:00"),
        json!("2999-12-31T23:59:59-12:00"),
    ] {
        let mut body = rome_1990();
        body["dateTime"] = extreme.clone();
        let response = app.post("/api/calc/natal", &body).await;
        assert!(response.status == 200 || response.status == 422, "{extreme}: {}", response.text);
    }
}
