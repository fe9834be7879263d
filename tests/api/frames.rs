//! `zodiac`, `ayanamsa` and `perspective` on the chart endpoints, against
//! pyswisseph's own sidereal computation (`sidereal_reference.json`, case
//! "Rome 1990", the same moment and place as `rome_1990()`).

use axum::body::Body;
use axum::http::Request;
use http_body_util::BodyExt;
use serde_json::{Value, json};
use tower::ServiceExt;

use crate::support::{TestApp, birth, rome_1990, with};

const BASE: &str = "https://api.example.test";

fn reference_case(label_start: &str) -> Value {
    let reference: Value = serde_json::from_str(include_str!("../../shared/tests/reference/sidereal_reference.json")).unwrap();
    reference["cases"].as_array().unwrap().iter().find(|c| c["label"].as_str().unwrap().starts_with(label_start)).unwrap().clone()
}

fn arcsec(a: f64, b: f64) -> f64 {
    ((a - b + 540.0).rem_euclid(360.0) - 180.0).abs() * 3600.0
}

fn sign_of(longitude: f64) -> &'static str {
    ["aries", "taurus", "gemini", "cancer", "leo", "virgo", "libra", "scorpio", "sagittarius", "capricorn", "aquarius", "pisces"]
        [(longitude / 30.0).floor() as usize % 12]
}

fn assert_refused_at(response: &crate::support::TestResponse, pointer: &str, detail_part: &str) {
    assert_eq!(response.status, 422, "{}", response.text);
    let errors = response.body["errors"].as_array().unwrap();
    let error =
        errors.iter().find(|e| e["source"]["pointer"] == pointer).unwrap_or_else(|| panic!("no error at {pointer}: {}", response.text));
    assert!(error["detail"].as_str().unwrap().contains(detail_part), "{}", error["detail"]);
}

#[tokio::test]
async fn sidereal_natal_charts_match_the_library_for_three_ayanamsas() {
    let app = TestApp::spawn().await;
    let case = reference_case("rome_1990");
    for (id, mode) in [("lahiri", 1), ("fagan_bradley", 0), ("raman", 3), ("krishnamurti", 5), ("true_chitra", 27), ("j2000", 18)] {
        let body = with(
            rome_1990(),
            json!({ "zodiac": "sidereal", "ayanamsa": id, "moonCenter": "geocentric",
                    "points": ["sun", "moon", "mercury", "venus", "mars", "jupiter", "saturn", "uranus", "neptune", "pluto", "true_node", "mean_lilith"] }),
        );
        let response = app.post("/api/calc/natal", &body).await;
        assert_eq!(response.status, 200, "{id}: {}", response.text);
        let expected = case["sidereal"].as_array().unwrap().iter().find(|s| s["mode"] == mode).unwrap();
        let data = &response.body["data"];
        for (point, value) in expected["bodies"].as_object().unwrap() {
            if point == "mean_node" {
                continue;
            }
            let placed = &data["points"][point.as_str()];
            let longitude = placed["longitude"].as_f64().unwrap_or_else(|| panic!("{id}: no {point}"));
            assert!(arcsec(longitude, value["longitude"].as_f64().unwrap()) < 1.0, "{id} {point}: {longitude}");
            assert_eq!(placed["sign"], sign_of(longitude), "{id} {point}");
        }
        let houses = &expected["houses"]["placidus"];
        for (index, cusp) in houses["cusps"].as_array().unwrap().iter().enumerate() {
            let got = data["houses"]["cusps"][index]["longitude"].as_f64().unwrap();
            assert!(arcsec(got, cusp.as_f64().unwrap()) < 1.0, "{id} cusp {}: {got}", index + 1);
        }
        let ascendant = data["angles"]["ascendant"]["longitude"].as_f64().unwrap();
        assert!(arcsec(ascendant, houses["ascendant"].as_f64().unwrap()) < 1.0, "{id} ascendant {ascendant}");
        assert_eq!(data["angles"]["ascendant"]["sign"], sign_of(ascendant));
        let meta = &response.body["meta"];
        assert_eq!(meta["zodiac"], "sidereal");
        assert_eq!(meta["ayanamsa"]["id"], if id == "true_chitra" { "true_citra" } else { id });
        assert_eq!(meta["ayanamsa"]["name"], case_name(mode));
        assert!((meta["ayanamsa"]["degrees"].as_f64().unwrap() - expected["ayanamsa_ut"].as_f64().unwrap()).abs() < 1e-9);
        assert_eq!(meta["perspective"], "geocentric");
    }

    // Tropical stays the default, and says so.
    let tropical = app.post("/api/calc/natal", &rome_1990()).await;
    assert_eq!(tropical.body["meta"]["zodiac"], "tropical");
    assert!(tropical.body["meta"].get("ayanamsa").is_none());
    // A sidereal zodiac without an ayanamsa is Lahiri's.
    let default_sidereal = app.post("/api/calc/natal", &with(rome_1990(), json!({ "zodiac": "sidereal" }))).await;
    assert_eq!(default_sidereal.body["meta"]["ayanamsa"]["id"], "lahiri");
    let shift = tropical.body["data"]["points"]["sun"]["longitude"].as_f64().unwrap()
        - default_sidereal.body["data"]["points"]["sun"]["longitude"].as_f64().unwrap();
    assert!((shift - default_sidereal.body["meta"]["ayanamsa"]["degrees"].as_f64().unwrap()).abs() < 1e-9, "{shift}");
}

