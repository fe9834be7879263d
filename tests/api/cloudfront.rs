//! Links through CloudFront: with CloudFront signing configured, the chart
//! links of an answer are CloudFront signed URLs on the distribution, valid
//! exactly as long as their token; with the origin secret configured, the
//! link routes answer only requests carrying it (as CloudFront sends it),
//! refusing others before anything is read or charged, and every other
//! route is unchanged. (The signature itself is checked with openssl in
//! shared/tests/cloudfront_signature.rs.)

use axum::body::Body;
use axum::http::Request;
use base64::Engine;
use http_body_util::BodyExt;
use serde_json::Value;
use shared::cloudfront::{CdnConfig, CloudFrontSigner, OriginVerifySecret};
use tower::ServiceExt;

use crate::orgs::units_used;
use crate::support::{TestApp, rome_1990};

const DOMAIN: &str = "d111111abcdef8.cloudfront.net";
const KEY_PAIR_ID: &str = "K2JCJMDEHXQW5F";
const ORIGIN_SECRET: &str = "origin-secret-for-this-test-0123";

async fn app_behind_cloudfront(origin_secret: Option<&str>) -> TestApp {
    let signer = CloudFrontSigner::from_pem(DOMAIN, KEY_PAIR_ID, &crate::openssl::rsa_private_key_pem()).expect("signer");
    let secret = origin_secret.map(|s| OriginVerifySecret::new(s).expect("secret"));
    TestApp::spawn_with(move |config| config.cdn = CdnConfig { signer: Some(signer), origin_verify_secret: secret }).await
}

async fn natal_links(app: &TestApp) -> (String, String) {
    let response = app.post("/api/calc/natal", &rome_1990()).await;
    assert_eq!(response.status, 200, "{}", response.text);
    let chart = &response.body["data"]["chart"];
    (chart["url"].as_str().expect("url").to_owned(), chart["pngUrl"].as_str().expect("pngUrl").to_owned())
}

/// The query of `url` as (name, value) pairs, in order.
fn parameters(url: &str) -> Vec<(String, String)> {
    let query = url.split_once('?').expect("a query").1;
    query.split('&').map(|pair| pair.split_once('=').map(|(n, v)| (n.to_owned(), v.to_owned())).expect("name=value")).collect()
}

fn parameter<'a>(pairs: &'a [(String, String)], name: &str) -> &'a str {
    let found: Vec<&str> = pairs.iter().filter(|(n, _)| n == name).map(|(_, v)| v.as_str()).collect();
    assert_eq!(found.len(), 1, "{name} once in {pairs:?}");
    found[0]
}

/// What CloudFront asks the origin for: the path and the cache key's query
/// strings (`token`, and whatever else the client added), not the three
/// signature parameters.
fn origin_request(url: &str) -> String {
    let without_domain = url.strip_prefix(&format!("https://{DOMAIN}")).expect("a URL on the distribution");
    let (path, query) = without_domain.split_once('?').expect("a query");
    let kept: Vec<&str> =
        query.split('&').filter(|pair| !["Expires=", "Signature=", "Key-Pair-Id="].iter().any(|p| pair.starts_with(p))).collect();
    format!("{path}?{}", kept.join("&"))
}

async fn get(app: &TestApp, path_and_query: &str, headers: &[(&str, &str)]) -> (u16, Value, Vec<u8>) {
    let mut request = Request::get(path_and_query);
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    let response = app.router.clone().oneshot(request.body(Body::empty()).expect("request")).await.expect("infallible");
    let status = response.status().as_u16();
    let bytes = response.into_body().collect().await.expect("body").to_bytes().to_vec();
    (status, serde_json::from_slice(&bytes).unwrap_or(Value::Null), bytes)
}

#[tokio::test]
async fn chart_links_are_cloudfront_signed_urls_expiring_with_their_token() {
    let app = app_behind_cloudfront(None).await;
    let (svg, png) = natal_links(&app).await;
    for (url, path) in [(&svg, "/api/chart/image.svg"), (&png, "/api/chart/image.png")] {
        assert!(url.starts_with(&format!("https://{DOMAIN}{path}?token=")), "{url}");
        let pairs = parameters(url);
        let mut names: Vec<&str> = pairs.iter().map(|(n, _)| n.as_str()).collect();
        names.sort_unstable();
        assert_eq!(names, ["Expires", "Key-Pair-Id", "Signature", "token"], "{url}");
        assert_eq!(parameter(&pairs, "Key-Pair-Id"), KEY_PAIR_ID);
        let signature = parameter(&pairs, "Signature");
        assert!(signature.bytes().all(|b| b.is_ascii_alphanumeric() || b"-_~".contains(&b)), "{signature}");
        // CloudFront's expiry is the token's own.
        let token = parameter(&pairs, "token");
        let payload = token.split('.').nth(1).expect("a JWT");
        let claims: Value =
            serde_json::from_slice(&base64::engine::general_purpose::URL_SAFE_NO_PAD.decode(payload).expect("base64")).expect("claims");
        assert_eq!(parameter(&pairs, "Expires"), claims["exp"].as_i64().expect("exp").to_string());
    }
    assert_ne!(parameter(&parameters(&svg), "Signature"), parameter(&parameters(&png), "Signature"), "each URL signed for its own path");

    // Without the origin secret the origin still serves the link as
    // CloudFront asks for it.
    let (status, _, bytes) = get(&app, &origin_request(&svg), &[]).await;
    assert_eq!(status, 200);
    assert!(bytes.starts_with(b"<svg"));
}

