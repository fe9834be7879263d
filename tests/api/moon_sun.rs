//! POST /api/calc/moon-sun. Expected times come from Skyfield + DE421
//! (shared/tests/reference/sky_reference.json), to the minute.

use serde_json::{Value, json};

use crate::support::TestApp;

const PATH: &str = "/api/calc/moon-sun";

fn body(date_time: &str, latitude: f64, longitude: f64, timezone: &str) -> Value {
    json!({"dateTime": date_time, "location": {"latitude": latitude, "longitude": longitude, "timezone": timezone}})
}

fn tromso(date_time: &str) -> Value {
    body(date_time, 69.6492, 18.9553, "Europe/Oslo")
}

/// `2024-03-31T06:54:01+02:00` → `06:54` (local clock, minutes).
fn clock(value: &Value) -> &str {
    let text = value.as_str().unwrap_or_else(|| panic!("not a time: {value}"));
    &text[11..16]
}

#[tokio::test]
async fn a_day_in_rome_has_every_field_of_the_contract() {
    let app = TestApp::spawn().await;
    let response = app.post(PATH, &body("2024-06-21T12:00", 41.9028, 12.4964, "Europe/Rome")).await;
    assert_eq!(response.status, 200, "{}", response.text);
    assert_eq!(response.headers["content-type"], "application/vnd.api+json");
    let data = &response.body["data"];
    assert_eq!(data["date"], "2024-06-21");
    assert_eq!(data["dateTime"], "2024-06-21T12:00:00+02:00");
    assert_eq!(data["utcDateTime"], "2024-06-21T10:00:00Z");
    let moon = &data["moon"];
    for field in ["phase", "illumination", "age", "distance", "diameterDegrees"] {
        assert!(moon[field].is_number(), "moon.{field} in {moon}");
    }
    let names = [
        "new_moon",
        "waxing_crescent",
        "first_quarter",
        "waxing_gibbous",
        "full_moon",
        "waning_gibbous",
        "last_quarter",
        "waning_crescent",
    ];
    assert!(names.contains(&moon["phaseName"].as_str().unwrap()), "{moon}");
    // Full moon on 2024-06-22 01:08 UTC. At noon the day before, Skyfield
    // gives an elongation of 172.10° (inside full_moon's 157.5–202.5° sector),
    // 99.36 % lit, 14.89 days after the new moon; moonset 02:26:27Z, moonrise 18:53:42Z.
    assert_eq!(moon["phaseName"], "full_moon");
    assert!((moon["phase"].as_f64().unwrap() - 172.105).abs() < 0.01, "{moon}");
    assert!((moon["illumination"].as_f64().unwrap() - 0.99360).abs() < 0.0005, "{moon}");
    assert!((moon["age"].as_f64().unwrap() - 14.8905).abs() < 0.001, "{moon}");
    assert_eq!(clock(&moon["set"]), "04:26");
    assert_eq!(clock(&moon["rise"]), "20:53");
    assert!((0.97..1.0).contains(&moon["illumination"].as_f64().unwrap()), "{moon}");
    assert!((13.0..15.0).contains(&moon["age"].as_f64().unwrap()), "{moon}");
    assert!((356_000.0..407_000.0).contains(&moon["distance"].as_f64().unwrap()));
    assert!((0.48..0.57).contains(&moon["diameterDegrees"].as_f64().unwrap()));
    let sun = &data["sun"];
    // Skyfield: rise 03:35:03Z, transit 11:11:56Z, set 18:48:48Z (local +02:00).
    assert_eq!(clock(&sun["rise"]), "05:35");
    assert!(sun["rise"].as_str().unwrap().ends_with("+02:00"));
    assert_eq!(clock(&sun["transit"]), "13:11");
    assert_eq!(clock(&sun["set"]), "20:48");
    assert!((151.0e6..153.0e6).contains(&sun["distance"].as_f64().unwrap()));
    assert!((0.52..0.53).contains(&sun["diameterDegrees"].as_f64().unwrap()));
    for kind in ["civil", "nautical", "astronomical"] {
        assert!(sun["twilight"][kind]["begin"].is_string() && sun["twilight"][kind]["end"].is_string(), "{kind}: {sun}");
    }
    let meta = &response.body["meta"];
    assert_eq!(meta["ephemeris"], "swiss_files");
    assert_eq!(meta["timezone"], "Europe/Rome");
    assert_eq!(meta["dayStart"], "2024-06-21T00:00:00+02:00");
    assert_eq!(meta["dayEnd"], "2024-06-22T00:00:00+02:00");
    assert_eq!(meta["warnings"], json!([]));
    assert_eq!(meta["nullReasons"], json!({}));
}

