//! Invitations: created and revoked by the organization, looked up in
//! public, accepted by the invited address.

use std::collections::BTreeSet;

use serde_json::{Value, json};
use shared::auth::Role;
use shared::repo::orgs::{self, User};
use shared::store::{Condition, Item, WriteOp};

use crate::orgs::{OWNER, call, call_with, email_of, join, token_for};
use crate::support::{TestApp, TestResponse, rome_1990};

fn invitation_body(email: &str, role: &str) -> Value {
    json!({ "data": { "type": "invitations", "attributes": { "email": email, "role": role } } })
}

async fn invite(app: &TestApp, as_user: &str, email: &str, role: &str) -> Value {
    let response = call(app, "POST", "/api/org/invitations", as_user, Some(invitation_body(email, role))).await;
    assert_eq!(response.status, 201, "{}", response.text);
    response.body["data"].clone()
}

fn id_of(invitation: &Value) -> String {
    invitation["id"].as_str().unwrap().to_owned()
}

async fn look_up(app: &TestApp, id: &str) -> TestResponse {
    call_with(app, "GET", &format!("/api/public/invitations/{id}"), None, &[], None).await
}

async fn accept(app: &TestApp, id: &str, user_id: &str, email: &str) -> TestResponse {
    let token = token_for(app, user_id, email);
    call_with(app, "POST", &format!("/api/public/invitations/{id}/accept"), Some(&token), &[], None).await
}

async fn listed(app: &TestApp) -> Vec<Value> {
    let response = call(app, "GET", "/api/org/invitations", OWNER, None).await;
    assert_eq!(response.status, 200, "{}", response.text);
    response.body["data"].as_array().unwrap().clone()
}

fn status_in(list: &[Value], id: &str) -> String {
    list.iter().find(|i| i["id"] == id).map(|i| i["status"].as_str().unwrap().to_owned()).unwrap_or_default()
}

/// Moves a stored invitation's expiry into the past, as time passing would.
async fn expire(app: &TestApp, id: &str) {
    let table = app.state.table.as_ref();
    let pk = format!("ORG#{}", app.organization_id);
    let sk = format!("INVITE#{id}");
    let mut item = table.get(&pk, &sk).await.unwrap().expect("stored invitation");
    item.attrs.insert("expiresAt".into(), (chrono::Utc::now().timestamp() - 1).into());
    table.write(vec![WriteOp::Put { item: Item::new(pk, sk, item.attrs), condition: Condition::MustExist }]).await.unwrap();
}

fn keys(value: &Value) -> BTreeSet<&str> {
    value.as_object().unwrap().keys().map(String::as_str).collect()
}

#[tokio::test]
async fn an_invitation_is_created_listed_and_revoked() {
    let app = TestApp::spawn().await;
    join(&app, "manager-1", Role::Manager).await;
    let before = chrono::Utc::now().timestamp();
    let created = invite(&app, OWNER, "  New.Person@Example.TEST ", "member").await;
    let id = id_of(&created);
    assert_eq!(id.len(), 32, "128 random bits in hex: {id}");
    assert!(id.bytes().all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase()));
    assert_eq!(created["type"], "invitations");
    assert_eq!(created["email"], "new.person@example.test");
    assert_eq!(created["role"], "member");
    assert_eq!(created["status"], "pending");
    assert_eq!(created["organization"], json!({ "id": app.organization_id, "name": "Local organization" }));
    // The inviter as their token names them (tokens minted here carry no name: the stored one stays).
    assert_eq!(created["inviter"], json!({ "name": "Local owner", "email": "local-owner@example.test" }));
    assert!(created["createdAt"].is_string());
    // Seven days by default.
    let expires = chrono::DateTime::parse_from_rfc3339(created["expiresAt"].as_str().unwrap()).unwrap().timestamp();
    assert!((before + 7 * 86400..=before + 7 * 86400 + 5).contains(&expires), "{created}");

    assert_eq!(listed(&app).await, vec![created.clone()]);
    // One pending invitation per address, whatever its case.
    let again = call(&app, "POST", "/api/org/invitations", "manager-1", Some(invitation_body("new.person@example.test", "manager"))).await;
    assert_eq!((again.status.as_u16(), again.error()["code"].as_str()), (409, Some("invitation_exists")), "{}", again.text);
    // A member's address is not invited.
    let member = call(&app, "POST", "/api/org/invitations", OWNER, Some(invitation_body("Manager-1@example.test", "member"))).await;
    assert_eq!((member.status.as_u16(), member.error()["code"].as_str()), (409, Some("already_member")), "{}", member.text);

    let revoked = call(&app, "DELETE", &format!("/api/org/invitations/{id}"), "manager-1", None).await;
    assert_eq!(revoked.status, 204, "{}", revoked.text);
    let list = listed(&app).await;
    assert_eq!(status_in(&list, &id), "revoked");
    assert!(list[0]["revokedAt"].is_string());
    // Revoking again is harmless; an unknown id is a 404.
    assert_eq!(call(&app, "DELETE", &format!("/api/org/invitations/{id}"), OWNER, None).await.status, 204);
    assert_eq!(call(&app, "DELETE", "/api/org/invitations/0123456789abcdef0123456789abcdef", OWNER, None).await.status, 404);
    // Once revoked, the address may be invited again.
    let reinvited = invite(&app, OWNER, "new.person@example.test", "manager").await;
    assert_ne!(id_of(&reinvited), id);
    assert_eq!(listed(&app).await.len(), 2);
}

