//! One moon-sun computation (the whole `POST /api/calc/moon-sun` domain
//! work: 9 solar events, 2 lunar events, phase, age, discs), no HTTP.
//! `cargo bench -p shared --bench sky`. Target: median ≤ 2 ms.

use chrono::NaiveDate;
use criterion::{Criterion, criterion_group, criterion_main};
use shared::astro::Ephemeris;
use shared::astro::sky::{GeoPlace, local_day, sky_day};
use shared::astro::time::{JulianDay, TimeZoneSpec};

fn sky(c: &mut Criterion) {
    let ephemeris = Ephemeris::with_embedded_files().expect("ephemeris");
    let zone = TimeZoneSpec::parse("Europe/Rome").expect("zone");
    let date = NaiveDate::from_ymd_opt(2024, 6, 21).expect("date");
    let window = local_day(&zone, date).expect("day");
    let noon = JulianDay(window.start.0 + 0.5);
    let rome = GeoPlace { latitude: 41.9028, longitude: 12.4964 };
    // Warm this thread's ephemeris state (files opened) as a running server would be.
    sky_day(&ephemeris, rome, window, noon).expect("sky");
    c.bench_function("moon_sun_rome", |b| b.iter(|| sky_day(&ephemeris, std::hint::black_box(rome), window, noon).expect("sky")));
    // High latitude: polar day, the slowest searches (no crossing to bisect, all samples).
    let tromso = GeoPlace { latitude: 69.6492, longitude: 18.9553 };
    let oslo = TimeZoneSpec::parse("Europe/Oslo").expect("zone");
    let window = local_day(&oslo, date).expect("day");
    c.bench_function("moon_sun_tromso", |b| b.iter(|| sky_day(&ephemeris, std::hint::black_box(tromso), window, noon).expect("sky")));
    // A different day each iteration defeats the C library's last-result cache.
    let mut step = 0.0;
    c.bench_function("moon_sun_varying_day", |b| {
        b.iter(|| {
            step += 1.37;
            let shifted = shared::astro::sky::DayWindow {
                start: JulianDay(window.start.0 + step % 3000.0),
                end: JulianDay(window.end.0 + step % 3000.0),
            };
            sky_day(&ephemeris, rome, shifted, JulianDay(shifted.start.0 + 0.5)).expect("sky")
        })
    });
}

criterion_group!(benches, sky);
criterion_main!(benches);
