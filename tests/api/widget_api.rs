//! POST /api/widget-api/transit/{widgetId}: a widget's transit chart, asked
//! from a visitor's browser without a key. The widget's allowed sites decide
//! (CORS headers and preflights for allowed sites only), its enabled flag,
//! its limits per widget and per client address, and the charge to its
//! organization; its chart image link opens under the widget's rules.

use axum::body::Body;
use axum::http::Request;
use serde_json::{Value, json};
use shared::auth::Plan;
use shared::metering::WIDGET_CLIENT_REQUESTS_PER_MINUTE;

use crate::orgs::{OWNER, call};
use crate::support::{TestApp, TestResponse};

const BASE: &str = "https://api.example.test";
const SHOP: &str = "https://shop.example.com";

async fn widget(app: &TestApp, attributes: Value) -> String {
    let created = call(app, "POST", "/api/widgets", OWNER, Some(json!({ "data": { "type": "widgets", "attributes": attributes } }))).await;
    assert_eq!(created.status, 201, "{}", created.text);
    created.body["data"]["id"].as_str().unwrap().to_owned()
}

fn request() -> Value {
    json!({
        "birthData": { "dateTime": "1990-05-11T14:30", "latitude": 41.9028, "longitude": 12.4964, "timezone": "Europe/Rome", "placeName": "Roma" },
        "transitDateTime": "2026-11-26T12:00",
        "transitTimezone": "Europe/Madrid",
    })
}

async fn transit(app: &TestApp, id: &str, body: &Value, headers: &[(&str, &str)]) -> TestResponse {
    app.post_raw(&format!("/api/widget-api/transit/{id}"), &body.to_string(), headers).await
}

async fn get(app: &TestApp, url: &str, headers: &[(&str, &str)]) -> TestResponse {
    let mut request = Request::get(url.strip_prefix(BASE).unwrap_or(url));
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    app.send(request.body(Body::empty()).unwrap()).await
}

/// Turns the widget `id` off, as its owner does in the dashboard.
pub(crate) async fn switch_off(app: &TestApp, id: &str) {
    let off = call(
        app,
        "PATCH",
        &format!("/api/widgets/{id}"),
        OWNER,
        Some(json!({ "data": { "type": "widgets", "id": id, "attributes": { "enabled": false } } })),
    )
    .await;
    assert_eq!(off.status, 200, "{}", off.text);
}

fn code(response: &TestResponse) -> &str {
    response.body["errors"][0]["code"].as_str().unwrap_or_default()
}

