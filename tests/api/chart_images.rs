//! GET /api/chart/image.svg and /api/chart/image.png: every chart link of
//! every calculation answer opens to its image; refused links give a
//! JSON:API error and no image; caching and metering.

use axum::Router;
use axum::body::Body;
use axum::http::Request;
use http_body_util::BodyExt;
use serde_json::{Value, json};
use shared::signing::{LinkSigner, SigningKey};
use tower::ServiceExt;

use crate::orgs::{OWNER, call, units_used};
use crate::support::{TestApp, birth, place, rome_1990, with};

const BASE: &str = "https://api.example.test";

/// Every calculation endpoint that answers with chart links, with a body.
fn calculations() -> Vec<(&'static str, Value)> {
    vec![
        ("/api/calc/natal", rome_1990()),
        ("/api/calc/progressions", with(birth(), json!({ "targetDate": "2025-05-11" }))),
        ("/api/calc/solar-return", with(birth(), json!({ "returnYear": 2025 }))),
        ("/api/calc/lunar-return", with(birth(), json!({ "returnDate": "2025-03-01" }))),
        (
            "/api/calc/synastry",
            json!({
                "dateTime1": "1990-05-11T14:30", "location1": place(41.9028, 12.4964, "Europe/Rome"),
                "dateTime2": "1992-08-20T06:15", "location2": place(40.7128, -74.006, "America/New_York"),
            }),
        ),
        ("/api/calc/transit", with(birth(), json!({ "startDate": "2025-01-01", "endDate": "2025-01-31" }))),
    ]
}

/// (name, svg url, png url) of every chart link of an answer.
fn links(data: &Value) -> Vec<(String, String, String)> {
    let pair = |link: &Value| (link["url"].as_str().unwrap().to_owned(), link["pngUrl"].as_str().unwrap().to_owned());
    let mut found = Vec::new();
    if data["chart"].is_object() {
        let (svg, png) = pair(&data["chart"]);
        found.push(("chart".to_owned(), svg, png));
    }
    if let Some(charts) = data["charts"].as_object() {
        for (name, link) in charts {
            let (svg, png) = pair(link);
            found.push((name.clone(), svg, png));
        }
    }
    found
}

struct Image {
    status: u16,
    headers: axum::http::HeaderMap,
    bytes: Vec<u8>,
}

impl Image {
    fn header(&self, name: &str) -> &str {
        self.headers.get(name).and_then(|v| v.to_str().ok()).unwrap_or("")
    }

    fn json(&self) -> Value {
        serde_json::from_slice(&self.bytes).unwrap_or_else(|_| panic!("not JSON: {}", String::from_utf8_lossy(&self.bytes)))
    }

    /// A refusal: the status, a JSON:API error with `code`, no image.
    fn assert_refused(&self, status: u16, code: &str) {
        assert_eq!(self.status, status, "{}", String::from_utf8_lossy(&self.bytes));
        assert!(self.header("content-type").starts_with("application/vnd.api+json"), "{:?}", self.headers);
        assert_eq!(self.json()["errors"][0]["code"], code);
        assert!(!self.bytes.starts_with(b"<svg") && !self.bytes.starts_with(b"\x89PNG"));
    }
}

async fn open_on(router: &Router, url: &str, headers: &[(&str, &str)]) -> Image {
    let path = url.strip_prefix(BASE).unwrap_or(url);
    let mut request = Request::get(path);
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    let response = router.clone().oneshot(request.body(Body::empty()).unwrap()).await.unwrap();
    let status = response.status().as_u16();
    let headers = response.headers().clone();
    let bytes = response.into_body().collect().await.unwrap().to_bytes().to_vec();
    Image { status, headers, bytes }
}

async fn open(app: &TestApp, url: &str, headers: &[(&str, &str)]) -> Image {
    open_on(&app.router, url, headers).await
}

/// The natal chart link (SVG, PNG) for `key`, sent with `headers` too.
async fn natal_link(app: &TestApp, key: &str, body: &Value, headers: &[(&str, &str)]) -> (String, String) {
    let mut all = vec![("x-api-key", key)];
    all.extend_from_slice(headers);
    let response = app.post_raw("/api/calc/natal", &body.to_string(), &all).await;
    assert_eq!(response.status, 200, "{}", response.text);
    let chart = &response.body["data"]["chart"];
    (chart["url"].as_str().unwrap().to_owned(), chart["pngUrl"].as_str().unwrap().to_owned())
}

