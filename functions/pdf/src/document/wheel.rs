//! The chart wheel as PDF vector graphics: the shapes of the SVG the chart
//! images are drawn from (`shared::render`), read back with usvg into
//! resolved paths, each written as PDF path operators; and its labels, which
//! the renderer hands over apart, as real text in the report's font. So the
//! report's wheel is the image's wheel, follows every change to it, stays
//! sharp at any zoom, and its labels can be searched.

use printpdf::{
    Line, LineCapStyle, LineDashPattern, LineJoinStyle, LinePoint, Op, PaintMode, Point, Polygon, PolygonRing, Pt, WindingOrder,
};
use shared::render::usvg::tiny_skia_path::PathSegment;
use shared::render::usvg::{self, Node, Paint, Transform};
use shared::render::{LabelAnchor, WheelLabel, WheelLabels};

use super::DocumentError;
use super::canvas::{Align, Ink, PAGE_HEIGHT, Page, Pen, color, round};
use super::font::Face;
use crate::report::Rgb8;

/// Where the drawing goes: the SVG's canvas scaled to fit the box, centred.
struct Placement {
    scale: f32,
    left: f32,
    top: f32,
}

impl Placement {
    fn map(&self, transform: Transform, x: f32, y: f32) -> LinePoint {
        let (x, y) = (transform.sx * x + transform.kx * y + transform.tx, transform.ky * x + transform.sy * y + transform.ty);
        LinePoint {
            p: Point { x: Pt(round(self.left + self.scale * x)), y: Pt(round(PAGE_HEIGHT - (self.top + self.scale * y))) },
            bezier: false,
        }
    }
}

/// Draws the wheel, its shapes (`svg`) and then its `labels`, into the box
/// at (`x`, `y` from the top), `width` × `height` points; returns the
/// height the drawing takes.
pub fn draw(
    page: &mut Page,
    ink: &mut Ink,
    (svg, labels): (&str, &WheelLabels),
    x: f32,
    y: f32,
    width: f32,
    height: f32,
) -> Result<f32, DocumentError> {
    let tree = shared::render::svg_tree(svg).map_err(|e| DocumentError::Wheel(e.to_string()))?;
    let size = tree.size();
    let scale = (width / size.width()).min(height / size.height());
    let placement = Placement { scale, left: x + (width - size.width() * scale) / 2.0, top: y };
    let canvas = (size.width(), size.height());
    walk(tree.root(), page, &placement, canvas);
    // Dashes and line styles end with the shapes.
    page.draw([Op::SetLineDashPattern { dash: LineDashPattern::solid() }]);
    let view_box = view_box_fit(size, labels);
    for label in &labels.labels {
        draw_label(label, page, ink, &placement, view_box);
    }
    Ok(size.height() * scale)
}

/// The labels are in the SVG's `viewBox`, which a viewer fits to the SVG's
/// size, centred (`preserveAspectRatio`'s default, xMidYMid meet: usvg's own
/// fit is not public).
fn view_box_fit(size: usvg::Size, labels: &WheelLabels) -> Transform {
    let (box_width, box_height) = (labels.width as f32, labels.height as f32);
    let fit = (size.width() / box_width).min(size.height() / box_height);
    Transform::from_row(fit, 0.0, 0.0, fit, (size.width() - box_width * fit) / 2.0, (size.height() - box_height * fit) / 2.0)
}

fn walk(group: &usvg::Group, page: &mut Page, placement: &Placement, canvas: (f32, f32)) {
    for node in group.children() {
        match node {
            Node::Group(group) => walk(group, page, placement, canvas),
            Node::Path(path) if path.is_visible() => draw_path(path, page, placement, canvas),
            // No text (the labels come apart) and no raster image (the
            // renderer draws none).
            _ => {}
        }
    }
}

/// A colour with its opacity laid over white paper (the wheel draws no
/// translucent shape over another; this keeps the PDF free of blend states).
fn paint(paint: &Paint, opacity: f32) -> Option<Rgb8> {
    let Paint::Color(c) = paint else { return None };
    Some(over_white([c.red, c.green, c.blue], opacity))
}

