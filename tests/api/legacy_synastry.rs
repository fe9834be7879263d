//! POST /api/legacy/synastry: the older flat format must say exactly what
//! POST /api/calc/synastry says for the same two people.

use serde_json::{Map, Value, json};

use crate::support::{TestApp, TestResponse};

/// One birth as the legacy format spells it.
struct Birth {
    date: &'static str,
    time: &'static str,
    timezone: &'static str,
    latitude: f64,
    longitude: f64,
}

const fn birth(date: &'static str, time: &'static str, timezone: &'static str, latitude: f64, longitude: f64) -> Birth {
    Birth { date, time, timezone, latitude, longitude }
}

/// Varied pairs: both hemispheres, both sides of Greenwich and of the date
/// line, fixed offsets, local mean time, the polar circles (houses replaced),
/// the Moshier range (no Chiron), seconds, a leap day, and local times the
/// clocks repeat (fall back) in both hemispheres.
const PAIRS: [(Birth, Birth); 10] = [
    (birth("1990-05-11", "14:30", "Europe/Rome", 41.9028, 12.4964), birth("1987-11-02", "08:15", "Australia/Sydney", -33.8688, 151.2093)),
    (
        birth("1975-01-20", "06:05", "America/New_York", 40.7128, -74.006),
        birth("1982-08-30", "23:45:30", "America/Argentina/Buenos_Aires", -34.6037, -58.3816),
    ),
    // 02:30 happened twice in Rome that night.
    (birth("2021-10-31", "02:30", "Europe/Rome", 41.9028, 12.4964), birth("2000-02-29", "12:00", "Asia/Tokyo", 35.6762, 139.6503)),
    (birth("1995-07-15", "04:20", "+05:30", 19.076, 72.8777), birth("1968-12-31", "23:59", "-03:00", -23.5505, -46.6333)),
    (birth("1985-12-21", "12:00", "Europe/Oslo", 69.6492, 18.9553), birth("2005-06-21", "18:00", "Pacific/Honolulu", 21.3069, -157.8583)),
    (birth("1750-03-01", "10:00", "Europe/London", 51.5074, -0.1278), birth("1920-06-15", "09:00:00.500", "Europe/Paris", 48.8566, 2.3522)),
    (
        birth("2015-03-10", "07:07", "Pacific/Kiritimati", 1.8721, -157.4278),
        birth("2001-09-09", "15:00", "Antarctica/McMurdo", -77.8419, 166.6863),
    ),
    // Both repeated: Sydney and Los Angeles falling back.
    (
        birth("2019-04-07", "02:30", "Australia/Sydney", -33.8688, 151.2093),
        birth("2010-11-07", "01:30", "America/Los_Angeles", 34.0522, -118.2437),
    ),
    (birth("1930-07-01", "12:00", "Europe/Amsterdam", 52.3676, 4.9041), birth("1990-01-01", "05:45", "Asia/Kathmandu", 27.7172, 85.324)),
    (birth("1999-12-31", "23:59:59", "UTC", -90.0, -180.0), birth("1999-12-31", "23:59:59", "UTC", 90.0, 180.0)),
];

fn legacy_request(one: &Birth, two: &Birth) -> Value {
    json!({
        "name1": "Anna", "date1": one.date, "time1": one.time, "timezone1": one.timezone,
        "latitude1": one.latitude, "longitude1": one.longitude,
        "name2": "Ben", "date2": two.date, "time2": two.time, "timezone2": two.timezone,
        "latitude2": two.latitude, "longitude2": two.longitude,
    })
}

fn current_request(one: &Birth, two: &Birth) -> Value {
    let location = |b: &Birth| json!({ "latitude": b.latitude, "longitude": b.longitude, "timezone": b.timezone });
    json!({
        "dateTime1": format!("{}T{}", one.date, one.time), "location1": location(one),
        "dateTime2": format!("{}T{}", two.date, two.time), "location2": location(two),
    })
}

fn rome_and_sydney() -> Value {
    legacy_request(&PAIRS[0].0, &PAIRS[0].1)
}

fn number(value: &Value) -> f64 {
    value.as_f64().unwrap_or_else(|| panic!("not a number: {value}"))
}

fn close(a: &Value, b: &Value, what: &str) {
    assert!((number(a) - number(b)).abs() < 1e-9, "{what}: {a} vs {b}");
}

