//! /api/chatbots: an organization's chatbots and their users' chat
//! profiles, from the dashboard. The secret is shown when made and when
//! rotated, never again; PATCH merges; a second profile for a user is a
//! 409; deleting a profile (or the chatbot) erases the user's data; roles,
//! plans and other organizations refused.

use serde_json::{Value, json};
use shared::auth::{Plan, Role};

use crate::orgs::{OWNER, call, join};
use crate::support::TestApp;

fn chatbot(attributes: Value) -> Value {
    json!({ "data": { "type": "chatbots", "attributes": attributes } })
}

fn profile(attributes: Value) -> Value {
    json!({ "data": { "type": "chat-profile", "attributes": attributes } })
}

fn maria() -> Value {
    json!({
        "externalUserId": "user-42",
        "birthDate": "1990-05-11",
        "birthTime": "14:30",
        "birthPlaceLat": 41.9028,
        "birthPlaceLng": 12.4964,
        "birthPlaceName": "Roma",
        "timezone": "Europe/Rome",
        "metadata": { "plan": "gold" },
    })
}

async fn create(app: &TestApp, attributes: Value) -> Value {
    let created = call(app, "POST", "/api/chatbots", OWNER, Some(chatbot(attributes))).await;
    assert_eq!(created.status, 201, "{}", created.text);
    created.body["data"].clone()
}

#[tokio::test]
async fn a_chatbot_is_made_with_its_secret_shown_once_merged_rotated_and_deleted() {
    let app = TestApp::spawn().await;
    let made = create(
        &app,
        json!({ "name": "Luna", "persona": "mystical", "language": "es", "allowedDomains": ["shop.example.com"], "requireUserHash": true }),
    )
    .await;
    let id = made["id"].as_str().unwrap().to_owned();
    let attributes = &made["attributes"];
    assert_eq!(
        (attributes["persona"].as_str(), attributes["language"].as_str(), attributes["enabled"].as_bool()),
        (Some("mystical"), Some("es"), Some(true))
    );
    let secret = attributes["secret"].as_str().unwrap().to_owned();
    assert_eq!(secret.len(), 64, "32 random bytes, hex");

    let read = call(&app, "GET", &format!("/api/chatbots/{id}"), OWNER, None).await;
    assert_eq!(read.status, 200, "{}", read.text);
    assert!(read.body["data"]["attributes"].get("secret").is_none(), "never shown again: {}", read.text);
    let listed = call(&app, "GET", "/api/chatbots", OWNER, None).await;
    assert_eq!(listed.body["data"].as_array().unwrap().len(), 1);
    assert!(!listed.text.contains(&secret));

    let edited = call(
        &app,
        "PATCH",
        &format!("/api/chatbots/{id}"),
        OWNER,
        Some(json!({ "data": { "type": "chatbots", "id": id, "attributes": { "persona": null, "enabled": false } } })),
    )
    .await;
    assert_eq!(edited.status, 200, "{}", edited.text);
    let attributes = &edited.body["data"]["attributes"];
    assert_eq!(
        (attributes["name"].as_str(), attributes["persona"].as_str(), attributes["language"].as_str()),
        (Some("Luna"), Some("friendly"), Some("es"))
    );
    assert_eq!((attributes["enabled"].as_bool(), attributes["requireUserHash"].as_bool()), (Some(false), Some(true)));
    assert_eq!(attributes["allowedDomains"], json!(["shop.example.com"]));

    let rotated = call(&app, "POST", &format!("/api/chatbots/{id}/secret"), OWNER, None).await;
    assert_eq!(rotated.status, 200, "{}", rotated.text);
    let new_secret = rotated.body["data"]["attributes"]["secret"].as_str().unwrap();
    assert_ne!(new_secret, secret);
    assert_eq!(rotated.headers["cache-control"], "no-store");

    let gone = call(&app, "DELETE", &format!("/api/chatbots/{id}"), OWNER, None).await;
    assert_eq!(gone.status, 204);
    assert_eq!(call(&app, "GET", &format!("/api/chatbots/{id}"), OWNER, None).await.status, 404);
}

#[tokio::test]
async fn refusals_point_at_the_field() {
    let app = TestApp::spawn().await;
    let bad = call(
        &app,
        "POST",
        "/api/chatbots",
        OWNER,
        Some(chatbot(json!({ "persona": "grumpy", "language": "fr", "allowedDomains": ["https://x"] }))),
    )
    .await;
    assert_eq!(bad.status, 422, "{}", bad.text);
    assert_eq!(
        bad.pointers(),
        ["/data/attributes/name", "/data/attributes/allowedDomains/0", "/data/attributes/language", "/data/attributes/persona"]
    );
    let id = create(&app, json!({ "name": "Sol" })).await["id"].as_str().unwrap().to_owned();
    let path = format!("/api/chatbots/{id}/profiles");
    let mut wrong = maria();
    wrong["externalUserId"] = json!("no spaces please");
    wrong["birthDate"] = json!("1990-02-30");
    wrong["birthPlaceLat"] = json!(95.0);
    wrong["timezone"] = json!("Mars/Olympus");
    wrong["metadata"] = json!([1]);
    let refused = call(&app, "POST", &path, OWNER, Some(profile(wrong))).await;
    assert_eq!(refused.status, 422, "{}", refused.text);
    assert_eq!(
        refused.pointers(),
        [
            "/data/attributes/externalUserId",
            "/data/attributes/birthPlaceLat",
            "/data/attributes/timezone",
            "/data/attributes/birthDate",
            "/data/attributes/metadata"
        ]
    );
    // A time the clocks skipped (Rome, 1990-03-25 02:30).
    let mut skipped = maria();
    skipped["birthDate"] = json!("1990-03-25");
    skipped["birthTime"] = json!("02:30");
    let refused = call(&app, "POST", &path, OWNER, Some(profile(skipped))).await;
    assert_eq!(refused.pointers(), ["/data/attributes/birthTime"], "{}", refused.text);
    let mut unknown = maria();
    unknown["sunSign"] = json!("taurus");
    assert_eq!(call(&app, "POST", &path, OWNER, Some(profile(unknown))).await.status, 422);
}

