//! The astrocartography world map (issue 34: SVG under 20 ms, PNG under
//! 150 ms), from the lines of ten bodies to the bytes, no HTTP.
//! `cargo bench -p shared --features png --bench astrocartography_map`

use criterion::{Criterion, criterion_group, criterion_main};
use shared::astro::Ephemeris;
use shared::astro::astrocartography::{MapAngle, MapInput, MapMode, astrocartography};
use shared::astro::point::PointId;
use shared::astro::time::JulianDay;
use shared::render::{MAP_DEFAULT_PIXELS, MapTrace, Style, WorldMap, render_map_svg, svg_to_png};

fn world_map(ephemeris: &Ephemeris, instant: f64) -> WorldMap {
    let input =
        MapInput { instant: JulianDay(instant), points: PointId::ALL[..10].to_vec(), angles: MapAngle::ALL.to_vec(), mode: MapMode::Mundo };
    let map = astrocartography(ephemeris, &input).expect("lines");
    WorldMap {
        title: "Astrocartography".into(),
        subtitle: "11 May 1990, 12:30 UT · 41°54′N 12°30′E · lines in mundo".into(),
        lines: map.lines.into_iter().map(|l| MapTrace { point: l.point, angle: l.angle, segments: l.segments }).collect(),
        local_space: Vec::new(),
        birth_place: [12.4964, 41.9028],
    }
}

fn map(c: &mut Criterion) {
    let ephemeris = Ephemeris::with_embedded_files().expect("ephemeris");
    let style = Style::default();
    let mut day = 0.0;
    c.bench_function("astrocartography_map_svg_with_lines", |b| {
        b.iter(|| {
            day = (day + 37.3) % 30_000.0;
            let drawn = world_map(&ephemeris, 2_447_893.0 + day);
            render_map_svg(std::hint::black_box(&drawn), &style, MAP_DEFAULT_PIXELS)
        })
    });
    let svg = render_map_svg(&world_map(&ephemeris, 2_448_023.02), &style, MAP_DEFAULT_PIXELS);
    let mut group = c.benchmark_group("astrocartography_map");
    group.sample_size(20);
    group.bench_function("png_1600", |b| b.iter(|| svg_to_png(std::hint::black_box(&svg), MAP_DEFAULT_PIXELS).expect("png")));
    group.finish();
}

criterion_group!(benches, map);
criterion_main!(benches);
