//! Declinations, out-of-bounds flags, parallels and midpoints against
//! `reference/declinations.py` → `declinations_reference.json`: the
//! declinations there come straight from the Swiss Ephemeris in equatorial
//! coordinates (`FLG_EQUATORIAL`, the topocentric Moon with `FLG_TOPOCTR`),
//! where the service turns the chart's ecliptic positions with the true
//! obliquity; the parallels and midpoints are the script's own search.
//! Within 1″ (issue 32).

use std::collections::BTreeSet;

use serde_json::Value;
use shared::astro::Ephemeris;
use shared::astro::chart::declination::{ParallelKind, chart_declinations};
use shared::astro::chart::midpoint::{MidpointContactKind, chart_midpoints};
use shared::astro::chart::{ChartInput, MoonCenter, NatalChart};
use shared::astro::house::HouseSystem;
use shared::astro::point::{ChartPoint, PointId};
use shared::astro::time::JulianDay;

const ARCSECOND: f64 = 1.0 / 3600.0;

fn reference() -> Value {
    serde_json::from_str(include_str!("reference/declinations_reference.json")).unwrap()
}

fn chart_of(ephemeris: &Ephemeris, case: &Value) -> (ChartInput, NatalChart) {
    let number = |key: &str| case[key].as_f64().unwrap();
    let input = ChartInput {
        frame: Default::default(),
        instant: JulianDay(number("jd_ut")),
        latitude: number("latitude"),
        longitude: number("longitude"),
        house_system: HouseSystem::Placidus,
        moon_center: MoonCenter::Topocentric,
        points: PointId::defaults(false),
        orbs: Default::default(),
    };
    let chart = NatalChart::compute(ephemeris, &input).unwrap();
    (input, chart)
}

fn pair_key(a: ChartPoint, b: ChartPoint) -> (String, String) {
    let (a, b) = (a.id().to_owned(), b.id().to_owned());
    if a <= b { (a, b) } else { (b, a) }
}

fn text_pair(value: &Value) -> (String, String) {
    let (a, b) = (value["a"].as_str().unwrap().to_owned(), value["b"].as_str().unwrap().to_owned());
    if a <= b { (a, b) } else { (b, a) }
}

#[test]
fn declinations_and_parallels_match_the_library_in_equatorial_coordinates_within_an_arcsecond() {
    let ephemeris = Ephemeris::with_embedded_files().unwrap();
    let reference = reference();
    let (mut worst, mut parallels_checked, mut out_of_bounds_seen) = (0.0f64, 0, 0);
    for case in reference["cases"].as_array().unwrap() {
        let what = case["case"].as_str().unwrap();
        let (input, chart) = chart_of(&ephemeris, case);
        let found = chart_declinations(&ephemeris, &input, &chart, 1.0).unwrap();
        assert!((found.obliquity - case["obliquity"].as_f64().unwrap()).abs() < 1e-9, "{what}: obliquity");
        let expected = case["declination"].as_object().unwrap();
        assert_eq!(found.points.len(), expected.len(), "{what}: points");
        for point in &found.points {
            let want = expected[point.point.id()].as_f64().unwrap();
            let difference = (point.declination - want).abs();
            assert!(difference < ARCSECOND, "{what}: {} declination {} against {want}", point.point.id(), point.declination);
            worst = worst.max(difference);
        }
        let out: BTreeSet<&str> = found.points.iter().filter(|p| p.out_of_bounds).map(|p| p.point.id()).collect();
        let want_out: BTreeSet<&str> = case["out_of_bounds"].as_array().unwrap().iter().map(|v| v.as_str().unwrap()).collect();
        assert_eq!(out, want_out, "{what}: out of bounds");
        out_of_bounds_seen += out.len();

        let got: BTreeSet<((String, String), &str)> = found
            .parallels
            .iter()
            .map(|p| (pair_key(p.point_a, p.point_b), if p.kind == ParallelKind::Parallel { "parallel" } else { "contraparallel" }))
            .collect();
        let want: BTreeSet<((String, String), &str)> =
            case["parallels"].as_array().unwrap().iter().map(|p| (text_pair(p), p["type"].as_str().unwrap())).collect();
        assert_eq!(got, want, "{what}: parallels");
        for p in case["parallels"].as_array().unwrap() {
            let mine = found.parallels.iter().find(|q| pair_key(q.point_a, q.point_b) == text_pair(p)).unwrap();
            assert!((mine.orb - p["orb"].as_f64().unwrap()).abs() < 2.0 * ARCSECOND, "{what}: {p}");
            parallels_checked += 1;
        }
    }
    assert!(parallels_checked > 40 && out_of_bounds_seen >= 6, "{parallels_checked} parallels, {out_of_bounds_seen} out of bounds");
    eprintln!("declinations: worst {:.3}″, {parallels_checked} parallels", worst * 3600.0);
}

#[test]
fn midpoints_and_the_points_on_them_match_the_script() {
    let ephemeris = Ephemeris::with_embedded_files().unwrap();
    let reference = reference();
    let (mut worst, mut contacts_checked) = (0.0f64, 0);
    for case in reference["cases"].as_array().unwrap() {
        let what = case["case"].as_str().unwrap();
        let (_, chart) = chart_of(&ephemeris, case);
        let found = chart_midpoints(&chart, 1.5).pairs;
        let expected = case["midpoints"].as_array().unwrap();
        assert_eq!(found.len(), expected.len(), "{what}: 66 pairs");
        for want in expected {
            let mine = found.iter().find(|m| pair_key(m.point_a, m.point_b) == text_pair(want)).unwrap_or_else(|| panic!("{what}: {want}"));
            let apart = ((mine.longitude - want["longitude"].as_f64().unwrap() + 540.0).rem_euclid(360.0) - 180.0).abs();
            assert!(apart < ARCSECOND, "{what}: {want}: {}", mine.longitude);
            worst = worst.max(apart);
            let got: BTreeSet<(&str, &str)> = mine
                .contacts
                .iter()
                .map(|c| (c.point.id(), if c.kind == MidpointContactKind::Conjunction { "conjunction" } else { "opposition" }))
                .collect();
            let wanted: BTreeSet<(&str, &str)> = want["contacts"]
                .as_array()
                .unwrap()
                .iter()
                .map(|c| (c["point"].as_str().unwrap(), c["aspect"].as_str().unwrap()))
                .collect();
            assert_eq!(got, wanted, "{what}: {} / {}", want["a"], want["b"]);
            contacts_checked += wanted.len();
        }
    }
    assert!(contacts_checked > 50, "{contacts_checked} contacts");
    eprintln!("midpoints: worst {:.4}″, {contacts_checked} contacts", worst * 3600.0);
}
