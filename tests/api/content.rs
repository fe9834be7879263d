//! Interpretation content: the paginated, filtered lists and single items a
//! key reads (`/api/content/*`), and an organization's copies and own items
//! managed from the dashboard (`/api/org/content*`).

use axum::body::Body;
use axum::http::Request;
use serde_json::{Value, json};
use shared::auth::{Module, Plan, Role};
use shared::content::{ContentType, HoroscopeType, all_keys};

use crate::orgs::{OWNER, call, call_with, organization_body, token_for};
use crate::support::{TestApp, TestResponse};

const BASE: &str = "https://api.example.test";
const VENUS_LIBRA: &str = "urn:astro:natal:planet-in-sign:venus:libra:en";
/// The date base items carry (the content family's `CORPUS_DATE`).
const CORPUS_DATE: &str = "2026-11-28T07:00:00Z";

async fn get(app: &TestApp, key: &str, path: &str) -> TestResponse {
    app.send(Request::get(path).header("x-api-key", key).body(Body::empty()).unwrap()).await
}

fn total(response: &TestResponse) -> u64 {
    assert_eq!(response.status, 200, "{}", response.text);
    response.body["meta"]["page"]["total"].as_u64().unwrap_or_else(|| panic!("no total in {}", response.text))
}

fn data(response: &TestResponse) -> &Vec<Value> {
    response.body["data"].as_array().unwrap_or_else(|| panic!("no data array in {}", response.text))
}

fn assert_parameter(response: &TestResponse, parameter: &str) {
    assert_eq!(response.status, 422, "{}", response.text);
    assert_eq!(response.error()["code"], "invalid_parameter", "{}", response.text);
    assert_eq!(response.error()["source"]["parameter"], parameter, "{}", response.text);
}

fn assert_error(response: &TestResponse, status: u16, code: &str) {
    assert_eq!(response.status, status, "{}", response.text);
    assert_eq!(response.error()["code"], code, "{}", response.text);
}

fn copy_body(base_id: &str) -> Value {
    json!({ "data": { "type": "content", "attributes": { "baseContentId": base_id } } })
}

fn edit_body(attributes: Value) -> Value {
    json!({ "data": { "type": "content", "attributes": attributes } })
}

/// The path of a link (links are absolute under the configured base URL).
fn path_of(link: &Value) -> String {
    link.as_str().unwrap_or_else(|| panic!("not a link: {link}")).strip_prefix(BASE).expect("absolute link").to_owned()
}

