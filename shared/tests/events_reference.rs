//! Events against independent references: stations, ingresses, lunar phases,
//! lunar eclipses and void-of-course spans for 2024-2025 from Skyfield with
//! JPL DE421 (`reference/events.py`), and 22 eclipses of NASA's Five
//! Millennium Canon (Espenak & Meeus; "Eclipse Predictions by Fred Espenak,
//! NASA's GSFC"), compared in TD.

use serde_json::Value;
use shared::astro::Ephemeris;
use shared::astro::ephemeris::EclipseKind;
use shared::astro::events::{Direction, Event, EventType, EventsInput, Luminary, Phase, StationKind, find_events};
use shared::astro::frame::Zodiac;
use shared::astro::point::PointId;
use shared::astro::time::JulianDay;

const SECOND: f64 = 1.0 / 86_400.0;

fn reference() -> Value {
    serde_json::from_str(include_str!("reference/events_reference.json")).unwrap()
}

fn window(reference: &Value, name: &str) -> (JulianDay, JulianDay) {
    let w = &reference["windows"][name];
    (JulianDay(w["start_jd_ut"].as_f64().unwrap()), JulianDay(w["end_jd_ut"].as_f64().unwrap()))
}

fn events(types: &[EventType], points: &[PointId], (start, end): (JulianDay, JulianDay)) -> Vec<Event> {
    let ephemeris = Ephemeris::with_embedded_files().unwrap();
    let input = EventsInput { start, end, types: types.to_vec(), points: points.to_vec(), zodiac: Zodiac::Tropical };
    find_events(&ephemeris, &input).unwrap().events
}

fn point(id: &str) -> PointId {
    PointId::parse(id).unwrap()
}

const PLANETS: [PointId; 8] =
    [PointId::Mercury, PointId::Venus, PointId::Mars, PointId::Jupiter, PointId::Saturn, PointId::Uranus, PointId::Neptune, PointId::Pluto];

#[test]
fn stations_agree_with_skyfield_within_a_minute() {
    let reference = reference();
    let found = events(&[EventType::Station], &PLANETS, window(&reference, "period"));
    let expected = reference["stations"].as_array().unwrap();
    assert_eq!(found.len(), expected.len(), "{found:#?}");
    let mut worst: Vec<(String, f64)> = Vec::new();
    for row in expected {
        let body = point(row["body"].as_str().unwrap());
        let kind = if row["kind"] == "retrograde" { StationKind::Retrograde } else { StationKind::Direct };
        let jd = row["jd_ut"].as_f64().unwrap();
        let seconds = found
            .iter()
            .filter_map(|e| match e {
                Event::Station { point, at, kind: k, .. } if *point == body && *k == kind => Some((at.0 - jd) / SECOND),
                _ => None,
            })
            .min_by(|a, b| a.abs().total_cmp(&b.abs()))
            .unwrap_or(f64::INFINITY);
        // A station is where the speed is zero: an error δv in the speed
        // moves it by δv / acceleration. Pluto's acceleration is so small
        // that DE421 (Skyfield) and the Swiss files (DE431) part by 1.5
        // minutes; every other body within 50 s.
        let limit = if body == PointId::Pluto { 120.0 } else { 60.0 };
        assert!(seconds.abs() < limit, "{} {} station {}: {seconds:.1} s", row["body"], row["kind"], row["utc"]);
        worst.push((format!("{} {}", row["body"], row["utc"]), seconds));
    }
    worst.sort_by(|a, b| b.1.abs().total_cmp(&a.1.abs()));
    eprintln!("stations vs Skyfield, worst: {:?}", &worst[..3]);
}

#[test]
fn ingresses_and_phases_agree_with_skyfield_within_five_seconds() {
    let reference = reference();
    let bodies = [PointId::Sun, PointId::Mercury, PointId::Venus, PointId::Mars, PointId::Jupiter, PointId::Saturn];
    let found = events(&[EventType::Ingress, EventType::LunarPhase], &bodies, window(&reference, "period"));
    let ingresses: Vec<&Event> = found.iter().filter(|e| matches!(e, Event::Ingress { .. })).collect();
    let expected = reference["ingresses"].as_array().unwrap();
    assert_eq!(ingresses.len(), expected.len());
    let mut worst: f64 = 0.0;
    for row in expected {
        let body = point(row["body"].as_str().unwrap());
        let jd = row["jd_ut"].as_f64().unwrap();
        let hit = ingresses.iter().find_map(|e| match e {
            Event::Ingress { point, at, sign, direction, .. } if *point == body && (at.0 - jd).abs() < 60.0 * SECOND => {
                Some((at, sign, direction))
            }
            _ => None,
        });
        let (at, sign, direction) = hit.unwrap_or_else(|| panic!("no ingress for {row}"));
        assert_eq!(sign.id(), row["sign"].as_str().unwrap());
        assert_eq!(*direction == Direction::Retrograde, row["direction"] == "retrograde");
        let seconds = (at.0 - jd) / SECOND;
        assert!(seconds.abs() < 5.0, "{row}: {seconds} s");
        worst = worst.max(seconds.abs());
    }
    let phases: Vec<&Event> = found.iter().filter(|e| matches!(e, Event::LunarPhase { .. })).collect();
    let expected = reference["lunar_phases"].as_array().unwrap();
    assert_eq!(phases.len(), expected.len());
    for (event, row) in phases.iter().zip(expected) {
        let Event::LunarPhase { at, phase, .. } = event else { unreachable!() };
        assert_eq!(phase.id(), row["phase"].as_str().unwrap());
        let seconds = (at.0 - row["jd_ut"].as_f64().unwrap()) / SECOND;
        assert!(seconds.abs() < 5.0, "{row}: {seconds} s");
        worst = worst.max(seconds.abs());
    }
    let moon = events(&[EventType::Ingress], &[PointId::Moon], window(&reference, "moon_month"));
    let expected = reference["moon_ingresses"].as_array().unwrap();
    assert_eq!(moon.len(), expected.len());
    for (event, row) in moon.iter().zip(expected) {
        let seconds = (event.at().0 - row["jd_ut"].as_f64().unwrap()) / SECOND;
        assert!(seconds.abs() < 5.0, "{row}: {seconds} s");
    }
    assert!(matches!(phases[0], Event::LunarPhase { phase: Phase::LastQuarter, .. }));
    eprintln!("ingresses and phases vs Skyfield: worst {worst:.2} s");
}

