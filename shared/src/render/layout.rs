//! Where everything on a wheel goes, in the SVG's own units (the image is
//! scaled to its pixel size by the `viewBox`).
//!
//! The wheel is drawn as astrologers read it: the ascendant on the left,
//! the zodiac running counter-clockwise, the midheaven above. Points whose
//! glyphs would touch are spread along their ring, keeping their zodiacal
//! order, and a leader line ties each moved glyph to a tick at its true
//! longitude.

use crate::astro::point::{AngleId, PointId};
use crate::astro::zodiac::normalize_degrees;

use super::{ChartSize, Ring, Style, Wheel, WheelPoint};

/// The square the wheel is drawn in, and the band above it for the title.
pub(super) const WHEEL_SIZE: f64 = 860.0;
pub(super) const HEADER: f64 = 72.0;
/// The outer edge of the zodiac ring; the margin outside (100 units) holds
/// the angles' labels.
pub(super) const ZODIAC_OUTER: f64 = 330.0;
const GRID_CELL: f64 = 24.0;
const GRID_MARGIN: f64 = 24.0;

/// An axis-aligned box on the canvas.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GlyphBox {
    pub x: f64,
    pub y: f64,
    pub width: f64,
    pub height: f64,
}

impl GlyphBox {
    fn centred(x: f64, y: f64, size: f64) -> Self {
        Self { x: x - size / 2.0, y: y - size / 2.0, width: size, height: size }
    }

    /// True when the two boxes share area (touching edges do not count).
    pub fn overlaps(&self, other: &GlyphBox) -> bool {
        self.x < other.x + other.width && other.x < self.x + self.width && self.y < other.y + other.height && other.y < self.y + self.height
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct PlacedPoint {
    pub point: PointId,
    pub longitude: f64,
    /// Where the glyph is drawn: the true longitude unless the point was
    /// spread away from its neighbours.
    pub display_longitude: f64,
    pub retrograde: bool,
    pub glyph_box: GlyphBox,
}

/// The radii of one ring's stack: glyph, degrees, sign, minutes, ℞.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RingRadii {
    /// The ring's outer edge, where the tick at the true longitude starts.
    pub outer: f64,
    pub marker_end: f64,
    pub glyph: f64,
    pub glyph_size: f64,
    pub degrees: f64,
    pub sign: f64,
    pub minutes: f64,
    pub retrograde: f64,
    pub font_size: f64,
}

#[derive(Debug, Clone, PartialEq)]
pub struct RingLayout {
    pub ring: Ring,
    pub radii: RingRadii,
    /// The least angle between two glyphs' centres, degrees.
    pub min_separation: f64,
    pub points: Vec<PlacedPoint>,
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct AngleMark {
    pub angle: AngleId,
    pub longitude: f64,
}

/// The aspect table beside the wheel.
#[derive(Debug, Clone, PartialEq)]
pub struct GridLayout {
    pub x: f64,
    pub y: f64,
    pub cell: f64,
    /// Inner points down the side (and, for one chart, along the diagonal).
    pub rows: Vec<PointId>,
    /// Outer points across the top of a bi-wheel's table; empty for one chart.
    pub columns: Vec<PointId>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Layout {
    /// The canvas (`viewBox`) size.
    pub width: f64,
    pub height: f64,
    pub center: (f64, f64),
    /// The longitude drawn at the left (the ascendant, else 0° Aries).
    pub left_longitude: f64,
    pub zodiac_outer: f64,
    pub zodiac_inner: f64,
    /// The tick band's inner edge.
    pub ticks_inner: f64,
    /// The houses' number band lies between this and `aspect_radius`.
    pub house_band_outer: f64,
    pub aspect_radius: f64,
    pub rings: Vec<RingLayout>,
    pub angles: Vec<AngleMark>,
    pub grid: Option<GridLayout>,
}

impl Layout {
    /// Canvas coordinates of `longitude` at `radius` from the centre.
    pub fn at(&self, longitude: f64, radius: f64) -> (f64, f64) {
        let phi = (180.0 + longitude - self.left_longitude).to_radians();
        (self.center.0 + radius * phi.cos(), self.center.1 - radius * phi.sin())
    }

    pub fn ring(&self, ring: Ring) -> Option<&RingLayout> {
        self.rings.iter().find(|r| r.ring == ring)
    }

    /// The image's size in pixels for `size`: `size` is the width of the
    /// wheel's square, so the aspect grid widens the image rather than
    /// shrinking the wheel.
    pub fn pixel_size(&self, size: ChartSize) -> (u32, u32) {
        let scale = f64::from(size.pixels()) / WHEEL_SIZE;
        ((self.width * scale).round() as u32, (self.height * scale).round() as u32)
    }

