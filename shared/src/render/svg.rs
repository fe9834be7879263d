//! The SVG text of a wheel.
//!
//! Safe to serve as an image and to inline: every text is XML-escaped, no
//! script, no event attribute, no reference outside the document (`href`
//! only to `#glyph-…`), colours only in the normalised forms of
//! [`super::Color`] and the font family only as validated by [`Style`].

use std::fmt::{self, Write};

use crate::astro::aspect::AspectKind;
use crate::astro::point::{AngleId, PointId};
use crate::astro::zodiac::{Sign, ZodiacPosition, angular_distance, dms, normalize_degrees};
use crate::language::Language;

use super::glyphs::{self, GRID};
use super::layout::{Layout, PlacedPoint, RingLayout, WHEEL_SIZE, layout};
use super::{Color, Ring, Style, Wheel, WheelAspect};

/// A number as the SVG writes it: two decimals, never `-0.00`. Written
/// from the rounded hundredths as integers: the same bytes everywhere, and
/// several times faster than float formatting (a wheel writes thousands).
pub(super) struct N(pub(super) f64);

impl fmt::Display for N {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let hundredths = if self.0.is_finite() { (self.0 * 100.0).round().clamp(-1e15, 1e15) as i64 } else { 0 };
        let sign = if hundredths < 0 { "-" } else { "" };
        let magnitude = hundredths.unsigned_abs();
        let fraction = (magnitude % 100) as usize;
        f.write_str(sign)?;
        fmt::Display::fmt(&(magnitude / 100), f)?;
        f.write_str(&TWO_DIGITS[fraction * 3..fraction * 3 + 3])
    }
}

/// ".00" to ".99", three bytes each.
const TWO_DIGITS: &str = concat!(
    ".00.01.02.03.04.05.06.07.08.09.10.11.12.13.14.15.16.17.18.19",
    ".20.21.22.23.24.25.26.27.28.29.30.31.32.33.34.35.36.37.38.39",
    ".40.41.42.43.44.45.46.47.48.49.50.51.52.53.54.55.56.57.58.59",
    ".60.61.62.63.64.65.66.67.68.69.70.71.72.73.74.75.76.77.78.79",
    ".80.81.82.83.84.85.86.87.88.89.90.91.92.93.94.95.96.97.98.99",
);

/// Text escaped for XML content and attribute values alike; characters XML
/// cannot carry at all (controls) are dropped.
pub(super) struct Esc<'a>(pub(super) &'a str);

impl fmt::Display for Esc<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for c in self.0.chars() {
            match c {
                '&' => f.write_str("&amp;")?,
                '<' => f.write_str("&lt;")?,
                '>' => f.write_str("&gt;")?,
                '"' => f.write_str("&quot;")?,
                '\'' => f.write_str("&#39;")?,
                '\t' | '\n' | '\r' => f.write_char(' ')?,
                c if (c as u32) < 0x20 || c == '\u{fffe}' || c == '\u{ffff}' => {}
                c => f.write_char(c)?,
            }
        }
        Ok(())
    }
}

/// A number as [`N`] writes it and a reader reads it back.
fn hundredths(value: f64) -> f64 {
    if value.is_finite() { (value * 100.0).round() / 100.0 } else { 0.0 }
}

/// A text as an SVG viewer shows what [`Esc`] writes of it: the characters
/// XML drops gone, and spaces (tabs and line breaks among them) collapsed
/// and trimmed (`xml:space` default).
fn as_viewed(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            ' ' | '\t' | '\n' | '\r' => {
                if !out.is_empty() && !out.ends_with(' ') {
                    out.push(' ');
                }
            }
            c if (c as u32) < 0x20 || c == '\u{fffe}' || c == '\u{ffff}' => {}
            c => out.push(c),
        }
    }
    if out.ends_with(' ') {
        out.pop();
    }
    out
}

#[cfg(test)]
#[test]
fn a_label_reads_as_a_viewer_shows_its_svg_text() {
    assert_eq!(as_viewed("  María\t de\n\n los <Ángeles> & \u{1}co  "), "María de los <Ángeles> & co");
    assert_eq!(as_viewed(" \t "), "");
}

