use std::collections::BTreeSet;

use serde_json::{Value, json};

use crate::support::{TestApp, TestResponse};

fn quarter() -> Value {
    json!({
        "birthDateTime": "1990-05-11T14:30",
        "birthLocation": { "latitude": 41.9028, "longitude": 12.4964, "timezone": "Europe/Rome" },
        "startDate": "2025-03-01",
        "endDate": "2025-05-31",
        "transitLocation": { "latitude": 51.5074, "longitude": -0.1278, "timezone": "Europe/London" }
    })
}

async fn post_with(app: &TestApp, path: &str, body: &Value, version: Option<&str>) -> TestResponse {
    let text = body.to_string();
    match version {
        Some(version) => app.post_raw(path, &text, &[("x-api-key", &app.api_key), ("x-api-version", version)]).await,
        None => app.post_raw(path, &text, &[("x-api-key", &app.api_key)]).await,
    }
}

fn aspects(response: &TestResponse) -> &Vec<Value> {
    response.body["data"]["aspects"].as_array().unwrap_or_else(|| panic!("no aspects in {}", response.text))
}

fn applied_version(response: &TestResponse) -> Option<String> {
    response.headers.get("x-api-version").map(|v| v.to_str().unwrap().to_owned())
}

fn varies_on_version(response: &TestResponse) -> bool {
    response.headers.get_all("vary").iter().any(|v| v.to_str().unwrap().to_ascii_lowercase().contains("x-api-version"))
}

fn is_grouped(response: &TestResponse) -> bool {
    let entries = aspects(response);
    assert!(!entries.is_empty(), "{}", response.text);
    let grouped = entries.iter().all(|e| e["occurrences"].is_array() && e.get("exactAt").is_none());
    let ungrouped = entries.iter().all(|e| e.get("occurrences").is_none() && e["exactAt"].is_array());
    assert!(grouped != ungrouped, "one shape or the other: {}", response.text);
    grouped
}

/// (pointA, pointB, aspect, startsAt, exactAt, endsAt, orb) of every pass, whichever the shape.
fn passes(response: &TestResponse) -> BTreeSet<String> {
    let key = |entry: &Value, pass: &Value| {
        format!(
            "{} {} {} {} {} {} {}",
            entry["pointA"], entry["pointB"], entry["aspect"], pass["startsAt"], pass["exactAt"], pass["endsAt"], pass["orb"]
        )
    };
    let mut all = BTreeSet::new();
    let mut count = 0;
    for entry in aspects(response) {
        match entry["occurrences"].as_array() {
            Some(occurrences) => {
                for pass in occurrences {
                    all.insert(key(entry, pass));
                    count += 1;
                }
            }
            None => {
                all.insert(key(entry, entry));
                count += 1;
            }
        }
    }
    assert_eq!(all.len(), count, "no pass is listed twice");
    all
}

fn is_local_time(text: &str) -> bool {
    // 2025-03-01T00:00:00+01:00
    text.len() == 25 && text.as_bytes()[10] == b'T' && (text.as_bytes()[19] == b'+' || text.as_bytes()[19] == b'-')
}