#[tokio::test]
async fn polar_day_in_tromso_has_no_sunrise_sunset_or_twilight_and_says_why() {
    let app = TestApp::spawn().await;
    let response = app.post(PATH, &tromso("2024-06-21T12:00")).await;
    assert_eq!(response.status, 200, "{}", response.text);
    let sun = &response.body["data"]["sun"];
    assert!(sun["rise"].is_null() && sun["set"].is_null(), "{sun}");
    assert!(sun["transit"].is_string(), "the Sun still culminates: {sun}");
    for kind in ["civil", "nautical", "astronomical"] {
        assert!(sun["twilight"][kind]["begin"].is_null() && sun["twilight"][kind]["end"].is_null(), "{kind}: {sun}");
    }
    let reasons = &response.body["meta"]["nullReasons"];
    assert_eq!(reasons["sun.rise"], "the Sun stays above the horizon all day (polar day)");
    assert_eq!(reasons["sun.set"], "the Sun stays above the horizon all day (polar day)");
    assert!(reasons["sun.twilight.civil.begin"].as_str().unwrap().contains("stays above −6°"), "{reasons}");
    assert!(reasons["sun.twilight.astronomical.end"].as_str().unwrap().contains("stays above −18°"), "{reasons}");
    // The Moon stayed below Tromsø's horizon that whole day (Skyfield).
    let moon = &response.body["data"]["moon"];
    assert!(moon["rise"].is_null() && moon["set"].is_null(), "{moon}");
    assert_eq!(reasons["moon.rise"], "the Moon stays below the horizon all day");
    assert!(reasons.get("sun.transit").is_none());
}

#[tokio::test]
async fn polar_night_in_tromso_keeps_its_civil_twilight() {
    let app = TestApp::spawn().await;
    let response = app.post(PATH, &tromso("2024-12-21T12:00")).await;
    assert_eq!(response.status, 200, "{}", response.text);
    let sun = &response.body["data"]["sun"];
    assert!(sun["rise"].is_null() && sun["set"].is_null(), "{sun}");
    let reasons = &response.body["meta"]["nullReasons"];
    assert_eq!(reasons["sun.rise"], "the Sun stays below the horizon all day (polar night)");
    // Skyfield: civil twilight 08:31:31Z–, nautical from 06:46:58Z, astronomical from 05:28:35Z (local +01:00).
    assert_eq!(clock(&sun["twilight"]["civil"]["begin"]), "09:31");
    assert_eq!(clock(&sun["twilight"]["nautical"]["begin"]), "07:46");
    assert_eq!(clock(&sun["twilight"]["astronomical"]["begin"]), "06:28");
    assert!(sun["twilight"]["civil"]["end"].is_string());
    // The Moon rises and sets (Skyfield: set 11:10:12Z, rise 21:04:16Z).
    let moon = &response.body["data"]["moon"];
    assert_eq!(clock(&moon["set"]), "12:10");
    assert_eq!(clock(&moon["rise"]), "22:04");
}

