//! No secret reaches the logs. A full run through the API (keys created,
//! used, rotated, edited and refused; bearer tokens good and bad; an
//! invitation sent, looked up and accepted) with every log line at TRACE
//! captured from every thread, then searched for each secret that passed
//! through: API keys, bearer tokens, invitation ids, the configured
//! signing secrets, and the CloudFront private key and origin secret.

#[allow(dead_code)]
#[path = "../../shared/tests/common/moto.rs"]
mod moto;
#[path = "../../shared/tests/common/openssl.rs"]
mod openssl;
#[path = "../api/support.rs"]
#[allow(dead_code)]
mod support;

use std::io::Write;
use std::sync::{Arc, Mutex};

use axum::body::Body;
use axum::http::Request;
use serde_json::{Value, json};
use shared::auth::Role;
use shared::repo::orgs::{self, User};
use support::{TestApp, TestResponse, rome_1990};

/// Everything written by the process-wide subscriber.
#[derive(Clone, Default)]
struct Captured(Arc<Mutex<Vec<u8>>>);

impl Write for Captured {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Captured {
    fn text(&self) -> String {
        String::from_utf8_lossy(&self.0.lock().unwrap()).into_owned()
    }
}

async fn call(app: &TestApp, method: &str, path: &str, headers: &[(&str, &str)], body: Option<Value>) -> TestResponse {
    let mut request = Request::builder().method(method).uri(path).header("content-type", "application/json");
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    app.send(request.body(Body::from(body.map(|b| b.to_string()).unwrap_or_default())).unwrap()).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_key_token_or_secret_appears_in_the_logs() {
    let captured = Captured::default();
    let writer = captured.clone();
    tracing_subscriber::fmt()
        .with_max_level(tracing::Level::TRACE)
        .with_span_events(tracing_subscriber::fmt::format::FmtSpan::FULL)
        .with_ansi(false)
        .with_writer(move || writer.clone())
        .init();

    // Behind CloudFront: links signed with a key made for this run, link
    // routes guarded by the origin secret.
    let cloudfront_key = openssl::rsa_private_key_pem();
    let signer =
        shared::cloudfront::CloudFrontSigner::from_pem("d111111abcdef8.cloudfront.net", "K2JCJMDEHXQW5F", &cloudfront_key).unwrap();
    let origin_secret = shared::cloudfront::OriginVerifySecret::new(ORIGIN_SECRET).unwrap();
    let app = TestApp::spawn_with(move |config| {
        config.cdn = shared::cloudfront::CdnConfig { signer: Some(signer), origin_verify_secret: Some(origin_secret) }
    })
    .await;
    let mut secrets: Vec<(String, &str)> = vec![(app.api_key.clone(), "bootstrap key")];
    // Every full line of the CloudFront key's body (a short last line could
    // match anything), and the origin secret.
    for line in cloudfront_key.lines().filter(|line| !line.starts_with("-----") && line.len() >= 32) {
        secrets.push((line.to_owned(), "CloudFront private key"));
    }
    secrets.push((ORIGIN_SECRET.to_owned(), "origin secret"));
    let natal = app.post("/api/calc/natal", &rome_1990()).await;
    assert_eq!(natal.status, 200, "{}", natal.text);
    let image =
        natal.body["data"]["chart"]["url"].as_str().unwrap().strip_prefix("https://d111111abcdef8.cloudfront.net").unwrap().to_owned();
    assert_eq!(call(&app, "GET", &image, &[], None).await.status, 403);
    assert_eq!(call(&app, "GET", &image, &[("x-origin-verify", "a-wrong-origin-secret-0000")], None).await.status, 403);
    assert_eq!(call(&app, "GET", &image, &[("x-origin-verify", ORIGIN_SECRET)], None).await.status, 200);
    let owner = format!("Bearer {}", app.owner_token());
    secrets.push((app.owner_token(), "owner token"));

    // A key created, used, edited, rotated; the old secret refused.
    let create = json!({ "data": { "type": "api-keys", "attributes": { "name": "logged", "organizationId": app.organization_id, "rateLimitPerMinute": 100 } } });
    let created = call(&app, "POST", "/api/api-keys", &[("authorization", &owner)], Some(create)).await;
    assert_eq!(created.status, 201, "{}", created.text);
    let (key_id, first) =
        (created.body["data"]["id"].as_str().unwrap().to_owned(), created.body["data"]["key"].as_str().unwrap().to_owned());
    secrets.push((first.clone(), "created key"));
    assert_eq!(app.post_raw("/api/calc/natal", &rome_1990().to_string(), &[("x-api-key", &first)]).await.status, 200);
    let edit = json!({ "data": { "type": "api-keys", "attributes": { "name": "logged, renamed" } } });
    assert_eq!(call(&app, "PATCH", &format!("/api/api-keys/{key_id}"), &[("authorization", &owner)], Some(edit)).await.status, 200);
    let rotated = call(&app, "POST", &format!("/api/api-keys/{key_id}/rotate"), &[("authorization", &owner)], None).await;
    let second = rotated.body["data"]["key"].as_str().unwrap().to_owned();
    secrets.push((second.clone(), "rotated key"));
    assert_eq!(app.post_raw("/api/calc/natal", &rome_1990().to_string(), &[("x-api-key", &second)]).await.status, 200);
    assert_eq!(app.post_raw("/api/calc/natal", &rome_1990().to_string(), &[("x-api-key", &first)]).await.status, 401);

    // Refused credentials are not logged either.
    let unknown = "ak_0123456789abcdefghijABCDEFGHIJ0123456789".to_owned();
    assert_eq!(app.post_raw("/api/calc/natal", &rome_1990().to_string(), &[("x-api-key", &unknown)]).await.status, 401);
    secrets.push((unknown, "unknown key"));
    let forged = {
        let verifier = shared::auth::jwt::JwtVerifier::new(
            &shared::auth::jwt::JwtKey::Hs256(b"some-other-secret-some-other-secret".to_vec()),
            "astro-test",
            "astro-api",
        )
        .unwrap();
        verifier.mint(support_owner(), "owner@localhost", 600).unwrap()
    };
    assert_eq!(call(&app, "GET", "/api/api-keys", &[("authorization", &format!("Bearer {forged}"))], None).await.status, 401);
    secrets.push((forged, "forged token"));

    // An invitation: its id is a capability (the lookup shows the email).
    let invite = json!({ "data": { "type": "invitations", "attributes": { "email": "new@example.test", "role": "member" } } });
    let invitation = call(&app, "POST", "/api/org/invitations", &[("authorization", &owner)], Some(invite)).await;
    assert_eq!(invitation.status, 201, "{}", invitation.text);
    let invitation_id = invitation.body["data"]["id"].as_str().unwrap().to_owned();
    assert_eq!(call(&app, "GET", &format!("/api/public/invitations/{invitation_id}"), &[], None).await.status, 200);
    let invitee = app.state.jwt.as_ref().unwrap().mint("new-user", "new@example.test", 600).unwrap();
    let accepted = call(
        &app,
        "POST",
        &format!("/api/public/invitations/{invitation_id}/accept"),
        &[("authorization", &format!("Bearer {invitee}"))],
        None,
    )
    .await;
    assert_eq!(accepted.status, 200, "{}", accepted.text);
    secrets.push((invitation_id, "invitation id"));
    secrets.push((invitee, "invitee token"));
    orgs::add_member(
        app.state.table.as_ref(),
        &app.organization_id,
        &User { id: "m".into(), email: "m@example.test".into(), name: "M".into() },
        Role::Member,
    )
    .await
    .unwrap();
    app.state.meter.flush().await.unwrap();

    let config = support::test_config(std::path::Path::new("/unused"));
    for key in config.link_signing_keys {
        secrets.push((String::from_utf8(key.secret).unwrap(), "link signing secret"));
    }
    secrets.push(("test-jwt-secret-test-jwt-secret!".into(), "JWT secret"));

    let logs = captured.text();
    // The capture works: the run's requests and events are there.
    assert!(logs.contains("api key created") && logs.contains("api key rotated"), "capture is missing events:\n{logs}");
    assert!(logs.contains("/api/calc/natal") && logs.contains("request"), "capture is missing request spans");
    for (secret, what) in &secrets {
        assert!(!logs.contains(secret.as_str()), "the {what} appears in the logs");
        // Nor its middle part (a truncated or re-encoded copy).
        let middle = &secret[secret.len() / 4..secret.len() * 3 / 4];
        assert!(!logs.contains(middle), "part of the {what} appears in the logs");
    }
}

const ORIGIN_SECRET: &str = "origin-verify-secret-for-the-log-test";

fn support_owner() -> &'static str {
    local_server::bootstrap::LOCAL_OWNER_ID
}
