use serde_json::{Value, json};
use shared::astro::Ephemeris;
use shared::astro::ephemeris::{Body, Observer};
use shared::astro::time::JulianDay;

use crate::support::TestApp;

fn request() -> Value {
    json!({
        "birthDateTime": "1990-05-11T14:30",
        "birthLocation": { "latitude": 41.9028, "longitude": 12.4964, "timezone": "Europe/Rome" },
        "targetDate": "2026-11-22"
    })
}

fn julian_day_of(text: &str) -> f64 {
    let instant = chrono::DateTime::parse_from_rfc3339(text).unwrap().with_timezone(&chrono::Utc);
    shared::astro::time::JulianDay::from_utc(instant).0
}

#[tokio::test]
async fn progressed_positions_are_the_sky_a_day_per_year_after_birth() {
    let app = TestApp::spawn().await;
    let response = app.post("/api/calc/progressions", &request()).await;
    assert_eq!(response.status, 200, "{}", response.text);
    let data = &response.body["data"];
    assert_eq!(data["natalDate"], "1990-05-11T14:30:00+02:00");
    // targetDate is read as local noon in the birth zone (CET in November).
    assert_eq!(data["targetDate"], "2026-11-22T12:00:00+01:00");

    // Independent of the service: birth + (target - birth) / 365.242189 days.
    let birth = julian_day_of("1990-05-11T12:30:00Z");
    let target = julian_day_of("2026-11-22T11:00:00Z");
    let progressed = birth + (target - birth) / 365.242_189;
    let ephemeris = Ephemeris::with_embedded_files().unwrap();
    for (id, body) in
        [("sun", Body::Sun), ("mercury", Body::Mercury), ("venus", Body::Venus), ("mars", Body::Mars), ("saturn", Body::Saturn)]
    {
        let expected = ephemeris.position(JulianDay(progressed), body, Observer::Geocentric).unwrap().longitude;
        let got = data["points"][id]["longitude"].as_f64().unwrap();
        assert!(((got - expected + 540.0).rem_euclid(360.0) - 180.0).abs() * 3600.0 < 1.0, "{id}: {got} vs {expected}");
    }
    // About 36.5 years of life: the progressed Sun has moved about 36°.
    let arc = response.body["meta"]["solarArc"].as_f64().unwrap();
    assert!((arc - 35.4).abs() < 1.5, "{arc}");
    // The progressed instant is 36.53 days after birth: 1990-06-17 01:14 UT.
    assert!(data["progressedDate"].as_str().unwrap().starts_with("1990-06-17"), "{}", data["progressedDate"]);

    assert_eq!(data["natalPoints"]["sun"]["sign"], "taurus");
    assert!(data["natalAngles"]["ascendant"]["longitude"].is_number());
    assert_eq!(data["houses"]["cusps"].as_array().unwrap().len(), 12);
    for key in ["aspects", "aspectsToNatal"] {
        assert!(data[key].is_array(), "{key}");
    }
    // Progressed to natal: the progressed point leads.
    for aspect in data["aspectsToNatal"].as_array().unwrap() {
        assert!(data["points"][aspect["pointA"].as_str().unwrap()].is_object());
        assert!(data["natalPoints"][aspect["pointB"].as_str().unwrap()].is_object());
    }
    assert!(data["charts"]["progressed"]["url"].as_str().unwrap().contains("token="));
    assert!(data["charts"]["natal"]["title"].is_string());
    assert_eq!(response.body["meta"]["yearLengthDays"], 365.242_189);
}

#[tokio::test]
async fn solar_arc_moves_the_midheaven_by_the_arc_and_the_other_method_is_offered() {
    let app = TestApp::spawn().await;
    let response = app.post("/api/calc/progressions", &request()).await;
    let arc = response.body["meta"]["solarArc"].as_f64().unwrap();
    let natal_mc = response.body["data"]["natalAngles"]["midheaven"]["longitude"].as_f64().unwrap();
    let progressed_mc = response.body["data"]["angles"]["midheaven"]["longitude"].as_f64().unwrap();
    assert!(((progressed_mc - natal_mc - arc).rem_euclid(360.0)).min((natal_mc + arc - progressed_mc).rem_euclid(360.0)) < 1e-6);
    assert_eq!(response.body["meta"]["progressedAngles"], "solar_arc");

    let mut body = request();
    body["progressedAngles"] = json!("progressed_instant");
    let other = app.post("/api/calc/progressions", &body).await;
    assert_eq!(other.status, 200, "{}", other.text);
    assert_eq!(other.body["meta"]["progressedAngles"], "progressed_instant");
    assert_ne!(other.body["data"]["angles"]["midheaven"]["longitude"], response.body["data"]["angles"]["midheaven"]["longitude"]);
    assert_eq!(other.body["data"]["points"]["sun"]["longitude"], response.body["data"]["points"]["sun"]["longitude"]);
}

#[tokio::test]
async fn include_text_defaults_to_false() {
    let app = TestApp::spawn().await;
    let response = app.post("/api/calc/progressions", &request()).await;
    assert_eq!(response.body["meta"]["includeText"], false);
    let mut body = request();
    body["includeText"] = json!(true);
    let response = app.post("/api/calc/progressions", &body).await;
    assert_eq!(response.body["meta"]["includeText"], true);
}

#[tokio::test]
async fn bad_progression_requests() {
    let app = TestApp::spawn().await;
    let mut body = request();
    body["targetDate"] = json!("2026-02-30");
    assert_eq!(app.post("/api/calc/progressions", &body).await.pointers(), ["/targetDate"]);
    let mut body = request();
    body["progressedAngles"] = json!("naibod");
    assert_eq!(app.post("/api/calc/progressions", &body).await.pointers(), ["/progressedAngles"]);
    let mut body = request();
    body.as_object_mut().unwrap().remove("targetDate");
    let response = app.post("/api/calc/progressions", &body).await;
    assert_eq!(response.status, 422);
    assert_eq!(response.pointers(), ["/targetDate"]);
    let mut body = request();
    body["birthLocation"]["latitude"] = json!(-95);
    assert_eq!(app.post("/api/calc/progressions", &body).await.pointers(), ["/birthLocation/latitude"]);
}

/// A target before birth progresses backwards (the converse direction): ten
/// years before a 1990 birth is about ten days before it, the Sun about ten
/// degrees behind its natal place.
#[tokio::test]
async fn a_target_before_birth_progresses_backwards() {
    let app = TestApp::spawn().await;
    let mut body = request();
    body["targetDate"] = json!("1980-05-11");
    let response = app.post("/api/calc/progressions", &body).await;
    assert_eq!(response.status, 200, "{}", response.text);
    let data = &response.body["data"];
    assert!(data["progressedDate"].as_str().unwrap().starts_with("1990-05-01"), "{}", data["progressedDate"]);
    let progressed = data["points"]["sun"]["longitude"].as_f64().unwrap();
    let natal = data["natalPoints"]["sun"]["longitude"].as_f64().unwrap();
    let behind = natal - progressed;
    assert!((9.0..11.0).contains(&behind), "{behind}");
}
