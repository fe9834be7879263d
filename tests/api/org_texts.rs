//! An organization's copy of a base text reaches everything its keys read:
//! the content item by its URN, `includeText` in the calculations, the AI
//! summaries, the PDF reports and the chat. One test per reader, each
//! copying and editing through the dashboard as an organization does, then
//! editing again: the next request shows the new words (nothing keeps the
//! old ones). `?source=base` still reads the base text.

use axum::body::Body;
use axum::http::Request;
use http_body_util::BodyExt;
use serde_json::{Value, json};
use tower::ServiceExt;

use crate::orgs::{OWNER, call};
use crate::summaries::open;
use crate::support::{TestApp, TestResponse, birth, place, rome_1990, with};

const BASE: &str = "https://api.example.test";

/// Copies the base item `urn` for the app's organization (its owner, from
/// the dashboard) and gives the copy `body`; the copy's id.
async fn copy_with(app: &TestApp, urn: &str, body: &str) -> String {
    let copied = call(
        app,
        "POST",
        "/api/org/content/copies",
        OWNER,
        Some(json!({ "data": { "type": "content", "attributes": { "baseContentId": urn } } })),
    )
    .await;
    assert_eq!(copied.status, 201, "{}", copied.text);
    let id = copied.body["data"]["id"].as_str().unwrap().to_owned();
    edit(app, &id, json!({ "body": body })).await;
    id
}

async fn edit(app: &TestApp, id: &str, attributes: Value) {
    let body = json!({ "data": { "type": "content", "attributes": attributes } });
    let edited = call(app, "PATCH", &format!("/api/org/content/{id}"), OWNER, Some(body)).await;
    assert_eq!(edited.status, 200, "{}", edited.text);
}

async fn get(app: &TestApp, path: &str) -> TestResponse {
    app.send(Request::get(path).header("x-api-key", &app.api_key).body(Body::empty()).unwrap()).await
}

fn text_of(value: &Value) -> &str {
    value.as_str().unwrap_or_else(|| panic!("not a text: {value}"))
}

#[tokio::test]
async fn the_content_item_by_its_urn_is_the_copy_and_source_base_the_base_text() {
    let app = TestApp::spawn().await;
    let urn = "urn:astro:natal:aspect:sun:trine:saturn:en";
    let path = format!("/api/content/natal/aspect/{urn}");
    let base = get(&app, &path).await;
    assert_eq!(base.status, 200, "{}", base.text);
    assert_eq!(base.body["data"]["attributes"]["owner_type"], "system");

    let id = copy_with(&app, urn, "Our words on the Sun trine Saturn.").await;
    let read = get(&app, &path).await;
    assert_eq!(read.status, 200, "{}", read.text);
    let item = &read.body["data"];
    assert_eq!(item["id"], id.as_str());
    assert_eq!(item["attributes"]["urn"], urn);
    assert_eq!(item["attributes"]["base_content_id"], urn);
    assert_eq!(item["attributes"]["owner_type"], "organization");
    assert_eq!(item["attributes"]["body"], "Our words on the Sun trine Saturn.");
    // The same item as by the copy's own id.
    assert_eq!(get(&app, &format!("/api/content/natal/aspect/{id}")).await.body["data"], *item);
    // Edited again: the next read has the new words.
    edit(&app, &id, json!({ "body": "Second thoughts on the Sun trine Saturn." })).await;
    assert_eq!(get(&app, &path).await.body["data"]["attributes"]["body"], "Second thoughts on the Sun trine Saturn.");

    // The base text has its own way: `source=base`.
    let explicit = get(&app, &format!("{path}?source=base")).await;
    assert_eq!(explicit.status, 200, "{}", explicit.text);
    assert_eq!(explicit.body["data"], base.body["data"]);
    // `source=organization` is the default, said out loud.
    assert_eq!(get(&app, &format!("{path}?source=organization")).await.body["data"]["id"], id.as_str());
    // A copy's own id is no base item's.
    let by_id = get(&app, &format!("/api/content/natal/aspect/{id}?source=base")).await;
    assert_eq!(by_id.status, 404, "{}", by_id.text);
    let unknown = get(&app, &format!("{path}?source=mine")).await;
    assert_eq!(unknown.status, 422, "{}", unknown.text);
    assert_eq!(unknown.error()["source"]["parameter"], "source");
    assert!(text_of(&unknown.error()["detail"]).contains("base, organization"), "{}", unknown.text);
}

