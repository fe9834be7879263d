//! GET /api/calc/{type}/summary: every calculation of a horoscope type
//! links to its summary; the first call writes it (ten units), later ones
//! read it (one unit), also under fifty concurrent first calls; refused
//! links and refused modules charge nothing.

use std::collections::HashSet;

use axum::body::Body;
use axum::http::Request;
use http_body_util::BodyExt;
use serde_json::{Value, json};
use shared::signing::{LinkSigner, SigningKey};
use tower::ServiceExt;

use crate::orgs::{OWNER, call, units_used};
use crate::support::{TestApp, TestResponse, birth, place, rome_1990, with};

const BASE: &str = "https://api.example.test";

/// Every calculation with a summary: (endpoint, body, horoscope type, summary path).
fn calculations() -> Vec<(&'static str, Value, &'static str)> {
    vec![
        ("/api/calc/natal", rome_1990(), "natal"),
        ("/api/calc/progressions", with(birth(), json!({ "targetDate": "2025-05-11" })), "progressions"),
        ("/api/calc/solar-return", with(birth(), json!({ "returnYear": 2025 })), "solar-return"),
        ("/api/calc/lunar-return", with(birth(), json!({ "returnDate": "2025-03-01" })), "lunar-return"),
        (
            "/api/calc/synastry",
            json!({
                "dateTime1": "1990-05-11T14:30", "location1": place(41.9028, 12.4964, "Europe/Rome"),
                "dateTime2": "1992-08-20T06:15", "location2": place(40.7128, -74.006, "America/New_York"),
            }),
            "synastry",
        ),
        ("/api/calc/transit", with(birth(), json!({ "startDate": "2025-01-01", "endDate": "2025-03-31" })), "transit"),
    ]
}

pub async fn open(app: &TestApp, url: &str) -> TestResponse {
    let path = url.strip_prefix(BASE).unwrap_or(url);
    let response = app.router.clone().oneshot(Request::get(path).body(Body::empty()).unwrap()).await.unwrap();
    let status = response.status();
    let headers = response.headers().clone();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    let text = String::from_utf8_lossy(&bytes).into_owned();
    let body = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
    TestResponse { status, headers, body, text }
}

/// The summary link of a calculation made with `key`.
async fn summary_url(app: &TestApp, key: &str, path: &str, body: &Value) -> String {
    let response = app.post_raw(path, &body.to_string(), &[("x-api-key", key)]).await;
    assert_eq!(response.status, 200, "{}", response.text);
    response.body["data"]["summary"]["url"].as_str().unwrap_or_else(|| panic!("no summary.url in {}", response.text)).to_owned()
}

fn words(text: &str) -> usize {
    text.split_whitespace().count()
}

#[tokio::test]
async fn every_horoscope_type_links_to_a_summary_that_opens() {
    let app = TestApp::spawn().await;
    for (path, body, horoscope) in calculations() {
        let response = app.post(path, &body).await;
        assert_eq!(response.status, 200, "{path}: {}", response.text);
        let link = &response.body["data"]["summary"];
        assert_eq!(link["horoscopeType"], horoscope, "{path}");
        let url = link["url"].as_str().unwrap();
        assert!(url.starts_with(&format!("{BASE}/api/calc/{horoscope}/summary?token=")), "{url}");
        let expires = chrono::DateTime::parse_from_rfc3339(link["expiresAt"].as_str().unwrap()).expect("RFC 3339 expiresAt");
        assert!(expires.timestamp() > chrono::Utc::now().timestamp());

        let opened = open(&app, url).await;
        assert_eq!(opened.status, 200, "{path}: {}", opened.text);
        let data = &opened.body["data"];
        assert_eq!(data["horoscopeType"], horoscope);
        assert_eq!(data["language"], "en");
        assert_eq!(data["cached"], false);
        assert!(data["model"].as_str().unwrap().starts_with("astro-narrative-1.0+corpus."), "{}", data["model"]);
        chrono::DateTime::parse_from_rfc3339(data["generatedAt"].as_str().unwrap()).expect("RFC 3339 generatedAt");
        let text = data["summary"].as_str().unwrap();
        assert!((60..=250).contains(&words(text)), "{path}: {} words: {text}", words(text));
        let highlights = data["highlights"].as_array().unwrap();
        assert!(!highlights.is_empty(), "{path}: {}", opened.text);
        for highlight in highlights {
            assert!(highlight["kind"].is_string() && highlight["label"].as_str().is_some_and(|l| !l.is_empty()), "{highlight}");
        }
        assert_eq!(opened.body["meta"]["generator"], "built-in");
    }
}

