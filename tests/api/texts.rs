//! Interpretation texts embedded in calculations (`includeText`), in the
//! request's language, with the calling organization's own copies; Spanish
//! names and chart links; unknown languages refused.

use serde_json::{Value, json};
use shared::astro::point::PointId;
use shared::astro::zodiac::Sign;
use shared::auth::{KeyPermission, Plan};
use shared::content::{ContentKey, HoroscopeType, Subject, compose};
use shared::language::Language;
use shared::repo::api_keys::{self, NewKey};
use shared::repo::content::{self, OrgContent};
use shared::repo::orgs::{self, Organization, User};

use crate::support::{TestApp, TestResponse, rome_1990};

const BIRTH: &str = "1990-05-11T14:30";

fn rome() -> Value {
    json!({ "latitude": 41.9028, "longitude": 12.4964, "timezone": "Europe/Rome" })
}

/// One calculation: where it is, its body, the version header it is sent
/// with, and where its aspects, points and angles are in `data`.
struct Case {
    name: &'static str,
    path: &'static str,
    body: Value,
    version: Option<&'static str>,
    aspects: &'static [&'static str],
    points: &'static [&'static str],
    angles: &'static [&'static str],
}

fn chart_cases() -> Vec<Case> {
    let birth = || json!({ "birthDateTime": BIRTH, "birthLocation": rome() });
    let with = |mut base: Value, extra: Value| {
        base.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
        base
    };
    let transit = with(birth(), json!({ "startDate": "2025-03-01", "endDate": "2025-03-31" }));
    vec![
        Case {
            name: "natal",
            path: "/api/calc/natal",
            body: rome_1990(),
            version: None,
            aspects: &["aspects"],
            points: &["points"],
            angles: &["angles"],
        },
        Case {
            name: "progressions",
            path: "/api/calc/progressions",
            body: with(birth(), json!({ "targetDate": "2026-11-22" })),
            version: None,
            aspects: &["aspects", "aspectsToNatal"],
            points: &["points", "natalPoints"],
            angles: &["angles", "natalAngles"],
        },
        Case {
            name: "solar-return",
            path: "/api/calc/solar-return",
            body: with(birth(), json!({ "returnYear": 2026 })),
            version: None,
            aspects: &["aspects"],
            points: &["points"],
            angles: &["angles"],
        },
        Case {
            name: "lunar-return",
            path: "/api/calc/lunar-return",
            body: with(birth(), json!({ "returnDate": "2026-11-22" })),
            version: None,
            aspects: &["aspects"],
            points: &["points"],
            angles: &["angles"],
        },
        Case {
            name: "synastry",
            path: "/api/calc/synastry",
            body: json!({
                "dateTime1": BIRTH, "location1": rome(),
                "dateTime2": "1987-11-02T08:15",
                "location2": { "latitude": -33.8688, "longitude": 151.2093, "timezone": "Australia/Sydney" }
            }),
            version: None,
            aspects: &["aspects1to2", "aspects2to1"],
            points: &["points1", "points2"],
            angles: &[],
        },
        Case {
            name: "transit (per pass)",
            path: "/api/calc/transit",
            body: transit.clone(),
            version: Some("2026-01-01"),
            aspects: &["aspects"],
            points: &["natal/points"],
            angles: &["natal/angles"],
        },
        Case {
            name: "transit (grouped)",
            path: "/api/calc/transit",
            body: transit,
            version: Some("2026-09-03"),
            aspects: &["aspects"],
            points: &["natal/points"],
            angles: &["natal/angles"],
        },
    ]
}

async fn send(app: &TestApp, key: &str, path: &str, body: &Value, version: Option<&str>) -> TestResponse {
    let text = body.to_string();
    let response = match version {
        Some(version) => app.post_raw(path, &text, &[("x-api-key", key), ("x-api-version", version)]).await,
        None => app.post_raw(path, &text, &[("x-api-key", key)]).await,
    };
    assert_eq!(response.status, 200, "{path}: {}", response.text);
    response
}

