//! The one place the image routes call the wheel renderer: the charts to
//! draw and the style in, SVG (and PNG) out.
//!
//! Until the renderer (`shared::render`) lands this draws a plain wheel: a
//! circle, each point's label at its longitude, escaped. It exists so the
//! links, checks, caching and metering can be built and tested; the
//! renderer replaces the bodies of these functions, not their callers.

use std::collections::BTreeMap;
use std::fmt::Write;

use serde_json::Value;
use shared::astro::aspect::Aspect;
use shared::astro::chart::{NatalChart, PointPlacement};
use shared::astro::point::PointId;
use shared::http::ApiError;

/// Changes whenever the drawing changes: part of the ETag, so caches drop
/// images drawn by an older renderer.
pub const RENDERER_VERSION: &str = "plain-1";

pub const MIN_SIZE: u32 = 200;
pub const MAX_SIZE: u32 = 4000;
const DEFAULT_SIZE: u32 = 600;

/// What one image draws.
pub struct Picture<'a> {
    pub title: String,
    /// The natal chart (or the only one): houses, angles and its points.
    pub inner: &'a NatalChart,
    /// The other chart of a bi-wheel.
    pub outer: Option<Outer<'a>>,
}

pub struct Outer<'a> {
    pub points: &'a [PointPlacement],
    /// Between the two charts.
    pub aspects: &'a [Aspect<PointId>],
    /// Whether each aspect's `point_a` is the outer chart's (progressions,
    /// returns, transits) rather than the inner one's (synastry).
    pub outer_leads: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Theme {
    Light,
    Dark,
}

impl Theme {
    const VALID: &str = "light, dark";

    fn parse(id: &str) -> Option<Self> {
        match id {
            "light" => Some(Self::Light),
            "dark" => Some(Self::Dark),
            _ => None,
        }
    }

    pub fn id(self) -> &'static str {
        match self {
            Self::Light => "light",
            Self::Dark => "dark",
        }
    }
}

#[derive(Debug, Clone)]
pub struct Style {
    pub theme: Theme,
    /// Point id → the name to show.
    pub labels: BTreeMap<String, String>,
    /// Width in pixels.
    pub size: u32,
}

/// What is wrong with a request's `customization` (found at `pointer`) as
/// the renderer reads it: (JSON pointer of the member, detail).
pub fn customization_problem(customization: &Value, pointer: &str) -> Option<(String, String)> {
    style_of(customization, pointer).err().and_then(|error| match error {
        ApiError::Client { errors, .. } => errors.into_iter().next().map(|e| (e.source.map(|s| s.pointer).unwrap_or_default(), e.detail)),
        _ => None,
    })
}

fn style_of(customization: &Value, pointer: &str) -> Result<Style, ApiError> {
    let mut style = Style { theme: Theme::Light, labels: BTreeMap::new(), size: DEFAULT_SIZE };
    let root = match customization {
        Value::Null => return Ok(style),
        Value::Object(root) => root,
        _ => return Err(ApiError::invalid_field(pointer, "customization must be an object")),
    };
    if let Some(options) = root.get("widgetOptions").filter(|v| !v.is_null()) {
        let at = format!("{pointer}/widgetOptions");
        let options = options.as_object().ok_or_else(|| ApiError::invalid_field(&at, "must be an object"))?;
        if let Some(theme) = options.get("theme").filter(|v| !v.is_null()) {
            style.theme = theme
                .as_str()
                .and_then(Theme::parse)
                .ok_or_else(|| ApiError::invalid_field(format!("{at}/theme"), format!("unknown theme; valid: {}", Theme::VALID)))?;
        }
    }
    if let Some(labels) = root.get("labels").filter(|v| !v.is_null()) {
        let at = format!("{pointer}/labels");
        let labels = labels.as_object().ok_or_else(|| ApiError::invalid_field(&at, "must be an object of strings"))?;
        for (key, value) in labels {
            let text = value.as_str().ok_or_else(|| ApiError::invalid_field(format!("{at}/{key}"), "must be a string"))?;
            style.labels.insert(key.clone(), text.to_owned());
        }
    }
    Ok(style)
}

/// The style of one request: the link's `customization`, then the `theme`
/// and `size` query parameters over it.
pub fn style(customization: Option<&Value>, theme: Option<&str>, size: Option<&str>) -> Result<Style, ApiError> {
    let mut style = style_of(customization.unwrap_or(&Value::Null), "/customization")?;
    if let Some(theme) = theme {
        style.theme =
            Theme::parse(theme).ok_or_else(|| ApiError::invalid_parameter("theme", format!("unknown theme; valid: {}", Theme::VALID)))?;
    }
    if let Some(size) = size {
        style.size = size.parse::<u32>().ok().filter(|px| (MIN_SIZE..=MAX_SIZE).contains(px)).ok_or_else(|| {
            ApiError::invalid_parameter("size", format!("size must be a whole number of pixels from {MIN_SIZE} to {MAX_SIZE}"))
        })?;
    }
    Ok(style)
}

/// The wheel as SVG text.
pub fn svg(picture: &Picture, style: &Style) -> String {
    let (background, ink) = match style.theme {
        Theme::Light => ("#ffffff", "#222222"),
        Theme::Dark => ("#121212", "#eeeeee"),
    };
    let mut out = String::with_capacity(2048);
    let _ = write!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" viewBox="0 0 600 600"><rect width="600" height="600" fill="{background}"/><title>{title}</title><circle cx="300" cy="300" r="280" fill="none" stroke="{ink}"/>"#,
        size = style.size,
        title = escape(&picture.title),
    );
    let mut ring = |points: &[PointPlacement], radius: f64| {
        for placement in points {
            // Ascendant-free plain wheel: 0° Aries on the left, counter-clockwise.
            let angle = (180.0 - placement.position.longitude).to_radians();
            let (x, y) = (300.0 + radius * angle.cos(), 300.0 - radius * angle.sin());
            let label = style.labels.get(placement.point.id()).map(String::as_str).unwrap_or(placement.point.id());
            let _ = write!(out, r#"<text x="{x:.2}" y="{y:.2}" fill="{ink}" font-size="12">{}</text>"#, escape(label));
        }
    };
    ring(&picture.inner.points, 200.0);
    if let Some(outer) = &picture.outer {
        ring(outer.points, 260.0);
    }
    out.push_str("</svg>");
    out
}

/// The SVG rasterised at the style's width.
pub fn png(svg: &str, style: &Style) -> Result<Vec<u8>, ApiError> {
    let tree = resvg::usvg::Tree::from_str(svg, &resvg::usvg::Options::default()).map_err(ApiError::internal)?;
    let scale = style.size as f32 / tree.size().width();
    let height = (tree.size().height() * scale).ceil() as u32;
    let mut pixmap = resvg::tiny_skia::Pixmap::new(style.size, height).ok_or_else(|| ApiError::internal("empty image"))?;
    resvg::render(&tree, resvg::tiny_skia::Transform::from_scale(scale, scale), &mut pixmap.as_mut());
    pixmap.encode_png().map_err(ApiError::internal)
}

fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '&' => out.push_str("&amp;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            // Characters XML 1.0 forbids.
            c if (c as u32) < 0x20 && !matches!(c, '\t' | '\n' | '\r') => {}
            c => out.push(c),
        }
    }
    out
}
