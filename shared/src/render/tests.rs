use chrono::{TimeZone, Utc};
use serde_json::json;

use super::layout::spread;
use super::*;
use crate::astro::aspect::{Orbs, aspects_across};
use crate::astro::chart::{ChartInput, MoonCenter};
use crate::astro::ephemeris::Ephemeris;
use crate::astro::house::HouseSystem;
use crate::astro::time::JulianDay;
use crate::astro::zodiac::angular_distance;

/// Rome, 1990-05-11 14:30 CEST (12:30 UT), every point the renderer knows.
pub(super) fn rome_natal() -> NatalChart {
    chart_at(Utc.with_ymd_and_hms(1990, 5, 11, 12, 30, 0).unwrap(), 41.9028, 12.4964)
}

pub(super) fn chart_at(instant: chrono::DateTime<Utc>, latitude: f64, longitude: f64) -> NatalChart {
    let ephemeris = Ephemeris::with_embedded_files().unwrap();
    let points: Vec<PointId> = PointId::ALL.into_iter().filter(|p| *p != PointId::Chiron || ephemeris.chiron_available()).collect();
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
    NatalChart::compute(&ephemeris, &input).unwrap()
}

fn synastry() -> Wheel {
    let one = rome_natal();
    let two = chart_at(Utc.with_ymd_and_hms(1988, 11, 23, 7, 15, 0).unwrap(), 45.4642, 9.19);
    let cross = aspects_across(&one.placements(), &two.placements(), &Orbs::default());
    Wheel::bi_wheel(&one, &two.points, &cross, Ring::Inner).titled("Synastry").named("Giulia", Some("Marco".to_owned()))
}

fn at(point: PointId, longitude: f64) -> WheelPoint {
    WheelPoint { point, longitude, retrograde: point == PointId::Saturn }
}

/// Six points within 10°, and more around them.
fn stellium(base: f64) -> Vec<WheelPoint> {
    let mut points: Vec<WheelPoint> = [PointId::Sun, PointId::Moon, PointId::Mercury, PointId::Venus, PointId::Mars, PointId::Jupiter]
        .into_iter()
        .zip([0.0, 1.2, 3.5, 5.0, 7.9, 9.6])
        .map(|(point, offset)| at(point, base + offset))
        .collect();
    points.extend([at(PointId::Saturn, base + 14.0), at(PointId::Uranus, base - 6.0), at(PointId::Pluto, base + 180.0)]);
    points
}

fn document(svg: &str) -> roxmltree::Document<'_> {
    roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("not XML: {e}"))
}

/// What the SVG must never hold: script, event attributes, references out
/// of the document.
fn assert_inert(svg: &str) {
    assert!(!svg.to_ascii_lowercase().contains("<script"));
    assert!(!svg.to_ascii_lowercase().contains("javascript:"));
    let doc = document(svg);
    for node in doc.descendants().filter(|n| n.is_element()) {
        assert_ne!(node.tag_name().name().to_ascii_lowercase(), "script");
        assert_ne!(node.tag_name().name(), "foreignObject");
        for attribute in node.attributes() {
            assert!(!attribute.name().to_ascii_lowercase().starts_with("on"), "event attribute {}", attribute.name());
            if attribute.name() == "href" {
                assert!(attribute.value().starts_with("#glyph-"), "external reference {}", attribute.value());
            }
            assert!(!attribute.value().contains("url("), "reference in {}", attribute.name());
        }
    }
}

#[test]
fn the_same_wheel_gives_the_same_bytes() {
    let wheel = Wheel::natal(&rome_natal()).titled("Natal chart").named("Giulia", None);
    for style in [Style::themed(Theme::Light), Style::themed(Theme::Dark)] {
        let first = render_svg(&wheel, &style);
        assert_eq!(first, render_svg(&wheel.clone(), &style.clone()));
    }
    let wheel = synastry();
    let style = Style { aspect_grid: true, ..Style::default() };
    assert_eq!(render_svg(&wheel, &style), render_svg(&wheel, &style));
}

