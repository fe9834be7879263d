//! POST /api/calc/solar-arc: the natal chart turned by one arc, and its
//! contacts with the natal chart. The expected values are worked out here
//! from the answer's own natal longitudes and the ephemeris, not from the
//! service's direction code (the reference test in shared/tests checks the
//! numbers against pyswisseph).

use serde_json::{Value, json};
use shared::astro::Ephemeris;
use shared::astro::ephemeris::{Body, Observer};
use shared::astro::time::JulianDay;

use crate::support::TestApp;

fn request() -> Value {
    json!({
        "birthDateTime": "1990-05-11T14:30",
        "birthLocation": { "latitude": 41.9028, "longitude": 12.4964, "timezone": "Europe/Rome" },
        "targetDate": "2026-11-27"
    })
}

fn julian_day_of(text: &str) -> f64 {
    let instant = chrono::DateTime::parse_from_rfc3339(text).unwrap().with_timezone(&chrono::Utc);
    JulianDay::from_utc(instant).0
}

fn apart(a: f64, b: f64) -> f64 {
    ((a - b + 540.0).rem_euclid(360.0) - 180.0).abs()
}

fn longitude(value: &Value) -> f64 {
    value["longitude"].as_f64().unwrap()
}

#[tokio::test]
async fn every_point_and_angle_moves_by_the_progressed_suns_arc() {
    let app = TestApp::spawn().await;
    let response = app.post("/api/calc/solar-arc", &request()).await;
    assert_eq!(response.status, 200, "{}", response.text);
    let data = &response.body["data"];
    assert_eq!(data["natalDate"], "1990-05-11T14:30:00+02:00");
    assert_eq!(data["targetDate"], "2026-11-27T12:00:00+01:00");
    assert_eq!(data["arcMethod"], "solar-arc");

    // The arc: the Sun a day after birth per tropical year of life, minus the natal Sun.
    let birth = julian_day_of("1990-05-11T12:30:00Z");
    let target = julian_day_of("2026-11-27T11:00:00Z");
    let years = (target - birth) / 365.2422;
    assert!((data["age"].as_f64().unwrap() - years).abs() < 1e-9);
    let ephemeris = Ephemeris::with_embedded_files().unwrap();
    let sun = |jd: f64| ephemeris.position(JulianDay(jd), Body::Sun, Observer::Geocentric).unwrap().longitude;
    let arc = data["arc"].as_f64().unwrap();
    assert!(apart(arc, sun(birth + years) - sun(birth)) * 3600.0 < 0.001, "arc {arc}");
    assert!((35.0..37.5).contains(&arc), "{arc}");

    let natal_points = data["natalPoints"].as_object().unwrap();
    assert!(natal_points.len() >= 10);
    for (id, natal) in natal_points {
        let directed = &data["directedPoints"][id];
        assert!(apart(longitude(directed), longitude(natal) + arc) < 1e-9, "{id}");
        let house = directed["natalHouse"].as_u64().unwrap();
        assert!((1..=12).contains(&house));
    }
    for id in ["ascendant", "midheaven", "descendant", "imum_coeli"] {
        assert!(apart(longitude(&data["directedAngles"][id]), longitude(&data["natalAngles"][id]) + arc) < 1e-9, "{id}");
    }

    // Every directed-to-natal contact within a degree is listed, and only those.
    let mut directed: Vec<(String, f64)> =
        data["directedPoints"].as_object().unwrap().iter().map(|(k, v)| (k.clone(), longitude(v))).collect();
    let mut natal: Vec<(String, f64)> = natal_points.iter().map(|(k, v)| (k.clone(), longitude(v))).collect();
    for angle in ["ascendant", "midheaven"] {
        directed.push((angle.to_owned(), longitude(&data["directedAngles"][angle])));
        natal.push((angle.to_owned(), longitude(&data["natalAngles"][angle])));
    }
    let mut expected = Vec::new();
    for (a, la) in &directed {
        for (b, lb) in &natal {
            let separation = apart(*la, *lb);
            for (kind, angle) in [("conjunction", 0.0), ("sextile", 60.0), ("square", 90.0), ("trine", 120.0), ("opposition", 180.0)] {
                if (separation - angle).abs() <= 1.0 {
                    expected.push(format!("{a} {kind} {b}"));
                }
            }
        }
    }
    let mut listed: Vec<String> = data["aspects"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| format!("{} {} {}", a["directed"].as_str().unwrap(), a["aspect"].as_str().unwrap(), a["natal"].as_str().unwrap()))
        .collect();
    expected.sort();
    listed.sort();
    assert_eq!(listed, expected);
    assert!(!listed.is_empty(), "thirty-six years of directions reach nothing within a degree?");
    // Tightest first; applying means the orb still shrinks as the arc grows.
    let aspects = data["aspects"].as_array().unwrap();
    for pair in aspects.windows(2) {
        assert!(pair[0]["orb"].as_f64() <= pair[1]["orb"].as_f64());
    }
    for aspect in aspects {
        let a = &aspect["directed"].as_str().unwrap();
        let b = &aspect["natal"].as_str().unwrap();
        let la = directed.iter().find(|(k, _)| k == a).unwrap().1;
        let lb = natal.iter().find(|(k, _)| k == b).unwrap().1;
        let exact = aspect["angle"].as_f64().unwrap();
        let later = (apart(la + 0.01, lb) - exact).abs();
        assert_eq!(aspect["applying"].as_bool().unwrap(), later < aspect["orb"].as_f64().unwrap(), "{aspect}");
    }
    let meta = &response.body["meta"];
    assert_eq!(meta["yearLengthDays"], 365.2422);
    assert_eq!(meta["arcMethod"], "solar-arc");
}

