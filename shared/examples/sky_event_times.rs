//! The instant of every event of many years of the sky and of every transit
//! of many natal charts over a year, one line each: run it on two builds and
//! compare them with `infra/event_times_compare.py`, the check that a change
//! to the searches' tracks moved no event (issue 37). Random years 1801-2398
//! (the Swiss Ephemeris files' range), every event type with the ten planets
//! and the true node, and transits of the ten planets to the ten planets, the
//! node, the ascendant and the midheaven of a chart at a random moment.
//!   cargo run --release -p shared --example sky_event_times -- 60 > after.txt
use shared::astro::Ephemeris;
use shared::astro::chart::transit::{NatalTarget, TransitInput, TransitingBody, default_transit_orbs, find_transits};
use shared::astro::chart::{ChartInput, NatalChart};
use shared::astro::events::{Event, EventType, EventsInput, find_events};
use shared::astro::frame::Zodiac;
use shared::astro::house::HouseSystem;
use shared::astro::point::{AngleId, PointId};
use shared::astro::time::JulianDay;

fn main() {
    let n: usize = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(40);
    let ephemeris = Ephemeris::with_embedded_files().expect("ephemeris");
    let mut seed: u64 = 0x2545_F491_4F6C_DD1D;
    let mut next = || {
        seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        (seed >> 11) as f64 / (1u64 << 53) as f64
    };
    let mut points = PointId::PLANETS.to_vec();
    points.push(PointId::TrueNode);
    for case in 0..n {
        // A year starting on a random day of 1801-2397.
        let start = 2_378_861.5 + (next() * 218_000.0).floor();
        let input = EventsInput {
            start: JulianDay(start),
            end: JulianDay(start + 365.0),
            types: EventType::ALL.to_vec(),
            points: points.clone(),
            zodiac: Zodiac::Tropical,
        };
        for event in find_events(&ephemeris, &input).expect("events").events {
            let (what, times) = match &event {
                Event::Ingress { point, at, sign, .. } => (format!("ingress {point:?} {sign:?}"), vec![at.0]),
                Event::Station { point, at, kind, .. } => (format!("station {point:?} {kind:?}"), vec![at.0]),
                Event::LunarPhase { at, phase, .. } => (format!("phase {phase:?}"), vec![at.0]),
                Event::Eclipse { at, luminary, .. } => (format!("eclipse {luminary:?}"), vec![at.0]),
                Event::VoidOfCourse { starts_at, ends_at, sign, .. } => (format!("void {sign:?}"), vec![starts_at.0, ends_at.0]),
                Event::Aspect(aspect) => {
                    (format!("aspect {:?} {:?} {}", aspect.faster.point, aspect.slower.point, aspect.phase_angle), vec![aspect.at.0])
                }
            };
            println!("events {case} {what} | {}", times.iter().map(|t| format!("{t:.9}")).collect::<Vec<_>>().join(" "));
        }

        let birth = 2_415_020.5 + next() * 36_500.0;
        let mut chart_input =
            ChartInput::with_defaults(&ephemeris, JulianDay(birth), next() * 120.0 - 60.0, next() * 360.0 - 180.0, HouseSystem::Placidus);
        chart_input.points = points.clone();
        let chart = NatalChart::compute(&ephemeris, &chart_input).expect("chart");
        let mut natal: Vec<(NatalTarget, f64)> = chart.points.iter().map(|p| (NatalTarget::Point(p.point), p.position.longitude)).collect();
        for (angle, longitude) in &chart.angles {
            if matches!(angle, AngleId::Ascendant | AngleId::Midheaven) {
                natal.push((NatalTarget::Angle(*angle), *longitude));
            }
        }
        let transits = TransitInput {
            start: JulianDay(start),
            end: JulianDay(start + 365.0),
            transiting: PointId::PLANETS.iter().filter_map(|p| TransitingBody::of(*p)).collect(),
            natal,
            orbs: default_transit_orbs(),
        };
        for pass in find_transits(&ephemeris, &transits).expect("transits").passes {
            let mut times: Vec<String> = Vec::new();
            times.push(pass.starts_at.map_or("-".into(), |t| format!("{:.9}", t.0)));
            times.extend(pass.exact_at.iter().map(|t| format!("{:.9}", t.0)));
            times.push(pass.ends_at.map_or("-".into(), |t| format!("{:.9}", t.0)));
            println!("transit {case} {:?} {} {:?} {} | {}", pass.transiting, pass.natal, pass.aspect, pass.side, times.join(" "));
        }
    }
}
