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
        (json!({ "near": { "latitude": 0 } }), "/near/radiusKm"),
    ] {
        let response = app.post("/api/calc/astrocartography", &with(rome(), extra.clone())).await;
        assert_eq!(response.status, 422, "{extra}: {}", response.text);
        assert!(response.pointers().contains(&pointer.to_owned()), "{extra}: {}", response.text);
    }
}

fn haversine_km(a: (f64, f64), b: (f64, f64)) -> f64 {
    let (la, lb) = (a.1.to_radians(), b.1.to_radians());
    let h = ((lb - la) / 2.0).sin().powi(2) + la.cos() * lb.cos() * ((b.0 - a.0).to_radians() / 2.0).sin().powi(2);
    2.0 * 6371.0 * h.sqrt().asin()
}

/// The shortest distance from a place to a line found by brute force: the
/// line's own points every 0.002° of latitude from its formula (not the
/// answer's polyline), its ends included.
fn brute_force_km(from: (f64, f64), angle: &str, ra: f64, dec: f64, sidereal: f64) -> f64 {
    let mc = ra - sidereal;
    let limit = if angle == "mc" || angle == "ic" { 90.0 } else { 90.0 - dec.abs() };
    let steps = (2.0 * limit / 0.002).round() as i64;
    (0..=steps)
        .map(|i| {
            let latitude = -limit + 2.0 * limit * i as f64 / steps as f64;
            let longitude = match angle {
                "mc" => mc,
                "ic" => mc + 180.0,
                _ => {
                    let cos_h0 = (-latitude.to_radians().tan() * dec.to_radians().tan()).clamp(-1.0, 1.0);
                    let h0 = cos_h0.acos().to_degrees();
                    if angle == "asc" { mc - h0 } else { mc + h0 }
                }
            };
            haversine_km(from, (longitude, latitude))
        })
        .fold(f64::INFINITY, f64::min)
}

#[tokio::test]
async fn near_a_place_keeps_the_lines_within_reach_with_their_true_distance() {
    let app = TestApp::spawn().await;
    let paris = (2.3522, 48.8566);
    let body = with(rome(), json!({ "near": { "latitude": paris.1, "longitude": paris.0, "radiusKm": 1500 } }));
    let response = app.post("/api/calc/astrocartography", &body).await;
    assert_eq!(response.status, 200, "{}", response.text);
    let (data, meta) = (&response.body["data"], &response.body["meta"]);
    assert_eq!(meta["near"]["radiusKm"], 1500.0);
    let features = data["lines"]["features"].as_array().unwrap();
    let sidereal = data["siderealTime"].as_f64().unwrap();
    let all = app.post("/api/calc/astrocartography", &rome()).await;
    let mut within = 0;
    for feature in all.body["data"]["lines"]["features"].as_array().unwrap() {
        let (point, angle) = (feature["properties"]["point"].as_str().unwrap(), feature["properties"]["angle"].as_str().unwrap());
        let body = data["points"].as_array().unwrap().iter().find(|p| p["point"] == point).unwrap();
        let (ra, dec) = (body["rightAscension"].as_f64().unwrap(), body["declination"].as_f64().unwrap());
        let brute = brute_force_km(paris, angle, ra, dec, sidereal);
        let kept = features.iter().find(|f| f["properties"]["point"] == point && f["properties"]["angle"] == angle);
        match kept {
            Some(kept) => {
                within += 1;
                let distance = kept["properties"]["distanceKm"].as_f64().unwrap();
                // Brute force on a 0.002° grid is at most ~0.2 km long.
                assert!(distance <= brute + 1e-6 && brute - distance < 0.25, "{point} {angle}: {distance} vs {brute}");
                let nearest = &kept["properties"]["nearestPoint"];
                let nearest = (nearest[0].as_f64().unwrap(), nearest[1].as_f64().unwrap());
                assert!((haversine_km(paris, nearest) - distance).abs() < 1e-6);
                let (h, altitude) = hour_angle_and_altitude(ra, dec, sidereal, nearest.0, nearest.1);
                match angle {
                    "mc" => assert!(h.abs() < 1e-6 || nearest.1.abs() > 89.999999, "{point}: H {h}"),
                    "ic" => assert!((h.abs() - 180.0).abs() < 1e-6 || nearest.1.abs() > 89.999999, "{point}: H {h}"),
                    _ => assert!(altitude.abs() < 1e-6, "{point} {angle}: altitude {altitude}"),
                }
            }
            None => assert!(brute > 1500.0 - 0.25, "{point} {angle} is {brute} km away, left out"),
        }
    }
    assert_eq!(within, features.len());
    assert!(within > 0 && within < 40, "{within}");
    let distances: Vec<f64> = features.iter().map(|f| f["properties"]["distanceKm"].as_f64().unwrap()).collect();
    assert!(distances.windows(2).all(|w| w[0] <= w[1]), "nearest first: {distances:?}");
}

