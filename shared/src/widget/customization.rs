//! A widget's `customization`: every member of the interface's table
//! checked by type and range, unknown members refused, each problem at its
//! JSON pointer. What the chart wheel reads of it (colours, font family,
//! labels, language, `widgetOptions`) is then read by the renderer's own
//! parser ([`Style::from_customization_at`]), so a stored widget always
//! draws.
//!
//! `customCss` is refused, never rewritten, when it could reach outside the
//! widget (see [`custom_css_problem`]); the embed puts it inside the
//! widget's shadow root, where it styles only the widget.

use serde_json::{Map, Value};

use crate::language::Language;
use crate::render::{ChartSize, Color, MAX_LABELS, Style, Theme};

/// Longest `customCss`, in characters.
pub const MAX_CUSTOM_CSS: usize = 10_000;
const MAX_TEXT: usize = 200;
const MAX_COMPANY_NAME: usize = 80;
const MAX_URL: usize = 2_000;
/// `chartSettings` is the customer's own: kept as sent, within this size.
pub const MAX_CHART_SETTINGS_BYTES: usize = 4_096;

/// What one member holds.
#[derive(Debug, Clone, Copy)]
enum Kind {
    Boolean,
    /// A number within the bounds (inclusive).
    Number(f64, f64),
    Color,
    /// One of these strings.
    OneOf(&'static [&'static str]),
    /// An `https` URL.
    HttpsUrl,
    /// Plain text up to this many characters.
    Text(usize),
    FontFamily,
    ChartSize,
    Theme,
    /// A CSS `box-shadow` value.
    Shadow,
}

const COLORS: &[(&str, Kind)] = &[
    ("primary", Kind::Color),
    ("secondary", Kind::Color),
    ("background", Kind::Color),
    ("surface", Kind::Color),
    ("text", Kind::Color),
    ("textSecondary", Kind::Color),
    ("border", Kind::Color),
    ("error", Kind::Color),
    ("success", Kind::Color),
    ("accent", Kind::Color),
];

/// Sizes in CSS pixels, weights as CSS font weights.
const FONTS: &[(&str, Kind)] = &[
    ("family", Kind::FontFamily),
    ("sizeBase", Kind::Number(8.0, 32.0)),
    ("sizeScale", Kind::Number(1.0, 2.0)),
    ("sizeHeading", Kind::Number(8.0, 64.0)),
    ("sizeSmall", Kind::Number(6.0, 24.0)),
    ("weightNormal", Kind::Number(100.0, 900.0)),
    ("weightBold", Kind::Number(100.0, 900.0)),
];

pub const BORDER_STYLES: &[&str] = &["solid", "dashed", "dotted", "double", "none"];
const BORDERS: &[(&str, Kind)] =
    &[("radius", Kind::Number(0.0, 64.0)), ("width", Kind::Number(0.0, 16.0)), ("style", Kind::OneOf(BORDER_STYLES))];

const SPACING: &[(&str, Kind)] = &[("padding", Kind::Number(0.0, 64.0)), ("margin", Kind::Number(0.0, 64.0))];

pub const SHADOW_PRESETS: &[&str] = &["none", "small", "medium", "large"];
const SHADOWS: &[(&str, Kind)] = &[("preset", Kind::OneOf(SHADOW_PRESETS)), ("custom", Kind::Shadow)];

/// `stacked`: form above the chart; `side-by-side`: form beside it on wide
/// screens; `compact`: a smaller chart and the aspect list folded.
pub const LAYOUT_VARIANTS: &[&str] = &["stacked", "side-by-side", "compact"];
const LAYOUT: &[(&str, Kind)] = &[("variant", Kind::OneOf(LAYOUT_VARIANTS))];

const INTERACTION: &[(&str, Kind)] = &[
    ("tooltipEnabled", Kind::Boolean),
    ("animationsEnabled", Kind::Boolean),
    ("clickThroughEnabled", Kind::Boolean),
    ("clickThroughUrl", Kind::HttpsUrl),
];

const BRANDING: &[(&str, Kind)] =
    &[("showPoweredBy", Kind::Boolean), ("logoUrl", Kind::HttpsUrl), ("companyName", Kind::Text(MAX_COMPANY_NAME))];

const WIDGET_OPTIONS: &[(&str, Kind)] = &[
    ("showAspects", Kind::Boolean),
    ("showPoints", Kind::Boolean),
    ("showHouses", Kind::Boolean),
    ("chartSize", Kind::ChartSize),
    ("theme", Kind::Theme),
];