#[test]
fn void_of_course_spans_follow_the_last_aspect_to_the_ingress() {
    let reference = reference();
    let (start, end) = window(&reference, "moon_month");
    let found: Vec<Event> = events(&[EventType::VoidOfCourse], &[], (start, end));
    // The spans that touch the month (the reference lists the Moon's whole
    // passage through the signs it visits, up to its ingress after the month).
    let expected: Vec<&Value> =
        reference["void_of_course"].as_array().unwrap().iter().filter(|v| v["start"]["jd_ut"].as_f64().unwrap() < end.0).collect();
    assert_eq!(found.len(), expected.len(), "{found:#?}");
    for (event, row) in found.iter().zip(expected.iter().copied()) {
        let Event::VoidOfCourse { starts_at, ends_at, sign, last_aspect, .. } = event else { unreachable!() };
        assert_eq!(sign.id(), row["sign"].as_str().unwrap());
        let start_seconds = (starts_at.0 - row["start"]["jd_ut"].as_f64().unwrap()) / SECOND;
        let end_seconds = (ends_at.0 - row["end"]["jd_ut"].as_f64().unwrap()) / SECOND;
        assert!(start_seconds.abs() < 5.0 && end_seconds.abs() < 5.0, "{row}: {start_seconds} s, {end_seconds} s");
        let aspect = last_aspect.expect("every sign of January 2024 has an aspect");
        assert_eq!(aspect.planet.id(), row["start"]["planet"].as_str().unwrap(), "{row}");
        assert_eq!(aspect.aspect.id(), row["start"]["aspect"].as_str().unwrap(), "{row}");
    }
}

#[test]
fn lunar_eclipses_agree_with_skyfield() {
    let reference = reference();
    let found = events(&[EventType::Eclipse], &[], window(&reference, "lunar_eclipse_window"));
    let lunar: Vec<&Event> = found.iter().filter(|e| matches!(e, Event::Eclipse { luminary: Luminary::Lunar, .. })).collect();
    let expected = reference["lunar_eclipses"].as_array().unwrap();
    assert_eq!(lunar.len(), expected.len());
    for (event, row) in lunar.iter().zip(expected) {
        let Event::Eclipse { at, kind, .. } = event else { unreachable!() };
        assert_eq!(kind.id(), row["kind"].as_str().unwrap(), "{row}");
        // Skyfield's search has a one-second step.
        let seconds = (at.0 - row["jd_ut"].as_f64().unwrap()) / SECOND;
        assert!(seconds.abs() < 30.0, "{row}: {seconds} s");
    }
    // Solar eclipses come two to five a year.
    let solar = found.iter().filter(|e| matches!(e, Event::Eclipse { luminary: Luminary::Solar, .. })).count();
    assert!((22..=30).contains(&solar), "{solar}");
}

#[test]
fn twenty_two_eclipses_of_the_nasa_canon_within_a_minute() {
    let canon: Value = serde_json::from_str(include_str!("reference/eclipses_nasa.json")).unwrap();
    let ephemeris = Ephemeris::with_embedded_files().unwrap();
    let mut worst: f64 = 0.0;
    for (luminary, rows) in [(Luminary::Solar, &canon["solar"]), (Luminary::Lunar, &canon["lunar"])] {
        for row in rows.as_array().unwrap() {
            let td = row["jd_td"].as_f64().unwrap();
            let input = EventsInput {
                start: JulianDay(td - 3.0),
                end: JulianDay(td + 3.0),
                types: vec![EventType::Eclipse],
                points: Vec::new(),
                zodiac: Zodiac::Tropical,
            };
            let found = find_events(&ephemeris, &input).unwrap().events;
            let (at, kind) = found
                .iter()
                .find_map(|e| match e {
                    Event::Eclipse { at, kind, luminary: l, .. } if *l == luminary => Some((*at, *kind)),
                    _ => None,
                })
                .unwrap_or_else(|| panic!("no eclipse near {row}"));
            // The canon gives Terrestrial Dynamical Time; the service UT.
            let seconds = (at.0 + ephemeris.delta_t_seconds(at) * SECOND - td) / SECOND;
            assert!(seconds.abs() < 60.0, "{} {}: {seconds:.1} s", row["catalog_number"], row["date"]);
            worst = worst.max(seconds.abs());
            let expected = match row["type"].as_str().unwrap() {
                "T" => EclipseKind::Total,
                "A" => EclipseKind::Annular,
                "H" => EclipseKind::Hybrid,
                "P" => EclipseKind::Partial,
                "N" => EclipseKind::Penumbral,
                other => panic!("type {other}"),
            };
            assert_eq!(kind, expected, "{} {}", row["catalog_number"], row["date"]);
        }
    }
    eprintln!("22 canon eclipses: worst {worst:.1} s (TD)");
}