#[test]
fn every_requested_point_is_drawn_exactly_once() {
    let natal = rome_natal();
    let svg = render_svg(&Wheel::natal(&natal), &Style::default());
    let doc = document(&svg);
    let count = |ring: &str, id: &str| {
        doc.descendants().filter(|n| n.attribute("data-ring") == Some(ring) && n.attribute("data-point") == Some(id)).collect::<Vec<_>>()
    };
    for placement in &natal.points {
        let groups = count("inner", placement.point.id());
        assert_eq!(groups.len(), 1, "{:?}", placement.point);
        let glyph = format!("#glyph-{}", placement.point.id());
        let uses = groups[0].descendants().filter(|n| n.attribute("href") == Some(glyph.as_str())).count();
        assert_eq!(uses, 1, "{:?}", placement.point);
    }
    assert_eq!(doc.descendants().filter(|n| n.attribute("data-point").is_some()).count(), natal.points.len());
    // Glyphs are defined once and reused.
    for placement in &natal.points {
        let id = format!("glyph-{}", placement.point.id());
        assert_eq!(doc.descendants().filter(|n| n.attribute("id") == Some(id.as_str())).count(), 1);
    }

    let wheel = synastry();
    let svg = render_svg(&wheel, &Style { aspect_grid: true, ..Style::default() });
    let doc = document(&svg);
    for (ring, points) in [("inner", &wheel.inner.points), ("outer", &wheel.outer.as_ref().unwrap().points)] {
        for point in points {
            let found = doc
                .descendants()
                .filter(|n| n.attribute("data-ring") == Some(ring) && n.attribute("data-point") == Some(point.point.id()))
                .count();
            assert_eq!(found, 1, "{ring} {:?}", point.point);
        }
    }
}

#[test]
fn a_stellium_spreads_without_overlapping_glyphs() {
    for base in [40.0, 355.0, 175.0] {
        let wheel = Wheel { inner: ChartRing { points: stellium(base), ..ChartRing::default() }, ..Wheel::default() };
        let placed = layout(&wheel, &Style::default());
        assert!(placed.overlapping_glyphs().is_empty(), "{base}: {:?}", placed.overlapping_glyphs());
        // Nobody is moved further than the stellium needs.
        for point in &placed.rings[0].points {
            assert!(angular_distance(point.longitude, point.display_longitude) < 25.0, "{point:?}");
        }
        let svg = render_svg(&wheel, &Style::default());
        assert_inert(&svg);
    }
    // Both rings of a bi-wheel, with the stellium in each.
    let ring = |base| ChartRing { points: stellium(base), ..ChartRing::default() };
    let wheel = Wheel { inner: ring(100.0), outer: Some(ring(104.0)), ..Wheel::default() };
    let placed = layout(&wheel, &Style::default());
    assert_eq!(placed.rings.len(), 2);
    assert!(placed.overlapping_glyphs().is_empty(), "{:?}", placed.overlapping_glyphs());
    // And the real charts.
    assert!(layout(&synastry(), &Style::default()).overlapping_glyphs().is_empty());
    assert!(layout(&Wheel::natal(&rome_natal()), &Style::default()).overlapping_glyphs().is_empty());
}

#[test]
fn spreading_keeps_the_zodiacal_order_and_the_gap() {
    let gap = 7.0;
    for longitudes in [vec![10.0, 11.0, 12.0, 13.0, 14.0, 15.0], vec![357.0, 358.5, 0.5, 2.0, 3.0, 359.0], vec![0.0; 6], vec![5.0, 100.0]] {
        let shown = spread(&longitudes, gap);
        let mut order: Vec<usize> = (0..shown.len()).collect();
        order.sort_by(|&a, &b| shown[a].total_cmp(&shown[b]));
        for k in 0..order.len() {
            let (a, b) = (shown[order[k]], shown[order[(k + 1) % order.len()]]);
            assert!(crate::astro::zodiac::normalize_degrees(b - a) >= gap - 1e-6 || order.len() == 1, "{longitudes:?} -> {shown:?}");
        }
        // Points far from others stay where they are.
        if longitudes == [5.0, 100.0] {
            assert_eq!(shown, longitudes);
        }
    }
    // The order around the circle is kept: across Aries too.
    let shown = spread(&[357.0, 358.5, 0.5, 2.0], 7.0);
    let unwrapped: Vec<f64> = shown.iter().map(|&l| if l > 180.0 { l - 360.0 } else { l }).collect();
    assert!(unwrapped.windows(2).all(|w| w[0] < w[1]), "{shown:?}");
    // More points than fit: the gap shrinks to share the circle.
    let crowded: Vec<f64> = (0..60).map(f64::from).collect();
    let shown = spread(&crowded, 7.0);
    assert!(shown.iter().all(|l| (0.0..360.0).contains(l)));
}