#[tokio::test]
async fn a_day_without_moonrise_gives_null_and_the_next_rise() {
    let app = TestApp::spawn().await;
    // Sydney, 21 December 2024: the Moon sets at 11:10 local and next rises
    // after midnight (Skyfield finds no moonrise in the local day).
    let response = app.post(PATH, &body("2024-12-21T12:00", -33.8688, 151.2093, "Australia/Sydney")).await;
    assert_eq!(response.status, 200, "{}", response.text);
    let moon = &response.body["data"]["moon"];
    assert!(moon["rise"].is_null(), "{moon}");
    assert_eq!(clock(&moon["set"]), "11:10");
    let reason = response.body["meta"]["nullReasons"]["moon.rise"].as_str().unwrap();
    assert!(reason.starts_with("the Moon does not rise on this local day; its next rise is at 2024-12-22T"), "{reason}");
    assert!(reason.ends_with("+11:00"), "{reason}");
    assert!(response.body["data"]["sun"]["rise"].is_string());
}

#[tokio::test]
async fn a_daylight_saving_day_shows_each_time_with_its_own_offset() {
    let app = TestApp::spawn().await;
    // Rome, 31 March 2024 (23 hours): moonrise 00:14 CET, sunrise 06:54 CEST (Skyfield).
    let response = app.post(PATH, &body("2024-03-31T10:00", 41.9028, 12.4964, "Europe/Rome")).await;
    assert_eq!(response.status, 200, "{}", response.text);
    let data = &response.body["data"];
    assert_eq!(data["date"], "2024-03-31");
    assert_eq!(data["moon"]["rise"].as_str().unwrap()[11..], *"00:14:28+01:00");
    assert_eq!(clock(&data["sun"]["rise"]), "06:54");
    assert!(data["sun"]["rise"].as_str().unwrap().ends_with("+02:00"));
    let meta = &response.body["meta"];
    assert_eq!(meta["dayStart"], "2024-03-31T00:00:00+01:00");
    assert_eq!(meta["dayEnd"], "2024-04-01T00:00:00+02:00");
}

#[tokio::test]
async fn the_day_is_the_locations_even_with_an_explicit_offset() {
    let app = TestApp::spawn().await;
    // 23:30 UTC on 20 June is already 21 June in Rome.
    let response = app.post(PATH, &body("2024-06-20T23:30:00Z", 41.9028, 12.4964, "Europe/Rome")).await;
    assert_eq!(response.status, 200, "{}", response.text);
    assert_eq!(response.body["data"]["date"], "2024-06-21");
    assert_eq!(response.body["data"]["dateTime"], "2024-06-21T01:30:00+02:00");
}

#[tokio::test]
async fn bad_fields_are_422_with_pointers() {
    let app = TestApp::spawn().await;
    let response = app.post(PATH, &body("2024-13-01T12:00", 95.0, 12.0, "Mars/Olympus")).await;
    assert_eq!(response.status, 422, "{}", response.text);
    let mut pointers = response.pointers();
    pointers.sort();
    assert_eq!(pointers, ["/dateTime", "/location/latitude", "/location/timezone"]);
    let response = app.post(PATH, &body("2024-03-31T02:30", 41.9, 12.5, "Europe/Rome")).await;
    assert_eq!(response.status, 422);
    assert_eq!(response.pointers(), ["/dateTime"]);
    let response = app.post(PATH, &body("0900-01-01T12:00", 41.9, 12.5, "Europe/Rome")).await;
    assert_eq!(response.status, 422);
    assert_eq!(response.pointers(), ["/dateTime"]);
    let mut unknown = body("2024-06-21T12:00", 41.9, 12.5, "Europe/Rome");
    unknown["houseSystem"] = json!("placidus");
    let response = app.post(PATH, &unknown).await;
    assert_eq!(response.status, 422, "{}", response.text);
    let response = app.post(PATH, &json!({"location": {"latitude": 1.0, "longitude": 2.0, "timezone": "UTC"}})).await;
    assert_eq!(response.status, 422, "{}", response.text);
}

#[tokio::test]
async fn without_a_key_it_is_401() {
    let app = TestApp::spawn().await;
    let response = app.post_raw(PATH, &body("2024-06-21T12:00", 41.9, 12.5, "Europe/Rome").to_string(), &[]).await;
    assert_eq!(response.status, 401, "{}", response.text);
    assert_eq!(response.error()["code"], "missing_api_key");
}
