//! Microseconds a natal chart at a random moment 1930–2020 (the bench's
//! `natal_chart_random_instant` case), over `N` charts: run two builds in
//! turn, many times, and compare the medians (this machine's speed drifts
//! by ±20 % from minute to minute, so criterion's runs one after the other
//! do not compare two builds well; issue 37).
//!   cargo run --release -p shared --example natal_timing -- 3000
use shared::astro::Ephemeris;
use shared::astro::chart::{ChartInput, MoonCenter, NatalChart};
use shared::astro::house::HouseSystem;
use shared::astro::time::JulianDay;

fn main() {
    let n: usize = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(3000);
    let ephemeris = Ephemeris::with_embedded_files().expect("ephemeris");
    let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
    let (from, to) = (2_425_976.5, 2_458_849.5);
    let mut input = ChartInput::with_defaults(&ephemeris, JulianDay(2_448_023.1), 41.9028, 12.4964, HouseSystem::Placidus);
    input.moon_center = MoonCenter::Topocentric;
    NatalChart::compute(&ephemeris, &input).expect("chart");
    let started = std::time::Instant::now();
    for _ in 0..n {
        seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        input.instant = JulianDay(from + (seed >> 11) as f64 / (1u64 << 53) as f64 * (to - from));
        std::hint::black_box(NatalChart::compute(&ephemeris, std::hint::black_box(&input)).expect("chart"));
    }
    println!("{:.1}", started.elapsed().as_secs_f64() * 1e6 / n as f64);
}
