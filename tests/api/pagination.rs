//! The dashboard lists (organizations, members, invitations, API keys) are
//! paginated as `decisions.md` says, like the content lists: `page[number]`
//! from 1, `page[size]` 20 by default and 100 at most, `meta.page` and
//! `links` that keep the request's other parameters.

use serde_json::{Value, json};
use shared::auth::{Plan, Role};
use shared::repo::api_keys::{self, NewKey};
use shared::repo::orgs::{self, Organization, User};

use crate::orgs::{OWNER, call_with, join, token_for};
use crate::support::{TestApp, TestResponse};

/// The test configuration's public base URL, which links are built on.
const BASE: &str = "https://api.example.test";

/// One dashboard list as a given user asks for it.
struct List<'a> {
    app: &'a TestApp,
    /// The list's path, without a query.
    path: &'a str,
    /// Other query parameters sent with every page (`""` for none); links keep them.
    kept: String,
    token: String,
    headers: Vec<(&'static str, String)>,
}

impl List<'_> {
    fn query(&self, page: &str) -> String {
        match (self.kept.is_empty(), page.is_empty()) {
            (true, true) => self.path.to_owned(),
            (true, false) => format!("{}?{page}", self.path),
            (false, true) => format!("{}?{}", self.path, self.kept),
            (false, false) => format!("{}?{}&{page}", self.path, self.kept),
        }
    }

    async fn get(&self, path_and_query: &str) -> TestResponse {
        let headers: Vec<(&str, &str)> = self.headers.iter().map(|(name, value)| (*name, value.as_str())).collect();
        call_with(self.app, "GET", path_and_query, Some(&self.token), &headers, None).await
    }

    /// The list with these page parameters (`""` for the defaults).
    async fn page(&self, page: &str) -> TestResponse {
        self.get(&self.query(page)).await
    }

    /// The link to page `number` of `size` items.
    fn link(&self, number: u64, size: u64) -> String {
        format!("{BASE}{}", self.query(&format!("page[number]={number}&page[size]={size}")))
    }
}

fn data(response: &TestResponse) -> &Vec<Value> {
    response.body["data"].as_array().unwrap_or_else(|| panic!("no data array in {}", response.text))
}

fn ids(response: &TestResponse) -> Vec<String> {
    data(response).iter().map(|item| item["id"].as_str().expect("id").to_owned()).collect()
}

fn path_of(link: &Value) -> String {
    link.as_str().unwrap_or_else(|| panic!("not a link: {link}")).strip_prefix(BASE).expect("absolute link").to_owned()
}

fn assert_parameter(response: &TestResponse, parameter: &str) {
    assert_eq!(response.status, 422, "{}", response.text);
    assert_eq!(response.error()["code"], "invalid_parameter", "{}", response.text);
    assert_eq!(response.error()["source"]["parameter"], parameter, "{}", response.text);
}