#[tokio::test]
async fn a_transit_period_has_every_part_of_the_contract() {
    let app = TestApp::spawn().await;
    let response = app.post("/api/calc/transit", &quarter()).await;
    assert_eq!(response.status, 200, "{}", response.text);
    assert_eq!(response.headers["content-type"], "application/vnd.api+json");
    let data = &response.body["data"];
    assert_eq!(data["birthDateTime"], "1990-05-11T14:30:00+02:00");
    assert_eq!(data["birthUtcDateTime"], "1990-05-11T12:30:00Z");
    // The period is local to the transit location: London changes to summer time on 30 March.
    let period = &data["period"];
    assert_eq!(period["start"], "2025-03-01T00:00:00+00:00");
    assert_eq!(period["end"], "2025-06-01T00:00:00+01:00");
    assert_eq!(period["startUtc"], "2025-03-01T00:00:00Z");
    assert_eq!(period["endUtc"], "2025-05-31T23:00:00Z");
    assert_eq!(period["days"], 92);
    assert_eq!(period["timezone"], "Europe/London");
    assert_eq!(
        data["transitPoints"],
        json!(["sun", "moon", "mercury", "venus", "mars", "jupiter", "saturn", "uranus", "neptune", "pluto"])
    );
    // Natal points: the chart's defaults plus ascendant and midheaven.
    let natal = &data["natal"];
    assert_eq!(natal["points"].as_object().unwrap().len(), 12);
    assert!((natal["points"]["sun"]["longitude"].as_f64().unwrap() - 50.556_423).abs() < 1.0 / 3600.0);
    assert_eq!(natal["angles"].as_object().unwrap().len(), 4);

    // Baseline: one entry per pass.
    assert_eq!(applied_version(&response).as_deref(), Some("2026-01-01"));
    assert!(varies_on_version(&response));
    assert!(!is_grouped(&response));
    let entries = aspects(&response);
    assert!(entries.len() > 100, "three months of the Moon alone: {}", entries.len());
    let mut natal_targets = BTreeSet::new();
    let mut previous_first_seen = String::new();
    for entry in entries {
        for field in ["pointA", "pointB", "aspect"] {
            assert!(entry[field].is_string(), "{field} in {entry}");
        }
        natal_targets.insert(entry["pointB"].as_str().unwrap().to_owned());
        let angle = entry["angle"].as_f64().unwrap();
        assert!([0.0, 60.0, 90.0, 120.0, 180.0].contains(&angle), "default aspects: {entry}");
        let orb = entry["orb"].as_f64().unwrap();
        assert!((0.0..=1.0 + 1e-9).contains(&orb), "default transit orb 1°: {entry}");
        assert!(entry["applying"].is_boolean());
        assert!(entry.get("text").is_none());
        let exact = entry["exactAt"].as_array().unwrap();
        if !exact.is_empty() {
            assert_eq!(orb, 0.0, "{entry}");
        }
        for time in exact.iter().chain([&entry["startsAt"], &entry["endsAt"]]) {
            if !time.is_null() {
                assert!(is_local_time(time.as_str().unwrap()), "{entry}");
            }
        }
        // Only a pass already in orb at the start has no startsAt, only one still in orb at the end no endsAt.
        if entry["startsAt"].is_null() || entry["endsAt"].is_null() {
            assert!(entry["pointA"] != "moon" || exact.len() <= 1, "{entry}");
        }
        // In time order of first appearance (same-offset strings compare as times within a day's offset).
        let first_seen = entry["startsAt"].as_str().unwrap_or("").to_owned();
        if !first_seen.is_empty() && !previous_first_seen.is_empty() && first_seen[19..] == previous_first_seen[19..] {
            assert!(first_seen >= previous_first_seen, "{previous_first_seen} then {first_seen}");
        }
        if !first_seen.is_empty() {
            previous_first_seen = first_seen;
        }
    }
    assert!(natal_targets.contains("ascendant") && natal_targets.contains("midheaven"), "{natal_targets:?}");
    // A Moon pass lasts a few hours around its exact time; times in March carry +00:00, in May +01:00.
    let moon =
        entries.iter().find(|e| e["pointA"] == "moon" && e["exactAt"].as_array().unwrap().len() == 1 && e["startsAt"].is_string()).unwrap();
    assert!(moon["startsAt"].as_str().unwrap() < moon["exactAt"][0].as_str().unwrap());
    assert!(entries.iter().any(|e| {
        e["exactAt"]
            .as_array()
            .unwrap()
            .iter()
            .any(|t| t.as_str().unwrap().starts_with("2025-05") && t.as_str().unwrap().ends_with("+01:00"))
    }));
    assert!(entries.iter().any(|e| {
        e["exactAt"]
            .as_array()
            .unwrap()
            .iter()
            .any(|t| t.as_str().unwrap().starts_with("2025-03-1") && t.as_str().unwrap().ends_with("+00:00"))
    }));

    let meta = &response.body["meta"];
    assert_eq!(meta["ephemeris"], "swiss_files");
    assert_eq!(meta["maxPeriodDays"], 366);
    assert_eq!(meta["orbs"], json!({"conjunction": 1.0, "opposition": 1.0, "trine": 1.0, "square": 1.0, "sextile": 1.0}));
    assert_eq!(meta["warnings"], json!([]));
}