async fn calculate(app: &TestApp, case: &Case, language: &str, include_text: bool) -> TestResponse {
    let mut body = case.body.clone();
    body["language"] = json!(language);
    body["includeText"] = json!(include_text);
    send(app, &app.api_key, case.path, &body, case.version).await
}

fn at<'a>(data: &'a Value, path: &str) -> &'a Value {
    path.split('/').fold(data, |value, key| &value[key])
}

fn is_text(value: &Value) -> bool {
    value.as_str().is_some_and(|text| !text.trim().is_empty())
}

const TEXT_FIELDS: [&str; 3] = ["text", "houseText", "karmicDebtText"];

/// Every text field anywhere in `value`, with its JSON path, in order.
fn texts_in(value: &Value, path: &str, found: &mut Vec<(String, Value)>) {
    match value {
        Value::Object(map) => {
            for (key, child) in map {
                let child_path = format!("{path}/{key}");
                if TEXT_FIELDS.contains(&key.as_str()) {
                    found.push((child_path.clone(), child.clone()));
                }
                texts_in(child, &child_path, found);
            }
        }
        Value::Array(items) => {
            for (index, item) in items.iter().enumerate() {
                texts_in(item, &format!("{path}/{index}"), found);
            }
        }
        _ => {}
    }
}

fn all_texts(response: &TestResponse) -> Vec<(String, Value)> {
    let mut found = Vec::new();
    texts_in(&response.body["data"], "", &mut found);
    found
}

/// Every aspect, point and angle of the answer has its texts, and no text
/// anywhere is empty.
fn assert_complete(case: &Case, response: &TestResponse) {
    let data = &response.body["data"];
    for path in case.aspects {
        let aspects = at(data, path).as_array().unwrap_or_else(|| panic!("{}: no {path}", case.name));
        assert!(!aspects.is_empty(), "{}: {path} is empty", case.name);
        for aspect in aspects {
            assert!(is_text(&aspect["text"]), "{}: {path} entry without text: {aspect}", case.name);
        }
    }
    for path in case.points {
        let points = at(data, path).as_object().unwrap_or_else(|| panic!("{}: no {path}", case.name));
        assert!(!points.is_empty());
        for (id, point) in points {
            assert!(is_text(&point["text"]) && is_text(&point["houseText"]), "{}: {path}/{id} without texts: {point}", case.name);
        }
    }
    for path in case.angles {
        let angles = at(data, path).as_object().unwrap_or_else(|| panic!("{}: no {path}", case.name));
        assert_eq!(angles.len(), 4, "{}: {path}", case.name);
        for (id, angle) in angles {
            assert!(is_text(&angle["text"]), "{}: {path}/{id} without text: {angle}", case.name);
        }
    }
    for (path, value) in all_texts(response) {
        assert!(is_text(&value), "{}: {path} is not a non-empty string: {value}", case.name);
    }
    let warnings = response.body["meta"]["warnings"].as_array().unwrap();
    assert!(!warnings.iter().any(|w| w.as_str().unwrap().contains("not available")), "{}: {warnings:?}", case.name);
}

