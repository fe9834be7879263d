//! Places by name and time zones by coordinates against independent data:
//! 30 well-known cities' coordinates from Natural Earth
//! (`reference/places_reference.py`), 30 points' zones from timezonefinder
//! (`reference/timezones_reference.py`), borders and oceans included.

use serde_json::Value;
use shared::astro::time::TimeZoneSpec;
use shared::places::{self, timezone};

/// Great-circle distance in km (mean Earth radius).
fn distance_km(a: (f64, f64), b: (f64, f64)) -> f64 {
    let (la1, lo1, la2, lo2) = (a.0.to_radians(), a.1.to_radians(), b.0.to_radians(), b.1.to_radians());
    let h = ((la2 - la1) / 2.0).sin().powi(2) + la1.cos() * la2.cos() * ((lo2 - lo1) / 2.0).sin().powi(2);
    2.0 * 6371.0088 * h.sqrt().asin()
}

#[test]
fn thirty_well_known_cities_resolve_within_ten_km() {
    let reference: Value = serde_json::from_str(include_str!("reference/places_reference.json")).unwrap();
    let cities = reference["cities"].as_array().unwrap();
    assert_eq!(cities.len(), 30);
    let mut worst: f64 = 0.0;
    for city in cities {
        let query = city["query"].as_str().unwrap();
        let found = places::resolve(query).unwrap_or_else(|e| panic!("{query}: {e:?}"));
        assert_eq!(found.country_code, city["country_code"].as_str().unwrap(), "{query}");
        let km = distance_km((found.latitude, found.longitude), (city["latitude"].as_f64().unwrap(), city["longitude"].as_f64().unwrap()));
        assert!(km < 10.0, "{query}: {km:.1} km from {}", city["source"]);
        // The query without its country names the same city (each of
        // these stands out among the cities of its name).
        let bare = query.split(',').next().unwrap();
        if let Ok(alone) = places::resolve(bare) {
            assert_eq!(alone.geoname_id, found.geoname_id, "{bare}");
        }
        worst = worst.max(km);
    }
    eprintln!("30 cities: worst {worst:.2} km");
}

#[test]
fn the_zone_at_thirty_points_including_borders_and_oceans() {
    let reference: Value = serde_json::from_str(include_str!("reference/timezones_reference.json")).unwrap();
    let points = reference["points"].as_array().unwrap();
    assert_eq!(points.len(), 30);
    let mut at_sea = 0;
    for point in points {
        let (latitude, longitude) = (point["latitude"].as_f64().unwrap(), point["longitude"].as_f64().unwrap());
        let zone = timezone::zone_at(latitude, longitude).unwrap_or_else(|| panic!("{}: no zone", point["label"]));
        assert_eq!(zone, point["zone"].as_str().unwrap(), "{}", point["label"]);
        at_sea += usize::from(zone.starts_with("Etc/GMT"));
    }
    assert!(at_sea >= 6, "{at_sea} ocean points");
    assert_eq!(timezone::zone_at(91.0, 0.0), None);
}

#[test]
fn every_zone_the_boundaries_answer_is_in_the_tz_database() {
    let names = timezone::zone_names();
    assert!(names.len() > 400, "{}", names.len());
    for name in names {
        assert!(
            TimeZoneSpec::parse(name).is_ok(),
            "{name} (boundary data {}) is not in the embedded tz database",
            timezone::data_version()
        );
    }
}

#[test]
fn every_city_zone_is_in_the_tz_database() {
    let mut missing = std::collections::BTreeSet::new();
    for query in
        ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m", "n", "o", "p", "q", "r", "s", "t", "u", "v", "w", "x", "y", "z"]
    {
        for city in places::search(query, usize::MAX).unwrap() {
            if TimeZoneSpec::parse(city.timezone).is_err() {
                missing.insert(city.timezone);
            }
        }
    }
    assert!(missing.is_empty(), "{missing:?}");
    assert!(places::city_count() > 34_000);
}
