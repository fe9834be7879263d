//! POST /api/calc/primary-directions. The arcs to the midheaven are worked
//! out here from the natal chart's longitudes (a point culminates when the
//! ARMC reaches its right ascension); shared/tests checks every arc of both
//! methods against the sky turned under the Swiss Ephemeris' house positions.

use chrono::DateTime;
use serde_json::{Value, json};

use crate::support::{TestApp, birth, with};

const NAIBOD: f64 = 0.985_647_33;

fn rome(extra: Value) -> Value {
    with(birth(), extra)
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
    let obliquity = 23.4422_f64.to_radians(); // the true obliquity in May 1990, to 0.001°
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
    assert!(meta["placement"].as_str().unwrap().contains("semi-arc"));
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
async fn the_methods_agree_on_the_angles_and_part_on_the_lights() {
    let app = TestApp::spawn().await;
    let span = json!({ "toAge": 100, "converse": true });
    let placidus = app.post("/api/calc/primary-directions", &rome(span.clone())).await;
    let mut regio_body = rome(span.clone());
    regio_body["method"] = json!("regiomontanus");
    let regio = app.post("/api/calc/primary-directions", &regio_body).await;
    let mut mundane_body = rome(span);
    mundane_body["zodiacal"] = json!(false);
    let mundane = app.post("/api/calc/primary-directions", &mundane_body).await;
    for answer in [&placidus, &regio, &mundane] {
        assert_eq!(answer.status, 200, "{}", answer.text);
    }
    let arcs_to = |answer: &Value, significators: &[&str]| -> Vec<(String, f64)> {
        let mut arcs: Vec<(String, f64)> = directions(answer)
            .iter()
            .filter(|d| significators.contains(&d["significator"].as_str().unwrap()))
            .map(|d| {
                (
                    format!("{} {} {} {} {}", d["promissor"], d["aspect"], d["side"], d["significator"], d["motion"]),
                    d["arc"].as_f64().unwrap(),
                )
            })
            .collect();
        arcs.sort_by(|a, b| a.0.cmp(&b.0));
        arcs
    };
    // Zodiacal directions to the ascendant and midheaven are the same in
    // both methods: the horizon and the meridian are the same circles.
    let (p_angles, r_angles) = (arcs_to(&placidus.body, &["ascendant", "midheaven"]), arcs_to(&regio.body, &["ascendant", "midheaven"]));
    assert!(p_angles.len() > 20);
    assert_eq!(p_angles.len(), r_angles.len());
    for ((name, p), (other, r)) in p_angles.iter().zip(&r_angles) {
        assert_eq!(name, other);
        assert!((p - r).abs() < 1e-9, "{name}: {p} against {r}");
    }
    // To the Sun and Moon, off the angles, the semi-arcs and the circles of position part.
    let (p_lights, r_lights) = (arcs_to(&placidus.body, &["sun", "moon"]), arcs_to(&regio.body, &["sun", "moon"]));
    let differing = p_lights.iter().filter(|(name, p)| r_lights.iter().any(|(other, r)| other == name && (p - r).abs() > 0.01)).count();
    assert!(differing > 10, "{differing} of {} arcs to the lights differ", p_lights.len());
    // Mundane directions take the bodies with their latitude and the aspects among the houses.
    assert_ne!(arcs_to(&placidus.body, &["ascendant"]), arcs_to(&mundane.body, &["ascendant"]));
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
    // The midsummer Sun never sets at 69.6° N: no Placidian direction to it...
    assert!(unreachable.iter().any(|p| p["significator"] == "sun"), "{unreachable:?}");
    assert!(!directions(&response.body).iter().any(|d| d["significator"] == "sun"));
    // ...but the Sun still culminates: its direction to the midheaven is
    // its right ascension less the ARMC.
    let natal = app.post("/api/calc/natal", &json!({ "dateTime": "1985-06-21T12:00", "location": body["birthLocation"] })).await;
    let sun = natal.body["data"]["points"]["sun"]["longitude"].as_f64().unwrap().to_radians();
    let right_ascension = (sun.sin() * 23.4424_f64.to_radians().cos()).atan2(sun.cos()).to_degrees();
    let armc = response.body["data"]["armc"].as_f64().unwrap();
    let sun_to_mc = (right_ascension - armc).rem_euclid(360.0);
    if sun_to_mc / NAIBOD <= 90.0 {
        let direction = directions(&response.body)
            .iter()
            .find(|d| d["promissor"] == "sun" && d["significator"] == "midheaven" && d["aspect"] == "conjunction")
            .expect("the Sun to the midheaven");
        assert!((direction["arc"].as_f64().unwrap() - sun_to_mc).abs() < 0.01, "{direction}");
    }
    // Regiomontanus places the midnight Sun: directions to it exist there.
    let mut regio = body.clone();
    regio["method"] = json!("regiomontanus");
    let response = app.post("/api/calc/primary-directions", &regio).await;
    assert!(directions(&response.body).iter().any(|d| d["significator"] == "sun"));

    // At the pole itself: an answer, no NaN.
    for latitude in [90.0, -90.0] {
        let polar = json!({
            "birthDateTime": "1985-06-21T12:00",
            "birthLocation": { "latitude": latitude, "longitude": 0.0, "timezone": "UTC" },
            "fromAge": 30, "toAge": 30
        });
        let response = app.post("/api/calc/primary-directions", &polar).await;
        assert_eq!(response.status, 200, "{}", response.text);
    }
}

#[tokio::test]
async fn bad_spans_methods_and_keys_are_refused_on_their_fields() {
    let app = TestApp::spawn().await;
    for (extra, pointer, says) in [
        (json!({ "fromAge": 0, "toAge": 120 }), "/toAge", "100"),
        (json!({ "fromAge": 50, "toAge": 40 }), "/toAge", "fromAge"),
        (json!({ "fromAge": 95 }), "/fromAge", "send toAge too"),
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