#[tokio::test]
async fn include_text_in_a_natal_chart_is_the_copy_edited_or_edited_again() {
    let app = TestApp::spawn().await;
    let body = with(rome_1990(), json!({ "includeText": true }));
    let before = app.post("/api/calc/natal", &body).await;
    assert_eq!(before.status, 200, "{}", before.text);
    let sun = &before.body["data"]["points"]["sun"];
    let (sign, house) = (text_of(&sun["sign"]), sun["houseNumber"].as_u64().unwrap());
    let id = copy_with(&app, &format!("urn:astro:natal:planet-in-sign:sun:{sign}:en"), "Our Sun in its sign.").await;
    copy_with(&app, &format!("urn:astro:natal:planet-in-house:sun:house_{house}:en"), "Our Sun in its house.").await;

    let after = app.post("/api/calc/natal", &body).await;
    assert_eq!(after.body["data"]["points"]["sun"]["text"], "Our Sun in its sign.");
    assert_eq!(after.body["data"]["points"]["sun"]["houseText"], "Our Sun in its house.");
    assert_eq!(after.body["data"]["points"]["moon"], before.body["data"]["points"]["moon"]);
    edit(&app, &id, json!({ "body": "Our Sun, said again." })).await;
    let again = app.post("/api/calc/natal", &body).await;
    assert_eq!(again.body["data"]["points"]["sun"]["text"], "Our Sun, said again.");
}

#[tokio::test]
async fn include_text_in_transits_is_the_copy_for_the_transit_and_the_natal_texts() {
    let app = TestApp::spawn().await;
    let body = with(birth(), json!({ "startDate": "2025-01-01", "endDate": "2025-01-31", "includeText": true }));
    let before = app.post("/api/calc/transit", &body).await;
    assert_eq!(before.status, 200, "{}", before.text);
    let first = &before.body["data"]["aspects"][0];
    let urn =
        format!("urn:astro:transit:aspect:{}:{}:{}:en", text_of(&first["pointA"]), text_of(&first["aspect"]), text_of(&first["pointB"]));
    let id = copy_with(&app, &urn, "Our words on this transit.").await;
    let natal_sun = text_of(&before.body["data"]["natal"]["points"]["sun"]["sign"]);
    copy_with(&app, &format!("urn:astro:natal:planet-in-sign:sun:{natal_sun}:en"), "Our natal Sun.").await;

    let after = app.post("/api/calc/transit", &body).await;
    assert_eq!(after.body["data"]["aspects"][0]["text"], "Our words on this transit.");
    assert_eq!(after.body["data"]["natal"]["points"]["sun"]["text"], "Our natal Sun.");
    edit(&app, &id, json!({ "body": "Our second words on this transit." })).await;
    let again = app.post("/api/calc/transit", &body).await;
    assert_eq!(again.body["data"]["aspects"][0]["text"], "Our second words on this transit.");
}

