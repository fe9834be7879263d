//! The two Indian chart diagrams, as SVG: the North Indian chart (houses
//! fixed, the lagna in the top diamond, the signs written by number and
//! turning counter-clockwise) and the South Indian chart (signs fixed,
//! Pisces top left and clockwise, the lagna's cell marked by a diagonal).
//!
//! Pure, like the wheel: the same diagram and style give the same bytes.
//! Every text is escaped and no reference leaves the document.

use std::fmt::{self, Write};

use super::Style;
use super::svg::{Esc, N};
use crate::astro::vedic::Graha;
use crate::astro::zodiac::Sign;
use crate::language::Language;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum VedicLayout {
    #[default]
    North,
    South,
}

impl VedicLayout {
    pub const ALL: [VedicLayout; 2] = [Self::North, Self::South];

    pub fn id(self) -> &'static str {
        match self {
            Self::North => "north",
            Self::South => "south",
        }
    }

    pub fn parse(id: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|l| l.id() == id)
    }
}

/// A graha as the diagram writes it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct VedicMark {
    pub graha: Graha,
    pub sign: Sign,
    /// Degrees in the sign, shown in the rashi chart (not in a varga).
    pub degrees: Option<f64>,
    pub retrograde: bool,
}

#[derive(Debug, Clone, PartialEq)]
pub struct VedicDiagram {
    pub layout: VedicLayout,
    pub title: String,
    /// The birth, the place, the ayanamsa, …: one line each in the South
    /// Indian chart's centre, joined in the North Indian chart's header.
    pub subtitle: Vec<String>,
    pub lagna: Sign,
    /// The lagna's degrees in its sign, where shown.
    pub lagna_degrees: Option<f64>,
    pub grahas: Vec<VedicMark>,
}

/// The drawing's own units: the square is `SIDE` wide inside a margin,
/// under a header (the North Indian chart's title; the South Indian
/// chart's is in its centre).
const SIDE: f64 = 560.0;
const MARGIN: f64 = 20.0;
const WIDTH: f64 = SIDE + 2.0 * MARGIN;

impl VedicLayout {
    fn header(self) -> f64 {
        match self {
            Self::North => 72.0,
            Self::South => MARGIN,
        }
    }

    fn height(self) -> f64 {
        self.header() + SIDE + MARGIN
    }
}

/// The image's height for a width in pixels.
pub fn vedic_pixel_height(layout: VedicLayout, width: u32) -> u32 {
    (f64::from(width) * layout.height() / WIDTH).round() as u32
}

fn short_name(graha: Graha, language: Language) -> &'static str {
    let index = Graha::ALL.iter().position(|g| *g == graha).unwrap_or(0);
    match language {
        Language::En => ["Su", "Mo", "Ma", "Me", "Ju", "Ve", "Sa", "Ra", "Ke"][index],
        Language::Es => ["So", "Lu", "Ma", "Me", "Jú", "Ve", "Sa", "Ra", "Ke"][index],
    }
}

fn sign_name(sign: Sign, language: Language) -> &'static str {
    match language {
        Language::En => {
            ["Aries", "Taurus", "Gemini", "Cancer", "Leo", "Virgo", "Libra", "Scorpio", "Sagittarius", "Capricorn", "Aquarius", "Pisces"]
                [sign.index()]
        }
        Language::Es => {
            ["Aries", "Tauro", "Géminis", "Cáncer", "Leo", "Virgo", "Libra", "Escorpio", "Sagitario", "Capricornio", "Acuario", "Piscis"]
                [sign.index()]
        }
    }
}

/// One line of text in a house or a sign: what, and whether it is the lagna.
struct Entry {
    text: String,
    lagna: bool,
}

fn entries(diagram: &VedicDiagram, sign: Sign, language: Language) -> Vec<Entry> {
    let degrees = |d: Option<f64>| d.map(|d| format!(" {}°", d.floor() as i64)).unwrap_or_default();
    let mut list = Vec::new();
    if diagram.lagna == sign {
        let lagna = match language {
            Language::En => "Asc",
            Language::Es => "Asc",
        };
        list.push(Entry { text: format!("{lagna}{}", degrees(diagram.lagna_degrees)), lagna: true });
    }
    for mark in diagram.grahas.iter().filter(|m| m.sign == sign) {
        // The nodes always move backwards (the mean node): no mark for them.
        let node = matches!(mark.graha, Graha::Rahu | Graha::Ketu);
        let retrograde = if mark.retrograde && !node { " (R)" } else { "" };
        list.push(Entry { text: format!("{}{}{retrograde}", short_name(mark.graha, language), degrees(mark.degrees)), lagna: false });
    }
    list
}