fn over_white(rgb: [u8; 3], opacity: f32) -> Rgb8 {
    let mix = |channel: u8| (f32::from(channel) * opacity + 255.0 * (1.0 - opacity)).round() as u8;
    Rgb8(mix(rgb[0]), mix(rgb[1]), mix(rgb[2]))
}

fn draw_path(path: &usvg::Path, page: &mut Page, placement: &Placement, canvas: (f32, f32)) {
    // The canvas background: the page is the background.
    let bounds = path.abs_bounding_box();
    if bounds.x() <= 0.0 && bounds.y() <= 0.0 && bounds.width() >= canvas.0 - 0.5 && bounds.height() >= canvas.1 - 0.5 {
        return;
    }
    let transform = path.abs_transform();
    let mut subpaths: Vec<(Vec<LinePoint>, bool)> = Vec::new();
    let mut current: Vec<LinePoint> = Vec::new();
    let mut last = (0.0_f32, 0.0_f32);
    let control = |x: f32, y: f32| LinePoint { bezier: true, ..placement.map(transform, x, y) };
    for segment in path.data().segments() {
        match segment {
            PathSegment::MoveTo(p) => {
                if current.len() > 1 {
                    subpaths.push((std::mem::take(&mut current), false));
                }
                current.clear();
                current.push(placement.map(transform, p.x, p.y));
                last = (p.x, p.y);
            }
            PathSegment::LineTo(p) => {
                current.push(placement.map(transform, p.x, p.y));
                last = (p.x, p.y);
            }
            PathSegment::QuadTo(q, p) => {
                // The quadratic as the cubic it equals.
                let c1 = (last.0 + 2.0 / 3.0 * (q.x - last.0), last.1 + 2.0 / 3.0 * (q.y - last.1));
                let c2 = (p.x + 2.0 / 3.0 * (q.x - p.x), p.y + 2.0 / 3.0 * (q.y - p.y));
                current.extend([control(c1.0, c1.1), control(c2.0, c2.1), placement.map(transform, p.x, p.y)]);
                last = (p.x, p.y);
            }
            PathSegment::CubicTo(c1, c2, p) => {
                current.extend([control(c1.x, c1.y), control(c2.x, c2.y), placement.map(transform, p.x, p.y)]);
                last = (p.x, p.y);
            }
            PathSegment::Close => {
                if current.len() > 1 {
                    subpaths.push((std::mem::take(&mut current), true));
                }
            }
        }
    }
    if current.len() > 1 {
        subpaths.push((current, false));
    }
    if subpaths.is_empty() {
        return;
    }

    let fill = path.fill().and_then(|fill| paint(fill.paint(), fill.opacity().get()).map(|rgb| (rgb, fill.rule())));
    let stroke = path.stroke().and_then(|stroke| paint(stroke.paint(), stroke.opacity().get()).map(|rgb| (rgb, stroke)));
    if let Some((rgb, stroke)) = &stroke {
        let determinant = (transform.sx * transform.sy - transform.kx * transform.ky).abs().sqrt();
        page.draw([
            Op::SetOutlineColor { col: color(*rgb) },
            Op::SetOutlineThickness { pt: Pt(round(stroke.width().get() * determinant * placement.scale).max(0.1)) },
            Op::SetLineCapStyle {
                cap: match stroke.linecap() {
                    usvg::LineCap::Butt => LineCapStyle::Butt,
                    usvg::LineCap::Round => LineCapStyle::Round,
                    usvg::LineCap::Square => LineCapStyle::ProjectingSquare,
                },
            },
            Op::SetLineJoinStyle {
                join: match stroke.linejoin() {
                    usvg::LineJoin::Round => LineJoinStyle::Round,
                    usvg::LineJoin::Bevel => LineJoinStyle::Bevel,
                    _ => LineJoinStyle::Miter,
                },
            },
            Op::SetLineDashPattern {
                dash: match stroke.dasharray() {
                    Some(dashes) => {
                        let scaled: Vec<f32> = dashes.iter().map(|d| round(d * determinant * placement.scale)).collect();
                        LineDashPattern::new(0.0, &scaled)
                    }
                    None => LineDashPattern::solid(),
                },
            },
        ]);
    }
    match (fill, stroke.is_some()) {
        (Some((rgb, rule)), stroked) => {
            page.draw([
                Op::SetFillColor { col: color(rgb) },
                Op::DrawPolygon {
                    polygon: Polygon {
                        rings: subpaths.into_iter().map(|(points, _)| PolygonRing { points }).collect(),
                        mode: if stroked { PaintMode::FillStroke } else { PaintMode::Fill },
                        winding_order: match rule {
                            usvg::FillRule::EvenOdd => WindingOrder::EvenOdd,
                            usvg::FillRule::NonZero => WindingOrder::NonZero,
                        },
                    },
                },
            ]);
        }
        // Open strokes are drawn one subpath each: a polygon would close them.
        (None, true) => {
            page.draw(subpaths.into_iter().map(|(points, is_closed)| Op::DrawLine { line: Line { points, is_closed } }));
        }
        (None, false) => {}
    }
}