#[tokio::test]
async fn an_allowed_site_gets_the_transit_chart_named_by_the_widget_and_its_image() {
    let app = TestApp::spawn().await;
    let id = widget(
        &app,
        json!({ "name": "Tránsitos", "allowedDomains": ["*.example.com"],
                "customization": { "language": "es", "labels": { "sun": "Sol ☉", "square": "Cuadratura □" }, "colors": { "primary": "#6b4fbb" } } }),
    )
    .await;
    let answer = transit(&app, &id, &request(), &[("origin", SHOP), ("x-forwarded-for", "203.0.113.9")]).await;
    assert_eq!(answer.status, 200, "{}", answer.text);
    assert_eq!(answer.headers["access-control-allow-origin"], SHOP);
    assert_eq!(answer.headers["content-type"], "application/vnd.api+json");
    let data = &answer.body["data"];
    assert_eq!(data["widgetId"], id.as_str());
    assert_eq!(data["language"], "es");
    assert_eq!(data["birth"]["dateTime"], "1990-05-11T14:30:00+02:00");
    assert_eq!(data["birth"]["utcDateTime"], "1990-05-11T12:30:00Z");
    assert_eq!(data["birth"]["placeName"], "Roma");
    assert_eq!(data["transit"]["dateTime"], "2026-11-26T12:00:00+01:00");
    assert_eq!(data["transit"]["timezone"], "Europe/Madrid");

    // Names: the widget's labels first, then its language.
    let natal_sun = data["natal"]["points"].as_array().unwrap().iter().find(|p| p["pointId"] == "sun").unwrap();
    assert_eq!(
        (natal_sun["name"].as_str(), natal_sun["sign"].as_str(), natal_sun["signName"].as_str()),
        (Some("Sol ☉"), Some("taurus"), Some("Tauro"))
    );
    let transits = data["transits"].as_array().unwrap();
    assert_eq!(transits.len(), 10, "the ten planets transit");
    let moon = transits.iter().find(|p| p["pointId"] == "moon").unwrap();
    assert_eq!(moon["name"], "Luna");
    assert!((1..=12).contains(&moon["house"].as_u64().unwrap()));

    // Aspects tightest first, within the transit orbs (1°), to points and angles.
    let aspects = data["aspects"].as_array().unwrap();
    assert!(!aspects.is_empty(), "{}", answer.text);
    let orbs: Vec<f64> = aspects.iter().map(|a| a["orb"].as_f64().unwrap()).collect();
    assert!(orbs.windows(2).all(|w| w[0] <= w[1]) && orbs.iter().all(|o| *o <= 1.0), "{orbs:?}");
    for aspect in aspects {
        if aspect["aspect"] == "square" {
            assert_eq!(aspect["aspectName"], "Cuadratura □");
        }
    }

    // The image opens from the site (its Referer), drawn in the widget's style.
    let url = data["chart"]["url"].as_str().unwrap();
    assert!(url.starts_with(&format!("{BASE}/api/chart/image.svg?token=")), "{url}");
    let image = get(&app, url, &[("referer", "https://shop.example.com/horoscope")]).await;
    assert_eq!(image.status, 200, "{}", image.text);
    assert_eq!(image.headers["content-type"], "image/svg+xml");
    assert!(image.text.contains("#6b4fbb") && image.text.contains("Tránsitos"), "styled and titled in Spanish");
    assert!(image.headers["cache-control"].to_str().unwrap().starts_with("private"), "a widget kept to some sites");
    // Opened from another site, refused; opened directly (no site named), shown.
    let elsewhere = get(&app, url, &[("referer", "https://copycat.test/")]).await;
    assert_eq!((elsewhere.status.as_u16(), code(&elsewhere)), (403, "domain_not_allowed"), "{}", elsewhere.text);
    assert_eq!(get(&app, url, &[]).await.status, 200);

    // Charged to the organization, on the widget's own usage line: the
    // calculation and two image openings.
    let usage = call(&app, "GET", "/api/org/usage", OWNER, None).await;
    let widgets = &usage.body["data"]["attributes"]["widgets"];
    assert_eq!(widgets, &json!([{ "widgetId": id, "name": "Tránsitos", "used": 3 }]), "{}", usage.text);
}

/// The widget's positions are the calc family's: at the instant the period
/// search (`POST /api/calc/transit`) finds a transit exact, the widget shows
/// that aspect with no orb to speak of, and its transiting planets stand
/// where the natal endpoint puts a chart's planets at that instant.
#[tokio::test]
async fn the_widget_agrees_with_the_calc_family() {
    let app = TestApp::spawn().await;
    let id = widget(&app, json!({ "name": "Check", "allowedDomains": ["shop.example.com"] })).await;
    let period = app
        .post(
            "/api/calc/transit",
            &json!({
                "birthDateTime": "1990-05-11T14:30",
                "birthLocation": { "latitude": 41.9028, "longitude": 12.4964, "timezone": "Europe/Rome" },
                "startDate": "2026-11-01", "endDate": "2026-11-30",
                "transitLocation": { "latitude": 0.0, "longitude": 0.0, "timezone": "UTC" },
            }),
        )
        .await;
    assert_eq!(period.status, 200, "{}", period.text);
    let mut checked = 0;
    for group in period.body["data"]["aspects"].as_array().unwrap().iter().step_by(3) {
        // One entry per pass (the baseline version's shape).
        let Some(exact) = group["exactAt"][0].as_str() else { continue };
        if group["pointA"] == "moon" || checked == 4 {
            continue; // the Moon moves 13′ a minute: the minute rounding of the request is too coarse
        }
        // Exact to the second; the widget takes the minute.
        let minute = &exact[..16];
        let body = json!({
            "birthData": { "dateTime": "1990-05-11T14:30", "latitude": 41.9028, "longitude": 12.4964, "timezone": "Europe/Rome" },
            "transitDateTime": minute, "transitTimezone": "UTC",
        });
        let answer = transit(&app, &id, &body, &[("origin", SHOP)]).await;
        assert_eq!(answer.status, 200, "{}", answer.text);
        let found = answer.body["data"]["aspects"]
            .as_array()
            .unwrap()
            .iter()
            .find(|a| a["transitPointId"] == group["pointA"] && a["natalPointId"] == group["pointB"] && a["aspect"] == group["aspect"]);
        let found = found.unwrap_or_else(|| panic!("{group} at {minute}: {}", answer.text));
        assert!(found["orb"].as_f64().unwrap() < 0.02, "{group} at {minute}: {found}");
        checked += 1;
    }
    assert!(checked >= 2, "the month has exact transits: {}", period.text);
}

