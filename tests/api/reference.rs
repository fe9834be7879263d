//! The API's reference as served: the OpenAPI document documents exactly the
//! routes the families serve, and the reference page loads only from the
//! service itself.

use std::collections::BTreeSet;

use axum::body::Body;
use axum::http::Request;

use crate::support::TestApp;

const METHODS: [&str; 5] = ["get", "post", "patch", "put", "delete"];

async fn get(app: &TestApp, path: &str) -> crate::support::TestResponse {
    app.send(Request::get(path).body(Body::empty()).unwrap()).await
}

/// (METHOD, path) of every operation of the served document.
fn documented(document: &serde_json::Value) -> BTreeSet<(String, String)> {
    let paths = document["paths"].as_object().expect("the document has paths");
    paths
        .iter()
        .flat_map(|(path, item)| {
            METHODS.iter().filter(|method| item.get(**method).is_some()).map(move |method| (method.to_uppercase(), path.clone()))
        })
        .collect()
}

#[tokio::test]
async fn every_served_route_is_documented_and_every_documented_operation_is_served() {
    let app = TestApp::spawn().await;
    let response = get(&app, "/api/openapi.json").await;
    assert_eq!(response.status, 200, "{}", response.text);
    assert_eq!(response.headers["content-type"], "application/json");
    let documented = documented(&response.body);

    // The MCP server's door speaks its own protocol, described by its
    // tool list (the input schemas are the REST bodies documented here) and
    // docs/mcp.md, which the real client's check holds to the list.
    let served: BTreeSet<(String, String)> = local_server::family_routes()
        .into_iter()
        .filter(|(family, _)| *family != "mcp")
        .flat_map(|(_, routes)| routes)
        .map(|route| (route.method.as_str().to_owned(), route.path.to_owned()))
        .collect();
    let undocumented: Vec<_> = served.difference(&documented).collect();
    let unserved: Vec<_> = documented.difference(&served).collect();
    assert!(undocumented.is_empty(), "served but not in docs/openapi.yaml: {undocumented:?}");
    assert!(unserved.is_empty(), "in docs/openapi.yaml but not served: {unserved:?}");
}

#[tokio::test]
async fn the_served_document_is_the_yaml_of_this_commit() {
    let app = TestApp::spawn().await;
    let response = get(&app, "/api/openapi.json").await;
    assert!(response.body["openapi"].as_str().is_some_and(|v| v.starts_with("3.")), "{}", response.text);
    assert_eq!(response.body, content::reference::openapi_document().expect("the YAML parses"));
    // No key is needed, and a key is not refused either.
    let with_key = app.send(Request::get("/api/openapi.json").header("x-api-key", &app.api_key).body(Body::empty()).unwrap()).await;
    assert_eq!(with_key.status, 200);
}

#[tokio::test]
async fn the_reference_page_loads_only_from_the_service() {
    let app = TestApp::spawn().await;
    let page = get(&app, "/docs").await;
    assert_eq!(page.status, 200);
    assert_eq!(page.headers["content-type"], "text/html; charset=utf-8");
    let csp = page.headers["content-security-policy"].to_str().unwrap().to_owned();
    assert!(csp.starts_with("default-src 'none';"), "{csp}");
    assert!(csp.contains("script-src 'self';") && csp.contains("connect-src 'self';"), "{csp}");
    assert!(!csp.contains("unsafe") && !csp.contains("http") && !csp.contains('*'), "the page trusts nothing but itself: {csp}");
    // Styles pass with this response's nonce, which the page hands to Redoc.
    let nonce = csp.split("'nonce-").nth(1).and_then(|rest| rest.split('\'').next()).expect("a style nonce").to_owned();
    assert!(nonce.len() >= 22, "{nonce}");
    assert!(page.text.contains(&format!(r#"<script src="/docs/reference.js" nonce="{nonce}"></script>"#)), "{}", page.text);
    let again = get(&app, "/docs").await;
    assert!(!again.headers["content-security-policy"].to_str().unwrap().contains(&nonce), "a fresh nonce per response");
    // Every script and the document it renders come from this service.
    assert!(page.text.contains(r#"<script src="/docs/redoc.standalone.js" nonce="#), "{}", page.text);
    assert!(!page.text.contains("http://") && !page.text.contains("https://"), "{}", page.text);
    assert!(!page.text.contains("<script>"), "no inline script: the policy would block it");
    let init = get(&app, "/docs/reference.js").await;
    assert_eq!(init.status, 200);
    assert!(init.text.contains(r#"Redoc.init("/api/openapi.json""#), "{}", init.text);

    let script = get(&app, "/docs/redoc.standalone.js").await;
    assert_eq!(script.status, 200);
    assert_eq!(script.headers["content-type"], "text/javascript; charset=utf-8");
    assert!(script.text.len() > 100_000 && script.text.contains("Redoc"), "the vendored Redoc bundle");
}
