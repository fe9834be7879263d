//! `POST /api/calc/composite`: midpoints worked out here from the two natal
//! answers (as unit vectors: the sum of two directions points at their
//! nearer midpoint), and the Davison chart against the natal endpoint at the
//! mean instant and place.

use axum::body::Body;
use axum::http::Request;
use serde_json::{Value, json};

use crate::support::TestApp;

fn vector_midpoint(a: f64, b: f64) -> f64 {
    let (a, b) = (a.to_radians(), b.to_radians());
    (a.sin() + b.sin()).atan2(a.cos() + b.cos()).to_degrees().rem_euclid(360.0)
}

fn arc(a: f64, b: f64) -> f64 {
    ((a - b + 540.0).rem_euclid(360.0) - 180.0).abs()
}

struct Birth {
    date_time: &'static str,
    location: Value,
}

fn request(first: &Birth, second: &Birth, method: &str) -> Value {
    json!({ "dateTime1": first.date_time, "location1": first.location, "dateTime2": second.date_time, "location2": second.location,
            "method": method })
}

async fn natal(app: &TestApp, birth: &Birth) -> Value {
    let response = app.post("/api/calc/natal", &json!({ "dateTime": birth.date_time, "location": birth.location })).await;
    assert_eq!(response.status, 200, "{}", response.text);
    response.body
}

#[tokio::test]
async fn composite_points_are_the_midpoints_of_the_two_charts() {
    let app = TestApp::spawn().await;
    let cases = [
        // Rome and New York, two years apart.
        (
            Birth {
                date_time: "1990-05-11T14:30",
                location: json!({ "latitude": 41.9028, "longitude": 12.4964, "timezone": "Europe/Rome" }),
            },
            Birth {
                date_time: "1992-08-20T06:15",
                location: json!({ "latitude": 40.7128, "longitude": -74.006, "timezone": "America/New_York" }),
            },
        ),
        // Suns at 19° Pisces and 15° Aries: the midpoint crosses 0° Aries.
        (
            Birth {
                date_time: "1990-03-10T12:00",
                location: json!({ "latitude": -33.8688, "longitude": 151.2093, "timezone": "Australia/Sydney" }),
            },
            Birth {
                date_time: "1985-04-05T08:00",
                location: json!({ "latitude": 51.5074, "longitude": -0.1278, "timezone": "Europe/London" }),
            },
        ),
        // Forty years apart, both hemispheres.
        (
            Birth {
                date_time: "1950-01-01T00:00",
                location: json!({ "latitude": -23.5505, "longitude": -46.6333, "timezone": "America/Sao_Paulo" }),
            },
            Birth {
                date_time: "1990-07-15T23:59",
                location: json!({ "latitude": 35.6762, "longitude": 139.6503, "timezone": "Asia/Tokyo" }),
            },
        ),
    ];
    for (first, second) in &cases {
        let (a, b) = (natal(&app, first).await, natal(&app, second).await);
        let response = app.post("/api/calc/composite", &request(first, second, "midpoint")).await;
        assert_eq!(response.status, 200, "{}", response.text);
        let data = &response.body["data"];
        assert_eq!(data["method"], "midpoint");
        let points = data["points"].as_object().unwrap();
        assert_eq!(points.len(), a["data"]["points"].as_object().unwrap().len());
        for (id, point) in points {
            let expected = vector_midpoint(
                a["data"]["points"][id]["longitude"].as_f64().unwrap(),
                b["data"]["points"][id]["longitude"].as_f64().unwrap(),
            );
            let got = point["longitude"].as_f64().unwrap();
            assert!(arc(got, expected) < 1e-9, "{} {id}: {got} vs {expected}", first.date_time);
        }
        // The midheaven is the midpoint of the two; the cusps follow in order
        // from the ascendant.
        let midheaven = vector_midpoint(
            a["data"]["angles"]["midheaven"]["longitude"].as_f64().unwrap(),
            b["data"]["angles"]["midheaven"]["longitude"].as_f64().unwrap(),
        );
        assert!(arc(data["angles"]["midheaven"]["longitude"].as_f64().unwrap(), midheaven) < 1e-6, "{}", first.date_time);
        let cusps: Vec<f64> = data["houses"]["cusps"].as_array().unwrap().iter().map(|c| c["longitude"].as_f64().unwrap()).collect();
        assert!(arc(cusps[0], data["angles"]["ascendant"]["longitude"].as_f64().unwrap()) < 1e-9);
        let turned: f64 = (0..12).map(|i| (cusps[(i + 1) % 12] - cusps[i]).rem_euclid(360.0)).sum();
        assert!((turned - 360.0).abs() < 1e-6, "cusps in zodiacal order: {cusps:?}");
        assert!(data["chart"]["url"].is_string());
    }
    // The second case's Suns: 19°40′ Pisces and 15°13′ Aries, midpoint 2°27′ Aries.
    let response = app.post("/api/calc/composite", &request(&cases[1].0, &cases[1].1, "midpoint")).await;
    assert_eq!(response.body["data"]["points"]["sun"]["sign"], "aries");
}

