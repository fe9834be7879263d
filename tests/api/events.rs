//! `POST /api/calc/events` as a client reads it: a year of events in time
//! order in the asked zone, the 2024 eclipses and equinox, sidereal
//! ingresses, exact aspects between moving bodies, refusals. The instants
//! themselves are held to Skyfield and NASA's canon in
//! `shared/tests/events_reference.rs` and `aspect_events_reference.rs`.

use serde_json::{Value, json};

use crate::support::TestApp;

fn of_type<'a>(data: &'a Value, kind: &str) -> Vec<&'a Value> {
    data.as_array().unwrap().iter().filter(|e| e["type"] == kind).collect()
}

#[tokio::test]
async fn a_year_of_events_in_time_order() {
    let app = TestApp::spawn().await;
    let response =
        app.post("/api/calc/events", &json!({ "startDate": "2024-01-01", "endDate": "2024-12-31", "timezone": "America/New_York" })).await;
    assert_eq!(response.status, 200, "{}", response.text);
    let data = &response.body["data"];
    let instants: Vec<f64> =
        data.as_array().unwrap().iter().map(|e| e.get("at").unwrap_or(&e["startsAt"])["julianDay"].as_f64().unwrap()).collect();
    assert!(instants.windows(2).all(|w| w[0] <= w[1]), "in time order");
    let meta = &response.body["meta"];
    assert_eq!(meta["timezone"], "America/New_York");
    assert_eq!(meta["period"]["start"], "2024-01-01T05:00:00Z");
    assert_eq!(meta["period"]["end"], "2025-01-01T05:00:00Z");

    // The March equinox: 2024-03-20 03:06 UT (23:06 the day before in New York).
    let aries = of_type(data, "ingress").into_iter().find(|e| e["point"] == "sun" && e["sign"] == "aries").unwrap();
    assert!(aries["at"]["utc"].as_str().unwrap().starts_with("2024-03-20T03:06"), "{aries}");
    assert!(
        aries["at"]["local"].as_str().unwrap().starts_with("2024-03-19T23:06")
            && aries["at"]["local"].as_str().unwrap().ends_with("-04:00")
    );
    assert_eq!(aries["fromSign"], "pisces");
    assert_eq!(aries["direction"], "forward");

    // 2024: total solar eclipse 8 April (greatest 18:17 UT), annular 2 October;
    // penumbral lunar eclipse 25 March, partial 18 September.
    let eclipses = of_type(data, "eclipse");
    let summary: Vec<(String, String, String)> = eclipses
        .iter()
        .map(|e| {
            (
                e["eclipse"].as_str().unwrap().to_owned(),
                e["kind"].as_str().unwrap().to_owned(),
                e["at"]["utc"].as_str().unwrap()[..10].to_owned(),
            )
        })
        .collect();
    let expected = [
        ("lunar", "penumbral", "2024-03-25"),
        ("solar", "total", "2024-04-08"),
        ("lunar", "partial", "2024-09-18"),
        ("solar", "annular", "2024-10-02"),
    ];
    assert_eq!(summary, expected.map(|(a, b, c)| (a.to_owned(), b.to_owned(), c.to_owned())));
    assert!(eclipses[1]["at"]["utc"].as_str().unwrap().starts_with("2024-04-08T18:1"), "{}", eclipses[1]);
    assert!(eclipses[1]["greatestAt"]["latitude"].is_number());

    // Mercury turned retrograde three times in 2024 (1 April, 5 August,
    // 26 November) and direct four (1 January, 25 April, 28 August, 15 December).
    let mercury: Vec<&str> =
        of_type(data, "station").into_iter().filter(|s| s["point"] == "mercury").map(|s| s["station"].as_str().unwrap()).collect();
    assert_eq!(mercury, ["direct", "retrograde", "direct", "retrograde", "direct", "retrograde", "direct"]);
    let phases = of_type(data, "lunar_phase");
    assert!((49..=50).contains(&phases.len()), "{}", phases.len());
    let voids = of_type(data, "void_of_course");
    assert!((160..=175).contains(&voids.len()), "{}", voids.len());
    for span in &voids {
        assert!(span["startsAt"]["julianDay"].as_f64() <= span["endsAt"]["julianDay"].as_f64());
    }
    assert_eq!(meta["counts"]["eclipse"], 4);
    // Exact aspects are listed when asked for only.
    assert!(of_type(data, "aspect").is_empty() && meta["counts"].get("aspect").is_none());
}

