//! Solar arc directions, profections and firdaria against
//! `reference/predictive.py` → `predictive_reference.json`: the arcs and
//! directed longitudes from pyswisseph (the arc is the progressed Sun's, so
//! these check the wiring of the year, the Sun and the sum, within 1″); the
//! aspects, profections and firdaria from the script's own implementation
//! of the rules docs/api.md states, sharing no code with the service.

use chrono::NaiveDate;
use serde_json::Value;
use shared::astro::Ephemeris;
use shared::astro::chart::solar_arc::{ArcMethod, default_direction_orbs, solar_arc_directions};
use shared::astro::chart::{ChartInput, MoonCenter};
use shared::astro::house::HouseSystem;
use shared::astro::point::{AngleId, ChartPoint, PointId};
use shared::astro::time::JulianDay;
use shared::astro::time_lords::firdaria::{firdaria, sect_at};
use shared::astro::time_lords::profection::{ascendant_sign, profect};

const ARCSECOND: f64 = 1.0 / 3600.0;

fn reference() -> Value {
    serde_json::from_str(include_str!("reference/predictive_reference.json")).unwrap()
}

fn ephemeris() -> Ephemeris {
    Ephemeris::with_embedded_files().unwrap()
}

fn apart(a: f64, b: f64) -> f64 {
    ((a - b + 540.0).rem_euclid(360.0) - 180.0).abs()
}

fn number(value: &Value, key: &str) -> f64 {
    value[key].as_f64().unwrap_or_else(|| panic!("{key} in {value}"))
}

fn chart_point(id: &str) -> ChartPoint {
    match id {
        "ascendant" => ChartPoint::Angle(AngleId::Ascendant),
        "midheaven" => ChartPoint::Angle(AngleId::Midheaven),
        other => ChartPoint::Point(PointId::parse(other).unwrap_or_else(|| panic!("unknown point {other}"))),
    }
}

fn day(text: &Value) -> NaiveDate {
    NaiveDate::parse_from_str(text.as_str().unwrap(), "%Y-%m-%d").unwrap()
}

#[test]
fn directed_longitudes_and_arcs_match_pyswisseph_within_an_arcsecond_and_the_aspects_the_script() {
    let ephemeris = ephemeris();
    let reference = reference();
    let cases = reference["solar_arc"].as_array().unwrap();
    assert!(cases.len() >= 16, "{} cases", cases.len());
    let (mut worst, mut aspects_checked) = (0.0f64, 0);
    for case in cases {
        let what = case["case"].as_str().unwrap();
        let natal_names: Vec<&str> = case["natal"].as_object().unwrap().keys().map(String::as_str).collect();
        let points: Vec<PointId> = natal_names.iter().filter_map(|id| PointId::parse(id)).collect();
        let input = ChartInput {
            frame: Default::default(),
            instant: JulianDay(number(case, "birth_jd_ut")),
            latitude: number(case, "latitude"),
            longitude: number(case, "longitude"),
            house_system: HouseSystem::Placidus,
            moon_center: MoonCenter::Geocentric,
            points,
            orbs: Default::default(),
        };
        let target = JulianDay(number(case, "target_jd_ut"));
        for method in ArcMethod::ALL {
            let id = method.id();
            let directions = solar_arc_directions(&ephemeris, &input, target, method, &default_direction_orbs()).unwrap();
            assert!((directions.years - number(case, "years")).abs() < 1e-9, "{what} years");
            let arc_error = (directions.arc - number(&case["arcs"], id)).abs();
            assert!(arc_error < ARCSECOND, "{what} {id} arc off by {}″", arc_error * 3600.0);
            worst = worst.max(arc_error);
            for (name, expected) in case["directed"][id].as_object().unwrap() {
                let got = match chart_point(name) {
                    ChartPoint::Point(point) => directions.directed_points.iter().find(|(p, _)| *p == point).map(|(_, l)| *l),
                    ChartPoint::Angle(angle) => directions.directed_angles.iter().find(|(a, _)| *a == angle).map(|(_, l)| *l),
                }
                .unwrap_or_else(|| panic!("{what} {id}: {name} not directed"));
                let error = apart(got, expected.as_f64().unwrap());
                assert!(error < ARCSECOND, "{what} {id} {name} off by {}″", error * 3600.0);
                worst = worst.max(error);
            }
            // The same contacts, each with its orb and whether it applies
            // (pairs within a hair of the 1° edge may fall either side).
            let mut ours: Vec<(String, String, String, bool)> = directions
                .aspects
                .iter()
                .filter(|a| a.orb < 1.0 - 1e-6)
                .map(|a| (a.point_a.id().to_owned(), a.point_b.id().to_owned(), a.kind.id().to_owned(), a.applying))
                .collect();
            let mut theirs: Vec<(String, String, String, bool)> = case["aspects"][id]
                .as_array()
                .unwrap()
                .iter()
                .filter(|a| number(a, "orb") < 1.0 - 1e-6)
                .map(|a| {
                    let text = |k: &str| a[k].as_str().unwrap().to_owned();
                    (text("directed"), text("natal"), text("aspect"), a["applying"].as_bool().unwrap())
                })
                .collect();
            ours.sort();
            theirs.sort();
            assert_eq!(ours, theirs, "{what} {id}");
            aspects_checked += theirs.len();
        }
    }
    assert!(aspects_checked > 20, "only {aspects_checked} aspects in the reference");
    println!("solar arc: worst {:.4}″ over {} cases, {aspects_checked} aspects", worst * 3600.0, cases.len());
}