#[tokio::test]
async fn the_davison_chart_is_the_sky_of_the_mean_instant_and_place() {
    let app = TestApp::spawn().await;
    let tokyo =
        Birth { date_time: "1980-02-01T09:00", location: json!({ "latitude": 35.6762, "longitude": 139.6503, "timezone": "Asia/Tokyo" }) };
    let los_angeles = Birth {
        date_time: "1984-10-20T18:30",
        location: json!({ "latitude": 34.0522, "longitude": -118.2437, "timezone": "America/Los_Angeles" }),
    };
    let (a, b) = (natal(&app, &tokyo).await, natal(&app, &los_angeles).await);
    let response = app.post("/api/calc/composite", &request(&tokyo, &los_angeles, "davison")).await;
    assert_eq!(response.status, 200, "{}", response.text);
    let davison = &response.body["data"]["davison"];
    let mean_jd = (a["data"]["julianDay"].as_f64().unwrap() + b["data"]["julianDay"].as_f64().unwrap()) / 2.0;
    assert!((davison["julianDay"].as_f64().unwrap() - mean_jd).abs() < 1e-9);
    assert!((davison["latitude"].as_f64().unwrap() - (35.6762 + 34.0522) / 2.0).abs() < 1e-9);
    // 139.6503° E and 118.2437° W are 102.1° apart over the Pacific: the
    // midpoint is 139.6503° + 51.0530° = 190.7033°, that is 169.2967° W,
    // not 10.7° E.
    assert!((davison["longitude"].as_f64().unwrap() - -169.2967).abs() < 1e-9, "{davison}");
    // The natal chart of that moment and place is the Davison chart.
    let same = app
        .post(
            "/api/calc/natal",
            &json!({ "dateTime": davison["utcDateTime"], "location": { "latitude": davison["latitude"], "longitude": davison["longitude"], "timezone": "UTC" } }),
        )
        .await;
    assert_eq!(same.status, 200, "{}", same.text);
    for (id, point) in response.body["data"]["points"].as_object().unwrap() {
        let expected = same.body["data"]["points"][id]["longitude"].as_f64().unwrap();
        // utcDateTime is given to the second: the Moon moves 0.5″ a second.
        assert!(arc(point["longitude"].as_f64().unwrap(), expected) * 3600.0 < 1.0, "{id}");
    }
    let ascendant = response.body["data"]["angles"]["ascendant"]["longitude"].as_f64().unwrap();
    assert!(arc(ascendant, same.body["data"]["angles"]["ascendant"]["longitude"].as_f64().unwrap()) * 3600.0 < 20.0);

    // Its image opens and is titled as a Davison chart.
    let link = response.body["data"]["chart"]["url"].as_str().unwrap();
    let image = app.send(Request::get(link.strip_prefix("https://api.example.test").unwrap()).body(Body::empty()).unwrap()).await;
    assert_eq!(image.status, 200);
    let svg = image.text;
    assert!(svg.contains("Davison chart"), "{}", &svg[..300.min(svg.len())]);

    let refused = app.post("/api/calc/composite", &request(&tokyo, &los_angeles, "average")).await;
    assert_eq!(refused.status, 422);
    assert_eq!(refused.error()["source"]["pointer"], "/method");
}
