//! Chiron through an extra ephemeris directory (`EPHEMERIS_EXTRA_DIR`), against
//! pyswisseph with the same asteroid file (`reference/chiron.py`).
//! `make test` fetches seas_18.se1 (infra/asteroid-file.sh) and sets
//! `ASTEROID_EPHE_DIR`; without it this test is skipped locally and fails in CI.

use shared::astro::Ephemeris;
use shared::astro::ephemeris::{Body, EphemerisError, EphemerisSource, Observer};
use shared::astro::time::JulianDay;

fn asteroid_dir() -> Option<std::path::PathBuf> {
    match std::env::var("ASTEROID_EPHE_DIR") {
        Ok(dir) if !dir.is_empty() => Some(dir.into()),
        _ if std::env::var("CI").is_ok_and(|v| v == "true") || std::env::var("REQUIRE_MOTO").is_ok_and(|v| v == "1") => {
            panic!("ASTEROID_EPHE_DIR is not set: run the tests with `make test`")
        }
        _ => {
            eprintln!("ASTEROID_EPHE_DIR not set: Chiron reference test skipped (run `make test`)");
            None
        }
    }
}

#[test]
fn chiron_matches_the_library_with_the_asteroid_file() {
    let Some(dir) = asteroid_dir() else { return };
    let ephemeris = Ephemeris::new(Some(&dir)).unwrap();
    assert!(ephemeris.chiron_available());
    let reference: serde_json::Value = serde_json::from_str(include_str!("reference/chiron_reference.json")).unwrap();
    let mut worst: f64 = 0.0;
    for case in reference["cases"].as_array().unwrap() {
        let jd = JulianDay(case["jd_ut"].as_f64().unwrap());
        let chiron = ephemeris.position(jd, Body::Chiron, Observer::Geocentric).unwrap();
        assert_eq!(chiron.source, EphemerisSource::SwissFiles);
        let d_lon = ((chiron.longitude - case["longitude"].as_f64().unwrap() + 540.0).rem_euclid(360.0) - 180.0).abs() * 3600.0;
        let d_lat = (chiron.latitude - case["latitude"].as_f64().unwrap()).abs() * 3600.0;
        worst = worst.max(d_lon).max(d_lat);
        // Same library, same file: 0.001" is the wiring bound.
        assert!(d_lon < 0.001 && d_lat < 0.001, "jd {}: {d_lon}\" / {d_lat}\"", jd.0);
        assert!((chiron.speed_longitude - case["speed_longitude"].as_f64().unwrap()).abs() < 1e-6);
    }
    eprintln!("chiron vs pyswisseph: max {worst:.2e}\"");
    // Outside the asteroid file's range there is no Moshier fallback for Chiron.
    assert_eq!(ephemeris.position(JulianDay(2_300_000.5), Body::Chiron, Observer::Geocentric), Err(EphemerisError::ChironOutOfRange));
}
