//! How a wheel looks: theme, colours, font, names and what is shown, read
//! from a widget's `customization` object and validated member by member.
//!
//! The widget `colors` map onto the wheel so:
//!
//! | member | wheel part |
//! |---|---|
//! | `background` | the canvas behind everything |
//! | `surface` | the disc inside the zodiac ring (where points and aspects sit) |
//! | `text` | degrees of points and angles, the title |
//! | `textSecondary` | minutes of arc, house numbers, the degree ticks, the subtitle, conjunction lines |
//! | `border` | the circles, the house cusps, the aspect grid's cells |
//! | `primary` | the glyphs of the inner (or only) chart's points (also in the aspect grid) |
//! | `secondary` | the glyphs of the outer chart's points (bi-wheel) |
//! | `accent` | the four angles: their axes and labels |
//! | `success` | harmonious aspects (trine, sextile, semisextile, quintile, biquintile) |
//! | `error` | tense aspects (opposition, square, semisquare, sesquiquadrate, quincunx) |
//!
//! The sign glyphs keep their
//! element colours (fire, earth, air, water) from the theme.
//!
//! Other `customization` members: `fonts.family` (labels; the glyphs are
//! paths and never use a font), `labels` (point, sign or angle id → the name
//! shown in place of the language's), `language` (`en`, `es`),
//! `widgetOptions.showAspects` / `showPoints` / `showHouses` (booleans,
//! default true), `widgetOptions.chartSize` (see [`ChartSize`]),
//! `widgetOptions.theme` (`light`, `dark`), and `chartSettings.aspectGrid`
//! (boolean, default false: the triangular aspect table beside the wheel).
//! Members the wheel has no use for are ignored.

use std::collections::BTreeMap;
use std::fmt;

use serde_json::Value;

use crate::language::Language;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Theme {
    #[default]
    Light,
    Dark,
}

impl Theme {
    pub const ALL: [Theme; 2] = [Theme::Light, Theme::Dark];

    pub fn id(self) -> &'static str {
        match self {
            Self::Light => "light",
            Self::Dark => "dark",
        }
    }

    pub fn parse(id: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|theme| theme.id() == id)
    }
}

/// A validated CSS colour, kept in the form the SVG is written with
/// (`#rrggbb`, or `rgba(r,g,b,a)` when it is translucent): whatever the
/// client wrote, what reaches the markup is digits and `#`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Color(String);

impl Color {
    /// A CSS colour: `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`, the functional
    /// forms (`rgb()`, `rgba()`, `hsl()`, `hsla()`, `hwb()`, `lab()`,
    /// `lch()`, `oklab()`, `oklch()`) or a CSS named colour.
    pub fn parse(text: &str) -> Option<Self> {
        let text = text.trim();
        let function = text.split_once('(').map(|(name, _)| name.to_ascii_lowercase());
        let form_ok = text.starts_with('#')
            || text.eq_ignore_ascii_case("transparent")
            || csscolorparser::NAMED_COLORS.keys().any(|name| name.as_str().eq_ignore_ascii_case(text))
            || function.as_deref().is_some_and(|name| {
                ["rgb", "rgba", "hsl", "hsla", "hwb", "lab", "lch", "oklab", "oklch"].contains(&name) && text.ends_with(')')
            });
        if !form_ok || text.len() > 100 {
            return None;
        }
        let parsed = csscolorparser::parse(text).ok()?;
        let [r, g, b, a] = parsed.to_rgba8();
        Some(Self::rgba(r, g, b, a))
    }