#[tokio::test]
async fn lists_are_paginated_with_links() {
    let app = TestApp::spawn().await;
    let key = &app.api_key;
    let aspects = all_keys(HoroscopeType::Natal, ContentType::Aspect).len() as u64;
    let last = aspects.div_ceil(20);

    let first = get(&app, key, "/api/content/natal/aspect").await;
    assert_eq!(first.headers["content-type"], "application/vnd.api+json");
    assert_eq!(total(&first), aspects);
    assert_eq!(first.body["meta"]["page"], json!({ "number": 1, "size": 20, "total": aspects }));
    assert_eq!(first.body["meta"]["language"], "en");
    assert_eq!(data(&first).len(), 20);
    let page = |n: u64| format!("{BASE}/api/content/natal/aspect?page[number]={n}&page[size]=20");
    assert_eq!(first.body["links"], json!({ "self": page(1), "first": page(1), "prev": null, "next": page(2), "last": page(last) }));

    // An item as the interface shows it; its self link serves it.
    let item = &data(&first)[0];
    assert_eq!(item["type"], "content");
    let id = item["id"].as_str().unwrap();
    assert!(id.starts_with("urn:astro:natal:aspect:") && id.ends_with(":en"), "{id}");
    let attributes = &item["attributes"];
    assert_eq!(attributes["urn"], id);
    assert_eq!((attributes["owner_type"].as_str(), attributes["owner_id"].as_str()), (Some("system"), Some("system")));
    assert_eq!(attributes["base_content_id"], Value::Null);
    assert_eq!(attributes["created_at"], CORPUS_DATE);
    assert_eq!(attributes["updated_at"], CORPUS_DATE);
    assert!(!attributes["title"].as_str().unwrap().is_empty() && !attributes["body"].as_str().unwrap().is_empty());
    let metadata = &attributes["metadata"];
    assert_eq!((metadata["horoscopeType"].as_str(), metadata["contentType"].as_str()), (Some("natal"), Some("aspect")));
    assert!(metadata["pointA"].is_string() && metadata["aspect"].is_string() && metadata["pointB"].is_string(), "{metadata}");
    let single = get(&app, key, &path_of(&item["links"]["self"])).await;
    assert_eq!(single.status, 200, "{}", single.text);
    assert_eq!(single.body["data"], *item);

    // Following next gives the next items; the order is stable.
    let second = get(&app, key, &path_of(&first.body["links"]["next"])).await;
    assert_eq!(second.body["meta"]["page"]["number"], 2);
    assert_eq!(second.body["links"]["prev"], page(1));
    let all_ids: Vec<&str> = data(&first).iter().chain(data(&second)).map(|i| i["id"].as_str().unwrap()).collect();
    let forty = get(&app, key, "/api/content/natal/aspect?page[size]=40").await;
    assert_eq!(data(&forty).iter().map(|i| i["id"].as_str().unwrap()).collect::<Vec<_>>(), all_ids);

    // The last page, and one past it: empty data, the page envelope still there.
    let tail = get(&app, key, &path_of(&first.body["links"]["last"])).await;
    assert_eq!(data(&tail).len() as u64, aspects - (last - 1) * 20);
    assert_eq!(tail.body["links"]["next"], Value::Null);
    let past = get(&app, key, &format!("/api/content/natal/aspect?page[number]={}", last + 1)).await;
    assert_eq!(total(&past), aspects);
    assert!(data(&past).is_empty());
    assert_eq!(past.body["meta"]["page"]["number"], last + 1);
    assert_eq!(past.body["links"]["prev"], page(last));
    assert_eq!(past.body["links"]["next"], Value::Null);

    // Sizes: 100 is the most; brackets may come percent-encoded; other parameters stay in the links.
    let hundred = get(&app, key, "/api/content/natal/aspect?page%5Bsize%5D=100&language=es").await;
    assert_eq!(data(&hundred).len(), 100);
    assert_eq!(hundred.body["links"]["next"], format!("{BASE}/api/content/natal/aspect?language=es&page[number]=2&page[size]=100"));
    let too_big = get(&app, key, "/api/content/natal/aspect?page[size]=101").await;
    assert_parameter(&too_big, "page[size]");
    assert!(too_big.error()["detail"].as_str().unwrap().contains("at most 100"), "{}", too_big.text);
    assert_parameter(&get(&app, key, "/api/content/natal/aspect?page[number]=0").await, "page[number]");
    assert_parameter(&get(&app, key, "/api/content/natal/aspect?page[size]=ten").await, "page[size]");
    // The compatibility date is accepted everywhere.
    assert_eq!(get(&app, key, "/api/content/natal/aspect?api_version=2026-09-03").await.status, 200);
}