#[tokio::test]
async fn natal_summaries_read_between_120_and_250_words() {
    let app = TestApp::spawn().await;
    for (date, latitude, longitude, zone) in [
        ("1990-05-11T14:30", 41.9028, 12.4964, "Europe/Rome"),
        ("1984-08-02T17:05", -33.87, 151.21, "Australia/Sydney"),
        ("1955-02-24T19:15", 37.77, -122.42, "America/Los_Angeles"),
        ("2001-12-31T23:59", 64.15, -21.94, "Atlantic/Reykjavik"),
    ] {
        let body = json!({ "dateTime": date, "location": place(latitude, longitude, zone) });
        let url = summary_url(&app, &app.api_key, "/api/calc/natal", &body).await;
        let opened = open(&app, &url).await;
        let text = opened.body["data"]["summary"].as_str().unwrap();
        assert!((120..=250).contains(&words(text)), "{date}: {} words: {text}", words(text));
    }
}

#[tokio::test]
async fn the_first_call_writes_for_ten_units_later_calls_read_for_one() {
    let app = TestApp::spawn().await;
    let url = summary_url(&app, &app.api_key, "/api/calc/natal", &rome_1990()).await;
    let before = units_used(&app).await;

    let first = open(&app, &url).await;
    assert_eq!(first.status, 200, "{}", first.text);
    assert_eq!(first.body["data"]["cached"], false);
    assert_eq!(first.body["meta"]["units"], 10);
    assert_eq!(units_used(&app).await - before, 10);

    let second = open(&app, &url).await;
    assert_eq!(second.body["data"]["cached"], true);
    assert_eq!(second.body["meta"]["units"], 1);
    assert_eq!(units_used(&app).await - before, 11);
    for field in ["summary", "generatedAt", "model", "highlights"] {
        assert_eq!(first.body["data"][field], second.body["data"][field], "{field}");
    }

    // The same calculation asked again (one unit) links to the same summary.
    let again = summary_url(&app, &app.api_key, "/api/calc/natal", &rome_1990()).await;
    assert_eq!(again, url, "links within the hour are identical");
    let third = open(&app, &again).await;
    assert_eq!(third.body["data"]["cached"], true);
    assert_eq!(units_used(&app).await - before, 13);

    // Another language is another summary.
    let spanish = summary_url(&app, &app.api_key, "/api/calc/natal", &with(rome_1990(), json!({ "language": "es" }))).await;
    let es = open(&app, &spanish).await;
    assert_eq!(es.body["data"]["cached"], false);
    assert_eq!(es.body["data"]["language"], "es");
    assert_eq!(units_used(&app).await - before, 24);
}

#[tokio::test]
async fn fifty_concurrent_first_calls_write_once() {
    let app = TestApp::spawn().await;
    let url = summary_url(&app, &app.api_key, "/api/calc/natal", &rome_1990()).await;
    let before = units_used(&app).await;
    let answers = concurrently(std::slice::from_ref(&app.router), &url, 50).await;
    let mut written = 0;
    let mut texts = HashSet::new();
    let mut times = HashSet::new();
    for (status, body) in answers {
        assert_eq!(status, 200, "{body}");
        if body["data"]["cached"] == false {
            written += 1;
        }
        texts.insert(body["data"]["summary"].as_str().unwrap().to_owned());
        times.insert(body["data"]["generatedAt"].as_str().unwrap().to_owned());
    }
    assert_eq!(written, 1, "one call writes, 49 read what it wrote");
    assert_eq!((texts.len(), times.len()), (1, 1));
    // One new summary (10) and 49 cached ones (1 each).
    assert_eq!(units_used(&app).await - before, 10 + 49);
}

/// `n` concurrent GETs of `url`, spread over `routers` in turn: (status, body) each.
pub async fn concurrently(routers: &[axum::Router], url: &str, n: usize) -> Vec<(u16, Value)> {
    let path = url.strip_prefix(BASE).unwrap_or(url).to_owned();
    let calls: Vec<_> = (0..n)
        .map(|i| {
            let router = routers[i % routers.len()].clone();
            let request = Request::get(path.as_str()).body(Body::empty()).unwrap();
            tokio::spawn(async move {
                let response = router.oneshot(request).await.unwrap();
                let status = response.status().as_u16();
                let bytes = response.into_body().collect().await.unwrap().to_bytes();
                (status, serde_json::from_slice::<Value>(&bytes).unwrap_or(Value::Null))
            })
        })
        .collect();
    let mut answers = Vec::with_capacity(n);
    for call in calls {
        answers.push(call.await.unwrap());
    }
    answers
}

