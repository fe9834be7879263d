//! Harmonic charts against `reference/harmonics.py` →
//! `harmonics_reference.json`: the longitudes times the harmonic from
//! pyswisseph's positions, within 1″ (issue 32) up to the 360th harmonic,
//! and the aspects among the harmonic points searched by the script itself.

use std::collections::BTreeSet;

use serde_json::Value;
use shared::astro::Ephemeris;
use shared::astro::aspect::Orbs;
use shared::astro::chart::harmonic::harmonic_chart;
use shared::astro::chart::{ChartInput, MoonCenter, NatalChart};
use shared::astro::house::HouseSystem;
use shared::astro::point::PointId;
use shared::astro::time::JulianDay;

const ARCSECOND: f64 = 1.0 / 3600.0;

fn apart(a: f64, b: f64) -> f64 {
    ((a - b + 540.0).rem_euclid(360.0) - 180.0).abs()
}

#[test]
fn harmonic_longitudes_match_pyswisseph_within_an_arcsecond_and_the_aspects_the_script() {
    let ephemeris = Ephemeris::with_embedded_files().unwrap();
    let reference: Value = serde_json::from_str(include_str!("reference/harmonics_reference.json")).unwrap();
    let (mut worst, mut aspects_checked) = (0.0f64, 0);
    for case in reference["cases"].as_array().unwrap() {
        let number = |key: &str| case[key].as_f64().unwrap();
        let what = format!("{} H{}", case["case"].as_str().unwrap(), case["harmonic"]);
        let input = ChartInput {
            frame: Default::default(),
            instant: JulianDay(number("jd_ut")),
            latitude: number("latitude"),
            longitude: number("longitude"),
            house_system: HouseSystem::Placidus,
            moon_center: MoonCenter::Topocentric,
            points: PointId::defaults(false),
            orbs: Orbs::default(),
        };
        let natal = NatalChart::compute(&ephemeris, &input).unwrap();
        let harmonic = harmonic_chart(&natal, u16::try_from(case["harmonic"].as_u64().unwrap()).unwrap(), &Orbs::default());
        for (id, want) in case["points"].as_object().unwrap() {
            let got = harmonic.points.iter().find(|p| p.point.id() == id).unwrap().position.longitude;
            let difference = apart(got, want.as_f64().unwrap());
            assert!(difference < ARCSECOND, "{what}: {id} {got} against {want}");
            worst = worst.max(difference);
        }
        for (id, want) in case["angles"].as_object().unwrap() {
            let got = harmonic.angles.iter().find(|(angle, _)| angle.id() == id).unwrap().1;
            let difference = apart(got, want.as_f64().unwrap());
            assert!(difference < ARCSECOND, "{what}: {id} {got} against {want}");
            worst = worst.max(difference);
        }
        let key = |a: &str, b: &str| if a <= b { (a.to_owned(), b.to_owned()) } else { (b.to_owned(), a.to_owned()) };
        let got: BTreeSet<_> =
            harmonic.aspects.iter().map(|x| (key(x.point_a.id(), x.point_b.id()), x.kind.id().to_owned(), x.applying)).collect();
        let want: BTreeSet<_> = case["aspects"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| {
                (
                    key(x["a"].as_str().unwrap(), x["b"].as_str().unwrap()),
                    x["aspect"].as_str().unwrap().to_owned(),
                    x["applying"].as_bool().unwrap(),
                )
            })
            .collect();
        assert_eq!(got, want, "{what}: aspects");
        aspects_checked += want.len();
    }
    assert!(aspects_checked > 400, "{aspects_checked} aspects");
    eprintln!("harmonics: worst {:.4}″ up to H360, {aspects_checked} aspects", worst * 3600.0);
}