    /// Every pair of glyph boxes (of points, on any ring) that overlap.
    pub fn overlapping_glyphs(&self) -> Vec<(PointId, PointId)> {
        let boxes: Vec<_> = self.rings.iter().flat_map(|r| r.points.iter()).collect();
        let mut found = Vec::new();
        for (i, a) in boxes.iter().enumerate() {
            for b in &boxes[i + 1..] {
                if a.glyph_box.overlaps(&b.glyph_box) {
                    found.push((a.point, b.point));
                }
            }
        }
        found
    }
}

fn single_radii() -> (RingRadii, f64, f64, f64) {
    let ring = RingRadii {
        outer: 275.0,
        marker_end: 269.0,
        glyph: 250.0,
        glyph_size: 21.0,
        degrees: 227.0,
        sign: 210.0,
        minutes: 194.0,
        retrograde: 181.0,
        font_size: 12.0,
    };
    // zodiac inner, house band outer, aspect circle
    (ring, 286.0, 172.0, 148.0)
}

fn bi_radii() -> (RingRadii, RingRadii, f64, f64, f64) {
    let outer = RingRadii {
        outer: 281.0,
        marker_end: 276.0,
        glyph: 262.0,
        glyph_size: 19.0,
        degrees: 242.0,
        sign: 228.0,
        minutes: 215.0,
        retrograde: 204.0,
        font_size: 11.0,
    };
    let inner = RingRadii {
        outer: 196.0,
        marker_end: 191.0,
        glyph: 178.0,
        glyph_size: 19.0,
        degrees: 158.0,
        sign: 144.0,
        minutes: 131.0,
        retrograde: 120.0,
        font_size: 11.0,
    };
    (outer, inner, 292.0, 112.0, 92.0)
}

/// The geometry of `wheel` drawn with `style`.
pub fn layout(wheel: &Wheel, style: &Style) -> Layout {
    let left_longitude = wheel
        .inner
        .angles
        .iter()
        .find(|(angle, longitude)| *angle == AngleId::Ascendant && longitude.is_finite())
        .map_or(0.0, |(_, longitude)| normalize_degrees(*longitude));
    let center = (WHEEL_SIZE / 2.0, HEADER + WHEEL_SIZE / 2.0);
    let mut layout = Layout {
        width: WHEEL_SIZE,
        height: WHEEL_SIZE + HEADER,
        center,
        left_longitude,
        zodiac_outer: ZODIAC_OUTER,
        zodiac_inner: 0.0,
        ticks_inner: 0.0,
        house_band_outer: 0.0,
        aspect_radius: 0.0,
        rings: Vec::new(),
        angles: wheel
            .inner
            .angles
            .iter()
            .filter(|(_, longitude)| longitude.is_finite())
            .map(|&(angle, longitude)| AngleMark { angle, longitude: normalize_degrees(longitude) })
            .collect(),
        grid: None,
    };
    let rings = if wheel.outer.is_some() {
        let (outer, inner, zodiac_inner, house_band, aspect) = bi_radii();
        (layout.zodiac_inner, layout.house_band_outer, layout.aspect_radius) = (zodiac_inner, house_band, aspect);
        vec![(Ring::Outer, outer), (Ring::Inner, inner)]
    } else {
        let (inner, zodiac_inner, house_band, aspect) = single_radii();
        (layout.zodiac_inner, layout.house_band_outer, layout.aspect_radius) = (zodiac_inner, house_band, aspect);
        vec![(Ring::Inner, inner)]
    };
    layout.ticks_inner = layout.zodiac_inner - 11.0;
    for (ring, radii) in rings {
        let points = wheel.ring_points(ring);
        layout.rings.push(place_ring(&layout, ring, radii, &points));
    }

    let has_aspects = !wheel.aspects.is_empty();
    if style.aspect_grid && style.show_aspects && has_aspects {
        let rows: Vec<PointId> = wheel.ring_points(Ring::Inner).iter().map(|p| p.point).collect();
        let columns: Vec<PointId> = wheel.ring_points(Ring::Outer).iter().map(|p| p.point).collect();
        let (cols, rows_count) = if wheel.outer.is_some() { (columns.len() + 1, rows.len() + 1) } else { (rows.len(), rows.len()) };
        let (grid_width, grid_height) = (cols as f64 * GRID_CELL, rows_count as f64 * GRID_CELL);
        let x = WHEEL_SIZE;
        let y = (HEADER + (WHEEL_SIZE - grid_height) / 2.0).max(HEADER);
        layout.width = WHEEL_SIZE + grid_width + GRID_MARGIN;
        layout.height = layout.height.max(y + grid_height + GRID_MARGIN);
        layout.grid = Some(GridLayout { x, y, cell: GRID_CELL, rows, columns });
    }
    layout
}

fn place_ring(layout: &Layout, ring: Ring, radii: RingRadii, points: &[WheelPoint]) -> RingLayout {
    // Axis-aligned boxes of side s whose centres lie d apart never overlap
    // when d ≥ s·√2, whatever the direction; a little air on top.
    let chord = radii.glyph_size * std::f64::consts::SQRT_2 + 2.0;
    let min_separation = 2.0 * (chord / 2.0 / radii.glyph).asin().to_degrees();
    let longitudes: Vec<f64> = points.iter().map(|p| p.longitude).collect();
    let shown = spread(&longitudes, min_separation);
    let placed = points
        .iter()
        .zip(shown)
        .map(|(point, display_longitude)| {
            let (x, y) = layout.at(display_longitude, radii.glyph);
            PlacedPoint {
                point: point.point,
                longitude: normalize_degrees(point.longitude),
                display_longitude,
                retrograde: point.retrograde,
                glyph_box: GlyphBox::centred(x, y, radii.glyph_size),
            }
        })
        .collect();
    RingLayout { ring, radii, min_separation, points: placed }
}

/// Display longitudes for points at `longitudes` (any order; the answer
/// is in the same order) such that neighbours along the circle stand at
/// least `min_gap` degrees apart, their zodiacal order is kept and each
/// moves as little as it can.
///
/// Points too close together form a cluster, spread evenly at `min_gap`
/// around the mean of their true longitudes (the least-squares place for a
/// rigid group); clusters that then touch merge, and so on until none touch,
/// across 0° Aries too. Each merge removes a cluster, so this ends.
pub(super) fn spread(longitudes: &[f64], min_gap: f64) -> Vec<f64> {
    let n = longitudes.len();
    let mut shown: Vec<f64> = longitudes.iter().map(|&l| normalize_degrees(l)).collect();
    if n < 2 {
        return shown;
    }
    let gap = min_gap.min(360.0 / n as f64);
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|&a, &b| shown[a].total_cmp(&shown[b]).then(a.cmp(&b)));

