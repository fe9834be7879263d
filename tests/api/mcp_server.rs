//! The MCP server (`/mcp`) as an agent's client speaks to it: JSON-RPC over
//! Streamable HTTP, stateless, the key at the door, each tool call its REST
//! route's request (guard, metering, answer).

use axum::body::Body;
use axum::http::Request;
use serde_json::{Value, json};

use crate::support::{TestApp, TestResponse, rome_1990};

const ACCEPT: &str = "application/json, text/event-stream";

async fn rpc(app: &TestApp, key: Option<(&str, &str)>, method: &str, params: Value) -> TestResponse {
    let mut request = Request::post("/mcp")
        .header("content-type", "application/json")
        .header("accept", ACCEPT)
        .header("mcp-protocol-version", "2025-06-18");
    if let Some((name, value)) = key {
        request = request.header(name, value);
    }
    let body = json!({ "jsonrpc": "2.0", "id": 7, "method": method, "params": params });
    app.send(request.body(Body::from(body.to_string())).unwrap()).await
}

async fn call_tool(app: &TestApp, key: &str, name: &str, arguments: Value) -> Value {
    let response = rpc(app, Some(("x-api-key", key)), "tools/call", json!({ "name": name, "arguments": arguments })).await;
    assert_eq!(response.status, 200, "{}", response.text);
    response.body["result"].clone()
}

#[tokio::test]
async fn without_a_key_the_door_answers_401_before_the_protocol() {
    let app = TestApp::spawn().await;
    let none = rpc(&app, None, "tools/list", json!({})).await;
    assert_eq!(none.status, 401, "{}", none.text);
    assert_eq!(none.error()["code"], "missing_api_key");
    let wrong = rpc(&app, Some(("authorization", "Bearer ak_not_a_key")), "tools/list", json!({})).await;
    assert_eq!(wrong.status, 401);
    assert_eq!(wrong.error()["code"], "invalid_api_key");
    // Even a body the protocol would refuse: the key is asked first.
    let garbage = app.post_raw("/mcp", "{", &[]).await;
    assert_eq!(garbage.status, 401);
}

#[tokio::test]
async fn a_bearer_key_lists_the_tools_and_get_is_405() {
    let app = TestApp::spawn().await;
    let bearer = format!("Bearer {}", app.api_key);
    let init = rpc(
        &app,
        Some(("authorization", &bearer)),
        "initialize",
        json!({ "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": { "name": "test", "version": "1" } }),
    )
    .await;
    assert_eq!(init.status, 200, "{}", init.text);
    assert!(init.headers.get("mcp-session-id").is_none(), "stateless: no session");
    assert!(init.body["result"]["capabilities"]["tools"].is_object());

    let listed = rpc(&app, Some(("authorization", &bearer)), "tools/list", json!({})).await;
    let tools = listed.body["result"]["tools"].as_array().unwrap();
    let names: Vec<&str> = tools.iter().map(|t| t["name"].as_str().unwrap()).collect();
    assert_eq!(names.len(), mcp::TOOLS.len());
    for wanted in [
        "natal_chart",
        "transits",
        "synastry",
        "progressions",
        "solar_return",
        "lunar_return",
        "sky_events",
        "find_places",
        "moon_and_sun",
        "life_path_number",
        "chinese_forecast",
        "interpretation_texts",
        "chart_image_link",
    ] {
        assert!(names.contains(&wanted), "{wanted} not in {names:?}");
    }
    let natal = tools.iter().find(|t| t["name"] == "natal_chart").unwrap();
    assert_eq!(natal["inputSchema"]["type"], "object");
    assert_eq!(natal["inputSchema"]["required"], json!(["dateTime", "location"]));

    let get = app
        .send(Request::get("/mcp").header("x-api-key", &app.api_key).header("accept", "text/event-stream").body(Body::empty()).unwrap())
        .await;
    assert_eq!(get.status, 405, "{}", get.text);
}