#[tokio::test]
async fn both_shapes_carry_the_same_passes_chosen_by_header_query_and_pin() {
    let app = TestApp::spawn().await;
    let mut body = quarter();
    body["transitPoints"] = json!(["sun", "moon", "mars", "saturn"]);
    body["endDate"] = json!("2025-03-31");

    let baseline = post_with(&app, "/api/calc/transit", &body, None).await;
    assert_eq!(baseline.status, 200, "{}", baseline.text);
    assert!(!is_grouped(&baseline));
    assert_eq!(applied_version(&baseline).as_deref(), Some("2026-01-01"));

    let by_header = post_with(&app, "/api/calc/transit", &body, Some("2026-09-03")).await;
    assert!(is_grouped(&by_header));
    assert_eq!(applied_version(&by_header).as_deref(), Some("2026-09-03"));
    assert!(varies_on_version(&by_header));
    let by_query = post_with(&app, "/api/calc/transit?api_version=2026-12-01", &body, None).await;
    assert!(is_grouped(&by_query));
    assert_eq!(applied_version(&by_query).as_deref(), Some("2026-09-03"), "dates after the newest change clamp to it");
    let day_before = post_with(&app, "/api/calc/transit?api_version=2026-09-03", &body, Some("2026-09-02")).await;
    assert!(!is_grouped(&day_before), "the header beats the query");
    assert_eq!(applied_version(&day_before).as_deref(), Some("2026-09-02"));

    // The same passes, whichever the shape.
    assert_eq!(passes(&baseline), passes(&by_header));
    assert_eq!(baseline.body["data"]["natal"], by_header.body["data"]["natal"]);
    // Grouped: one entry per transiting point, aspect and natal point.
    let mut keys = BTreeSet::new();
    for entry in aspects(&by_header) {
        assert!(keys.insert(format!("{} {} {}", entry["pointA"], entry["pointB"], entry["aspect"])), "{entry}");
        assert!(!entry["occurrences"].as_array().unwrap().is_empty());
        for pass in entry["occurrences"].as_array().unwrap() {
            for field in ["startsAt", "exactAt", "endsAt", "orb", "applying"] {
                assert!(pass.get(field).is_some(), "{field} in {pass}");
            }
        }
    }
    // The Moon makes each aspect to each natal point about once a month: some group holds several passes.
    assert!(aspects(&by_header).iter().any(|e| e["occurrences"].as_array().unwrap().len() >= 2));

    // The organization's pin applies to requests without a version; a header still wins.
    app.pin_api_version(Some("2026-09-03")).await;
    let pinned = post_with(&app, "/api/calc/transit", &body, None).await;
    assert!(is_grouped(&pinned));
    assert_eq!(applied_version(&pinned).as_deref(), Some("2026-09-03"));
    assert_eq!(passes(&pinned), passes(&baseline));
    let header_over_pin = post_with(&app, "/api/calc/transit", &body, Some("2026-01-01")).await;
    assert!(!is_grouped(&header_over_pin));
    app.pin_api_version(Some("2026-03-01")).await;
    let early_pin = post_with(&app, "/api/calc/transit", &body, None).await;
    assert!(!is_grouped(&early_pin));
    assert_eq!(applied_version(&early_pin).as_deref(), Some("2026-03-01"));
}

