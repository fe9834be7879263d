//! POST /api/calc/primary-directions. The arcs to the midheaven are worked
//! out here from the natal chart's longitudes (a point culminates when the
//! ARMC reaches its right ascension); shared/tests checks every arc of both
//! methods against the sky turned under the Swiss Ephemeris' house positions.

use chrono::DateTime;
use serde_json::{Value, json};

use crate::support::TestApp;

const NAIBOD: f64 = 0.985_647_33;

fn rome(extra: Value) -> Value {
    let mut body = json!({
        "birthDateTime": "1990-05-11T14:30",
        "birthLocation": { "latitude": 41.9028, "longitude": 12.4964, "timezone": "Europe/Rome" }
    });
    for (key, value) in extra.as_object().unwrap() {
        body[key] = value.clone();
    }
    body
}

fn directions(answer: &Value) -> &Vec<Value> {
    answer["data"]["directions"].as_array().unwrap()
}

#[tokio::test]
async fn arcs_to_the_midheaven_are_right_ascensions_past_the_armc_and_the_list_is_by_date() {
    let app = TestApp::spawn().await;
    let response = app.post("/api/calc/primary-directions", &rome(json!({}))).await;
    assert_eq!(response.status, 200, "{}", response.text);
    let data = &response.body["data"];
    assert_eq!(data["method"], "placidus");
    assert_eq!(data["key"], "naibod");
    assert_eq!(data["zodiacal"], true);
    assert_eq!((data["fromAge"].as_f64(), data["toAge"].as_f64()), (Some(0.0), Some(90.0)));
    let list = directions(&response.body);
    assert!(list.len() > 40, "{} directions", list.len());
    assert!(list.windows(2).all(|w| w[0]["age"].as_f64() <= w[1]["age"].as_f64()));
    let birth = DateTime::parse_from_rfc3339(data["natalDate"].as_str().unwrap()).unwrap();
    for direction in list {
        let (arc, age) = (direction["arc"].as_f64().unwrap(), direction["age"].as_f64().unwrap());
        assert!((0.0..=90.0).contains(&age), "{direction}");
        assert!((arc / NAIBOD - age).abs() < 1e-9, "{direction}");
        assert_eq!(direction["motion"], "direct");
        // The date is the birth plus age tropical years.
        let date = DateTime::parse_from_rfc3339(direction["date"].as_str().unwrap()).unwrap();
        let days = (date - birth).num_seconds() as f64 / 86_400.0;
        assert!((days - age * 365.2422).abs() < 2.0 / 86_400.0, "{direction}: {days} days");
    }

    // Each direction to the midheaven: the right ascension of the aspect's
    // point (the longitude ± the aspect, latitude 0) less the ARMC.
    let natal = app
        .post(
            "/api/calc/natal",
            &json!({ "dateTime": "1990-05-11T14:30", "location": rome(json!({}))["birthLocation"], "moonCenter": "geocentric" }),
        )
        .await;
    assert_eq!(natal.status, 200, "{}", natal.text);
    let armc = data["armc"].as_f64().unwrap();
    let obliquity = 23.4409_f64.to_radians(); // true obliquity in May 1990, to 0.001°
    let mut checked = 0;
    for direction in list.iter().filter(|d| d["significator"] == "midheaven") {
        let promissor = direction["promissor"].as_str().unwrap();
        let angle = match direction["aspect"].as_str().unwrap() {
            "sextile" => 60.0,
            "square" => 90.0,
            "trine" => 120.0,
            "opposition" => 180.0,
            _ => 0.0,
        };
        let offset = if direction["side"] == "dexter" { -angle } else { angle };
        let longitude = (natal.body["data"]["points"][promissor]["longitude"].as_f64().unwrap() + offset).to_radians();
        let right_ascension = (longitude.sin() * obliquity.cos()).atan2(longitude.cos()).to_degrees();
        let arc = (right_ascension - armc).rem_euclid(360.0);
        assert!((direction["arc"].as_f64().unwrap() - arc).abs() < 0.01, "{direction}: expected arc {arc}");
        checked += 1;
    }
    assert!(checked >= 10, "{checked} directions to the midheaven within 90 years");
    let meta = &response.body["meta"];
    assert!(meta["mundanePosition"].as_str().unwrap().contains("semi-arc"));
    assert_eq!(meta["yearLengthDays"], 365.2422);
}