#[tokio::test]
async fn every_calculation_embeds_texts_in_both_languages_and_none_without_include_text() {
    let app = TestApp::spawn().await;
    for case in chart_cases() {
        let english = calculate(&app, &case, "en", true).await;
        let spanish = calculate(&app, &case, "es", true).await;
        assert_complete(&case, &english);
        assert_complete(&case, &spanish);
        if let Some(version) = case.version {
            assert_eq!(english.headers["x-api-version"], version);
        }
        let grouped = case.name == "transit (grouped)";
        let per_pass = case.name == "transit (per pass)";
        if grouped || per_pass {
            let entries = english.body["data"]["aspects"].as_array().unwrap();
            assert_eq!(entries.iter().all(|e| e["occurrences"].is_array()), grouped, "{}", case.name);
            // The text belongs to the entry, not to its passes.
            for entry in entries.iter().filter_map(|e| e["occurrences"].as_array()).flatten() {
                assert!(entry.get("text").is_none(), "{entry}");
            }
        }

        // The same chart, the same places: every Spanish text differs from its English one.
        let (en_texts, es_texts) = (all_texts(&english), all_texts(&spanish));
        assert_eq!(en_texts.len(), es_texts.len(), "{}", case.name);
        assert!(!en_texts.is_empty());
        for ((path, en), (es_path, es)) in en_texts.iter().zip(&es_texts) {
            assert_eq!(path, es_path, "{}", case.name);
            assert_ne!(en, es, "{}: {path} is the same in English and Spanish", case.name);
        }

        for language in ["en", "es"] {
            let without = calculate(&app, &case, language, false).await;
            assert_eq!(all_texts(&without), Vec::new(), "{} ({language}) without includeText", case.name);
            let mut body = case.body.clone();
            body["language"] = json!(language);
            let default = send(&app, &app.api_key, case.path, &body, case.version).await;
            assert_eq!(all_texts(&default), Vec::new(), "{} ({language}) with includeText left out", case.name);
            // Texts are additions: everything else is the same answer.
            let mut stripped = (if language == "en" { &english } else { &spanish }).body["data"].clone();
            strip_texts(&mut stripped);
            let mut plain = without.body["data"].clone();
            strip_links(&mut stripped);
            strip_links(&mut plain);
            assert_eq!(stripped, plain, "{} ({language})", case.name);
        }
    }
}

fn strip_texts(value: &mut Value) {
    match value {
        Value::Object(map) => {
            map.retain(|key, _| !TEXT_FIELDS.contains(&key.as_str()));
            map.values_mut().for_each(strip_texts);
        }
        Value::Array(items) => items.iter_mut().for_each(strip_texts),
        _ => {}
    }
}

/// Signed links carry their expiry: equal answers differ in them.
fn strip_links(value: &mut Value) {
    match value {
        Value::Object(map) => {
            map.remove("url");
            map.remove("pngUrl");
            map.values_mut().for_each(strip_links);
        }
        Value::Array(items) => items.iter_mut().for_each(strip_links),
        _ => {}
    }
}