/// Saturn's 2025 retrograde loop: a natal Sun midway between its two
/// stations is crossed three times. With an orb wider than half the loop the
/// three exact hits are one pass; with 1° they are three passes of one hit.
#[tokio::test]
async fn a_retrograde_triple_pass_is_three_exact_hits() {
    use shared::astro::Ephemeris;
    use shared::astro::ephemeris::{Body, Observer};
    use shared::astro::time::JulianDay;

    let ephemeris = Ephemeris::with_embedded_files().unwrap();
    let at = |jd: f64, body: Body| ephemeris.position(JulianDay(jd), body, Observer::Geocentric).unwrap();
    // Construct the case: Saturn's stations in 2025 (daily speed sign changes).
    let jan_2025 = 2_460_676.5;
    let stations: Vec<(f64, f64)> = (0..365)
        .map(|d| jan_2025 + f64::from(d))
        .filter(|&jd| (at(jd, Body::Saturn).speed_longitude >= 0.0) != (at(jd + 1.0, Body::Saturn).speed_longitude >= 0.0))
        .map(|jd| (jd, at(jd, Body::Saturn).longitude))
        .collect();
    assert_eq!(stations.len(), 2, "{stations:?}");
    let (retrograde_station, direct_station) = (stations[0].1, stations[1].1);
    let half_loop = ((retrograde_station - direct_station).rem_euclid(360.0)) / 2.0;
    let middle = (direct_station + half_loop).rem_euclid(360.0);
    // A birth day of 1990 when the Sun stood there (noon UTC; within half a degree).
    let birth_day = (0..366)
        .map(|d| 2_447_893.0 + f64::from(d))
        .min_by(|a, b| {
            let distance = |jd: f64| ((at(jd, Body::Sun).longitude - middle + 180.0).rem_euclid(360.0) - 180.0).abs();
            distance(*a).total_cmp(&distance(*b))
        })
        .unwrap();
    let birth = JulianDay(birth_day).to_utc().unwrap().format("%Y-%m-%dT%H:%M:%SZ").to_string();
    // Four months before the first station to a year later.
    let start = JulianDay(stations[0].0 - 120.0).to_utc().unwrap().date_naive();
    let end = JulianDay(stations[0].0 - 120.0 + 364.0).to_utc().unwrap().date_naive();

    let app = TestApp::spawn().await;
    let mut body = json!({
        "birthDateTime": birth,
        "birthLocation": { "latitude": 0.0, "longitude": 0.0, "timezone": "UTC" },
        "startDate": start.format("%Y-%m-%d").to_string(),
        "endDate": end.format("%Y-%m-%d").to_string(),
        "points": ["sun"],
        "transitPoints": ["saturn"],
        "orbs": { "conjunction": half_loop + 1.5 }
    });
    let wide = app.post("/api/calc/transit", &body).await;
    assert_eq!(wide.status, 200, "{}", wide.text);
    let entries = aspects(&wide);
    assert_eq!(entries.len(), 1, "{}", wide.text);
    let hits: Vec<&str> = entries[0]["exactAt"].as_array().unwrap().iter().map(|t| t.as_str().unwrap()).collect();
    assert_eq!(hits.len(), 3, "{}", wide.text);
    assert!(hits[0] < hits[1] && hits[1] < hits[2], "{hits:?}");
    // The middle hit lies between the stations (retrograde), the others outside.
    let station_times: Vec<String> =
        stations.iter().map(|(jd, _)| JulianDay(*jd).to_utc().unwrap().format("%Y-%m-%dT%H:%M:%S+00:00").to_string()).collect();
    assert!(hits[0] < station_times[0].as_str() && station_times[0].as_str() < hits[1], "{hits:?} {station_times:?}");
    assert!(hits[1] < station_times[1].as_str() && station_times[1].as_str() < hits[2], "{hits:?} {station_times:?}");

    // With a 1° orb: three passes of one hit each, the same exact times.
    body["orbs"] = json!({ "conjunction": 1 });
    let narrow = app.post("/api/calc/transit", &body).await;
    let entries = aspects(&narrow);
    assert_eq!(entries.len(), 3, "{}", narrow.text);
    let narrow_hits: Vec<&str> = entries.iter().map(|e| e["exactAt"][0].as_str().unwrap()).collect();
    assert_eq!(narrow_hits, hits);
    // Grouped: one entry, three occurrences.
    let grouped = post_with(&app, "/api/calc/transit", &body, Some("2026-09-03")).await;
    let entries = aspects(&grouped);
    assert_eq!(entries.len(), 1);
    assert_eq!(entries[0]["occurrences"].as_array().unwrap().len(), 3);
}

