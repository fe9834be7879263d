//! One natal chart's computation (ephemeris, houses, aspects), no HTTP.
//! `cargo bench -p shared --bench natal` (and the relocated chart, two of them).

use criterion::{Criterion, criterion_group, criterion_main};
use shared::astro::Ephemeris;
use shared::astro::aspect::Orbs;
use shared::astro::chart::relocation::relocate;
use shared::astro::chart::{ChartInput, MoonCenter, NatalChart};
use shared::astro::frame::{Ayanamsa, Frame, Zodiac};
use shared::astro::house::HouseSystem;
use shared::astro::point::PointId;
use shared::astro::time::{CivilDateTime, TimeZoneSpec};

fn natal(c: &mut Criterion) {
    let ephemeris = Ephemeris::with_embedded_files().expect("ephemeris");
    let zone = TimeZoneSpec::parse("Europe/Rome").expect("zone");
    let instant = CivilDateTime::parse("1990-05-11T14:30").expect("date").resolve(&zone).expect("instant");
    let input = ChartInput {
        frame: Default::default(),
        instant: instant.julian_day_ut(),
        latitude: 41.9028,
        longitude: 12.4964,
        house_system: HouseSystem::Placidus,
        moon_center: MoonCenter::Topocentric,
        points: PointId::defaults(false),
        orbs: Orbs::default(),
    };
    // Warm this thread's ephemeris state (files opened) as a running server would be.
    NatalChart::compute(&ephemeris, &input).expect("chart");
    c.bench_function("natal_chart", |b| b.iter(|| NatalChart::compute(&ephemeris, std::hint::black_box(&input)).expect("chart")));
    // A different moment each iteration defeats the C library's last-result cache.
    let mut step = 0.0;
    c.bench_function("natal_chart_varying_instant", |b| {
        b.iter(|| {
            step += 0.37;
            let mut varied = input.clone();
            varied.instant.0 += step;
            NatalChart::compute(&ephemeris, &varied).expect("chart")
        })
    });
    // A random moment from 1930 to 2020 each iteration, as real traffic is:
    // every body's file segment is read anew most of the time (issue 37).
    let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
    let (from, to) = (2_425_976.5, 2_458_849.5);
    c.bench_function("natal_chart_random_instant", |b| {
        b.iter(|| {
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            let mut varied = input.clone();
            varied.instant.0 = from + (seed >> 11) as f64 / (1u64 << 53) as f64 * (to - from);
            NatalChart::compute(&ephemeris, &varied).expect("chart")
        })
    });
    // The same with a sidereal zodiac (issue 17: within 5 % of tropical).
    // Lahiri is a plain offset from tropical; true_citra computes Spica's
    // place for its ayanamsa; j2000 projects each body with the library.
    for ayanamsa in [Ayanamsa::LAHIRI, Ayanamsa::parse("true_citra").expect("id"), Ayanamsa::parse("j2000").expect("id")] {
        let sidereal = ChartInput { frame: Frame { zodiac: Zodiac::Sidereal(ayanamsa), ..Frame::default() }, ..input.clone() };
        let mut step = 0.0;
        c.bench_function(&format!("natal_chart_varying_instant_sidereal_{}", ayanamsa.id()), |b| {
            b.iter(|| {
                step += 0.37;
                let mut varied = sidereal.clone();
                varied.instant.0 += step;
                NatalChart::compute(&ephemeris, &varied).expect("chart")
            })
        });
    }
}

/// The relocated chart: two charts (birth place and new place), the house
/// changes and the angular points, a new moment each iteration.
fn relocation(c: &mut Criterion) {
    let ephemeris = Ephemeris::with_embedded_files().expect("ephemeris");
    let input =
        ChartInput::with_defaults(&ephemeris, shared::astro::time::JulianDay(2_448_023.02), 41.9028, 12.4964, HouseSystem::Placidus);
    let mut step = 0.0;
    c.bench_function("relocation_varying_instant", |b| {
        b.iter(|| {
            step += 0.37;
            let mut varied = input.clone();
            varied.instant.0 += step;
            relocate(&ephemeris, &varied, 40.7128, -74.006, 5.0).expect("relocation")
        })
    });
}

criterion_group!(benches, natal, relocation);
criterion_main!(benches);