#[tokio::test]
async fn profiles_are_made_once_read_listed_and_erased() {
    let app = TestApp::spawn().await;
    let id = create(&app, json!({ "name": "Sol" })).await["id"].as_str().unwrap().to_owned();
    let path = format!("/api/chatbots/{id}/profiles");
    let made = call(&app, "POST", &path, OWNER, Some(profile(maria()))).await;
    assert_eq!(made.status, 201, "{}", made.text);
    assert_eq!(made.body["data"]["type"], "chat-profile");
    assert_eq!(made.body["data"]["id"], "user-42");
    assert_eq!(made.body["data"]["attributes"]["metadata"], json!({ "plan": "gold" }));
    let own = format!("https://api.example.test/api/chatbots/{id}/profiles/user-42");
    assert_eq!(made.headers["location"], own.as_str());

    let again = call(&app, "POST", &path, OWNER, Some(profile(maria()))).await;
    assert_eq!((again.status.as_u16(), again.error()["code"].as_str()), (409, Some("profile_exists")), "{}", again.text);

    let mut no_time = maria();
    no_time["externalUserId"] = json!("user-7");
    no_time.as_object_mut().unwrap().remove("birthTime");
    assert_eq!(call(&app, "POST", &path, OWNER, Some(profile(no_time))).await.status, 201, "the birth time may be unknown");

    let listed = call(&app, "GET", &path, OWNER, None).await;
    let ids: Vec<&str> = listed.body["data"].as_array().unwrap().iter().filter_map(|p| p["id"].as_str()).collect();
    assert_eq!(ids, ["user-42", "user-7"]);
    let one = call(&app, "GET", &format!("{path}/user-42"), OWNER, None).await;
    assert_eq!(one.body["data"]["attributes"]["birthPlaceName"], "Roma");

    assert_eq!(call(&app, "DELETE", &format!("{path}/user-42"), OWNER, None).await.status, 204);
    assert_eq!(call(&app, "GET", &format!("{path}/user-42"), OWNER, None).await.status, 404);
    assert_eq!(call(&app, "DELETE", &format!("{path}/user-42"), OWNER, None).await.status, 404);
    // Made again after the erasure.
    assert_eq!(call(&app, "POST", &path, OWNER, Some(profile(maria()))).await.status, 201);
    // The chatbot's deletion erases its users.
    assert_eq!(call(&app, "DELETE", &format!("/api/chatbots/{id}"), OWNER, None).await.status, 204);
    let left = shared::repo::chatbots::list_profiles(app.state.table.as_ref(), &id).await.unwrap();
    assert!(left.is_empty(), "{left:?}");
}

#[tokio::test]
async fn roles_plans_and_other_organizations_are_refused() {
    let app = TestApp::spawn().await;
    let id = create(&app, json!({ "name": "Sol" })).await["id"].as_str().unwrap().to_owned();
    join(&app, "viewer", Role::Member).await;
    let read = call(&app, "GET", &format!("/api/chatbots/{id}"), "viewer", None).await;
    assert_eq!(read.status, 200, "members read: {}", read.text);
    let write = call(&app, "POST", &format!("/api/chatbots/{id}/secret"), "viewer", None).await;
    assert_eq!((write.status.as_u16(), write.error()["code"].as_str()), (403, Some("insufficient_role")));
    let profiles = call(&app, "POST", &format!("/api/chatbots/{id}/profiles"), "viewer", Some(profile(maria()))).await;
    assert_eq!(profiles.status, 403);

    // Another organization's owner sees nothing of it.
    let other = call(&app, "POST", "/api/orgs", "stranger", Some(crate::orgs::organization_body("Other"))).await;
    assert_eq!(other.status, 201, "{}", other.text);
    let other_id = other.body["data"]["id"].as_str().unwrap().to_owned();
    app.set_plan_of(&other_id, Plan::Deluxe).await;
    let foreign = call(&app, "GET", &format!("/api/chatbots/{id}"), "stranger", None).await;
    assert_eq!(foreign.status, 404, "{}", foreign.text);
    let foreign_profiles = call(&app, "GET", &format!("/api/chatbots/{id}/profiles"), "stranger", None).await;
    assert_eq!(foreign_profiles.status, 404);

    app.set_plan(Plan::Basic).await;
    let lapsed = call(&app, "GET", "/api/chatbots", OWNER, None).await;
    assert_eq!((lapsed.status.as_u16(), lapsed.error()["code"].as_str()), (403, Some("module_not_in_plan")), "{}", lapsed.text);
}