#[tokio::test]
async fn cors_answers_allowed_sites_only_and_refusals_say_why() {
    let app = TestApp::spawn().await;
    let id = widget(&app, json!({ "name": "Shop", "allowedDomains": ["shop.example.com"] })).await;
    let preflight = |origin: &'static str| {
        Request::options(format!("/api/widget-api/transit/{id}"))
            .header("origin", origin)
            .header("access-control-request-method", "POST")
            .header("access-control-request-headers", "content-type")
            .body(Body::empty())
            .unwrap()
    };
    let allowed = app.send(preflight(SHOP)).await;
    assert_eq!(allowed.headers["access-control-allow-origin"], SHOP, "{:?}", allowed.headers);
    assert!(allowed.headers["access-control-allow-methods"].to_str().unwrap().contains("POST"));
    let foreign = app.send(preflight("https://copycat.test")).await;
    assert!(!foreign.headers.contains_key("access-control-allow-origin"), "{:?}", foreign.headers);

    // The foreign site is refused, with no CORS header to read it by.
    let refused = transit(&app, &id, &request(), &[("origin", "https://copycat.test")]).await;
    assert_eq!((refused.status.as_u16(), code(&refused)), (403, "domain_not_allowed"), "{}", refused.text);
    assert!(!refused.headers.contains_key("access-control-allow-origin"));
    // No site named at all (a server, curl): refused too.
    let bare = transit(&app, &id, &request(), &[]).await;
    assert_eq!((bare.status.as_u16(), code(&bare)), (403, "domain_not_allowed"), "{}", bare.text);
    // Other routes keep answering every site.
    let natal = app
        .send(
            Request::options("/api/calc/natal")
                .header("origin", "https://copycat.test")
                .header("access-control-request-method", "POST")
                .body(Body::empty())
                .unwrap(),
        )
        .await;
    assert_eq!(natal.headers["access-control-allow-origin"], "*");

    // Unknown widget: 404, no CORS either.
    let unknown = transit(&app, "0190f5c2-0000-7000-8000-000000000000", &request(), &[("origin", SHOP)]).await;
    assert_eq!((unknown.status.as_u16(), code(&unknown)), (404, "widget_not_found"), "{}", unknown.text);

    // Bad fields: 422 at each pointer, readable by the allowed site.
    let mut bad = request();
    bad["birthData"]["latitude"] = json!(123.0);
    bad["birthData"]["timezone"] = json!("Mars/Olympus");
    bad["transitDateTime"] = json!("tomorrow");
    let invalid = transit(&app, &id, &bad, &[("origin", SHOP)]).await;
    assert_eq!(invalid.status, 422, "{}", invalid.text);
    assert_eq!(invalid.pointers(), ["/birthData/latitude", "/birthData/timezone", "/transitDateTime"]);
    assert_eq!(invalid.headers["access-control-allow-origin"], SHOP);
    let unknown_member = transit(&app, &id, &json!({ "birthData": request()["birthData"], "apiKey": "x" }), &[("origin", SHOP)]).await;
    assert_eq!(unknown_member.status, 422, "{}", unknown_member.text);

    // Disabled: the allowed site reads why.
    switch_off(&app, &id).await;
    let disabled = transit(&app, &id, &request(), &[("origin", SHOP)]).await;
    assert_eq!((disabled.status.as_u16(), code(&disabled)), (403, "widget_disabled"), "{}", disabled.text);
    assert_eq!(disabled.headers["access-control-allow-origin"], SHOP);

    // Deleted: gone for its visitors at once.
    let gone = call(&app, "DELETE", &format!("/api/widgets/{id}"), OWNER, None).await;
    assert_eq!(gone.status, 204, "{}", gone.text);
    let deleted = transit(&app, &id, &request(), &[("origin", SHOP)]).await;
    assert_eq!((deleted.status.as_u16(), code(&deleted)), (404, "widget_not_found"), "{}", deleted.text);
    assert!(!deleted.headers.contains_key("access-control-allow-origin"));

    // A widget that lists no site answers none.
    let unlisted = widget(&app, json!({ "name": "New" })).await;
    let nowhere = transit(&app, &unlisted, &request(), &[("origin", SHOP)]).await;
    assert_eq!((nowhere.status.as_u16(), code(&nowhere)), (403, "domain_not_allowed"), "{}", nowhere.text);

    // A plan without the module: the widget stops answering.
    let open = widget(&app, json!({ "name": "Open", "allowedDomains": ["*"] })).await;
    assert_eq!(transit(&app, &open, &request(), &[]).await.status, 200, "`*` allows requests naming no site");
    app.set_plan(Plan::Free).await;
    let lapsed = transit(&app, &open, &request(), &[("origin", SHOP)]).await;
    assert_eq!((lapsed.status.as_u16(), code(&lapsed)), (403, "module_not_in_plan"), "{}", lapsed.text);
}