#[tokio::test]
async fn filters_select_by_point_sign_house_aspect_and_angle() {
    let app = TestApp::spawn().await;
    let key = &app.api_key;
    let points = shared::astro::point::PointId::ALL.len() as u64;
    let aspect_kinds = shared::astro::aspect::AspectKind::ALL.len() as u64;

    let venus = get(&app, key, "/api/content/natal/aspect?filter[point]=venus&page[size]=100").await;
    // Venus with every other point in every aspect, less the ones one sky
    // cannot hold: with the Sun sextile, square, trine, opposition, quintile,
    // sesquiquadrate, biquintile, quincunx; with Mercury square, trine,
    // opposition, sesquiquadrate, biquintile, quincunx.
    assert_eq!(total(&venus), (points - 1) * aspect_kinds - 8 - 6);
    for item in data(&venus) {
        let metadata = &item["attributes"]["metadata"];
        assert!(metadata["pointA"] == "venus" || metadata["pointB"] == "venus", "{metadata}");
    }
    let trines = get(&app, key, "/api/content/natal/aspect?filter[aspect]=trine").await;
    // Every pair but Sun–Mercury, Sun–Venus, Mercury–Venus and the three
    // pairs of nodes (the mean and true node, each with the south node).
    assert_eq!(total(&trines), points * (points - 1) / 2 - 3 - 3);
    let venus_trines = get(&app, key, "/api/content/natal/aspect?filter[point]=venus&filter[aspect]=trine").await;
    assert_eq!(total(&venus_trines), points - 1 - 2);
    assert!(data(&venus_trines).iter().all(|i| i["attributes"]["metadata"]["aspect"] == "trine"));
    // Several ids in one filter: any of them.
    let two = get(&app, key, "/api/content/natal/aspect?filter[point]=venus&filter[aspect]=trine,square").await;
    assert_eq!(total(&two), 2 * (points - 1 - 2));
    // The filters stay in the links.
    assert_eq!(
        venus_trines.body["links"]["self"],
        format!("{BASE}/api/content/natal/aspect?filter[point]=venus&filter[aspect]=trine&page[number]=1&page[size]=20")
    );

    let libra = get(&app, key, "/api/content/natal/planet-in-sign?filter[sign]=libra").await;
    assert_eq!(total(&libra), points);
    assert!(data(&libra).iter().all(|i| i["attributes"]["metadata"]["sign"] == "libra"));
    let venus_libra = get(&app, key, "/api/content/natal/planet-in-sign?filter[sign]=libra&filter[point]=venus").await;
    assert_eq!(total(&venus_libra), 1);
    assert_eq!(data(&venus_libra)[0]["id"], VENUS_LIBRA);

    let tenth = get(&app, key, "/api/content/natal/planet-in-house?filter[house]=house_10").await;
    assert_eq!(total(&tenth), points);
    assert!(data(&tenth).iter().all(|i| i["attributes"]["metadata"]["house"] == "house_10"));
    assert_eq!(total(&get(&app, key, "/api/content/natal/planet-in-house?filter[house]=10").await), points);

    let rising = get(&app, key, "/api/content/natal/angle-in-sign?filter[angle]=ascendant").await;
    assert_eq!(total(&rising), 12);
    let to_the_mc = get(&app, key, "/api/content/transit/aspect?filter[angle]=midheaven&filter[point]=saturn").await;
    assert_eq!(total(&to_the_mc), aspect_kinds);

    // Unknown values, unknown parameters, and filters that cannot apply: 422 naming the parameter.
    assert_parameter(&get(&app, key, "/api/content/natal/aspect?filter[point]=vulcan").await, "filter[point]");
    assert_parameter(&get(&app, key, "/api/content/natal/aspect?filter[aspect]=trine,nonile").await, "filter[aspect]");
    assert_parameter(&get(&app, key, "/api/content/natal/planet-in-sign?filter[sign]=ophiuchus").await, "filter[sign]");
    assert_parameter(&get(&app, key, "/api/content/natal/planet-in-house?filter[house]=13").await, "filter[house]");
    assert_parameter(&get(&app, key, "/api/content/natal/angle-in-sign?filter[angle]=east_point").await, "filter[angle]");
    assert_parameter(&get(&app, key, "/api/content/natal/aspect?filter[house]=1").await, "filter[house]");
    assert_parameter(&get(&app, key, "/api/content/natal/aspect?filter[colour]=red").await, "filter[colour]");
    let unknown = get(&app, key, "/api/content/natal/aspect?sort=title").await;
    assert_parameter(&unknown, "sort");
    assert!(unknown.error()["detail"].as_str().unwrap().contains("filter[point]"), "{}", unknown.text);
}

