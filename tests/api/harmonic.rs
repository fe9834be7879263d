//! POST /api/calc/harmonic: the harmonic chart worked out here from the
//! natal answer (longitude × n, modulo 360°); shared/tests checks the
//! longitudes and aspects against pyswisseph and a script up to H360.

use axum::body::Body;
use axum::http::Request;
use serde_json::{Value, json};

use crate::support::{TestApp, birth, with};

fn request(extra: Value) -> Value {
    with(birth(), extra)
}

fn apart(a: f64, b: f64) -> f64 {
    ((a - b + 540.0).rem_euclid(360.0) - 180.0).abs()
}

#[tokio::test]
async fn the_fifth_harmonic_is_the_natal_longitudes_times_five_with_equal_houses_and_an_image() {
    let app = TestApp::spawn().await;
    let response = app.post("/api/calc/harmonic", &request(json!({ "harmonic": 5 }))).await;
    assert_eq!(response.status, 200, "{}", response.text);
    let natal = app.post("/api/calc/natal", &json!({ "dateTime": "1990-05-11T14:30", "location": birth()["birthLocation"] })).await;
    let data = &response.body["data"];
    assert_eq!(data["harmonic"], 5);
    let points = data["points"].as_object().unwrap();
    assert_eq!(points.len(), natal.body["data"]["points"].as_object().unwrap().len());
    for (id, point) in points {
        let natal_longitude = natal.body["data"]["points"][id]["longitude"].as_f64().unwrap();
        let expected = (natal_longitude * 5.0).rem_euclid(360.0);
        assert!(apart(point["longitude"].as_f64().unwrap(), expected) < 1e-9, "{id}");
    }
    for angle in ["ascendant", "midheaven", "descendant", "imum_coeli"] {
        let natal_longitude = natal.body["data"]["angles"][angle]["longitude"].as_f64().unwrap();
        assert!(apart(data["angles"][angle]["longitude"].as_f64().unwrap(), (natal_longitude * 5.0).rem_euclid(360.0)) < 1e-9, "{angle}");
    }
    // Equal houses from the harmonic ascendant.
    let ascendant = data["angles"]["ascendant"]["longitude"].as_f64().unwrap();
    let cusps = data["houses"]["cusps"].as_array().unwrap();
    for (house, cusp) in cusps.iter().enumerate() {
        let longitude = cusp["longitude"].as_f64().unwrap_or_else(|| cusp.as_f64().unwrap());
        assert!(apart(longitude, ascendant + 30.0 * house as f64) < 1e-9, "house {}", house + 1);
    }
    // The aspects are the harmonic points' own: each within its orb.
    for aspect in data["aspects"].as_array().unwrap() {
        assert!(aspect["orb"].as_f64().unwrap() <= 8.0, "{aspect}");
    }
    assert!(response.body["meta"]["harmonicRule"].as_str().unwrap().contains("× harmonic"));

    // Its image opens and says which harmonic it is.
    let link = data["chart"]["url"].as_str().unwrap();
    let image = app.send(Request::get(link.strip_prefix("https://api.example.test").unwrap()).body(Body::empty()).unwrap()).await;
    assert_eq!(image.status, 200);
    let svg = image.text;
    assert!(svg.contains("Harmonic chart 5"), "{}", &svg[..300.min(svg.len())]);
}

#[tokio::test]
async fn the_first_harmonic_is_the_natal_chart_and_bad_harmonics_are_refused() {
    let app = TestApp::spawn().await;
    let first = app.post("/api/calc/harmonic", &request(json!({ "harmonic": 1 }))).await;
    let natal = app.post("/api/calc/natal", &json!({ "dateTime": "1990-05-11T14:30", "location": birth()["birthLocation"] })).await;
    assert_eq!(first.status, 200, "{}", first.text);
    assert_eq!(first.body["data"]["points"]["sun"]["longitude"], natal.body["data"]["points"]["sun"]["longitude"]);
    assert_eq!(first.body["data"]["aspects"].as_array().unwrap().len(), natal.body["data"]["aspects"].as_array().unwrap().len());
    for (extra, pointer, says) in [
        (json!({ "harmonic": 0 }), "/harmonic", "1 to 360"),
        (json!({ "harmonic": 361 }), "/harmonic", "1 to 360"),
        (json!({ "harmonic": 2.5 }), "/harmonic", ""),
        (json!({ "harmonic": 3, "includeText": true }), "/includeText", "no texts"),
    ] {
        let response = app.post("/api/calc/harmonic", &request(extra.clone())).await;
        assert_eq!(response.status, 422, "{extra}: {}", response.text);
        assert!(response.text.contains(pointer) && response.text.contains(says), "{extra}: {}", response.text);
    }
}