#[cfg(test)]
#[test]
fn numbers_have_two_decimals() {
    let written: Vec<String> = [0.0, -0.004, -0.005, 1.005, 12.345, -3.5, 799.999, f64::NAN].iter().map(|v| N(*v).to_string()).collect();
    assert_eq!(written, ["0.00", "0.00", "-0.01", "1.00", "12.35", "-3.50", "800.00", "0.00"]);
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Harmony {
    Harmonious,
    Tense,
    Neutral,
}

fn harmony(kind: AspectKind) -> Harmony {
    match kind {
        AspectKind::Trine | AspectKind::Sextile | AspectKind::Semisextile | AspectKind::Quintile | AspectKind::Biquintile => {
            Harmony::Harmonious
        }
        AspectKind::Opposition | AspectKind::Square | AspectKind::Semisquare | AspectKind::Sesquiquadrate | AspectKind::Quincunx => {
            Harmony::Tense
        }
        AspectKind::Conjunction => Harmony::Neutral,
    }
}

/// Minor aspects are drawn dashed.
fn is_minor(kind: AspectKind) -> bool {
    !matches!(kind, AspectKind::Conjunction | AspectKind::Opposition | AspectKind::Trine | AspectKind::Square | AspectKind::Sextile)
}

/// Fire, earth, air, water: the signs take them in turn from Aries.
fn element(sign: Sign) -> usize {
    sign.element() as usize
}

struct Names<'a> {
    style: &'a Style,
}

impl Names<'_> {
    fn language(&self) -> Language {
        self.style.language
    }
    fn label(&self, id: &str) -> Option<&str> {
        self.style.labels.get(id).map(String::as_str)
    }
    fn point(&self, point: PointId) -> &str {
        self.label(point.id()).unwrap_or_else(|| self.language().point_name(point))
    }
    fn sign(&self, sign: Sign) -> &str {
        self.label(sign.id()).unwrap_or_else(|| self.language().sign_name(sign))
    }
    fn aspect(&self, kind: AspectKind) -> &str {
        self.label(kind.id()).unwrap_or_else(|| self.language().aspect_name(kind))
    }
    /// The short label drawn beside an angle.
    fn angle(&self, angle: AngleId) -> &str {
        if let Some(label) = self.label(angle.id()) {
            return label;
        }
        match (self.language(), angle) {
            (_, AngleId::Midheaven) => "MC",
            (Language::Es, AngleId::Ascendant) => "AC",
            (Language::Es, AngleId::Descendant) => "DC",
            (Language::Es, AngleId::ImumCoeli) => "FC",
            (Language::En, AngleId::Ascendant) => "ASC",
            (Language::En, AngleId::Descendant) => "DSC",
            (Language::En, AngleId::ImumCoeli) => "IC",
        }
    }
}

const STROKE: &str = r#"fill="none" stroke="currentColor" stroke-width="1.6" stroke-linecap="round" stroke-linejoin="round""#;

/// The wheel as SVG text. Infallible: whatever the input, the output is a
/// well-formed document (points with a longitude that is not a number are
/// left out).
pub fn render_svg(wheel: &Wheel, style: &Style) -> String {
    let layout = layout(wheel, style);
    let mut out = String::with_capacity(64 * 1024);
    // Writing to a String cannot fail.
    let _ = Writer { out: &mut out, wheel, style, layout: &layout, names: Names { style }, labels: None }.document();
    out
}

/// The wheel's shapes as SVG and its texts apart, for a medium that sets
/// text in its own fonts (the PDF report): reading the shapes back then
/// lays out no text, which was most of the time a report spent on its
/// wheel. Shapes and texts are those of [`render_svg`], in the same places;
/// a medium drawing the labels after the shapes puts them on top where the
/// SVG might have a line cross a label.
pub fn render_shapes_and_labels(wheel: &Wheel, style: &Style) -> (String, WheelLabels) {
    let layout = layout(wheel, style);
    let mut out = String::with_capacity(64 * 1024);
    let mut labels = Vec::new();
    // Writing to a String cannot fail.
    let _ = Writer { out: &mut out, wheel, style, layout: &layout, names: Names { style }, labels: Some(&mut labels) }.document();
    (out, WheelLabels { width: hundredths(layout.width), height: hundredths(layout.height), labels })
}

/// The wheel's texts, placed in a box `width` × `height` (the SVG's
/// `viewBox`, which its `width` and `height` scale to the image's size).
#[derive(Debug, Clone, PartialEq)]
pub struct WheelLabels {
    pub width: f64,
    pub height: f64,
    pub labels: Vec<WheelLabel>,
}

