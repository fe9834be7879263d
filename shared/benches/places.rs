//! Places by name and zones by coordinates (issue 17: a lookup ≤ 1 ms, a
//! zone ≤ 100 µs). `cargo bench -p shared --bench places`

use std::hint::black_box;
use std::time::Instant;

use criterion::{Criterion, criterion_group, criterion_main};
use shared::places::{self, timezone};

fn lookups(c: &mut Criterion) {
    // First use: the database is indexed and the boundaries unpacked once
    // per process (reported, not benchmarked: criterion repeats).
    let started = Instant::now();
    places::resolve("Rome, IT").expect("Rome");
    eprintln!("first place lookup (indexing {} cities): {:?}", places::city_count(), started.elapsed());
    let started = Instant::now();
    timezone::zone_at(41.9, 12.5).expect("zone");
    eprintln!("first zone lookup (unpacking the boundaries): {:?}", started.elapsed());

    c.bench_function("place_resolve_rome_it", |b| b.iter(|| places::resolve(black_box("Rome, IT")).expect("Rome")));
    c.bench_function("place_resolve_springfield_il", |b| b.iter(|| places::resolve(black_box("Springfield, IL")).expect("Springfield")));
    c.bench_function("place_resolve_ambiguous", |b| b.iter(|| places::resolve(black_box("Springfield")).expect_err("ambiguous")));
    c.bench_function("place_search_lon_10", |b| b.iter(|| places::search(black_box("lon"), 10).expect("list")));
    c.bench_function("place_search_s_10", |b| b.iter(|| places::search(black_box("s"), 10).expect("list")));
    // Cities, a border town, open sea.
    let points = [(41.9, 12.5), (40.71, -74.0), (-33.87, 151.21), (31.69, -106.42), (48.5726, 7.8153), (30.0, -30.0), (-40.0, 179.0)];
    let mut next = 0;
    c.bench_function("zone_at_point", |b| {
        b.iter(|| {
            next = (next + 1) % points.len();
            let (latitude, longitude) = points[next];
            timezone::zone_at(black_box(latitude), black_box(longitude)).expect("zone")
        })
    });
}

criterion_group!(benches, lookups);
criterion_main!(benches);
