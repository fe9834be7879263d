//! GET /api/widget-api/places/{widgetId}: a widget's birth-place
//! suggestions, asked from a visitor's browser without a key. The widget's
//! sites, enabled flag and plan decide as on its transit route; the answer
//! is `GET /api/places`'s; a look-up costs no quota unit and is limited per
//! visitor in a window of its own.

use axum::body::Body;
use axum::http::Request;
use serde_json::{Value, json};
use shared::auth::Plan;
use shared::metering::{self, WIDGET_CLIENT_PLACE_LOOKUPS_PER_MINUTE, WIDGET_CLIENT_REQUESTS_PER_MINUTE};

use crate::orgs::{OWNER, call};
use crate::support::{TestApp, TestResponse};

const SHOP: &str = "https://shop.example.com";

async fn widget(app: &TestApp, attributes: Value) -> String {
    let created = call(app, "POST", "/api/widgets", OWNER, Some(json!({ "data": { "type": "widgets", "attributes": attributes } }))).await;
    assert_eq!(created.status, 201, "{}", created.text);
    created.body["data"]["id"].as_str().unwrap().to_owned()
}

/// A look-up from the connection peer `peer` with `headers`.
async fn look_up(app: &TestApp, id: &str, query: &str, peer: &str, headers: &[(&str, &str)]) -> TestResponse {
    let mut request = Request::get(format!("/api/widget-api/places/{id}?{query}"));
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    let mut request = request.body(Body::empty()).unwrap();
    let peer: std::net::SocketAddr = format!("{peer}:40000").parse().unwrap();
    request.extensions_mut().insert(axum::extract::ConnectInfo(peer));
    app.send(request).await
}

fn transit_body() -> Value {
    json!({
        "birthData": { "dateTime": "1990-05-11T14:30", "latitude": 41.9028, "longitude": 12.4964, "timezone": "Europe/Rome" },
        "transitDateTime": "2026-11-26T12:00",
    })
}

fn code(response: &TestResponse) -> &str {
    response.body["errors"][0]["code"].as_str().unwrap_or_default()
}

#[tokio::test]
async fn an_allowed_site_gets_the_places_the_keyed_route_answers() {
    let app = TestApp::spawn().await;
    let id = widget(&app, json!({ "name": "Shop", "allowedDomains": ["shop.example.com"] })).await;
    let answer = look_up(&app, &id, "query=Rom&limit=5", "198.51.100.1", &[("origin", SHOP)]).await;
    assert_eq!(answer.status, 200, "{}", answer.text);
    assert_eq!(answer.headers["access-control-allow-origin"], SHOP);
    assert_eq!(answer.headers["cache-control"], "private, max-age=300");
    let keyed =
        app.send(Request::get("/api/places?query=Rom&limit=5").header("x-api-key", &app.api_key).body(Body::empty()).unwrap()).await;
    assert_eq!(keyed.status, 200, "{}", keyed.text);
    assert_eq!(answer.body["data"], keyed.body["data"], "the same places, in the same order");
    let first = &answer.body["data"][0]["attributes"];
    assert_eq!((first["label"].as_str(), first["timezone"].as_str()), (Some("Rome, Lazio, IT"), Some("Europe/Rome")), "{first}");
    // Bad parameters point at their name.
    let missing = look_up(&app, &id, "limit=5", "198.51.100.1", &[("origin", SHOP)]).await;
    assert_eq!(
        (missing.status.as_u16(), missing.body["errors"][0]["source"]["parameter"].as_str()),
        (422, Some("query")),
        "{}",
        missing.text
    );
    let too_many = look_up(&app, &id, "query=Rom&limit=500", "198.51.100.1", &[("origin", SHOP)]).await;
    assert_eq!((too_many.status.as_u16(), too_many.body["errors"][0]["source"]["parameter"].as_str()), (422, Some("limit")));
}