/// Parses the SVG with a real XML parser and checks it is inert: no
/// script, no event handler, no reference outside the document.
fn assert_safe_svg(bytes: &[u8]) -> String {
    let text = std::str::from_utf8(bytes).expect("UTF-8");
    let document = roxmltree::Document::parse(text).unwrap_or_else(|e| panic!("not XML: {e}\n{text}"));
    assert_eq!(document.root_element().tag_name().name(), "svg");
    for node in document.descendants().filter(|n| n.is_element()) {
        let name = node.tag_name().name().to_ascii_lowercase();
        assert!(!["script", "foreignobject", "iframe", "image"].contains(&name.as_str()), "<{name}> in the image");
        for attribute in node.attributes() {
            let attribute_name = attribute.name().to_ascii_lowercase();
            assert!(!attribute_name.starts_with("on"), "event handler {attribute_name}");
            if attribute_name == "href" {
                assert!(attribute.value().starts_with('#'), "external reference {}", attribute.value());
            }
            assert!(!attribute.value().contains("url(http") && !attribute.value().contains("javascript:"));
        }
    }
    text.to_owned()
}

/// The PNG's width, after checking it decodes and is not one flat colour.
fn assert_png(bytes: &[u8]) -> u32 {
    assert!(bytes.starts_with(b"\x89PNG\r\n\x1a\n"), "not a PNG");
    let pixmap = resvg::tiny_skia::Pixmap::decode_png(bytes).expect("a decodable PNG");
    let pixels = pixmap.pixels();
    assert!(pixels.iter().any(|p| *p != pixels[0]), "a blank image");
    pixmap.width()
}

#[tokio::test]
async fn every_chart_link_of_every_calculation_opens_to_its_svg_and_png() {
    let app = TestApp::spawn().await;
    for (path, body) in calculations() {
        let response = app.post(path, &body).await;
        assert_eq!(response.status, 200, "{path}: {}", response.text);
        let found = links(&response.body["data"]);
        assert!(!found.is_empty(), "{path} has no chart link");
        for (name, svg_url, png_url) in found {
            assert!(svg_url.starts_with(&format!("{BASE}/api/chart/image.svg?token=")), "{path} {name}: {svg_url}");
            let svg = open(&app, &svg_url, &[]).await;
            assert_eq!(svg.status, 200, "{path} {name}: {}", String::from_utf8_lossy(&svg.bytes));
            assert_eq!(svg.header("content-type"), "image/svg+xml");
            assert_eq!(svg.header("x-content-type-options"), "nosniff");
            let policy = svg.header("content-security-policy");
            assert!(policy.contains("default-src 'none'") && policy.contains("sandbox"), "{policy}");
            assert_safe_svg(&svg.bytes);

            let png = open(&app, &png_url, &[]).await;
            assert_eq!(png.status, 200, "{path} {name}: {}", String::from_utf8_lossy(&png.bytes));
            assert_eq!(png.header("content-type"), "image/png");
            assert_png(&png.bytes);
        }
    }
}

#[tokio::test]
async fn png_width_follows_size_and_a_size_out_of_bounds_is_422_naming_it() {
    let app = TestApp::spawn().await;
    let (_, png) = natal_link(&app, &app.api_key, &rome_1990(), &[]).await;
    let image = open(&app, &format!("{png}&size=320"), &[]).await;
    assert_eq!(image.status, 200);
    assert_eq!(assert_png(&image.bytes), 320);
    for bad in ["199", "4001", "big", "-5"] {
        let refused = open(&app, &format!("{png}&size={bad}"), &[]).await;
        refused.assert_refused(422, "invalid_parameter");
        assert_eq!(refused.json()["errors"][0]["source"]["parameter"], "size");
    }
    let theme = open(&app, &format!("{png}&theme=sepia"), &[]).await;
    theme.assert_refused(422, "invalid_parameter");
    assert!(theme.json()["errors"][0]["detail"].as_str().unwrap().contains("light, dark"));
}