#[tokio::test]
async fn naibod_and_one_degree_are_the_age_times_their_rate() {
    let app = TestApp::spawn().await;
    for (method, rate) in [("naibod", 0.985_647_33), ("one-degree", 1.0)] {
        let mut body = request();
        body["arcMethod"] = json!(method);
        let response = app.post("/api/calc/solar-arc", &body).await;
        assert_eq!(response.status, 200, "{}", response.text);
        let data = &response.body["data"];
        assert_eq!(data["arcMethod"], method);
        let (age, arc) = (data["age"].as_f64().unwrap(), data["arc"].as_f64().unwrap());
        assert!((arc - age * rate).abs() < 1e-9, "{method}: {arc} vs {age} × {rate}");
    }
}

#[tokio::test]
async fn a_local_date_time_is_directed_to_that_minute() {
    let app = TestApp::spawn().await;
    let mut body = request();
    body["targetDate"] = json!("2026-11-27T18:00");
    let response = app.post("/api/calc/solar-arc", &body).await;
    assert_eq!(response.status, 200, "{}", response.text);
    assert_eq!(response.body["data"]["targetDate"], "2026-11-27T18:00:00+01:00");
    let noon = app.post("/api/calc/solar-arc", &request()).await;
    let six_hours = 0.25 / 365.2422;
    assert!((response.body["data"]["age"].as_f64().unwrap() - noon.body["data"]["age"].as_f64().unwrap() - six_hours).abs() < 1e-9);
}

#[tokio::test]
async fn the_clients_orbs_replace_the_degree() {
    let app = TestApp::spawn().await;
    let mut body = request();
    body["orbs"] = json!({ "conjunction": 5.0 });
    let response = app.post("/api/calc/solar-arc", &body).await;
    assert_eq!(response.status, 200, "{}", response.text);
    let aspects = response.body["data"]["aspects"].as_array().unwrap();
    assert!(aspects.iter().all(|a| a["aspect"] == "conjunction" && a["orb"].as_f64().unwrap() <= 5.0), "{aspects:?}");
}

#[tokio::test]
async fn a_bad_target_method_or_perspective_is_a_422_naming_the_field() {
    let app = TestApp::spawn().await;
    let cases = [
        (json!({ "targetDate": "1980-01-01" }), "/targetDate", "before the birth"),
        (json!({ "targetDate": "1990-05-11T14:00" }), "/targetDate", "before the birth"),
        (json!({ "targetDate": "2026-13-01" }), "/targetDate", ""),
        (json!({ "arcMethod": "solar_arc" }), "/arcMethod", "solar-arc, naibod, one-degree"),
        (json!({ "perspective": "heliocentric" }), "/perspective", "geocentric"),
        (json!({ "targetDate": "3000-01-01" }), "/targetDate", ""),
    ];
    for (change, pointer, detail) in cases {
        let mut body = request();
        for (key, value) in change.as_object().unwrap() {
            body[key] = value.clone();
        }
        let response = app.post("/api/calc/solar-arc", &body).await;
        assert_eq!(response.status, 422, "{change}: {}", response.text);
        assert_eq!(response.pointers(), [pointer], "{change}: {}", response.text);
        assert!(response.text.contains(detail), "{change}: {}", response.text);
    }
}
