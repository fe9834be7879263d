//! Astrocartography (issue 34: all lines of ten bodies in both modes under
//! 5 ms), no HTTP. `cargo bench -p shared --bench astrocartography`

use criterion::{Criterion, criterion_group, criterion_main};
use shared::astro::Ephemeris;
use shared::astro::astrocartography::near::{CitySearch, NearPlace, measure};
use shared::astro::astrocartography::{MapAngle, MapInput, MapMode, astrocartography};
use shared::astro::point::PointId;
use shared::astro::time::JulianDay;

fn lines(c: &mut Criterion) {
    let ephemeris = Ephemeris::with_embedded_files().expect("ephemeris");
    let points = PointId::ALL[..10].to_vec();
    let mut input = MapInput { instant: JulianDay(2_447_893.0), points, angles: MapAngle::ALL.to_vec(), mode: MapMode::Mundo };
    // A new instant every iteration: no help from the C library's cache.
    let mut day = 0.0;
    c.bench_function("astrocartography_ten_bodies_both_modes", |b| {
        b.iter(|| {
            day = (day + 37.3) % 30_000.0;
            input.instant = JulianDay(2_447_893.0 + day);
            input.mode = MapMode::Mundo;
            let mundo = astrocartography(&ephemeris, std::hint::black_box(&input)).expect("lines");
            input.mode = MapMode::Zodiacal;
            let zodiacal = astrocartography(&ephemeris, std::hint::black_box(&input)).expect("lines");
            (mundo, zodiacal)
        })
    });
}

/// `near` and `cities` over the forty lines: the distance to each true
/// line, and the three most populous cities within 100 km of each.
fn near_and_cities(c: &mut Criterion) {
    let ephemeris = Ephemeris::with_embedded_files().expect("ephemeris");
    let input = MapInput {
        instant: JulianDay(2_448_023.02),
        points: PointId::ALL[..10].to_vec(),
        angles: MapAngle::ALL.to_vec(),
        mode: MapMode::Mundo,
    };
    let map = astrocartography(&ephemeris, &input).expect("lines");
    let near = NearPlace { from: [-9.14, 38.72], radius_km: 20_000.0 };
    c.bench_function("astrocartography_near_forty_lines", |b| b.iter(|| measure(&map, Some(std::hint::black_box(near)), None)));
    let cities = CitySearch { within_km: 100.0, limit: 3 };
    c.bench_function("astrocartography_cities_along_forty_lines", |b| b.iter(|| measure(&map, None, Some(std::hint::black_box(cities)))));
}

criterion_group!(benches, lines, near_and_cities);
criterion_main!(benches);