/// The legacy positions of one person against the current `points1`/`points2`.
fn same_positions(legacy: &Value, current: &Map<String, Value>, who: &str) {
    let positions = legacy["positions"].as_array().expect("positions");
    let legacy_points: Vec<&str> = positions.iter().map(|p| p["point"].as_str().expect("point")).collect();
    let mut sorted = legacy_points.clone();
    sorted.sort_unstable();
    let mut current_points: Vec<&str> = current.keys().map(String::as_str).collect();
    current_points.sort_unstable();
    assert_eq!(sorted, current_points, "{who}: the same points");
    for position in positions {
        let point = position["point"].as_str().unwrap();
        let other = &current[point];
        let what = format!("{who} {point}");
        assert_eq!(position["sign"], other["sign"], "{what}");
        assert_eq!(position["retrograde"], other["retrograde"], "{what}");
        assert_eq!(position["house"], other["houseNumber"], "{what}");
        close(&position["longitude"], &other["longitude"], &what);
        close(&position["degreesInSign"], &other["degreesInSign"], &what);
    }
}

/// The legacy aspects against the current `aspects1to2`, as sets keyed by
/// the point pair.
fn same_aspects(legacy: &[Value], current: &[Value], pair: usize) {
    let key = |a: &Value, first: &str, second: &str| format!("{}/{}", a[first].as_str().unwrap(), a[second].as_str().unwrap());
    let mut legacy_keys: Vec<String> = legacy.iter().map(|a| key(a, "point1", "point2")).collect();
    let mut current_keys: Vec<String> = current.iter().map(|a| key(a, "pointA", "pointB")).collect();
    legacy_keys.sort();
    current_keys.sort();
    assert_eq!(legacy_keys, current_keys, "pair {pair}: the same point pairs");
    for aspect in legacy {
        let other = current
            .iter()
            .find(|c| c["pointA"] == aspect["point1"] && c["pointB"] == aspect["point2"])
            .expect("the same pair in the current answer");
        let what = format!("pair {pair}: {aspect}");
        assert_eq!(aspect["aspect"], other["aspect"], "{what}");
        assert_eq!(aspect["applying"], other["applying"], "{what}");
        close(&aspect["angle"], &other["angle"], &what);
        close(&aspect["separation"], &other["separation"], &what);
        close(&aspect["orb"], &other["orb"], &what);
    }
}

#[tokio::test]
async fn the_legacy_answer_is_the_current_synastry_in_the_old_shape() {
    let app = TestApp::spawn().await;
    let mut aspects_seen = 0;
    for (index, (one, two)) in PAIRS.iter().enumerate() {
        // The Swiss Ephemeris keeps per-thread caches: in the Moshier range
        // (pair 5, 1750) a position moves by about 1e-8 degrees with what the
        // thread computed just before. Drawing the pair once first makes both
        // answers start from the same state, so they can be held to 1e-9.
        assert_eq!(app.post("/api/calc/synastry", &current_request(one, two)).await.status, 200);
        let legacy = app.post("/api/legacy/synastry", &legacy_request(one, two)).await;
        assert_eq!(legacy.status, 200, "pair {index}: {}", legacy.text);
        assert_eq!(legacy.headers["content-type"], "application/json", "pair {index}");
        let current = app.post("/api/calc/synastry", &current_request(one, two)).await;
        assert_eq!(current.status, 200, "pair {index}: {}", current.text);
        let (legacy, current) = (&legacy.body, &current.body);

        same_positions(&legacy["person1"], current["data"]["points1"].as_object().unwrap(), &format!("pair {index} person 1"));
        same_positions(&legacy["person2"], current["data"]["points2"].as_object().unwrap(), &format!("pair {index} person 2"));
        let aspects = legacy["aspects"].as_array().unwrap();
        same_aspects(aspects, current["data"]["aspects1to2"].as_array().unwrap(), index);
        aspects_seen += aspects.len();
        assert_eq!(legacy["warnings"], current["meta"]["warnings"], "pair {index}");
        assert_eq!(legacy["person1"]["name"], "Anna");
        assert_eq!(legacy["lang"], "en");
    }
    // Ten pairs of whole charts: far more than a handful of aspects.
    assert!(aspects_seen > 100, "{aspects_seen}");
}