#[tokio::test]
async fn cities_along_each_line_are_the_most_populous_within_reach() {
    let app = TestApp::spawn().await;
    let body = with(
        rome(),
        json!({ "points": ["venus", "jupiter"], "near": { "place": "Lisbon, PT", "radiusKm": 20000 }, "cities": { "withinKm": 150, "limit": 4 } }),
    );
    let response = app.post("/api/calc/astrocartography", &body).await;
    assert_eq!(response.status, 200, "{}", response.text);
    assert_eq!(response.body["meta"]["near"]["place"]["name"], "Lisbon");
    let features = response.body["data"]["lines"]["features"].as_array().unwrap();
    assert_eq!(features.len(), 8, "every line is within 20,000 km");
    let mut full = 0;
    for feature in features {
        let cities = feature["properties"]["cities"].as_array().unwrap();
        assert!(cities.len() <= 4, "{feature}");
        full += usize::from(cities.len() == 4);
        let populations: Vec<u64> = cities.iter().map(|c| c["population"].as_u64().unwrap()).collect();
        assert!(populations.windows(2).all(|w| w[0] >= w[1]), "{populations:?}");
        for city in cities {
            assert!(city["distanceKm"].as_f64().unwrap() <= 150.0, "{city}");
            assert!(city["name"].is_string() && city["countryCode"].is_string());
        }
    }
    assert!(full >= 4, "most lines cross land with four cities near them: {full}");

    // With a smaller radius the cities are the ones around the place too.
    let lisbon = (-9.1498, 38.7251);
    let around = with(body, json!({ "near": { "latitude": lisbon.1, "longitude": lisbon.0, "radiusKm": 800 } }));
    let response = app.post("/api/calc/astrocartography", &around).await;
    assert_eq!(response.status, 200, "{}", response.text);
    for feature in response.body["data"]["lines"]["features"].as_array().unwrap() {
        for city in feature["properties"]["cities"].as_array().unwrap() {
            let at = (city["longitude"].as_f64().unwrap(), city["latitude"].as_f64().unwrap());
            assert!(haversine_km(at, lisbon) <= 800.0, "{city}");
        }
    }
}

#[tokio::test]
async fn a_bad_near_or_cities_field_is_refused_at_its_pointer() {
    let app = TestApp::spawn().await;
    for (extra, pointer) in [
        (json!({ "near": { "latitude": 0, "longitude": 0, "radiusKm": 0 } }), "/near/radiusKm"),
        (json!({ "near": { "latitude": 0, "longitude": 0, "radiusKm": -3 } }), "/near/radiusKm"),
        (json!({ "near": { "latitude": 0, "longitude": 0, "radiusKm": 20000.5 } }), "/near/radiusKm"),
        (json!({ "near": { "latitude": 91, "longitude": 0, "radiusKm": 10 } }), "/near/latitude"),
        (json!({ "near": { "place": "Nowhereville", "radiusKm": 10 } }), "/near/place"),
        (json!({ "near": { "radiusKm": 10 } }), "/near/latitude"),
        (json!({ "cities": { "withinKm": 0 } }), "/cities/withinKm"),
        (json!({ "cities": { "withinKm": 1000.5 } }), "/cities/withinKm"),
        (json!({ "cities": { "limit": 0 } }), "/cities/limit"),
        (json!({ "cities": { "limit": 51 } }), "/cities/limit"),
        (json!({ "cities": { "radius": 5 } }), "/cities/radius"),
        // An array is not an object, even one whose items would fill the fields in order.
        (json!({ "cities": [null, null] }), "/cities"),
        (json!({ "near": ["Lisbon, PT", null, null, 100] }), "/near"),
    ] {
        let response = app.post("/api/calc/astrocartography", &with(rome(), extra.clone())).await;
        assert_eq!(response.status, 422, "{extra}: {}", response.text);
        assert!(response.pointers().contains(&pointer.to_owned()), "{extra}: {}", response.text);
    }
}

#[tokio::test]
async fn local_space_lines_leave_the_birth_place_towards_each_body() {
    let app = TestApp::spawn().await;
    let response =
        app.post("/api/calc/astrocartography", &with(rome(), json!({ "localSpace": true, "points": ["sun", "moon", "mars"] }))).await;
    assert_eq!(response.status, 200, "{}", response.text);
    let data = &response.body["data"];
    assert!(response.body["meta"]["localSpace"].as_str().unwrap().contains("great circle"));
    let sidereal = data["siderealTime"].as_f64().unwrap();
    let (birth_lon, birth_lat) = (12.4964f64, 41.9028f64);
    let features = data["localSpace"]["features"].as_array().unwrap();
    assert_eq!(features.len(), 3);
    for (feature, body) in features.iter().zip(data["points"].as_array().unwrap()) {
        let properties = &feature["properties"];
        assert_eq!(properties["point"], body["point"]);
        let (ra, dec) = (body["rightAscension"].as_f64().unwrap(), body["declination"].as_f64().unwrap());
        let (h, altitude) = hour_angle_and_altitude(ra, dec, sidereal, birth_lon, birth_lat);
        assert!((properties["altitude"].as_f64().unwrap() - altitude).abs() < 1e-9);
        // East of the meridian (rising side) the azimuth is under 180°.
        let azimuth = properties["azimuth"].as_f64().unwrap();
        assert!((0.0..360.0).contains(&azimuth) && (h < 0.0) == (azimuth < 180.0), "{} H {h} azimuth {azimuth}", body["point"]);
        // The circle starts at the birth place and, 90° along, is a quarter of the Earth away.
        let coordinates: Vec<(f64, f64)> = feature["geometry"]["coordinates"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|segment| segment.as_array().unwrap().iter().map(|p| (p[0].as_f64().unwrap(), p[1].as_f64().unwrap())))
            .collect();
        assert!(haversine_km(coordinates[0], (birth_lon, birth_lat)) < 1e-6);
        let quarter = 6371.0 * std::f64::consts::FRAC_PI_2;
        assert!(coordinates.iter().any(|p| (haversine_km(*p, (birth_lon, birth_lat)) - quarter).abs() < 1.0));
    }
    // Without the option, no local space.
    let plain = app.post("/api/calc/astrocartography", &rome()).await;
    assert!(plain.body["data"].get("localSpace").is_none());
}