#[tokio::test]
async fn unknown_types_are_404_and_languages_422_listing_the_valid_ones() {
    let app = TestApp::spawn().await;
    let key = &app.api_key;
    let horoscope = get(&app, key, "/api/content/horary/aspect").await;
    assert_error(&horoscope, 404, "not_found");
    let detail = horoscope.error()["detail"].as_str().unwrap();
    assert!(detail.contains("natal, transit, synastry, progressions, solar-return, lunar-return"), "{detail}");
    let content_type = get(&app, key, "/api/content/natal/midpoints").await;
    assert_error(&content_type, 404, "not_found");
    assert!(content_type.error()["detail"].as_str().unwrap().contains("planet-in-sign, planet-in-house, angle-in-sign, aspect"));
    // A content type the horoscope type does not have.
    let transit_signs = get(&app, key, "/api/content/transit/planet-in-sign").await;
    assert_error(&transit_signs, 404, "not_found");
    assert!(transit_signs.error()["detail"].as_str().unwrap().contains("aspect"));
    assert_error(
        &get(&app, key, "/api/content/natal/planet-in-sign/urn:astro:natal:planet-in-sign:venus:virgo-x:en").await,
        404,
        "not_found",
    );
    // Aspects one sky cannot hold have no text: Mercury is never more than
    // 28° from the Sun, Venus 48°, the two never about 76° apart. Their
    // possible aspects, and the same pairs in a transit, do.
    for impossible in [
        "natal:aspect:sun:square:mercury",
        "natal:aspect:sun:sextile:venus",
        "natal:aspect:mercury:opposition:venus",
        "solar-return:aspect:sun:trine:mercury",
        "lunar-return:aspect:mercury:square:venus",
    ] {
        let horoscope = impossible.split(':').next().unwrap();
        let path = format!("/api/content/{horoscope}/aspect/urn:astro:{impossible}:en");
        assert_error(&get(&app, key, &path).await, 404, "not_found");
    }
    for possible in ["natal:aspect:sun:conjunction:mercury", "natal:aspect:mercury:sextile:venus", "transit:aspect:sun:square:mercury"] {
        let horoscope = possible.split(':').next().unwrap();
        let response = get(&app, key, &format!("/api/content/{horoscope}/aspect/urn:astro:{possible}:en")).await;
        assert_eq!(response.status, 200, "{possible}: {}", response.text);
    }
    let listed = get(&app, key, "/api/content/natal/aspect?filter[point]=sun&filter[aspect]=square&page[size]=100").await;
    let ids: Vec<&str> = listed.body["data"].as_array().unwrap().iter().map(|item| item["id"].as_str().unwrap()).collect();
    assert!(ids.iter().any(|id| id.contains("sun:square:mars")), "{ids:?}");
    assert!(!ids.iter().any(|id| id.contains("sun:square:mercury") || id.contains("sun:square:venus")), "{ids:?}");
    // A base id under another type's path is not there.
    assert_error(&get(&app, key, &format!("/api/content/natal/aspect/{VENUS_LIBRA}")).await, 404, "not_found");

    let french = get(&app, key, "/api/content/natal/planet-in-sign?language=fr").await;
    assert_parameter(&french, "language");
    assert!(french.error()["detail"].as_str().unwrap().contains("en, es"), "{}", french.text);

    let en = get(&app, key, "/api/content/natal/planet-in-sign?filter[point]=venus&filter[sign]=libra").await;
    let es = get(&app, key, "/api/content/natal/planet-in-sign?filter[point]=venus&filter[sign]=libra&language=es").await;
    assert_eq!(es.body["meta"]["language"], "es");
    let (en, es) = (&data(&en)[0], &data(&es)[0]);
    assert_eq!(es["id"], "urn:astro:natal:planet-in-sign:venus:libra:es");
    assert_eq!(es["attributes"]["metadata"]["language"], "es");
    assert_ne!(en["attributes"]["title"], es["attributes"]["title"]);
    assert_ne!(en["attributes"]["body"], es["attributes"]["body"]);
    let single = get(&app, key, "/api/content/natal/planet-in-sign/urn:astro:natal:planet-in-sign:venus:libra:es").await;
    assert_eq!(single.body["data"], *es);
}

