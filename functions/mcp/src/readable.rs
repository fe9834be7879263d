//! The short text beside a tool's structured answer: what a person reading
//! the agent's transcript would want first. The structured content is the
//! answer; this never adds to it.

use axum::http::StatusCode;
use serde_json::Value;

fn text<'a>(value: &'a Value, pointer: &str) -> &'a str {
    value.pointer(pointer).and_then(Value::as_str).unwrap_or("")
}

fn title_case(id: &str) -> String {
    id.split(['_', '-'])
        .map(|word| {
            let mut chars = word.chars();
            chars.next().map(|first| first.to_uppercase().collect::<String>() + chars.as_str()).unwrap_or_default()
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// `Sun 20°33′ Taurus` from a position with `longitude` and `sign`.
fn placed(name: &str, position: &Value) -> Option<String> {
    let longitude = position.get("longitude")?.as_f64()?;
    let sign = position.get("sign")?.as_str()?;
    let in_sign = longitude.rem_euclid(30.0);
    let (degrees, minutes) = (in_sign.floor(), ((in_sign - in_sign.floor()) * 60.0).floor());
    let retrograde = if position.get("retrograde").and_then(Value::as_bool) == Some(true) { " R" } else { "" };
    Some(format!("{} {degrees}°{minutes:02}′ {}{retrograde}", title_case(name), title_case(sign)))
}

/// The chart's luminaries and angles in one line: the first places a reader looks at.
fn chart_line(chart: &Value) -> Option<String> {
    let points = chart.get("points")?.as_object()?;
    let mut parts: Vec<String> =
        ["sun", "moon", "mercury", "venus", "mars"].iter().filter_map(|id| points.get(*id).and_then(|p| placed(id, p))).collect();
    if let Some(angles) = chart.get("angles").and_then(Value::as_object) {
        parts.extend(["ascendant", "midheaven"].iter().filter_map(|id| angles.get(*id).and_then(|a| placed(id, a))));
    }
    (!parts.is_empty()).then(|| parts.join(", "))
}

fn aspect_line(aspect: &Value) -> Option<String> {
    let a = aspect.get("pointA").or_else(|| aspect.get("transitingPoint")).and_then(Value::as_str)?;
    let b = aspect.get("pointB").or_else(|| aspect.get("natalPoint")).and_then(Value::as_str)?;
    let kind = aspect.get("aspect").and_then(Value::as_str)?;
    let orb = aspect.get("orb").and_then(Value::as_f64).map(|orb| format!(" (orb {orb:.1}°)")).unwrap_or_default();
    Some(format!("{} {} {}{orb}", title_case(a), kind, title_case(b)))
}

/// Any chart answer: the chart's (or the first chart's) main places and aspect count.
pub fn chart(answer: &Value) -> String {
    let data = answer.get("data").unwrap_or(&Value::Null);
    let chart = [data, data.get("chart").unwrap_or(&Value::Null), data.get("progressed").unwrap_or(&Value::Null)]
        .into_iter()
        .find(|c| c.get("points").is_some())
        .unwrap_or(data);
    let mut lines = Vec::new();
    if let Some(at) = data.get("returnMoment").or_else(|| data.get("returnDateTime")).and_then(Value::as_str) {
        lines.push(format!("Return at {at}"));
    }
    lines.extend(chart_line(chart));
    if let Some(aspects) = chart.get("aspects").or_else(|| data.get("aspects")).and_then(Value::as_array) {
        let strongest: Vec<String> = aspects.iter().take(3).filter_map(aspect_line).collect();
        lines.push(format!(
            "{} aspects{}",
            aspects.len(),
            if strongest.is_empty() { String::new() } else { format!(", e.g. {}", strongest.join("; ")) }
        ));
    }
    if lines.is_empty() { "The chart is in the structured content.".to_owned() } else { lines.join("\n") }
}

pub fn transits(answer: &Value) -> String {
    let data = answer.get("data").unwrap_or(&Value::Null);
    let list = data.get("transits").or_else(|| data.get("aspects")).and_then(Value::as_array);
    match list {
        Some(list) => {
            let first: Vec<String> = list.iter().take(5).filter_map(aspect_line).collect();
            format!(
                "{} transits in the period{}",
                list.len(),
                if first.is_empty() { String::new() } else { format!(": {}", first.join("; ")) }
            )
        }
        None => "The transits are in the structured content.".to_owned(),
    }
}

pub fn aspects_between(answer: &Value) -> String {
    let data = answer.get("data").unwrap_or(&Value::Null);
    match data.get("aspects").and_then(Value::as_array) {
        Some(aspects) => {
            let first: Vec<String> = aspects.iter().take(5).filter_map(aspect_line).collect();
            format!(
                "{} aspects between the two charts{}",
                aspects.len(),
                if first.is_empty() { String::new() } else { format!(": {}", first.join("; ")) }
            )
        }
        None => chart(answer),
    }
}

pub fn events(answer: &Value) -> String {
    match answer.get("data").and_then(Value::as_array) {
        Some(events) => {
            let first: Vec<String> = events
                .iter()
                .take(5)
                .map(|e| {
                    format!(
                        "{} {}",
                        text(e, "/attributes/localTime").get(..16).unwrap_or(text(e, "/attributes/time")),
                        text(e, "/attributes/summary")
                    )
                })
                .collect();
            format!("{} events: {}", events.len(), first.join("; "))
        }
        None => "The events are in the structured content.".to_owned(),
    }
}

pub fn moon_and_sun(answer: &Value) -> String {
    let data = answer.get("data").unwrap_or(&Value::Null);
    let phase = text(data, "/moon/phaseName");
    let phase = if phase.is_empty() { text(data, "/moon/phase") } else { phase };
    let sunrise = text(data, "/sun/sunrise");
    let sunset = text(data, "/sun/sunset");
    format!("Moon: {}; Sun rises {} and sets {}", title_case(phase), sunrise, sunset)
}

/// Numerology: the number and its value.
pub fn number(answer: &Value) -> String {
    let data = answer.get("data").unwrap_or(&Value::Null);
    let value = data.get("value").map(Value::to_string).unwrap_or_default();
    let mut line = format!("{} number of {}: {value}", title_case(text(data, "/number")), text(data, "/birthDate"));
    if data.get("isMasterNumber").and_then(Value::as_bool) == Some(true) {
        line.push_str(" (a master number)");
    }
    line
}

/// The scalar facts of an answer's data, one per line.
pub fn data_facts(answer: &Value) -> String {
    let Some(data) = answer.get("data").and_then(Value::as_object) else { return "See the structured content.".to_owned() };
    data.iter()
        .filter(|(_, value)| value.is_string() || value.is_number())
        .map(|(name, value)| format!("{name}: {}", value.as_str().map(str::to_owned).unwrap_or_else(|| value.to_string())))
        .collect::<Vec<_>>()
        .join("\n")
}

pub fn places(answer: &Value) -> String {
    match answer.get("data").and_then(Value::as_array) {
        Some(places) if places.is_empty() => "No place of that name.".to_owned(),
        Some(places) => places
            .iter()
            .map(|p| {
                format!(
                    "{} ({}, {}; {})",
                    text(p, "/attributes/label"),
                    p.pointer("/attributes/latitude").unwrap_or(&Value::Null),
                    p.pointer("/attributes/longitude").unwrap_or(&Value::Null),
                    text(p, "/attributes/timezone")
                )
            })
            .collect::<Vec<_>>()
            .join("\n"),
        None => "See the structured content.".to_owned(),
    }
}

pub fn texts(answer: &Value) -> String {
    let item = |item: &Value| format!("{}: {}", text(item, "/attributes/title"), text(item, "/id"));
    match answer.get("data") {
        Some(Value::Array(items)) => {
            let total = answer.pointer("/meta/page/total").or_else(|| answer.pointer("/meta/total")).map(Value::to_string);
            let mut lines = vec![format!("{} texts on this page{}", items.len(), total.map(|t| format!(" of {t}")).unwrap_or_default())];
            lines.extend(items.iter().map(item));
            lines.join("\n")
        }
        Some(one @ Value::Object(_)) => format!("{}\n{}", text(one, "/attributes/title"), text(one, "/attributes/text")),
        _ => "See the structured content.".to_owned(),
    }
}

pub fn image_links(links: &Value) -> String {
    format!("SVG: {}\nPNG: {}", text(links, "/svg"), text(links, "/png"))
}

/// A refused call: its status and each error with the field it points at.
pub fn errors(status: StatusCode, body: &Value) -> String {
    let errors = body.get("errors").and_then(Value::as_array).map(Vec::as_slice).unwrap_or_default();
    let mut lines = vec![format!("The call was refused ({status}).")];
    for error in errors {
        let at = error
            .pointer("/source/pointer")
            .or_else(|| error.pointer("/source/parameter"))
            .and_then(Value::as_str)
            .map(|at| format!("{at}: "))
            .unwrap_or_default();
        lines.push(format!("{}{} ({})", at, text(error, "/detail"), text(error, "/code")));
    }
    if let Some(single) = body.get("error").and_then(Value::as_str) {
        lines.push(single.to_owned());
    }
    lines.join("\n")
}