#[test]
fn markup_in_names_and_labels_is_text() {
    let attack = "<script>alert(1)</script>";
    let style =
        Style::from_customization(&json!({"labels": {"sun": attack, "ascendant": attack, "aries": "\"><svg onload=alert(1)>"}})).unwrap();
    let wheel = Wheel::natal(&rome_natal()).titled(attack).named(format!("{attack}&\"'"), None);
    let svg = render_svg(&wheel, &style);
    assert_inert(&svg);
    assert!(svg.contains("&lt;script&gt;alert(1)&lt;/script&gt;"));
    let doc = document(&svg);
    let texts: Vec<&str> = doc.descendants().filter_map(|n| n.text()).collect();
    assert!(texts.contains(&attack), "the title is drawn as text");
    assert!(texts.iter().any(|t| t.starts_with("<script>alert(1)</script> ")), "the label names the Sun");

    let mut bi = synastry();
    bi.outer.as_mut().unwrap().name = Some(attack.to_owned());
    assert_inert(&render_svg(&bi, &style));
}

#[test]
fn charts_are_well_formed_in_every_style() {
    let natal = Wheel::natal(&rome_natal()).titled("Natal chart");
    for customization in [
        json!({}),
        json!({"widgetOptions": {"theme": "dark", "chartSize": "small"}, "chartSettings": {"aspectGrid": true}}),
        json!({"widgetOptions": {"showAspects": false, "showHouses": false}, "language": "es"}),
        json!({"widgetOptions": {"showPoints": false}, "colors": {"primary": "hsl(200, 80%, 40%)", "background": "#0000"}}),
    ] {
        let style = Style::from_customization(&customization).unwrap();
        for wheel in [&natal, &synastry()] {
            let svg = render_svg(wheel, &style);
            assert_inert(&svg);
            let doc = document(&svg);
            let root = doc.root_element();
            assert_eq!(root.tag_name().name(), "svg");
            let has = |class: &str| doc.descendants().any(|n| n.attribute("class") == Some(class));
            assert_eq!(has("houses"), style.show_houses);
            assert_eq!(has("aspects"), style.show_aspects);
            assert_eq!(has("aspect-grid"), style.aspect_grid);
            assert_eq!(doc.descendants().any(|n| n.attribute("data-point").is_some()), style.show_points);
        }
    }
}

#[test]
fn the_language_and_labels_name_the_angles() {
    let wheel = Wheel::natal(&rome_natal());
    let texts = |style: &Style| {
        let svg = render_svg(&wheel, style);
        document(&svg).descendants().filter_map(|n| n.text().map(str::to_owned)).collect::<Vec<_>>()
    };
    let english = texts(&Style::default());
    assert!(["ASC", "MC", "DSC", "IC"].iter().all(|a| english.iter().any(|t| t == a)));
    let spanish = texts(&Style::from_customization(&json!({"language": "es"})).unwrap());
    assert!(["AC", "MC", "DC", "FC"].iter().all(|a| spanish.iter().any(|t| t == a)));
    assert!(spanish.iter().any(|t| t.starts_with("Sol ")));
    let labelled = texts(&Style::from_customization(&json!({"labels": {"ascendant": "Rising", "moon": "Luna"}})).unwrap());
    assert!(labelled.iter().any(|t| t == "Rising") && labelled.iter().any(|t| t.starts_with("Luna ")));
}

#[test]
fn the_font_family_cannot_escape_its_attribute() {
    let style = Style::from_customization(&json!({"fonts": {"family": "Inter, 'Noto Sans'"}})).unwrap();
    let svg = render_svg(&Wheel::natal(&rome_natal()), &style);
    assert_eq!(document(&svg).root_element().attribute("font-family"), Some("'Inter', 'Noto Sans', 'DejaVu Sans', sans-serif"));
}

#[test]
fn odd_input_still_gives_a_document() {
    let wheel = Wheel {
        inner: ChartRing {
            points: vec![at(PointId::Sun, f64::NAN), at(PointId::Moon, 10.0), at(PointId::Moon, 20.0), at(PointId::Mars, -725.0)],
            angles: vec![(AngleId::Ascendant, f64::INFINITY)],
            cusps: Some([f64::NAN; 12]),
            name: None,
        },
        ..Wheel::default()
    };
    let svg = render_svg(&wheel, &Style::default());
    let doc = document(&svg);
    assert_eq!(doc.descendants().filter(|n| n.attribute("data-point").is_some()).count(), 2);
    assert!(!svg.contains("NaN") && !svg.contains("inf"));
    assert_inert(&render_svg(&Wheel::default(), &Style::default()));
}