#[tokio::test]
async fn a_copy_is_made_edited_restored_and_deleted() {
    let app = TestApp::spawn().await;
    let key = &app.api_key;
    crate::orgs::join(&app, "member-1", Role::Member).await;
    crate::orgs::join(&app, "manager-1", Role::Manager).await;
    let venus_list = "/api/content/natal/planet-in-sign?filter[point]=venus";
    let base = data(&get(&app, key, venus_list).await)[6].clone();
    assert_eq!(base["id"], VENUS_LIBRA);

    // A member may copy (content:custom-copy)...
    let copied = call(&app, "POST", "/api/org/content/copies", "member-1", Some(copy_body(VENUS_LIBRA))).await;
    assert_eq!(copied.status, 201, "{}", copied.text);
    let copy = copied.body["data"].clone();
    let copy_id = copy["id"].as_str().unwrap().to_owned();
    assert_ne!(copy_id, VENUS_LIBRA);
    let attributes = &copy["attributes"];
    assert_eq!(attributes["urn"], VENUS_LIBRA);
    assert_eq!(attributes["base_content_id"], VENUS_LIBRA);
    assert_eq!(
        (attributes["owner_type"].as_str(), attributes["owner_id"].as_str()),
        (Some("organization"), Some(app.organization_id.as_str()))
    );
    assert_eq!((&attributes["title"], &attributes["body"]), (&base["attributes"]["title"], &base["attributes"]["body"]));
    assert_eq!(attributes["metadata"], base["attributes"]["metadata"]);
    assert_eq!(copied.headers["location"], copy["links"]["self"].as_str().unwrap());
    assert_eq!(path_of(&copy["links"]["self"]), format!("/api/content/natal/planet-in-sign/{copy_id}"));
    // ...once per base item.
    let again = call(&app, "POST", "/api/org/content/copies", OWNER, Some(copy_body(VENUS_LIBRA))).await;
    assert_error(&again, 409, "copy_exists");
    assert!(again.error()["detail"].as_str().unwrap().contains(&copy_id));
    // Not a URN: 422 on the field. A URN of the right shape naming no base
    // item is an id that does not exist: 404.
    for bad in ["venus", "urn:astro:natal", "urn:astro:natal:planet-in-sign:Venus:libra:en"] {
        let refused = call(&app, "POST", "/api/org/content/copies", OWNER, Some(copy_body(bad))).await;
        assert_error(&refused, 422, "invalid_field");
        assert_eq!(refused.pointers(), ["/data/attributes/baseContentId"], "{bad}");
    }
    for missing in ["urn:astro:natal:planet-in-sign:venus:libra:fr", "urn:astro:natal:planet-in-sign:vulcan:libra:en"] {
        let refused = call(&app, "POST", "/api/org/content/copies", OWNER, Some(copy_body(missing))).await;
        assert_error(&refused, 404, "not_found");
    }

    // A member may not edit; a manager may.
    let edit = edit_body(
        json!({ "title": "Venus in Libra, our way", "body": "Our own words about Venus in Libra.", "metadata": { "tone": "warm" } }),
    );
    let refused = call(&app, "PATCH", &format!("/api/org/content/{copy_id}"), "member-1", Some(edit.clone())).await;
    assert_error(&refused, 403, "insufficient_role");
    let edited = call(&app, "PATCH", &format!("/api/org/content/{copy_id}"), "manager-1", Some(edit)).await;
    assert_eq!(edited.status, 200, "{}", edited.text);
    assert_eq!(edited.body["data"]["attributes"]["title"], "Venus in Libra, our way");
    assert_eq!(edited.body["data"]["attributes"]["metadata"]["tone"], "warm");
    assert_eq!(edited.body["data"]["attributes"]["metadata"]["sign"], "libra");

    // The key now reads the copy in the base item's place, and by its own id.
    let listed = get(&app, key, venus_list).await;
    assert_eq!(total(&listed), 12);
    let shown = &data(&listed)[6];
    assert_eq!(shown["id"], copy_id.as_str());
    assert_eq!(shown["attributes"]["owner_type"], "organization");
    assert_eq!(shown["attributes"]["base_content_id"], VENUS_LIBRA);
    assert_eq!(shown["attributes"]["body"], "Our own words about Venus in Libra.");
    assert_eq!(*shown, edited.body["data"]);
    let single = get(&app, key, &path_of(&shown["links"]["self"])).await;
    assert_eq!(single.body["data"], *shown);
    // The base id (the URN) serves the copy too, as everything the key
    // reads does; `source=base` is the way to the base text.
    let by_urn = get(&app, key, &format!("/api/content/natal/planet-in-sign/{VENUS_LIBRA}")).await;
    assert_eq!(by_urn.body["data"], *shown);
    let base_by_urn = get(&app, key, &format!("/api/content/natal/planet-in-sign/{VENUS_LIBRA}?source=base")).await;
    assert_eq!(base_by_urn.body["data"], base);
    // The Spanish list is untouched.
    let es = get(&app, key, &format!("{venus_list}&language=es")).await;
    assert_eq!(data(&es)[6]["attributes"]["owner_type"], "system");
    // And the dashboard lists it.
    let org_list = call(&app, "GET", "/api/org/content", "member-1", None).await;
    assert_eq!(total(&org_list), 1);
    assert_eq!(data(&org_list)[0], *shown);

    // Restore puts the base text back (a member may not).
    let path = format!("/api/org/content/{copy_id}/restore");
    assert_error(&call(&app, "POST", &path, "member-1", None).await, 403, "insufficient_role");
    let restored = call(&app, "POST", &path, "manager-1", None).await;
    assert_eq!(restored.status, 200, "{}", restored.text);
    let attributes = &restored.body["data"]["attributes"];
    assert_eq!((&attributes["title"], &attributes["body"]), (&base["attributes"]["title"], &base["attributes"]["body"]));
    assert_eq!(attributes["base_content_id"], VENUS_LIBRA);
    assert!(attributes["updated_at"].as_str().unwrap() >= edited.body["data"]["attributes"]["updated_at"].as_str().unwrap());
    assert_eq!(data(&get(&app, key, venus_list).await)[6]["attributes"]["title"], base["attributes"]["title"]);

    // Delete (not as a member): the list shows the base item again.
    let item_path = format!("/api/org/content/{copy_id}");
    assert_error(&call(&app, "DELETE", &item_path, "member-1", None).await, 403, "insufficient_role");
    let deleted = call(&app, "DELETE", &item_path, "manager-1", None).await;
    assert_eq!(deleted.status, 204, "{}", deleted.text);
    assert_eq!(data(&get(&app, key, venus_list).await)[6], base);
    assert_error(&get(&app, key, &format!("/api/content/natal/planet-in-sign/{copy_id}")).await, 404, "not_found");
    for (method, path) in [("DELETE", item_path.as_str()), ("POST", path.as_str())] {
        assert_error(&call(&app, method, path, OWNER, None).await, 404, "not_found");
    }
    assert_error(&call(&app, "PATCH", &item_path, OWNER, Some(edit_body(json!({ "title": "x" })))).await, 404, "not_found");
    // It can be copied afresh.
    assert_eq!(call(&app, "POST", "/api/org/content/copies", OWNER, Some(copy_body(VENUS_LIBRA))).await.status, 201);
}

