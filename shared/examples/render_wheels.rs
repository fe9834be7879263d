//! Renders the chart wheels shown in the README to `docs/images/`:
//! `cargo run -p shared --example render_wheels --features png [-- OUT_DIR]`.
//!
//! Natal light and dark (Rome, 1990-05-11 14:30 CEST), a synastry bi-wheel
//! with its aspect grid, and a stellium of six points within 10°.

use std::path::PathBuf;

use chrono::{DateTime, TimeZone, Utc};
use shared::astro::aspect::{Orbs, aspects_across};
use shared::astro::chart::{ChartInput, MoonCenter, NatalChart};
use shared::astro::ephemeris::Ephemeris;
use shared::astro::house::HouseSystem;
use shared::astro::point::PointId;
use shared::astro::time::JulianDay;
use shared::render::{ChartSize, Ring, Style, Theme, Wheel, layout, render_svg, svg_to_png};

fn chart(ephemeris: &Ephemeris, instant: DateTime<Utc>, latitude: f64, longitude: f64, points: Vec<PointId>) -> NatalChart {
    let input = ChartInput {
        frame: Default::default(),
        instant: JulianDay::from_utc(instant),
        latitude,
        longitude,
        house_system: HouseSystem::Placidus,
        moon_center: MoonCenter::Topocentric,
        points,
        orbs: Orbs::default(),
    };
    NatalChart::compute(ephemeris, &input).expect("chart")
}

fn main() {
    let out = std::env::args().nth(1).map_or_else(|| PathBuf::from("docs/images"), PathBuf::from);
    std::fs::create_dir_all(&out).expect("output directory");
    let ephemeris = Ephemeris::with_embedded_files().expect("ephemeris");
    let points = PointId::defaults(ephemeris.chiron_available());

    let rome = chart(&ephemeris, Utc.with_ymd_and_hms(1990, 5, 11, 12, 30, 0).unwrap(), 41.9028, 12.4964, points.clone());
    let natal = Wheel::natal(&rome).titled("Natal chart").named("Rome, 11 May 1990, 14:30", None);

    let milan = chart(&ephemeris, Utc.with_ymd_and_hms(1988, 11, 23, 7, 15, 0).unwrap(), 45.4642, 9.19, points.clone());
    let cross = aspects_across(&rome.placements(), &milan.placements(), &Orbs::default());
    let synastry = Wheel::bi_wheel(&rome, &milan.points, &cross, Ring::Inner)
        .titled("Synastry")
        .named("Giulia (inner)", Some("Marco (outer)".to_owned()));

    // The Aquarius stellium of 5 February 1962 at sunrise in Bangkok: Sun,
    // Moon, Mercury, Venus, Jupiter and the Part of Fortune within 10°, Mars
    // and Saturn a few degrees off, the ascendant among them.
    let mut stellium_points = points;
    stellium_points.push(PointId::PartOfFortune);
    let stellium_chart = chart(&ephemeris, Utc.with_ymd_and_hms(1962, 2, 5, 0, 10, 0).unwrap(), 13.7563, 100.5018, stellium_points);
    let stellium = Wheel::natal(&stellium_chart).titled("Stellium").named("Bangkok, 5 February 1962, 07:10", None);

    let renders = [
        ("natal-light", natal.clone(), Style::themed(Theme::Light)),
        ("natal-dark", natal, Style::themed(Theme::Dark)),
        ("synastry", synastry, Style { aspect_grid: true, ..Style::themed(Theme::Light) }),
        ("stellium", stellium, Style::themed(Theme::Light)),
    ];
    for (name, wheel, style) in renders {
        let svg = render_svg(&wheel, &style);
        // 800 px for the wheel's square (the synastry's aspect grid widens it).
        let (width, _) = layout(&wheel, &style).pixel_size(ChartSize::from_pixels(800).expect("size"));
        let png = svg_to_png(&svg, width).expect("png");
        std::fs::write(out.join(format!("{name}.png")), &png).expect("write png");
        println!("{} ({} bytes SVG, {} bytes PNG)", out.join(format!("{name}.png")).display(), svg.len(), png.len());
    }
}
