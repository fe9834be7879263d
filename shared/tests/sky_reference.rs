//! The Sun and Moon day (`shared::astro::sky`) against Skyfield + JPL DE421
//! (`reference/sky_reference.json`, written by `reference/sky.py`; the
//! conventions are in `reference/README.md`).
//!
//! What is measured, per case (a place and a local calendar day):
//! * the day window (local midnight to local midnight, as UT) against
//!   Python's zoneinfo: within 0.01 s;
//! * every event time (sun rise/set/transit, civil/nautical/astronomical
//!   twilight begin/end, moon rise/set) as the difference of the two UT
//!   instants: within 60 s, and missing exactly where the reference has no
//!   event, with the same reason (always above / always below / not this day);
//! * at local noon: phase angle and illumination within 0.5 % (of 360° and
//!   of the full disc), age within 60 s, distances within 1e-5 relative.
//!
//! All failures are collected and listed together; the maxima are printed
//! (`cargo test -p shared --test sky_reference -- --nocapture`).

use std::collections::BTreeMap;

use chrono::{Datelike, NaiveDate};
use serde_json::Value;
use shared::astro::Ephemeris;
use shared::astro::sky::{Absence, DayWindow, GeoPlace, SkyEvent, local_day, sky_day};
use shared::astro::time::{JulianDay, TimeZoneSpec};

const EVENT_TOLERANCE_S: f64 = 60.0;
const SECONDS_PER_DAY: f64 = 86_400.0;