#[tokio::test]
async fn with_the_origin_secret_link_routes_answer_only_cloudfront() {
    let app = app_behind_cloudfront(Some(ORIGIN_SECRET)).await;
    let (svg, png) = natal_links(&app).await;
    let before = units_used(&app).await;

    for url in [&svg, &png] {
        let path = origin_request(url);
        for headers in [vec![], vec![("x-origin-verify", "origin-secret-for-this-test-0124")], vec![("x-origin-verify", "")]] {
            let (status, body, _) = get(&app, &path, &headers).await;
            assert_eq!(status, 403, "{headers:?}: {body}");
            assert_eq!(body["errors"][0]["code"], "not_through_cdn");
            assert!(!body.to_string().contains(ORIGIN_SECRET), "the secret is never echoed");
        }
        // Refused before the token is even read: a bad one gets the same answer.
        let (status, body, _) = get(&app, "/api/chart/image.svg?token=garbage", &[]).await;
        assert_eq!((status, body["errors"][0]["code"].as_str()), (403, Some("not_through_cdn")));
    }
    assert_eq!(units_used(&app).await, before, "refusals are not charged");

    let (status, _, bytes) = get(&app, &origin_request(&svg), &[("x-origin-verify", ORIGIN_SECRET)]).await;
    assert_eq!(status, 200);
    assert!(bytes.starts_with(b"<svg"));
    let (status, _, bytes) = get(&app, &origin_request(&png), &[("X-Origin-Verify", ORIGIN_SECRET)]).await;
    assert_eq!(status, 200);
    assert!(bytes.starts_with(b"\x89PNG"));
    assert_eq!(units_used(&app).await, before + 2);

    // Keyed routes do not need CloudFront.
    let response = app.post("/api/calc/natal", &rome_1990()).await;
    assert_eq!(response.status, 200, "{}", response.text);
}

#[tokio::test]
async fn without_cloudfront_links_are_the_services_own_and_need_no_header() {
    let app = TestApp::spawn().await;
    let (svg, _) = natal_links(&app).await;
    assert!(svg.starts_with("https://api.example.test/api/chart/image.svg?token="), "{svg}");
    assert_eq!(parameters(&svg).len(), 1, "only the token: {svg}");
    let (status, _, _) = get(&app, svg.strip_prefix("https://api.example.test").expect("base"), &[]).await;
    assert_eq!(status, 200);
}

/// CloudFront's path patterns: `*` any run of characters, `?` one.
fn matches_pattern(pattern: &str, path: &str) -> bool {
    match (pattern.as_bytes().first(), path.as_bytes().first()) {
        (None, None) => true,
        (Some(b'*'), _) => matches_pattern(&pattern[1..], path) || (!path.is_empty() && matches_pattern(pattern, &path[1..])),
        (Some(b'?'), Some(_)) => matches_pattern(&pattern[1..], &path[1..]),
        (Some(p), Some(c)) if p == c => matches_pattern(&pattern[1..], &path[1..]),
        _ => false,
    }
}

