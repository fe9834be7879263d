//! Places by name (`location.place`, `GET /api/places`) and time zones from
//! coordinates (a location without `timezone`), through the API.

use axum::body::Body;
use axum::http::Request;
use serde_json::{Value, json};

use crate::support::{TestApp, TestResponse, rome_1990, with};

async fn get(app: &TestApp, path: &str) -> TestResponse {
    app.send(Request::get(path).header("x-api-key", &app.api_key).body(Body::empty()).unwrap()).await
}

fn natal_at(location: Value) -> Value {
    json!({ "dateTime": "1990-05-11T14:30", "location": location })
}

#[tokio::test]
async fn places_complete_as_the_user_types() {
    let app = TestApp::spawn().await;
    let response = get(&app, "/api/places?query=rom").await;
    assert_eq!(response.status, 200, "{}", response.text);
    let data = response.body["data"].as_array().unwrap();
    assert_eq!(data.len(), 10);
    assert_eq!(data[0]["type"], "place");
    assert_eq!(data[0]["attributes"]["name"], "Rome");
    assert_eq!(data[0]["attributes"]["countryCode"], "IT");
    assert_eq!(data[0]["attributes"]["timezone"], "Europe/Rome");
    assert_eq!(data[0]["attributes"]["label"], "Rome, Lazio, IT");
    assert_eq!(data[0]["id"], data[0]["attributes"]["geonameId"].to_string());
    // Most populous first after the exact names.
    let populations: Vec<u64> = data[1..].iter().map(|p| p["attributes"]["population"].as_u64().unwrap()).collect();
    assert!(populations.windows(2).all(|w| w[0] >= w[1]), "{populations:?}");

    let in_us = get(&app, "/api/places?query=Springfield%2C%20US&limit=3").await;
    let names: Vec<&str> = in_us.body["data"].as_array().unwrap().iter().map(|p| p["attributes"]["label"].as_str().unwrap()).collect();
    assert_eq!(names.len(), 3);
    assert!(names.iter().all(|n| n.starts_with("Springfield, ") && n.ends_with(", US")), "{names:?}");
    let accents = get(&app, "/api/places?query=sao%20pau").await;
    assert_eq!(accents.body["data"][0]["attributes"]["name"], "São Paulo");

    for (path, parameter) in [
        ("/api/places", "query"),
        ("/api/places?query=%20", "query"),
        ("/api/places?query=rome&limit=0", "limit"),
        ("/api/places?query=rome&limit=51", "limit"),
        ("/api/places?query=rome&country=IT", "country"),
    ] {
        let refused = get(&app, path).await;
        assert_eq!(refused.status, 422, "{path}: {}", refused.text);
        assert_eq!(refused.error()["source"]["parameter"], parameter, "{path}");
    }
    let anonymous = app.send(Request::get("/api/places?query=rome").body(Body::empty()).unwrap()).await;
    assert_eq!(anonymous.status, 401);
}

#[tokio::test]
async fn a_place_name_gives_the_coordinates_and_the_zone() {
    let app = TestApp::spawn().await;
    let by_name = app.post("/api/calc/natal", &natal_at(json!({ "place": "Rome, IT" }))).await;
    assert_eq!(by_name.status, 200, "{}", by_name.text);
    let found = &by_name.body["meta"]["locations"]["/location"];
    assert_eq!(found["place"]["name"], "Rome");
    assert_eq!(found["place"]["countryName"], "Italy");
    assert_eq!(found["timezone"], "Europe/Rome");
    assert_eq!(found["timezoneSource"], "city");
    assert_eq!(by_name.body["data"]["dateTime"], "1990-05-11T14:30:00+02:00");
    // The same chart as the city's coordinates given by hand.
    let (latitude, longitude) = (found["latitude"].as_f64().unwrap(), found["longitude"].as_f64().unwrap());
    let by_hand =
        app.post("/api/calc/natal", &natal_at(json!({ "latitude": latitude, "longitude": longitude, "timezone": "Europe/Rome" }))).await;
    assert_eq!(by_name.body["data"]["points"], by_hand.body["data"]["points"]);
    assert_eq!(by_name.body["data"]["houses"], by_hand.body["data"]["houses"]);
    assert!(by_hand.body["meta"].get("locations").is_none(), "nothing was looked up");

    // A zone given with a name wins over the city's.
    let given = app.post("/api/calc/natal", &natal_at(json!({ "place": "Rome, IT", "timezone": "UTC" }))).await;
    assert_eq!(given.body["data"]["dateTime"], "1990-05-11T14:30:00+00:00");
    assert_eq!(given.body["meta"]["locations"]["/location"]["timezoneSource"], "request");

    // Every person of a synastry, and the places of returns and transits.
    let synastry = app
        .post(
            "/api/calc/synastry",
            &json!({ "dateTime1": "1990-05-11T14:30", "location1": { "place": "Rome" },
                     "dateTime2": "1992-08-20T06:15", "location2": { "place": "New York, US" } }),
        )
        .await;
    assert_eq!(synastry.status, 200, "{}", synastry.text);
    assert_eq!(synastry.body["meta"]["locations"]["/location2"]["timezone"], "America/New_York");
    let transit = app
        .post(
            "/api/calc/transit",
            &json!({ "birthDateTime": "1990-05-11T14:30", "birthLocation": { "place": "München" },
                     "startDate": "2025-01-01", "endDate": "2025-01-07" }),
        )
        .await;
    assert_eq!(transit.status, 200, "{}", transit.text);
    assert_eq!(transit.body["meta"]["locations"]["/birthLocation"]["place"]["name"], "Munich");
    let solar = app
        .post(
            "/api/calc/solar-return",
            &json!({ "birthDateTime": "1990-05-11T14:30", "birthLocation": { "place": "Rome, IT" },
                     "returnLocation": { "place": "Tokyo" }, "returnYear": 2026 }),
        )
        .await;
    assert_eq!(solar.status, 200, "{}", solar.text);
    assert_eq!(solar.body["meta"]["locations"]["/returnLocation"]["timezone"], "Asia/Tokyo");
}