fn case_name(mode: u64) -> String {
    let reference: Value = serde_json::from_str(include_str!("../../shared/tests/reference/sidereal_reference.json")).unwrap();
    reference["ayanamsas"][mode as usize]["se_name"].as_str().unwrap().to_owned()
}

#[tokio::test]
async fn heliocentric_and_topocentric_charts_match_the_library() {
    let app = TestApp::spawn().await;
    let case = reference_case("rome_1990");
    let helio = app.post("/api/calc/natal", &with(rome_1990(), json!({ "perspective": "heliocentric" }))).await;
    assert_eq!(helio.status, 200, "{}", helio.text);
    let points = helio.body["data"]["points"].as_object().unwrap();
    let mut ids: Vec<&str> = points.keys().map(String::as_str).collect();
    ids.sort_unstable();
    assert_eq!(ids, ["earth", "jupiter", "mars", "mercury", "neptune", "pluto", "saturn", "uranus", "venus"]);
    for (point, value) in case["heliocentric"]["tropical"].as_object().unwrap() {
        let got = points[point.as_str()]["longitude"].as_f64().unwrap();
        assert!(arcsec(got, value["longitude"].as_f64().unwrap()) < 1.0, "heliocentric {point}: {got}");
    }
    assert_eq!(helio.body["meta"]["perspective"], "heliocentric");

    let topo = app.post("/api/calc/natal", &with(rome_1990(), json!({ "perspective": "topocentric", "zodiac": "sidereal" }))).await;
    assert_eq!(topo.status, 200, "{}", topo.text);
    for (point, value) in case["topocentric"]["lahiri"].as_object().unwrap() {
        if point.contains("node") || point.contains("lilith") {
            continue;
        }
        let got = topo.body["data"]["points"][point.as_str()]["longitude"].as_f64().unwrap();
        assert!(arcsec(got, value["longitude"].as_f64().unwrap()) < 1.0, "topocentric {point}: {got}");
    }
    assert_eq!(topo.body["meta"]["moonCenter"], "topocentric");
}

#[tokio::test]
async fn bad_frames_are_refused_at_their_field() {
    let app = TestApp::spawn().await;
    let cases = [
        (json!({ "zodiac": "sidereal", "ayanamsa": "lahri" }), "/ayanamsa", "valid: fagan_bradley, lahiri"),
        (json!({ "ayanamsa": "lahiri" }), "/ayanamsa", "zodiac 'sidereal'"),
        (json!({ "zodiac": "draconic" }), "/zodiac", "valid: tropical, sidereal"),
        (json!({ "perspective": "barycentric" }), "/perspective", "valid: geocentric, heliocentric, topocentric"),
        (json!({ "perspective": "heliocentric", "points": ["mars", "sun"] }), "/points/1", "no place in a heliocentric chart"),
        (json!({ "points": ["earth"] }), "/points/0", "only in heliocentric charts"),
        (json!({ "perspective": "topocentric", "moonCenter": "geocentric" }), "/moonCenter", "geocentric chart"),
    ];
    for (extra, pointer, detail) in cases {
        let response = app.post("/api/calc/natal", &with(rome_1990(), extra.clone())).await;
        assert_refused_at(&response, pointer, detail);
    }
    let transit = with(birth(), json!({ "startDate": "2025-01-01", "endDate": "2025-01-31", "perspective": "heliocentric" }));
    assert_refused_at(&app.post("/api/calc/transit", &transit).await, "/perspective", "read from the Earth");
}