    // Cut the circle open in its widest empty arc.
    let mut cut = 0;
    let mut widest = f64::MIN;
    for k in 0..n {
        let here = shown[order[k]];
        let next = if k + 1 < n { shown[order[k + 1]] } else { shown[order[0]] + 360.0 };
        if next - here > widest {
            widest = next - here;
            cut = (k + 1) % n;
        }
    }

    struct Cluster {
        /// (index into the input, unwrapped true longitude)
        members: Vec<(usize, f64)>,
        sum: f64,
    }
    impl Cluster {
        fn centre(&self) -> f64 {
            self.sum / self.members.len() as f64
        }
        fn half_span(&self, gap: f64) -> f64 {
            (self.members.len() - 1) as f64 * gap / 2.0
        }
        fn absorb(&mut self, other: Cluster, shift: f64) {
            for (index, longitude) in other.members {
                self.members.push((index, longitude + shift));
                self.sum += longitude + shift;
            }
        }
    }
    let mut clusters: Vec<Cluster> = (0..n)
        .map(|k| {
            let index = order[(cut + k) % n];
            let longitude = shown[index] + if cut + k >= n && cut != 0 { 360.0 } else { 0.0 };
            Cluster { members: vec![(index, longitude)], sum: longitude }
        })
        .collect();

    // A hair of tolerance so that points spread exactly `gap` apart count
    // as apart.
    let tight = gap - 1e-9;
    loop {
        let mut merged = false;
        let mut k = 0;
        while k + 1 < clusters.len() {
            let (a, b) = (&clusters[k], &clusters[k + 1]);
            if (b.centre() - b.half_span(gap)) - (a.centre() + a.half_span(gap)) < tight {
                let next = clusters.remove(k + 1);
                clusters[k].absorb(next, 0.0);
                merged = true;
            } else {
                k += 1;
            }
        }
        if clusters.len() > 1 {
            let (first, last) = (&clusters[0], &clusters[clusters.len() - 1]);
            if (first.centre() + 360.0 - first.half_span(gap)) - (last.centre() + last.half_span(gap)) < tight {
                let first = clusters.remove(0);
                let last = clusters.len() - 1;
                clusters[last].absorb(first, 360.0);
                merged = true;
            }
        }
        if !merged {
            break;
        }
    }
    for cluster in &clusters {
        let start = cluster.centre() - cluster.half_span(gap);
        for (j, &(index, _)) in cluster.members.iter().enumerate() {
            shown[index] = normalize_degrees(start + j as f64 * gap);
        }
    }
    shown
}
