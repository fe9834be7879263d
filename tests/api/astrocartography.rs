//! `POST /api/calc/astrocartography` as a client reads it: a GeoJSON
//! FeatureCollection whose every line point puts its body on the angle it
//! names (checked here from the answer's own right ascension, declination
//! and sidereal time); refusals. The longitudes themselves are held to
//! Skyfield in `shared/tests/astrocartography_reference.rs`.

use serde_json::{Value, json};

use crate::support::{TestApp, with};

fn rome() -> Value {
    json!({ "dateTime": "1990-05-11T14:30", "location": { "latitude": 41.9028, "longitude": 12.4964, "timezone": "Europe/Rome" } })
}

/// The hour angle (−180, 180] and the true altitude of a body at a place, degrees.
fn hour_angle_and_altitude(ra: f64, dec: f64, sidereal: f64, longitude: f64, latitude: f64) -> (f64, f64) {
    let h = (sidereal + longitude - ra).rem_euclid(360.0);
    let h = if h > 180.0 { h - 360.0 } else { h };
    let (phi, delta) = (latitude.to_radians(), dec.to_radians());
    let altitude = (phi.sin() * delta.sin() + phi.cos() * delta.cos() * h.to_radians().cos()).asin().to_degrees();
    (h, altitude)
}

#[tokio::test]
async fn every_line_puts_its_body_on_its_angle() {
    let app = TestApp::spawn().await;
    let response = app.post("/api/calc/astrocartography", &rome()).await;
    assert_eq!(response.status, 200, "{}", response.text);
    let (data, meta) = (&response.body["data"], &response.body["meta"]);
    assert_eq!(meta["mode"], "mundo");
    assert!(meta["horizon"].as_str().unwrap().contains("no refraction"));
    assert_eq!(data["lines"]["type"], "FeatureCollection");
    let features = data["lines"]["features"].as_array().unwrap();
    assert_eq!(features.len(), 40, "ten bodies, four angles");
    let sidereal = data["siderealTime"].as_f64().unwrap();
    let mut checked = 0;
    for feature in features {
        assert_eq!((&feature["type"], &feature["geometry"]["type"]), (&json!("Feature"), &json!("MultiLineString")));
        let (point, angle) = (feature["properties"]["point"].as_str().unwrap(), feature["properties"]["angle"].as_str().unwrap());
        let body = data["points"].as_array().unwrap().iter().find(|p| p["point"] == point).unwrap();
        let (ra, dec) = (body["rightAscension"].as_f64().unwrap(), body["declination"].as_f64().unwrap());
        for segment in feature["geometry"]["coordinates"].as_array().unwrap() {
            for position in segment.as_array().unwrap() {
                let (longitude, latitude) = (position[0].as_f64().unwrap(), position[1].as_f64().unwrap());
                assert!((-180.0..=180.0).contains(&longitude) && (-90.0..=90.0).contains(&latitude), "{position}");
                let (h, altitude) = hour_angle_and_altitude(ra, dec, sidereal, longitude, latitude);
                match angle {
                    "mc" => assert!(h.abs() < 1e-6, "{point} mc: H {h}"),
                    "ic" => assert!((h.abs() - 180.0).abs() < 1e-6, "{point} ic: H {h}"),
                    // On the horizon, east of the meridian rising, west setting (a grazing end is both).
                    _ => {
                        assert!(altitude.abs() < 1e-6, "{point} {angle} at {position}: altitude {altitude}");
                        let grazing = (latitude.abs() - feature["properties"]["latitudeLimit"].as_f64().unwrap()).abs() < 1e-9;
                        assert!(grazing || if angle == "asc" { h < 0.0 } else { h > 0.0 }, "{point} {angle} at {position}: H {h}");
                    }
                }
                checked += 1;
            }
        }
    }
    assert!(checked > 40 * 150, "{checked}");
    // The IC line is the MC's opposite meridian.
    let sun = &data["points"][0];
    let ic = features.iter().find(|f| f["properties"] == json!({ "point": "sun", "angle": "ic" })).unwrap();
    let ic_longitude = ic["geometry"]["coordinates"][0][0][0].as_f64().unwrap();
    let opposite = (ic_longitude - sun["mcLongitude"].as_f64().unwrap()).rem_euclid(360.0);
    assert!((opposite - 180.0).abs() < 1e-9, "{opposite}");
}

#[tokio::test]
async fn the_south_node_is_opposite_the_true_node() {
    let app = TestApp::spawn().await;
    let body = with(rome(), json!({ "points": ["true_node", "south_node", "mean_lilith"], "angles": ["mc", "asc"] }));
    let response = app.post("/api/calc/astrocartography", &body).await;
    assert_eq!(response.status, 200, "{}", response.text);
    let points = response.body["data"]["points"].as_array().unwrap();
    let (north, south) = (&points[0], &points[1]);
    let f = |p: &Value, k: &str| p[k].as_f64().unwrap();
    assert!(((f(south, "rightAscension") - f(north, "rightAscension")).rem_euclid(360.0) - 180.0).abs() < 1e-9);
    assert!((f(south, "declination") + f(north, "declination")).abs() < 1e-9);
    assert!(((f(south, "mcLongitude") - f(north, "mcLongitude")).rem_euclid(360.0) - 180.0).abs() < 1e-9);
    assert_eq!(response.body["data"]["lines"]["features"].as_array().unwrap().len(), 6);
}

#[tokio::test]
async fn zodiacal_lines_use_the_ecliptic_point_and_bad_input_names_its_field() {
    let app = TestApp::spawn().await;
    let body = with(rome(), json!({ "points": ["moon"], "angles": ["asc"], "mode": "zodiacal" }));
    let zodiacal = app.post("/api/calc/astrocartography", &body).await;
    assert_eq!(zodiacal.status, 200, "{}", zodiacal.text);
    let mundo = app.post("/api/calc/astrocartography", &with(body.clone(), json!({ "mode": "mundo" }))).await;
    let moon = |r: &crate::support::TestResponse| r.body["data"]["points"][0].clone();
    // Same longitude, latitude 0 in zodiacal: a different declination (the Moon's latitude is up to 5°).
    assert_eq!(moon(&zodiacal)["longitude"], moon(&mundo)["longitude"]);
    assert_ne!(moon(&zodiacal)["declination"], moon(&mundo)["declination"]);
    assert_eq!(zodiacal.body["data"]["lines"]["features"].as_array().unwrap().len(), 1);

    for (extra, pointer) in [
        (json!({ "points": ["sun", "vertex"] }), "/points/1"),
        (json!({ "points": [] }), "/points"),
        (json!({ "angles": ["mc", "zenith"] }), "/angles/1"),
        (json!({ "mode": "local_space" }), "/mode"),
        (json!({ "dateTime": "9999-01-01T12:00" }), "/dateTime"),
        (json!({ "near": { "latitude": 0 } }), "/near"),
    ] {
        let response = app.post("/api/calc/astrocartography", &with(rome(), extra.clone())).await;
        assert_eq!(response.status, 422, "{extra}: {}", response.text);
        assert!(response.pointers().contains(&pointer.to_owned()), "{extra}: {}", response.text);
    }
}