#[tokio::test]
async fn coordinates_without_a_zone_take_the_zone_at_the_place() {
    let app = TestApp::spawn().await;
    // Kathmandu has been UTC+05:45 since 1986; El Paso keeps Mountain time,
    // Ciudad Juárez across the river its own zone.
    for (latitude, longitude, zone, offset) in [
        (27.7172, 85.3240, "Asia/Kathmandu", "+05:45"),
        (31.7619, -106.4850, "America/Denver", "-06:00"),
        (31.6904, -106.4245, "America/Ciudad_Juarez", "-06:00"),
        (30.0, -30.0, "Etc/GMT+2", "-02:00"),
    ] {
        let response = app.post("/api/calc/natal", &natal_at(json!({ "latitude": latitude, "longitude": longitude }))).await;
        assert_eq!(response.status, 200, "{zone}: {}", response.text);
        assert_eq!(response.body["meta"]["timezone"], zone);
        assert_eq!(response.body["meta"]["utcOffset"], offset, "{zone}");
        let found = &response.body["meta"]["locations"]["/location"];
        assert_eq!(found["timezoneSource"], "coordinates");
        assert!(found.get("place").is_none());
    }
}

#[tokio::test]
async fn unclear_places_are_refused_with_what_would_do() {
    let app = TestApp::spawn().await;
    let ambiguous = app.post("/api/calc/natal", &natal_at(json!({ "place": "Springfield" }))).await;
    assert_eq!(ambiguous.status, 422, "{}", ambiguous.text);
    let error = ambiguous.error();
    assert_eq!(error["code"], "ambiguous_place");
    assert_eq!(error["source"]["pointer"], "/location/place");
    let candidates = error["meta"]["candidates"].as_array().unwrap();
    assert!(candidates.len() >= 5, "{candidates:?}");
    assert!(candidates.iter().all(|c| c["name"] == "Springfield" && c["latitude"].is_number() && c["timezone"].is_string()));
    assert!(error["detail"].as_str().unwrap().contains("Springfield, Missouri, US"), "{}", error["detail"]);
    // Naming the state settles it.
    let settled = app.post("/api/calc/natal", &natal_at(json!({ "place": "Springfield, IL" }))).await;
    assert_eq!(settled.status, 200, "{}", settled.text);
    assert_eq!(settled.body["meta"]["locations"]["/location"]["place"]["admin1"], "Illinois");

    let cases = [
        (json!({ "place": "Xyzzyville" }), "/location/place", "no city"),
        (json!({ "place": "Rome, Narnia" }), "/location/place", "'Narnia' is not a country"),
        (json!({ "place": "Rome", "latitude": 41.9, "longitude": 12.5 }), "/location/place", "not both"),
        (json!({ "timezone": "Europe/Rome" }), "/location/latitude", "or give a place name"),
        (json!({ "latitude": 41.9 }), "/location/longitude", "'longitude' is required"),
    ];
    for (location, pointer, detail) in cases {
        let response = app.post("/api/calc/natal", &natal_at(location.clone())).await;
        assert_eq!(response.status, 422, "{location}: {}", response.text);
        let error = response.body["errors"].as_array().unwrap().iter().find(|e| e["source"]["pointer"] == pointer).cloned();
        let error = error.unwrap_or_else(|| panic!("{location}: no error at {pointer}: {}", response.text));
        assert!(error["detail"].as_str().unwrap().contains(detail), "{location}: {}", error["detail"]);
    }
    // The old shape keeps working.
    assert_eq!(app.post("/api/calc/natal", &with(rome_1990(), json!({}))).await.status, 200);
}