fn draw_label(label: &WheelLabel, page: &mut Page, ink: &mut Ink, placement: &Placement, view_box: Transform) {
    let (rgb, opacity) = label.color.channels();
    let rgb = over_white(rgb, opacity);
    let at = placement.map(view_box, label.x as f32, label.baseline as f32);
    let scale = (view_box.sx * view_box.sy - view_box.kx * view_box.ky).abs().sqrt() * placement.scale;
    let align = match label.anchor {
        LabelAnchor::Start => Align::Left,
        LabelAnchor::Middle => Align::Center,
        LabelAnchor::End => Align::Right,
    };
    page.text(ink, Pen(Face::Regular, round(label.size as f32 * scale), rgb), (at.p.x.0, PAGE_HEIGHT - at.p.y.0), align, &label.text);
}

#[cfg(test)]
mod tests {
    use shared::astro::Ephemeris;
    use shared::content::{ContentKey, compose};
    use shared::language::Language;
    use shared::render::{Style, render_shapes_and_labels, render_svg};

    use super::*;
    use crate::report::{ReportKind, Template, build, sample};

    fn texts_as_usvg_places_them(group: &usvg::Group, out: &mut Vec<(String, f32, f32)>) {
        for node in group.children() {
            match node {
                Node::Group(group) => texts_as_usvg_places_them(group, out),
                Node::Text(text) => {
                    let t = text.abs_transform();
                    for chunk in text.chunks() {
                        let (x, y) = (chunk.x().unwrap_or(0.0), chunk.y().unwrap_or(0.0));
                        out.push((chunk.text().to_owned(), t.sx * x + t.kx * y + t.tx, t.ky * x + t.sy * y + t.ty));
                    }
                }
                _ => {}
            }
        }
    }

    #[test]
    fn the_labels_land_where_the_svg_places_its_texts() {
        let ephemeris = Ephemeris::with_embedded_files().unwrap();
        let texts = |key: &ContentKey| compose(key, Language::Es);
        let request = sample::request(ReportKind::Synastry, Template::Modern, Language::Es);
        let report = build(&ephemeris, &request, &texts, sample::created()).unwrap();
        let style = Style { language: Language::Es, ..Style::default() };
        let tree = shared::render::svg_tree(&render_svg(&report.wheel, &style)).unwrap();
        let mut expected = Vec::new();
        texts_as_usvg_places_them(tree.root(), &mut expected);
        let (_, labels) = render_shapes_and_labels(&report.wheel, &style);
        let fit = view_box_fit(tree.size(), &labels);
        let got: Vec<(String, f32, f32)> = labels
            .labels
            .iter()
            .filter(|l| !l.text.is_empty())
            .map(|l| {
                let (x, y) = (l.x as f32, l.baseline as f32);
                (l.text.clone(), fit.sx * x + fit.kx * y + fit.tx, fit.ky * x + fit.sy * y + fit.ty)
            })
            .collect();
        assert!(expected.len() > 20, "{} texts", expected.len());
        assert_eq!(got.len(), expected.len());
        for (label, text) in got.iter().zip(&expected) {
            assert_eq!(label.0, text.0);
            assert!((label.1 - text.1).abs() < 0.01 && (label.2 - text.2).abs() < 0.01, "{label:?} against {text:?}");
        }
    }
}