#[tokio::test]
async fn invitation_input_and_roles_are_checked() {
    let app = TestApp::spawn().await;
    join(&app, "manager-1", Role::Manager).await;
    join(&app, "member-1", Role::Member).await;
    let body =
        json!({ "data": { "type": "invitations", "attributes": { "email": "not an address", "role": "admin", "expiresIn": 3599 } } });
    let response = call(&app, "POST", "/api/org/invitations", OWNER, Some(body)).await;
    assert_eq!(response.status, 422, "{}", response.text);
    assert_eq!(response.pointers(), ["/data/attributes/email", "/data/attributes/role", "/data/attributes/expiresIn"]);
    let too_long = json!({ "data": { "type": "invitations", "attributes": { "email": "a@example.test", "role": "member", "expiresIn": 30 * 86400 + 1 } } });
    assert_eq!(call(&app, "POST", "/api/org/invitations", OWNER, Some(too_long)).await.pointers(), ["/data/attributes/expiresIn"]);
    let no_role = json!({ "data": { "type": "invitations", "attributes": { "email": "a@example.test" } } });
    assert_eq!(call(&app, "POST", "/api/org/invitations", OWNER, Some(no_role)).await.pointers(), ["/data/attributes/role"]);

    // An hour is the shortest expiry, thirty days the longest.
    for (email, seconds) in [("hour@example.test", 3600), ("month@example.test", 30 * 86400)] {
        let body = json!({ "data": { "type": "invitations", "attributes": { "email": email, "role": "member", "expiresIn": seconds } } });
        assert_eq!(call(&app, "POST", "/api/org/invitations", OWNER, Some(body)).await.status, 201);
    }
    // A manager invites managers and members, not owners; a member invites no one.
    invite(&app, "manager-1", "deputy@example.test", "manager").await;
    let owner = call(&app, "POST", "/api/org/invitations", "manager-1", Some(invitation_body("boss@example.test", "owner"))).await;
    assert_eq!((owner.status.as_u16(), owner.error()["code"].as_str()), (403, Some("insufficient_role")), "{}", owner.text);
    let by_member = call(&app, "POST", "/api/org/invitations", "member-1", Some(invitation_body("friend@example.test", "member"))).await;
    assert_eq!(by_member.status, 403);
    assert!(by_member.error()["detail"].as_str().unwrap().contains("org:users:create"), "{}", by_member.text);
    assert_eq!(call(&app, "GET", "/api/org/invitations", "member-1", None).await.status, 403);
    assert_eq!(call(&app, "DELETE", "/api/org/invitations/0123456789abcdef0123456789abcdef", "member-1", None).await.status, 403);
    invite(&app, OWNER, "boss@example.test", "owner").await;
}