#[tokio::test]
async fn the_texts_are_the_corpus_texts_of_each_horoscope_type() {
    let app = TestApp::spawn().await;
    let cases = chart_cases();
    let natal = calculate(&app, &cases[0], "es", true).await;
    let sun = &natal.body["data"]["points"]["sun"];
    let key = ContentKey { horoscope: HoroscopeType::Natal, subject: Subject::PointInSign(PointId::Sun, Sign::Taurus) };
    assert_eq!(sun["sign"], "taurus");
    assert_eq!(sun["text"], compose(&key, Language::Es).unwrap().body);
    let house = sun["houseNumber"].as_u64().unwrap() as u8;
    let key = ContentKey { horoscope: HoroscopeType::Natal, subject: Subject::PointInHouse(PointId::Sun, house) };
    assert_eq!(sun["houseText"], compose(&key, Language::Es).unwrap().body);

    // Progressed placements speak as progressions, the natal ones as natal.
    let progressions = calculate(&app, &cases[1], "en", true).await;
    let data = &progressions.body["data"];
    let sign = |point: &Value| Sign::ALL.into_iter().find(|s| s.id() == point["sign"]).unwrap();
    let progressed_sun =
        ContentKey { horoscope: HoroscopeType::Progressions, subject: Subject::PointInSign(PointId::Sun, sign(&data["points"]["sun"])) };
    assert_eq!(data["points"]["sun"]["text"], compose(&progressed_sun, Language::En).unwrap().body);
    let natal_sun = ContentKey { horoscope: HoroscopeType::Natal, subject: Subject::PointInSign(PointId::Sun, Sign::Taurus) };
    assert_eq!(data["natalPoints"]["sun"]["text"], compose(&natal_sun, Language::En).unwrap().body);
    // Progressed point (pointA) to natal point (pointB), in that order.
    let first = &data["aspectsToNatal"][0];
    let kind = shared::astro::aspect::AspectKind::parse(first["aspect"].as_str().unwrap()).unwrap();
    let (a, b) = (PointId::parse(first["pointA"].as_str().unwrap()).unwrap(), PointId::parse(first["pointB"].as_str().unwrap()).unwrap());
    let key = ContentKey::aspect(HoroscopeType::Progressions, a, kind, shared::content::AspectTarget::Point(b));
    assert_eq!(first["text"], compose(&key, Language::En).unwrap().body);

    // Solar and lunar returns: their own voice, different from the natal one.
    let solar = calculate(&app, &cases[2], "en", true).await;
    let lunar = calculate(&app, &cases[3], "en", true).await;
    for (response, horoscope) in [(&solar, HoroscopeType::SolarReturn), (&lunar, HoroscopeType::LunarReturn)] {
        let moon = &response.body["data"]["points"]["moon"];
        let key = ContentKey { horoscope, subject: Subject::PointInSign(PointId::Moon, sign(moon)) };
        assert_eq!(moon["text"], compose(&key, Language::En).unwrap().body);
    }

    // Synastry: the pair's text whichever person leads.
    let synastry = calculate(&app, &cases[4], "en", true).await;
    let data = &synastry.body["data"];
    for forward in data["aspects1to2"].as_array().unwrap() {
        let mirror = data["aspects2to1"]
            .as_array()
            .unwrap()
            .iter()
            .find(|m| m["pointA"] == forward["pointB"] && m["pointB"] == forward["pointA"] && m["aspect"] == forward["aspect"]);
        if let Some(mirror) = mirror {
            assert_eq!(mirror["text"], forward["text"]);
        }
    }

    // Transits to an angle use the angle's transit text.
    let mut body = cases[5].body.clone();
    body["points"] = json!(["ascendant", "midheaven"]);
    body["includeText"] = json!(true);
    let transit = send(&app, &app.api_key, "/api/calc/transit", &body, Some("2026-09-03")).await;
    let entry = &transit.body["data"]["aspects"][0];
    let angle = shared::astro::point::AngleId::ALL.into_iter().find(|a| a.id() == entry["pointB"]).unwrap();
    let key = ContentKey::aspect(
        HoroscopeType::Transit,
        PointId::parse(entry["pointA"].as_str().unwrap()).unwrap(),
        shared::astro::aspect::AspectKind::parse(entry["aspect"].as_str().unwrap()).unwrap(),
        shared::content::AspectTarget::Angle(angle),
    );
    assert_eq!(entry["text"], compose(&key, Language::En).unwrap().body);
}