#[cfg(feature = "png")]
#[test]
fn resvg_draws_a_chart_that_is_not_blank() {
    use resvg::tiny_skia::Pixmap;

    for style in [Style::themed(Theme::Light), Style::themed(Theme::Dark)] {
        let svg = render_svg(&Wheel::natal(&rome_natal()).titled("Natal"), &style);
        let png = svg_to_png(&svg, 400).unwrap();
        let pixmap = Pixmap::decode_png(&png).unwrap();
        assert_eq!(pixmap.width(), 400);
        let background = pixmap.pixel(2, 2).unwrap();
        let differing = (0..pixmap.height())
            .flat_map(|y| (0..pixmap.width()).map(move |x| (x, y)))
            .filter(|&(x, y)| pixmap.pixel(x, y) != Some(background))
            .count();
        let share = differing as f64 / f64::from(pixmap.width() * pixmap.height());
        assert!(share > 0.1, "only {share} of the pixels are drawn");
    }
    assert!(matches!(svg_to_png("<svg", 400), Err(PngError::Svg(_))));
    let svg = render_svg(&synastry(), &Style::default());
    assert_eq!(svg_to_png(&svg, 199), Err(PngError::Width { got: 199, min: 200, max: 4000 }));
    assert!(svg_to_png(&svg, 200).is_ok());
}

#[cfg(feature = "png")]
#[test]
fn labels_are_drawn_with_the_shipped_font() {
    // Text needs a font: with the shipped one the label becomes a path.
    let svg = r#"<svg xmlns="http://www.w3.org/2000/svg" width="200" height="50" font-family="'NoSuchFont', sans-serif"><text x="10" y="30" font-size="20">14°23′</text></svg>"#;
    let png = svg_to_png(svg, 200).unwrap();
    let pixmap = resvg::tiny_skia::Pixmap::decode_png(&png).unwrap();
    assert!(pixmap.pixels().iter().any(|p| p.alpha() > 0), "the text was drawn");
}

#[test]
fn the_shapes_and_labels_are_the_svg_with_its_texts_apart() {
    let style = Style::from_customization(&json!({"labels": {"sun": "  Sol\t de  <día> "}})).unwrap();
    for wheel in [Wheel::natal(&rome_natal()).titled("Natal").named("María  José", None), synastry()] {
        let svg = render_svg(&wheel, &style);
        let (shapes, labels) = render_shapes_and_labels(&wheel, &style);
        let doc = document(&svg);
        let view_box: Vec<f64> = doc.root_element().attribute("viewBox").unwrap().split(' ').map(|v| v.parse().unwrap()).collect();
        assert_eq!(view_box, [0.0, 0.0, labels.width, labels.height]);
        let texts: Vec<WheelLabel> = doc
            .descendants()
            .filter(|n| n.has_tag_name("text"))
            .map(|n| {
                let number = |name: &str| n.attribute(name).unwrap().parse::<f64>().unwrap();
                let viewed: Vec<&str> = n.text().unwrap_or("").split([' ', '\t', '\n', '\r']).filter(|w| !w.is_empty()).collect();
                WheelLabel {
                    text: viewed.join(" "),
                    x: number("x"),
                    baseline: number("y"),
                    size: number("font-size"),
                    anchor: match n.attribute("text-anchor") {
                        Some("middle") => LabelAnchor::Middle,
                        Some("end") => LabelAnchor::End,
                        _ => LabelAnchor::Start,
                    },
                    color: Color::parse(n.attribute("fill").unwrap()).unwrap(),
                }
            })
            .collect();
        assert!(texts.len() > 20, "{} texts", texts.len());
        assert_eq!(labels.labels, texts);
        assert!(!shapes.contains("<text"), "the shapes hold no text");
        // Without its texts the SVG is the same document.
        let mut without_texts = svg.clone();
        while let Some(start) = without_texts.find("<text ") {
            let end = start + without_texts[start..].find("</text>").unwrap() + "</text>".len();
            without_texts.replace_range(start..end, "");
        }
        assert_eq!(shapes, without_texts);
    }
}
