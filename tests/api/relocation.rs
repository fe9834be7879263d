//! `POST /api/calc/relocation` as a client reads it: the birth instant cast
//! for another place. The relocated angles are checked against the
//! spherical-astronomy formulas from the sidereal time and obliquity the
//! astrocartography answer gives for the same birth (MC: tan λ = tan RAMC /
//! cos ε; ASC: the ecliptic's rising point at the new latitude), the
//! planets against the natal chart, the houses against the cusps.

use serde_json::{Value, json};

use crate::support::{TestApp, with};

fn body() -> Value {
    json!({
        "birthDateTime": "1990-05-11T14:30",
        "birthLocation": { "latitude": 41.9028, "longitude": 12.4964, "timezone": "Europe/Rome" },
        "relocatedTo": { "latitude": 40.7128, "longitude": -74.006 },
    })
}

fn degrees(value: &Value) -> f64 {
    value.as_f64().unwrap_or_else(|| panic!("not a number: {value}"))
}

fn arc(a: f64, b: f64) -> f64 {
    let d = (a - b).rem_euclid(360.0);
    d.min(360.0 - d)
}

#[tokio::test]
async fn the_relocated_angles_follow_from_the_sidereal_time_at_the_new_place() {
    let app = TestApp::spawn().await;
    let response = app.post("/api/calc/relocation", &body()).await;
    assert_eq!(response.status, 200, "{}", response.text);
    let data = &response.body["data"];
    let lines = app
        .post(
            "/api/calc/astrocartography",
            &json!({ "dateTime": "1990-05-11T14:30", "location": body()["birthLocation"], "points": ["sun"], "angles": ["mc"] }),
        )
        .await;
    let (gast, obliquity) = (degrees(&lines.body["data"]["siderealTime"]), degrees(&lines.body["meta"]["obliquity"]));
    let (latitude, longitude) = (40.7128f64, -74.006f64);
    let ramc = (gast + longitude).rem_euclid(360.0).to_radians();
    let epsilon = obliquity.to_radians();
    let mc = ramc.sin().atan2(ramc.cos() * epsilon.cos()).to_degrees().rem_euclid(360.0);
    let asc = ramc.cos().atan2(-(ramc.sin() * epsilon.cos() + latitude.to_radians().tan() * epsilon.sin())).to_degrees().rem_euclid(360.0);
    assert!(arc(degrees(&data["angles"]["midheaven"]["longitude"]), mc) < 1e-6, "MC {} vs {mc}", data["angles"]["midheaven"]);
    assert!(arc(degrees(&data["angles"]["ascendant"]["longitude"]), asc) < 1e-6, "ASC {} vs {asc}", data["angles"]["ascendant"]);
    assert!(arc(degrees(&data["angles"]["descendant"]["longitude"]), asc + 180.0) < 1e-6);
    // The natal angles are Rome's: another ascendant.
    assert!(arc(degrees(&data["natalAngles"]["ascendant"]["longitude"]), asc) > 10.0);
    assert_eq!(data["relocatedTo"], json!({ "latitude": latitude, "longitude": longitude }));
    assert_eq!(response.body["meta"]["angularOrb"], 5.0);
}