fn sign(claims: &Value) -> String {
    let signer = LinkSigner::new(&[SigningKey { id: "test".into(), secret: b"test-url-signing-secret".to_vec() }]);
    signer.sign(claims).unwrap()
}

fn claims_of(url: &str) -> Value {
    use base64::Engine;
    let token = url.split("token=").nth(1).unwrap();
    let payload = token.split('.').nth(1).unwrap();
    serde_json::from_slice(&base64::engine::general_purpose::URL_SAFE_NO_PAD.decode(payload).unwrap()).unwrap()
}

#[tokio::test]
async fn tampered_expired_foreign_and_revoked_links_are_refused_and_charge_nothing() {
    let app = TestApp::spawn().await;
    let response = call(
        &app,
        "POST",
        "/api/api-keys",
        OWNER,
        Some(json!({ "data": { "type": "api-keys", "attributes": { "name": "k", "organizationId": app.organization_id } } })),
    )
    .await;
    let (id, key) = (response.body["data"]["id"].as_str().unwrap().to_owned(), response.body["data"]["key"].as_str().unwrap().to_owned());
    let natal = app.post_raw("/api/calc/natal", &rome_1990().to_string(), &[("x-api-key", &key)]).await;
    let url = natal.body["data"]["summary"]["url"].as_str().unwrap().to_owned();
    let image = natal.body["data"]["chart"]["url"].as_str().unwrap().to_owned();
    let before = units_used(&app).await;
    let refused = |response: &TestResponse, status: u16, code: &str| {
        assert_eq!(response.status.as_u16(), status, "{}", response.text);
        assert_eq!(response.error()["code"], code, "{}", response.text);
    };

    // Tampered: another chart in the payload, the signature kept.
    let token = url.split("token=").nth(1).unwrap();
    let mut parts: Vec<String> = token.split('.').map(String::from).collect();
    let mut claims = claims_of(&url);
    claims["c"]["i"]["jd"] = json!(2448000.5);
    parts[1] = {
        use base64::Engine;
        base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(claims.to_string())
    };
    refused(&open(&app, &format!("{BASE}/api/calc/natal/summary?token={}", parts.join("."))).await, 401, "invalid_link");
    refused(&open(&app, &format!("{BASE}/api/calc/natal/summary")).await, 401, "invalid_link");

    // Expired: signed by the server's key, but past its time.
    let mut past = claims_of(&url);
    past["exp"] = json!(chrono::Utc::now().timestamp() - 1);
    refused(&open(&app, &format!("{BASE}/api/calc/natal/summary?token={}", sign(&past))).await, 401, "expired_link");

    // Foreign: another key's signature; an image link; another type's path.
    let other = LinkSigner::new(&[SigningKey { id: "test".into(), secret: b"another-servers-secret!!".to_vec() }]);
    let forged = other.sign(&claims_of(&url)).unwrap();
    refused(&open(&app, &format!("{BASE}/api/calc/natal/summary?token={forged}")).await, 401, "invalid_link");
    let image_token = image.split("token=").nth(1).unwrap();
    refused(&open(&app, &format!("{BASE}/api/calc/natal/summary?token={image_token}")).await, 401, "invalid_link");
    refused(&open(&app, &format!("{BASE}/api/chart/image.svg?token={token}")).await, 401, "invalid_link");
    refused(&open(&app, &url.replace("/natal/summary", "/synastry/summary")).await, 401, "invalid_link");
    assert_eq!(units_used(&app).await, before, "refusals charge nothing");

    // Revoked: the link worked, then its key is revoked.
    assert_eq!(open(&app, &url).await.status, 200);
    let after_first = units_used(&app).await;
    let revoked = call(&app, "DELETE", &format!("/api/api-keys/{id}"), OWNER, None).await;
    assert!(revoked.status.is_success(), "{}", revoked.text);
    refused(&open(&app, &url).await, 401, "revoked_api_key");
    assert_eq!(units_used(&app).await, after_first);
}

