//! Chart wheels: chart data in, SVG text out (and, behind the `png`
//! feature, PNG bytes from that SVG). Pure: no I/O, no HTTP.
//!
//! - [`Wheel`]: what to draw, built from a [`NatalChart`] ([`Wheel::natal`])
//!   or from a natal chart and another chart's points with the aspects
//!   between them ([`Wheel::bi_wheel`]: synastry, transits, progressions,
//!   returns).
//! - [`Style`]: theme, colours, font, names and what is shown, from a
//!   widget's `customization` ([`Style::from_customization`]).
//! - [`layout`]: where every glyph goes (tests check it for overlaps);
//!   [`render_svg`] draws that layout.
//!
//! The same wheel and style always give the same bytes: numbers are written
//! with two decimals and nothing is drawn in hash order.

mod glyphs;
mod layout;
#[cfg(feature = "png")]
mod png;
mod style;
mod svg;
mod vedic;
mod world_map;

#[cfg(test)]
mod tests;

pub use layout::{AngleMark, GlyphBox, Layout, PlacedPoint, RingLayout, layout};
#[cfg(feature = "png")]
pub use png::{PngError, svg_to_png, svg_tree};
/// The SVG tree types [`svg_tree`] returns.
#[cfg(feature = "png")]
pub use resvg::usvg;
pub use style::{ChartSize, Color, FALLBACK_FONTS, MAX_LABELS, Palette, Style, StyleError, Theme};
pub use svg::{LabelAnchor, WheelLabel, WheelLabels, render_shapes_and_labels, render_svg};
pub use vedic::{VedicDiagram, VedicLayout, VedicMark, render_vedic_svg, vedic_pixel_height};
pub use world_map::{
    LocalSpaceTrace, MAP_DEFAULT_PIXELS, MAP_MAX_PIXELS, MAP_MIN_PIXELS, MapTrace, WorldMap, map_pixel_height, render_map_svg,
};

use crate::astro::aspect::{Aspect, AspectKind};
use crate::astro::chart::{NatalChart, PointPlacement};
use crate::astro::point::{AngleId, PointId};

/// Which ring of a wheel a point is drawn on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Ring {
    /// The natal chart (or the only chart).
    Inner,
    /// The other chart of a bi-wheel: the partner, the transits, the
    /// progressions, the return.
    Outer,
}

impl Ring {
    pub fn id(self) -> &'static str {
        match self {
            Self::Inner => "inner",
            Self::Outer => "outer",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct WheelPoint {
    pub point: PointId,
    /// Ecliptic longitude, degrees.
    pub longitude: f64,
    pub retrograde: bool,
}

impl From<&PointPlacement> for WheelPoint {
    fn from(placement: &PointPlacement) -> Self {
        Self { point: placement.point, longitude: placement.position.longitude, retrograde: placement.retrograde }
    }
}

/// One chart's part of the wheel.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ChartRing {
    /// Whose chart: shown in the subtitle of a bi-wheel.
    pub name: Option<String>,
    pub points: Vec<WheelPoint>,
    /// The angles the wheel marks (the inner ring's orient the wheel:
    /// ascendant on the left).
    pub angles: Vec<(AngleId, f64)>,
    /// House cusps 1–12 (drawn for the inner ring).
    pub cusps: Option<[f64; 12]>,
}

impl ChartRing {
    pub fn of(chart: &NatalChart) -> Self {
        Self {
            name: None,
            points: chart.points.iter().map(WheelPoint::from).collect(),
            angles: chart.angles.clone(),
            cusps: Some(chart.houses.cusps),
        }
    }
}

/// An aspect line between two drawn points.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct WheelAspect {
    pub a: (Ring, PointId),
    pub b: (Ring, PointId),
    pub kind: AspectKind,
    pub orb: f64,
}

/// Everything a wheel draws.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Wheel {
    /// The heading, e.g. "Natal chart" or the subject's name.
    pub title: Option<String>,
    pub inner: ChartRing,
    pub outer: Option<ChartRing>,
    pub aspects: Vec<WheelAspect>,
}

impl Wheel {
    /// A single chart: its points, angles, houses and the aspects among its points.
    pub fn natal(chart: &NatalChart) -> Self {
        let aspects = chart
            .aspects
            .iter()
            .map(|aspect| WheelAspect {
                a: (Ring::Inner, aspect.point_a),
                b: (Ring::Inner, aspect.point_b),
                kind: aspect.kind,
                orb: aspect.orb,
            })
            .collect();
        Self { title: None, inner: ChartRing::of(chart), outer: None, aspects }
    }

    /// Natal chart inside, another chart's points outside, and the aspects
    /// between the two. `leading` says which ring each aspect's `point_a`
    /// belongs to: synastry's `aspects1to2` lead with the inner chart,
    /// progressions' `aspects_to_natal` with the outer one.
    pub fn bi_wheel(inner: &NatalChart, outer: &[PointPlacement], cross_aspects: &[Aspect<PointId>], leading: Ring) -> Self {
        let other = match leading {
            Ring::Inner => Ring::Outer,
            Ring::Outer => Ring::Inner,
        };
        let aspects = cross_aspects
            .iter()
            .map(|aspect| WheelAspect { a: (leading, aspect.point_a), b: (other, aspect.point_b), kind: aspect.kind, orb: aspect.orb })
            .collect();
        let outer = ChartRing { name: None, points: outer.iter().map(WheelPoint::from).collect(), angles: Vec::new(), cusps: None };
        Self { title: None, inner: ChartRing::of(inner), outer: Some(outer), aspects }
    }

    pub fn titled(mut self, title: impl Into<String>) -> Self {
        self.title = Some(title.into());
        self
    }

    /// Names the inner chart (the subject) and, for a bi-wheel, the outer one.
    pub fn named(mut self, inner: impl Into<String>, outer: Option<String>) -> Self {
        self.inner.name = Some(inner.into());
        if let Some(ring) = self.outer.as_mut() {
            ring.name = outer;
        }
        self
    }

    /// A ring's points, with the same point listed twice or a longitude that
    /// is not a number left out: each point is drawn exactly once.
    fn ring_points(&self, ring: Ring) -> Vec<WheelPoint> {
        let source = match ring {
            Ring::Inner => &self.inner.points,
            Ring::Outer => match &self.outer {
                Some(outer) => &outer.points,
                None => return Vec::new(),
            },
        };
        let mut points: Vec<WheelPoint> = Vec::with_capacity(source.len());
        for point in source {
            if point.longitude.is_finite() && !points.iter().any(|p| p.point == point.point) {
                points.push(*point);
            }
        }
        points
    }
}