#[tokio::test]
async fn tampered_expired_unknown_key_and_missing_tokens_are_refused() {
    let app = TestApp::spawn().await;
    let (svg, _) = natal_link(&app, &app.api_key, &rome_1990(), &[]).await;
    let token = svg.split_once("token=").unwrap().1;
    let [header, payload, signature]: [&str; 3] = token.split('.').collect::<Vec<_>>().try_into().unwrap();

    // Another payload under the original signature.
    use base64::Engine;
    let engine = base64::engine::general_purpose::URL_SAFE_NO_PAD;
    let mut claims: Value = serde_json::from_slice(&engine.decode(payload).unwrap()).unwrap();
    claims["c"]["i"]["la"] = json!(10.0);
    let forged = format!("{header}.{}.{signature}", engine.encode(claims.to_string()));
    open(&app, &format!("{BASE}/api/chart/image.svg?token={forged}"), &[]).await.assert_refused(401, "invalid_link");
    // A flipped signature character.
    let flipped = format!("{header}.{payload}.{}{}", if signature.starts_with('A') { 'B' } else { 'A' }, &signature[1..]);
    open(&app, &format!("{BASE}/api/chart/image.svg?token={flipped}"), &[]).await.assert_refused(401, "invalid_link");
    // No token, garbage.
    open(&app, &format!("{BASE}/api/chart/image.svg"), &[]).await.assert_refused(401, "invalid_link");
    open(&app, &format!("{BASE}/api/chart/image.png?token=abc"), &[]).await.assert_refused(401, "invalid_link");

    // Signed with the right secret under a key id the server does not list.
    let sign = |kid: &str, secret: &[u8], claims: &Value| {
        let mut header = jsonwebtoken::Header::new(jsonwebtoken::Algorithm::HS256);
        header.kid = Some(kid.into());
        jsonwebtoken::encode(&header, claims, &jsonwebtoken::EncodingKey::from_secret(secret)).unwrap()
    };
    let original: Value = serde_json::from_slice(&engine.decode(payload).unwrap()).unwrap();
    let unknown = sign("retired", b"test-url-signing-secret", &original);
    open(&app, &format!("{BASE}/api/chart/image.svg?token={unknown}"), &[]).await.assert_refused(401, "invalid_link");
    // The same claims re-signed by the test's key open (the crafting is right)...
    let resigned = sign("test", b"test-url-signing-secret", &original);
    assert_eq!(open(&app, &format!("{BASE}/api/chart/image.svg?token={resigned}"), &[]).await.status, 200);
    // ...and once past their expiry they do not.
    let mut past = original.clone();
    past["exp"] = json!(chrono::Utc::now().timestamp() - 1);
    let expired = sign("test", b"test-url-signing-secret", &past);
    open(&app, &format!("{BASE}/api/chart/image.svg?token={expired}"), &[]).await.assert_refused(401, "expired_link");

    // A server whose links live no time at all hands out expired links.
    let short = TestApp::spawn_with(|config| config.chart_link_ttl_seconds = -1).await;
    let (svg, png) = natal_link(&short, &short.api_key, &rome_1990(), &[]).await;
    open(&short, &svg, &[]).await.assert_refused(401, "expired_link");
    open(&short, &png, &[]).await.assert_refused(401, "expired_link");
}

/// A key made through the API as the owner: (id, secret).
async fn key_with_id(app: &TestApp, attributes: Value) -> (String, String) {
    let mut all = json!({ "name": "image key", "organizationId": app.organization_id });
    all.as_object_mut().unwrap().extend(attributes.as_object().unwrap().clone());
    let response = call(app, "POST", "/api/api-keys", OWNER, Some(json!({ "data": { "type": "api-keys", "attributes": all } }))).await;
    assert_eq!(response.status, 201, "{}", response.text);
    (response.body["data"]["id"].as_str().unwrap().to_owned(), response.body["data"]["key"].as_str().unwrap().to_owned())
}

#[tokio::test]
async fn links_of_a_revoked_key_a_key_without_chart_read_or_a_deleted_organization_are_refused() {
    let app = TestApp::spawn().await;
    let (id, secret) = key_with_id(&app, json!({})).await;
    let (svg, png) = natal_link(&app, &secret, &rome_1990(), &[]).await;
    let opened = open(&app, &svg, &[]).await;
    assert_eq!(opened.status, 200);
    let etag = opened.header("etag").to_owned();
    let revoked = call(&app, "DELETE", &format!("/api/api-keys/{id}"), OWNER, None).await;
    assert!(revoked.status.is_success(), "{}", revoked.text);
    open(&app, &svg, &[]).await.assert_refused(401, "revoked_api_key");
    open(&app, &png, &[]).await.assert_refused(401, "revoked_api_key");
    // Not even a 304 for the copy a client still holds.
    open(&app, &svg, &[("if-none-match", &etag)]).await.assert_refused(401, "revoked_api_key");

    let (_, calc_only) = key_with_id(&app, json!({ "permissions": ["calc:read"] })).await;
    let (svg, _) = natal_link(&app, &calc_only, &rome_1990(), &[]).await;
    open(&app, &svg, &[]).await.assert_refused(403, "permission_denied");

    let (svg, _) = natal_link(&app, &app.api_key, &rome_1990(), &[]).await;
    assert_eq!(open(&app, &svg, &[]).await.status, 200);
    let table = app.state.table.as_ref();
    table
        .write(vec![shared::store::WriteOp::Delete {
            pk: shared::repo::schema::org(&app.organization_id),
            sk: shared::repo::schema::META.into(),
            condition: shared::store::Condition::None,
        }])
        .await
        .unwrap();
    open(&app, &svg, &[]).await.assert_refused(401, "revoked_link");
}