    pub fn rgba(r: u8, g: u8, b: u8, a: u8) -> Self {
        if a == 255 { Self(format!("#{r:02x}{g:02x}{b:02x}")) } else { Self(format!("rgba({r},{g},{b},{:.3})", f64::from(a) / 255.0)) }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// Red, green and blue, and the opacity from 0 to 1.
    pub fn channels(&self) -> ([u8; 3], f32) {
        // The text is one `rgba` wrote, which always parses.
        // The opacity as a byte, as usvg reads it: the PNG and the PDF agree.
        csscolorparser::parse(&self.0).map_or(([0, 0, 0], 1.0), |c| {
            let [r, g, b, a] = c.to_rgba8();
            ([r, g, b], f32::from(a) / 255.0)
        })
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A theme colour written as 0xRRGGBB.
#[derive(Clone, Copy)]
struct ColorConst(u32);

impl ColorConst {
    fn color(self) -> Color {
        let [_, r, g, b] = self.0.to_be_bytes();
        Color::rgba(r, g, b, 255)
    }
}

/// Every colour the wheel is drawn with.
#[derive(Debug, Clone, PartialEq)]
pub struct Palette {
    pub background: Color,
    pub surface: Color,
    pub text: Color,
    pub text_secondary: Color,
    pub border: Color,
    pub primary: Color,
    pub secondary: Color,
    pub accent: Color,
    pub success: Color,
    pub error: Color,
    /// Fire, earth, air, water: the sign glyphs.
    pub elements: [Color; 4],
    /// The same elements, as the pale (or deep, in the dark theme) fill of
    /// each sign's sector of the zodiac ring.
    pub element_fills: [Color; 4],
}

impl Palette {
    pub fn of(theme: Theme) -> Self {
        let c = |rgb: u32| ColorConst(rgb).color();
        match theme {
            Theme::Light => Self {
                background: c(0xffffff),
                surface: c(0xfbfaf7),
                text: c(0x1f2430),
                text_secondary: c(0x5b6170),
                border: c(0x8a8f9c),
                primary: c(0x1f2a5a),
                secondary: c(0x8a3b12),
                accent: c(0xb0006d),
                success: c(0x1c7c3c),
                error: c(0xc62828),
                elements: [c(0xd0331f), c(0x4e7d23), c(0xb08800), c(0x1f63b8)],
                element_fills: [c(0xfbe3dc), c(0xe6f0da), c(0xfbf1cf), c(0xdceafa)],
            },
            Theme::Dark => Self {
                background: c(0x12151c),
                surface: c(0x1a1e28),
                text: c(0xe8eaf0),
                text_secondary: c(0xa3a9b8),
                border: c(0x6a7183),
                primary: c(0xb9c8ff),
                secondary: c(0xffb380),
                accent: c(0xff6fb5),
                success: c(0x5fd38a),
                error: c(0xff6b6b),
                elements: [c(0xff7a5c), c(0x9ccc65), c(0xffd54f), c(0x64b5f6)],
                element_fills: [c(0x3a211d), c(0x23301c), c(0x36301a), c(0x1a2a3d)],
            },
        }
    }
}

/// The image's width, in CSS pixels (the height follows the wheel's shape).
/// `small` 400, `medium` 600 (default), `large` 800, or a number of pixels
/// from 200 to 4000 (a JSON number or a string of digits).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ChartSize(u32);

impl ChartSize {
    pub const MIN: u32 = 200;
    pub const MAX: u32 = 4000;
    pub const NAMES: [(&'static str, u32); 3] = [("small", 400), ("medium", 600), ("large", 800)];

    pub fn pixels(self) -> u32 {
        self.0
    }

    pub fn from_pixels(pixels: u32) -> Option<Self> {
        (Self::MIN..=Self::MAX).contains(&pixels).then_some(Self(pixels))
    }

    pub fn parse(value: &Value) -> Option<Self> {
        match value {
            Value::String(text) => Self::NAMES
                .iter()
                .find(|(name, _)| name == text)
                .map(|&(_, px)| Self(px))
                .or_else(|| text.bytes().all(|b| b.is_ascii_digit()).then(|| text.parse().ok().and_then(Self::from_pixels)).flatten()),
            Value::Number(number) => number.as_u64().and_then(|n| u32::try_from(n).ok()).and_then(Self::from_pixels),
            _ => None,
        }
    }
}

impl Default for ChartSize {
    fn default() -> Self {
        Self(600)
    }
}

/// The font the labels fall back to: shipped with the PNG renderer, and a
/// generic family after it for SVG viewers.
pub const FALLBACK_FONTS: &str = "'DejaVu Sans', sans-serif";

#[derive(Debug, Clone, PartialEq)]
pub struct Style {
    pub theme: Theme,
    pub palette: Palette,
    /// The `font-family` value: the client's families (validated, quoted)
    /// followed by [`FALLBACK_FONTS`].
    pub font_family: String,
    /// Point, sign or angle id → the name to show.
    pub labels: BTreeMap<String, String>,
    pub language: Language,
    pub show_aspects: bool,
    pub show_points: bool,
    pub show_houses: bool,
    pub aspect_grid: bool,
    pub size: ChartSize,
}

impl Default for Style {
    fn default() -> Self {
        Self::themed(Theme::Light)
    }
}

/// A `customization` member the wheel cannot use.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StyleError {
    /// JSON pointer to the member, e.g. `/customization/colors/primary`.
    pub pointer: String,
    pub message: String,
    /// The values the member accepts, when they are a closed set.
    pub valid_values: Vec<String>,
}

impl fmt::Display for StyleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.pointer, self.message)?;
        if !self.valid_values.is_empty() {
            write!(f, " (valid values: {})", self.valid_values.join(", "))?;
        }
        Ok(())
    }
}

impl std::error::Error for StyleError {}

const COLOR_MEMBERS: [&str; 10] =
    ["primary", "secondary", "background", "surface", "text", "textSecondary", "border", "error", "success", "accent"];
const MAX_LABEL_CHARS: usize = 64;
/// More than a wheel has things to name (points, signs, houses, angles).
pub const MAX_LABELS: usize = 100;
const MAX_FONT_FAMILY_CHARS: usize = 200;

impl Style {
    pub fn themed(theme: Theme) -> Self {
        Self {
            theme,
            palette: Palette::of(theme),
            font_family: FALLBACK_FONTS.to_owned(),
            labels: BTreeMap::new(),
            language: Language::En,
            show_aspects: true,
            show_points: true,
            show_houses: true,
            aspect_grid: false,
            size: ChartSize::default(),
        }
    }

