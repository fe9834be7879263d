//! The ascendant beyond the polar circles.
//!
//! Inside the polar circles the textbook formula for the ascendant can give
//! the western point where the horizon cuts the ecliptic (the descendant).
//! These tests hold the service's ascendant to its definition, the ecliptic
//! point on the *eastern* horizon, in two independent ways:
//! 1. the Swiss Ephemeris' own ecliptic-to-horizon transform (`swe_azalt`,
//!    which shares no code with the house routines) puts it at altitude 0
//!    with an azimuth between north and south through east, for 416 instants
//!    at 60°–89° north and south and every house system;
//! 2. `reference/polar_angles_reference.json`, written by
//!    `reference/polar_angles.py` from Skyfield alone (the horizon crossing
//!    found by root-finding on Skyfield's frames, no formula), for 240 more.
#![allow(unsafe_code)]

use std::sync::OnceLock;

use serde_json::Value;
use shared::astro::ephemeris::{Ephemeris, astronomical_angles};
use shared::astro::house::HouseSystem;
use shared::astro::time::JulianDay;

fn ephemeris() -> &'static Ephemeris {
    static EPHEMERIS: OnceLock<Ephemeris> = OnceLock::new();
    EPHEMERIS.get_or_init(|| Ephemeris::with_embedded_files().expect("the embedded Swiss Ephemeris files can be written"))
}

/// Azimuth (degrees from south through west, the library's convention) and
/// true altitude of a point of the true ecliptic of date.
fn ecliptic_to_horizon(jd: JulianDay, latitude: f64, longitude: f64, ecliptic_longitude: f64) -> (f64, f64) {
    // Every call in this test binary runs after `ephemeris()` set the
    // library's path on this thread; azalt needs no files for ECL2HOR.
    let _ = ephemeris();
    let mut geographic = [longitude, latitude, 0.0];
    let mut ecliptic = [ecliptic_longitude, 0.0, 1.0];
    let mut horizontal = [0.0f64; 3];
    // SAFETY: three doubles in and out, as swe_azalt documents; pressure 0
    // turns refraction off (index 1 is the true altitude either way).
    unsafe {
        swiss_eph::swe_azalt(
            jd.0,
            swiss_eph::SE_ECL2HOR,
            geographic.as_mut_ptr(),
            0.0,
            10.0,
            ecliptic.as_mut_ptr(),
            horizontal.as_mut_ptr(),
        )
    };
    (horizontal[0], horizontal[1])
}

fn degrees_apart(a: f64, b: f64) -> f64 {
    (a - b + 540.0).rem_euclid(360.0) - 180.0
}

/// 13 latitudes north and south × 16 instants, 1900–2100.
fn polar_instants() -> Vec<(JulianDay, f64, f64)> {
    const LATITUDES: [f64; 13] = [60.0, 63.0, 66.0, 66.5, 67.0, 69.65, 72.0, 75.0, 78.2, 81.0, 84.0, 87.0, 89.0];
    let mut instants = Vec::new();
    for (row, latitude) in LATITUDES.iter().enumerate() {
        for hemisphere in [1.0, -1.0] {
            for step in 0..16 {
                let index = (row * 32 + step * 2) as f64 + if hemisphere > 0.0 { 0.0 } else { 1.0 };
                // Irrational steps spread the sidereal angle over the circle.
                let jd = 2_415_020.5 + (index * 173.618_033_988_7).rem_euclid(73_000.0);
                let longitude = (index * 137.507_764).rem_euclid(360.0) - 180.0;
                instants.push((JulianDay(jd), latitude * hemisphere, longitude));
            }
        }
    }
    instants
}

