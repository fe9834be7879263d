//! The predictive techniques' computations, no HTTP (issue 32: each under
//! 1 ms). `cargo bench -p shared --bench predictive`

use chrono::{Days, NaiveDate};
use criterion::{Criterion, criterion_group, criterion_main};
use shared::astro::Ephemeris;
use shared::astro::chart::declination::chart_declinations;
use shared::astro::chart::harmonic::harmonic_chart;
use shared::astro::chart::midpoint::chart_midpoints;
use shared::astro::chart::solar_arc::{ArcMethod, default_direction_orbs, solar_arc_directions};
use shared::astro::chart::{ChartInput, MoonCenter, NatalChart};
use shared::astro::house::HouseSystem;
use shared::astro::point::PointId;
use shared::astro::primary_directions::{BirthSky, DirectionKey, DirectionMethod, DirectionRequest, primary_directions};
use shared::astro::time::JulianDay;
use shared::astro::time_lords::firdaria::{firdaria, sect_at};
use shared::astro::time_lords::profection::{ascendant_sign, profect};

fn predictive(c: &mut Criterion) {
    let ephemeris = Ephemeris::with_embedded_files().expect("ephemeris");
    let birth = JulianDay(2_448_023.020_833); // 1990-05-11 12:30 UT, Rome
    let natal = ChartInput {
        frame: Default::default(),
        instant: birth,
        latitude: 41.9028,
        longitude: 12.4964,
        house_system: HouseSystem::Placidus,
        moon_center: MoonCenter::Topocentric,
        points: PointId::defaults(false),
        orbs: Default::default(),
    };
    let orbs = default_direction_orbs();
    // A different target each iteration: no help from the C library's cache.
    let mut day = 0.0;
    c.bench_function("solar_arc_directions", |b| {
        b.iter(|| {
            day = (day + 37.3) % 30_000.0;
            solar_arc_directions(&ephemeris, &natal, JulianDay(birth.0 + 365.0 + day), ArcMethod::SolarArc, &orbs).expect("directions")
        })
    });
    let birth_date = NaiveDate::from_ymd_opt(1990, 5, 11).expect("date");
    let mut offset = 0;
    c.bench_function("profections_with_ascendant", |b| {
        b.iter(|| {
            offset = (offset + 17) % 30_000;
            let sign = ascendant_sign(&ephemeris, birth, 41.9028, 12.4964).expect("ascendant");
            profect(birth_date, sign, birth_date + Days::new(offset)).expect("profection")
        })
    });
    c.bench_function("firdaria_with_sect", |b| {
        b.iter(|| {
            let sect = sect_at(&ephemeris, birth, 41.9028, 12.4964).expect("sect");
            firdaria(birth, sect)
        })
    });
    // Declinations with their parallels and midpoints with their contacts,
    // on the chart already cast (what `includeDeclinations` and
    // `includeMidpoints` add to a natal answer); a new instant each time.
    let chart_at = |hours: f64| {
        let input = ChartInput { instant: JulianDay(birth.0 + hours / 24.0), ..natal.clone() };
        let chart = NatalChart::compute(&ephemeris, &input).expect("chart");
        (input, chart)
    };
    let charts: Vec<_> = (0..64).map(|i| chart_at(f64::from(i) * 977.0)).collect();
    let mut next = 0;
    c.bench_function("declinations_and_parallels", |b| {
        b.iter(|| {
            next = (next + 1) % charts.len();
            let (input, chart) = &charts[next];
            chart_declinations(&ephemeris, input, chart, 1.0).expect("declinations")
        })
    });
    c.bench_function("harmonic_chart_h7", |b| {
        b.iter(|| {
            next = (next + 1) % charts.len();
            harmonic_chart(&charts[next].1, 7, &natal.orbs)
        })
    });
    c.bench_function("midpoints_and_contacts", |b| {
        b.iter(|| {
            next = (next + 1) % charts.len();
            chart_midpoints(&charts[next].1, 1.5)
        })
    });

    // Issue 32's goal: 90 years of directions under 5 ms. A new birth
    // instant each iteration (the sky read from the ephemeris included),
    // both methods, converse too.
    let mut minutes = 0.0;
    for method in DirectionMethod::ALL {
        let request = DirectionRequest { method, key: DirectionKey::Naibod, zodiacal: true, converse: true, from_age: 0.0, to_age: 90.0 };
        c.bench_function(&format!("primary_directions_90_years_{}", method.id()), |b| {
            b.iter(|| {
                minutes = (minutes + 97.0) % 5_000_000.0;
                let instant = JulianDay(birth.0 + minutes / 1440.0);
                let sky = BirthSky::at(&ephemeris, instant, 41.9028, 12.4964).expect("sky");
                primary_directions(&sky, instant, &request)
            })
        });
    }
}

criterion_group!(benches, predictive);
criterion_main!(benches);