/// A transit request from the connection peer `peer` (as the local server
/// sees one), with `headers`.
async fn transit_from(app: &TestApp, id: &str, peer: &str, headers: &[(&str, &str)]) -> TestResponse {
    let mut request = Request::post(format!("/api/widget-api/transit/{id}")).header("content-type", "application/json");
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    let mut request = request.body(Body::from(request_body())).unwrap();
    let peer: std::net::SocketAddr = format!("{peer}:40000").parse().unwrap();
    request.extensions_mut().insert(axum::extract::ConnectInfo(peer));
    app.send(request).await
}

fn request_body() -> String {
    request().to_string()
}

/// Requests from `peer` until one is refused; the refusal.
async fn exhaust(app: &TestApp, id: &str, peer: &str, headers: &[(&str, &str)]) -> (u32, TestResponse) {
    let mut allowed = 0;
    loop {
        let answer = transit_from(app, id, peer, headers).await;
        if answer.status != 200 {
            return (allowed, answer);
        }
        allowed += 1;
        assert!(allowed <= 2 * WIDGET_CLIENT_REQUESTS_PER_MINUTE, "never limited");
    }
}

#[tokio::test]
async fn each_client_address_and_the_widget_are_limited_per_minute() {
    let app = TestApp::spawn().await;
    let id = widget(&app, json!({ "name": "Busy", "allowedDomains": ["shop.example.com"] })).await;
    let (allowed, refused) = exhaust(&app, &id, "198.51.100.1", &[("origin", SHOP)]).await;
    assert_eq!((refused.status.as_u16(), code(&refused)), (429, "rate_limited"), "{}", refused.text);
    assert!(refused.body["errors"][0]["detail"].as_str().unwrap().starts_with("this address's limit of 30 requests per minute"));
    let retry: u64 = refused.headers["retry-after"].to_str().unwrap().parse().unwrap();
    assert!((1..=60).contains(&retry), "{retry}");
    assert_eq!(refused.headers["access-control-allow-origin"], SHOP, "the site reads the refusal");
    // A minute boundary may fall inside the loop: one full window at least.
    assert!(allowed >= WIDGET_CLIENT_REQUESTS_PER_MINUTE, "{allowed}");
    // With no trusted proxy the client is the connection's peer:
    // X-Forwarded-For is the client's own claim and changes nothing (issue
    // 28: a visitor changing it was never limited). Fails on the code that
    // took the header's last entry.
    for claimed in ["203.0.113.50", "192.0.2.77, 203.0.113.51", "127.0.0.1"] {
        let spoofing = transit_from(&app, &id, "198.51.100.1", &[("origin", SHOP), ("x-forwarded-for", claimed)]).await;
        assert_eq!(spoofing.status, 429, "X-Forwarded-For: {claimed} escaped the limit");
    }
    let neighbour = transit_from(&app, &id, "198.51.100.2", &[("origin", SHOP)]).await;
    assert_eq!(neighbour.status, 200, "{}", neighbour.text);
}