#[tokio::test]
async fn a_domain_restricted_keys_links_open_from_its_sites_or_none_but_not_from_others() {
    let app = TestApp::spawn().await;
    let (_, secret) = key_with_id(&app, json!({ "allowedDomains": ["shop.example.com"] })).await;
    let (svg, png) = natal_link(&app, &secret, &rome_1990(), &[("origin", "https://shop.example.com")]).await;
    let home = open(&app, &svg, &[("referer", "https://shop.example.com/chart")]).await;
    assert_eq!(home.status, 200);
    // Kept from shared caches: only the browser keeps it.
    assert!(home.header("cache-control").starts_with("private"), "{}", home.header("cache-control"));
    // No Referer (a no-referrer page, a direct open): allowed.
    assert_eq!(open(&app, &svg, &[]).await.status, 200);
    for foreign in [vec![("referer", "https://evil.example.net/page")], vec![("origin", "https://evil.example.net")]] {
        open(&app, &svg, &foreign).await.assert_refused(403, "domain_not_allowed");
        open(&app, &png, &foreign).await.assert_refused(403, "domain_not_allowed");
    }
}

#[tokio::test]
async fn rotating_the_signing_key_keeps_old_links_until_the_old_key_is_dropped() {
    let app = TestApp::spawn().await;
    let (old_link, _) = natal_link(&app, &app.api_key, &rome_1990(), &[]).await;
    let old = SigningKey { id: "test".into(), secret: b"test-url-signing-secret".to_vec() };
    let new = SigningKey { id: "2026-q3".into(), secret: b"a-new-link-signing-secret-0123456789".to_vec() };
    let router_with = |keys: &[SigningKey]| {
        let mut state = app.state.clone();
        state.signer = std::sync::Arc::new(LinkSigner::new(keys));
        local_server::app(state).expect("routes")
    };

    // The new key added first: it signs, the old one still verifies.
    let rotating = router_with(&[new.clone(), old]);
    assert_eq!(open_on(&rotating, &old_link, &[]).await.status, 200);
    let request = Request::post("/api/calc/natal")
        .header("content-type", "application/json")
        .header("x-api-key", &app.api_key)
        .body(Body::from(rome_1990().to_string()))
        .unwrap();
    let response = rotating.clone().oneshot(request).await.unwrap();
    let body: Value = serde_json::from_slice(&response.into_body().collect().await.unwrap().to_bytes()).unwrap();
    let new_link = body["data"]["chart"]["url"].as_str().unwrap().to_owned();
    assert_eq!(open_on(&rotating, &new_link, &[]).await.status, 200);
    // The server that has not heard of the new key yet refuses its links.
    open(&app, &new_link, &[]).await.assert_refused(401, "invalid_link");

    // The old key dropped: its links stop, the new ones open.
    let rotated = router_with(&[new]);
    let refused = open_on(&rotated, &old_link, &[]).await;
    refused.assert_refused(401, "invalid_link");
    assert_eq!(open_on(&rotated, &new_link, &[]).await.status, 200);
}