const NUMEROLOGY_OPTIONS: &[(&str, Kind)] = &[
    ("showLifePath", Kind::Boolean),
    ("showExpression", Kind::Boolean),
    ("showSoulUrge", Kind::Boolean),
    ("showPersonality", Kind::Boolean),
    ("showBirthday", Kind::Boolean),
    ("showPersonalCycles", Kind::Boolean),
];

const DAILY_HOROSCOPE_OPTIONS: &[(&str, Kind)] = &[("autoRefresh", Kind::Boolean)];

const MOON_CALENDAR_OPTIONS: &[(&str, Kind)] = &[
    ("showMoonrise", Kind::Boolean),
    ("showMoonset", Kind::Boolean),
    ("showIllumination", Kind::Boolean),
    ("showPhaseEmoji", Kind::Boolean),
    ("highlightFullMoon", Kind::Boolean),
    ("highlightNewMoon", Kind::Boolean),
];

const COMPATIBILITY_OPTIONS: &[(&str, Kind)] =
    &[("showScore", Kind::Boolean), ("showDescription", Kind::Boolean), ("showLifePaths", Kind::Boolean)];

/// The members that are objects of typed fields.
const OBJECTS: &[(&str, &[(&str, Kind)])] = &[
    ("colors", COLORS),
    ("fonts", FONTS),
    ("borders", BORDERS),
    ("spacing", SPACING),
    ("shadows", SHADOWS),
    ("layout", LAYOUT),
    ("interaction", INTERACTION),
    ("branding", BRANDING),
    ("widgetOptions", WIDGET_OPTIONS),
    ("numerologyOptions", NUMEROLOGY_OPTIONS),
    ("dailyHoroscopeOptions", DAILY_HOROSCOPE_OPTIONS),
    ("moonCalendarOptions", MOON_CALENDAR_OPTIONS),
    ("compatibilityOptions", COMPATIBILITY_OPTIONS),
];

/// The other members: `chartSettings` (free-form object), `labels` (strings
/// by key), `language`, `customCss`.
const OTHERS: &[&str] = &["chartSettings", "labels", "language", "customCss"];

/// `/` and `~` escaped as a JSON pointer token.
fn token(name: &str) -> String {
    name.replace('~', "~0").replace('/', "~1")
}

/// Every problem of `customization` (found at `pointer`), as (JSON pointer,
/// detail). A `null` member counts as absent.
pub fn problems(customization: &Value, pointer: &str) -> Vec<(String, String)> {
    let mut problems = Vec::new();
    let root = match customization {
        Value::Null => return problems,
        Value::Object(root) => root,
        _ => return vec![(pointer.to_owned(), "must be an object".to_owned())],
    };
    for (name, value) in root {
        let at = format!("{pointer}/{}", token(name));
        if value.is_null() {
            continue;
        }
        if let Some((_, fields)) = OBJECTS.iter().find(|(member, _)| member == name) {
            match value {
                Value::Object(object) => check_fields(object, fields, &at, &mut problems),
                _ => problems.push((at, "must be an object".to_owned())),
            }
            continue;
        }
        match name.as_str() {
            "chartSettings" if !value.is_object() => problems.push((at, "must be an object".to_owned())),
            "chartSettings" if value.to_string().len() > MAX_CHART_SETTINGS_BYTES => {
                problems.push((at, format!("at most {MAX_CHART_SETTINGS_BYTES} bytes of JSON")))
            }
            "chartSettings" => {}
            "labels" => match value {
                Value::Object(labels) if labels.len() > MAX_LABELS => {
                    problems.push((at, format!("at most {MAX_LABELS} labels (got {})", labels.len())))
                }
                Value::Object(labels) => {
                    for (key, label) in labels {
                        if !label.is_string() {
                            problems.push((format!("{at}/{}", token(key)), "must be a string".to_owned()));
                        }
                    }
                }
                _ => problems.push((at, "must be an object of strings by key".to_owned())),
            },
            "language" => {
                if value.as_str().and_then(Language::parse).is_none() {
                    problems.push((at, format!("unsupported language; valid: {}", Language::supported_codes().join(", "))));
                }
            }
            "customCss" => match value.as_str() {
                Some(css) => {
                    if let Some(problem) = custom_css_problem(css) {
                        problems.push((at, problem));
                    }
                }
                None => problems.push((at, "must be a string".to_owned())),
            },
            _ => {
                let mut valid: Vec<&str> = OBJECTS.iter().map(|(member, _)| *member).chain(OTHERS.iter().copied()).collect();
                valid.sort_unstable();
                problems.push((at, format!("unknown member '{name}'; valid: {}", valid.join(", "))));
            }
        }
    }
    if problems.is_empty() {
        // What the wheel reads, read the renderer's way (labels' length,
        // font family syntax).
        if let Err(error) = Style::from_customization_at(customization, pointer) {
            let detail = if error.valid_values.is_empty() {
                error.message.clone()
            } else {
                format!("{}; valid: {}", error.message, error.valid_values.join(", "))
            };
            problems.push((error.pointer.clone(), detail));
        }
    }
    problems
}