#[tokio::test]
async fn own_items_are_created_listed_and_checked() {
    let app = TestApp::spawn().await;
    let key = &app.api_key;
    crate::orgs::join(&app, "member-1", Role::Member).await;
    let body = json!({ "data": { "type": "content", "attributes": {
        "horoscopeType": "natal", "contentType": "planet-in-sign", "language": "en",
        "title": "  Venus in Libra for our readers ", "body": "A house text.", "metadata": { "point": "venus", "sign": "libra", "audience": "beginners" }
    } } });
    assert_error(&call(&app, "POST", "/api/org/content", "member-1", Some(body.clone())).await, 403, "insufficient_role");
    let created = call(&app, "POST", "/api/org/content", OWNER, Some(body)).await;
    assert_eq!(created.status, 201, "{}", created.text);
    let own = created.body["data"].clone();
    let id = own["id"].as_str().unwrap();
    let attributes = &own["attributes"];
    assert_eq!(attributes["urn"], format!("urn:astro:natal:planet-in-sign:custom:{id}:en"));
    assert_eq!(attributes["title"], "Venus in Libra for our readers");
    assert_eq!(attributes["base_content_id"], Value::Null);
    assert_eq!(attributes["owner_type"], "organization");
    assert_eq!(
        attributes["metadata"],
        json!({ "horoscopeType": "natal", "contentType": "planet-in-sign", "language": "en", "point": "venus", "sign": "libra", "audience": "beginners" })
    );

    // Listed after the base items, found by the filters through its metadata.
    let bases = all_keys(HoroscopeType::Natal, ContentType::PlanetInSign).len() as u64;
    let listed = get(&app, key, &format!("/api/content/natal/planet-in-sign?page[number]={}", bases / 20 + 1)).await;
    assert_eq!(total(&listed), bases + 1);
    assert_eq!(data(&listed).last().unwrap(), &own);
    let filtered = get(&app, key, "/api/content/natal/planet-in-sign?filter[sign]=libra&filter[point]=venus").await;
    assert_eq!(total(&filtered), 2);
    assert_eq!(data(&filtered)[1], own);
    assert_eq!(total(&get(&app, key, "/api/content/natal/planet-in-sign?filter[sign]=aries").await), 17);
    assert_eq!(total(&get(&app, key, "/api/content/natal/planet-in-sign?language=es").await), bases);
    assert_eq!(get(&app, key, &path_of(&own["links"]["self"])).await.body["data"], own);
    // Not under another type's path.
    assert_error(&get(&app, key, &format!("/api/content/natal/aspect/{id}")).await, 404, "not_found");

    // An own item has no base to restore; it can be edited.
    assert_error(&call(&app, "POST", &format!("/api/org/content/{id}/restore"), OWNER, None).await, 409, "not_a_copy");
    // `data.id` may be left out, but `null` names no item: 422 on `/data/id`.
    let null_id = json!({ "data": { "type": "content", "id": null, "attributes": { "title": "Renamed" } } });
    let refused = call(&app, "PATCH", &format!("/api/org/content/{id}"), OWNER, Some(null_id)).await;
    assert_eq!(refused.status, 422, "{}", refused.text);
    assert_eq!(refused.pointers(), ["/data/id"]);
    let renamed = call(&app, "PATCH", &format!("/api/org/content/{id}"), OWNER, Some(edit_body(json!({ "title": "Renamed" })))).await;
    assert_eq!(renamed.status, 200, "{}", renamed.text);
    assert_eq!(renamed.body["data"]["attributes"]["title"], "Renamed");
    assert_eq!(renamed.body["data"]["attributes"]["body"], "A house text.");

    // Validation, field by field.
    let bad = json!({ "data": { "type": "contents", "attributes": {
        "horoscopeType": "horary", "contentType": "midpoints", "language": "fr", "title": " ", "body": "x".repeat(5001), "metadata": ["not", "an", "object"]
    } } });
    let refused = call(&app, "POST", "/api/org/content", OWNER, Some(bad)).await;
    assert_eq!(refused.status, 422, "{}", refused.text);
    assert_eq!(
        refused.pointers(),
        [
            "/data/type",
            "/data/attributes/horoscopeType",
            "/data/attributes/contentType",
            "/data/attributes/language",
            "/data/attributes/title",
            "/data/attributes/body",
            "/data/attributes/metadata"
        ]
    );
    let wrong_pair = json!({ "data": { "type": "content", "attributes": {
        "horoscopeType": "transit", "contentType": "planet-in-sign", "language": "en", "title": "t", "body": "b", "metadata": { "language": "es" }
    } } });
    let refused = call(&app, "POST", "/api/org/content", OWNER, Some(wrong_pair)).await;
    assert_eq!(refused.pointers(), ["/data/attributes/contentType", "/data/attributes/metadata/language"]);
    let long_title =
        call(&app, "PATCH", &format!("/api/org/content/{id}"), OWNER, Some(edit_body(json!({ "title": "t".repeat(201) })))).await;
    assert_eq!(long_title.pointers(), ["/data/attributes/title"]);
    let null_body = call(&app, "PATCH", &format!("/api/org/content/{id}"), OWNER, Some(edit_body(json!({ "body": null })))).await;
    assert_eq!(null_body.pointers(), ["/data/attributes/body"]);
    let missing = json!({ "data": { "type": "content", "attributes": { "horoscopeType": "natal" } } });
    assert_error(&call(&app, "POST", "/api/org/content", OWNER, Some(missing)).await, 422, "missing_field");

    // The dashboard list: paginated, filtered, parameters checked.
    for base_id in ["urn:astro:transit:aspect:mars:trine:venus:en", "urn:astro:natal:aspect:sun:square:moon:es"] {
        assert_eq!(call(&app, "POST", "/api/org/content/copies", OWNER, Some(copy_body(base_id))).await.status, 201);
    }
    let everything = call(&app, "GET", "/api/org/content?page[size]=2", "member-1", None).await;
    assert_eq!(total(&everything), 3);
    assert_eq!(data(&everything).len(), 2);
    assert_eq!(everything.body["links"]["last"], format!("{BASE}/api/org/content?page[number]=2&page[size]=2"));
    assert_eq!(total(&call(&app, "GET", "/api/org/content?filter[horoscopeType]=natal", OWNER, None).await), 2);
    assert_eq!(total(&call(&app, "GET", "/api/org/content?filter[language]=es", OWNER, None).await), 1);
    assert_eq!(total(&call(&app, "GET", "/api/org/content?filter[contentType]=aspect&filter[language]=en", OWNER, None).await), 1);
    assert_parameter(&call(&app, "GET", "/api/org/content?filter[horoscopeType]=horary", OWNER, None).await, "filter[horoscopeType]");
    assert_parameter(&call(&app, "GET", "/api/org/content?page[size]=101", OWNER, None).await, "page[size]");
    assert_parameter(&call(&app, "GET", "/api/org/content?colour=red", OWNER, None).await, "colour");
}