#[tokio::test]
async fn the_birth_moments_carry_their_offsets_and_repeated_hours_are_reported() {
    let app = TestApp::spawn().await;
    // Rome fell back at 03:00 CEST on 2021-10-31: 02:30 is taken at the earlier +02:00.
    let (rome, tokyo) = &PAIRS[2];
    let response = app.post("/api/legacy/synastry", &legacy_request(rome, tokyo)).await;
    assert_eq!(response.status, 200, "{}", response.text);
    assert_eq!(response.body["person1"]["dateTime"], "2021-10-31T02:30:00+02:00");
    assert_eq!(response.body["person2"]["dateTime"], "2000-02-29T12:00:00+09:00");
    let warnings = response.body["warnings"].as_array().unwrap();
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert!(warnings[0].as_str().unwrap().contains("2021-10-31T02:30 occurs twice"), "{warnings:?}");
    // Amsterdam kept its mean time (+00:19:32 on top of the hour) until 1937.
    let (amsterdam, kathmandu) = &PAIRS[8];
    let response = app.post("/api/legacy/synastry", &legacy_request(amsterdam, kathmandu)).await;
    assert_eq!(response.body["person1"]["dateTime"], "1930-07-01T12:00:00+01:19:32");
    assert_eq!(response.body["person2"]["dateTime"], "1990-01-01T05:45:00+05:45");
    assert_eq!(response.body["warnings"], json!([]));
    // A name may be left out (or null): it comes back as null.
    let mut body = rome_and_sydney();
    body.as_object_mut().unwrap().remove("name1");
    body["name2"] = Value::Null;
    let response = app.post("/api/legacy/synastry", &body).await;
    assert_eq!(response.status, 200, "{}", response.text);
    assert_eq!(response.body["person1"]["name"], Value::Null);
    assert_eq!(response.body["person2"]["name"], Value::Null);
}

#[tokio::test]
async fn lang_names_the_points_signs_and_aspects() {
    let app = TestApp::spawn().await;
    let english = app.post("/api/legacy/synastry", &rome_and_sydney()).await;
    let mut body = rome_and_sydney();
    body["lang"] = json!("es");
    let spanish = app.post("/api/legacy/synastry", &body).await;
    assert_eq!(spanish.status, 200, "{}", spanish.text);
    assert_eq!(spanish.body["lang"], "es");
    let sun = |r: &TestResponse| r.body["person1"]["positions"][0].clone();
    assert_eq!(sun(&english)["pointName"], "Sun");
    assert_eq!(sun(&english)["signName"], "Taurus");
    assert_eq!(sun(&spanish)["pointName"], "Sol");
    assert_eq!(sun(&spanish)["signName"], "Tauro");
    // Only the names change.
    assert_eq!(sun(&english)["longitude"], sun(&spanish)["longitude"]);
    assert_eq!(english.body["aspects"].as_array().unwrap().len(), spanish.body["aspects"].as_array().unwrap().len());
    let trine = spanish.body["aspects"].as_array().unwrap().iter().find(|a| a["aspect"] == "trine").expect("a trine").clone();
    assert_eq!(trine["aspectName"], "Trígono");
}

/// Each bad field of the old format is a 422 pointing at that field.
#[tokio::test]
async fn bad_fields_point_at_the_legacy_field() {
    let app = TestApp::spawn().await;
    let cases: Vec<(&str, Value, &str)> = vec![
        ("date1", json!("1990-02-30"), "/date1"),
        ("date1", json!("11/05/1990"), "/date1"),
        ("date2", json!("1990-05-11T14:30"), "/date2"),
        ("date1", json!("0900-01-01"), "/date1"),
        ("date2", json!(19900511), "/date2"),
        ("time1", json!("25:00"), "/time1"),
        ("time2", json!("9:30"), "/time2"),
        ("time1", json!("14:30+02:00"), "/time1"),
        ("time2", json!("2:30 PM"), "/time2"),
        ("time1", Value::Null, "/time1"),
        ("timezone1", json!("Mars/Olympus"), "/timezone1"),
        ("timezone2", json!("+25:00"), "/timezone2"),
        ("latitude1", json!(91), "/latitude1"),
        ("latitude2", json!(-90.5), "/latitude2"),
        ("latitude1", json!("north"), "/latitude1"),
        ("longitude1", json!(180.01), "/longitude1"),
        ("longitude2", json!(-181), "/longitude2"),
        ("longitude2", json!(null), "/longitude2"),
        ("lang", json!("xx"), "/lang"),
        ("lang", json!(["en"]), "/lang"),
        ("name1", json!(5), "/name1"),
        ("houseSystem", json!("koch"), "/houseSystem"),
        ("language", json!("es"), "/language"),
    ];
    for (field, value, pointer) in cases {
        let mut body = rome_and_sydney();
        body[field] = value.clone();
        let response = app.post("/api/legacy/synastry", &body).await;
        assert_eq!(response.status, 422, "{field} = {value}: {}", response.text);
        assert_eq!(response.pointers(), [pointer], "{field} = {value}: {}", response.text);
        assert_eq!(response.error()["code"], "invalid_field", "{field} = {value}");
    }
    for field in ["date2", "time1", "timezone1", "latitude2", "longitude1"] {
        let mut body = rome_and_sydney();
        body.as_object_mut().unwrap().remove(field);
        let response = app.post("/api/legacy/synastry", &body).await;
        assert_eq!(response.status, 422, "without {field}: {}", response.text);
        assert_eq!(response.pointers(), [format!("/{field}")], "without {field}");
        assert_eq!(response.error()["code"], "missing_field", "without {field}");
    }
}