#[tokio::test]
async fn markup_in_labels_is_escaped_and_a_bad_customization_is_422_with_its_pointer() {
    let app = TestApp::spawn().await;
    let script = "<script>alert(1)</script>";
    let body = with(rome_1990(), json!({ "customization": { "labels": { "sun": script, "moon": "\" onload=\"alert(2)" } } }));
    let (svg, png) = natal_link(&app, &app.api_key, &body, &[]).await;
    let image = open(&app, &svg, &[]).await;
    assert_eq!(image.status, 200);
    let text = assert_safe_svg(&image.bytes);
    assert!(!text.to_ascii_lowercase().contains("<script"), "{text}");
    assert!(text.contains("&lt;script&gt;alert(1)&lt;/script&gt;"), "the label is shown as text: {text}");
    let document = roxmltree::Document::parse(&text).unwrap();
    // The Sun's group is titled with its name (here the label), degree and sign.
    let sun = document.descendants().find(|n| n.attribute("data-point") == Some("sun")).expect("the Sun is drawn");
    let title = sun.children().find(|n| n.has_tag_name("title")).and_then(|n| n.text()).unwrap_or_default();
    assert!(title.starts_with(script), "the label reads back as the text sent: {title}");
    assert_eq!(open(&app, &png, &[]).await.status, 200);

    // Synastry too (both people's links).
    let (path, synastry) = calculations().remove(4);
    let response = app.post(path, &with(synastry, json!({ "customization": { "labels": { "venus": script } } }))).await;
    for (_, svg, _) in links(&response.body["data"]) {
        let text = assert_safe_svg(&open(&app, &svg, &[]).await.bytes);
        assert!(!text.contains("<script") && text.contains("&lt;script&gt;"));
    }

    for (customization, pointer) in [
        (json!({ "widgetOptions": { "theme": "sepia" } }), "/customization/widgetOptions/theme"),
        (json!({ "labels": { "sun": 3 } }), "/customization/labels/sun"),
        (json!("dark"), "/customization"),
    ] {
        let response = app.post("/api/calc/natal", &with(rome_1990(), json!({ "customization": customization }))).await;
        assert_eq!(response.status, 422, "{}", response.text);
        assert_eq!(response.pointers(), [pointer]);
    }
    let response = app.post("/api/calc/natal", &with(rome_1990(), json!({ "customization": { "widgetOptions": { "theme": "x" } } }))).await;
    assert!(response.error()["detail"].as_str().unwrap().contains("light, dark"));
}

#[tokio::test]
async fn one_render_meters_one_request_and_a_304_neither_renders_nor_meters() {
    let app = TestApp::spawn().await;
    let (svg, png) = natal_link(&app, &app.api_key, &rome_1990(), &[]).await;
    let before = units_used(&app).await;

    let first = open(&app, &svg, &[("origin", "https://anywhere.example")]).await;
    assert_eq!(first.status, 200);
    assert_eq!(first.header("access-control-allow-origin"), "*");
    assert_eq!(units_used(&app).await, before + 1, "one render, one request");
    let etag = first.header("etag").to_owned();
    assert!(etag.starts_with('"') && etag.len() > 10, "{etag}");
    let cache = first.header("cache-control");
    let max_age: i64 = cache.strip_prefix("public, max-age=").expect(cache).parse().unwrap();
    // The link lives an hour here, its end rounded down to the hour.
    assert!((1..=3600).contains(&max_age), "at most the link's remaining life: {max_age}");

    // The same bytes again: the same ETag.
    let again = open(&app, &svg, &[]).await;
    assert_eq!((again.header("etag"), &again.bytes), (etag.as_str(), &first.bytes));
    assert_eq!(units_used(&app).await, before + 2);

    for validator in [etag.clone(), format!("W/{etag}"), format!("\"other\", {etag}")] {
        let cached = open(&app, &svg, &[("if-none-match", &validator)]).await;
        assert_eq!(cached.status, 304, "{validator}");
        assert!(cached.bytes.is_empty());
        assert_eq!(cached.header("etag"), etag);
    }
    assert_eq!(units_used(&app).await, before + 2, "a 304 costs nothing");
    let stale = open(&app, &svg, &[("if-none-match", "\"something-else\"")]).await;
    assert_eq!(stale.status, 200);
    assert_eq!(units_used(&app).await, before + 3);

    // The version is part of the cache key (and answered).
    let dated = open(&app, &format!("{svg}&api_version=2026-01-01"), &[]).await;
    let later = open(&app, &svg, &[("x-api-version", "2026-09-03")]).await;
    assert_eq!((dated.status, later.status), (200, 200));
    assert_eq!(later.header("x-api-version"), "2026-09-03");
    assert!(later.header("vary").to_ascii_lowercase().contains("x-api-version"));
    let tags = [etag.as_str(), dated.header("etag"), later.header("etag")];
    assert!(tags[0] != tags[1] || tags[0] != tags[2], "a different api_version, a different ETag: {tags:?}");
    assert_ne!(tags[1], tags[2]);
    assert_eq!(open(&app, &format!("{svg}&api_version=2026-13-45"), &[]).await.status, 400);

    // Format and size are part of it too.
    let png_tag = open(&app, &png, &[]).await.header("etag").to_owned();
    let sized = open(&app, &format!("{png}&size=300"), &[]).await.header("etag").to_owned();
    let dark = open(&app, &format!("{svg}&theme=dark"), &[]).await.header("etag").to_owned();
    let all = [etag.as_str(), png_tag.as_str(), sized.as_str(), dark.as_str()];
    assert_eq!(all.iter().collect::<std::collections::BTreeSet<_>>().len(), 4, "{all:?}");
}

