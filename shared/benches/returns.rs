//! Solar and lunar return instants plus their charts, no HTTP.
//! `cargo bench -p shared --bench returns`

use criterion::{Criterion, criterion_group, criterion_main};
use shared::astro::Ephemeris;
use shared::astro::aspect::Orbs;
use shared::astro::chart::returns::{lunar_return, solar_return};
use shared::astro::chart::{ChartInput, MoonCenter, NatalChart};
use shared::astro::ephemeris::{Body, Observer};
use shared::astro::house::HouseSystem;
use shared::astro::point::PointId;
use shared::astro::time::JulianDay;

fn returns(c: &mut Criterion) {
    let ephemeris = Ephemeris::with_embedded_files().expect("ephemeris");
    let birth = JulianDay(2_448_023.020_833); // 1990-05-11 12:30 UT
    let sun = ephemeris.position(birth, Body::Sun, Observer::Geocentric).expect("sun").longitude;
    let moon = ephemeris.position(birth, Body::Moon, Observer::Geocentric).expect("moon").longitude;
    let chart_at = |instant| ChartInput {
        frame: Default::default(),
        instant,
        latitude: 41.9028,
        longitude: 12.4964,
        house_system: HouseSystem::Placidus,
        moon_center: MoonCenter::Geocentric,
        points: PointId::defaults(false),
        orbs: Orbs::default(),
    };
    // A different year / start day each iteration: no help from the C library's cache.
    let mut year = 0;
    c.bench_function("solar_return_with_chart", |b| {
        b.iter(|| {
            year = year % 60 + 1;
            let at = solar_return(&ephemeris, birth, sun, year, Default::default()).expect("return");
            NatalChart::compute(&ephemeris, &chart_at(at)).expect("chart")
        })
    });
    let mut day = 0.0;
    c.bench_function("lunar_return_with_chart", |b| {
        b.iter(|| {
            day = (day + 3.7) % 9000.0;
            let at = lunar_return(&ephemeris, moon, JulianDay(2_455_000.5 + day), Default::default()).expect("return");
            NatalChart::compute(&ephemeris, &chart_at(at)).expect("chart")
        })
    });
}

criterion_group!(benches, returns);
criterion_main!(benches);