#[tokio::test]
async fn numerology_texts_in_both_languages_with_the_karmic_debt() {
    let app = TestApp::spawn().await;
    // 1946-06-14: life path 4 from 13 (karmic debt); birthday 14 → 5 (karmic debt).
    // 1990-05-11: life path 8, birthday 11 (master number): no karmic debt.
    for path in ["/api/numerology/life-path", "/api/numerology/birthday"] {
        for date in ["1946-06-14", "1990-05-11"] {
            let mut by_language = Vec::new();
            for language in ["en", "es"] {
                let body = json!({ "dateTime": date, "language": language, "includeText": true });
                let response = send(&app, &app.api_key, path, &body, None).await;
                let data = &response.body["data"];
                assert!(is_text(&data["text"]["title"]) && is_text(&data["text"]["body"]), "{path} {date} {language}: {data}");
                let karmic = data["isKarmicDebt"].as_bool().unwrap();
                assert_eq!(karmic, date == "1946-06-14", "{path} {date}");
                if karmic {
                    let debt = &data["karmicDebtText"];
                    assert!(is_text(&debt["title"]) && is_text(&debt["body"]), "{path} {date} {language}: {data}");
                    assert_ne!(debt, &data["text"]);
                } else {
                    assert!(data.get("karmicDebtText").is_none(), "{data}");
                }
                assert_eq!(response.body["meta"]["warnings"], json!([]));
                let kind = if path.ends_with("life-path") {
                    shared::content::NumerologyText::LifePath
                } else {
                    shared::content::NumerologyText::Birthday
                };
                // Birthday texts go by the day of the month (the 14th, not its 5).
                let day: u32 = date[8..].parse().unwrap();
                let which = if path.ends_with("life-path") { data["value"].as_u64().unwrap() as u32 } else { day };
                let expected = shared::content::numerology_text(kind, which, Language::parse(language).unwrap()).unwrap();
                if !path.ends_with("life-path") {
                    assert!(expected.title.contains(&day.to_string()), "{}", expected.title);
                }
                assert_eq!(data["text"], json!({ "title": expected.title, "body": expected.body }));

                let plain = json!({ "dateTime": date, "language": language });
                let without = send(&app, &app.api_key, path, &plain, None).await;
                assert!(without.body["data"].get("text").is_none() && without.body["data"].get("karmicDebtText").is_none());
                by_language.push(response.body["data"].clone());
            }
            assert_ne!(by_language[0]["text"], by_language[1]["text"]);
            assert_ne!(by_language[0]["calculation"], by_language[1]["calculation"]);
        }
    }
    let response =
        send(&app, &app.api_key, "/api/numerology/life-path", &json!({ "dateTime": "1946-06-14", "includeText": true }), None).await;
    let debt = shared::content::numerology_text(shared::content::NumerologyText::KarmicDebt, 13, Language::En).unwrap();
    assert_eq!(response.body["data"]["karmicDebtText"]["body"], debt.body);
    let spanish = send(&app, &app.api_key, "/api/numerology/life-path", &json!({ "dateTime": "1990-05-11", "language": "es" }), None).await;
    assert_eq!(
        spanish.body["data"]["calculation"],
        "mes 5; día 11 (número maestro); año 1990 → 1+9+9+0 = 19 → 1+9 = 10 → 1+0 = 1; 5 + 11 + 1 = 17 → 1+7 = 8"
    );
}

/// A second organization, with a key, in the same store as `app`'s.
async fn second_organization(app: &TestApp) -> (String, String) {
    let table = app.state.table.as_ref();
    let organization = Organization {
        id: "org-second".into(),
        name: "Second".into(),
        plan: Plan::Deluxe,
        api_version: None,
        created_at: "2026-01-01T00:00:00Z".into(),
    };
    let owner = User { id: "second-owner".into(), email: "owner@second.test".into(), name: "Second Owner".into() };
    orgs::create_organization(table, &organization, &owner).await.expect("organization");
    let new_key = NewKey {
        organization_id: organization.id.clone(),
        name: "second".into(),
        permissions: KeyPermission::ALL.to_vec(),
        modules: Vec::new(),
        allowed_domains: Vec::new(),
        created_by: owner.id.clone(),
        creator_keys: Vec::new(),
        expires_in_seconds: None,
        expires_by: None,
        rate_limit_per_minute: None,
    };
    let (_, secret) = api_keys::issue(table, new_key).await.expect("key");
    (organization.id, secret.reveal().to_owned())
}

