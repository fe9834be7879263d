//! A year of sky events (issue 17: ≤ 50 ms): ingresses and stations of the
//! ten planets and the true node, lunar phases, eclipses and void-of-course
//! spans, and (issue 32: ≤ 50 ms) the exact aspects among the Sun … Pluto,
//! each solved to its instant. `cargo bench -p shared --bench events`

use criterion::{Criterion, criterion_group, criterion_main};
use shared::astro::Ephemeris;
use shared::astro::events::{EventType, EventsInput, find_events};
use shared::astro::frame::Zodiac;
use shared::astro::point::PointId;
use shared::astro::time::JulianDay;

fn events(c: &mut Criterion) {
    let ephemeris = Ephemeris::with_embedded_files().expect("ephemeris");
    let mut points = PointId::PLANETS.to_vec();
    points.push(PointId::TrueNode);
    let year = EventsInput {
        start: JulianDay(2_460_310.5), // 2024-01-01
        end: JulianDay(2_460_676.5),   // 2025-01-01
        // The default answer's types, as measured since issue 17; the
        // aspects are timed on their own below.
        types: EventType::ALL.into_iter().filter(|t| *t != EventType::Aspect).collect(),
        points,
        zodiac: Zodiac::Tropical,
    };
    let found = find_events(&ephemeris, &year).expect("events");
    eprintln!("one year: {} events", found.events.len());
    c.bench_function("events_one_year_all_types", |b| b.iter(|| find_events(&ephemeris, std::hint::black_box(&year)).expect("events")));
    for kind in EventType::ALL {
        let only = EventsInput { types: vec![kind], ..year.clone() };
        c.bench_function(&format!("events_one_year_{}", kind.id()), |b| b.iter(|| find_events(&ephemeris, &only).expect("events")));
    }
}

criterion_group!(benches, events);
criterion_main!(benches);
