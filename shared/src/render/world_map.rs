//! The astrocartography world map as SVG: Natural Earth's land and country
//! borders on an equirectangular projection (longitude and latitude
//! straight onto x and y, 180°W on the left), each body's lines in its
//! colour with its glyph and the angle's name at the line, a legend, the
//! birth place marked.
//!
//! Pure, like the wheel: the same map and style give the same bytes. The
//! outlines are `shared/world/world-50m.json` (Natural Earth 4.1.0, public
//! domain; see `shared/world/README.md`), turned into path data once.

use std::fmt::{self, Write};
use std::sync::LazyLock;

use super::glyphs::{self, GRID};
use super::svg::{Esc, N};
use super::{Color, Style, Theme};
use crate::astro::astrocartography::{GeoPoint, MapAngle};
use crate::astro::point::PointId;
use crate::language::Language;

/// What the map shows.
#[derive(Debug, Clone, PartialEq)]
pub struct WorldMap {
    pub title: String,
    pub subtitle: String,
    pub lines: Vec<MapTrace>,
    /// Local space lines, when asked for.
    pub local_space: Vec<LocalSpaceTrace>,
    /// `[longitude, latitude]`.
    pub birth_place: GeoPoint,
}

/// A body's local space line: the great circle from the birth place
/// towards its azimuth.
#[derive(Debug, Clone, PartialEq)]
pub struct LocalSpaceTrace {
    pub point: PointId,
    pub azimuth: f64,
    pub segments: Vec<Vec<GeoPoint>>,
}

/// One line to draw: whose, which angle, its pieces (cut at the antimeridian).
#[derive(Debug, Clone, PartialEq)]
pub struct MapTrace {
    pub point: PointId,
    pub angle: MapAngle,
    pub segments: Vec<Vec<GeoPoint>>,
}

/// The design width of the map in SVG units: the image is scaled to the
/// requested width, so every size draws the same picture.
const WIDTH: f64 = 1600.0;
const MAP_WIDTH: f64 = WIDTH;
const MAP_HEIGHT: f64 = WIDTH / 2.0;
/// SVG units a degree.
const SCALE: f64 = MAP_WIDTH / 360.0;
const HEADER: f64 = 76.0;
const LEGEND: f64 = 96.0;
const HEIGHT: f64 = HEADER + MAP_HEIGHT + LEGEND;

/// The narrowest and widest map, in pixels.
pub const MAP_MIN_PIXELS: u32 = 1600;
pub const MAP_MAX_PIXELS: u32 = 4000;
/// The width when the link's opener names none.
pub const MAP_DEFAULT_PIXELS: u32 = 1600;

pub fn map_pixel_height(width: u32) -> u32 {
    (f64::from(width) * HEIGHT / WIDTH).round() as u32
}

fn x_of(longitude: f64) -> f64 {
    (longitude + 180.0) * SCALE
}

fn y_of(latitude: f64) -> f64 {
    HEADER + (90.0 - latitude) * SCALE
}

/// Each body's colour: distinct hues, darker on the light theme.
fn body_color(point: PointId, theme: Theme) -> Color {
    let light = match point {
        PointId::Sun => 0xd48f00,
        PointId::Moon => 0x5c6bc0,
        PointId::Mercury => 0x00897b,
        PointId::Venus => 0xd81b60,
        PointId::Mars => 0xd32f2f,
        PointId::Jupiter => 0x6a1b9a,
        PointId::Saturn => 0x5d4037,
        PointId::Uranus => 0x0288d1,
        PointId::Neptune => 0x2e7d32,
        PointId::Pluto => 0x37474f,
        PointId::MeanNode => 0x8d6e00,
        PointId::TrueNode => 0xbf8f00,
        PointId::SouthNode => 0x6d4c41,
        PointId::MeanLilith => 0x4a148c,
        PointId::Chiron => 0x00695c,
        _ => 0x757575,
    };
    let dark = match point {
        PointId::Sun => 0xffca28,
        PointId::Moon => 0xe0e0e0,
        PointId::Mercury => 0x4db6ac,
        PointId::Venus => 0xf48fb1,
        PointId::Mars => 0xff7043,
        PointId::Jupiter => 0xce93d8,
        PointId::Saturn => 0xbcaaa4,
        PointId::Uranus => 0x4fc3f7,
        PointId::Neptune => 0x81c784,
        PointId::Pluto => 0x9fa8da,
        PointId::MeanNode => 0xdce775,
        PointId::TrueNode => 0xfff176,
        PointId::SouthNode => 0xd7ccc8,
        PointId::MeanLilith => 0xb39ddb,
        PointId::Chiron => 0x80cbc4,
        _ => 0x9e9e9e,
    };
    let [_, r, g, b] = (if theme == Theme::Dark { dark } else { light } as u32).to_be_bytes();
    Color::rgba(r, g, b, 255)
}

