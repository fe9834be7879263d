use axum::body::Body;
use axum::http::Request;

use crate::support::{TestApp, rome_1990};

#[tokio::test]
async fn a_malformed_version_is_a_400_with_the_interface_body() {
    let app = TestApp::spawn().await;
    for bad in ["2026-13-45", "2026-02-30", "yesterday", "2026/09/03", "20260903"] {
        let response =
            app.post_raw("/api/calc/natal", &rome_1990().to_string(), &[("x-api-key", &app.api_key), ("x-api-version", bad)]).await;
        assert_eq!(response.status, 400, "{bad}");
        assert_eq!(
            response.body,
            serde_json::json!({ "error": format!("invalid API version '{bad}': expected a date in YYYY-MM-DD format") })
        );
    }
    let response = app.post_raw("/api/calc/natal?api_version=2026-9-3", &rome_1990().to_string(), &[("x-api-key", &app.api_key)]).await;
    assert_eq!(response.status, 400);
    assert_eq!(response.body["error"], "invalid API version '2026-9-3': expected a date in YYYY-MM-DD format");
    // Checked before authentication: no key needed to learn the value is malformed.
    let response = app.post_raw("/api/calc/natal", "{}", &[("x-api-version", "bad")]).await;
    assert_eq!(response.status, 400);
}

#[tokio::test]
async fn natal_does_not_depend_on_the_version_so_it_only_echoes_an_explicit_header() {
    let app = TestApp::spawn().await;
    let plain = app.post("/api/calc/natal", &rome_1990()).await;
    assert!(plain.headers.get("x-api-version").is_none());
    assert!(!plain.headers.get_all("vary").iter().any(|v| v.to_str().unwrap().to_ascii_lowercase().contains("x-api-version")));
    for sent in ["2019-01-01", "2026-09-03", "2099-12-31"] {
        let response =
            app.post_raw("/api/calc/natal", &rome_1990().to_string(), &[("x-api-key", &app.api_key), ("x-api-version", sent)]).await;
        assert_eq!(response.status, 200, "a well-formed date outside the range is not an error");
        assert_eq!(response.headers["x-api-version"], sent);
        assert_eq!(response.body["data"], plain.body["data"].clone().tap_url(&response.body));
    }
}

/// Chart links carry a fresh expiry and signature; everything else must match.
trait TapUrl {
    fn tap_url(self, other: &serde_json::Value) -> serde_json::Value;
}

impl TapUrl for serde_json::Value {
    fn tap_url(mut self, other: &serde_json::Value) -> serde_json::Value {
        self["chart"] = other["data"]["chart"].clone();
        self
    }
}

#[tokio::test]
async fn cors_allows_and_exposes_the_version_header() {
    let app = TestApp::spawn().await;
    let preflight = Request::options("/api/calc/natal")
        .header("origin", "https://app.example.com")
        .header("access-control-request-method", "POST")
        .header("access-control-request-headers", "x-api-version, x-api-key, content-type")
        .body(Body::empty())
        .unwrap();
    let response = app.send(preflight).await;
    assert!(response.status.is_success(), "{}", response.status);
    let allowed = response.headers["access-control-allow-headers"].to_str().unwrap().to_ascii_lowercase();
    assert!(allowed.contains("x-api-version") && allowed.contains("x-api-key"), "{allowed}");
    let response = app
        .post_raw("/api/calc/natal", &rome_1990().to_string(), &[("x-api-key", &app.api_key), ("origin", "https://app.example.com")])
        .await;
    let exposed = response.headers["access-control-expose-headers"].to_str().unwrap().to_ascii_lowercase();
    assert!(exposed.contains("x-api-version"), "{exposed}");
}

/// The mechanism a version-dependent endpoint uses (the transit endpoint's
/// grouped aspects are the first): header > query > the organization's pin
/// from the store > baseline, with `X-Api-Version` and `Vary` on the answer.
#[tokio::test]
async fn versioned_answers_resolve_the_organization_pin_from_the_store() {
    use axum::http::Method;
    use axum::routing::get;
    use shared::http::{Caller, RequestedVersion, Route, Versioned, finish, router_from};

    async fn shaped(caller: Caller, requested: RequestedVersion) -> Versioned<axum::Json<serde_json::Value>> {
        let resolved = requested.resolve(caller.organization.api_version.as_deref());
        Versioned(resolved, axum::Json(serde_json::json!({ "grouped": resolved.includes(shared::version::latest()) })))
    }

    let app = TestApp::spawn().await;
    let routes = vec![Route::new(Method::GET, "/probe", Some(shared::auth::KeyPermission::CalcRead), get(shaped))];
    let router = finish(router_from(routes, &app.state), app.state.clone());
    let call = |headers: Vec<(&'static str, String)>, uri: &'static str| {
        let router = router.clone();
        let key = app.api_key.clone();
        async move {
            let mut request = Request::get(uri).header("x-api-key", key);
            for (name, value) in headers {
                request = request.header(name, value);
            }
            let response = tower::ServiceExt::oneshot(router, request.body(Body::empty()).unwrap()).await.unwrap();
            let version = response.headers().get("x-api-version").map(|v| v.to_str().unwrap().to_owned());
            let vary = response.headers().get_all("vary").iter().any(|v| v.to_str().unwrap().contains("X-Api-Version"));
            (version, vary)
        }
    };
    // No pin: the baseline applies and is stated.
    assert_eq!(call(vec![], "/probe").await, (Some("2026-01-01".into()), true));
    // A pin in the store changes what requests without a header get, at once.
    app.pin_api_version(Some("2026-10-01")).await;
    assert_eq!(call(vec![], "/probe").await.0.as_deref(), Some("2026-09-03"), "a pin after the newest change clamps to it");
    // The query beats the pin, the header beats both; early dates clamp to the baseline.
    assert_eq!(call(vec![], "/probe?api_version=2026-05-01").await.0.as_deref(), Some("2026-05-01"));
    assert_eq!(call(vec![("x-api-version", "2020-01-01".into())], "/probe?api_version=2026-09-03").await.0.as_deref(), Some("2026-01-01"));
}