/// The SVG of the diagram, `style.size` pixels wide.
pub fn render_vedic_svg(diagram: &VedicDiagram, style: &Style) -> String {
    let mut out = String::with_capacity(16 * 1024);
    // Writing to a String cannot fail.
    let _ = Writer { out: &mut out, diagram, style }.document();
    out
}

struct Writer<'a> {
    out: &'a mut String,
    diagram: &'a VedicDiagram,
    style: &'a Style,
}

impl Writer<'_> {
    fn document(&mut self) -> fmt::Result {
        let palette = &self.style.palette;
        let width = self.style.size.pixels();
        let layout = self.diagram.layout;
        let (header, height) = (layout.header(), layout.height());
        write!(
            self.out,
            r#"<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{width}" height="{}" viewBox="0 0 {} {}" font-family="{}" role="img" aria-labelledby="chart-title">"#,
            vedic_pixel_height(layout, width),
            N(WIDTH),
            N(height),
            Esc(&self.style.font_family)
        )?;
        let subtitle = self.diagram.subtitle.join(" · ");
        write!(self.out, r#"<title id="chart-title">{} · {}</title>"#, Esc(&self.diagram.title), Esc(&subtitle))?;
        write!(self.out, r#"<rect width="{}" height="{}" fill="{}"/>"#, N(WIDTH), N(height), palette.background)?;
        if self.diagram.layout == VedicLayout::North {
            write!(
                self.out,
                r#"<text x="{}" y="34" text-anchor="middle" font-size="22" font-weight="bold" fill="{}">{}</text>"#,
                N(WIDTH / 2.0),
                palette.text,
                Esc(&self.diagram.title)
            )?;
            write!(
                self.out,
                r#"<text x="{}" y="58" text-anchor="middle" font-size="14" fill="{}">{}</text>"#,
                N(WIDTH / 2.0),
                palette.text_secondary,
                Esc(&subtitle)
            )?;
        }
        write!(
            self.out,
            r#"<rect x="{}" y="{}" width="{}" height="{}" fill="{}" stroke="{}" stroke-width="2"/>"#,
            N(MARGIN),
            N(header),
            N(SIDE),
            N(SIDE),
            palette.surface,
            palette.border
        )?;
        match self.diagram.layout {
            VedicLayout::North => self.north()?,
            VedicLayout::South => self.south()?,
        }
        self.out.push_str("</svg>");
        Ok(())
    }

    fn line(&mut self, (x1, y1): (f64, f64), (x2, y2): (f64, f64)) -> fmt::Result {
        write!(
            self.out,
            r#"<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="{}" stroke-width="1.5"/>"#,
            N(x1),
            N(y1),
            N(x2),
            N(y2),
            self.style.palette.border
        )
    }

    /// The entries centred on `(x, y)`, one a line, two a line when there
    /// are more than `rows` of them.
    fn entries(&mut self, (x, y): (f64, f64), entries: &[Entry], rows: usize, font: f64) -> fmt::Result {
        if entries.is_empty() {
            return Ok(());
        }
        let per_line = if entries.len() > rows { 2 } else { 1 };
        let lines: Vec<&[Entry]> = entries.chunks(per_line).collect();
        let step = font * 1.25;
        let first = y - step * (lines.len() as f64 - 1.0) / 2.0 + font * 0.35;
        for (row, line) in lines.iter().enumerate() {
            write!(
                self.out,
                r#"<text x="{}" y="{}" text-anchor="middle" font-size="{}">"#,
                N(x),
                N(first + step * row as f64),
                N(if per_line == 2 { font * 0.85 } else { font })
            )?;
            for (index, entry) in line.iter().enumerate() {
                let (fill, weight) = if entry.lagna { (&self.style.palette.primary, "bold") } else { (&self.style.palette.text, "normal") };
                let gap = if index > 0 { " " } else { "" };
                write!(self.out, r#"<tspan fill="{fill}" font-weight="{weight}">{gap}{}</tspan>"#, Esc(&entry.text))?;
            }
            self.out.push_str("</text>");
        }
        Ok(())
    }

    /// Houses fixed: the 1st the top diamond, then counter-clockwise; each
    /// house shows its sign's number (Aries 1) by the centre.
    fn north(&mut self) -> fmt::Result {
        let (x0, y0, s) = (MARGIN, VedicLayout::North.header(), SIDE);
        let at = |fx: f64, fy: f64| (x0 + fx * s, y0 + fy * s);
        // The diagonals and the inner diamond.
        self.line(at(0.0, 0.0), at(1.0, 1.0))?;
        self.line(at(1.0, 0.0), at(0.0, 1.0))?;
        for (a, b) in [((0.5, 0.0), (1.0, 0.5)), ((1.0, 0.5), (0.5, 1.0)), ((0.5, 1.0), (0.0, 0.5)), ((0.0, 0.5), (0.5, 0.0))] {
            self.line(at(a.0, a.1), at(b.0, b.1))?;
        }
        // Each house: the centre of its text, the point its sign number
        // sits at (towards the chart's centre), whether it is a diamond;
        // fractions of the square.
        type House = ((f64, f64), (f64, f64), bool);
        const HOUSES: [House; 12] = [
            ((0.5, 0.25), (0.5, 0.44), true),
            ((0.25, 0.083), (0.25, 0.2), false),
            ((0.083, 0.25), (0.2, 0.25), false),
            ((0.25, 0.5), (0.44, 0.5), true),
            ((0.083, 0.75), (0.2, 0.75), false),
            ((0.25, 0.917), (0.25, 0.8), false),
            ((0.5, 0.75), (0.5, 0.56), true),
            ((0.75, 0.917), (0.75, 0.8), false),
            ((0.917, 0.75), (0.8, 0.75), false),
            ((0.75, 0.5), (0.56, 0.5), true),
            ((0.917, 0.25), (0.8, 0.25), false),
            ((0.75, 0.083), (0.75, 0.2), false),
        ];
        let language = self.style.language;
        for (house, (centre, number, diamond)) in HOUSES.iter().enumerate() {
            let sign = Sign::ALL[(self.diagram.lagna.index() + house) % 12];
            let (nx, ny) = at(number.0, number.1);
            write!(
                self.out,
                r#"<text x="{}" y="{}" text-anchor="middle" font-size="15" fill="{}">{}</text>"#,
                N(nx),
                N(ny + 5.0),
                self.style.palette.text_secondary,
                sign.index() + 1
            )?;
            let list = entries(self.diagram, sign, language);
            let (rows, font) = if *diamond { (5, 18.0) } else { (3, 15.0) };
            self.entries(at(centre.0, centre.1), &list, rows, font)?;
        }
        Ok(())
    }

    /// Signs fixed, Pisces top left and on clockwise; the centre holds the
    /// title; the lagna's cell is crossed at its corner.
    fn south(&mut self) -> fmt::Result {
        let (x0, y0, cell) = (MARGIN, VedicLayout::South.header(), SIDE / 4.0);
        for k in 1..4 {
            let offset = f64::from(k) * cell;
            // Full lines at the edges of the ring, broken across the centre.
            if k == 2 {
                self.line((x0 + offset, y0), (x0 + offset, y0 + cell))?;
                self.line((x0 + offset, y0 + 3.0 * cell), (x0 + offset, y0 + SIDE))?;
                self.line((x0, y0 + offset), (x0 + cell, y0 + offset))?;
                self.line((x0 + 3.0 * cell, y0 + offset), (x0 + SIDE, y0 + offset))?;
            } else {
                self.line((x0 + offset, y0), (x0 + offset, y0 + SIDE))?;
                self.line((x0, y0 + offset), (x0 + SIDE, y0 + offset))?;
            }
        }
        // (column, row) of each sign from Aries.
        const CELLS: [(f64, f64); 12] = [
            (1.0, 0.0),
            (2.0, 0.0),
            (3.0, 0.0),
            (3.0, 1.0),
            (3.0, 2.0),
            (3.0, 3.0),
            (2.0, 3.0),
            (1.0, 3.0),
            (0.0, 3.0),
            (0.0, 2.0),
            (0.0, 1.0),
            (0.0, 0.0),
        ];
        let language = self.style.language;
        for sign in Sign::ALL {
            let (column, row) = CELLS[sign.index()];
            let (left, top) = (x0 + column * cell, y0 + row * cell);
            write!(
                self.out,
                r#"<text x="{}" y="{}" text-anchor="end" font-size="12" fill="{}">{}</text>"#,
                N(left + cell - 6.0),
                N(top + 16.0),
                self.style.palette.text_secondary,
                Esc(sign_name(sign, language))
            )?;
            if sign == self.diagram.lagna {
                write!(
                    self.out,
                    r#"<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="{}" stroke-width="2"/>"#,
                    N(left),
                    N(top + 28.0),
                    N(left + 28.0),
                    N(top),
                    self.style.palette.primary
                )?;
            }
            let list = entries(self.diagram, sign, language);
            self.entries((left + cell / 2.0, top + cell / 2.0 + 8.0), &list, 5, 17.0)?;
        }
        let centre = x0 + SIDE / 2.0;
        let lines = self.diagram.subtitle.len() as f64;
        // The title and the lines under it, centred as a block.
        let top = y0 + SIDE / 2.0 - (28.0 + 18.0 * lines) / 2.0 + 20.0;
        write!(
            self.out,
            r#"<text x="{}" y="{}" text-anchor="middle" font-size="22" font-weight="bold" fill="{}">{}</text>"#,
            N(centre),
            N(top),
            self.style.palette.text,
            Esc(&self.diagram.title)
        )?;
        for (index, line) in self.diagram.subtitle.iter().enumerate() {
            write!(
                self.out,
                r#"<text x="{}" y="{}" text-anchor="middle" font-size="13" fill="{}">{}</text>"#,
                N(centre),
                N(top + 28.0 + 18.0 * index as f64),
                self.style.palette.text_secondary,
                Esc(line)
            )?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::Theme;

    fn diagram(layout: VedicLayout) -> VedicDiagram {
        VedicDiagram {
            layout,
            title: "Rashi (D1)".into(),
            subtitle: vec!["1990-05-11 14:30".into(), "Lahiri".into()],
            lagna: Sign::Leo,
            lagna_degrees: Some(28.4),
            grahas: vec![
                VedicMark { graha: Graha::Sun, sign: Sign::Aries, degrees: Some(26.7), retrograde: false },
                VedicMark { graha: Graha::Saturn, sign: Sign::Capricorn, degrees: Some(1.2), retrograde: true },
                VedicMark { graha: Graha::Moon, sign: Sign::Scorpio, degrees: Some(13.7), retrograde: false },
                VedicMark { graha: Graha::Rahu, sign: Sign::Capricorn, degrees: Some(17.2), retrograde: true },
            ],
        }
    }

    #[test]
    fn the_north_chart_numbers_the_signs_from_the_lagna() {
        let svg = render_vedic_svg(&diagram(VedicLayout::North), &Style::themed(Theme::Light));
        assert!(svg.starts_with("<svg") && svg.ends_with("</svg>"));
        // 2 diagonals + 4 diamond edges; Leo (5) in the 1st house, Cancer (4) in the 12th.
        assert_eq!(svg.matches("<line").count(), 6);
        assert!(svg.contains(">Asc 28°</tspan>") && svg.contains(">Sa 1° (R)</tspan>"));
        assert!(svg.contains(">Ra 17°</tspan>"), "the nodes carry no retrograde mark");
        let first_number = svg.find(">5</text>").unwrap();
        assert!(first_number < svg.find(">6</text>").unwrap(), "the lagna's sign is written first");
    }

    #[test]
    fn the_south_chart_fixes_the_signs_and_marks_the_lagna() {
        let mut style = Style::themed(Theme::Dark);
        style.language = Language::Es;
        let svg = render_vedic_svg(&diagram(VedicLayout::South), &style);
        for name in ["Piscis", "Aries", "Escorpio", "Capricornio"] {
            assert!(svg.contains(&format!(">{name}</text>")), "{name}");
        }
        assert!(svg.contains(">So 26°</tspan>") && svg.contains(">Lu 13°</tspan>"));
        // Eight grid lines (four broken across the centre in two), one lagna mark.
        assert_eq!(svg.matches("<line").count(), 4 + 4 + 1);
        assert!(svg.contains(style.palette.background.as_str()));
        assert_eq!(vedic_pixel_height(VedicLayout::North, 600), 652);
        assert_eq!(vedic_pixel_height(VedicLayout::South, 600), 600);
    }
}