#[tokio::test]
async fn an_organizations_copy_replaces_the_base_text_for_that_organization_only() {
    let app = TestApp::spawn().await;
    let natal = |language: &str| {
        let mut body = rome_1990();
        body["includeText"] = json!(true);
        body["language"] = json!(language);
        body
    };
    let before = send(&app, &app.api_key, "/api/calc/natal", &natal("en"), None).await;
    let sun = &before.body["data"]["points"]["sun"];
    let sign = Sign::ALL.into_iter().find(|s| s.id() == sun["sign"]).unwrap();
    let key = ContentKey { horoscope: HoroscopeType::Natal, subject: Subject::PointInSign(PointId::Sun, sign) };
    let base = compose(&key, Language::En).unwrap();
    assert_eq!(sun["text"], base.body);

    let urn = key.urn(Language::En);
    let edited = "Our organization's own words on this Sun.";
    let copy = OrgContent {
        id: "copy-1".into(),
        organization_id: app.organization_id.clone(),
        urn: urn.clone(),
        title: base.title.clone(),
        body: edited.into(),
        base_content_id: Some(urn.clone()),
        horoscope_type: "natal".into(),
        content_type: "planet-in-sign".into(),
        language: "en".into(),
        metadata: Value::Null,
        created_at: "2026-11-22T00:00:00Z".into(),
        updated_at: "2026-11-22T00:00:00Z".into(),
    };
    content::create(app.state.table.as_ref(), &copy).await.expect("copy stored");

    let after = send(&app, &app.api_key, "/api/calc/natal", &natal("en"), None).await;
    assert_eq!(after.body["data"]["points"]["sun"]["text"], edited);
    // Only that text changed: the house text and the other points are the base texts.
    assert_eq!(after.body["data"]["points"]["sun"]["houseText"], before.body["data"]["points"]["sun"]["houseText"]);
    assert_eq!(after.body["data"]["points"]["moon"], before.body["data"]["points"]["moon"]);
    // The copy is of the English text: the Spanish answer keeps the Spanish base text.
    let spanish = send(&app, &app.api_key, "/api/calc/natal", &natal("es"), None).await;
    assert_eq!(spanish.body["data"]["points"]["sun"]["text"], compose(&key, Language::Es).unwrap().body);
    // Other calculations of the organization read their own horoscope type's texts.
    let mut solar = json!({ "birthDateTime": BIRTH, "birthLocation": rome(), "returnYear": 2026, "includeText": true });
    solar["points"] = json!(["sun"]);
    let solar = send(&app, &app.api_key, "/api/calc/solar-return", &solar, None).await;
    assert_ne!(solar.body["data"]["points"]["sun"]["text"], edited);

    // Another organization of the same service sees the base text.
    let (_, other_key) = second_organization(&app).await;
    let other = send(&app, &other_key, "/api/calc/natal", &natal("en"), None).await;
    assert_eq!(other.body["data"]["points"]["sun"]["text"], base.body);
    // And so does another deployment's organization.
    let elsewhere = TestApp::spawn().await;
    let fresh = send(&elsewhere, &elsewhere.api_key, "/api/calc/natal", &natal("en"), None).await;
    assert_eq!(fresh.body["data"]["points"]["sun"]["text"], base.body);
}