#[tokio::test]
async fn planets_keep_their_longitudes_and_take_the_new_houses() {
    let app = TestApp::spawn().await;
    let response = app.post("/api/calc/relocation", &with(body(), json!({ "moonCenter": "geocentric", "angularOrb": 10 }))).await;
    assert_eq!(response.status, 200, "{}", response.text);
    let data = &response.body["data"];
    let natal = app
        .post(
            "/api/calc/natal",
            &json!({ "dateTime": "1990-05-11T14:30", "location": body()["birthLocation"], "moonCenter": "geocentric" }),
        )
        .await;
    assert_eq!(natal.status, 200, "{}", natal.text);
    let cusps: Vec<f64> = data["houses"]["cusps"].as_array().unwrap().iter().map(|c| degrees(&c["longitude"])).collect();
    assert_eq!(cusps.len(), 12);
    let changes = data["houseChanges"].as_array().unwrap();
    for (id, point) in data["points"].as_object().unwrap() {
        let at_birth = &natal.body["data"]["points"][id];
        assert_eq!(point["longitude"], at_birth["longitude"], "{id} keeps its longitude");
        let change = changes.iter().find(|c| c["point"] == id.as_str()).unwrap();
        assert_eq!(change["natalHouse"], at_birth["houseNumber"], "{id}");
        assert_eq!(change["relocatedHouse"], point["houseNumber"], "{id}");
        assert_eq!(change["moved"], change["natalHouse"] != change["relocatedHouse"]);
        // In the house whose cusp it is past and the next cusp it is before.
        let house = point["houseNumber"].as_u64().unwrap() as usize;
        let (start, end) = (cusps[house - 1], cusps[house % 12]);
        let longitude = degrees(&point["longitude"]);
        assert!((longitude - start).rem_euclid(360.0) < (end - start).rem_euclid(360.0), "{id} {longitude} in house {house}");
    }
    assert!(changes.iter().any(|c| c["moved"] == true), "New York turns the houses");
    // Every point within 10° of an angle is listed, nearest first, and no other.
    let angular = data["angular"].as_array().unwrap();
    let mut expected = 0;
    for point in data["points"].as_object().unwrap().values() {
        for angle in data["angles"].as_object().unwrap().values() {
            let separation = arc(degrees(&point["longitude"]), degrees(&angle["longitude"]));
            expected += usize::from(separation <= 10.0);
        }
    }
    assert_eq!(angular.len(), expected, "{angular:?}");
    // The Part of Fortune and the Vertex, made from the angles, are never
    // angular: at the new moon of 24 May 1990 (11:47 UT) the Part of Fortune (ASC +
    // Moon − Sun) sits on the ascendant wherever the chart is cast.
    let new_moon = json!({ "birthDateTime": "1990-05-24T13:47", "points": ["sun", "moon", "part_of_fortune", "vertex"], "angularOrb": 15 });
    let lots = app.post("/api/calc/relocation", &with(body(), new_moon)).await;
    assert_eq!(lots.status, 200, "{}", lots.text);
    let lots_data = &lots.body["data"];
    let fortune = degrees(&lots_data["points"]["part_of_fortune"]["longitude"]);
    assert!(arc(fortune, degrees(&lots_data["angles"]["ascendant"]["longitude"])) < 2.0, "the Part of Fortune on the ascendant");
    let listed: Vec<&Value> = lots.body["data"]["angular"].as_array().unwrap().iter().map(|a| &a["point"]).collect();
    assert!(!listed.contains(&&json!("part_of_fortune")) && !listed.contains(&&json!("vertex")), "{listed:?}");
    assert_eq!(lots.body["data"]["houseChanges"].as_array().unwrap().len(), 4);
    let orbs: Vec<f64> = angular.iter().map(|a| degrees(&a["orb"])).collect();
    assert!(orbs.windows(2).all(|w| w[0] <= w[1]) && orbs.iter().all(|o| *o <= 10.0), "{orbs:?}");
    // The image link draws the relocated wheel.
    assert!(data["chart"]["url"].as_str().unwrap().contains("/api/chart/image.svg?token="));
}

#[tokio::test]
async fn a_place_by_name_and_bad_fields_point_at_themselves() {
    let app = TestApp::spawn().await;
    let named = with(body(), json!({ "relocatedTo": { "place": "Tokyo, JP" }, "includeText": true }));
    let response = app.post("/api/calc/relocation", &named).await;
    assert_eq!(response.status, 200, "{}", response.text);
    assert_eq!(response.body["meta"]["locations"]["/relocatedTo"]["place"]["name"], "Tokyo");
    assert!(response.body["data"]["points"]["sun"]["houseText"].is_string(), "the natal texts for the new house");
    for (extra, pointer) in [
        (json!({ "angularOrb": 0 }), "/angularOrb"),
        (json!({ "angularOrb": 15.5 }), "/angularOrb"),
        (json!({ "relocatedTo": { "latitude": 95, "longitude": 0 } }), "/relocatedTo/latitude"),
        (json!({ "relocatedTo": { "place": "Nowhereville" } }), "/relocatedTo/place"),
        (json!({ "houseSystem": "nope" }), "/houseSystem"),
        (json!({ "moonCenter": "geocentric", "perspective": "heliocentric" }), "/moonCenter"),
    ] {
        let response = app.post("/api/calc/relocation", &with(body(), extra.clone())).await;
        assert_eq!(response.status, 422, "{extra}: {}", response.text);
        assert!(response.pointers().contains(&pointer.to_owned()), "{extra}: {}", response.text);
    }
    let missing =
        app.post("/api/calc/relocation", &json!({ "birthDateTime": "1990-05-11T14:30", "birthLocation": body()["birthLocation"] })).await;
    assert_eq!(missing.status, 422);
    assert!(missing.pointers().contains(&"/relocatedTo".to_owned()), "{}", missing.text);
}