/// The points the renderer marked on `ring` (`data-ring`, `data-point`),
/// each checked to draw its glyph exactly once: point id → groups.
fn drawn_points(svg: &str, ring: &str) -> std::collections::BTreeMap<String, usize> {
    let document = roxmltree::Document::parse(svg).unwrap();
    let mut found = std::collections::BTreeMap::new();
    // The ring's group holds its points' groups, each marked with both.
    for group in document.descendants().filter(|n| n.attribute("data-ring") == Some(ring)) {
        let Some(id) = group.attribute("data-point") else { continue };
        let glyph = format!("#glyph-{id}");
        let uses = group.descendants().filter(|n| n.attribute("href") == Some(glyph.as_str())).count();
        assert_eq!(uses, 1, "{ring} {id}: its glyph drawn {uses} times");
        *found.entry(id.to_owned()).or_insert(0) += 1;
    }
    found
}

#[tokio::test]
async fn each_requested_point_appears_exactly_once_in_every_link() {
    let app = TestApp::spawn().await;
    let requested = [
        "sun",
        "moon",
        "mercury",
        "venus",
        "mars",
        "jupiter",
        "saturn",
        "uranus",
        "neptune",
        "pluto",
        "true_node",
        "mean_lilith",
        "part_of_fortune",
    ];
    let wanted: std::collections::BTreeSet<String> = requested.iter().map(|p| (*p).to_owned()).collect();
    for (path, body) in calculations() {
        let response = app.post(path, &with(body, json!({ "points": requested }))).await;
        assert_eq!(response.status, 200, "{path}: {}", response.text);
        for (name, svg_url, _) in links(&response.body["data"]) {
            let image = open(&app, &svg_url, &[]).await;
            assert_eq!(image.status, 200, "{path} {name}");
            let svg = assert_safe_svg(&image.bytes);
            let inner = drawn_points(&svg, "inner");
            assert_eq!(inner.keys().cloned().collect::<std::collections::BTreeSet<_>>(), wanted, "{path} {name}: inner ring");
            assert!(inner.values().all(|&n| n == 1), "{path} {name}: {inner:?}");
            let outer = drawn_points(&svg, "outer");
            assert!(outer.values().all(|&n| n == 1), "{path} {name}: {outer:?}");
            assert!(outer.keys().all(|id| wanted.contains(id)), "{path} {name}: outer ring {outer:?}");
            if path == "/api/calc/natal" || name == "natal" {
                assert!(outer.is_empty(), "{path} {name}: a single chart, yet an outer ring {outer:?}");
            } else {
                // A bi-wheel; the transit's outer ring holds the moving points only.
                assert!(outer.len() >= 10, "{path} {name}: outer ring {outer:?}");
            }
        }
    }
}

#[tokio::test]
async fn a_stellium_opens_with_every_point_once_and_no_glyph_boxes_overlapping() {
    use shared::astro::point::{AngleId, PointId};
    use shared::astro::zodiac::angular_distance;
    use shared::render::{ChartRing, Style, Wheel, WheelPoint, layout};

    let app = TestApp::spawn().await;
    // 5 February 1962 at sunrise in Bangkok: Sun, Moon, Mercury, Venus,
    // Jupiter and the Part of Fortune within 10° of Aquarius, Mars and
    // Saturn a few degrees off.
    let body = json!({
        "dateTime": "1962-02-05T07:10",
        "location": place(13.7563, 100.5018, "Asia/Bangkok"),
        "points": ["sun", "moon", "mercury", "venus", "mars", "jupiter", "saturn", "uranus", "neptune", "pluto",
                   "true_node", "mean_lilith", "part_of_fortune"],
    });
    let response = app.post("/api/calc/natal", &body).await;
    assert_eq!(response.status, 200, "{}", response.text);
    let data = &response.body["data"];

    // The chart the link draws, from the answer's own numbers.
    let points: Vec<WheelPoint> = data["points"]
        .as_object()
        .unwrap()
        .iter()
        .map(|(id, point)| WheelPoint {
            point: PointId::parse(id).unwrap(),
            longitude: point["longitude"].as_f64().unwrap(),
            retrograde: point["retrograde"].as_bool().unwrap(),
        })
        .collect();
    let sun = points.iter().find(|p| p.point == PointId::Sun).unwrap().longitude;
    let close = points.iter().filter(|p| angular_distance(p.longitude, sun + 5.0) <= 5.0).count();
    assert!(close >= 6, "a stellium: {close} points within 10° ({points:?})");
    let angles: Vec<(AngleId, f64)> = AngleId::ALL
        .into_iter()
        .filter_map(|angle| data["angles"][angle.id()]["longitude"].as_f64().map(|longitude| (angle, longitude)))
        .collect();
    assert_eq!(angles.len(), 4);
    let cusps: Vec<f64> = data["houses"]["cusps"].as_array().unwrap().iter().map(|c| c["longitude"].as_f64().unwrap()).collect();
    let wheel = Wheel { inner: ChartRing { points, angles, cusps: Some(cusps.try_into().unwrap()), name: None }, ..Wheel::default() };
    let placed = layout(&wheel, &Style::default());
    assert!(placed.overlapping_glyphs().is_empty(), "{:?}", placed.overlapping_glyphs());

    let (svg_url, png_url) = (data["chart"]["url"].as_str().unwrap(), data["chart"]["pngUrl"].as_str().unwrap());
    let image = open(&app, svg_url, &[]).await;
    assert_eq!(image.status, 200);
    let drawn = drawn_points(&assert_safe_svg(&image.bytes), "inner");
    assert_eq!(drawn.len(), 13, "{drawn:?}");
    assert!(drawn.values().all(|&n| n == 1), "{drawn:?}");
    let png = open(&app, png_url, &[]).await;
    assert_eq!(png.status, 200);
    assert_png(&png.bytes);
}