#[tokio::test]
async fn a_tool_answers_what_its_route_answers() {
    let app = TestApp::spawn().await;
    let result = call_tool(&app, &app.api_key, "natal_chart", rome_1990()).await;
    assert_eq!(result["isError"], false, "{result}");
    let rest = app.post("/api/calc/natal", &rome_1990()).await;
    assert_eq!(rest.status, 200);
    assert_eq!(result["structuredContent"], rest.body);
    let text = result["content"][0]["text"].as_str().unwrap();
    assert!(text.starts_with("Sun 20°33′ Taurus, Moon"), "{text}");
    // The topocentric Moon by default, as on the route.
    assert_eq!(result["structuredContent"]["meta"]["moonCenter"], "topocentric");
}

#[tokio::test]
async fn a_bad_argument_is_a_tool_error_naming_the_field() {
    let app = TestApp::spawn().await;
    let mut body = rome_1990();
    body["location"]["latitude"] = json!(141.9);
    body["colour"] = json!("red");
    let result = call_tool(&app, &app.api_key, "natal_chart", body).await;
    assert_eq!(result["isError"], true, "{result}");
    let errors = result["structuredContent"]["errors"].as_array().unwrap();
    assert!(errors.iter().any(|e| e["source"]["pointer"] == "/colour"), "{errors:?}");
    assert!(result["content"][0]["text"].as_str().unwrap().contains("/colour"));

    // A query-string tool: its arguments are parsed as the route's type.
    let places = call_tool(&app, &app.api_key, "find_places", json!({ "query": "Rome", "limit": "three" })).await;
    assert_eq!(places["isError"], true, "{places}");
    assert_eq!(places["structuredContent"]["errors"][0]["source"]["pointer"], "/limit");

    let unknown = rpc(&app, Some(("x-api-key", &app.api_key)), "tools/call", json!({ "name": "tarot", "arguments": {} })).await;
    assert_eq!(unknown.body["error"]["code"], -32602, "an unknown tool is the protocol's error: {}", unknown.text);
}

#[tokio::test]
async fn the_keys_permissions_apply_to_each_tool() {
    let app = TestApp::spawn().await;
    let texts_only = app.create_key(json!({ "permissions": ["content:read"] })).await;
    let refused = call_tool(&app, &texts_only, "natal_chart", rome_1990()).await;
    assert_eq!(refused["isError"], true);
    let rest = app.post_raw("/api/calc/natal", &rome_1990().to_string(), &[("x-api-key", &texts_only)]).await;
    assert_eq!(rest.status, 403);
    assert_eq!(refused["structuredContent"], rest.body, "the same refusal as the route's");
    let allowed = call_tool(
        &app,
        &texts_only,
        "interpretation_texts",
        json!({ "horoscopeType": "natal", "contentType": "planet-in-sign", "pageSize": 2 }),
    )
    .await;
    assert_eq!(allowed["isError"], false, "{allowed}");
    assert_eq!(allowed["structuredContent"]["data"].as_array().unwrap().len(), 2);
}

#[tokio::test]
async fn each_tool_call_is_metered_as_one_request_and_the_list_is_free() {
    let app = TestApp::spawn().await;
    let key = app.create_key(json!({ "rateLimitPerMinute": 2 })).await;
    for _ in 0..5 {
        let listed = rpc(&app, Some(("x-api-key", &key)), "tools/list", json!({})).await;
        assert_eq!(listed.status, 200);
    }
    for _ in 0..2 {
        let result = call_tool(&app, &key, "life_path_number", json!({ "dateTime": "1990-05-11" })).await;
        assert_eq!(result["isError"], false, "{result}");
    }
    let third = call_tool(&app, &key, "moon_and_sun", rome_1990()).await;
    assert_eq!(third["isError"], true);
    assert_eq!(third["structuredContent"]["errors"][0]["code"], "rate_limited");
    // The same limit on the route: the tool calls spent it.
    let rest = app.post_raw("/api/numerology/life-path", &json!({ "dateTime": "1990-05-11" }).to_string(), &[("x-api-key", &key)]).await;
    assert_eq!(rest.status, 429);
}