#[tokio::test]
async fn the_errors_say_what_is_wrong_and_name_every_bad_field() {
    let app = TestApp::spawn().await;
    // Rome skipped 02:00-03:00 on 2021-03-28: the time is wrong, not the date.
    let mut body = rome_and_sydney();
    body["date1"] = json!("2021-03-28");
    body["time1"] = json!("02:30");
    let response = app.post("/api/legacy/synastry", &body).await;
    assert_eq!(response.pointers(), ["/time1"], "{}", response.text);
    assert!(response.error()["detail"].as_str().unwrap().contains("daylight-saving gap"), "{}", response.text);

    let mut body = rome_and_sydney();
    body["lang"] = json!("fr");
    let response = app.post("/api/legacy/synastry", &body).await;
    assert_eq!(response.error()["detail"], "unsupported language 'fr'; supported: en, es");

    let mut body = rome_and_sydney();
    body["time2"] = json!("8.15");
    let response = app.post("/api/legacy/synastry", &body).await;
    assert_eq!(response.error()["detail"], "expected a time of day as HH:MM, HH:MM:SS or HH:MM:SS.fff (24-hour clock)");

    let mut body = rome_and_sydney();
    body["date1"] = json!("1990-13-01");
    body["time1"] = json!("24:00");
    body["longitude2"] = json!(200);
    body["timezone2"] = json!("Nowhere");
    body["lang"] = json!("de");
    let response = app.post("/api/legacy/synastry", &body).await;
    assert_eq!(response.status, 422);
    let mut pointers = response.pointers();
    pointers.sort();
    assert_eq!(pointers, ["/date1", "/lang", "/longitude2", "/time1", "/timezone2"], "{}", response.text);
}

#[tokio::test]
async fn malformed_bodies_are_refused_without_a_fault() {
    let app = TestApp::spawn().await;
    let key = [("x-api-key", app.api_key.as_str())];
    let huge = rome_and_sydney().to_string().replace("41.9028", "1e400");
    for (raw, status) in [(huge.as_str(), 400), ("[]", 422), ("{}", 422), ("\"date1\"", 422), ("{\"date1\": ", 400), ("", 400)] {
        let response = app.post_raw("/api/legacy/synastry", raw, &key).await;
        assert_eq!(response.status, status, "{raw}: {}", response.text);
        assert!(response.body["errors"].is_array(), "{raw}: {}", response.text);
    }
}

#[tokio::test]
async fn a_key_needs_calc_read() {
    let app = TestApp::spawn().await;
    let body = rome_and_sydney().to_string();
    let content_only = app.create_key(json!({ "permissions": ["content:read"] })).await;
    let refused = app.post_raw("/api/legacy/synastry", &body, &[("x-api-key", &content_only)]).await;
    assert_eq!(refused.status, 403, "{}", refused.text);
    assert_eq!(refused.error()["code"], "permission_denied");
    let calc = app.create_key(json!({ "permissions": ["calc:read"] })).await;
    let admitted = app.post_raw("/api/legacy/synastry", &body, &[("x-api-key", &calc)]).await;
    assert_eq!(admitted.status, 200, "{}", admitted.text);
    let anonymous = app.post_raw("/api/legacy/synastry", &body, &[]).await;
    assert_eq!(anonymous.status, 401);
    assert_eq!(anonymous.error()["code"], "missing_api_key");
}