#[tokio::test]
async fn behind_a_trusted_proxy_the_client_is_the_address_it_forwarded() {
    let app = TestApp::spawn_with(|config| config.trusted_proxies = vec!["10.0.0.0/8".parse().unwrap()]).await;
    let id = widget(&app, json!({ "name": "Proxied", "allowedDomains": ["shop.example.com"] })).await;
    // The proxy (10.0.0.5) appends the address it saw; entries before it are
    // the visitor's own and are not believed.
    let visitor = [("origin", SHOP), ("x-forwarded-for", "192.0.2.66, 198.51.100.9")];
    let (_, refused) = exhaust(&app, &id, "10.0.0.5", &visitor).await;
    assert_eq!(refused.status, 429, "{}", refused.text);
    let spoofing = transit_from(&app, &id, "10.0.0.6", &[("origin", SHOP), ("x-forwarded-for", "192.0.2.99, 198.51.100.9")]).await;
    assert_eq!(spoofing.status, 429, "a visitor's own entries do not make it another client");
    let other = transit_from(&app, &id, "10.0.0.5", &[("origin", SHOP), ("x-forwarded-for", "198.51.100.10")]).await;
    assert_eq!(other.status, 200, "{}", other.text);
    // A peer outside the trusted networks is the client itself.
    let direct = transit_from(&app, &id, "198.51.100.9", &[("origin", SHOP)]).await;
    assert_eq!(direct.status, 429, "the same address reached directly shares its window");
}

#[tokio::test]
async fn on_lambda_the_client_is_api_gateways_source_ip() {
    use lambda_http::aws_lambda_events::apigw::ApiGatewayV2httpRequestContext;
    let app = TestApp::spawn().await;
    let id = widget(&app, json!({ "name": "Lambda", "allowedDomains": ["shop.example.com"] })).await;
    let send = |source: &'static str, forwarded: &'static str| {
        let app = &app;
        let id = id.clone();
        async move {
            let mut request = Request::post(format!("/api/widget-api/transit/{id}"))
                .header("content-type", "application/json")
                .header("origin", SHOP)
                .header("x-forwarded-for", forwarded)
                .body(Body::from(request_body()))
                .unwrap();
            // (Both structs are non-exhaustive: made by default, then filled.)
            let mut context = ApiGatewayV2httpRequestContext::default();
            context.http.source_ip = Some(source.to_owned());
            request.extensions_mut().insert(lambda_http::request::RequestContext::ApiGatewayV2(context));
            app.send(request).await
        }
    };
    let mut allowed: u32 = 0;
    loop {
        // A new claimed address each time: only sourceIp counts.
        let claimed: &'static str = Box::leak(format!("203.0.113.{}", allowed % 250).into_boxed_str());
        let answer = send("198.51.100.20", claimed).await;
        if answer.status != 200 {
            assert_eq!(answer.status, 429, "{}", answer.text);
            break;
        }
        allowed += 1;
        assert!(allowed <= 2 * WIDGET_CLIENT_REQUESTS_PER_MINUTE, "X-Forwarded-For escaped the limit on Lambda");
    }
    assert_eq!(send("198.51.100.21", "198.51.100.20").await.status, 200);
}