fn check_fields(object: &Map<String, Value>, fields: &[(&str, Kind)], at: &str, problems: &mut Vec<(String, String)>) {
    for (name, value) in object {
        let pointer = format!("{at}/{}", token(name));
        if value.is_null() {
            continue;
        }
        let Some((_, kind)) = fields.iter().find(|(field, _)| field == name) else {
            let valid: Vec<&str> = fields.iter().map(|(field, _)| *field).collect();
            problems.push((pointer, format!("unknown member '{name}'; valid: {}", valid.join(", "))));
            continue;
        };
        if let Some(problem) = kind_problem(*kind, value) {
            problems.push((pointer, problem));
        }
    }
}

fn kind_problem(kind: Kind, value: &Value) -> Option<String> {
    let text = value.as_str();
    match kind {
        Kind::Boolean => (!value.is_boolean()).then(|| "must be a boolean".to_owned()),
        Kind::Number(min, max) => match value.as_f64() {
            Some(number) if (min..=max).contains(&number) => None,
            Some(_) => Some(format!("must be from {min} to {max}")),
            None => Some("must be a number".to_owned()),
        },
        Kind::Color => match text {
            Some(text) if Color::parse(text).is_some() => None,
            Some(_) => Some("is not a CSS colour (#rgb, #rrggbb, #rrggbbaa, rgb(), rgba(), hsl(), hsla() or a named colour)".to_owned()),
            None => Some("must be a string holding a CSS colour".to_owned()),
        },
        Kind::OneOf(valid) => match text {
            Some(text) if valid.contains(&text) => None,
            _ => Some(format!("must be one of: {}", valid.join(", "))),
        },
        Kind::HttpsUrl => match text {
            Some(text) if text.len() <= MAX_URL && is_https_url(text) => None,
            _ => Some(format!("must be an https URL (at most {MAX_URL} characters)")),
        },
        Kind::Text(max) => match text {
            Some(text) if text.chars().count() <= max && !text.chars().any(char::is_control) => None,
            Some(_) => Some(format!("at most {max} characters, no control characters")),
            None => Some("must be a string".to_owned()),
        },
        // Checked by the renderer's own parser (see `problems`).
        Kind::FontFamily => (!value.is_string()).then(|| "must be a string".to_owned()),
        Kind::ChartSize => ChartSize::parse(value).is_none().then(|| {
            let names: Vec<&str> = ChartSize::NAMES.iter().map(|(name, _)| *name).collect();
            format!("must be {} or a number of pixels from {} to {}", names.join(", "), ChartSize::MIN, ChartSize::MAX)
        }),
        Kind::Theme => text.and_then(Theme::parse).is_none().then(|| {
            let valid: Vec<&str> = Theme::ALL.iter().map(|theme| theme.id()).collect();
            format!("must be one of: {}", valid.join(", "))
        }),
        Kind::Shadow => match text {
            Some(text) if text.len() <= MAX_TEXT && is_shadow(text) => None,
            _ => Some(format!(
                "must be a CSS box-shadow value of lengths, colours and keywords (letters, digits, spaces, # . , % - and parentheses; at most {MAX_TEXT} characters)"
            )),
        },
    }
}

fn is_https_url(text: &str) -> bool {
    url::Url::parse(text)
        .is_ok_and(|url| url.scheme() == "https" && url.host_str().is_some_and(|host| !host.is_empty()) && url.username().is_empty())
}

/// A `box-shadow` value: lengths, numbers, colours (`#hex`, `rgb()`,
/// `hsl()`, names) and `inset`; no character that could end the declaration
/// or reach a resource (`;`, `{`, `}`, `:`, quotes, `\`, `url(`).
fn is_shadow(text: &str) -> bool {
    let lower = text.to_ascii_lowercase();
    !lower.contains("url") && text.chars().all(|c| c.is_ascii_alphanumeric() || " #.,%-()".contains(c))
}

