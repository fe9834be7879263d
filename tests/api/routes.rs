use local_server::{RouteDrift, family_routes, route_drift, template::TEMPLATE, template::parse_functions, template::parse_routes};

#[test]
fn the_template_and_the_families_route_the_same_endpoints() {
    assert_eq!(route_drift(), Vec::<RouteDrift>::new());
}

#[test]
fn every_family_has_one_function_in_the_template_packaged_by_make_package() {
    let mut in_template = parse_functions(TEMPLATE).unwrap();
    in_template.sort();
    // The chat's binary serves two functions: management behind the HTTP
    // API, the chat stream behind its REST API (LAMBDA_INVOKE_MODE).
    assert_eq!(in_template.iter().filter(|f| *f == "chat").count(), 2);
    in_template.dedup();
    // Families without routes yet (widgets, chat, pdf) have their function
    // too; edge-metering is no family: S3 invokes it, not the API.
    let mut families: Vec<String> = family_routes().keys().map(|f| f.to_string()).chain(["edge-metering".to_owned()]).collect();
    families.sort();
    assert_eq!(in_template, families);
    // A function whose code is anywhere else would not be found.
    let elsewhere = TEMPLATE.replace("CodeUri: target/lambda/pdf/bootstrap.zip", "CodeUri: .");
    assert!(parse_functions(&elsewhere).unwrap_err().contains("PdfFunction"));
}

#[test]
fn the_template_routes_are_read_from_the_sam_events() {
    let routes = parse_routes(TEMPLATE).unwrap();
    assert!(routes.iter().any(|r| r.family == "calc" && r.method == "POST" && r.path == "/api/calc/natal"));
    // The chat route is on the REST API (Type: Api), and only there.
    let chat: Vec<_> = routes.iter().filter(|r| r.path == "/widget/chat/{chatbotId}/user/{externalUserId}").collect();
    assert_eq!(chat.len(), 2, "{chat:?}");
    assert!(chat.iter().all(|r| r.family == "chat") && chat.iter().any(|r| r.method == "POST") && chat.iter().any(|r| r.is_preflight()));
    assert!(routes.iter().any(|r| r.family == "keys" && r.method == "POST" && r.path == "/api/api-keys"));
    // An event added to the template but not served would be found: the
    // comparison sees every HttpApi event.
    let drifted = TEMPLATE.replace("Path: /api/calc/natal }", "Path: /api/calc/natal }\n        Extra:\n          Type: HttpApi\n          Properties: { ApiId: !Ref Api, Method: GET, Path: /api/calc/nowhere }");
    let routes = parse_routes(&drifted).unwrap();
    assert!(routes.iter().any(|r| r.path == "/api/calc/nowhere" && r.family == "calc"));
}

#[tokio::test]
async fn every_template_route_is_served_by_the_local_server() {
    let app = crate::support::TestApp::spawn().await;
    for route in parse_routes(TEMPLATE).unwrap() {
        let request =
            axum::http::Request::builder().method(route.method.as_str()).uri(&route.path).body(axum::body::Body::from("{}")).unwrap();
        let response = app.send(request).await;
        // A handler may answer 404 for the placeholder id; the router's own
        // fallback (no handler at all) says "no such endpoint".
        let fallback = response.status == 404 && response.body["errors"][0]["detail"] == "no such endpoint";
        assert!(!fallback, "{} {} is not served", route.method, route.path);
        assert_ne!(response.status, 405, "{} {} is not served", route.method, route.path);
    }
}