#[tokio::test]
async fn a_vedic_chart_links_its_north_and_south_indian_diagrams() {
    let app = TestApp::spawn().await;
    app.set_plan(shared::auth::Plan::Basic).await;
    let body = json!({
        "dateTime": "1990-05-11T14:30", "location": place(28.6139, 77.209, "Asia/Kolkata"), "vargas": ["D9", "D60"], "language": "es",
    });
    let response = app.post("/api/vedic/chart", &body).await;
    assert_eq!(response.status, 200, "{}", response.text);
    let images = response.body["data"]["images"].as_object().unwrap();
    // The rashi chart always, then each varga asked for.
    let mut vargas: Vec<&String> = images.keys().collect();
    vargas.sort_by_key(|id| id[1..].parse::<u8>().unwrap());
    assert_eq!(vargas, ["D1", "D9", "D60"]);
    for (varga, layouts) in images {
        for layout in ["north", "south"] {
            let (svg_url, png_url) = (layouts[layout]["url"].as_str().unwrap(), layouts[layout]["pngUrl"].as_str().unwrap());
            assert!(svg_url.starts_with(&format!("{BASE}/api/chart/image.svg?token=")), "{svg_url}");
            let svg = open(&app, svg_url, &[]).await;
            assert_eq!(svg.status, 200, "{varga} {layout}: {}", String::from_utf8_lossy(&svg.bytes));
            let text = assert_safe_svg(&svg.bytes);
            let document = roxmltree::Document::parse(&text).unwrap();
            let words: String = document.descendants().filter(|n| n.is_text()).filter_map(|n| n.text()).collect::<Vec<_>>().join("|");
            // Spanish names; the lagna marked once; nine grahas in twelve places.
            assert!(words.contains(&format!("({varga})")), "{varga} {layout}: {words}");
            assert_eq!(words.matches("Asc").count(), 1, "{words}");
            for graha in ["So", "Lu", "Ma", "Me", "Jú", "Ve", "Sa", "Ra", "Ke"] {
                assert!(words.split('|').any(|w| w.starts_with(graha)), "{varga} {layout}: {graha} in {words}");
            }
            if layout == "south" {
                assert!(words.contains("Piscis") && words.contains("Sur de la India"), "{words}");
            } else {
                assert!(words.contains("Norte de la India"), "{words}");
            }
            let png = open(&app, &format!("{png_url}&size=400"), &[]).await;
            assert_eq!(png.status, 200);
            assert_eq!(assert_png(&png.bytes), 400);
        }
    }
    // The rashi chart of this birth: a Leo lagna (5) in the North Indian chart's first house, Moon 13° in Scorpio.
    let north = open(&app, images["D1"]["north"]["url"].as_str().unwrap(), &[]).await;
    let text = String::from_utf8(north.bytes.clone()).unwrap();
    assert!(text.find(">5</text>").unwrap() < text.find(">6</text>").unwrap());
    assert!(text.contains(">Asc 28°</tspan>") && text.contains(">Lu 13°</tspan>"), "{text}");
    // A token that was tampered with opens nothing.
    let tampered = images["D1"]["south"]["url"].as_str().unwrap().replace("token=ey", "token=ex");
    assert_eq!(open(&app, &tampered, &[]).await.status, 401);
    // The diagrams are the vedic module's: a plan without it opens none.
    app.set_plan(shared::auth::Plan::Free).await;
    let refused = open(&app, images["D9"]["north"]["url"].as_str().unwrap(), &[]).await;
    refused.assert_refused(403, "module_not_in_plan");
}

