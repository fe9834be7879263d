//! Dashboard bearer tokens, through the API: every bad token is a 401
//! `invalid_token` (no token at all is `missing_token`), and no error body
//! repeats the token it refuses.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use hmac::{Hmac, Mac};
use jsonwebtoken::{Algorithm, EncodingKey, Header};
use serde_json::{Value, json};

use crate::support::{TestApp, TestResponse};

/// The test configuration's HS256 secret, issuer and audience
/// (`support::test_config`).
const SECRET: &[u8] = b"test-jwt-secret-test-jwt-secret!";
const ISSUER: &str = "astro-test";
const AUDIENCE: &str = "astro-api";
const USER: &str = local_server::bootstrap::LOCAL_OWNER_ID;

fn now() -> i64 {
    chrono::Utc::now().timestamp()
}

/// Claims the server accepts, for `lifetime` seconds from now.
fn claims(lifetime: i64) -> Value {
    json!({ "sub": USER, "email": "owner@localhost", "exp": now() + lifetime, "iss": ISSUER, "aud": AUDIENCE })
}

fn with(mut claims: Value, field: &str, value: Value) -> Value {
    claims[field] = value;
    claims
}

fn without(mut claims: Value, field: &str) -> Value {
    claims.as_object_mut().expect("an object").remove(field);
    claims
}

fn b64(bytes: &[u8]) -> String {
    URL_SAFE_NO_PAD.encode(bytes)
}

/// `header.claims.signature`, HMAC-SHA256 over the first two parts with
/// `secret`, whatever algorithm the header names: so a token naming another
/// algorithm is refused for its header, not for a bad signature.
fn hmac_signed(header: &Value, claims: &Value, secret: &[u8]) -> String {
    let signing_input = format!("{}.{}", b64(header.to_string().as_bytes()), b64(claims.to_string().as_bytes()));
    let mut mac = Hmac::<sha2::Sha256>::new_from_slice(secret).expect("any key length");
    mac.update(signing_input.as_bytes());
    format!("{signing_input}.{}", b64(&mac.finalize().into_bytes()))
}

fn hs256(claims: &Value, secret: &[u8]) -> String {
    hmac_signed(&json!({ "alg": "HS256", "typ": "JWT" }), claims, secret)
}

/// GET /api/api-keys with this Authorization header (or none).
async fn list_keys(app: &TestApp, authorization: Option<&str>) -> TestResponse {
    let mut request = axum::http::Request::get("/api/api-keys");
    if let Some(value) = authorization {
        request = request.header("authorization", value);
    }
    app.send(request.body(axum::body::Body::empty()).expect("request")).await
}

fn assert_refused(response: &TestResponse, code: &str, what: &str, token: &str) {
    assert_eq!(response.status, 401, "{what}: {}", response.text);
    assert_eq!(response.error()["code"], code, "{what}");
    assert_eq!(response.headers["content-type"], "application/vnd.api+json", "{what}");
    if !token.is_empty() {
        assert!(!response.text.contains(token), "{what}: the body repeats the token: {}", response.text);
        // Nor any of its parts (a signature or claims echoed back).
        for part in token.split('.').filter(|part| part.len() >= 8) {
            assert!(!response.text.contains(part), "{what}: the body repeats part of the token: {}", response.text);
        }
    }
}

#[tokio::test]
async fn a_good_token_is_accepted_with_either_spelling_of_bearer() {
    let app = TestApp::spawn().await;
    let token = hs256(&claims(600), SECRET);
    for scheme in ["Bearer", "bearer"] {
        let response = list_keys(&app, Some(&format!("{scheme} {token}"))).await;
        assert_eq!(response.status, 200, "{scheme}: {}", response.text);
    }
    // Within the 30 s leeway an expiry just past still passes (clock skew).
    let response = list_keys(&app, Some(&format!("Bearer {}", hs256(&claims(-5), SECRET)))).await;
    assert_eq!(response.status, 200, "{}", response.text);
}