#[tokio::test]
async fn the_embed_script_is_small_cached_and_revalidated() {
    let app = TestApp::spawn().await;
    let script = get(&app, "/widget/embed.js", &[("origin", "https://anyone.test")]).await;
    assert_eq!(script.status, 200);
    assert_eq!(script.headers["content-type"], "text/javascript; charset=utf-8");
    assert!(script.text.contains("attachShadow") && script.text.contains("/api/widget-api/transit/"));
    assert!(!script.headers.contains_key("content-encoding"));
    assert_eq!(script.headers["cache-control"], "public, max-age=3600");
    assert_eq!(script.headers["vary"], "accept-encoding");
    let etag = script.headers["etag"].to_str().unwrap().to_owned();
    let again = get(&app, "/widget/embed.js", &[("if-none-match", &etag)]).await;
    assert_eq!((again.status.as_u16(), again.text.as_str()), (304, ""));
    // What a browser downloads: gzip, at most 15 KB, the same script.
    let request = Request::get("/widget/embed.js").header("accept-encoding", "gzip, deflate, br").body(Body::empty()).unwrap();
    let response = tower::ServiceExt::oneshot(app.router.clone(), request).await.unwrap();
    assert_eq!(response.headers()["content-encoding"], "gzip");
    let gzip_etag = response.headers()["etag"].to_str().unwrap().to_owned();
    assert_ne!(gzip_etag, etag, "each representation has its own validator");
    let compressed = axum::body::to_bytes(response.into_body(), usize::MAX).await.unwrap();
    assert!(compressed.len() <= 15 * 1024, "{} bytes gzip-compressed", compressed.len());
    let mut unpacked = String::new();
    std::io::Read::read_to_string(&mut flate2::read::GzDecoder::new(&compressed[..]), &mut unpacked).unwrap();
    assert_eq!(unpacked, script.text);
    let refused = get(&app, "/widget/embed.js", &[("accept-encoding", "gzip;q=0, identity")]).await;
    assert!(!refused.headers.contains_key("content-encoding"));
}

#[tokio::test]
async fn the_public_configuration_tells_the_script_whether_this_page_may_use_the_widget() {
    let app = TestApp::spawn().await;
    let id = widget(
        &app,
        json!({ "name": "Shop", "allowedDomains": ["shop.example.com"], "customization": { "colors": { "primary": "#123456" } } }),
    )
    .await;
    let config = |origin: &'static str| {
        let app = &app;
        let path = format!("/widget/config/{id}");
        async move { get(app, &path, &[("origin", origin)]).await }
    };
    let ready = config(SHOP).await;
    assert_eq!(ready.status, 200, "{}", ready.text);
    assert_eq!(ready.headers["access-control-allow-origin"], "*", "any page may ask");
    assert_eq!(ready.headers["cache-control"], "no-store");
    let attributes = &ready.body["data"]["attributes"];
    assert_eq!((ready.body["data"]["type"].as_str(), attributes["status"].as_str()), (Some("widget-configs"), Some("ready")));
    assert_eq!(attributes["customization"]["colors"]["primary"], "#123456");
    assert!(attributes.get("allowedDomains").is_none(), "the site list is the owner's business");
    assert_eq!(config("https://copycat.test").await.body["data"]["attributes"]["status"], "site_not_allowed");
    call(
        &app,
        "PATCH",
        &format!("/api/widgets/{id}"),
        OWNER,
        Some(json!({ "data": { "type": "widgets", "id": id, "attributes": { "enabled": false } } })),
    )
    .await;
    assert_eq!(config(SHOP).await.body["data"]["attributes"]["status"], "disabled");
    app.set_plan(Plan::Free).await;
    assert_eq!(config(SHOP).await.body["data"]["attributes"]["status"], "unavailable");
    let missing = get(&app, "/widget/config/nope", &[]).await;
    assert_eq!((missing.status.as_u16(), code(&missing)), (404, "widget_not_found"));
}