#[test]
fn the_distribution_caches_exactly_the_routes_behind_it_by_token() {
    use serde_norway::Value as Yaml;
    let template: Yaml = serde_norway::from_str(local_server::template::TEMPLATE).expect("template.yaml");
    let resources = &template["Resources"];
    let config = &resources["CdnDistribution"]["Properties"]["DistributionConfig"];
    let strings = |value: &Yaml| -> Vec<String> {
        value.as_sequence().expect("a list").iter().map(|v| v.as_str().expect("a string").to_owned()).collect()
    };
    // `!Ref Name`, the template's short form.
    let reference = |value: &Yaml| match value {
        Yaml::Tagged(tagged) if tagged.tag == "Ref" => tagged.value.as_str().unwrap_or_default().to_owned(),
        other => format!("{other:?}"),
    };

    let behaviors = config["CacheBehaviors"].as_sequence().expect("cache behaviors");
    let patterns: Vec<&str> = behaviors.iter().map(|b| b["PathPattern"].as_str().expect("PathPattern")).collect();
    assert_eq!(patterns, ["/api/calc/*/summary", "/api/chart/*"]);
    for behavior in behaviors.iter().chain([&config["DefaultCacheBehavior"]]) {
        // Signed URLs only, from the stack's key group, over HTTPS.
        assert_eq!(
            behavior["TrustedKeyGroups"].as_sequence().map(|g| g.iter().map(reference).collect::<Vec<_>>()),
            Some(vec!["CdnKeyGroup".to_owned()])
        );
        assert_eq!(behavior["ViewerProtocolPolicy"].as_str(), Some("https-only"));
        assert_eq!(strings(&behavior["AllowedMethods"]), ["GET", "HEAD"]);
    }
    // The cache key: the token and the compatibility date (images also their
    // presentation), never CloudFront's own parameters, cookies or headers.
    for (behavior, expected) in behaviors.iter().zip([vec!["token", "api_version"], vec!["token", "api_version", "theme", "size"]]) {
        let policy = reference(&behavior["CachePolicyId"]);
        let key = &resources[policy.as_str()]["Properties"]["CachePolicyConfig"]["ParametersInCacheKeyAndForwardedToOrigin"];
        assert_eq!(key["QueryStringsConfig"]["QueryStringBehavior"].as_str(), Some("whitelist"), "{policy}");
        let query_strings = strings(&key["QueryStringsConfig"]["QueryStrings"]);
        assert_eq!(query_strings, expected, "{policy}");
        assert!(shared::cloudfront::SIGNATURE_PARAMETERS.iter().all(|p| !query_strings.iter().any(|q| q == p)));
        assert_eq!(key["HeadersConfig"]["HeaderBehavior"].as_str(), Some("none"), "{policy}");
        assert_eq!(key["CookiesConfig"]["CookieBehavior"].as_str(), Some("none"), "{policy}");
        assert_eq!(reference(&behavior["OriginRequestPolicyId"]), "LinkOriginRequestPolicy");
    }
    // The origin gets the secret header the routes check.
    let origin = &config["Origins"][0];
    assert_eq!(origin["CustomOriginConfig"]["OriginProtocolPolicy"].as_str(), Some("https-only"));
    assert_eq!(
        origin["OriginCustomHeaders"][0]["HeaderName"].as_str().map(str::to_ascii_lowercase).as_deref(),
        Some(shared::cloudfront::ORIGIN_VERIFY_HEADER)
    );

    // A route is behind the CDN (refusing requests that bypass it) exactly
    // when a cache behavior serves it, and edge metering counts exactly
    // those paths.
    for (family, routes) in local_server::family_routes() {
        for route in routes {
            let served = patterns.iter().any(|pattern| matches_pattern(pattern, route.path)) && route.method == axum::http::Method::GET;
            assert_eq!(route.behind_cdn, served, "{family} {} {}: behind_cdn", route.method, route.path);
            let metered = shared::metering::edge::is_link_path(route.path) && route.method == axum::http::Method::GET;
            assert_eq!(metered, served, "{family} {} {}: edge-metered", route.method, route.path);
        }
    }
    for path in ["/api/calc/natal/summary", "/api/calc/solar-return/summary", "/api/chart/image.svg"] {
        assert!(patterns.iter().any(|pattern| matches_pattern(pattern, path)) && shared::metering::edge::is_link_path(path), "{path}");
    }
    assert!(!matches_pattern("/api/calc/*/summary", "/api/calc/natal"));
}

/// The summary link through CloudFront: a signed URL expiring with its token,
/// the same URL for the same calculation within the hour (one cache entry),
/// and the origin serving it only with the secret header.
#[tokio::test]
async fn summary_links_are_cloudfront_signed_urls_one_per_summary() {
    let app = app_behind_cloudfront(Some(ORIGIN_SECRET)).await;
    let summary_link = |response: &crate::support::TestResponse| response.body["data"]["summary"]["url"].as_str().expect("url").to_owned();
    let first = summary_link(&app.post("/api/calc/natal", &rome_1990()).await);
    let again = summary_link(&app.post("/api/calc/natal", &rome_1990()).await);
    assert_eq!(first, again, "the same calculation within the hour: the same signed URL, one edge cache entry");
    assert!(first.starts_with(&format!("https://{DOMAIN}/api/calc/natal/summary?token=")), "{first}");
    let pairs = parameters(&first);
    let mut names: Vec<&str> = pairs.iter().map(|(n, _)| n.as_str()).collect();
    names.sort_unstable();
    assert_eq!(names, ["Expires", "Key-Pair-Id", "Signature", "token"]);
    let payload = parameter(&pairs, "token").split('.').nth(1).expect("a JWT");
    let claims: Value =
        serde_json::from_slice(&base64::engine::general_purpose::URL_SAFE_NO_PAD.decode(payload).expect("base64")).expect("claims");
    assert_eq!(parameter(&pairs, "Expires"), claims["exp"].as_i64().expect("exp").to_string());
    assert_eq!(claims["exp"].as_i64().expect("exp") % 3600, 0, "on the hour");

    let path = origin_request(&first);
    let (status, body, _) = get(&app, &path, &[]).await;
    assert_eq!((status, body["errors"][0]["code"].as_str()), (403, Some("not_through_cdn")));
    let (status, body, _) = get(&app, &path, &[("x-origin-verify", ORIGIN_SECRET)]).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["cached"], false);
}