#[tokio::test]
async fn another_organization_neither_sees_nor_touches_a_copy() {
    let app = TestApp::spawn().await;
    let copied = call(&app, "POST", "/api/org/content/copies", OWNER, Some(copy_body(VENUS_LIBRA))).await;
    let copy_id = copied.body["data"]["id"].as_str().unwrap().to_owned();
    let edited = call(&app, "PATCH", &format!("/api/org/content/{copy_id}"), OWNER, Some(edit_body(json!({ "body": "Ours." })))).await;
    assert_eq!(edited.status, 200, "{}", edited.text);

    // A second organization (on the free plan, which has the content module) with its own key.
    let founded = call(&app, "POST", "/api/orgs", "founder", Some(organization_body("Elsewhere"))).await;
    let other_org = founded.body["data"]["id"].as_str().unwrap().to_owned();
    assert!(Plan::Free.modules().contains(&Module::Content));
    let body = json!({ "data": { "type": "api-keys", "attributes": { "name": "theirs", "organizationId": other_org } } });
    let other_key = call(&app, "POST", "/api/api-keys", "founder", Some(body)).await.body["data"]["key"].as_str().unwrap().to_owned();

    let theirs = get(&app, &other_key, "/api/content/natal/planet-in-sign?filter[point]=venus&filter[sign]=libra").await;
    assert_eq!(data(&theirs)[0]["id"], VENUS_LIBRA);
    assert_eq!(data(&theirs)[0]["attributes"]["owner_type"], "system");
    assert_error(&get(&app, &other_key, &format!("/api/content/natal/planet-in-sign/{copy_id}")).await, 404, "not_found");
    let token = token_for(&app, "founder", "founder@example.test");
    let headers = [("x-organization-id", other_org.as_str())];
    for (method, path, body) in [
        ("PATCH", format!("/api/org/content/{copy_id}"), Some(edit_body(json!({ "body": "Theirs." })))),
        ("POST", format!("/api/org/content/{copy_id}/restore"), None),
        ("DELETE", format!("/api/org/content/{copy_id}"), None),
    ] {
        let response = call_with(&app, method, &path, Some(&token), &headers, body.as_ref()).await;
        assert_error(&response, 404, "not_found");
    }
    assert_eq!(total(&call_with(&app, "GET", "/api/org/content", Some(&token), &headers, None).await), 0);
    // Naming the first organization, where the founder is no member, is a 404 too.
    let first_org = [("x-organization-id", app.organization_id.as_str())];
    assert_error(
        &call_with(&app, "DELETE", &format!("/api/org/content/{copy_id}"), Some(&token), &first_org, None).await,
        404,
        "not_found",
    );
    // The copy is untouched.
    let ours = get(&app, &app.api_key, &format!("/api/content/natal/planet-in-sign/{copy_id}")).await;
    assert_eq!(ours.body["data"]["attributes"]["body"], "Ours.");
}