#[tokio::test]
async fn jupiter_squares_saturn_three_times_in_a_retrograde_loop() {
    let app = TestApp::spawn().await;
    let body = json!({ "startDate": "2024-07-01", "endDate": "2025-06-30", "types": ["aspect"], "points": ["saturn", "jupiter"] });
    let response = app.post("/api/calc/events", &body).await;
    assert_eq!(response.status, 200, "{}", response.text);
    let hits = of_type(&response.body["data"], "aspect");
    // Jupiter 90° ahead of Saturn (the waxing square of their 2020 cycle):
    // 19 August 2024 with Saturn retrograde, 24 December with Jupiter
    // retrograde, 15 June 2025 both direct (Skyfield: 21:46, 21:59, 14:36 UT).
    let days: Vec<&str> = hits.iter().map(|h| &h["at"]["utc"].as_str().unwrap()[..13]).collect();
    assert_eq!(days, ["2024-08-19T21", "2024-12-24T21", "2025-06-15T14"], "{}", response.text);
    let retrograde: Vec<(bool, bool)> =
        hits.iter().map(|h| (h["retrogradeA"].as_bool().unwrap(), h["retrogradeB"].as_bool().unwrap())).collect();
    assert_eq!(retrograde, [(false, true), (true, false), (false, false)]);
    for hit in &hits {
        assert_eq!((&hit["pointA"], &hit["pointB"], &hit["faster"]), (&json!("jupiter"), &json!("saturn"), &json!("jupiter")));
        assert_eq!((&hit["aspect"], &hit["angle"], &hit["orb"]), (&json!("square"), &json!(90.0), &json!(0.0)));
        assert_eq!((&hit["phase"], &hit["phaseAngle"]), (&json!("waxing"), &json!(90.0)));
        let separation = hit["longitudeA"].as_f64().unwrap() - hit["longitudeB"].as_f64().unwrap();
        assert!((separation.rem_euclid(360.0) - 90.0).abs() < 1e-6, "{hit}");
    }
    let meta = &response.body["meta"];
    assert_eq!(meta["counts"]["aspect"], 3);
    // The conventions the aspects were found under.
    assert_eq!(meta["aspects"]["between"], json!(["jupiter", "saturn"]));
    assert_eq!(meta["aspects"]["byMeanMotion"][0], "moon");
    assert_eq!(meta["aspects"]["byMeanMotion"][3], "sun");
    assert_eq!(meta["aspects"]["positions"], "geocentric, apparent");
}

#[tokio::test]
async fn a_year_of_exact_aspects_and_the_lunar_phases_among_them() {
    let app = TestApp::spawn().await;
    let body = json!({ "startDate": "2024-01-01", "endDate": "2024-12-31", "types": ["aspect", "lunar_phase"] });
    let response = app.post("/api/calc/events", &body).await;
    assert_eq!(response.status, 200, "{}", response.text);
    let data = &response.body["data"];
    let aspects = of_type(data, "aspect");
    // Skyfield on DE421 finds 1,117 exact aspects among the ten bodies in
    // 2024 (shared/tests/reference/aspect_events_reference.json).
    assert_eq!(aspects.len(), 1117);
    // Every lunar phase is the Moon's conjunction, square or opposition to
    // the Sun: the same instant found by the other road (the phases are
    // refined on the ephemeris, the Moon's aspects solved on the tracks).
    for phase in of_type(data, "lunar_phase") {
        let (aspect, waxing) = match phase["phase"].as_str().unwrap() {
            "new_moon" => ("conjunction", true),
            "first_quarter" => ("square", true),
            "full_moon" => ("opposition", false),
            _ => ("square", false),
        };
        let at = phase["at"]["julianDay"].as_f64().unwrap();
        let same = aspects
            .iter()
            .filter(|a| a["pointA"] == "sun" && a["pointB"] == "moon" && a["aspect"] == aspect)
            .filter(|a| (a["phase"] == "waxing") == waxing)
            .map(|a| (a["at"]["julianDay"].as_f64().unwrap() - at).abs() * 86_400.0)
            .fold(f64::INFINITY, f64::min);
        assert!(same < 1.0, "{phase}: the nearest Sun-Moon {aspect} is {same} s away");
    }
    // Sun and Mercury are never more than 28° apart: conjunctions only.
    assert!(aspects.iter().filter(|a| a["pointA"] == "sun" && a["pointB"] == "mercury").all(|a| a["aspect"] == "conjunction"));
    // The phase angle is the faster body's lead over the slower.
    for aspect in &aspects {
        let (a, b) = (aspect["longitudeA"].as_f64().unwrap(), aspect["longitudeB"].as_f64().unwrap());
        let lead = if aspect["faster"] == aspect["pointA"] { a - b } else { b - a };
        let phase_angle = aspect["phaseAngle"].as_f64().unwrap();
        let off = (lead - phase_angle).rem_euclid(360.0).min((phase_angle - lead).rem_euclid(360.0));
        assert!(off < 1e-4, "{aspect}");
        // Conjunctions and oppositions start the half the pair enters.
        if phase_angle != 0.0 && phase_angle != 180.0 {
            assert_eq!(aspect["phase"] == "waxing", phase_angle < 180.0, "{aspect}");
        }
    }

    // The same instants in the sidereal zodiac, the longitudes less the ayanamsa.
    let sidereal = app
        .post("/api/calc/events", &json!({ "startDate": "2024-03-01", "endDate": "2024-03-31", "types": ["aspect"], "zodiac": "sidereal" }))
        .await;
    assert_eq!(sidereal.status, 200, "{}", sidereal.text);
    let sidereal = of_type(&sidereal.body["data"], "aspect").into_iter().cloned().collect::<Vec<_>>();
    let march: Vec<&&Value> = aspects.iter().filter(|a| a["at"]["utc"].as_str().unwrap().starts_with("2024-03")).collect();
    assert_eq!(sidereal.len(), march.len());
    for (s, t) in sidereal.iter().zip(march) {
        assert!((s["at"]["julianDay"].as_f64().unwrap() - t["at"]["julianDay"].as_f64().unwrap()).abs() * 86_400.0 < 1.0);
        let shift = t["longitudeA"].as_f64().unwrap() - s["longitudeA"].as_f64().unwrap();
        assert!((24.1..24.2).contains(&shift.rem_euclid(360.0)), "Lahiri's ayanamsa in 2024: {shift}");
    }
}

