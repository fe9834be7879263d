use serde_json::{Value, json};

use crate::support::TestApp;

fn reference() -> Value {
    serde_json::from_str(include_str!("../../shared/tests/reference/returns_reference.json")).unwrap()
}

fn signed_arcsec(a: f64, b: f64) -> f64 {
    ((a - b + 540.0).rem_euclid(360.0) - 180.0) * 3600.0
}

fn birth(utc: &str) -> Value {
    json!({ "birthDateTime": format!("{utc}:00Z"), "birthLocation": { "latitude": 10.0, "longitude": 20.0, "timezone": "UTC" } })
}

/// Skyfield (DE421, its own ΔT) against the service: the instants agree to
/// within the two libraries' ΔT difference (under 0.6 s for these dates).
const SKYFIELD_SECONDS: f64 = 1.0;

#[tokio::test]
async fn solar_returns_match_the_crossing_and_an_independent_ephemeris() {
    let app = TestApp::spawn().await;
    let mut worst: f64 = 0.0;
    for case in reference()["solar"].as_array().unwrap() {
        let mut body = birth(case["birth_utc"].as_str().unwrap());
        body["returnYear"] = case["return_year"].clone();
        let response = app.post("/api/calc/solar-return", &body).await;
        assert_eq!(response.status, 200, "{}: {}", case["name"], response.text);
        let data = &response.body["data"];
        // The ephemeris crossing itself: one second of solar motion is 0.041″.
        let natal_sun = response.body["meta"]["natalSunLongitude"].as_f64().unwrap();
        let sun = data["points"]["sun"]["longitude"].as_f64().unwrap();
        assert!(signed_arcsec(sun, natal_sun).abs() < 0.041, "{}: {sun} vs {natal_sun}", case["name"]);
        let seconds = (data["returnJulianDay"].as_f64().unwrap() - case["return_jd_ut"].as_f64().unwrap()) * 86_400.0;
        worst = worst.max(seconds.abs());
        assert!(seconds.abs() < SKYFIELD_SECONDS, "{}: {seconds} s from Skyfield", case["name"]);
        assert_eq!(data["returnYear"], case["return_year"]);
        // The return of a year is the one nearest that year's birthday: for a
        // birthday at the turn of the year it may fall on 31 December before.
        let anniversary = format!("{}{}", case["return_year"], &case["birth_utc"].as_str().unwrap()[4..10]);
        let returned = &data["returnDateUtc"].as_str().unwrap()[..10];
        let days = (chrono::NaiveDate::parse_from_str(returned, "%Y-%m-%d").unwrap()
            - chrono::NaiveDate::parse_from_str(&anniversary.replace("02-29", "02-28"), "%Y-%m-%d").unwrap())
        .num_days();
        assert!(days.abs() <= 2, "{}: {returned} vs {anniversary}", case["name"]);
        assert!(data["charts"]["solarReturn"]["url"].is_string() && data["charts"]["natal"]["url"].is_string());
    }
    eprintln!("solar returns vs Skyfield: max {worst:.3} s");
}

#[tokio::test]
async fn lunar_returns_are_the_first_on_or_after_the_date() {
    let app = TestApp::spawn().await;
    let mut worst: f64 = 0.0;
    for case in reference()["lunar"].as_array().unwrap() {
        let mut body = birth(case["birth_utc"].as_str().unwrap());
        body["returnDate"] = case["search_from_utc_date"].clone();
        let response = app.post("/api/calc/lunar-return", &body).await;
        assert_eq!(response.status, 200, "{}: {}", case["name"], response.text);
        let data = &response.body["data"];
        // One second of lunar motion is about 0.55″; the chart's Moon is geocentric.
        let natal_moon = response.body["meta"]["natalMoonLongitude"].as_f64().unwrap();
        let moon = data["points"]["moon"]["longitude"].as_f64().unwrap();
        assert!(signed_arcsec(moon, natal_moon).abs() < 0.55, "{}: {moon} vs {natal_moon}", case["name"]);
        let seconds = (data["returnJulianDay"].as_f64().unwrap() - case["return_jd_ut"].as_f64().unwrap()) * 86_400.0;
        worst = worst.max(seconds.abs());
        assert!(seconds.abs() < SKYFIELD_SECONDS, "{}: {seconds} s from Skyfield", case["name"]);
        assert!(data["returnDateUtc"].as_str().unwrap() >= case["search_from_utc_date"].as_str().unwrap());
    }
    eprintln!("lunar returns vs Skyfield: max {worst:.3} s");
}