#[test]
fn profections_follow_the_rules_the_script_implements() {
    let ephemeris = ephemeris();
    let reference = reference();
    let cases = reference["profections"].as_array().unwrap();
    assert!(cases.len() >= 24, "{} cases", cases.len());
    for case in cases {
        let what = format!("{} on {}", case["case"], case["date"]);
        let solar = &reference["solar_arc"].as_array().unwrap().iter().find(|c| c["case"] == case["case"]).unwrap();
        let sign =
            ascendant_sign(&ephemeris, JulianDay(number(solar, "birth_jd_ut")), number(solar, "latitude"), number(solar, "longitude"))
                .unwrap();
        assert_eq!(sign.id(), case["ascendant_sign"], "{what}");
        let profection = profect(day(&case["birth_local_date"]), sign, day(&case["date"])).unwrap();
        assert_eq!(u64::from(profection.age), case["age"].as_u64().unwrap(), "{what} age");
        let annual = &case["annual"];
        assert_eq!(u64::from(profection.annual.house), annual["house"].as_u64().unwrap(), "{what}");
        assert_eq!(profection.annual.sign.id(), annual["sign"], "{what}");
        assert_eq!(profection.annual.lord.id(), annual["lord"], "{what}");
        assert_eq!(profection.year_first_day, day(&annual["first_day"]), "{what}");
        assert_eq!(profection.year_last_day, day(&annual["last_day"]), "{what}");
        let monthly = &case["monthly"];
        assert_eq!(u64::from(profection.monthly.month), monthly["month"].as_u64().unwrap(), "{what} month");
        assert_eq!(u64::from(profection.monthly.profected.house), monthly["house"].as_u64().unwrap(), "{what}");
        assert_eq!(profection.monthly.profected.sign.id(), monthly["sign"], "{what}");
        assert_eq!(profection.monthly.profected.lord.id(), monthly["lord"], "{what}");
        assert_eq!(profection.monthly.first_day, day(&monthly["first_day"]), "{what}");
        assert_eq!(profection.monthly.last_day, day(&monthly["last_day"]), "{what}");
    }
}

#[test]
fn firdaria_periods_and_sect_follow_the_rules_the_script_implements() {
    let ephemeris = ephemeris();
    let reference = reference();
    let cases = reference["firdaria"].as_array().unwrap();
    assert!(cases.len() >= 8, "{} cases", cases.len());
    for case in cases {
        let what = case["case"].as_str().unwrap();
        let birth = JulianDay(number(case, "birth_jd_ut"));
        let sect = sect_at(&ephemeris, birth, number(case, "latitude"), number(case, "longitude")).unwrap();
        assert_eq!(sect.id(), case["sect"], "{what} (the Sun at {}° altitude)", case["sun_altitude"]);
        let ours = firdaria(birth, sect);
        let theirs = case["periods"].as_array().unwrap();
        assert_eq!(ours.periods.len(), theirs.len(), "{what}");
        for (period, expected) in ours.periods.iter().zip(theirs) {
            assert_eq!(period.span.lord.id(), expected["lord"], "{what}");
            // A millionth of a day: 0.09 s.
            assert!((period.span.start.0 - number(expected, "start_jd")).abs() < 1e-6, "{what} {}", expected["lord"]);
            assert!((period.span.end.0 - number(expected, "end_jd")).abs() < 1e-6, "{what} {}", expected["lord"]);
            let subs = expected["sub"].as_array().unwrap();
            assert_eq!(period.sub_periods.len(), subs.len(), "{what} {}", expected["lord"]);
            for (sub, expected_sub) in period.sub_periods.iter().zip(subs) {
                assert_eq!(sub.lord.id(), expected_sub["lord"], "{what}");
                assert!((sub.start.0 - number(expected_sub, "start_jd")).abs() < 1e-6, "{what}");
                assert!((sub.end.0 - number(expected_sub, "end_jd")).abs() < 1e-6, "{what}");
            }
        }
        for at in case["at"].as_array().unwrap() {
            let found = ours.at(JulianDay(number(at, "jd")));
            assert_eq!(found.map(|(p, _)| p.span.lord.id()), at["period"].as_str(), "{what} at {}", at["jd"]);
            assert_eq!(found.and_then(|(_, s)| s.map(|s| s.lord.id())), at["sub"].as_str(), "{what} at {}", at["jd"]);
        }
    }
}