#[tokio::test]
async fn sidereal_ingresses_come_later_by_the_ayanamsa() {
    let app = TestApp::spawn().await;
    let body = json!({ "startDate": "2024-04-01", "endDate": "2024-04-30", "types": ["ingress"], "points": ["sun"], "zodiac": "sidereal", "ayanamsa": "lahiri" });
    let response = app.post("/api/calc/events", &body).await;
    assert_eq!(response.status, 200, "{}", response.text);
    let ingresses = of_type(&response.body["data"], "ingress");
    assert_eq!(ingresses.len(), 1);
    // Lahiri's Aries begins about 24° after the equinox: 13 April 2024
    // (the Mesha Sankranti of Indian calendars).
    assert_eq!(ingresses[0]["sign"], "aries");
    assert!(ingresses[0]["at"]["utc"].as_str().unwrap().starts_with("2024-04-13"), "{}", ingresses[0]);
    assert_eq!(response.body["meta"]["ayanamsa"]["id"], "lahiri");
}

#[tokio::test]
async fn bad_requests_name_their_field() {
    let app = TestApp::spawn().await;
    for (body, pointer) in [
        (json!({ "startDate": "2024-01-01", "endDate": "2025-06-01" }), "/endDate"),
        (json!({ "startDate": "2024-02-01", "endDate": "2024-01-01" }), "/endDate"),
        (json!({ "startDate": "2024-01-01", "endDate": "2024-02-01", "types": ["comet"] }), "/types/0"),
        (json!({ "startDate": "2024-01-01", "endDate": "2024-02-01", "points": ["vertex"] }), "/points/0"),
        (json!({ "startDate": "2024-01-01", "endDate": "2024-02-01", "timezone": "Mars/Olympus" }), "/timezone"),
        (json!({ "startDate": "2024-01-01", "endDate": "2024-02-01", "ayanamsa": "lahiri" }), "/ayanamsa"),
        // Aspects between the Sun … Pluto need two of them.
        (json!({ "startDate": "2024-01-01", "endDate": "2024-02-01", "types": ["aspect"], "points": ["mars", "true_node"] }), "/points"),
        (
            json!({ "startDate": "2024-01-01", "endDate": "2024-02-01", "types": ["aspect", "aspect", "ingress", "station", "eclipse", "lunar_phase", "void_of_course"] }),
            "/types",
        ),
    ] {
        let response = app.post("/api/calc/events", &body).await;
        assert_eq!(response.status, 422, "{body}: {}", response.text);
        assert!(response.pointers().contains(&pointer.to_owned()), "{body}: {}", response.text);
    }
}

#[tokio::test]
async fn the_asteroids_station_too() {
    let Ok(dir) = std::env::var("ASTEROID_EPHE_DIR") else {
        assert!(std::env::var("CI").is_err() && std::env::var("REQUIRE_MOTO").is_err(), "ASTEROID_EPHE_DIR must be set under make test");
        eprintln!("ASTEROID_EPHE_DIR not set: skipped (run make test)");
        return;
    };
    let app = TestApp::spawn_with(|config| config.ephemeris_extra_dir = Some(dir.into())).await;
    let body = json!({ "startDate": "2024-01-01", "endDate": "2024-12-31", "types": ["station"], "points": ["ceres", "chiron"] });
    let response = app.post("/api/calc/events", &body).await;
    assert_eq!(response.status, 200, "{}", response.text);
    let stations = of_type(&response.body["data"], "station");
    // Ceres and Chiron each turn retrograde and direct once a year.
    for point in ["ceres", "chiron"] {
        let kinds: Vec<&str> = stations.iter().filter(|s| s["point"] == point).map(|s| s["station"].as_str().unwrap()).collect();
        assert_eq!(kinds.len(), 2, "{point}: {kinds:?}");
    }
}
