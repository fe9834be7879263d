//! /api/widgets: an organization's widget configurations from the
//! dashboard. PATCH merges (absent stays, `null` clears, `customization`
//! merged member by member); every member of the customization table is
//! checked, each refusal at its pointer; roles, plan and other
//! organizations' widgets refused.

use serde_json::{Value, json};
use shared::auth::{Plan, Role};

use crate::orgs::{OWNER, call, join};
use crate::support::{TestApp, TestResponse};

const BASE: &str = "https://api.example.test";

fn body(attributes: Value) -> Value {
    json!({ "data": { "type": "widgets", "attributes": attributes } })
}

fn patch(id: &str, attributes: Value) -> Value {
    json!({ "data": { "type": "widgets", "id": id, "attributes": attributes } })
}

async fn create(app: &TestApp, attributes: Value) -> Value {
    let created = call(app, "POST", "/api/widgets", OWNER, Some(body(attributes))).await;
    assert_eq!(created.status, 201, "{}", created.text);
    created.body["data"].clone()
}

fn assert_pointers(response: &TestResponse, status: u16, pointers: &[&str]) {
    assert_eq!(response.status, status, "{}", response.text);
    let found: Vec<&str> = response.body["errors"].as_array().unwrap().iter().filter_map(|e| e["source"]["pointer"].as_str()).collect();
    assert_eq!(found, pointers, "{}", response.text);
}