#[tokio::test]
async fn an_astrocartography_answer_links_its_world_map() {
    let app = TestApp::spawn().await;
    let body =
        json!({ "dateTime": "1990-05-11T14:30", "location": place(41.9028, 12.4964, "Europe/Rome"), "points": ["sun", "venus", "mars"] });
    let response = app.post("/api/calc/astrocartography", &body).await;
    assert_eq!(response.status, 200, "{}", response.text);
    let map = &response.body["data"]["map"];
    let (svg_url, png_url) = (map["url"].as_str().unwrap(), map["pngUrl"].as_str().unwrap());
    assert!(svg_url.starts_with(&format!("{BASE}/api/chart/image.svg?token=")), "{svg_url}");
    let svg = open(&app, svg_url, &[]).await;
    assert_eq!(svg.status, 200, "{}", String::from_utf8_lossy(&svg.bytes));
    assert_eq!(svg.header("content-type"), "image/svg+xml");
    let text = assert_safe_svg(&svg.bytes);
    let document = roxmltree::Document::parse(&text).unwrap();
    let root = document.root_element();
    assert_eq!((root.attribute("width"), root.attribute("height")), (Some("1600"), Some("972")));
    // Twelve lines (three bodies, four angles), each with its hover title
    // and its label; the legend names the three bodies.
    let titles: Vec<&str> = document.descendants().filter(|n| n.has_tag_name("title")).filter_map(|n| n.text()).collect();
    for body in ["Sun", "Venus", "Mars"] {
        for angle in ["MC", "IC", "ASC", "DSC"] {
            assert!(titles.contains(&format!("{body} {angle}").as_str()), "{body} {angle} in {titles:?}");
        }
    }
    let words: Vec<&str> = document.descendants().filter(|n| n.is_text()).filter_map(|n| n.text()).collect();
    assert_eq!(words.iter().filter(|w| **w == "ASC").count(), 3, "{words:?}");
    assert!(words.contains(&"Astrocartography") && words.contains(&"Venus"));
    // The land is drawn (Natural Earth's outlines are thousands of points).
    assert!(text.len() > 200_000, "{}", text.len());

    let png = open(&app, png_url, &[]).await;
    assert_eq!(png.status, 200);
    assert_eq!(assert_png(&png.bytes), 1600);
    let wider = open(&app, &format!("{png_url}&size=2400&theme=dark"), &[]).await;
    assert_eq!(assert_png(&wider.bytes), 2400);
    let used = units_used(&app).await;
    let etag = png.header("etag").to_owned();
    for bad in ["1599", "600", "4001", "big", "-5"] {
        // Refused before the cache and the meter: no 304 with a good ETag, nothing charged.
        let refused = open(&app, &format!("{png_url}&size={bad}"), &[("if-none-match", &etag)]).await;
        refused.assert_refused(422, "invalid_parameter");
        assert_eq!(refused.json()["errors"][0]["source"]["parameter"], "size");
        assert!(refused.json()["errors"][0]["detail"].as_str().unwrap().contains("1600 to 4000"));
    }
    assert_eq!(units_used(&app).await, used, "a refused size costs nothing");
    // The width drawn names the bytes: no size and 1600 are one image, one ETag.
    let explicit = open(&app, &format!("{png_url}&size=1600"), &[]).await;
    assert_eq!(explicit.header("etag"), etag);
    // Local space drawn when asked: a dotted circle a body.
    let with_local_space = app.post("/api/calc/astrocartography", &with(body.clone(), json!({ "localSpace": true }))).await;
    let svg = open(&app, with_local_space.body["data"]["map"]["url"].as_str().unwrap(), &[]).await;
    let text = String::from_utf8(svg.bytes).unwrap();
    // Each line's hover title names its azimuth ("Venus local space 277°"); the legend explains the dots.
    let titled = text
        .match_indices(" local space ")
        .filter(|(at, found)| text[at + found.len()..].starts_with(|c: char| c.is_ascii_digit()))
        .count();
    assert_eq!(titled, 3, "one local space line a body");
    assert!(text.contains("dotted: local space"));
    // In Spanish when asked.
    let spanish = app.post("/api/calc/astrocartography", &with(body, json!({ "language": "es" }))).await;
    let svg = open(&app, spanish.body["data"]["map"]["url"].as_str().unwrap(), &[]).await;
    let text = String::from_utf8(svg.bytes).unwrap();
    assert!(text.contains(">Astrocartografía<") && text.contains(">Marte<"), "Spanish texts");
}