fn angle_label(angle: MapAngle) -> &'static str {
    match angle {
        MapAngle::Mc => "MC",
        MapAngle::Ic => "IC",
        MapAngle::Asc => "ASC",
        MapAngle::Dsc => "DSC",
    }
}

/// Dashed lines for the angles below the horizon or setting, so two lines
/// of one colour are told apart without the legend.
fn dashes(angle: MapAngle) -> &'static str {
    match angle {
        MapAngle::Mc | MapAngle::Asc => "",
        MapAngle::Ic | MapAngle::Dsc => r#" stroke-dasharray="9 6""#,
    }
}

/// A line's pieces as SVG path data on the map.
fn path_data(segments: &[Vec<GeoPoint>]) -> String {
    let mut d = String::with_capacity(segments.iter().map(|s| s.len() * 16).sum());
    for segment in segments {
        for (index, [longitude, latitude]) in segment.iter().enumerate() {
            let _ = write!(d, "{}{} {}", if index == 0 { 'M' } else { 'L' }, N(x_of(*longitude)), N(y_of(*latitude)));
        }
    }
    d
}

fn body_name(point: PointId, language: Language) -> &'static str {
    language.point_name(point)
}

/// The land and the borders as path data, in map units, built once.
struct Outlines {
    land: String,
    borders: String,
}

/// `world-50m.json`: the path data, already projected onto the map's
/// 1,600 × 800 units by its build script (d3-geo, which also cuts the land
/// at the antimeridian and around the poles).
#[derive(serde::Deserialize)]
struct OutlineFile {
    width: f64,
    land: String,
    borders: String,
}

static OUTLINES: LazyLock<Outlines> = LazyLock::new(|| {
    // A file of the repository, checked by the tests: it parses and has
    // the map's width.
    match serde_json::from_str::<OutlineFile>(include_str!("../../world/world-50m.json")) {
        Ok(file) if file.width == MAP_WIDTH => Outlines { land: file.land, borders: file.borders },
        _ => Outlines { land: String::new(), borders: String::new() },
    }
});

/// How many land rings and border lines the outlines hold.
#[cfg(test)]
fn outline_sizes() -> (usize, usize) {
    (OUTLINES.land.matches('M').count(), OUTLINES.borders.matches('M').count())
}

/// The SVG of the map, `width` pixels wide.
pub fn render_map_svg(map: &WorldMap, style: &Style, width: u32) -> String {
    let mut out = String::with_capacity(OUTLINES.land.len() + OUTLINES.borders.len() + 64 * 1024);
    // Writing to a String cannot fail.
    let _ = Writer { out: &mut out, map, style }.document(width);
    out
}

struct Writer<'a> {
    out: &'a mut String,
    map: &'a WorldMap,
    style: &'a Style,
}

/// A label's box, to keep labels from covering one another.
#[derive(Clone, Copy)]
struct Placed {
    x: f64,
    y: f64,
    half_width: f64,
    half_height: f64,
}

impl Placed {
    fn overlaps(&self, other: &Placed) -> bool {
        (self.x - other.x).abs() < self.half_width + other.half_width && (self.y - other.y).abs() < self.half_height + other.half_height
    }
}

const LABEL_WIDTH: f64 = 58.0;
/// The width the latitude marks take at the map's left edge.
const LEFT_MARKS: f64 = 36.0;
const LABEL_HEIGHT: f64 = 22.0;