#[tokio::test]
async fn include_text_in_a_synastry_is_the_copy_whichever_person_leads() {
    let app = TestApp::spawn().await;
    let body = json!({
        "dateTime1": "1990-05-11T14:30", "location1": place(41.9028, 12.4964, "Europe/Rome"),
        "dateTime2": "1992-08-20T06:15", "location2": place(40.7128, -74.006, "America/New_York"),
        "includeText": true,
    });
    let before = app.post("/api/calc/synastry", &body).await;
    assert_eq!(before.status, 200, "{}", before.text);
    let first = &before.body["data"]["aspects1to2"][0];
    let (a, kind, b) = (text_of(&first["pointA"]), text_of(&first["aspect"]), text_of(&first["pointB"]));
    // The pair is unordered: its one URN lists the earlier point first;
    // the content item by either order's subject is the same text.
    let listed = get(&app, &format!("/api/content/synastry/aspect?filter[point]={a}&filter[aspect]={kind}")).await;
    let urn = listed.body["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|item| text_of(&item["id"]).to_owned())
        .find(|urn| {
            urn == &format!("urn:astro:synastry:aspect:{a}:{kind}:{b}:en") || urn == &format!("urn:astro:synastry:aspect:{b}:{kind}:{a}:en")
        })
        .expect("the pair's URN");
    copy_with(&app, &urn, "Our words on this pair.").await;

    let after = app.post("/api/calc/synastry", &body).await;
    assert_eq!(after.body["data"]["aspects1to2"][0]["text"], "Our words on this pair.");
    let mirrored =
        after.body["data"]["aspects2to1"].as_array().unwrap().iter().find(|x| x["pointA"] == b && x["pointB"] == a && x["aspect"] == kind);
    assert_eq!(mirrored.expect("the same contact, person 2 leading")["text"], "Our words on this pair.");
}

#[tokio::test]
async fn a_summary_tells_the_copy_and_an_edit_writes_it_anew() {
    let app = TestApp::spawn().await;
    let natal = app.post("/api/calc/natal", &rome_1990()).await;
    assert_eq!(natal.status, 200, "{}", natal.text);
    let url = text_of(&natal.body["data"]["summary"]["url"]).to_owned();
    let sun = text_of(&natal.body["data"]["points"]["sun"]["sign"]);
    let first = open(&app, &url).await;
    assert_eq!(first.status, 200, "{}", first.text);
    assert_eq!(open(&app, &url).await.body["data"]["cached"], true);

    // The Sun is the strongest feature: its text's opening sentence is told.
    let id = copy_with(&app, &format!("urn:astro:natal:planet-in-sign:sun:{sun}:en"), "Our Sun shines its own way.").await;
    let edited = open(&app, &url).await;
    assert_eq!(edited.status, 200, "{}", edited.text);
    let summary = text_of(&edited.body["data"]["summary"]);
    assert!(summary.contains("Our Sun shines its own way."), "{summary}");
    assert_eq!(edited.body["data"]["cached"], false, "an edited text is a new summary");
    assert_ne!(edited.headers["etag"], first.headers["etag"]);
    // Stored like any other, until the next edit.
    assert_eq!(open(&app, &url).await.body["data"]["cached"], true);
    edit(&app, &id, json!({ "body": "Our Sun, told again." })).await;
    let again = open(&app, &url).await;
    assert!(text_of(&again.body["data"]["summary"]).contains("Our Sun, told again."), "{}", again.text);
    // A revalidation with the old tag is not a 304: the summary changed.
    let revalidated = app.router.clone().oneshot(
        Request::get(url.strip_prefix(BASE).unwrap()).header("if-none-match", first.headers["etag"].clone()).body(Body::empty()).unwrap(),
    );
    assert_eq!(revalidated.await.unwrap().status(), 200);
}

#[tokio::test]
async fn a_pdf_report_prints_the_copy_and_an_edit_makes_a_new_report() {
    let app = TestApp::spawn().await;
    let natal = app.post("/api/calc/natal", &rome_1990()).await;
    let sun = text_of(&natal.body["data"]["points"]["sun"]["sign"]).to_owned();
    let id = copy_with(&app, &format!("urn:astro:natal:planet-in-sign:sun:{sun}:en"), "Our Sun, printed in the report.").await;
    edit(&app, &id, json!({ "title": "Our Sun heading" })).await;
    let body = json!({
        "reportType": "natal", "templateId": "modern", "language": "en",
        "subject": {
            "name": "María José Núñez",
            "birthDate": { "year": 1990, "month": 5, "day": 11, "hour": 14, "minute": 30 },
            "birthPlace": { "name": "Roma, Italia", "latitude": 41.9028, "longitude": 12.4964, "timezone": "Europe/Rome" },
        },
    });
    let printed = |bytes: Vec<u8>| {
        let file = tempfile::NamedTempFile::new().unwrap();
        std::fs::write(file.path(), bytes).unwrap();
        let output = std::process::Command::new("pdftotext").args([file.path().to_str().unwrap(), "-"]).output().expect("pdftotext");
        String::from_utf8_lossy(&output.stdout).split_whitespace().collect::<Vec<_>>().join(" ")
    };
    let report = |app: &TestApp| {
        let request = Request::post("/api/pdf-reports/generate")
            .header("content-type", "application/json")
            .header("x-api-key", app.api_key.clone())
            .body(Body::from(body.to_string()))
            .unwrap();
        let router = app.router.clone();
        async move {
            let response = router.oneshot(request).await.unwrap();
            assert_eq!(response.status(), 200);
            let cache = response.headers()["x-report-cache"].to_str().unwrap().to_owned();
            (cache, response.into_body().collect().await.unwrap().to_bytes().to_vec())
        }
    };
    let (cache, bytes) = report(&app).await;
    assert_eq!(cache, "miss");
    let text = printed(bytes);
    assert!(text.contains("Our Sun heading") && text.contains("Our Sun, printed in the report."), "{text}");

    edit(&app, &id, json!({ "body": "Our Sun, printed anew." })).await;
    let (cache, bytes) = report(&app).await;
    assert_eq!(cache, "miss", "an edited text makes a new report");
    assert!(printed(bytes).contains("Our Sun, printed anew."));
}

#[tokio::test]
async fn the_chat_answers_with_the_copy() {
    let app = TestApp::spawn().await;
    let natal = app.post("/api/calc/natal", &rome_1990()).await;
    let sun = text_of(&natal.body["data"]["points"]["sun"]["sign"]).to_owned();
    let created = call(
        &app,
        "POST",
        "/api/chatbots",
        OWNER,
        Some(json!({ "data": { "type": "chatbots", "attributes": { "name": "Sol", "allowedDomains": ["shop.example.com"], "requireUserHash": false } } })),
    )
    .await;
    assert_eq!(created.status, 201, "{}", created.text);
    let chatbot = text_of(&created.body["data"]["id"]).to_owned();
    let birth = json!({ "date": "1990-05-11", "time": "14:30", "latitude": 41.9028, "longitude": 12.4964, "timezone": "Europe/Rome" });
    let app = &app;
    let ask = |message: Value| {
        let path = format!("/widget/chat/{chatbot}/user/user-1");
        async move {
            let response = app.post_raw(&path, &message.to_string(), &[("origin", "https://shop.example.com")]).await;
            assert_eq!(response.status, 200, "{}", response.text);
            // The deltas' texts, joined.
            response
                .text
                .split("\n\n")
                .filter(|block| block.starts_with("event: delta"))
                .filter_map(|block| block.lines().find_map(|line| line.strip_prefix("data:")))
                .filter_map(|data| serde_json::from_str::<Value>(data.trim()).ok())
                .filter_map(|data| data["text"].as_str().map(str::to_owned))
                .collect::<String>()
        }
    };
    let id = copy_with(app, &format!("urn:astro:natal:planet-in-sign:sun:{sun}:en"), "Our Sun, in the chat.").await;
    let answer = ask(json!({ "message": "What is my sun sign?", "birthData": birth })).await;
    assert!(answer.contains("Our Sun, in the chat."), "{answer}");
    edit(app, &id, json!({ "body": "Our Sun, in the chat again." })).await;
    let answer = ask(json!({ "message": "What is my sun sign?", "birthData": birth })).await;
    assert!(answer.contains("Our Sun, in the chat again."), "{answer}");
}

#[tokio::test]
async fn vedic_texts_list_read_and_copy_like_the_others() {
    let app = TestApp::spawn().await;
    // The Moon's 27 nakshatras and the 12 lagnas, in both languages.
    let nakshatras = get(&app, "/api/content/vedic/nakshatra?page[size]=50").await;
    assert_eq!(nakshatras.status, 200, "{}", nakshatras.text);
    let items = nakshatras.body["data"].as_array().unwrap();
    assert_eq!(items.len(), 27);
    assert_eq!(items[0]["attributes"]["urn"], "urn:astro:vedic:nakshatra:moon:ashwini:en");
    assert_eq!(items[26]["attributes"]["urn"], "urn:astro:vedic:nakshatra:moon:revati:en");
    assert_eq!(items[10]["attributes"]["metadata"]["nakshatra"], "purva_phalguni");
    assert_eq!(items[10]["attributes"]["metadata"]["nakshatraNumber"], 11);
    for item in items {
        let body = text_of(&item["attributes"]["body"]);
        assert!(body.split_whitespace().count() >= 35, "{body}");
    }
    let leo = get(&app, "/api/content/vedic/lagna?filter[sign]=leo&language=es").await;
    assert_eq!(leo.status, 200, "{}", leo.text);
    let leo = &leo.body["data"][0];
    assert_eq!(leo["attributes"]["urn"], "urn:astro:vedic:lagna:leo:es");
    assert!(text_of(&leo["attributes"]["title"]).contains("Simha"), "{leo}");
    assert!(text_of(&leo["attributes"]["body"]).contains("Sol"), "Leo's lord, in Spanish: {leo}");
    // Vedic content types belong to the vedic type only, and the other way round.
    assert_eq!(get(&app, "/api/content/natal/nakshatra").await.status, 404);
    assert_eq!(get(&app, "/api/content/vedic/aspect").await.status, 404);

    // An organization's copy stands in for the base text, by its URN and in the list.
    let urn = "urn:astro:vedic:nakshatra:moon:anuradha:en";
    let path = format!("/api/content/vedic/nakshatra/{urn}");
    assert_eq!(get(&app, &path).await.body["data"]["attributes"]["owner_type"], "system");
    let id = copy_with(&app, urn, "Our words on a Moon in Anuradha.").await;
    let read = get(&app, &path).await;
    assert_eq!(
        (&read.body["data"]["id"], &read.body["data"]["attributes"]["body"]),
        (&json!(id), &json!("Our words on a Moon in Anuradha."))
    );
    let listed = get(&app, "/api/content/vedic/nakshatra?page[size]=50").await;
    let anuradha = listed.body["data"].as_array().unwrap().iter().find(|i| i["attributes"]["urn"] == urn).unwrap().clone();
    assert_eq!(anuradha["attributes"]["owner_type"], "organization");
}
