//! The one place the image routes call the wheel renderer
//! (`shared::render`): the link's `customization` and the query's `theme`
//! and `size` become a [`Style`]; the wheel is drawn to SVG, and to PNG
//! from that SVG.

use serde_json::Value;
use shared::http::ApiError;
use shared::language::Language;
use shared::render::{ChartSize, Style, Theme, Wheel, layout, render_svg, svg_to_png};

use crate::request::style_error_detail;

/// Changes whenever the drawing changes: part of the ETag, so caches drop
/// images drawn by an older renderer.
pub const RENDERER_VERSION: &str = "wheel-1";

/// The style of one request: the link's `customization` (its `language`,
/// else the request's), then the `theme` and `size` query parameters over
/// it. The theme is applied as the customization's own, so its colours
/// still override the chosen theme's.
pub fn style(customization: Option<&Value>, language: Language, theme: Option<&str>, size: Option<&str>) -> Result<Style, ApiError> {
    let themed;
    let customization = match theme {
        None => customization.unwrap_or(&Value::Null),
        Some(id) => {
            let theme = Theme::parse(id).ok_or_else(|| {
                let valid: Vec<&str> = Theme::ALL.iter().map(|t| t.id()).collect();
                ApiError::invalid_parameter("theme", format!("unknown theme; valid: {}", valid.join(", ")))
            })?;
            let mut owned = customization.filter(|c| c.is_object()).cloned().unwrap_or_else(|| Value::Object(Default::default()));
            if !owned["widgetOptions"].is_object() {
                owned["widgetOptions"] = Value::Object(Default::default());
            }
            owned["widgetOptions"]["theme"] = Value::from(theme.id());
            themed = owned;
            &themed
        }
    };
    // Validated when the link was issued; a renderer grown stricter since
    // still answers with the member at fault.
    let mut style = Style::from_customization_at(customization, "/customization")
        .map_err(|error| ApiError::invalid_field(error.pointer.clone(), style_error_detail(&error)))?;
    if customization.get("language").is_none_or(Value::is_null) {
        style.language = language;
    }
    if let Some(size) = size {
        style.size = size.parse::<u32>().ok().and_then(ChartSize::from_pixels).ok_or_else(|| {
            ApiError::invalid_parameter(
                "size",
                format!("size must be a whole number of pixels from {} to {}", ChartSize::MIN, ChartSize::MAX),
            )
        })?;
    }
    Ok(style)
}

/// The wheel as SVG text.
pub fn svg(wheel: &Wheel, style: &Style) -> String {
    render_svg(wheel, style)
}

/// The PNG's width: the wheel's square `style.size` pixels wide (an
/// aspect grid beside it widens the image).
pub fn png_width(wheel: &Wheel, style: &Style) -> u32 {
    layout(wheel, style).pixel_size(style.size).0
}

/// An image's SVG rasterised `width` pixels wide, at most the largest width
/// the rasteriser takes.
pub fn png(svg: &str, width: u32) -> Result<Vec<u8>, ApiError> {
    svg_to_png(svg, width.clamp(ChartSize::MIN, ChartSize::MAX)).map_err(ApiError::internal)
}