#[tokio::test]
async fn every_bad_token_is_invalid_token_and_never_echoed() {
    let app = TestApp::spawn().await;
    let good = claims(600);
    let hs512 = jsonwebtoken::encode(&Header::new(Algorithm::HS512), &good, &EncodingKey::from_secret(SECRET)).expect("HS512 token");
    let unsigned = format!("{}.{}.", b64(br#"{"alg":"none","typ":"JWT"}"#), b64(good.to_string().as_bytes()));
    let unsigned_capital = format!("{}.{}.", b64(br#"{"alg":"None","typ":"JWT"}"#), b64(good.to_string().as_bytes()));
    let valid = hs256(&good, SECRET);
    let stripped = valid.rsplit_once('.').map(|(unsigned, _)| format!("{unsigned}.")).expect("three parts");
    let tampered = {
        // The signature of the original claims over claims naming someone else.
        let (_, signature) = valid.rsplit_once('.').expect("three parts");
        let header = valid.split('.').next().expect("header");
        format!("{header}.{}.{signature}", b64(with(good.clone(), "sub", json!("someone-else")).to_string().as_bytes()))
    };

    let cases: Vec<(&str, String)> = vec![
        ("signed with another secret", hs256(&good, b"another-secret-another-secret!!!")),
        ("wrong issuer", hs256(&with(good.clone(), "iss", json!("https://evil.test")), SECRET)),
        ("wrong audience", hs256(&with(good.clone(), "aud", json!("another-api")), SECRET)),
        ("expired beyond the leeway", hs256(&claims(-120), SECRET)),
        ("long expired", hs256(&claims(-86_400), SECRET)),
        ("alg none", unsigned),
        ("alg None", unsigned_capital),
        ("signature stripped", stripped),
        ("claims changed after signing", tampered),
        ("HS512, right secret", hs512),
        (
            "RS256 header, HMAC-signed with the secret (algorithm confusion)",
            hmac_signed(&json!({ "alg": "RS256", "typ": "JWT" }), &good, SECRET),
        ),
        ("no sub", hs256(&without(good.clone(), "sub"), SECRET)),
        ("no exp", hs256(&without(good.clone(), "exp"), SECRET)),
        ("no iss", hs256(&without(good.clone(), "iss"), SECRET)),
        ("no aud", hs256(&without(good.clone(), "aud"), SECRET)),
        ("exp not a number", hs256(&with(good.clone(), "exp", json!("tomorrow")), SECRET)),
        ("garbage", "not-a-jwt-qzx".into()),
        ("garbage in three parts", "qzxqzxqzx.qzyqzyqzy.qzwqzwqzw".into()),
        ("header not base64", format!("%%%%.{}", valid.split_once('.').expect("parts").1)),
    ];
    for (what, token) in &cases {
        let response = list_keys(&app, Some(&format!("Bearer {token}"))).await;
        assert_refused(&response, "invalid_token", what, token);
    }
}

#[tokio::test]
async fn no_bearer_token_is_missing_token() {
    let app = TestApp::spawn().await;
    let token = hs256(&claims(600), SECRET);
    let cases: [(&str, Option<String>); 4] = [
        ("no Authorization header", None),
        ("the token without the Bearer scheme", Some(token.clone())),
        ("another scheme", Some(format!("Basic {}", b64(b"local-owner:secret")))),
        ("Bearer without a space", Some(format!("Bearer{token}"))),
    ];
    for (what, header) in &cases {
        let response = list_keys(&app, header.as_deref()).await;
        assert_refused(&response, "missing_token", what, header.as_deref().unwrap_or_default());
    }
}

/// `nbf` is checked (with the same 30 s leeway as `exp`), and a token lives
/// at most the configured maximum (24 h by default): counted from `iat`, or,
/// for a token without `iat` (or with one still to come), from the time of
/// use, so a token that names no issue time cannot live longer.
#[tokio::test]
async fn a_token_not_yet_valid_or_made_to_live_too_long_is_refused() {
    let app = TestApp::spawn().await;
    let day = 24 * 3600;
    let issued = |at: i64, lifetime: i64| with(with(claims(0), "iat", json!(at)), "exp", json!(at + lifetime));

    let accepted: Vec<(&str, Value)> = vec![
        ("nbf just past", with(claims(600), "nbf", json!(now() - 60))),
        ("nbf within the leeway", with(claims(600), "nbf", json!(now() + 10))),
        ("issued an hour ago for a day", issued(now() - 3600, day)),
        ("issued now for exactly a day", issued(now(), day)),
        ("no iat, expiring within a day", claims(day - 60)),
    ];
    for (what, claims) in &accepted {
        let response = list_keys(&app, Some(&format!("Bearer {}", hs256(claims, SECRET)))).await;
        assert_eq!(response.status, 200, "{what}: {}", response.text);
    }

    let refused: Vec<(&str, Value)> = vec![
        ("nbf tomorrow", with(claims(2 * day), "nbf", json!(now() + day))),
        ("nbf beyond the leeway", with(claims(600), "nbf", json!(now() + 120))),
        ("nbf not a number", with(claims(600), "nbf", json!("soon"))),
        ("issued for a day and a second", issued(now(), day + 1)),
        ("issued a week ago for a year", issued(now() - 7 * day, 365 * day)),
        ("no iat, expiring in two days", claims(2 * day)),
        ("iat to come, expiring in a year", issued(now() + 300 * day, day)),
        ("iat not a number", with(claims(600), "iat", json!("today"))),
    ];
    for (what, claims) in &refused {
        let token = hs256(claims, SECRET);
        assert_refused(&list_keys(&app, Some(&format!("Bearer {token}"))).await, "invalid_token", what, &token);
    }
}

/// `JWT_MAX_LIFETIME_SECONDS` sets the bound.
#[tokio::test]
async fn the_longest_lifetime_is_configured() {
    let app = TestApp::spawn_with(|config| config.jwt.as_mut().expect("jwt").max_lifetime_seconds = 3600).await;
    let issued = |lifetime: i64| with(with(claims(0), "iat", json!(now())), "exp", json!(now() + lifetime));
    let hour = list_keys(&app, Some(&format!("Bearer {}", hs256(&issued(3600), SECRET)))).await;
    assert_eq!(hour.status, 200, "{}", hour.text);
    let token = hs256(&issued(7200), SECRET);
    assert_refused(&list_keys(&app, Some(&format!("Bearer {token}"))).await, "invalid_token", "two hours", &token);
    let token = hs256(&claims(7200), SECRET);
    assert_refused(&list_keys(&app, Some(&format!("Bearer {token}"))).await, "invalid_token", "two hours without iat", &token);
}
