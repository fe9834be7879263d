//! One page's drawing operations, placed in points from the page's top-left
//! corner (PDF's own origin is bottom-left, y up: converted here only), and
//! the characters each face prints (the fonts are subset to them).

use std::collections::BTreeSet;

use printpdf::{
    Actions, BorderArray, Color, ColorArray, Destination, Line, LineCapStyle, LineDashPattern, LineJoinStyle, LinePoint, LinkAnnotation,
    Op, PaintMode, PdfFontHandle, Point, Polygon, PolygonRing, Pt, Rect, Rgb, TextItem, WindingOrder,
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
    used: [Chars; 2],
}

impl Ink {
    pub fn used(&self, face: Face) -> BTreeSet<char> {
        self.used[face as usize].to_set()
    }
}

/// A set of characters, marked for every character a report prints: a bit
/// for each one below U+2800 (the letters and symbols reports print), a
/// sorted set for the rest.
#[derive(Debug)]
struct Chars {
    low: Vec<u64>,
    high: BTreeSet<char>,
}

impl Default for Chars {
    fn default() -> Self {
        Self { low: vec![0; Self::LOW as usize / 64], high: BTreeSet::new() }
    }
}

impl Chars {
    /// The bit table's reach: the characters the faces table too.
    const LOW: u32 = Face::TABLED;

    fn insert(&mut self, c: char) {
        let code = c as u32;
        if code < Self::LOW {
            self.low[(code / 64) as usize] |= 1 << (code % 64);
        } else {
            self.high.insert(c);
        }
    }