#[tokio::test]
async fn spanish_names_and_chart_links() {
    let app = TestApp::spawn().await;
    for case in chart_cases() {
        let mut body = case.body.clone();
        body["language"] = json!("es");
        body["includeReadableEntities"] = json!(true);
        let response = send(&app, &app.api_key, case.path, &body, case.version).await;
        let data = &response.body["data"];
        assert_eq!(response.body["meta"]["language"], "es", "{}", case.name);
        let points = at(data, case.points[0]);
        assert_eq!(points["sun"]["name"], "Sol", "{}", case.name);
        assert!(
            Sign::ALL.iter().any(|s| Language::Es.sign_name(*s) == points["moon"]["signName"] && s.id() == points["moon"]["sign"]),
            "{}",
            case.name
        );
        for aspect in at(data, case.aspects[0]).as_array().unwrap() {
            let kind = shared::astro::aspect::AspectKind::parse(aspect["aspect"].as_str().unwrap()).unwrap();
            assert_eq!(aspect["aspectName"], Language::Es.aspect_name(kind), "{}", case.name);
        }
        if let Some(charts) = data["charts"].as_object() {
            for (name, link) in charts {
                let english = ["chart", "return", "person", "birth", "the", "of", "for", "back", "on", "its"];
                for text in [&link["title"], &link["description"]] {
                    let text = text.as_str().unwrap();
                    let mut words = text.split(|c: char| !c.is_alphanumeric()).map(str::to_lowercase);
                    assert!(!text.is_empty() && !words.any(|w| english.contains(&w.as_str())), "{}: {name}: {text}", case.name);
                }
            }
        }
    }
    let synastry = &chart_cases()[4];
    let mut body = synastry.body.clone();
    body["language"] = json!("es");
    let response = send(&app, &app.api_key, synastry.path, &body, None).await;
    assert_eq!(response.body["data"]["charts"]["person1"]["title"], "Persona 1");
    assert_eq!(response.body["data"]["charts"]["person2"]["description"], "Carta natal de la persona 2");
    body["language"] = json!("en");
    let response = send(&app, &app.api_key, synastry.path, &body, None).await;
    assert_eq!(response.body["data"]["charts"]["person1"]["title"], "Person 1");
}

#[tokio::test]
async fn an_unknown_language_is_refused_listing_the_supported_ones() {
    let app = TestApp::spawn().await;
    let mut requests: Vec<(&str, Value)> = chart_cases().into_iter().map(|case| (case.path, case.body)).collect();
    requests.push(("/api/numerology/life-path", json!({ "dateTime": "1990-05-11" })));
    requests.push(("/api/numerology/birthday", json!({ "dateTime": "1990-05-11" })));
    for (path, mut body) in requests {
        body["language"] = json!("fr");
        body["includeText"] = json!(true);
        let response = app.post(path, &body).await;
        assert_eq!(response.status, 422, "{path}: {}", response.text);
        assert_eq!(response.pointers(), ["/language"], "{path}");
        let detail = response.error()["detail"].as_str().unwrap();
        assert!(detail.contains("'fr'") && detail.contains("en, es"), "{path}: {detail}");
    }
}

/// Texts are content: a key without `content:read`, or restricted away from
/// the `content` module, is refused when it asks for them, and served
/// without them.
#[tokio::test]
async fn asking_for_texts_needs_content_read_and_the_content_module() {
    let app = TestApp::spawn().await;
    let calc_only = app.create_key(serde_json::json!({ "permissions": ["calc:read"] })).await;
    let no_content_module = app.create_key(serde_json::json!({ "modules": ["numerology", "chinese"] })).await;
    let mut with_text = crate::support::rome_1990();
    with_text["includeText"] = true.into();
    for (key, code) in [(&calc_only, "permission_denied"), (&no_content_module, "module_not_allowed")] {
        for (path, body) in [
            ("/api/calc/natal", with_text.clone()),
            ("/api/numerology/life-path", serde_json::json!({ "dateTime": "1990-05-11", "includeText": true })),
            ("/api/calc/chinese-forecast", serde_json::json!({ "birthDate": "1990-05-11", "forecastYear": 2026, "includeText": true })),
        ] {
            let refused = app.post_raw(path, &body.to_string(), &[("x-api-key", key)]).await;
            assert_eq!(refused.status, 403, "{path}: {}", refused.text);
            assert_eq!(refused.error()["code"], code, "{path}");
            assert_eq!(refused.pointers(), ["/includeText"], "{path}");
        }
        let plain = app.post_raw("/api/calc/natal", &crate::support::rome_1990().to_string(), &[("x-api-key", key)]).await;
        assert_eq!(plain.status, 200, "{}", plain.text);
    }
    // Refused requests cost nothing: only the two plain charts were charged.
    let month = shared::metering::month_of(chrono::Utc::now());
    let usage = shared::metering::monthly_usage(app.state.meter.as_ref(), &app.organization_id, &month).await.unwrap();
    assert_eq!(usage.total, 2);
}