#[derive(Default)]
struct Maxima(BTreeMap<&'static str, (f64, String)>);

impl Maxima {
    fn record(&mut self, what: &'static str, value: f64, case: &str) {
        let entry = self.0.entry(what).or_insert((0.0, String::new()));
        if value.abs() >= entry.0 {
            *entry = (value.abs(), case.to_owned());
        }
    }
}

fn f(value: &Value, what: &str) -> f64 {
    value.as_f64().unwrap_or_else(|| panic!("{what} is not a number: {value}"))
}

fn compare_event(
    case: &str,
    what: &'static str,
    ours: SkyEvent,
    reference: &Value,
    reference_state: &str,
    maxima: &mut Maxima,
    failures: &mut Vec<String>,
) {
    match (ours, reference["jd_ut"].as_f64()) {
        (SkyEvent::At(jd), Some(expected)) => {
            let diff = (jd.0 - expected) * SECONDS_PER_DAY;
            maxima.record(what, diff, case);
            if diff.abs() > EVENT_TOLERANCE_S {
                failures.push(format!("{case} {what}: {diff:+.1} s (ours {:?}, reference {})", jd.to_utc(), reference["utc"]));
            }
        }
        (SkyEvent::Missing(absence), None) => {
            let expected = match reference_state {
                "always_above" => Absence::AlwaysAbove,
                "always_below" => Absence::AlwaysBelow,
                _ => Absence::NotThisDay { next: None },
            };
            let same = match (absence, expected) {
                (Absence::NotThisDay { .. }, Absence::NotThisDay { .. }) => true,
                (a, b) => a == b,
            };
            if !same {
                failures.push(format!("{case} {what}: missing as {absence:?}, reference state {reference_state}"));
            }
        }
        (SkyEvent::At(jd), None) => {
            failures.push(format!("{case} {what}: ours {:?}, the reference has none ({reference_state})", jd.to_utc()))
        }
        (SkyEvent::Missing(absence), Some(_)) => {
            failures.push(format!("{case} {what}: ours missing ({absence:?}), reference {}", reference["utc"]))
        }
    }
}

#[test]
fn sun_and_moon_days_match_skyfield() {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/reference/sky_reference.json")).expect("reference file");
    let document: Value = serde_json::from_str(&text).expect("reference JSON");
    let cases = document["cases"].as_array().expect("cases");
    assert!(cases.len() >= 100, "the reference should hold many days");
    let ephemeris = Ephemeris::with_embedded_files().expect("ephemeris");
    let mut failures = Vec::new();
    let mut maxima = Maxima::default();
    let mut events_compared = 0usize;
    let mut missing_compared = 0usize;

    for case in cases {
        let name = case["name"].as_str().expect("name");
        let zone = TimeZoneSpec::parse(case["timezone"].as_str().expect("zone")).expect("zone parses");
        let date = NaiveDate::parse_from_str(case["date"].as_str().expect("date"), "%Y-%m-%d").expect("date");
        let Some(window) = local_day(&zone, date) else {
            failures.push(format!("{name}: no local day"));
            continue;
        };
        let reference_window = DayWindow {
            start: JulianDay(f(&case["window"]["start_jd_ut"], "start")),
            end: JulianDay(f(&case["window"]["end_jd_ut"], "end")),
        };
        let start_diff = (window.start.0 - reference_window.start.0) * SECONDS_PER_DAY;
        let end_diff = (window.end.0 - reference_window.end.0) * SECONDS_PER_DAY;
        let window = if start_diff.abs() > 0.01 || end_diff.abs() > 0.01 {
            // The IANA database keeps full history only from 1970: zones
            // merged since (Atlantic/Reykjavik into Africa/Abidjan,
            // Antarctica/McMurdo into Pacific/Auckland) differ before that
            // between chrono-tz and the system's zoneinfo. That is time-zone
            // data, not astronomy: compare the sky over the reference's day.
            if date.year() >= 1970 {
                failures.push(format!("{name}: window differs by {start_diff:+.3} s / {end_diff:+.3} s"));
            } else {
                println!("{name}: pre-1970 time-zone history differs ({start_diff:+.0} s); using the reference's day");
            }
            reference_window
        } else {
            maxima.record("window bounds (s)", start_diff.abs().max(end_diff.abs()), name);
            window
        };
        let place = GeoPlace { latitude: f(&case["latitude"], "latitude"), longitude: f(&case["longitude"], "longitude") };
        let instant = JulianDay(f(&case["instant"]["jd_ut"], "instant"));
        let sky = match sky_day(&ephemeris, place, window, instant) {
            Ok(sky) => sky,
            Err(error) => {
                failures.push(format!("{name}: {error}"));
                continue;
            }
        };

        let sun = &case["sun"];
        let moon = &case["moon"];
        let sun_state = sun["state"].as_str().unwrap_or("");
        let moon_state = moon["state"].as_str().unwrap_or("");
        let mut events: Vec<(&'static str, SkyEvent, &Value, &str)> = vec![
            ("sun.rise (s)", sky.sun.rise, &sun["rise"], sun_state),
            ("sun.set (s)", sky.sun.set, &sun["set"], sun_state),
            ("sun.transit (s)", sky.sun.transit, &sun["transit"], "crosses"),
            ("moon.rise (s)", sky.moon.rise, &moon["rise"], moon_state),
            ("moon.set (s)", sky.moon.set, &moon["set"], moon_state),
        ];
        for (kind, twilight, begin, end) in [
            ("civil", sky.sun.civil, "twilight.civil.begin (s)", "twilight.civil.end (s)"),
            ("nautical", sky.sun.nautical, "twilight.nautical.begin (s)", "twilight.nautical.end (s)"),
            ("astronomical", sky.sun.astronomical, "twilight.astronomical.begin (s)", "twilight.astronomical.end (s)"),
        ] {
            let reference = &sun["twilight"][kind];
            let state = reference["state"].as_str().unwrap_or("");
            events.push((begin, twilight.begin, &reference["begin"], state));
            events.push((end, twilight.end, &reference["end"], state));
        }
        for (what, ours, reference, state) in events {
            if ours.time().is_some() || !reference.is_null() {
                events_compared += 1;
            } else {
                missing_compared += 1;
            }
            compare_event(name, what, ours, reference, state, &mut maxima, &mut failures);
        }

        let phase = sky.moon.phase;
        let angle_diff = {
            let d = (phase.angle - f(&moon["phase_angle"], "phase")).rem_euclid(360.0);
            if d > 180.0 { d - 360.0 } else { d }
        };
        maxima.record("moon.phase (deg)", angle_diff, name);
        if angle_diff.abs() > 0.005 * 360.0 {
            failures.push(format!("{name}: phase angle differs by {angle_diff}°"));
        }
        let illumination_diff = phase.illumination - f(&moon["illumination"], "illumination");
        maxima.record("moon.illumination (fraction)", illumination_diff, name);
        if illumination_diff.abs() > 0.005 {
            failures.push(format!("{name}: illumination differs by {illumination_diff}"));
        }
        let age_diff = (phase.age_days - f(&moon["age_days"], "age")) * SECONDS_PER_DAY;
        maxima.record("moon.age (s)", age_diff, name);
        if age_diff.abs() > 60.0 {
            failures.push(format!("{name}: age differs by {age_diff} s"));
        }
        for (what, ours, theirs) in [
            ("moon.distance (relative)", sky.moon.disc.distance_km, f(&moon["distance_km"], "moon distance")),
            ("sun.distance (relative)", sky.sun.disc.distance_km, f(&sun["distance_km"], "sun distance")),
        ] {
            let relative = ours / theirs - 1.0;
            maxima.record(what, relative, name);
            if relative.abs() > 1e-5 {
                failures.push(format!("{name}: {what} differs by {relative:e}"));
            }
        }
    }

    println!("{} cases, {events_compared} event times compared, {missing_compared} missing events agreed on", cases.len());
    for (what, (value, case)) in &maxima.0 {
        println!("max |diff| {what:<34} {value:>12.6}  ({case})");
    }
    assert!(failures.is_empty(), "{} failures:\n{}", failures.len(), failures.join("\n"));
}