/// Why `css` may not be a widget's `customCss`, or `None` when it may.
///
/// Refused, never rewritten: anything that loads a resource or could run
/// code (`@import`, `url(`, `image-set(`, `expression(`, `javascript:`,
/// `-moz-binding`, `behavior`), at-rules that reach outside the sheet
/// (`@import`, `@namespace`, `@charset`, `@font-face`), markup (`<`), CSS
/// escapes (a `\` could spell any of those), unbalanced braces (a rule
/// left open or closed early), and more than [`MAX_CUSTOM_CSS`] characters.
/// The embed sets the sheet as the text of a `<style>` in the widget's
/// shadow root, so its selectors reach only the widget.
pub fn custom_css_problem(css: &str) -> Option<String> {
    if css.chars().count() > MAX_CUSTOM_CSS {
        return Some(format!("at most {MAX_CUSTOM_CSS} characters"));
    }
    if css.contains('<') {
        return Some("must not contain '<' (no markup, no </style>)".to_owned());
    }
    if css.contains('\\') {
        return Some("must not contain '\\' (CSS escapes could hide what is refused)".to_owned());
    }
    if css.chars().any(|c| c.is_control() && !matches!(c, '\n' | '\r' | '\t')) {
        return Some("must not contain control characters".to_owned());
    }
    // Comments removed first, so that a refused word cannot hide in one
    // and a harmless comment is not refused for its words.
    let mut plain = String::with_capacity(css.len());
    let mut rest = css;
    while let Some(start) = rest.find("/*") {
        plain.push_str(&rest[..start]);
        plain.push(' ');
        match rest[start + 2..].find("*/") {
            Some(end) => rest = &rest[start + 2 + end + 2..],
            None => return Some("has a comment that is not closed".to_owned()),
        }
    }
    plain.push_str(rest);
    let lower = plain.to_ascii_lowercase();
    for refused in
        ["@import", "@namespace", "@charset", "@font-face", "url(", "image-set(", "expression(", "javascript:", "-moz-binding", "behavior"]
    {
        if lower.contains(refused) {
            return Some(format!("must not use '{refused}': a widget's CSS may not load anything or run code"));
        }
    }
    let mut depth = 0_i32;
    for c in plain.chars() {
        match c {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth < 0 {
                    return Some("has a '}' without its '{'".to_owned());
                }
            }
            _ => {}
        }
    }
    (depth != 0).then(|| "has a '{' that is not closed".to_owned())
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn pointers(value: Value) -> Vec<String> {
        problems(&value, "/data/attributes/customization").into_iter().map(|(pointer, _)| pointer).collect()
    }

    #[test]
    fn every_member_of_the_table_is_accepted_with_good_values() {
        let full = json!({
            "colors": { "primary": "#6b4fbb", "secondary": "rgb(10, 20, 30)", "background": "white", "surface": "#fafafa",
                        "text": "#222", "textSecondary": "hsl(0, 0%, 40%)", "border": "#ddd", "error": "crimson", "success": "seagreen", "accent": "#f4a259" },
            "fonts": { "family": "Inter, sans-serif", "sizeBase": 15, "sizeScale": 1.25, "sizeHeading": 22, "sizeSmall": 12, "weightNormal": 400, "weightBold": 700 },
            "borders": { "radius": 12, "width": 1, "style": "solid" },
            "spacing": { "padding": 16, "margin": 8 },
            "shadows": { "preset": "medium", "custom": "0 2px 8px rgba(0, 0, 0, 0.15)" },
            "layout": { "variant": "side-by-side" },
            "interaction": { "tooltipEnabled": true, "animationsEnabled": false, "clickThroughEnabled": true, "clickThroughUrl": "https://example.com/readings" },
            "chartSettings": { "aspectGrid": true, "anything": [1, 2] },
            "labels": { "sun": "Sol", "title": "Tus tránsitos" },
            "language": "es",
            "branding": { "showPoweredBy": false, "logoUrl": "https://cdn.example.com/logo.svg", "companyName": "Estrella Studio" },
            "customCss": ".chart { border-color: #6b4fbb; } /* url( in a comment is fine */ :host { display: block; }",
            "widgetOptions": { "showAspects": true, "showPoints": true, "showHouses": false, "chartSize": "large", "theme": "dark" },
            "numerologyOptions": { "showLifePath": true, "showExpression": true, "showSoulUrge": false, "showPersonality": true, "showBirthday": true, "showPersonalCycles": false },
            "dailyHoroscopeOptions": { "autoRefresh": true },
            "moonCalendarOptions": { "showMoonrise": true, "showMoonset": true, "showIllumination": true, "showPhaseEmoji": false, "highlightFullMoon": true, "highlightNewMoon": true },
            "compatibilityOptions": { "showScore": true, "showDescription": true, "showLifePaths": false },
        });
        assert_eq!(problems(&full, "/c"), Vec::<(String, String)>::new());
        assert!(problems(&Value::Null, "/c").is_empty());
        assert!(problems(&json!({ "colors": null, "fonts": { "sizeBase": null } }), "/c").is_empty());
    }

    #[test]
    fn each_refusal_points_at_its_member() {
        let at = "/data/attributes/customization";
        let cases = [
            (json!({ "colour": {} }), "/colour"),
            (json!({ "colors": { "primary": "not-a-colour" } }), "/colors/primary"),
            (json!({ "colors": { "primary": 12 } }), "/colors/primary"),
            (json!({ "colors": { "tertiary": "#fff" } }), "/colors/tertiary"),
            (json!({ "colors": "#fff" }), "/colors"),
            (json!({ "fonts": { "sizeBase": "15px" } }), "/fonts/sizeBase"),
            (json!({ "fonts": { "weightBold": 1000 } }), "/fonts/weightBold"),
            (json!({ "fonts": { "family": "Inter; background: red" } }), "/fonts/family"),
            (json!({ "borders": { "style": "groovy" } }), "/borders/style"),
            (json!({ "spacing": { "padding": -1 } }), "/spacing/padding"),
            (json!({ "shadows": { "custom": "0 0 4px red; background: url(x)" } }), "/shadows/custom"),
            (json!({ "layout": { "variant": "grid" } }), "/layout/variant"),
            (json!({ "interaction": { "clickThroughUrl": "http://example.com" } }), "/interaction/clickThroughUrl"),
            (json!({ "interaction": { "clickThroughUrl": "javascript:alert(1)" } }), "/interaction/clickThroughUrl"),
            (json!({ "interaction": { "tooltipEnabled": "yes" } }), "/interaction/tooltipEnabled"),
            (json!({ "chartSettings": [] }), "/chartSettings"),
            (json!({ "labels": { "sun": 1 } }), "/labels/sun"),
            (json!({ "labels": { "sun": "x".repeat(65) } }), "/labels/sun"),
            (json!({ "language": "fr" }), "/language"),
            (json!({ "branding": { "logoUrl": "ftp://example.com/logo.png" } }), "/branding/logoUrl"),
            (json!({ "branding": { "companyName": "x".repeat(81) } }), "/branding/companyName"),
            (json!({ "customCss": "@import 'https://evil.example/x.css';" }), "/customCss"),
            (json!({ "widgetOptions": { "chartSize": "huge" } }), "/widgetOptions/chartSize"),
            (json!({ "widgetOptions": { "theme": "neon" } }), "/widgetOptions/theme"),
            (json!({ "numerologyOptions": { "showLifePath": 1 } }), "/numerologyOptions/showLifePath"),
            (json!({ "dailyHoroscopeOptions": { "autoRefresh": "true" } }), "/dailyHoroscopeOptions/autoRefresh"),
            (json!({ "moonCalendarOptions": { "showMoonset": null, "showMoonrise": 0 } }), "/moonCalendarOptions/showMoonrise"),
            (json!({ "compatibilityOptions": { "showScore": [] } }), "/compatibilityOptions/showScore"),
        ];
        for (value, pointer) in cases {
            assert_eq!(pointers(value.clone()), [format!("{at}{pointer}")], "{value}");
        }
        assert_eq!(pointers(json!([])), [at.to_owned()]);
    }

    #[test]
    fn custom_css_that_could_reach_outside_the_widget_is_refused() {
        for bad in [
            "@import url(https://evil.example/x.css);",
            ".a { background: url(https://tracker.example/p.gif) }",
            ".a { background: URL( 'x' ) }",
            ".a { background-image: image-set('x.png' 1x) }",
            "</style><script>alert(1)</script>",
            ".a { width: expression(alert(1)) }",
            ".a { -moz-binding: x }",
            ".a { behavior: x }",
            "@font-face { font-family: X; }",
            "@namespace svg x;",
            ".a { background: \\75 rl(x) }",
            "} body { display: none }",
            ".a { color: red",
            "/* open comment",
            ".a { color: red }\u{0000}",
        ] {
            assert!(custom_css_problem(bad).is_some(), "{bad}");
        }
        for good in [".a { color: red }", ":host { font-size: 15px } .chart > img { border-radius: 8px }", "/* url( */ .a {}", ""] {
            assert_eq!(custom_css_problem(good), None, "{good}");
        }
        assert!(custom_css_problem(&".a{}".repeat(2_501)).is_some());
    }
}