#[tokio::test]
async fn converse_adds_the_converse_directions_to_the_same_direct_ones() {
    let app = TestApp::spawn().await;
    let direct = app.post("/api/calc/primary-directions", &rome(json!({ "fromAge": 20, "toAge": 50 }))).await;
    let both = app.post("/api/calc/primary-directions", &rome(json!({ "fromAge": 20, "toAge": 50, "converse": true }))).await;
    assert_eq!(both.status, 200, "{}", both.text);
    let only_direct: Vec<&Value> = directions(&both.body).iter().filter(|d| d["motion"] == "direct").collect();
    assert_eq!(only_direct.len(), directions(&direct.body).len());
    assert!(only_direct.iter().zip(directions(&direct.body)).all(|(a, b)| *a == b));
    assert!(directions(&both.body).iter().any(|d| d["motion"] == "converse"));
    // Sides: both of a sextile, square or trine; none for the conjunction and opposition.
    for direction in directions(&both.body) {
        let sided = !matches!(direction["aspect"].as_str(), Some("conjunction" | "opposition"));
        assert_eq!(direction.get("side").is_some(), sided, "{direction}");
    }
}

#[tokio::test]
async fn regiomontanus_and_mundane_directions_differ_from_the_default_but_not_at_the_midheaven() {
    let app = TestApp::spawn().await;
    let placidus = app.post("/api/calc/primary-directions", &rome(json!({ "toAge": 60 }))).await;
    let regio = app.post("/api/calc/primary-directions", &rome(json!({ "toAge": 60, "method": "regiomontanus", "key": "ptolemy" }))).await;
    let mundane = app.post("/api/calc/primary-directions", &rome(json!({ "toAge": 60, "zodiacal": false }))).await;
    for answer in [&regio, &mundane] {
        assert_eq!(answer.status, 200, "{}", answer.text);
    }
    assert_eq!(regio.body["data"]["degreesPerYear"], 1.0);
    // Both methods agree on the meridian: a zodiacal conjunction with the
    // midheaven has the same arc (the age by each key).
    let mc = |answer: &Value, promissor: &str| {
        directions(answer)
            .iter()
            .find(|d| d["significator"] == "midheaven" && d["aspect"] == "conjunction" && d["promissor"] == promissor)
            .map(|d| d["arc"].as_f64().unwrap())
    };
    let shared: Vec<&str> = directions(&regio.body)
        .iter()
        .filter(|d| d["significator"] == "midheaven" && d["aspect"] == "conjunction")
        .filter_map(|d| d["promissor"].as_str())
        .collect();
    assert!(!shared.is_empty());
    for promissor in shared {
        if let Some(arc) = mc(&placidus.body, promissor) {
            assert!((mc(&regio.body, promissor).unwrap() - arc).abs() < 1e-9, "{promissor}");
        }
    }
    // Off the meridian the methods part: some ascendant arc differs.
    let asc = |answer: &Value| -> Vec<(String, f64)> {
        directions(answer)
            .iter()
            .filter(|d| d["significator"] == "ascendant")
            .map(|d| (format!("{}{}{}", d["promissor"], d["aspect"], d["side"]), d["arc"].as_f64().unwrap()))
            .collect()
    };
    assert_ne!(asc(&placidus.body), asc(&mundane.body));
    assert!(mundane.body["meta"]["aspects"].as_str().unwrap().starts_with("mundane"));
}

#[tokio::test]
async fn a_circumpolar_sky_lists_what_it_cannot_direct() {
    let app = TestApp::spawn().await;
    let body = json!({
        "birthDateTime": "1985-06-21T12:00",
        "birthLocation": { "latitude": 69.6492, "longitude": 18.9553, "timezone": "Europe/Oslo" }
    });
    let response = app.post("/api/calc/primary-directions", &body).await;
    assert_eq!(response.status, 200, "{}", response.text);
    let unreachable = response.body["data"]["unreachable"].as_array().unwrap();
    // The midsummer Sun never sets at 69.6° N: no direction to it.
    assert!(unreachable.iter().any(|p| p["significator"] == "sun"), "{unreachable:?}");
    assert!(!directions(&response.body).iter().any(|d| d["significator"] == "sun"));
    assert!(!directions(&response.body).is_empty());
}

#[tokio::test]
async fn bad_spans_methods_and_keys_are_refused_on_their_fields() {
    let app = TestApp::spawn().await;
    for (extra, pointer, says) in [
        (json!({ "fromAge": 0, "toAge": 120 }), "/toAge", "100"),
        (json!({ "fromAge": 50, "toAge": 40 }), "/toAge", "fromAge"),
        (json!({ "fromAge": -1 }), "/fromAge", "between 0 and 150"),
        (json!({ "toAge": 151, "fromAge": 100 }), "/toAge", "150"),
        (json!({ "method": "koch" }), "/method", "placidus, regiomontanus"),
        (json!({ "key": "solar-arc" }), "/key", "naibod, ptolemy"),
        (json!({ "houseSystem": "placidus" }), "/houseSystem", ""),
    ] {
        let response = app.post("/api/calc/primary-directions", &rome(extra.clone())).await;
        assert_eq!(response.status, 422, "{extra}: {}", response.text);
        assert!(response.text.contains(pointer), "{extra}: {}", response.text);
        assert!(response.text.contains(says), "{extra}: {}", response.text);
    }
}
