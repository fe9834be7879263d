//! One page's drawing operations, placed in points from the page's top-left
//! corner (PDF's own origin is bottom-left, y up: converted here only), and
//! the characters each face prints (the fonts are subset to them).

use std::collections::BTreeSet;

use printpdf::{
    Actions, BorderArray, Color, ColorArray, Destination, Line, LineCapStyle, LineJoinStyle, LinePoint, LinkAnnotation, Op, PaintMode,
    PdfFontHandle, Point, Polygon, PolygonRing, Pt, Rect, Rgb, TextItem, TextMatrix, WindingOrder,
};

use super::font::Face;
use crate::report::Rgb8;

/// A4 in points.
pub const PAGE_WIDTH: f32 = 595.28;
pub const PAGE_HEIGHT: f32 = 841.89;

/// Coordinates are written with two decimals: finer than any printer, and
/// the content streams stay short.
pub fn round(value: f32) -> f32 {
    (value * 100.0).round() / 100.0
}

pub fn color(rgb: Rgb8) -> Color {
    Color::Rgb(Rgb::new(f32::from(rgb.0) / 255.0, f32::from(rgb.1) / 255.0, f32::from(rgb.2) / 255.0, None))
}

fn point(x: f32, y_from_top: f32) -> LinePoint {
    LinePoint { p: Point { x: Pt(round(x)), y: Pt(round(PAGE_HEIGHT - y_from_top)) }, bezier: false }
}

/// The characters printed in each face, over the whole document.
#[derive(Debug, Default)]
pub struct Ink {
    used: [BTreeSet<char>; 2],
}

impl Ink {
    pub fn used(&self, face: Face) -> &BTreeSet<char> {
        &self.used[face as usize]
    }
}

/// How text is set: the face, the size in points and the colour.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Pen(pub Face, pub f32, pub Rgb8);

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Align {
    Left,
    Center,
    Right,
}

/// A page being drawn.
#[derive(Debug, Default)]
pub struct Page {
    pub ops: Vec<Op>,
}

impl Page {
    /// `text` with its baseline at `at` (x, y from the top), starting at x
    /// (left), centred on it or ending at it. A character the face lacks
    /// prints as `?` rather than as an empty box. Returns the width.
    pub fn text(&mut self, ink: &mut Ink, pen: Pen, at: (f32, f32), align: Align, text: &str) -> f32 {
        let Pen(face, size, rgb) = pen;
        let (x, y) = at;
        let text: String = text.chars().map(|c| if c == ' ' || face.has(c) { c } else { '?' }).collect();
        if text.trim().is_empty() {
            return 0.0;
        }
        ink.used[face as usize].extend(text.chars());
        let width = face.width(&text, size);
        let left = match align {
            Align::Left => x,
            Align::Center => x - width / 2.0,
            Align::Right => x - width,
        };
        self.ops.extend([
            Op::StartTextSection,
            Op::SetFont { font: PdfFontHandle::External(printpdf::FontId(face.resource().to_owned())), size: Pt(size) },
            Op::SetFillColor { col: color(rgb) },
            Op::SetTextMatrix { matrix: TextMatrix::Translate(Pt(round(left)), Pt(round(PAGE_HEIGHT - y))) },
            Op::ShowText { items: vec![TextItem::Text(text)] },
            Op::EndTextSection,
        ]);
        width
    }

    pub fn line(&mut self, from: (f32, f32), to: (f32, f32), width: f32, rgb: Rgb8) {
        self.ops.extend([
            Op::SetOutlineColor { col: color(rgb) },
            Op::SetOutlineThickness { pt: Pt(width) },
            Op::SetLineCapStyle { cap: LineCapStyle::Butt },
            Op::SetLineJoinStyle { join: LineJoinStyle::Miter },
            Op::DrawLine { line: Line { points: vec![point(from.0, from.1), point(to.0, to.1)], is_closed: false } },
        ]);
    }

    /// A filled rectangle, `y` its top edge.
    pub fn fill_rect(&mut self, x: f32, y: f32, width: f32, height: f32, rgb: Rgb8) {
        self.ops.push(Op::SetFillColor { col: color(rgb) });
        self.ops.push(Op::DrawPolygon {
            polygon: Polygon {
                rings: vec![PolygonRing {
                    points: vec![point(x, y), point(x + width, y), point(x + width, y + height), point(x, y + height)],
                }],
                mode: PaintMode::Fill,
                winding_order: WindingOrder::NonZero,
            },
        });
    }

    /// A stroked rectangle, `y` its top edge.
    pub fn stroke_rect(&mut self, x: f32, y: f32, width: f32, height: f32, line_width: f32, rgb: Rgb8) {
        self.ops.extend([Op::SetOutlineColor { col: color(rgb) }, Op::SetOutlineThickness { pt: Pt(line_width) }]);
        self.ops.push(Op::DrawLine {
            line: Line {
                points: vec![point(x, y), point(x + width, y), point(x + width, y + height), point(x, y + height)],
                is_closed: true,
            },
        });
    }

    /// A clickable area (`y` its top) that opens page `target` (1-based).
    pub fn link_to_page(&mut self, x: f32, y: f32, width: f32, height: f32, target: usize) {
        self.ops.push(Op::LinkAnnotation {
            link: LinkAnnotation::new(
                Rect::from_xywh(Pt(round(x)), Pt(round(PAGE_HEIGHT - y - height)), Pt(round(width)), Pt(round(height))),
                Actions::go_to(Destination::Xyz { page: target, left: None, top: None, zoom: None }),
                Some(BorderArray::Solid([0.0, 0.0, 0.0])),
                Some(ColorArray::Transparent),
                None,
            ),
        });
    }
}

/// `text` broken into lines no wider than `width` at `size`, at spaces (a
/// word longer than a line stands alone on its line).
pub fn wrap(text: &str, face: Face, size: f32, width: f32) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    let space = face.width(" ", size);
    let mut line_width = 0.0;
    for word in text.split_whitespace() {
        let word_width = face.width(word, size);
        if !line.is_empty() && line_width + space + word_width > width {
            lines.push(std::mem::take(&mut line));
            line_width = 0.0;
        }
        if !line.is_empty() {
            line.push(' ');
            line_width += space;
        }
        line.push_str(word);
        line_width += word_width;
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrapped_lines_fit_and_keep_every_word() {
        let text = "Con el Sol en Tauro, la constancia y el gusto por lo tangible marcan el carácter; la paciencia es una fuerza.";
        let lines = wrap(text, Face::Regular, 10.0, 150.0);
        assert!(lines.len() > 2);
        for line in &lines {
            assert!(Face::Regular.width(line, 10.0) <= 150.0, "{line}");
        }
        assert_eq!(lines.join(" "), text);
    }
}
