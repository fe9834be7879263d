//! The Vedic chart against `reference/vedic.py` → `vedic_reference.json`:
//! 24 births (1900–2020, India-heavy, both hemispheres, four placed a few
//! seconds of arc from a boundary). Longitudes against pyswisseph's own
//! sidereal call (`FLG_SIDEREAL`, Lahiri, mean node, the ascendant of
//! `houses_ex`) to 1″; rashi, nakshatra, pada, retrograde and every varga
//! sign against jyotishyamitra 1.4.0, an independent Jyotish program,
//! exactly: all but its D2, which is a continuous hora (15° parts counted on
//! from Aries) rather than Parashara's Leo/Cancer hora. D2 and every other
//! varga are also held to the script's own implementation of the stated
//! rules. Where jyotishyamitra rounds a position to whole seconds before a
//! varga (and D30 keeps a tie in the earlier part), points within 1″ of
//! that varga's boundary are not compared with it.

use serde_json::Value;
use shared::astro::Ephemeris;
use shared::astro::frame::Ayanamsa;
use shared::astro::time::JulianDay;
use shared::astro::vedic::dasha::{DashaPeriod, JULIAN_YEAR_DAYS, vimshottari};
use shared::astro::vedic::{Graha, NodeKind, Varga, VedicInput, vedic_chart};
use shared::astro::zodiac::angular_distance;