#[tokio::test]
async fn the_public_lookup_shows_an_open_invitation_and_nothing_else() {
    let app = TestApp::spawn().await;
    let pending = id_of(&invite(&app, OWNER, "pending@example.test", "manager").await);
    let shown = look_up(&app, &pending).await;
    assert_eq!(shown.status, 200, "{}", shown.text);
    assert_eq!(shown.headers["content-type"], "application/json");
    let data = &shown.body["data"];
    assert_eq!(keys(data), BTreeSet::from(["type", "id", "email", "role", "status", "expiresAt", "organization", "inviter"]));
    assert_eq!(keys(&data["organization"]), BTreeSet::from(["id", "name"]));
    assert_eq!(keys(&data["inviter"]), BTreeSet::from(["name", "email"]));
    assert_eq!(
        (data["email"].as_str(), data["role"].as_str(), data["status"].as_str()),
        (Some("pending@example.test"), Some("manager"), Some("pending"))
    );

    let unknown = look_up(&app, "0123456789abcdef0123456789abcdef").await;
    assert_eq!(unknown.status, 404);
    assert_eq!(unknown.error()["code"], "not_found");
    let same_as_unknown = |response: &TestResponse, what: &str| {
        assert_eq!((response.status, &response.body), (unknown.status, &unknown.body), "{what}: {}", response.text);
    };
    same_as_unknown(&look_up(&app, "not-an-invitation-id").await, "malformed");
    same_as_unknown(&look_up(&app, &pending.to_uppercase()).await, "other case");

    let revoked = id_of(&invite(&app, OWNER, "revoked@example.test", "member").await);
    call(&app, "DELETE", &format!("/api/org/invitations/{revoked}"), OWNER, None).await;
    same_as_unknown(&look_up(&app, &revoked).await, "revoked");

    let expired = id_of(&invite(&app, OWNER, "expired@example.test", "member").await);
    expire(&app, &expired).await;
    same_as_unknown(&look_up(&app, &expired).await, "expired");
    assert_eq!(status_in(&listed(&app).await, &expired), "expired");
    // An expired invitation blocks no new one to the same address, and can still be revoked.
    invite(&app, OWNER, "expired@example.test", "member").await;
    assert_eq!(call(&app, "DELETE", &format!("/api/org/invitations/{expired}"), OWNER, None).await.status, 204);
    assert_eq!(status_in(&listed(&app).await, &expired), "revoked");

    let accepted = id_of(&invite(&app, OWNER, "accepted@example.test", "member").await);
    assert_eq!(accept(&app, &accepted, "accepter", "accepted@example.test").await.status, 200);
    same_as_unknown(&look_up(&app, &accepted).await, "accepted");
}

#[tokio::test]
async fn the_invited_address_accepts_and_joins_with_the_invited_role() {
    let app = TestApp::spawn().await;
    let invitation = invite(&app, OWNER, "Invitee@Example.test", "manager").await;
    let id = id_of(&invitation);
    let path = format!("/api/public/invitations/{id}/accept");

    let anonymous = call_with(&app, "POST", &path, None, &[], None).await;
    assert_eq!(anonymous.status, 401, "{}", anonymous.text);
    let mismatch = accept(&app, &id, "someone-else", "someone.else@example.test").await;
    assert_eq!(
        (mismatch.status.as_u16(), mismatch.error()["code"].as_str()),
        (403, Some("invitation_email_mismatch")),
        "{}",
        mismatch.text
    );
    assert_eq!(look_up(&app, &id).await.status, 200, "a refused acceptance leaves the invitation open");

    // The address matches whatever its case.
    let accepted = accept(&app, &id, "invitee", "INVITEE@example.TEST").await;
    assert_eq!(accepted.status, 200, "{}", accepted.text);
    let data = &accepted.body["data"];
    assert_eq!(
        (data["id"].as_str(), data["status"].as_str(), data["role"].as_str()),
        (Some(id.as_str()), Some("accepted"), Some("manager"))
    );
    assert_eq!(data["organization"]["id"], app.organization_id.as_str());
    assert!(data["acceptedAt"].is_string());

    // Twice is a 404: the invitation is closed.
    assert_eq!(accept(&app, &id, "invitee", "invitee@example.test").await.status, 404);
    assert_eq!(status_in(&listed(&app).await, &id), "accepted");
    // It cannot be revoked once accepted.
    let revoke = call(&app, "DELETE", &format!("/api/org/invitations/{id}"), OWNER, None).await;
    assert_eq!((revoke.status.as_u16(), revoke.error()["code"].as_str()), (409, Some("invitation_accepted")));

    // The membership is visible to the organization and to the invitee.
    let members = call(&app, "GET", "/api/org/members", OWNER, None).await;
    let joined = members.body["data"].as_array().unwrap().iter().find(|m| m["id"] == "invitee").expect("invitee listed").clone();
    assert_eq!(joined["attributes"]["role"], "manager");
    assert_eq!(joined["attributes"]["email"], "INVITEE@example.TEST");
    assert!(joined["attributes"]["joinedAt"].is_string());
    let theirs = call(&app, "GET", "/api/orgs", "invitee", None).await;
    assert_eq!(theirs.body["data"][0]["id"], app.organization_id.as_str());
    assert_eq!(theirs.body["data"][0]["attributes"]["role"], "manager");

    // The new member can now make a key and use it.
    let token = token_for(&app, "invitee", "invitee@example.test");
    let body = json!({ "data": { "type": "api-keys", "attributes": { "name": "invitee key", "organizationId": app.organization_id, "permissions": ["calc:read"] } } });
    let key = call_with(&app, "POST", "/api/api-keys", Some(&token), &[], Some(&body)).await;
    assert_eq!(key.status, 201, "{}", key.text);
    let secret = key.body["data"]["key"].as_str().unwrap();
    assert_eq!(app.post_raw("/api/calc/natal", &rome_1990().to_string(), &[("x-api-key", secret)]).await.status, 200);
}