/// A text of the wheel as [`render_svg`] writes it: numbers to two
/// decimals, white space as an SVG viewer collapses it.
#[derive(Debug, Clone, PartialEq)]
pub struct WheelLabel {
    pub text: String,
    pub x: f64,
    pub baseline: f64,
    pub size: f64,
    pub anchor: LabelAnchor,
    pub color: Color,
}

/// Where a label's `x` is: its start, middle or end (SVG's `text-anchor`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LabelAnchor {
    Start,
    Middle,
    End,
}

struct Writer<'a> {
    out: &'a mut String,
    wheel: &'a Wheel,
    style: &'a Style,
    layout: &'a Layout,
    names: Names<'a>,
    /// Where texts go instead of the SVG, when set.
    labels: Option<&'a mut Vec<WheelLabel>>,
}

impl Writer<'_> {
    fn document(&mut self) -> fmt::Result {
        let (w, h) = (self.layout.width, self.layout.height);
        let (px_width, px_height) = self.layout.pixel_size(self.style.size);
        write!(
            self.out,
            r#"<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{px_width}" height="{px_height}" viewBox="0 0 {} {}" font-family="{}" role="img" aria-labelledby="wheel-title">"#,
            N(w),
            N(h),
            Esc(&self.style.font_family)
        )?;
        write!(self.out, r#"<title id="wheel-title">{}</title>"#, Esc(&self.document_title()))?;
        self.defs()?;
        write!(self.out, r#"<rect width="{}" height="{}" fill="{}"/>"#, N(w), N(h), self.style.palette.background)?;
        self.header()?;
        self.out.push_str(r#"<g class="wheel">"#);
        self.zodiac()?;
        if self.style.show_houses {
            self.houses()?;
        }
        if self.style.show_aspects {
            self.aspects()?;
        }
        self.angles()?;
        if self.style.show_points {
            for ring in &self.layout.rings {
                self.points(ring)?;
            }
        }
        self.out.push_str("</g>");
        self.grid()?;
        self.out.push_str("</svg>");
        Ok(())
    }

    fn document_title(&self) -> String {
        let parts =
            [self.wheel.title.as_deref(), self.wheel.inner.name.as_deref(), self.wheel.outer.as_ref().and_then(|o| o.name.as_deref())];
        let title: Vec<&str> = parts.into_iter().flatten().collect();
        if title.is_empty() { "Chart wheel".to_owned() } else { title.join(" · ") }
    }

    /// Each glyph the image uses, once.
    fn defs(&mut self) -> fmt::Result {
        self.out.push_str("<defs>");
        for sign in Sign::ALL {
            self.symbol(sign.id(), glyphs::sign_path(sign))?;
        }
        let mut points: Vec<PointId> = Vec::new();
        let mut retrograde = false;
        for ring in &self.layout.rings {
            for placed in &ring.points {
                if !points.contains(&placed.point) {
                    points.push(placed.point);
                }
                retrograde |= placed.retrograde;
            }
        }
        points.sort();
        for point in points {
            self.symbol(point.id(), glyphs::point_path(point))?;
        }
        if retrograde {
            self.symbol("retrograde", glyphs::RETROGRADE_PATH)?;
        }
        if self.layout.grid.is_some() {
            let mut kinds: Vec<AspectKind> = self.wheel.aspects.iter().map(|a| a.kind).collect();
            kinds.sort();
            kinds.dedup();
            for kind in kinds {
                self.symbol(&format!("aspect-{}", kind.id()), glyphs::aspect_path(kind))?;
            }
        }
        self.out.push_str("</defs>");
        Ok(())
    }

    fn symbol(&mut self, id: &str, path: &str) -> fmt::Result {
        write!(self.out, r#"<symbol id="glyph-{id}" viewBox="0 0 {GRID} {GRID}" overflow="visible"><path d="{path}" {STROKE}/></symbol>"#)
    }

    fn use_glyph(&mut self, id: &str, x: f64, y: f64, size: f64, color: &Color) -> fmt::Result {
        write!(
            self.out,
            r##"<use href="#glyph-{id}" x="{}" y="{}" width="{}" height="{}" color="{color}"/>"##,
            N(x - size / 2.0),
            N(y - size / 2.0),
            N(size),
            N(size)
        )
    }

    /// Text centred vertically on `y`: the baseline a third of the size
    /// below, which needs no dominant-baseline support from the viewer.
    fn text(&mut self, text: &str, x: f64, y: f64, size: f64, anchor: &str, color: &Color) -> fmt::Result {
        if let Some(labels) = self.labels.as_deref_mut() {
            let text = as_viewed(text);
            let anchor = match anchor {
                "middle" => LabelAnchor::Middle,
                "end" => LabelAnchor::End,
                _ => LabelAnchor::Start,
            };
            let label = WheelLabel {
                text,
                x: hundredths(x),
                baseline: hundredths(y + size * 0.35),
                size: hundredths(size),
                anchor,
                color: color.clone(),
            };
            labels.push(label);
            return Ok(());
        }
        write!(
            self.out,
            r#"<text x="{}" y="{}" font-size="{}" text-anchor="{anchor}" fill="{color}">{}</text>"#,
            N(x),
            N(y + size * 0.35),
            N(size),
            Esc(text)
        )
    }

    fn header(&mut self) -> fmt::Result {
        let p = self.style.palette.clone();
        let title = self.wheel.title.as_deref().or(self.wheel.inner.name.as_deref());
        self.out.push_str(r#"<g class="header">"#);
        if let Some(title) = title {
            self.text(title, 24.0, 28.0, 22.0, "start", &p.text)?;
        }
        let y = 56.0;
        if self.wheel.outer.is_none() {
            if let (Some(_), Some(name)) = (self.wheel.title.as_deref(), self.wheel.inner.name.as_deref()) {
                self.text(name, 24.0, y, 14.0, "start", &p.text_secondary)?;
            }
        } else {
            // Whose ring is whose: a dot in the ring's glyph colour by each name.
            if let Some(name) = self.wheel.inner.name.as_deref() {
                write!(self.out, r#"<circle cx="30" cy="{}" r="5" fill="{}"/>"#, N(y), p.primary)?;
                self.text(name, 42.0, y, 14.0, "start", &p.text_secondary)?;
            }
            if let Some(name) = self.wheel.outer.as_ref().and_then(|o| o.name.as_deref()) {
                let x = WHEEL_SIZE - 24.0;
                write!(self.out, r#"<circle cx="{}" cy="{}" r="5" fill="{}"/>"#, N(x - 5.0), N(y), p.secondary)?;
                self.text(name, x - 16.0, y, 14.0, "end", &p.text_secondary)?;
            }
        }
        self.out.push_str("</g>");
        Ok(())
    }

    fn circle(&mut self, r: f64, fill: Option<&Color>, stroke: &Color, width: f64) -> fmt::Result {
        let (cx, cy) = self.layout.center;
        let fill = fill.map_or("none", Color::as_str);
        write!(
            self.out,
            r#"<circle cx="{}" cy="{}" r="{}" fill="{fill}" stroke="{stroke}" stroke-width="{}"/>"#,
            N(cx),
            N(cy),
            N(r),
            N(width)
        )
    }

    fn zodiac(&mut self) -> fmt::Result {
        let p = self.style.palette.clone();
        let l = self.layout;
        let (outer, inner) = (l.zodiac_outer, l.zodiac_inner);
        self.circle(outer, Some(&p.surface), &p.border, 1.2)?;
        self.out.push_str(r#"<g class="zodiac">"#);
        // Each sign's sector, tinted by its element, with its glyph.
        for (index, sign) in Sign::ALL.into_iter().enumerate() {
            let start = index as f64 * 30.0;
            let (a, b, c, d) = (l.at(start, outer), l.at(start + 30.0, outer), l.at(start + 30.0, inner), l.at(start, inner));
            // The zodiac runs counter-clockwise on screen: sweep 0 along the
            // outer edge, 1 back along the inner.
            write!(
                self.out,
                r#"<path d="M{} {}A{} {} 0 0 0 {} {}L{} {}A{} {} 0 0 1 {} {}Z" fill="{}" stroke="{}" stroke-width="0.8"><title>{}</title></path>"#,
                N(a.0),
                N(a.1),
                N(outer),
                N(outer),
                N(b.0),
                N(b.1),
                N(c.0),
                N(c.1),
                N(inner),
                N(inner),
                N(d.0),
                N(d.1),
                p.element_fills[element(sign)],
                p.border,
                Esc(self.names.sign(sign))
            )?;
            let (x, y) = l.at(start + 15.0, (outer + inner) / 2.0);
            self.use_glyph(sign.id(), x, y, (outer - inner) * 0.56, &p.elements[element(sign)])?;
        }
        self.out.push_str("</g>");
        // 1°, 5° and 10° ticks in one path.
        self.out.push_str(r#"<path class="ticks" d=""#);
        for degree in 0..360 {
            let length = match degree {
                d if d % 10 == 0 => 11.0,
                d if d % 5 == 0 => 7.0,
                _ => 4.0,
            };
            let (a, b) = (l.at(f64::from(degree), inner), l.at(f64::from(degree), inner - length));
            write!(self.out, "M{} {}L{} {}", N(a.0), N(a.1), N(b.0), N(b.1))?;
        }
        write!(self.out, r#"" stroke="{}" stroke-width="0.7"/>"#, p.text_secondary)?;
        if self.layout.rings.len() > 1 {
            let separator = self.layout.rings[1].radii.outer;
            self.circle(separator, None, &p.border, 1.0)?;
        }
        self.circle(l.aspect_radius, None, &p.border, 1.0)
    }

    fn houses(&mut self) -> fmt::Result {
        let Some(cusps) = self.wheel.inner.cusps else { return Ok(()) };
        if cusps.iter().any(|c| !c.is_finite()) {
            return Ok(());
        }
        let p = self.style.palette.clone();
        let l = self.layout;
        let inner_ring_outer = l.ring(Ring::Inner).map_or(l.ticks_inner, |r| r.radii.outer);
        self.out.push_str(r#"<g class="houses">"#);
        self.circle(l.house_band_outer, None, &p.border, 0.6)?;
        self.out.push_str(r#"<path d=""#);
        for cusp in cusps {
            let (a, b) = (l.at(cusp, l.aspect_radius), l.at(cusp, inner_ring_outer));
            write!(self.out, "M{} {}L{} {}", N(a.0), N(a.1), N(b.0), N(b.1))?;
        }
        write!(self.out, r#"" stroke="{}" stroke-width="0.9"/>"#, p.border)?;
        let radius = (l.house_band_outer + l.aspect_radius) / 2.0;
        for (index, cusp) in cusps.iter().enumerate() {
            let next = cusps[(index + 1) % 12];
            let middle = cusp + normalize_degrees(next - cusp) / 2.0;
            let (x, y) = l.at(middle, radius);
            self.text(&(index + 1).to_string(), x, y, 11.0, "middle", &p.text_secondary)?;
        }
        self.out.push_str("</g>");
        Ok(())
    }

    fn longitude_of(&self, (ring, point): (Ring, PointId)) -> Option<f64> {
        self.layout.ring(ring)?.points.iter().find(|p| p.point == point).map(|p| p.longitude)
    }

    fn aspect_color(&self, kind: AspectKind) -> &Color {
        let p = &self.style.palette;
        match harmony(kind) {
            Harmony::Harmonious => &p.success,
            Harmony::Tense => &p.error,
            Harmony::Neutral => &p.text_secondary,
        }
    }

    fn aspect_title(&self, aspect: &WheelAspect) -> String {
        let [d, m, _] = dms(aspect.orb);
        format!(
            "{} {} {} ({d}°{m:02}′)",
            self.names.point(aspect.a.1),
            self.names.aspect(aspect.kind).to_lowercase(),
            self.names.point(aspect.b.1)
        )
    }

    fn aspects(&mut self) -> fmt::Result {
        let l = self.layout;
        self.out.push_str(r#"<g class="aspects">"#);
        for aspect in &self.wheel.aspects {
            let (Some(a), Some(b)) = (self.longitude_of(aspect.a), self.longitude_of(aspect.b)) else { continue };
            let ((x1, y1), (x2, y2)) = (l.at(a, l.aspect_radius), l.at(b, l.aspect_radius));
            let color = self.aspect_color(aspect.kind).clone();
            // Tighter aspects draw bolder.
            let width = match aspect.orb {
                orb if orb < 1.0 => 1.6,
                orb if orb < 3.0 => 1.2,
                _ => 0.8,
            };
            let dash = if is_minor(aspect.kind) { r#" stroke-dasharray="5 3""# } else { "" };
            let title = self.aspect_title(aspect);
            write!(
                self.out,
                r#"<line data-aspect="{}" x1="{}" y1="{}" x2="{}" y2="{}" stroke="{color}" stroke-width="{}"{dash}><title>{}</title></line>"#,
                aspect.kind.id(),
                N(x1),
                N(y1),
                N(x2),
                N(y2),
                N(width),
                Esc(&title)
            )?;
        }
        self.out.push_str("</g>");
        Ok(())
    }

    fn angles(&mut self) -> fmt::Result {
        let p = self.style.palette.clone();
        let l = self.layout;
        let (cx, cy) = l.center;
        self.out.push_str(r#"<g class="angles">"#);
        for mark in &l.angles {
            let (a, b) = (l.at(mark.longitude, l.aspect_radius), l.at(mark.longitude, l.zodiac_outer + 8.0));
            write!(
                self.out,
                r#"<line data-angle="{}" x1="{}" y1="{}" x2="{}" y2="{}" stroke="{}" stroke-width="2"/>"#,
                mark.angle.id(),
                N(a.0),
                N(a.1),
                N(b.0),
                N(b.1),
                p.accent
            )?;
            // The label outside the wheel: the abbreviation over degree, sign and minute.
            let (x, y) = l.at(mark.longitude, l.zodiac_outer + 14.0);
            let anchor = match x {
                x if x < cx - 20.0 => "end",
                x if x > cx + 20.0 => "start",
                _ => "middle",
            };
            let (first, second) = match y {
                y if y < cy - 20.0 => (y - 26.0, y - 9.0),
                y if y > cy + 20.0 => (y + 9.0, y + 26.0),
                _ => (y - 9.0, y + 9.0),
            };
            let position = ZodiacPosition::of(mark.longitude);
            let [degrees, minutes, _] = position.dms;
            let name = self.names.angle(mark.angle).to_owned();
            self.text(&name, x, first, 13.0, anchor, &p.accent)?;
            let (deg, min) = (format!("{degrees}°"), format!("{minutes:02}′"));
            let glyph = 12.0;
            // Widths estimated from the digits (about 0.6 em).
            let deg_width = 7.2 * deg.chars().count() as f64;
            let width = deg_width + glyph + 2.0 + 7.0 * min.chars().count() as f64;
            let start = match anchor {
                "end" => x - width,
                "start" => x,
                _ => x - width / 2.0,
            };
            self.text(&deg, start, second, 12.0, "start", &p.text)?;
            self.use_glyph(position.sign.id(), start + deg_width + glyph / 2.0 + 1.0, second, glyph, &p.elements[element(position.sign)])?;
            self.text(&min, start + deg_width + glyph + 2.0, second, 12.0, "start", &p.text)?;
        }
        self.out.push_str("</g>");
        Ok(())
    }

    fn points(&mut self, ring: &RingLayout) -> fmt::Result {
        let p = self.style.palette.clone();
        let l = self.layout;
        let color = match ring.ring {
            Ring::Inner => p.primary.clone(),
            Ring::Outer => p.secondary.clone(),
        };
        let r = ring.radii;
        write!(self.out, r#"<g class="points" data-ring="{}">"#, ring.ring.id())?;
        for placed in &ring.points {
            let position = ZodiacPosition::of(placed.longitude);
            let [degrees, minutes, _] = position.dms;
            write!(
                self.out,
                r#"<g data-ring="{}" data-point="{}"><title>{}</title>"#,
                ring.ring.id(),
                placed.point.id(),
                Esc(&self.point_title(placed, position))
            )?;
            // The tick at the true longitude, and a leader from it to a moved glyph.
            let (a, b) = (l.at(placed.longitude, r.outer), l.at(placed.longitude, r.marker_end));
            if angular_distance(placed.longitude, placed.display_longitude) > 0.3 {
                let c = l.at(placed.display_longitude, r.glyph + r.glyph_size * 0.62);
                write!(
                    self.out,
                    r#"<path d="M{} {}L{} {}L{} {}" fill="none" stroke="{color}" stroke-width="0.9"/>"#,
                    N(a.0),
                    N(a.1),
                    N(b.0),
                    N(b.1),
                    N(c.0),
                    N(c.1)
                )?;
            } else {
                write!(self.out, r#"<path d="M{} {}L{} {}" stroke="{color}" stroke-width="1.2"/>"#, N(a.0), N(a.1), N(b.0), N(b.1))?;
            }
            let (x, y) = l.at(placed.display_longitude, r.glyph);
            self.use_glyph(placed.point.id(), x, y, r.glyph_size, &color)?;
            let (x, y) = l.at(placed.display_longitude, r.degrees);
            self.text(&format!("{degrees}°"), x, y, r.font_size, "middle", &p.text)?;
            let (x, y) = l.at(placed.display_longitude, r.sign);
            self.use_glyph(position.sign.id(), x, y, r.font_size + 1.0, &p.elements[element(position.sign)])?;
            let (x, y) = l.at(placed.display_longitude, r.minutes);
            self.text(&format!("{minutes:02}′"), x, y, r.font_size - 1.5, "middle", &p.text_secondary)?;
            if placed.retrograde {
                let (x, y) = l.at(placed.display_longitude, r.retrograde);
                self.use_glyph("retrograde", x, y, r.font_size - 1.0, &p.error)?;
            }
            self.out.push_str("</g>");
        }
        self.out.push_str("</g>");
        Ok(())
    }

    fn point_title(&self, placed: &PlacedPoint, position: ZodiacPosition) -> String {
        let [d, m, _] = position.dms;
        let retrograde = if placed.retrograde { " ℞" } else { "" };
        format!("{} {d}°{m:02}′ {}{retrograde}", self.names.point(placed.point), self.names.sign(position.sign))
    }

    /// The aspect table: one chart's as a triangle with the points on the
    /// diagonal, a bi-wheel's as inner rows by outer columns.
    fn grid(&mut self) -> fmt::Result {
        let Some(grid) = self.layout.grid.clone() else { return Ok(()) };
        let p = self.style.palette.clone();
        let c = grid.cell;
        type Cell = (f64, f64, Option<WheelAspect>, Option<(PointId, Color)>);
        let find = |a: (Ring, PointId), b: (Ring, PointId)| {
            self.wheel.aspects.iter().find(|x| (x.a == a && x.b == b) || (x.a == b && x.b == a)).copied()
        };
        let mut cells: Vec<Cell> = Vec::new();
        if self.wheel.outer.is_some() {
            for (j, column) in grid.columns.iter().enumerate() {
                cells.push((grid.x + (j + 1) as f64 * c, grid.y, None, Some((*column, p.secondary.clone()))));
            }
            for (i, row) in grid.rows.iter().enumerate() {
                let y = grid.y + (i + 1) as f64 * c;
                cells.push((grid.x, y, None, Some((*row, p.primary.clone()))));
                for (j, column) in grid.columns.iter().enumerate() {
                    cells.push((grid.x + (j + 1) as f64 * c, y, find((Ring::Inner, *row), (Ring::Outer, *column)), None));
                }
            }
        } else {
            for (i, row) in grid.rows.iter().enumerate() {
                let y = grid.y + i as f64 * c;
                for (j, column) in grid.rows[..i].iter().enumerate() {
                    cells.push((grid.x + j as f64 * c, y, find((Ring::Inner, *row), (Ring::Inner, *column)), None));
                }
                cells.push((grid.x + i as f64 * c, y, None, Some((*row, p.primary.clone()))));
            }
        }
        self.out.push_str(r#"<g class="aspect-grid">"#);
        for (x, y, aspect, header) in cells {
            write!(
                self.out,
                r#"<rect x="{}" y="{}" width="{}" height="{}" fill="none" stroke="{}" stroke-width="0.6"/>"#,
                N(x),
                N(y),
                N(c),
                N(c),
                p.border
            )?;
            if let Some((point, color)) = header {
                self.use_glyph(point.id(), x + c / 2.0, y + c / 2.0, c * 0.7, &color)?;
            }
            if let Some(aspect) = aspect {
                let color = self.aspect_color(aspect.kind).clone();
                write!(self.out, r#"<g data-aspect="{}"><title>{}</title>"#, aspect.kind.id(), Esc(&self.aspect_title(&aspect)))?;
                self.use_glyph(&format!("aspect-{}", aspect.kind.id()), x + c / 2.0, y + c / 2.0, c * 0.62, &color)?;
                self.out.push_str("</g>");
            }
        }
        self.out.push_str("</g>");
        Ok(())
    }
}