/// A point as the service reads it: (name, sign 1–12, nakshatra, pada,
/// retrograde, its sign 1–12 in each varga).
type Read = (&'static str, usize, u8, u8, Option<bool>, Vec<(Varga, usize)>);

/// A reference birth as the chart reads it: Lahiri, the mean node.
fn birth_of(case: &Value, vargas: Vec<Varga>) -> VedicInput {
    VedicInput {
        instant: JulianDay(case["pyswisseph"]["jd_ut"].as_f64().unwrap()),
        latitude: case["latitude"].as_f64().unwrap(),
        longitude: case["longitude"].as_f64().unwrap(),
        ayanamsa: Ayanamsa::parse("lahiri").unwrap(),
        node: NodeKind::Mean,
        vargas,
    }
}

#[test]
fn twenty_four_births_match_jyotishyamitra_and_pyswisseph() {
    let ephemeris = Ephemeris::with_embedded_files().unwrap();
    let reference: Value = serde_json::from_str(include_str!("reference/vedic_reference.json")).unwrap();
    let (mut worst_arcsec, mut varga_signs, mut skipped) = (0.0f64, 0, 0);
    for case in reference["cases"].as_array().unwrap() {
        let id = case["id"].as_str().unwrap();
        let input = birth_of(case, Varga::ALL.to_vec());
        let chart = vedic_chart(&ephemeris, &input).unwrap();
        let lagna_reference = case["pyswisseph"]["ascendant"].as_f64().unwrap();
        worst_arcsec = worst_arcsec.max(angular_distance(chart.lagna.longitude, lagna_reference) * 3600.0);
        assert!(angular_distance(chart.lagna.longitude, lagna_reference) * 3600.0 < 1.0, "{id} lagna");

        let mut points: Vec<Read> = Vec::new();
        let varga_signs_of = |longitude: f64| Varga::ALL.iter().map(|v| (*v, v.sign_of(longitude).index() + 1)).collect::<Vec<_>>();
        points.push((
            "lagna",
            chart.lagna.rashi.index() + 1,
            chart.lagna.nakshatra.number,
            chart.lagna.nakshatra.pada,
            None,
            varga_signs_of(chart.lagna.longitude),
        ));
        for graha in Graha::ALL {
            let place = chart.graha(graha);
            let expected = case["pyswisseph"]["grahas"][graha.id()]["longitude"].as_f64().unwrap();
            let arcsec = angular_distance(place.place.longitude, expected) * 3600.0;
            worst_arcsec = worst_arcsec.max(arcsec);
            assert!(arcsec < 1.0, "{id} {}: {arcsec}″", graha.id());
            points.push((
                graha.id(),
                place.place.rashi.index() + 1,
                place.place.nakshatra.number,
                place.place.nakshatra.pada,
                Some(place.retrograde),
                varga_signs_of(place.place.longitude),
            ));
        }
        // The chart's own vargas are the same signs.
        for varga_chart in &chart.vargas {
            assert_eq!(varga_chart.lagna, varga_chart.varga.sign_of(chart.lagna.longitude));
        }

        for (name, sign, nakshatra, pada, retrograde, vargas) in points {
            let theirs = &case["jyotishyamitra"][name];
            let stated = &case["convention"][name];
            let what = format!("{id} {name}");
            assert_eq!(sign as u64, theirs["sign"].as_u64().unwrap(), "{what} rashi");
            assert_eq!(u64::from(nakshatra), theirs["nakshatra"].as_u64().unwrap(), "{what} nakshatra");
            assert_eq!(u64::from(pada), theirs["pada"].as_u64().unwrap(), "{what} pada");
            if let Some(retrograde) = retrograde {
                assert_eq!(Some(retrograde), theirs["retrograde"].as_bool(), "{what} retrograde");
            }
            for (varga, ours) in vargas {
                let key = varga.id();
                let margin = case["boundary_margin_arcsec"][name][&key].as_f64().unwrap_or(f64::INFINITY);
                if margin < 1.0 {
                    skipped += 1;
                    continue;
                }
                assert_eq!(ours as u64, stated["vargas"][&key].as_u64().unwrap(), "{what} {key}: the stated rule");
                if varga != Varga::D2 {
                    assert_eq!(ours as u64, theirs["vargas"][&key].as_u64().unwrap(), "{what} {key}: jyotishyamitra");
                }
                varga_signs += 1;
            }
        }
    }
    eprintln!(
        "24 births: longitudes within {worst_arcsec:.4}″, {varga_signs} varga signs equal, {skipped} within 1″ of a boundary skipped"
    );
}

/// A reference period: (lord, start JD, end JD, sub-periods).
fn periods(list: &Value, start: &str, end: &str) -> Vec<(String, f64, f64, Value)> {
    list.as_array()
        .unwrap()
        .iter()
        .map(|p| {
            let sub = p.get("antardashas").or_else(|| p.get("pratyantardashas")).cloned().unwrap_or(Value::Null);
            (p["lord"].as_str().unwrap().to_owned(), p[start].as_f64().unwrap(), p[end].as_f64().unwrap(), sub)
        })
        .collect()
}

/// Every reference period at every level it lists is one of ours (same
/// lord, same place in the tree) within `seconds`; returns how many.
fn same_tree(ours: &[DashaPeriod], theirs: &Value, keys: (&str, &str), seconds: f64, what: &str) -> usize {
    let mut compared = 0;
    for (lord, start, end, sub) in periods(theirs, keys.0, keys.1) {
        // The reference may leave out the sub-periods over before birth:
        // match by lord within the parent.
        let Some(period) = ours.iter().find(|p| p.lord.id() == lord) else { panic!("{what}: no {lord}") };
        let off = (period.start.0 - start).abs().max((period.end.0 - end).abs()) * 86_400.0;
        assert!(off < seconds, "{what} {lord}: {off:.1} s");
        compared += 1;
        if sub.is_array() {
            compared += same_tree(&period.sub_periods, &sub, keys, seconds, &format!("{what} {lord}"));
        }
    }
    compared
}

#[test]
fn vimshottari_dasha_matches_the_stated_rules_and_jyotishyamitra() {
    let ephemeris = Ephemeris::with_embedded_files().unwrap();
    let reference: Value = serde_json::from_str(include_str!("reference/vedic_reference.json")).unwrap();
    let (mut stated_periods, mut their_periods, mut calendar_years) = (0, 0, 0);
    for case in reference["cases"].as_array().unwrap() {
        let id = case["id"].as_str().unwrap();
        let input = birth_of(case, Vec::new());
        let birth = input.instant;
        let moon = vedic_chart(&ephemeris, &input).unwrap().graha(Graha::Moon).place.longitude;
        let dasha = &case["dasha"];

        // The stated rules, implemented apart in the script: to a second.
        let ours = vimshottari(birth, moon, 3, JULIAN_YEAR_DAYS);
        let stated = &dasha["stated"];
        assert!((ours.balance_years - stated["balance_years"].as_f64().unwrap()).abs() < 1e-6, "{id} balance");
        stated_periods += same_tree(&ours.periods, &stated["mahadashas"], ("start", "end"), 1.0, id);

        // jyotishyamitra, given its two inputs: the Moon cut to whole
        // seconds of arc, and its year (365.25 days, or 120 calendar years'
        // 365.2417 when the cycle passes 29 February 1900 or 2100, while it
        // places the first period with 365.25: those births within a day).
        let theirs = &dasha["jyotishyamitra"];
        let year = theirs["year_days"].as_f64().unwrap();
        let their_moon = theirs["moon_longitude_arcsec_used"].as_f64().unwrap() / 3600.0;
        let with_their_inputs = vimshottari(birth, their_moon, 3, year);
        let seconds = if year == JULIAN_YEAR_DAYS {
            1.0
        } else {
            calendar_years += 1;
            86_400.0
        };
        their_periods += same_tree(&with_their_inputs.periods, &theirs["mahadashas"], ("start_jd", "end_jd"), seconds, id);
    }
    eprintln!(
        "24 births: {stated_periods} periods to the second of the stated rules, {their_periods} of jyotishyamitra's to the second \
         ({calendar_years} births on its calendar years to the day)"
    );
}