/// Checks a list of `total` items, 20 < `total` <= 40, page by page; returns
/// its ids in order.
async fn check_two_pages(list: &List<'_>, total: u64) -> Vec<String> {
    assert!(total > 20 && total <= 40, "the check wants two default pages");

    // The first page: the default size, links to the others, the total.
    let first = list.page("").await;
    assert_eq!(first.status, 200, "{}", first.text);
    assert_eq!(first.headers["content-type"], "application/json", "{}", list.path);
    assert_eq!(data(&first).len(), 20, "{}", list.path);
    assert_eq!(first.body["meta"]["page"], json!({ "number": 1, "size": 20, "total": total }), "{}", list.path);
    assert_eq!(
        first.body["links"],
        json!({ "self": list.link(1, 20), "first": list.link(1, 20), "prev": null, "next": list.link(2, 20), "last": list.link(2, 20) }),
        "{}",
        list.path
    );

    // Following `next`: the rest, and no further page.
    let second = list.get(&path_of(&first.body["links"]["next"])).await;
    assert_eq!(second.status, 200, "{}", second.text);
    assert_eq!(data(&second).len() as u64, total - 20, "{}", list.path);
    assert_eq!(second.body["meta"]["page"], json!({ "number": 2, "size": 20, "total": total }), "{}", list.path);
    assert_eq!(
        second.body["links"],
        json!({ "self": list.link(2, 20), "first": list.link(1, 20), "prev": list.link(1, 20), "next": null, "last": list.link(2, 20) }),
        "{}",
        list.path
    );

    // The two pages are the whole list in its order, each item once.
    let paged: Vec<String> = ids(&first).into_iter().chain(ids(&second)).collect();
    let whole = list.page("page[size]=100").await;
    assert_eq!(whole.status, 200, "{}", whole.text);
    assert_eq!(ids(&whole), paged, "{}", list.path);
    assert_eq!(whole.body["links"]["next"], Value::Null);
    let mut unique = paged.clone();
    unique.sort_unstable();
    unique.dedup();
    assert_eq!(unique.len() as u64, total, "{}", list.path);

    // Another size; percent-encoded brackets read the same.
    let sevens = list.page("page%5Bnumber%5D=2&page%5Bsize%5D=7").await;
    assert_eq!(ids(&sevens), paged[7..14], "{}", list.path);
    assert_eq!(sevens.body["links"]["last"], list.link(total.div_ceil(7), 7));

    // Past the end: no items, the envelope still there, `prev` back to the last page.
    let past = list.page("page[number]=3").await;
    assert_eq!(past.status, 200, "{}", past.text);
    assert!(data(&past).is_empty(), "{}", past.text);
    assert_eq!(past.body["meta"]["page"], json!({ "number": 3, "size": 20, "total": total }), "{}", list.path);
    assert_eq!(past.body["links"]["prev"], list.link(2, 20));
    assert_eq!(past.body["links"]["next"], Value::Null);

    // Bad page parameters are the content lists' 422.
    assert_parameter(&list.page("page[size]=101").await, "page[size]");
    assert_parameter(&list.page("page[size]=0").await, "page[size]");
    assert_parameter(&list.page("page[number]=0").await, "page[number]");
    assert_parameter(&list.page("page[number]=two").await, "page[number]");
    paged
}

fn owner_list<'a>(app: &'a TestApp, path: &'a str, kept: String) -> List<'a> {
    List { app, path, kept, token: token_for(app, OWNER, "owner@localhost"), headers: Vec::new() }
}

#[tokio::test]
async fn organizations_are_listed_a_page_at_a_time_oldest_first() {
    let app = TestApp::spawn().await;
    let table = app.state.table.as_ref();
    let collector = User { id: "collector".into(), email: "collector@example.test".into(), name: "Collector".into() };
    // Ids run against the creation order, which is the list's.
    for i in 0..25 {
        let organization = Organization {
            id: format!("org-{:02}", 24 - i),
            name: format!("Organization {i}"),
            plan: Plan::Free,
            api_version: None,
            created_at: format!("2026-01-01T00:00:{i:02}Z"),
        };
        orgs::create_organization(table, &organization, &collector).await.expect("organization created");
    }
    let list = List {
        app: &app,
        path: "/api/orgs",
        kept: "api_version=2026-09-03".into(),
        token: token_for(&app, "collector", "collector@example.test"),
        headers: Vec::new(),
    };
    let listed = check_two_pages(&list, 25).await;
    let expected: Vec<String> = (0..25).map(|i| format!("org-{:02}", 24 - i)).collect();
    assert_eq!(listed, expected);
    let first = list.page("").await;
    assert_eq!(data(&first)[0]["attributes"]["role"], "owner");
    assert_eq!(data(&first)[0]["type"], "organizations");
}