#[tokio::test]
async fn the_ai_summary_module_and_the_texts_are_required() {
    let app = TestApp::spawn().await;
    let url = summary_url(&app, &app.api_key, "/api/calc/natal", &rome_1990()).await;
    let refused = |response: &TestResponse, code: &str| {
        assert_eq!(response.status.as_u16(), 403, "{}", response.text);
        assert_eq!(response.error()["code"], code, "{}", response.text);
    };

    app.set_plan(shared::auth::Plan::Basic).await;
    let before = units_used(&app).await;
    let response = open(&app, &url).await;
    refused(&response, "module_not_in_plan");
    assert!(response.error()["detail"].as_str().unwrap().contains("ai-summary"));
    assert_eq!(units_used(&app).await, before, "a refusal charges nothing");
    app.set_plan(shared::auth::Plan::Premium).await;

    let no_summary = app.create_key(json!({ "modules": ["content"] })).await;
    let url = summary_url(&app, &no_summary, "/api/calc/natal", &rome_1990()).await;
    refused(&open(&app, &url).await, "module_not_allowed");

    let no_texts = app.create_key(json!({ "permissions": ["calc:read"] })).await;
    let url = summary_url(&app, &no_texts, "/api/calc/natal", &rome_1990()).await;
    refused(&open(&app, &url).await, "texts_not_allowed");

    let no_content_module = app.create_key(json!({ "modules": ["ai-summary"] })).await;
    let url = summary_url(&app, &no_content_module, "/api/calc/natal", &rome_1990()).await;
    refused(&open(&app, &url).await, "texts_not_allowed");

    let both = app.create_key(json!({ "permissions": ["calc:read", "content:read"], "modules": ["ai-summary", "content"] })).await;
    let url = summary_url(&app, &both, "/api/calc/natal", &rome_1990()).await;
    assert_eq!(open(&app, &url).await.status, 200);
}

#[tokio::test]
async fn a_known_stellium_and_an_exact_conjunction_are_named_in_highlights_and_text() {
    let app = TestApp::spawn().await;
    // 5 February 1962, New Delhi: seven bodies in Aquarius.
    let stellium = json!({ "dateTime": "1962-02-05T05:30", "location": place(28.6139, 77.209, "Asia/Kolkata") });
    let url = summary_url(&app, &app.api_key, "/api/calc/natal", &stellium).await;
    let data = open(&app, &url).await.body["data"].clone();
    let labels: Vec<&str> = data["highlights"].as_array().unwrap().iter().map(|h| h["label"].as_str().unwrap()).collect();
    assert!(labels.iter().any(|l| l.starts_with("Stellium in Aquarius: Sun, Moon, Mercury, Venus, Mars, Jupiter, Saturn")), "{labels:?}");
    assert!(data["summary"].as_str().unwrap().contains("A stellium of Sun, Moon, Mercury, Venus, Mars, Jupiter and Saturn in Aquarius"));

    // 21 December 2020, 18:20 UT in London: Jupiter and Saturn conjoined to the arcminute.
    let great = json!({ "dateTime": "2020-12-21T18:20", "location": place(51.5074, -0.1278, "Europe/London") });
    let url = summary_url(&app, &app.api_key, "/api/calc/natal", &great).await;
    let data = open(&app, &url).await.body["data"].clone();
    let highlights = data["highlights"].as_array().unwrap();
    assert!(
        highlights.iter().any(|h| h["kind"] == "aspect" && h["label"].as_str().unwrap().starts_with("Jupiter conjunction Saturn (orb 0°0")),
        "{highlights:?}"
    );
    assert!(data["summary"].as_str().unwrap().contains("The exact conjunction between your Jupiter and your Saturn"));

    // In Spanish: the same features, in Spanish words.
    let url = summary_url(&app, &app.api_key, "/api/calc/natal", &with(great, json!({ "language": "es" }))).await;
    let data = open(&app, &url).await.body["data"].clone();
    let text = data["summary"].as_str().unwrap();
    assert!(text.starts_with("Esta carta natal"), "{text}");
    assert!(text.contains("El aspecto de conjunción exacto entre tu Júpiter y tu Saturno"), "{text}");
    for english in [" the ", " your ", " and ", " with "] {
        assert!(!text.contains(english), "English '{english}' in {text}");
    }
    assert!(data["highlights"].as_array().unwrap().iter().any(|h| h["label"].as_str().unwrap().starts_with("Júpiter conjunción Saturno")));
}

