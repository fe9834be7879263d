//! `includeDeclinations` and `includeMidpoints` on natal and return charts.
//! The rules are checked here on the answer's own numbers (the Sun's
//! declination from its longitude, each parallel and midpoint from the
//! points); shared/tests checks the values against the Swiss Ephemeris in
//! equatorial coordinates.

use serde_json::{Value, json};

use crate::support::{TestApp, rome_1990, with};

fn natal(extra: Value) -> Value {
    with(rome_1990(), extra)
}

fn number(value: &Value) -> f64 {
    value.as_f64().unwrap_or_else(|| panic!("not a number: {value}"))
}

#[tokio::test]
async fn declinations_follow_the_longitudes_and_the_parallels_their_rule() {
    let app = TestApp::spawn().await;
    let response = app.post("/api/calc/natal", &natal(json!({ "includeDeclinations": true }))).await;
    assert_eq!(response.status, 200, "{}", response.text);
    let data = &response.body["data"];
    let declinations = &data["declinations"];
    let obliquity = number(&declinations["obliquity"]);
    // The true obliquity of May 1990 (mean 23.4408°, nutation +0.0014°).
    assert!((obliquity - 23.4422).abs() < 0.001, "{obliquity}");
    assert_eq!(declinations["parallelOrb"], 1.0);
    let points = declinations["points"].as_object().unwrap();
    // Every point of the chart and the four angles.
    for id in data["points"].as_object().unwrap().keys().map(String::as_str).chain(["ascendant", "midheaven", "descendant", "imum_coeli"]) {
        let point = &points[id];
        let declination = number(&point["declination"]);
        assert_eq!(point["outOfBounds"], declination.abs() > obliquity, "{id}");
    }
    // The Sun (latitude ~0): sin δ = sin ε sin λ.
    let sun = number(&data["points"]["sun"]["longitude"]).to_radians();
    let expected = (obliquity.to_radians().sin() * sun.sin()).asin().to_degrees();
    assert!((number(&points["sun"]["declination"]) - expected).abs() < 0.001);
    // The descendant and imum coeli mirror the ascendant and midheaven.
    assert!((number(&points["descendant"]["declination"]) + number(&points["ascendant"]["declination"])).abs() < 1e-9);
    let parallels = declinations["parallels"].as_array().unwrap();
    assert!(!parallels.is_empty());
    for parallel in parallels {
        let a = number(&points[parallel["pointA"].as_str().unwrap()]["declination"]);
        let b = number(&points[parallel["pointB"].as_str().unwrap()]["declination"]);
        let orb = match parallel["type"].as_str().unwrap() {
            "parallel" => {
                assert_eq!(a >= 0.0, b >= 0.0, "{parallel}");
                (a - b).abs()
            }
            _ => {
                assert_ne!(a >= 0.0, b >= 0.0, "{parallel}");
                (a + b).abs()
            }
        };
        assert!((orb - number(&parallel["orb"])).abs() < 1e-9 && orb <= 1.0, "{parallel}");
    }
    // A narrower orb keeps the tighter ones only.
    let narrow = app.post("/api/calc/natal", &natal(json!({ "includeDeclinations": true, "parallelOrb": 0.3 }))).await;
    let tight: Vec<&Value> = parallels.iter().filter(|p| number(&p["orb"]) <= 0.3).collect();
    assert_eq!(narrow.body["data"]["declinations"]["parallels"].as_array().unwrap().len(), tight.len());
    assert!(data.get("midpoints").is_none());
}

#[tokio::test]
async fn midpoints_are_halfway_on_the_shorter_arc_with_the_points_on_them() {
    let app = TestApp::spawn().await;
    let response = app.post("/api/calc/natal", &natal(json!({ "includeMidpoints": true }))).await;
    assert_eq!(response.status, 200, "{}", response.text);
    let data = &response.body["data"];
    let longitude = |id: &str| match id {
        "ascendant" | "midheaven" => number(&data["angles"][id]["longitude"]),
        other => number(&data["points"][other]["longitude"]),
    };
    let pairs = data["midpoints"]["pairs"].as_array().unwrap();
    assert_eq!(pairs.len(), 66, "12 points, 66 pairs");
    let mut contacts = 0;
    for pair in pairs {
        let (a, b) = (longitude(pair["pointA"].as_str().unwrap()), longitude(pair["pointB"].as_str().unwrap()));
        let arc = (b - a + 540.0).rem_euclid(360.0) - 180.0;
        let midpoint = (a + arc / 2.0).rem_euclid(360.0);
        assert!((number(&pair["longitude"]) - midpoint).abs() < 1e-9, "{pair}");
        for contact in pair["contacts"].as_array().unwrap() {
            let at = longitude(contact["point"].as_str().unwrap());
            let separation = ((at - midpoint + 540.0).rem_euclid(360.0) - 180.0).abs();
            let orb = if contact["aspect"] == "conjunction" { separation } else { 180.0 - separation };
            assert!((orb - number(&contact["orb"])).abs() < 1e-9 && orb <= 1.5, "{contact}");
            contacts += 1;
        }
    }
    assert!(contacts > 0);
    assert_eq!(data["midpoints"]["orb"], 1.5);
}

#[tokio::test]
async fn a_sidereal_chart_has_the_declinations_of_the_same_sky() {
    let app = TestApp::spawn().await;
    let tropical = app.post("/api/calc/natal", &natal(json!({ "includeDeclinations": true }))).await;
    let sidereal =
        app.post("/api/calc/natal", &natal(json!({ "includeDeclinations": true, "zodiac": "sidereal", "ayanamsa": "lahiri" }))).await;
    assert_eq!(sidereal.status, 200, "{}", sidereal.text);
    assert_ne!(tropical.body["data"]["points"]["sun"]["longitude"], sidereal.body["data"]["points"]["sun"]["longitude"]);
    assert_eq!(tropical.body["data"]["declinations"], sidereal.body["data"]["declinations"]);
}

#[tokio::test]
async fn returns_carry_them_too_and_a_bad_orb_is_refused_on_its_field() {
    let app = TestApp::spawn().await;
    let body = json!({
        "birthDateTime": "1990-05-11T14:30",
        "birthLocation": { "latitude": 41.9028, "longitude": 12.4964, "timezone": "Europe/Rome" },
        "returnYear": 2026, "includeDeclinations": true, "includeMidpoints": true
    });
    let response = app.post("/api/calc/solar-return", &body).await;
    assert_eq!(response.status, 200, "{}", response.text);
    assert!(response.body["data"]["declinations"]["points"]["sun"].is_object());
    assert_eq!(response.body["data"]["midpoints"]["pairs"].as_array().unwrap().len(), 66);

    for (extra, says) in [
        (json!({ "includeDeclinations": true, "parallelOrb": 0 }), "more than 0"),
        (json!({ "includeDeclinations": true, "parallelOrb": 6 }), "at most 5"),
        (json!({ "parallelOrb": 0.5 }), "includeDeclinations"),
    ] {
        let response = app.post("/api/calc/natal", &natal(extra.clone())).await;
        assert_eq!(response.status, 422, "{extra}: {}", response.text);
        assert!(response.text.contains("/parallelOrb") && response.text.contains(says), "{extra}: {}", response.text);
    }
}
