use serde_json::{Value, json};

use crate::support::TestApp;

fn person(date_time: &str, latitude: f64, longitude: f64, timezone: &str) -> (Value, Value) {
    (json!(date_time), json!({ "latitude": latitude, "longitude": longitude, "timezone": timezone }))
}

fn request(a: &(Value, Value), b: &(Value, Value)) -> Value {
    json!({ "dateTime1": a.0, "location1": a.1, "dateTime2": b.0, "location2": b.1 })
}

#[tokio::test]
async fn swapping_the_people_swaps_the_two_directions() {
    let app = TestApp::spawn().await;
    let anna = person("1990-05-11T14:30", 41.9028, 12.4964, "Europe/Rome");
    let ben = person("1987-11-02T08:15", -33.8688, 151.2093, "Australia/Sydney");
    let forward = app.post("/api/calc/synastry", &request(&anna, &ben)).await;
    assert_eq!(forward.status, 200, "{}", forward.text);
    let backward = app.post("/api/calc/synastry", &request(&ben, &anna)).await;
    let data = &forward.body["data"];
    assert!(!data["aspects1to2"].as_array().unwrap().is_empty());
    assert_eq!(data["aspects1to2"], backward.body["data"]["aspects2to1"]);
    assert_eq!(data["aspects2to1"], backward.body["data"]["aspects1to2"]);
    assert_eq!(data["points1"], backward.body["data"]["points2"]);
    // Direction: person 1's point leads in aspects1to2.
    for aspect in data["aspects1to2"].as_array().unwrap() {
        let a = aspect["pointA"].as_str().unwrap();
        let b = aspect["pointB"].as_str().unwrap();
        let separation = {
            let d =
                (data["points2"][b]["longitude"].as_f64().unwrap() - data["points1"][a]["longitude"].as_f64().unwrap()).rem_euclid(360.0);
            if d > 180.0 { 360.0 - d } else { d }
        };
        assert!((separation - aspect["separation"].as_f64().unwrap()).abs() < 1e-9, "{aspect}");
    }
    assert!(data["charts"]["person1"]["url"].as_str().unwrap().contains("token="));
}

#[tokio::test]
async fn the_same_person_twice_has_every_point_conjunct_itself() {
    let app = TestApp::spawn().await;
    let anna = person("1990-05-11T14:30", 41.9028, 12.4964, "Europe/Rome");
    let response = app.post("/api/calc/synastry", &request(&anna, &anna)).await;
    let aspects = response.body["data"]["aspects1to2"].as_array().unwrap();
    for point in ["sun", "moon", "venus", "pluto"] {
        let own = aspects.iter().find(|a| a["pointA"] == point && a["pointB"] == point).expect("self conjunction");
        assert_eq!(own["aspect"], "conjunction");
        assert_eq!(own["orb"], 0.0);
    }
}

#[tokio::test]
async fn bad_synastry_requests_point_at_the_person() {
    let app = TestApp::spawn().await;
    let anna = person("1990-05-11T14:30", 41.9028, 12.4964, "Europe/Rome");
    let broken = person("1987-11-31T08:15", -33.8688, 151.2093, "Australia/Sydney");
    let response = app.post("/api/calc/synastry", &request(&anna, &broken)).await;
    assert_eq!(response.status, 422);
    assert_eq!(response.pointers(), ["/dateTime2"]);
    let mut body = request(&anna, &anna);
    body["location1"]["timezone"] = json!("Mars/Base");
    assert_eq!(app.post("/api/calc/synastry", &body).await.pointers(), ["/location1/timezone"]);
    body.as_object_mut().unwrap().remove("dateTime2");
    let response = app.post("/api/calc/synastry", &body).await;
    assert!(response.pointers().contains(&"/dateTime2".to_owned()), "{}", response.text);
}