impl Writer<'_> {
    fn document(&mut self, width: u32) -> fmt::Result {
        let palette = &self.style.palette;
        let dark = self.style.theme == Theme::Dark;
        write!(
            self.out,
            r#"<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{width}" height="{}" viewBox="0 0 {} {}" font-family="{}" role="img" aria-labelledby="map-title">"#,
            map_pixel_height(width),
            N(WIDTH),
            N(HEIGHT),
            Esc(&self.style.font_family)
        )?;
        write!(self.out, r#"<title id="map-title">{} · {}</title>"#, Esc(&self.map.title), Esc(&self.map.subtitle))?;
        self.defs()?;
        write!(self.out, r#"<rect width="{}" height="{}" fill="{}"/>"#, N(WIDTH), N(HEIGHT), palette.background)?;
        write!(
            self.out,
            r#"<text x="{}" y="32" text-anchor="middle" font-size="24" font-weight="bold" fill="{}">{}</text>"#,
            N(WIDTH / 2.0),
            palette.text,
            Esc(&self.map.title)
        )?;
        write!(
            self.out,
            r#"<text x="{}" y="58" text-anchor="middle" font-size="15" fill="{}">{}</text>"#,
            N(WIDTH / 2.0),
            palette.text_secondary,
            Esc(&self.map.subtitle)
        )?;
        // Sea, land, borders, graticule.
        let (sea, land, border) = if dark { ("#16263a", "#2b3340", "#59606e") } else { ("#dcecf7", "#f4f1e8", "#b3ab98") };
        write!(self.out, r#"<rect x="0" y="{}" width="{}" height="{}" fill="{sea}"/>"#, N(HEADER), N(MAP_WIDTH), N(MAP_HEIGHT))?;
        write!(self.out, r#"<g transform="translate(0 {})">"#, N(HEADER))?;
        write!(self.out, r#"<path d="{}" fill="{land}" stroke="{border}" stroke-width="0.8"/>"#, OUTLINES.land)?;
        write!(self.out, r#"<path d="{}" fill="none" stroke="{border}" stroke-width="0.6"/>"#, OUTLINES.borders)?;
        self.out.push_str("</g>");
        self.graticule()?;
        // The lines, then their labels above every line.
        let mut placed: Vec<Placed> = Vec::new();
        for trace in &self.map.local_space {
            self.local_space_trace(trace)?;
        }
        for trace in &self.map.lines {
            self.trace(trace)?;
        }
        for trace in &self.map.lines {
            self.label(trace, &mut placed)?;
        }
        for trace in &self.map.local_space {
            self.local_space_label(trace, &mut placed)?;
        }
        self.birth_place()?;
        write!(
            self.out,
            r#"<rect x="0.5" y="{}" width="{}" height="{}" fill="none" stroke="{}" stroke-width="1"/>"#,
            N(HEADER + 0.5),
            N(MAP_WIDTH - 1.0),
            N(MAP_HEIGHT - 1.0),
            palette.border
        )?;
        self.legend()?;
        self.out.push_str("</svg>");
        Ok(())
    }

    fn defs(&mut self) -> fmt::Result {
        self.out.push_str("<defs>");
        let mut points: Vec<PointId> = self.map.lines.iter().map(|t| t.point).chain(self.map.local_space.iter().map(|t| t.point)).collect();
        points.sort();
        points.dedup();
        for point in points {
            write!(
                self.out,
                r#"<symbol id="glyph-{}" viewBox="0 0 {GRID} {GRID}" overflow="visible"><path d="{}" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round"/></symbol>"#,
                point.id(),
                glyphs::point_path(point)
            )?;
        }
        self.out.push_str("</defs>");
        Ok(())
    }

    fn graticule(&mut self) -> fmt::Result {
        let color = &self.style.palette.text_secondary;
        let mut d = String::new();
        for longitude in (-150..=150).step_by(30) {
            let _ = write!(d, "M{} {}V{}", N(x_of(f64::from(longitude))), N(y_of(90.0)), N(y_of(-90.0)));
        }
        for latitude in (-60..=60).step_by(30) {
            let _ = write!(d, "M0 {}H{}", N(y_of(f64::from(latitude))), N(MAP_WIDTH));
        }
        write!(self.out, r#"<path d="{d}" fill="none" stroke="{color}" stroke-width="0.5" stroke-opacity="0.35"/>"#)?;
        // Degree marks along the left and bottom edges.
        for latitude in (-60..=60).step_by(30) {
            let text = match latitude {
                0 => "0°".to_owned(),
                l if l > 0 => format!("{l}°N"),
                l => format!("{}°S", -l),
            };
            write!(
                self.out,
                r#"<text x="6" y="{}" font-size="11" fill="{color}" fill-opacity="0.8">{text}</text>"#,
                N(y_of(f64::from(latitude)) - 4.0)
            )?;
        }
        for longitude in (-150..=150).step_by(30) {
            let text = match longitude {
                0 => "0°".to_owned(),
                l if l > 0 => format!("{l}°E"),
                l => format!("{}°W", -l),
            };
            write!(
                self.out,
                r#"<text x="{}" y="{}" font-size="11" text-anchor="middle" fill="{color}" fill-opacity="0.8">{text}</text>"#,
                N(x_of(f64::from(longitude))),
                N(y_of(-90.0) - 6.0)
            )?;
        }
        Ok(())
    }

    fn local_space_trace(&mut self, trace: &LocalSpaceTrace) -> fmt::Result {
        let color = body_color(trace.point, self.style.theme);
        let d = path_data(&trace.segments);
        let title = match self.style.language {
            Language::Es => "espacio local",
            Language::En => "local space",
        };
        write!(
            self.out,
            r#"<path d="{d}" fill="none" stroke="{color}" stroke-width="1.4" stroke-dasharray="2 4" stroke-linecap="round"><title>{} {title} {}°</title></path>"#,
            Esc(body_name(trace.point, self.style.language)),
            trace.azimuth.round()
        )
    }

    fn trace(&mut self, trace: &MapTrace) -> fmt::Result {
        let color = body_color(trace.point, self.style.theme);
        let d = path_data(&trace.segments);
        write!(
            self.out,
            r#"<path d="{d}" fill="none" stroke="{color}" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round"{}><title>{} {}</title></path>"#,
            dashes(trace.angle),
            Esc(body_name(trace.point, self.style.language)),
            angle_label(trace.angle)
        )
    }

    /// The glyph and the angle's name at the line: MC lines at the top of
    /// the map, IC lines at the bottom, ASC and DSC where they reach 40°
    /// (or their end, nearer the equator); moved along the line until it
    /// covers no other label.
    fn label(&mut self, trace: &MapTrace, placed: &mut Vec<Placed>) -> fmt::Result {
        let points: Vec<GeoPoint> = trace.segments.iter().flatten().copied().collect();
        if points.is_empty() {
            return Ok(());
        }
        let at_latitude = |target: f64| -> GeoPoint {
            *points.iter().min_by(|a, b| (a[1] - target).abs().total_cmp(&(b[1] - target).abs())).unwrap_or(&points[0])
        };
        let candidates: Vec<f64> = match trace.angle {
            MapAngle::Mc => vec![78.0, 70.0, 62.0, 54.0, 46.0, 38.0, 30.0, 22.0, 14.0, 6.0],
            MapAngle::Ic => vec![-78.0, -70.0, -62.0, -54.0, -46.0, -38.0, -30.0, -22.0, -14.0, -6.0],
            MapAngle::Asc => vec![40.0, 32.0, 24.0, 16.0, 48.0, 8.0, 0.0, -8.0, 56.0, -16.0, -24.0],
            MapAngle::Dsc => vec![-40.0, -32.0, -24.0, -16.0, -48.0, -8.0, 0.0, 8.0, -56.0, 16.0, 24.0],
        };
        let positions: Vec<GeoPoint> = candidates.iter().map(|&latitude| at_latitude(latitude)).collect();
        self.label_at(trace.point, angle_label(trace.angle), &positions, placed)
    }

    /// A local space line's label along it, some way out from the birth
    /// place towards the body.
    fn local_space_label(&mut self, trace: &LocalSpaceTrace, placed: &mut Vec<Placed>) -> fmt::Result {
        let points: Vec<GeoPoint> = trace.segments.iter().flatten().copied().collect();
        let positions: Vec<GeoPoint> = [24, 32, 40, 16, 48, 56, 64].iter().filter_map(|&step| points.get(step).copied()).collect();
        if positions.is_empty() {
            return Ok(());
        }
        self.label_at(trace.point, "LS", &positions, placed)
    }

    /// A label box at the first of `positions` that covers no other label.
    fn label_at(&mut self, point: PointId, text: &str, positions: &[GeoPoint], placed: &mut Vec<Placed>) -> fmt::Result {
        let boxes: Vec<Placed> = positions
            .iter()
            .map(|&[longitude, latitude]| {
                // Kept inside the map, clear of the latitude marks on its left edge.
                let x = x_of(longitude).clamp(LABEL_WIDTH / 2.0 + LEFT_MARKS, MAP_WIDTH - LABEL_WIDTH / 2.0 - 2.0);
                let y = y_of(latitude).clamp(HEADER + LABEL_HEIGHT, HEADER + MAP_HEIGHT - LABEL_HEIGHT);
                Placed { x, y, half_width: LABEL_WIDTH / 2.0, half_height: LABEL_HEIGHT / 2.0 }
            })
            .collect();
        // On the line where there is room; else beside it, a label's width
        // to the east or west; else on the line over another label.
        let free = |b: &Placed| !placed.iter().any(|p| p.overlaps(b));
        let beside = boxes.iter().flat_map(|b| {
            [1.0, -1.0].map(|side| Placed {
                x: (b.x + side * (LABEL_WIDTH + 4.0)).clamp(LABEL_WIDTH / 2.0 + LEFT_MARKS, MAP_WIDTH - LABEL_WIDTH / 2.0 - 2.0),
                ..*b
            })
        });
        let chosen = boxes.iter().copied().find(free).or_else(|| beside.clone().find(free)).unwrap_or(boxes[0]);
        let chosen = &chosen;
        placed.push(*chosen);
        let color = body_color(point, self.style.theme);
        let palette = &self.style.palette;
        write!(
            self.out,
            r#"<rect x="{}" y="{}" width="{}" height="{}" rx="4" fill="{}" fill-opacity="0.88" stroke="{color}" stroke-width="1"/>"#,
            N(chosen.x - LABEL_WIDTH / 2.0),
            N(chosen.y - LABEL_HEIGHT / 2.0),
            N(LABEL_WIDTH),
            N(LABEL_HEIGHT),
            palette.background
        )?;
        let glyph = 15.0;
        write!(
            self.out,
            r##"<use href="#glyph-{}" x="{}" y="{}" width="{glyph}" height="{glyph}" color="{color}"/>"##,
            point.id(),
            N(chosen.x - LABEL_WIDTH / 2.0 + 4.0),
            N(chosen.y - glyph / 2.0)
        )?;
        write!(
            self.out,
            r#"<text x="{}" y="{}" font-size="12" font-weight="bold" fill="{color}">{}</text>"#,
            N(chosen.x - LABEL_WIDTH / 2.0 + 23.0),
            N(chosen.y + 4.0),
            Esc(text)
        )
    }

    fn birth_place(&mut self) -> fmt::Result {
        let [longitude, latitude] = self.map.birth_place;
        let (x, y) = (x_of(longitude), y_of(latitude));
        let palette = &self.style.palette;
        write!(
            self.out,
            r#"<circle cx="{}" cy="{}" r="8" fill="none" stroke="{}" stroke-width="2.5"/><circle cx="{}" cy="{}" r="3" fill="{}"/>"#,
            N(x),
            N(y),
            palette.accent,
            N(x),
            N(y),
            palette.accent
        )
    }

    fn legend(&mut self) -> fmt::Result {
        let palette = &self.style.palette;
        let language = self.style.language;
        let top = HEADER + MAP_HEIGHT + 18.0;
        let mut points: Vec<PointId> = Vec::new();
        for point in self.map.lines.iter().map(|t| t.point).chain(self.map.local_space.iter().map(|t| t.point)) {
            if !points.contains(&point) {
                points.push(point);
            }
        }
        // Bodies in rows of up to eight.
        let column = MAP_WIDTH / 8.0;
        for (index, point) in points.iter().enumerate() {
            let (row, col) = (index / 8, index % 8);
            let (x, y) = (12.0 + column * col as f64, top + 22.0 * row as f64);
            let color = body_color(*point, self.style.theme);
            write!(
                self.out,
                r##"<use href="#glyph-{}" x="{}" y="{}" width="16" height="16" color="{color}"/>"##,
                point.id(),
                N(x),
                N(y - 8.0)
            )?;
            write!(self.out, r#"<path d="M{} {}h34" stroke="{color}" stroke-width="2.5"/>"#, N(x + 22.0), N(y))?;
            write!(
                self.out,
                r#"<text x="{}" y="{}" font-size="13" fill="{}">{}</text>"#,
                N(x + 62.0),
                N(y + 4.5),
                palette.text,
                Esc(body_name(*point, language))
            )?;
        }
        let rows = points.len().div_ceil(8).max(1);
        let y = top + 22.0 * rows as f64 + 8.0;
        let (solid, dashed, birth) = match language {
            Language::Es => {
                ("continua: MC (culminando), ASC (saliendo)", "discontinua: IC (anticulminando), DSC (poniéndose)", "lugar de nacimiento")
            }
            Language::En => ("solid: MC (culminating), ASC (rising)", "dashed: IC (anticulminating), DSC (setting)", "birth place"),
        };
        let muted = &palette.text_secondary;
        write!(self.out, r#"<path d="M12 {}h34" stroke="{muted}" stroke-width="2.2"/>"#, N(y))?;
        write!(self.out, r#"<text x="52" y="{}" font-size="12" fill="{muted}">{}</text>"#, N(y + 4.0), Esc(solid))?;
        write!(self.out, r#"<path d="M400 {}h34" stroke="{muted}" stroke-width="2.2" stroke-dasharray="9 6"/>"#, N(y))?;
        write!(self.out, r#"<text x="440" y="{}" font-size="12" fill="{muted}">{}</text>"#, N(y + 4.0), Esc(dashed))?;
        write!(
            self.out,
            r#"<circle cx="830" cy="{}" r="6" fill="none" stroke="{}" stroke-width="2"/><text x="844" y="{}" font-size="12" fill="{muted}">{}</text>"#,
            N(y),
            palette.accent,
            N(y + 4.0),
            Esc(birth)
        )?;
        if !self.map.local_space.is_empty() {
            let local = match language {
                Language::Es => "punteada: espacio local (LS)",
                Language::En => "dotted: local space (LS)",
            };
            write!(
                self.out,
                r#"<path d="M1000 {}h34" stroke="{muted}" stroke-width="1.6" stroke-dasharray="2 4" stroke-linecap="round"/>"#,
                N(y)
            )?;
            write!(self.out, r#"<text x="1040" y="{}" font-size="12" fill="{muted}">{}</text>"#, N(y + 4.0), Esc(local))?;
        }
        write!(
            self.out,
            r#"<text x="{}" y="{}" font-size="11" text-anchor="end" fill="{muted}">Natural Earth · equirectangular</text>"#,
            N(WIDTH - 10.0),
            N(y + 4.0)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn map() -> WorldMap {
        WorldMap {
            title: "Astrocartography".into(),
            subtitle: "11 May 1990 <14:30> · Rome".into(),
            lines: vec![
                MapTrace { point: PointId::Sun, angle: MapAngle::Mc, segments: vec![vec![[10.0, -90.0], [10.0, 90.0]]] },
                MapTrace {
                    point: PointId::Venus,
                    angle: MapAngle::Dsc,
                    segments: vec![vec![[170.0, -60.0], [180.0, 0.0]], vec![[-180.0, 0.0], [-170.0, 60.0]]],
                },
            ],
            local_space: vec![LocalSpaceTrace {
                point: PointId::Mars,
                azimuth: 120.0,
                segments: crate::astro::astrocartography::local_space::great_circle([12.5, 41.9], 120.0),
            }],
            birth_place: [12.5, 41.9],
        }
    }

    #[test]
    fn the_outlines_are_the_shipped_natural_earth_file() {
        let (land, borders) = outline_sizes();
        assert!(land > 500 && borders > 100, "{land} {borders}");
    }

    #[test]
    fn the_map_draws_every_line_its_labels_and_escapes_its_texts() {
        let svg = render_map_svg(&map(), &Style::default(), 1600);
        assert!(svg.starts_with("<svg") && svg.ends_with("</svg>"));
        assert!(svg.contains(r#"width="1600" height="972""#), "{}", &svg[..200]);
        assert!(svg.contains("&lt;14:30&gt;") && !svg.contains("<14:30>"));
        assert_eq!(svg.matches("<title>").count(), 3, "one hover title a line");
        assert!(svg.contains(">Mars local space 120°<") && svg.contains(">LS<") && svg.contains("dotted: local space"));
        assert!(svg.contains("glyph-sun") && svg.contains("glyph-venus"));
        assert!(svg.contains(">DSC<") && svg.contains(">MC<"));
        // The birth place at 12.5°E 41.9°N.
        assert!(svg.contains(&format!(r#"cx="{}" cy="{}""#, N(x_of(12.5)), N(y_of(41.9)))));
        // Same input, same bytes.
        assert_eq!(svg, render_map_svg(&map(), &Style::default(), 1600));
    }
}