#[tokio::test]
async fn a_sidereal_solar_return_brings_the_sun_back_to_its_sidereal_place() {
    let app = TestApp::spawn().await;
    let tropical = app.post("/api/calc/solar-return", &with(birth(), json!({ "returnYear": 2030 }))).await;
    let sidereal = app.post("/api/calc/solar-return", &with(birth(), json!({ "returnYear": 2030, "zodiac": "sidereal" }))).await;
    assert_eq!(sidereal.status, 200, "{}", sidereal.text);
    let natal_sun = sidereal.body["meta"]["natalSunLongitude"].as_f64().unwrap();
    let sun = sidereal.body["data"]["points"]["sun"]["longitude"].as_f64().unwrap();
    assert!(arcsec(sun, natal_sun) < 0.05, "{sun} vs {natal_sun}");
    // 40 years of precession (about 50.3″ a year, 33.5′) at the Sun's
    // ~0.97° a day in May: the sidereal return is about 13.8 hours later.
    let hours =
        (sidereal.body["data"]["returnJulianDay"].as_f64().unwrap() - tropical.body["data"]["returnJulianDay"].as_f64().unwrap()) * 24.0;
    assert!((13.0..14.5).contains(&hours), "{hours} h");
}

#[tokio::test]
async fn every_chart_endpoint_takes_the_frame_and_its_images_draw_it() {
    let app = TestApp::spawn().await;
    let frame = json!({ "zodiac": "sidereal", "ayanamsa": "krishnamurti" });
    let requests = [
        ("/api/calc/natal", with(rome_1990(), frame.clone())),
        ("/api/calc/progressions", with(with(birth(), json!({ "targetDate": "2025-05-11" })), frame.clone())),
        ("/api/calc/solar-return", with(with(birth(), json!({ "returnYear": 2025 })), frame.clone())),
        ("/api/calc/lunar-return", with(with(birth(), json!({ "returnDate": "2025-03-01" })), frame.clone())),
        (
            "/api/calc/synastry",
            with(
                json!({ "dateTime1": "1990-05-11T14:30", "location1": { "latitude": 41.9028, "longitude": 12.4964, "timezone": "Europe/Rome" },
                        "dateTime2": "1992-08-20T06:15", "location2": { "latitude": 40.7128, "longitude": -74.006, "timezone": "America/New_York" } }),
                frame.clone(),
            ),
        ),
        ("/api/calc/transit", with(with(birth(), json!({ "startDate": "2025-01-01", "endDate": "2025-01-31" })), frame.clone())),
    ];
    for (path, body) in requests {
        let sidereal = app.post(path, &body).await;
        assert_eq!(sidereal.status, 200, "{path}: {}", sidereal.text);
        assert_eq!(sidereal.body["meta"]["zodiac"], "sidereal", "{path}");
        assert_eq!(sidereal.body["meta"]["ayanamsa"]["id"], "krishnamurti", "{path}");
        let degrees = sidereal.body["meta"]["ayanamsa"]["degrees"].as_f64().unwrap();
        assert!((23.0..25.0).contains(&degrees), "{path}: {degrees}");
        let data = &sidereal.body["data"];
        let link = data["chart"]["url"]
            .as_str()
            .or_else(|| data["charts"].as_object().and_then(|c| c.values().next()).and_then(|l| l["url"].as_str()));
        let link = link.unwrap_or_else(|| panic!("{path}: no chart link"));
        let request = Request::get(link.strip_prefix(BASE).unwrap_or(link)).body(Body::empty()).unwrap();
        let response = app.router.clone().oneshot(request).await.unwrap();
        assert_eq!(response.status(), 200, "{path}: image");
        let svg = response.into_body().collect().await.unwrap().to_bytes();
        assert!(svg.starts_with(b"<svg"), "{path}");
        // The image says which zodiac it is drawn in.
        assert!(String::from_utf8_lossy(&svg).contains("sidereal (Krishnamurti)"), "{path}");
    }
    // The image link of a sidereal chart draws the sidereal chart: not the
    // tropical one's image.
    let image = |body: Value| {
        let app = &app;
        async move {
            let answer = app.post("/api/calc/natal", &body).await;
            let link = answer.body["data"]["chart"]["url"].as_str().unwrap().to_owned();
            let request = Request::get(link.strip_prefix(BASE).unwrap()).body(Body::empty()).unwrap();
            app.router.clone().oneshot(request).await.unwrap().into_body().collect().await.unwrap().to_bytes()
        }
    };
    assert_ne!(image(rome_1990()).await, image(with(rome_1990(), frame)).await);
}