    /// The style a widget's `customization` object asks for; errors point
    /// under `/customization`.
    pub fn from_customization(customization: &Value) -> Result<Self, StyleError> {
        Self::from_customization_at(customization, "/customization")
    }

    /// The same, for a `customization` object found at `pointer` in the
    /// caller's document.
    pub fn from_customization_at(customization: &Value, pointer: &str) -> Result<Self, StyleError> {
        let at = |path: &str| format!("{pointer}{path}");
        let fail = |path: &str, message: &str| StyleError { pointer: at(path), message: message.to_owned(), valid_values: Vec::new() };
        let root = match customization {
            Value::Null => return Ok(Self::default()),
            Value::Object(map) => map,
            _ => return Err(fail("", "must be an object")),
        };
        let object = |name: &str| -> Result<Option<&serde_json::Map<String, Value>>, StyleError> {
            match root.get(name) {
                None | Some(Value::Null) => Ok(None),
                Some(Value::Object(map)) => Ok(Some(map)),
                Some(_) => Err(fail(&format!("/{name}"), "must be an object")),
            }
        };
        let boolean = |map: &serde_json::Map<String, Value>, path: &str, name: &str, default: bool| match map.get(name) {
            None | Some(Value::Null) => Ok(default),
            Some(Value::Bool(value)) => Ok(*value),
            Some(_) => Err(fail(&format!("{path}/{name}"), "must be a boolean")),
        };

        let options = object("widgetOptions")?;
        let theme = match options.and_then(|o| o.get("theme")) {
            None | Some(Value::Null) => Theme::default(),
            Some(value) => value.as_str().and_then(Theme::parse).ok_or_else(|| StyleError {
                pointer: at("/widgetOptions/theme"),
                message: "unknown theme".to_owned(),
                valid_values: Theme::ALL.iter().map(|t| t.id().to_owned()).collect(),
            })?,
        };
        let mut style = Self::themed(theme);
        if let Some(options) = options {
            style.show_aspects = boolean(options, "/widgetOptions", "showAspects", true)?;
            style.show_points = boolean(options, "/widgetOptions", "showPoints", true)?;
            style.show_houses = boolean(options, "/widgetOptions", "showHouses", true)?;
            if let Some(size) = options.get("chartSize").filter(|v| !v.is_null()) {
                style.size = ChartSize::parse(size).ok_or_else(|| StyleError {
                    pointer: at("/widgetOptions/chartSize"),
                    message: format!("must be small, medium, large or a number of pixels from {} to {}", ChartSize::MIN, ChartSize::MAX),
                    valid_values: ChartSize::NAMES.iter().map(|(name, _)| (*name).to_owned()).collect(),
                })?;
            }
        }
        if let Some(settings) = object("chartSettings")? {
            style.aspect_grid = boolean(settings, "/chartSettings", "aspectGrid", false)?;
        }

        if let Some(colors) = object("colors")? {
            for member in COLOR_MEMBERS {
                let Some(value) = colors.get(member).filter(|v| !v.is_null()) else { continue };
                let path = format!("/colors/{member}");
                let text = value.as_str().ok_or_else(|| fail(&path, "must be a string holding a CSS colour"))?;
                let color = Color::parse(text).ok_or_else(|| {
                    fail(&path, "is not a CSS colour (#rgb, #rrggbb, #rrggbbaa, rgb(), rgba(), hsl(), hsla() or a named colour)")
                })?;
                let slot = match member {
                    "primary" => &mut style.palette.primary,
                    "secondary" => &mut style.palette.secondary,
                    "background" => &mut style.palette.background,
                    "surface" => &mut style.palette.surface,
                    "text" => &mut style.palette.text,
                    "textSecondary" => &mut style.palette.text_secondary,
                    "border" => &mut style.palette.border,
                    "error" => &mut style.palette.error,
                    "success" => &mut style.palette.success,
                    _ => &mut style.palette.accent,
                };
                *slot = color;
            }
        }

        if let Some(fonts) = object("fonts")? {
            match fonts.get("family") {
                None | Some(Value::Null) => {}
                Some(Value::String(family)) => {
                    style.font_family = font_family(family).ok_or_else(|| {
                        fail(
                            "/fonts/family",
                            "must be a comma-separated list of font family names (letters, digits, spaces, hyphens and underscores, optionally quoted)",
                        )
                    })?;
                }
                Some(_) => return Err(fail("/fonts/family", "must be a string")),
            }
        }

        if let Some(labels) = object("labels")? {
            if labels.len() > MAX_LABELS {
                return Err(fail("/labels", &format!("at most {MAX_LABELS} labels (got {})", labels.len())));
            }
            for (key, value) in labels {
                let text = value.as_str().ok_or_else(|| fail(&format!("/labels/{}", escape_pointer(key)), "must be a string"))?;
                if text.chars().count() > MAX_LABEL_CHARS {
                    return Err(fail(
                        &format!("/labels/{}", escape_pointer(key)),
                        &format!("must be at most {MAX_LABEL_CHARS} characters"),
                    ));
                }
                style.labels.insert(key.clone(), text.to_owned());
            }
        }

        match root.get("language") {
            None | Some(Value::Null) => {}
            Some(value) => {
                style.language = value.as_str().and_then(Language::parse).ok_or_else(|| StyleError {
                    pointer: at("/language"),
                    message: "unsupported language".to_owned(),
                    valid_values: Language::supported_codes().into_iter().map(str::to_owned).collect(),
                })?;
            }
        }
        Ok(style)
    }
}

/// `/` and `~` escaped as a JSON pointer token.
fn escape_pointer(token: &str) -> String {
    token.replace('~', "~0").replace('/', "~1")
}

/// The client's families as a `font-family` value ending in the fallback,
/// or None when a name holds anything but letters, digits, spaces, hyphens
/// and underscores: nothing that could close an attribute, a string or a
/// CSS declaration can pass.
fn font_family(text: &str) -> Option<String> {
    if text.chars().count() > MAX_FONT_FAMILY_CHARS {
        return None;
    }
    let mut families = Vec::new();
    for name in text.split(',') {
        let name = name.trim();
        let unquoted = ['"', '\''].iter().find_map(|q| name.strip_prefix(*q).and_then(|rest| rest.strip_suffix(*q))).unwrap_or(name).trim();
        let valid = unquoted.chars().next().is_some_and(char::is_alphanumeric)
            && unquoted.chars().all(|c| c.is_alphanumeric() || matches!(c, ' ' | '-' | '_'));
        if !valid {
            return None;
        }
        let generic = ["serif", "sans-serif", "monospace", "cursive", "fantasy", "system-ui"].contains(&unquoted);
        families.push(if generic { unquoted.to_owned() } else { format!("'{unquoted}'") });
    }
    families.push(FALLBACK_FONTS.to_owned());
    Some(families.join(", "))
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn colours_take_the_css_forms_and_nothing_else() {
        for good in ["#abc", "#aabbcc", "#aabbcc80", "rgb(1, 2, 3)", "rgba(1,2,3,0.5)", "hsl(120, 50%, 50%)", "rebeccapurple", "Red"] {
            assert!(Color::parse(good).is_some(), "{good}");
        }
        for bad in ["", "abc", "#ggg", "#abcd1", "red;", "url(#x)", "rgb(1,2", "notacolour", "red\" onload=\"x", "expression(alert(1))"] {
            assert!(Color::parse(bad).is_none(), "{bad}");
        }
        assert_eq!(Color::parse("RED").unwrap().as_str(), "#ff0000");
        assert_eq!(Color::parse("#00ff0080").unwrap().as_str(), "rgba(0,255,0,0.502)");
    }

    #[test]
    fn an_unknown_theme_names_the_valid_ones() {
        let error = Style::from_customization(&json!({"widgetOptions": {"theme": "neon"}})).unwrap_err();
        assert_eq!(error.pointer, "/customization/widgetOptions/theme");
        assert_eq!(error.valid_values, ["light", "dark"]);
        assert!(error.to_string().contains("light, dark"));
    }

    #[test]
    fn a_bad_colour_points_at_its_member() {
        let error = Style::from_customization(&json!({"colors": {"text": "#123456", "primary": "blue;}"}})).unwrap_err();
        assert_eq!(error.pointer, "/customization/colors/primary");
        let error = Style::from_customization_at(&json!({"colors": {"accent": 7}}), "/data/attributes/customization").unwrap_err();
        assert_eq!(error.pointer, "/data/attributes/customization/colors/accent");
    }

    #[test]
    fn customization_sets_every_member_the_wheel_uses() {
        let style = Style::from_customization(&json!({
            "colors": {"primary": "#102030", "error": "crimson", "background": "rgb(0,0,0)"},
            "fonts": {"family": "Inter, \"Open Sans\", serif", "sizeBase": 14},
            "labels": {"sun": "Sole", "ascendant": "Asc"},
            "language": "es",
            "widgetOptions": {"showAspects": false, "showHouses": false, "chartSize": "large", "theme": "dark"},
            "chartSettings": {"aspectGrid": true},
            "customCss": "ignored",
        }))
        .unwrap();
        assert_eq!(style.theme, Theme::Dark);
        assert_eq!(style.palette.primary.as_str(), "#102030");
        assert_eq!(style.palette.error.as_str(), "#dc143c");
        assert_eq!(style.palette.background.as_str(), "#000000");
        assert_eq!(style.palette.text, Palette::of(Theme::Dark).text);
        assert_eq!(style.font_family, "'Inter', 'Open Sans', serif, 'DejaVu Sans', sans-serif");
        assert_eq!(style.labels["sun"], "Sole");
        assert_eq!(style.language, Language::Es);
        assert!(!style.show_aspects && style.show_points && !style.show_houses && style.aspect_grid);
        assert_eq!(style.size.pixels(), 800);
    }

    #[test]
    fn sizes_fonts_and_languages_are_checked() {
        assert_eq!(Style::from_customization(&json!({"widgetOptions": {"chartSize": "720"}})).unwrap().size.pixels(), 720);
        assert_eq!(Style::from_customization(&json!({"widgetOptions": {"chartSize": 1000}})).unwrap().size.pixels(), 1000);
        for bad in [json!("huge"), json!(100), json!("5000"), json!(true)] {
            let error = Style::from_customization(&json!({"widgetOptions": {"chartSize": bad}})).unwrap_err();
            assert_eq!(error.pointer, "/customization/widgetOptions/chartSize");
        }
        for bad in ["Arial\"; x", "a'b", "Arial</text>", "x;}svg{", "", "Arial,,"] {
            let error = Style::from_customization(&json!({"fonts": {"family": bad}})).unwrap_err();
            assert_eq!(error.pointer, "/customization/fonts/family", "{bad}");
        }
        let error = Style::from_customization(&json!({"language": "xx"})).unwrap_err();
        assert_eq!((error.pointer.as_str(), error.valid_values.len()), ("/customization/language", 2));
        let error = Style::from_customization(&json!({"labels": {"a/b": 1}})).unwrap_err();
        assert_eq!(error.pointer, "/customization/labels/a~1b");
        let error = Style::from_customization(&json!({"widgetOptions": {"showAspects": "yes"}})).unwrap_err();
        assert_eq!(error.pointer, "/customization/widgetOptions/showAspects");
        assert_eq!(Style::from_customization(&Value::Null).unwrap(), Style::default());
    }
}