#[tokio::test]
async fn members_are_listed_a_page_at_a_time() {
    let app = TestApp::spawn().await;
    for i in 0..24 {
        join(&app, &format!("member-{i:02}"), Role::Member).await;
    }
    // Named by the query parameter, which the links keep.
    let by_query = owner_list(&app, "/api/org/members", format!("organizationId={}", app.organization_id));
    let listed = check_two_pages(&by_query, 25).await;
    assert!(listed.contains(&OWNER.to_owned()));
    let first = by_query.page("").await;
    assert_eq!(data(&first)[0]["type"], "members");
    assert!(data(&first).iter().all(|m| m["attributes"]["email"].is_string()), "{}", first.text);

    // Named by the header: the same list, and links without a query parameter for it.
    let mut by_header = owner_list(&app, "/api/org/members", String::new());
    by_header.headers.push(("x-organization-id", app.organization_id.clone()));
    assert_eq!(check_two_pages(&by_header, 25).await, listed);
}

#[tokio::test]
async fn invitations_are_listed_a_page_at_a_time_oldest_first() {
    let app = TestApp::spawn().await;
    let token = token_for(&app, OWNER, "owner@localhost");
    let mut created = Vec::new();
    for i in 0..23 {
        let body =
            json!({ "data": { "type": "invitations", "attributes": { "email": format!("guest-{i:02}@example.test"), "role": "member" } } });
        let response = call_with(&app, "POST", "/api/org/invitations", Some(&token), &[], Some(&body)).await;
        assert_eq!(response.status, 201, "{}", response.text);
        created.push(response.body["data"]["id"].as_str().unwrap().to_owned());
    }
    let mut list = owner_list(&app, "/api/org/invitations", "api_version=2026-09-03".into());
    list.headers.push(("x-organization-id", app.organization_id.clone()));
    let listed = check_two_pages(&list, 23).await;
    let mut expected = created.clone();
    expected.sort_unstable();
    let mut sorted = listed.clone();
    sorted.sort_unstable();
    assert_eq!(sorted, expected);
    let first = list.page("").await;
    assert_eq!((data(&first)[0]["type"].as_str(), data(&first)[0]["status"].as_str()), (Some("invitations"), Some("pending")));
}

#[tokio::test]
async fn api_keys_are_listed_a_page_at_a_time() {
    let app = TestApp::spawn().await;
    let table = app.state.table.as_ref();
    for i in 0..25 {
        let new_key = NewKey {
            organization_id: app.organization_id.clone(),
            name: format!("key {i}"),
            permissions: vec![shared::auth::KeyPermission::CalcRead],
            modules: Vec::new(),
            allowed_domains: Vec::new(),
            created_by: OWNER.into(),
            creator_keys: Vec::new(),
            expires_in_seconds: None,
            expires_by: None,
            rate_limit_per_minute: None,
        };
        api_keys::issue(table, new_key).await.expect("issued");
    }
    // The 25 and the bootstrap key.
    let total = api_keys::list_for_organization(table, &app.organization_id).await.unwrap().len() as u64;
    assert_eq!(total, 26);
    let list = owner_list(&app, "/api/api-keys", format!("organizationId={}&api_version=2026-09-03", app.organization_id));
    check_two_pages(&list, total).await;
    let first = list.page("").await;
    assert_eq!(data(&first)[0]["type"], "api-keys");
    assert!(data(&first).iter().all(|k| k.get("key").is_none()), "no secret in a list");
    assert_eq!(check_two_pages(&owner_list(&app, "/api/api-keys", String::new()), total).await, ids(&list.page("page[size]=100").await));

    // A member reaches none of them: one empty page.
    join(&app, "member-1", Role::Member).await;
    let theirs = List { token: token_for(&app, "member-1", "member-1@example.test"), ..owner_list(&app, "/api/api-keys", String::new()) };
    let empty = theirs.page("").await;
    assert_eq!(empty.status, 200, "{}", empty.text);
    assert!(data(&empty).is_empty());
    assert_eq!(empty.body["meta"]["page"], json!({ "number": 1, "size": 20, "total": 0 }));
    assert_eq!(empty.body["links"]["last"], empty.body["links"]["first"]);
    assert_eq!(empty.body["links"]["next"], Value::Null);
    // An organization not theirs is still a 404 (the page parameters are fine).
    assert_eq!(list.get("/api/api-keys?organizationId=org-other&page[number]=1").await.status, 404);
}