#[tokio::test]
async fn foreign_sites_disabled_widgets_and_lapsed_plans_are_refused_as_on_the_transit_route() {
    let app = TestApp::spawn().await;
    let id = widget(&app, json!({ "name": "Shop", "allowedDomains": ["shop.example.com"] })).await;
    let peer = "198.51.100.1";
    let foreign = look_up(&app, &id, "query=Rom", peer, &[("origin", "https://copycat.test")]).await;
    assert_eq!((foreign.status.as_u16(), code(&foreign)), (403, "domain_not_allowed"), "{}", foreign.text);
    assert!(!foreign.headers.contains_key("access-control-allow-origin"), "no other site reads the answer");
    let bare = look_up(&app, &id, "query=Rom", peer, &[]).await;
    assert_eq!((bare.status.as_u16(), code(&bare)), (403, "domain_not_allowed"), "{}", bare.text);
    let unknown = look_up(&app, "0190f5c2-0000-7000-8000-000000000000", "query=Rom", peer, &[("origin", SHOP)]).await;
    assert_eq!((unknown.status.as_u16(), code(&unknown)), (404, "widget_not_found"), "{}", unknown.text);

    crate::widget_api::switch_off(&app, &id).await;
    let disabled = look_up(&app, &id, "query=Rom", peer, &[("origin", SHOP)]).await;
    assert_eq!((disabled.status.as_u16(), code(&disabled)), (403, "widget_disabled"), "{}", disabled.text);

    let open = widget(&app, json!({ "name": "Open", "allowedDomains": ["*"] })).await;
    assert_eq!(look_up(&app, &open, "query=Rom", peer, &[]).await.status, 200);
    app.set_plan(Plan::Free).await;
    let lapsed = look_up(&app, &open, "query=Rom", peer, &[("origin", SHOP)]).await;
    assert_eq!((lapsed.status.as_u16(), code(&lapsed)), (403, "module_not_in_plan"), "{}", lapsed.text);
}

#[tokio::test]
async fn each_visitor_has_its_own_look_up_limit_and_look_ups_cost_no_quota() {
    let app = TestApp::spawn().await;
    let id = widget(&app, json!({ "name": "Busy", "allowedDomains": ["shop.example.com"] })).await;
    let mut allowed = 0;
    let refused = loop {
        let answer = look_up(&app, &id, "query=Ro", "198.51.100.1", &[("origin", SHOP)]).await;
        if answer.status != 200 {
            break answer;
        }
        allowed += 1;
        assert!(allowed <= 2 * WIDGET_CLIENT_PLACE_LOOKUPS_PER_MINUTE, "never limited");
    };
    assert_eq!((refused.status.as_u16(), code(&refused)), (429, "rate_limited"), "{}", refused.text);
    assert!(
        refused.body["errors"][0]["detail"].as_str().unwrap().starts_with("this address's place look-up limit of 60"),
        "{}",
        refused.text
    );
    assert!(refused.headers.contains_key("retry-after"));
    // A minute boundary may fall inside the loop: one full window at least,
    // and more than a visitor's chart requests (a town typed is several).
    const _: () = assert!(WIDGET_CLIENT_PLACE_LOOKUPS_PER_MINUTE > WIDGET_CLIENT_REQUESTS_PER_MINUTE);
    assert!(allowed >= WIDGET_CLIENT_PLACE_LOOKUPS_PER_MINUTE, "{allowed}");
    let neighbour = look_up(&app, &id, "query=Ro", "198.51.100.2", &[("origin", SHOP)]).await;
    assert_eq!(neighbour.status, 200, "{}", neighbour.text);
    // The visitor who typed too fast still gets their chart: look-ups have
    // windows of their own.
    let request = Request::post(format!("/api/widget-api/transit/{id}")).header("content-type", "application/json").header("origin", SHOP);
    let mut request = request.body(Body::from(transit_body().to_string())).unwrap();
    let peer: std::net::SocketAddr = "198.51.100.1:40000".parse().unwrap();
    request.extensions_mut().insert(axum::extract::ConnectInfo(peer));
    let chart = app.send(request).await;
    assert_eq!(chart.status, 200, "{}", chart.text);
    // No unit of the quota was spent on look-ups: only the chart's.
    let month = metering::month_of(chrono::Utc::now());
    let usage = metering::monthly_usage(app.state.meter.as_ref(), &app.organization_id, &month).await.unwrap();
    assert_eq!(usage.total, 1, "{usage:?}");
}