/// On DynamoDB, as on Lambda: fifty concurrent first calls spread over five
/// "containers" (app states sharing nothing but the table) write once.
#[tokio::test]
async fn fifty_concurrent_first_calls_on_dynamodb_across_containers_write_once() {
    let Some(endpoint) = crate::moto::endpoint("fifty_concurrent_first_calls_on_dynamodb_across_containers_write_once") else {
        return;
    };
    let app = TestApp::spawn_on_dynamodb(&endpoint).await;
    let url = summary_url(&app, &app.api_key, "/api/calc/natal", &rome_1990()).await;
    let before = units_used(&app).await;
    let containers: Vec<axum::Router> = (0..5)
        .map(|_| {
            let mut state = app.state.clone();
            state.key_pointers = std::sync::Arc::new(shared::repo::api_keys::PointerCache::new());
            local_server::app(state).expect("routes")
        })
        .collect();
    let answers = concurrently(&containers, &url, 50).await;
    let mut written = 0;
    let mut texts = HashSet::new();
    for (status, body) in answers {
        assert_eq!(status, 200, "{body}");
        written += usize::from(body["data"]["cached"] == false);
        texts.insert(body["data"]["summary"].as_str().unwrap().to_owned());
    }
    assert_eq!((written, texts.len()), (1, 1));
    assert_eq!(units_used(&app).await - before, 10 + 49);
}

#[tokio::test]
async fn caches_keep_only_cached_answers_and_revalidation_is_free() {
    let app = TestApp::spawn().await;
    let url = summary_url(&app, &app.api_key, "/api/calc/natal", &rome_1990()).await;
    let first = open(&app, &url).await;
    assert_eq!(first.headers["cache-control"], "no-store", "the writing answer (cached: false) is kept by no cache");
    let second = open(&app, &url).await;
    let cache_control = second.headers["cache-control"].to_str().unwrap();
    assert!(cache_control.starts_with("public, max-age="), "{cache_control}");
    let max_age: i64 = cache_control.rsplit('=').next().unwrap().parse().unwrap();
    assert!((1..=3600).contains(&max_age), "{max_age}");
    let etag = second.headers["etag"].to_str().unwrap().to_owned();
    assert_eq!(first.headers["etag"], etag.as_str());

    let before = units_used(&app).await;
    let path = url.strip_prefix(BASE).unwrap();
    let request = Request::get(path).header("if-none-match", etag.as_str()).body(Body::empty()).unwrap();
    let revalidated = app.router.clone().oneshot(request).await.unwrap();
    assert_eq!(revalidated.status(), 304);
    assert_eq!(units_used(&app).await, before, "a 304 charges nothing (CloudFront's RefreshHit is charged from its logs)");
    // Another compatibility date is another validator.
    let request =
        Request::get(format!("{path}&api_version=2026-09-03")).header("if-none-match", etag.as_str()).body(Body::empty()).unwrap();
    assert_eq!(app.router.clone().oneshot(request).await.unwrap().status(), 200);
}

#[tokio::test]
async fn a_long_transit_period_speaks_of_slow_planets() {
    let app = TestApp::spawn().await;
    let year = with(birth(), json!({ "startDate": "2026-01-01", "endDate": "2026-12-31" }));
    let url = summary_url(&app, &app.api_key, "/api/calc/transit", &year).await;
    let data = open(&app, &url).await.body["data"].clone();
    let labels: Vec<&str> = data["highlights"].as_array().unwrap().iter().map(|h| h["label"].as_str().unwrap()).collect();
    assert!(!labels.is_empty());
    for fast in ["Transiting Sun ", "Transiting Moon ", "Transiting Mercury ", "Transiting Venus ", "Transiting Mars "] {
        assert!(labels.iter().all(|l| !l.starts_with(fast)), "{fast}in a year's summary: {labels:?}");
    }
    // Each contact once, however many passes (retrogrades) it makes.
    let distinct: HashSet<&str> = labels.iter().map(|l| l.split(" (orb").next().unwrap()).collect();
    assert_eq!(distinct.len(), labels.len(), "{labels:?}");

    // A month still speaks of the Sun and the inner planets.
    let month = with(birth(), json!({ "startDate": "2026-05-01", "endDate": "2026-05-31" }));
    let url = summary_url(&app, &app.api_key, "/api/calc/transit", &month).await;
    let data = open(&app, &url).await.body["data"].clone();
    let labels: Vec<&str> = data["highlights"].as_array().unwrap().iter().map(|h| h["label"].as_str().unwrap()).collect();
    assert!(
        labels.iter().any(|l| ["Transiting Sun ", "Transiting Mercury ", "Transiting Venus ", "Transiting Mars ", "Transiting Moon "]
            .iter()
            .any(|f| l.starts_with(f))),
        "{labels:?}"
    );
}