    fn to_set(&self) -> BTreeSet<char> {
        let low = self.low.iter().enumerate().flat_map(|(word, bits)| {
            (0..64).filter(move |bit| bits & (1 << bit) != 0).filter_map(move |bit| char::from_u32(word as u32 * 64 + bit))
        });
        low.chain(self.high.iter().copied()).collect()
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
///
/// Consecutive texts share one text object and repeat the font and colour
/// only when they change: a report is mostly lines of text, and an object,
/// a font and a colour for every line were most of what printpdf serialized
/// and zlib compressed. Any other drawing closes the open text object first.
#[derive(Debug, Default)]
pub struct Page {
    ops: Vec<Op>,
    /// A text object (`BT`) is open.
    in_text: bool,
    /// The font and size set last, if known.
    font: Option<(Face, f32)>,
    /// The fill colour set last by a text, if no other drawing came since.
    fill: Option<Rgb8>,
    /// Where the open text object's current line starts (PDF coordinates):
    /// each text moves from there (`Td`, two numbers, rather than a whole
    /// matrix, six).
    line: (f32, f32),
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
        let used = &mut ink.used[face as usize];
        text.chars().for_each(|c| used.insert(c));
        let width = face.width(&text, size);
        let left = match align {
            Align::Left => x,
            Align::Center => x - width / 2.0,
            Align::Right => x - width,
        };
        if !self.in_text {
            self.ops.push(Op::StartTextSection);
            self.in_text = true;
            self.line = (0.0, 0.0);
        }
        if self.font != Some((face, size)) {
            self.ops.push(Op::SetFont { font: PdfFontHandle::External(printpdf::FontId(face.resource().to_owned())), size: Pt(size) });
            self.font = Some((face, size));
        }
        if self.fill != Some(rgb) {
            self.ops.push(Op::SetFillColor { col: color(rgb) });
            self.fill = Some(rgb);
        }
        // `Td` moves from the current line's start (PDF 32000-1 §9.4.2;
        // printpdf =0.12.8 writes `SetTextCursor` as that operator, not as
        // an absolute place). The move is rounded as every coordinate is,
        // from where the last one led: the rounding never adds up.
        let step = (round(round(left) - self.line.0), round(round(PAGE_HEIGHT - y) - self.line.1));
        self.line = (self.line.0 + step.0, self.line.1 + step.1);
        self.ops.extend([
            Op::SetTextCursor { pos: Point { x: Pt(step.0), y: Pt(step.1) } },
            Op::ShowText { items: vec![TextItem::Text(text)] },
        ]);
        width
    }

    /// Drawing other than text: the open text object is closed first, and
    /// the fill colour is no longer known. The operations must not open or
    /// close text objects, set a font, or save and restore the graphics
    /// state: the page's text state would no longer be what it tracks.
    pub fn draw(&mut self, ops: impl IntoIterator<Item = Op>) {
        self.end_text();
        self.fill = None;
        for op in ops {
            debug_assert!(
                !matches!(
                    op,
                    Op::StartTextSection | Op::EndTextSection | Op::SetFont { .. } | Op::SaveGraphicsState | Op::RestoreGraphicsState
                ),
                "not a shape's operation: {op:?}"
            );
            self.ops.push(op);
        }
    }

    fn end_text(&mut self) {
        if self.in_text {
            self.ops.push(Op::EndTextSection);
            self.in_text = false;
        }
    }

    /// `under`'s drawing placed beneath this page's (drawn first). This
    /// page's operations never rely on state `under` leaves: a page starts
    /// with no font or colour known, so its first text sets both.
    pub fn lay_over(&mut self, mut under: Page) {
        under.end_text();
        under.ops.append(&mut self.ops);
        self.ops = under.ops;
    }

    /// The page's operations, the open text object closed.
    pub fn into_ops(mut self) -> Vec<Op> {
        self.end_text();
        self.ops
    }

    pub fn line(&mut self, from: (f32, f32), to: (f32, f32), width: f32, rgb: Rgb8) {
        self.draw([
            Op::SetOutlineColor { col: color(rgb) },
            Op::SetOutlineThickness { pt: Pt(width) },
            Op::SetLineCapStyle { cap: LineCapStyle::Butt },
            Op::SetLineJoinStyle { join: LineJoinStyle::Miter },
            Op::DrawLine { line: Line { points: vec![point(from.0, from.1), point(to.0, to.1)], is_closed: false } },
        ]);
    }

    /// A row of `dot`-point squares every `step` points, centred on the
    /// height of `from`, from its x to the last square that starts before
    /// `to`: one dashed stroke (a contents page's leaders drawn square by
    /// square were 40 % of a report's drawing operations).
    pub fn dotted_line(&mut self, from: (f32, f32), to: f32, dot: f32, step: f32, rgb: Rgb8) {
        debug_assert!(step > dot, "squares {dot} points wide every {step} points touch");
        let (x, y) = from;
        if to <= x {
            return;
        }
        let dots = ((to - x) / step).ceil();
        let end = x + (dots - 1.0) * step + dot;
        self.draw([
            Op::SetOutlineColor { col: color(rgb) },
            Op::SetOutlineThickness { pt: Pt(dot) },
            Op::SetLineCapStyle { cap: LineCapStyle::Butt },
            Op::SetLineDashPattern { dash: LineDashPattern::new(0.0, &[dot, step - dot]) },
            Op::DrawLine { line: Line { points: vec![point(x, y), point(end, y)], is_closed: false } },
            Op::SetLineDashPattern { dash: LineDashPattern::solid() },
        ]);
    }

    /// A filled rectangle, `y` its top edge.
    pub fn fill_rect(&mut self, x: f32, y: f32, width: f32, height: f32, rgb: Rgb8) {
        self.draw([
            Op::SetFillColor { col: color(rgb) },
            Op::DrawPolygon {
                polygon: Polygon {
                    rings: vec![PolygonRing {
                        points: vec![point(x, y), point(x + width, y), point(x + width, y + height), point(x, y + height)],
                    }],
                    mode: PaintMode::Fill,
                    winding_order: WindingOrder::NonZero,
                },
            },
        ]);
    }

    /// A stroked rectangle, `y` its top edge.
    pub fn stroke_rect(&mut self, x: f32, y: f32, width: f32, height: f32, line_width: f32, rgb: Rgb8) {
        self.draw([
            Op::SetOutlineColor { col: color(rgb) },
            Op::SetOutlineThickness { pt: Pt(line_width) },
            Op::DrawLine {
                line: Line {
                    points: vec![point(x, y), point(x + width, y), point(x + width, y + height), point(x, y + height)],
                    is_closed: true,
                },
            },
        ]);
    }

    /// A clickable area (`y` its top) that opens page `target` (1-based).
    pub fn link_to_page(&mut self, x: f32, y: f32, width: f32, height: f32, target: usize) {
        // An annotation of the page, not content: the text object stays open.
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

    /// The operators a page writes, by name.
    fn names(ops: &[Op]) -> Vec<&'static str> {
        ops.iter()
            .map(|op| match op {
                Op::StartTextSection => "BT",
                Op::EndTextSection => "ET",
                Op::SetFont { .. } => "Tf",
                Op::SetFillColor { .. } => "rg",
                Op::SetTextCursor { .. } => "Td",
                Op::ShowText { .. } => "Tj",
                Op::DrawPolygon { .. } => "f",
                _ => "other",
            })
            .collect()
    }

    #[test]
    fn texts_share_a_text_object_and_set_font_and_colour_only_when_they_change() {
        let mut ink = Ink::default();
        let (ink_colour, red) = (Rgb8(0x22, 0x22, 0x2a), Rgb8(0xc0, 0, 0));
        let mut page = Page::default();
        page.text(&mut ink, Pen(Face::Regular, 10.0, ink_colour), (56.0, 100.0), Align::Left, "first line");
        page.text(&mut ink, Pen(Face::Regular, 10.0, ink_colour), (56.0, 114.0), Align::Left, "second line");
        page.text(&mut ink, Pen(Face::Bold, 10.0, red), (56.0, 128.0), Align::Left, "a heading");
        // A shape closes the text object and may change the fill colour.
        page.fill_rect(56.0, 140.0, 10.0, 10.0, red);
        page.text(&mut ink, Pen(Face::Bold, 10.0, red), (56.0, 160.0), Align::Left, "after");
        let mut under = Page::default();
        under.text(&mut ink, Pen(Face::Regular, 8.0, ink_colour), (56.0, 48.0), Align::Left, "header");
        page.lay_over(under);
        assert_eq!(
            names(&page.into_ops()),
            [
                "BT", "Tf", "rg", "Td", "Tj", "ET", // the header, under the body and closed
                "BT", "Tf", "rg", "Td", "Tj", "Td", "Tj", "Tf", "rg", "Td", "Tj", "ET", //
                "rg", "f", //
                "BT", "rg", "Td", "Tj", "ET",
            ]
        );
    }

    #[test]
    fn each_text_starts_where_it_was_placed_however_many_lines_came_before() {
        let mut ink = Ink::default();
        let pen = Pen(Face::Regular, 9.7, Rgb8(0, 0, 0));
        let place = |i: usize| (56.0 + (i % 7) as f32 * 13.337, 86.0 + i as f32 * 2.4671);
        // A header laid under the body, and shapes closing the body's text
        // objects now and then: every text object starts from the origin.
        let mut under = Page::default();
        let header: Vec<(f32, f32)> = (0..5).map(|i| (300.0 - i as f32 * 31.77, 40.0 + i as f32 * 0.333)).collect();
        for &at in &header {
            under.text(&mut ink, pen, at, Align::Left, "header");
        }
        let mut page = Page::default();
        let body: Vec<(f32, f32)> = (0..300).map(place).collect();
        for (i, &at) in body.iter().enumerate() {
            if i % 20 == 19 {
                page.fill_rect(56.0, at.1, 10.0, 1.0, Rgb8(0, 0, 0));
            }
            page.text(&mut ink, pen, at, Align::Left, "line");
        }
        page.lay_over(under);
        let mut line = (0.0_f64, 0.0_f64);
        let mut starts = Vec::new();
        for op in page.into_ops() {
            match op {
                Op::StartTextSection => line = (0.0, 0.0),
                Op::SetTextCursor { pos } => {
                    line = (line.0 + f64::from(pos.x.0), line.1 + f64::from(pos.y.0));
                    starts.push(line);
                }
                _ => {}
            }
        }
        let placed: Vec<(f32, f32)> = header.into_iter().chain(body).collect();
        assert_eq!(starts.len(), placed.len());
        for ((x, y), (px, py)) in starts.into_iter().zip(placed) {
            assert!((x - f64::from(px)).abs() < 0.006, "{x} for {px}");
            assert!((y - f64::from(PAGE_HEIGHT - py)).abs() < 0.006, "{y} for {}", PAGE_HEIGHT - py);
        }
    }

    #[test]
    fn ink_keeps_each_faces_characters_below_and_above_the_bit_table() {
        let mut ink = Ink::default();
        let mut page = Page::default();
        page.text(&mut ink, Pen(Face::Regular, 10.0, Rgb8(0, 0, 0)), (56.0, 100.0), Align::Left, "Año ☉ ﬁn \u{7f}");
        page.text(&mut ink, Pen(Face::Bold, 10.0, Rgb8(0, 0, 0)), (56.0, 120.0), Align::Left, "A ⚸");
        // U+007F has no glyph: it prints, and is kept, as `?`.
        assert_eq!(ink.used(Face::Regular), "Año ☉ﬁn?".chars().collect::<BTreeSet<char>>());
        assert_eq!(ink.used(Face::Bold), "A ⚸".chars().collect::<BTreeSet<char>>());
    }

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