#[tokio::test]
async fn keys_need_content_read_and_the_content_module() {
    let app = TestApp::spawn().await;
    let path = "/api/content/natal/aspect";
    let without = app.create_key(json!({ "permissions": ["calc:read"] })).await;
    assert_error(&get(&app, &without, path).await, 403, "permission_denied");
    assert_error(&get(&app, &without, &format!("{path}/urn:astro:natal:aspect:sun:trine:moon:en")).await, 403, "permission_denied");
    let numerology_only = app.create_key(json!({ "modules": ["numerology"] })).await;
    assert_error(&get(&app, &numerology_only, path).await, 403, "module_not_allowed");
    let content_only = app.create_key(json!({ "permissions": ["content:read"], "modules": ["content"] })).await;
    assert_eq!(get(&app, &content_only, path).await.status, 200);
    // Every plan has the module.
    app.set_plan(Plan::Free).await;
    assert_eq!(get(&app, &content_only, path).await.status, 200);
    assert_error(&get(&app, "", path).await, 401, "invalid_api_key");
    let anonymous = app.send(Request::get(path).body(Body::empty()).unwrap()).await;
    assert_error(&anonymous, 401, "missing_api_key");
    // The dashboard routes take a bearer token, not a key.
    assert_error(&get(&app, &app.api_key, "/api/org/content").await, 401, "missing_token");
}