#[tokio::test]
async fn a_widget_is_created_read_listed_merged_and_deleted() {
    let app = TestApp::spawn().await;
    let created = call(
        &app,
        "POST",
        "/api/widgets",
        OWNER,
        Some(body(json!({
            "name": "Transit widget",
            "customization": { "colors": { "primary": "#6b4fbb", "accent": "#f4a259" }, "language": "es", "branding": { "companyName": "Estrella" } },
            "allowedDomains": ["astro.example.com", "*.example.org"],
        }))),
    )
    .await;
    assert_eq!(created.status, 201, "{}", created.text);
    let widget = &created.body["data"];
    let id = widget["id"].as_str().unwrap().to_owned();
    assert_eq!(widget["type"], "widgets");
    assert_eq!(widget["attributes"]["enabled"], true, "enabled by default");
    assert_eq!(widget["attributes"]["allowedDomains"], json!(["astro.example.com", "*.example.org"]));
    let own = format!("{BASE}/api/widgets/{id}");
    assert_eq!(widget["links"]["self"], own.as_str());
    assert_eq!(created.headers["location"], own.as_str());

    let read = call(&app, "GET", &format!("/api/widgets/{id}"), OWNER, None).await;
    assert_eq!(read.status, 200, "{}", read.text);
    assert_eq!(read.body["data"], *widget);

    // Absent members stay, null clears, customization merges.
    let edited = call(
        &app,
        "PATCH",
        &format!("/api/widgets/{id}"),
        OWNER,
        Some(patch(&id, json!({ "customization": { "colors": { "accent": null, "text": "#222" }, "language": null }, "enabled": false }))),
    )
    .await;
    assert_eq!(edited.status, 200, "{}", edited.text);
    let attributes = &edited.body["data"]["attributes"];
    assert_eq!(attributes["name"], "Transit widget");
    assert_eq!(attributes["allowedDomains"], json!(["astro.example.com", "*.example.org"]));
    assert_eq!(attributes["enabled"], false);
    assert_eq!(
        attributes["customization"],
        json!({ "colors": { "primary": "#6b4fbb", "text": "#222" }, "branding": { "companyName": "Estrella" } })
    );
    assert_eq!(attributes["createdAt"], widget["attributes"]["createdAt"]);

    let cleared = call(
        &app,
        "PATCH",
        &format!("/api/widgets/{id}"),
        OWNER,
        Some(patch(&id, json!({ "customization": null, "allowedDomains": null, "enabled": null }))),
    )
    .await;
    assert_eq!(cleared.status, 200, "{}", cleared.text);
    let attributes = &cleared.body["data"]["attributes"];
    assert_eq!(attributes["customization"], json!({}));
    assert_eq!(attributes["allowedDomains"], json!([]));
    assert_eq!(attributes["enabled"], true);
    assert_eq!(call(&app, "GET", &format!("/api/widgets/{id}"), OWNER, None).await.body["data"], cleared.body["data"], "stored");

    // Listed, paginated, oldest first.
    for name in ["Second", "Third"] {
        create(&app, json!({ "name": name })).await;
    }
    let page = call(&app, "GET", "/api/widgets?page[size]=2", OWNER, None).await;
    assert_eq!(page.status, 200, "{}", page.text);
    let names: Vec<&str> = page.body["data"].as_array().unwrap().iter().map(|w| w["attributes"]["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["Transit widget", "Second"]);
    assert_eq!(page.body["meta"]["page"]["total"], 3, "{}", page.text);
    assert!(page.body["links"]["next"].as_str().unwrap().contains("page[number]=2"), "{}", page.text);

    let deleted = call(&app, "DELETE", &format!("/api/widgets/{id}"), OWNER, None).await;
    assert_eq!(deleted.status, 204, "{}", deleted.text);
    assert_eq!(call(&app, "GET", &format!("/api/widgets/{id}"), OWNER, None).await.status, 404);
    assert_eq!(call(&app, "PATCH", &format!("/api/widgets/{id}"), OWNER, Some(patch(&id, json!({ "enabled": true })))).await.status, 404);
    assert_eq!(call(&app, "DELETE", &format!("/api/widgets/{id}"), OWNER, None).await.status, 404);
    assert!(shared::repo::widgets::find(app.state.table.as_ref(), &id).await.unwrap().is_none(), "the public pointer goes too");
}

#[tokio::test]
async fn every_refusal_points_at_its_member() {
    let app = TestApp::spawn().await;
    let widget = create(&app, json!({ "name": "w" })).await;
    let id = widget["id"].as_str().unwrap();
    let path = format!("/api/widgets/{id}");
    let at = "/data/attributes";
    let cases = [
        (json!({ "name": null }), "/name"),
        (json!({ "name": "" }), "/name"),
        (json!({ "enabled": "no" }), "/enabled"),
        (json!({ "allowedDomains": ["https://example.com"] }), "/allowedDomains/0"),
        (json!({ "owner": "me" }), "/owner"),
        (json!({ "customization": { "colour": {} } }), "/customization/colour"),
        (json!({ "customization": { "colors": { "primary": "blurple" } } }), "/customization/colors/primary"),
        (json!({ "customization": { "fonts": { "sizeBase": "big" } } }), "/customization/fonts/sizeBase"),
        (json!({ "customization": { "borders": { "style": "wavy" } } }), "/customization/borders/style"),
        (json!({ "customization": { "spacing": { "margin": 1000 } } }), "/customization/spacing/margin"),
        (json!({ "customization": { "shadows": { "preset": "huge" } } }), "/customization/shadows/preset"),
        (json!({ "customization": { "layout": { "variant": 3 } } }), "/customization/layout/variant"),
        (
            json!({ "customization": { "interaction": { "clickThroughUrl": "http://example.com" } } }),
            "/customization/interaction/clickThroughUrl",
        ),
        (json!({ "customization": { "branding": { "logoUrl": "javascript:alert(1)" } } }), "/customization/branding/logoUrl"),
        (json!({ "customization": { "branding": { "showPoweredBy": "no" } } }), "/customization/branding/showPoweredBy"),
        (json!({ "customization": { "customCss": "</style><script>alert(1)</script>" } }), "/customization/customCss"),
        (json!({ "customization": { "customCss": ".a { background: url(https://tracker.example/p.gif) }" } }), "/customization/customCss"),
        (json!({ "customization": { "labels": { "sun": 7 } } }), "/customization/labels/sun"),
        (json!({ "customization": { "language": "tlh" } }), "/customization/language"),
        (json!({ "customization": { "widgetOptions": { "theme": "neon" } } }), "/customization/widgetOptions/theme"),
        (json!({ "customization": { "numerologyOptions": { "showLifePath": "yes" } } }), "/customization/numerologyOptions/showLifePath"),
        (
            json!({ "customization": { "moonCalendarOptions": { "showPhaseEmoji": 1 } } }),
            "/customization/moonCalendarOptions/showPhaseEmoji",
        ),
        (
            json!({ "customization": { "compatibilityOptions": { "showScore": null, "showLifePaths": "x" } } }),
            "/customization/compatibilityOptions/showLifePaths",
        ),
        (
            json!({ "customization": { "dailyHoroscopeOptions": { "autoRefresh": [] } } }),
            "/customization/dailyHoroscopeOptions/autoRefresh",
        ),
        (json!({ "customization": { "chartSettings": "grid" } }), "/customization/chartSettings"),
    ];
    for (attributes, pointer) in cases {
        let response = call(&app, "PATCH", &path, OWNER, Some(patch(id, attributes.clone()))).await;
        assert_pointers(&response, 422, &[&format!("{at}{pointer}")]);
    }
    // Several at once, all named.
    let response =
        call(&app, "POST", "/api/widgets", OWNER, Some(body(json!({ "enabled": 1, "customization": { "colors": { "text": "nope" } } }))))
            .await;
    assert_pointers(&response, 422, &["/data/attributes/name", "/data/attributes/customization/colors/text", "/data/attributes/enabled"]);
    // The resource envelope.
    assert_pointers(
        &call(&app, "PATCH", &path, OWNER, Some(json!({ "data": { "type": "gadgets", "id": id } }))).await,
        422,
        &["/data/type"],
    );
    assert_pointers(
        &call(&app, "PATCH", &path, OWNER, Some(json!({ "data": { "type": "widgets", "id": "other" } }))).await,
        409,
        &["/data/id"],
    );
    // Nothing was changed by any of them.
    assert_eq!(call(&app, "GET", &path, OWNER, None).await.body["data"], widget);
}

#[tokio::test]
async fn roles_plans_and_other_organizations_are_refused() {
    let app = TestApp::spawn().await;
    let widget = create(&app, json!({ "name": "w" })).await;
    let id = widget["id"].as_str().unwrap();

    // A member reads but does not change.
    join(&app, "member-1", Role::Member).await;
    assert_eq!(call(&app, "GET", &format!("/api/widgets/{id}"), "member-1", None).await.status, 200);
    let refused = call(&app, "PATCH", &format!("/api/widgets/{id}"), "member-1", Some(patch(id, json!({ "enabled": false })))).await;
    assert_eq!(refused.status, 403, "{}", refused.text);
    assert_eq!(refused.body["errors"][0]["code"], "insufficient_role");
    join(&app, "manager-1", Role::Manager).await;
    assert_eq!(call(&app, "POST", "/api/widgets", "manager-1", Some(body(json!({ "name": "m" })))).await.status, 201);

    // Another organization's widget looks like none.
    let other = call(&app, "POST", "/api/orgs", "stranger", Some(crate::orgs::organization_body("Other org"))).await;
    assert_eq!(other.status, 201, "{}", other.text);
    let other_id = other.body["data"]["id"].as_str().unwrap();
    let path = format!("/api/widgets/{id}?organizationId={other_id}");
    app.set_plan_of(other_id, Plan::Deluxe).await;
    assert_eq!(call(&app, "GET", &path, "stranger", None).await.status, 404);
    assert_eq!(call(&app, "DELETE", &format!("/api/widgets/{id}"), "stranger", None).await.status, 404);

    // Without the module in the plan.
    app.set_plan(Plan::Free).await;
    let refused = call(&app, "GET", "/api/widgets", OWNER, None).await;
    assert_eq!(refused.status, 403, "{}", refused.text);
    assert_eq!(refused.body["errors"][0]["code"], "module_not_in_plan");
    // Without a token.
    assert_eq!(crate::orgs::call_with(&app, "GET", "/api/widgets", None, &[], None).await.status, 401);
}