#[tokio::test]
async fn acceptance_needs_an_open_invitation_and_a_newcomer() {
    let app = TestApp::spawn().await;
    // Someone who joined meanwhile by another way cannot accept.
    let id = id_of(&invite(&app, OWNER, "late@example.test", "member").await);
    let user = User { id: "late".into(), email: "late@example.test".into(), name: "Late".into() };
    orgs::add_member(app.state.table.as_ref(), &app.organization_id, &user, Role::Member).await.unwrap();
    let twice = accept(&app, &id, "late", "late@example.test").await;
    assert_eq!((twice.status.as_u16(), twice.error()["code"].as_str()), (409, Some("already_member")), "{}", twice.text);
    assert_eq!(status_in(&listed(&app).await, &id), "pending");

    // Expired and revoked invitations cannot be accepted.
    let expired = id_of(&invite(&app, OWNER, "slow@example.test", "member").await);
    expire(&app, &expired).await;
    assert_eq!(accept(&app, &expired, "slow", "slow@example.test").await.status, 404);
    let revoked = id_of(&invite(&app, OWNER, "gone@example.test", "member").await);
    call(&app, "DELETE", &format!("/api/org/invitations/{revoked}"), OWNER, None).await;
    assert_eq!(accept(&app, &revoked, "gone", "gone@example.test").await.status, 404);
    assert_eq!(orgs::role_of(app.state.table.as_ref(), &app.organization_id, "gone").await.unwrap(), None);
    // The email claim is required: a token without the address is a mismatch.
    let open = id_of(&invite(&app, OWNER, email_of("quiet").as_str(), "member").await);
    assert_eq!(accept(&app, &open, "quiet", "").await.status, 403);
}

/// The address rule is the document's pattern: a host name of two labels or
/// more (so `someone@localhost` is refused), only spaces, tabs and line
/// breaks trimmed, at most 254 characters as sent.
#[tokio::test]
async fn invitation_addresses_follow_the_documented_rule() {
    let app = TestApp::spawn().await;
    let long_local = format!("{}@example.test", "a".repeat(200));
    for good in ["o'neil+x@example.test", "\tTab.Person@Example.Test\r\n", long_local.as_str()] {
        let response = call(&app, "POST", "/api/org/invitations", OWNER, Some(invitation_body(good, "member"))).await;
        assert_eq!(response.status, 201, "{good:?}: {}", response.text);
    }
    let too_long = format!("{}@example.test", "a".repeat(242));
    let padded = format!("  {}  ", "b".repeat(240) + "@example.test");
    for bad in ["someone@localhost", "a.@example.test", "a@-x.test", "\u{a0}a@example.test", too_long.as_str(), padded.as_str()] {
        let response = call(&app, "POST", "/api/org/invitations", OWNER, Some(invitation_body(bad, "member"))).await;
        assert_eq!(response.status, 422, "{bad:?}: {}", response.text);
        assert_eq!(response.pointers(), ["/data/attributes/email"], "{bad:?}");
    }
}

/// The local flow the README documents: the owner's `dev-token` invites a
/// local user at the address their own `dev-token` carries, and that user
/// accepts with it and becomes a member.
#[tokio::test]
async fn a_local_user_is_invited_and_joins_with_dev_tokens() {
    let app = TestApp::spawn().await;
    let settings = app.state.config.jwt.as_ref().expect("a JWT key");
    let owner = local_server::dev::dev_token(settings, OWNER).expect("the owner's dev token");
    let ada = local_server::dev::dev_token(settings, "ada").expect("ada's dev token");
    let address = local_server::dev::dev_email("ada");

    let invited = call_with(&app, "POST", "/api/org/invitations", Some(&owner), &[], Some(&invitation_body(&address, "manager"))).await;
    assert_eq!(invited.status, 201, "{address}: {}", invited.text);
    let id = id_of(&invited.body["data"]);
    let accepted = call_with(&app, "POST", &format!("/api/public/invitations/{id}/accept"), Some(&ada), &[], None).await;
    assert_eq!(accepted.status, 200, "{}", accepted.text);
    assert_eq!(accepted.body["data"]["status"], "accepted");

    let members = call_with(&app, "GET", "/api/org/members", Some(&owner), &[], None).await;
    let joined = members.body["data"].as_array().expect("members").iter().find(|m| m["id"] == "ada").cloned();
    let joined = joined.unwrap_or_else(|| panic!("ada is a member: {}", members.text));
    assert_eq!((joined["attributes"]["role"].as_str(), joined["attributes"]["email"].as_str()), (Some("manager"), Some(address.as_str())));
    let org = call_with(&app, "GET", "/api/org", Some(&ada), &[], None).await;
    assert_eq!(org.status, 200, "{}", org.text);
}