#[tokio::test]
async fn bad_periods_and_missing_fields_are_422_with_pointers() {
    let app = TestApp::spawn().await;
    let mut body = quarter();
    body["endDate"] = json!("2025-02-28");
    let response = app.post("/api/calc/transit", &body).await;
    assert_eq!(response.status, 422);
    assert_eq!(response.pointers(), ["/endDate"]);
    assert!(response.error()["detail"].as_str().unwrap().contains("on or after startDate"), "{}", response.text);

    // 367 days is one too many; the limit is in the message.
    body["startDate"] = json!("2025-01-01");
    body["endDate"] = json!("2026-01-02");
    let response = app.post("/api/calc/transit", &body).await;
    assert_eq!(response.status, 422);
    assert_eq!(response.pointers(), ["/endDate"]);
    assert!(response.error()["detail"].as_str().unwrap().contains("366"), "{}", response.text);

    for field in ["birthDateTime", "birthLocation", "startDate", "endDate"] {
        let mut body = quarter();
        body.as_object_mut().unwrap().remove(field);
        let response = app.post("/api/calc/transit", &body).await;
        assert_eq!(response.status, 422, "{field}");
        assert_eq!(response.pointers(), [format!("/{field}")]);
        assert_eq!(response.error()["code"], "missing_field");
    }

    let mut body = quarter();
    body["startDate"] = json!("2025-3-01");
    body["transitPoints"] = json!(["mars", "vertex", "ceres"]);
    body["points"] = json!(["sun", "ascendant", "nowhere"]);
    body["transitLocation"]["timezone"] = json!("Mars/Olympus");
    let response = app.post("/api/calc/transit", &body).await;
    assert_eq!(response.status, 422);
    let pointers: BTreeSet<String> = response.pointers().into_iter().collect();
    let expected: BTreeSet<String> = ["/startDate", "/transitPoints/1", "/transitPoints/2", "/points/2", "/transitLocation/timezone"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    assert_eq!(pointers, expected, "{}", response.text);

    let mut body = quarter();
    body["startDate"] = json!("3001-01-01");
    body["endDate"] = json!("3001-01-02");
    let response = app.post("/api/calc/transit", &body).await;
    assert_eq!(response.status, 422);
    assert!(response.pointers().contains(&"/startDate".to_owned()), "{}", response.text);

    let mut body = quarter();
    body["orbs"] = json!({"conjunction": 20});
    let response = app.post("/api/calc/transit", &body).await;
    assert_eq!(response.pointers(), ["/orbs/conjunction"]);
}

#[tokio::test]
async fn a_key_is_required() {
    let app = TestApp::spawn().await;
    let response = app.post_raw("/api/calc/transit", &quarter().to_string(), &[]).await;
    assert_eq!(response.status, 401);
}

#[tokio::test]
async fn names_text_and_options() {
    let app = TestApp::spawn().await;
    let mut body = quarter();
    // A month: the Moon goes round the zodiac, so every aspect is met.
    body["endDate"] = json!("2025-03-31");
    body["transitPoints"] = json!(["moon", "sun", "true_node", "south_node"]);
    body["points"] = json!(["moon", "imum_coeli"]);
    body["orbs"] = json!({"conjunction": 3, "quincunx": 2});
    body["includeReadableEntities"] = json!(true);
    body["includeText"] = json!(true);
    body.as_object_mut().unwrap().remove("transitLocation");
    let response = app.post("/api/calc/transit", &body).await;
    assert_eq!(response.status, 200, "{}", response.text);
    // Without a transit location the birth zone applies.
    assert_eq!(response.body["data"]["period"]["start"], "2025-03-01T00:00:00+01:00");
    assert_eq!(response.body["data"]["transitPoints"], json!(["moon", "sun", "true_node", "south_node"]));
    let entries = aspects(&response);
    let kinds: BTreeSet<&str> = entries.iter().map(|e| e["aspect"].as_str().unwrap()).collect();
    assert_eq!(kinds, BTreeSet::from(["conjunction", "quincunx"]), "only the aspects named in orbs");
    for entry in entries {
        assert!(["conjunction", "quincunx"].contains(&entry["aspect"].as_str().unwrap()), "{entry}");
        assert!(["moon", "imum_coeli"].contains(&entry["pointB"].as_str().unwrap()), "{entry}");
        assert!(entry["pointAName"].is_string() && entry["pointBName"].is_string() && entry["aspectName"].is_string(), "{entry}");
        assert!(entry["text"].as_str().is_some_and(|text| !text.is_empty()), "{entry}");
    }
    let warnings = response.body["meta"]["warnings"].as_array().unwrap();
    assert!(!warnings.iter().any(|w| w.as_str().unwrap().contains("interpretation texts")), "{warnings:?}");
}

/// Chiron outside its data's years (1800–2399) is left out with a warning,
/// as in every chart, whether it is asked for as a natal target (a birth
/// before 1800) or as a transiting point (a period after 2399): the rest of
/// the answer stands.
#[tokio::test]
async fn chiron_outside_its_years_is_left_out_with_a_warning() {
    let Ok(dir) = std::env::var("ASTEROID_EPHE_DIR") else {
        assert!(std::env::var("CI").is_err() && std::env::var("REQUIRE_MOTO").is_err(), "ASTEROID_EPHE_DIR must be set under make test");
        eprintln!("ASTEROID_EPHE_DIR not set: skipped (run make test)");
        return;
    };
    let app = TestApp::spawn_with(|config| config.ephemeris_extra_dir = Some(dir.into())).await;
    let warned = |response: &TestResponse, start: &str| {
        let warnings = response.body["meta"]["warnings"].as_array().unwrap();
        warnings.iter().any(|w| w.as_str().unwrap().starts_with(start))
    };

    // Born in 1750: Chiron as a natal target is left out of the natal chart.
    let mut body = quarter();
    body["birthDateTime"] = json!("1750-01-01T12:00");
    body["points"] = json!(["sun", "chiron"]);
    body["transitPoints"] = json!(["sun", "mars"]);
    let response = app.post("/api/calc/transit", &body).await;
    assert_eq!(response.status, 200, "{}", response.text);
    assert!(response.body["data"]["natal"]["points"].get("chiron").is_none(), "{}", response.text);
    assert!(response.body["data"]["natal"]["points"].get("sun").is_some());
    assert!(aspects(&response).iter().all(|a| a["pointB"] != "chiron"));
    assert!(warned(&response, "chiron was left out:"), "{}", response.text);

    // A period in 2400: Chiron as a transiting point is left out of them.
    let mut body = quarter();
    body["startDate"] = json!("2400-01-01");
    body["endDate"] = json!("2400-01-31");
    body["transitPoints"] = json!(["chiron", "sun"]);
    let response = app.post("/api/calc/transit", &body).await;
    assert_eq!(response.status, 200, "{}", response.text);
    assert_eq!(response.body["data"]["transitPoints"], json!(["sun"]));
    assert!(aspects(&response).iter().all(|a| a["pointA"] != "chiron"));
    assert!(warned(&response, "chiron was left out of the transiting points"), "{}", response.text);

    // Within its years it is there, without either warning.
    let mut body = quarter();
    body["transitPoints"] = json!(["chiron"]);
    body["points"] = json!(["chiron", "sun"]);
    let response = app.post("/api/calc/transit", &body).await;
    assert_eq!(response.status, 200, "{}", response.text);
    assert!(response.body["data"]["natal"]["points"].get("chiron").is_some(), "{}", response.text);
    assert_eq!(response.body["data"]["transitPoints"], json!(["chiron"]));
    assert!(!warned(&response, "chiron was left out"), "{}", response.text);
}
