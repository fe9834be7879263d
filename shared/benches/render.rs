//! Chart wheels: natal SVG, synastry bi-wheel SVG, PNG at 800 px. The charts
//! are computed once beforehand; only the drawing is measured.
//! `cargo bench -p shared --bench render --features png`

use std::hint::black_box;

use chrono::{DateTime, TimeZone, Utc};
use criterion::{Criterion, criterion_group, criterion_main};
use shared::astro::Ephemeris;
use shared::astro::aspect::{Orbs, aspects_across};
use shared::astro::chart::{ChartInput, MoonCenter, NatalChart};
use shared::astro::house::HouseSystem;
use shared::astro::point::PointId;
use shared::astro::time::JulianDay;
use shared::render::{Ring, Style, Wheel, render_svg, svg_to_png};

fn chart(ephemeris: &Ephemeris, instant: DateTime<Utc>, latitude: f64, longitude: f64) -> NatalChart {
    let input = ChartInput {
        frame: Default::default(),
        instant: JulianDay::from_utc(instant),
        latitude,
        longitude,
        house_system: HouseSystem::Placidus,
        moon_center: MoonCenter::Topocentric,
        points: PointId::defaults(ephemeris.chiron_available()),
        orbs: Orbs::default(),
    };
    NatalChart::compute(ephemeris, &input).expect("chart")
}

fn render(c: &mut Criterion) {
    let ephemeris = Ephemeris::with_embedded_files().expect("ephemeris");
    let rome = chart(&ephemeris, Utc.with_ymd_and_hms(1990, 5, 11, 12, 30, 0).unwrap(), 41.9028, 12.4964);
    let milan = chart(&ephemeris, Utc.with_ymd_and_hms(1988, 11, 23, 7, 15, 0).unwrap(), 45.4642, 9.19);
    let natal = Wheel::natal(&rome).titled("Natal chart").named("Giulia", None);
    let cross = aspects_across(&rome.placements(), &milan.placements(), &Orbs::default());
    let synastry = Wheel::bi_wheel(&rome, &milan.points, &cross, Ring::Inner).titled("Synastry").named("Giulia", Some("Marco".to_owned()));
    let style = Style::default();

    c.bench_function("natal_svg", |b| b.iter(|| render_svg(black_box(&natal), black_box(&style))));
    c.bench_function("bi_wheel_svg", |b| b.iter(|| render_svg(black_box(&synastry), black_box(&style))));
    let grid = Style { aspect_grid: true, ..Style::default() };
    c.bench_function("bi_wheel_svg_with_grid", |b| b.iter(|| render_svg(black_box(&synastry), black_box(&grid))));

    let svg = render_svg(&natal, &style);
    // The first call loads the shipped font once per process, as a server would.
    svg_to_png(&svg, 800).expect("png");
    c.bench_function("natal_png_800", |b| b.iter(|| svg_to_png(black_box(&svg), 800).expect("png")));
    c.bench_function("natal_svg_and_png_800", |b| b.iter(|| svg_to_png(&render_svg(black_box(&natal), &style), 800).expect("png")));
}

criterion_group!(benches, render);
criterion_main!(benches);