#[test]
fn the_ascendant_rises_on_the_eastern_horizon_at_every_latitude() {
    let ephemeris = ephemeris();
    let instants = polar_instants();
    assert_eq!(instants.len(), 416);
    let mut checked = 0;
    for &(jd, latitude, longitude) in &instants {
        for system in HouseSystem::ALL {
            let houses = ephemeris.houses(jd, latitude, longitude, system).unwrap();
            let label = format!("jd {} latitude {latitude} longitude {longitude:.3} {}", jd.0, system.id());
            let (azimuth, altitude) = ecliptic_to_horizon(jd, latitude, longitude, houses.ascendant);
            assert!(altitude.abs() < 1e-6, "{label}: the ascendant is {altitude}° off the horizon");
            // From south through west: the eastern half is 180°..360°.
            assert!(azimuth > 180.0 && azimuth < 360.0, "{label}: the ascendant is at azimuth {azimuth}° (south-based), not in the east");
            // The midheaven is on the meridian (azimuth 0° or 180°).
            let (azimuth, _) = ecliptic_to_horizon(jd, latitude, longitude, houses.midheaven);
            assert!(azimuth.to_radians().sin().abs() < 1e-6, "{label}: the midheaven is at azimuth {azimuth}°");
            // The first cusp of every quadrant system is the ascendant, and
            // the houses of points are read from these cusps.
            if !matches!(system, HouseSystem::WholeSign | HouseSystem::Morinus | HouseSystem::Meridian) {
                assert!(
                    degrees_apart(houses.cusps[0], houses.ascendant).abs() < 1e-9,
                    "{label}: cusp 1 {} is not the ascendant",
                    houses.cusps[0]
                );
            }
            checked += 1;
        }
    }
    assert_eq!(checked, 416 * HouseSystem::ALL.len());
}

#[test]
fn the_pure_formula_agrees_with_the_library_at_every_latitude() {
    // `astronomical_angles` also serves progressed charts (houses from a
    // sidereal angle); Porphyry's first cusp is the library's own ascendant.
    let ephemeris = ephemeris();
    for (jd, latitude, longitude) in polar_instants() {
        let houses = ephemeris.houses(jd, latitude, longitude, HouseSystem::Porphyry).unwrap();
        let obliquity = ephemeris.true_obliquity(jd).unwrap();
        let (ascendant, midheaven) = astronomical_angles(houses.armc, latitude, obliquity);
        assert!(
            degrees_apart(ascendant, houses.cusps[0]).abs() < 1e-9,
            "jd {} latitude {latitude}: {ascendant} vs {}",
            jd.0,
            houses.cusps[0]
        );
        assert!(degrees_apart(midheaven, houses.midheaven).abs() < 1e-9);
        let from_armc = ephemeris.houses_from_armc(houses.armc, latitude, obliquity, HouseSystem::Porphyry).unwrap();
        assert!(degrees_apart(from_armc.ascendant, houses.ascendant).abs() < 1e-9);
    }
}

/// 0.05″: the sources differ in ΔT and nutation by milliarcseconds (the
/// reference README measures 0.0025″ before 2050); a descendant would be
/// 648,000″ away.
const SKYFIELD_ARCSEC: f64 = 0.05;

#[test]
fn the_ascendant_and_midheaven_match_skyfield_beyond_the_polar_circles() {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/reference/polar_angles_reference.json")).unwrap();
    let reference: Value = serde_json::from_str(&text).unwrap();
    let cases = reference["cases"].as_array().unwrap();
    assert_eq!(cases.len(), 240);
    let ephemeris = ephemeris();
    let (mut worst_ascendant, mut worst_midheaven) = (0.0f64, 0.0f64);
    for case in cases {
        let number = |key: &str| case[key].as_f64().unwrap_or_else(|| panic!("{key} in {case}"));
        let (jd, latitude, longitude) = (JulianDay(number("jd_ut")), number("latitude"), number("longitude"));
        for system in HouseSystem::ALL {
            let houses = ephemeris.houses(jd, latitude, longitude, system).unwrap();
            let ascendant = degrees_apart(houses.ascendant, number("ascendant")).abs() * 3600.0;
            let midheaven = degrees_apart(houses.midheaven, number("midheaven")).abs() * 3600.0;
            assert!(ascendant < SKYFIELD_ARCSEC, "{case} {}: ascendant {} is {ascendant}″ off", system.id(), houses.ascendant);
            assert!(midheaven < SKYFIELD_ARCSEC, "{case} {}: midheaven {} is {midheaven}″ off", system.id(), houses.midheaven);
            worst_ascendant = worst_ascendant.max(ascendant);
            worst_midheaven = worst_midheaven.max(midheaven);
        }
    }
    println!("polar angles vs skyfield: worst ascendant {worst_ascendant:.4}″, worst midheaven {worst_midheaven:.4}″");
}