#[tokio::test]
async fn a_relocated_return_keeps_the_instant_and_moves_the_houses() {
    let app = TestApp::spawn().await;
    let mut body = birth("1990-05-11T12:30");
    body["returnYear"] = json!(2026);
    let home = app.post("/api/calc/solar-return", &body).await;
    body["returnLocation"] = json!({ "latitude": 40.7128, "longitude": -74.006, "timezone": "America/New_York" });
    let away = app.post("/api/calc/solar-return", &body).await;
    assert_eq!(away.status, 200, "{}", away.text);
    assert_eq!(home.body["data"]["returnJulianDay"], away.body["data"]["returnJulianDay"]);
    assert_ne!(home.body["data"]["angles"]["ascendant"]["longitude"], away.body["data"]["angles"]["ascendant"]["longitude"]);
    assert!(away.body["data"]["returnDate"].as_str().unwrap().ends_with("-04:00"), "local time of the return place");
}

#[tokio::test]
async fn bad_return_requests() {
    let app = TestApp::spawn().await;
    let mut body = birth("1990-05-11T12:30");
    body["returnYear"] = json!(3500);
    let response = app.post("/api/calc/solar-return", &body).await;
    assert_eq!(response.status, 422, "{}", response.text);
    assert_eq!(response.pointers(), ["/returnYear"]);
    // The documented years are 1001-2998 (the return always inside the
    // ephemeris); 2999 and 1000 are refused even when the return would fit.
    for year in [2999, 1000] {
        body["returnYear"] = json!(year);
        let response = app.post("/api/calc/solar-return", &body).await;
        assert_eq!(response.status, 422, "{year}: {}", response.text);
        assert_eq!(response.pointers(), ["/returnYear"]);
    }
    body["returnYear"] = json!(2998);
    assert_eq!(app.post("/api/calc/solar-return", &body).await.status, 200);
    body["returnYear"] = json!(2026.5);
    assert_eq!(app.post("/api/calc/solar-return", &body).await.pointers(), ["/returnYear"]);
    body["returnYear"] = json!("2026");
    assert_eq!(app.post("/api/calc/solar-return", &body).await.pointers(), ["/returnYear"]);
    body.as_object_mut().unwrap().remove("returnYear");
    assert_eq!(app.post("/api/calc/solar-return", &body).await.pointers(), ["/returnYear"]);

    let mut body = birth("1990-05-11T12:30");
    body["returnDate"] = json!("3100-01-01");
    assert_eq!(app.post("/api/calc/lunar-return", &body).await.pointers(), ["/returnDate"]);
    body["returnDate"] = json!("2026-13-01");
    assert_eq!(app.post("/api/calc/lunar-return", &body).await.pointers(), ["/returnDate"]);
    body.as_object_mut().unwrap().remove("birthDateTime");
    assert_eq!(app.post("/api/calc/lunar-return", &body).await.pointers(), ["/birthDateTime"]);
}

/// Before birth the returns are as well defined as after it: the solar
/// return of 1970 for a 1990 birth (returnYear sent as 1970.0, a whole
/// number), and the first lunar return from 1 January 1980.
#[tokio::test]
async fn returns_before_birth_are_answered() {
    let app = TestApp::spawn().await;
    let mut body = birth("1990-05-11T12:30");
    body["returnYear"] = json!(1970.0);
    let response = app.post("/api/calc/solar-return", &body).await;
    assert_eq!(response.status, 200, "{}", response.text);
    assert!(response.body["data"]["returnDate"].as_str().unwrap().starts_with("1970-05-1"), "{}", response.text);
    let mut body = birth("1990-05-11T12:30");
    body["returnDate"] = json!("1980-01-01");
    let response = app.post("/api/calc/lunar-return", &body).await;
    assert_eq!(response.status, 200, "{}", response.text);
    let at = response.body["data"]["returnDate"].as_str().unwrap();
    assert!(at.starts_with("1980-01"), "{at}");
}
