//! `POST /api/calc/events` as a client reads it: a year of events in time
//! order in the asked zone, the 2024 eclipses and equinox, sidereal
//! ingresses, refusals. The instants themselves are held to Skyfield and
//! NASA's canon in `shared/tests/events_reference.rs`.

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
