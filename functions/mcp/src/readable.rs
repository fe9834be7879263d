//! The short text beside a tool's structured answer: what a person reading
//! the agent's transcript would want first. The structured content is the
//! answer; this never adds to it.

use axum::http::StatusCode;
use serde_json::Value;

fn text<'a>(value: &'a Value, pointer: &str) -> &'a str {
    value.pointer(pointer).and_then(Value::as_str).unwrap_or("")
}

/// A number as JSON writes it (`26`, `0.5`).
fn points(value: &Value, pointer: &str) -> String {
    value.pointer(pointer).and_then(Value::as_f64).map(|n| n.to_string()).unwrap_or_default()
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

/// `2026-03-02 13:27` from a local ISO date-time.
fn minute(at: &str) -> String {
    at.get(..16).unwrap_or(at).replace('T', " ")
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

/// The chart's personal planets and angles in one line: the first places a reader looks at.
fn chart_line(chart: &Value) -> Option<String> {
    let points = chart.get("points")?.as_object()?;
    let mut parts: Vec<String> =
        ["sun", "moon", "mercury", "venus", "mars"].iter().filter_map(|id| points.get(*id).and_then(|p| placed(id, p))).collect();
    if let Some(angles) = chart.get("angles").and_then(Value::as_object) {
        parts.extend(["ascendant", "midheaven"].iter().filter_map(|id| angles.get(*id).and_then(|a| placed(id, a))));
    }
    (!parts.is_empty()).then(|| parts.join(", "))
}

/// `Sun trine Saturn (orb 4.7°)`, or with its exact time for a transit.
fn aspect_line(aspect: &Value) -> Option<String> {
    let a = aspect.get("pointA").and_then(Value::as_str)?;
    let b = aspect.get("pointB").and_then(Value::as_str)?;
    let kind = aspect.get("aspect").and_then(Value::as_str)?;
    let when = match aspect.pointer("/exactAt/0").and_then(Value::as_str) {
        Some(exact) => format!(" exact {}", minute(exact)),
        None => aspect.get("orb").and_then(Value::as_f64).map(|orb| format!(" (orb {orb:.1}°)")).unwrap_or_default(),
    };
    Some(format!("{} {kind} {}{when}", title_case(a), title_case(b)))
}

fn aspects_line(aspects: &[Value], what: &str, shown: usize) -> String {
    let first: Vec<String> = aspects.iter().take(shown).filter_map(aspect_line).collect();
    match first.is_empty() {
        true => format!("{} {what}", aspects.len()),
        false => format!("{} {what}: {}", aspects.len(), first.join("; ")),
    }
}

/// Any chart answer (natal, composite, progressions, returns): its moment,
/// main places and aspects.
pub fn chart(answer: &Value) -> String {
    let data = answer.get("data").unwrap_or(&Value::Null);
    let mut lines = Vec::new();
    if let Some(at) = data.get("returnDate").and_then(Value::as_str) {
        lines.push(format!("Return at {}", minute(at)));
    }
    if let Some(date) = data.get("progressedDate").and_then(Value::as_str) {
        lines.push(format!("Progressed to {} (the sky of {})", text(data, "/targetDate"), minute(date)));
    }
    lines.extend(chart_line(data));
    if let Some(aspects) = data.get("aspectsToNatal").and_then(Value::as_array) {
        lines.push(aspects_line(aspects, "aspects to the natal chart", 3));
    } else if let Some(aspects) = data.get("aspects").and_then(Value::as_array) {
        lines.push(aspects_line(aspects, "aspects", 3));
    }
    if lines.is_empty() { "The chart is in the structured content.".to_owned() } else { lines.join("\n") }
}

/// Solar arc directions: the arc and the tightest directed contacts.
pub fn directions(answer: &Value) -> String {
    let data = answer.get("data").unwrap_or(&Value::Null);
    let number = |name: &str| data.get(name).and_then(Value::as_f64).unwrap_or_default();
    let mut lines = vec![format!(
        "Directed to {} (age {:.2}): arc {:.4}° ({})",
        minute(text(data, "/targetDate")),
        number("age"),
        number("arc"),
        text(data, "/arcMethod")
    )];
    if let Some(aspects) = data.get("aspects").and_then(Value::as_array) {
        let contact = |aspect: &Value| {
            let orb = aspect.get("orb").and_then(Value::as_f64).unwrap_or_default();
            let state = if aspect.get("applying").and_then(Value::as_bool) == Some(true) { "applying" } else { "separating" };
            format!(
                "directed {} {} natal {} (orb {orb:.2}°, {state})",
                title_case(text(aspect, "/directed")),
                text(aspect, "/aspect"),
                title_case(text(aspect, "/natal"))
            )
        };
        let first: Vec<String> = aspects.iter().take(4).map(contact).collect();
        lines.push(format!("{} directed contacts{}{}", aspects.len(), if first.is_empty() { "" } else { ": " }, first.join("; ")));
    }
    lines.join("\n")
}

/// Primary directions: how many, and the first few by date.
pub fn primary_directions(answer: &Value) -> String {
    let data = answer.get("data").unwrap_or(&Value::Null);
    let number = |name: &str| data.get(name).map(Value::to_string).unwrap_or_default();
    let directions = data.get("directions").and_then(Value::as_array).map(Vec::as_slice).unwrap_or_default();
    let mut lines = vec![format!(
        "{} primary directions ({}, {} key, {}) from age {} to {}",
        directions.len(),
        text(data, "/method"),
        text(data, "/key"),
        if data.get("zodiacal").and_then(Value::as_bool) == Some(false) { "mundane" } else { "zodiacal" },
        number("fromAge"),
        number("toAge"),
    )];
    for direction in directions.iter().take(6) {
        let side = direction.get("side").and_then(Value::as_str).map(|side| format!(" {side}")).unwrap_or_default();
        lines.push(format!(
            "age {:.2} ({}): {} {}{side} to {}, {}, arc {:.3}°",
            direction.get("age").and_then(Value::as_f64).unwrap_or_default(),
            text(direction, "/date").get(..10).unwrap_or(""),
            title_case(text(direction, "/promissor")),
            text(direction, "/aspect"),
            title_case(text(direction, "/significator")),
            text(direction, "/motion"),
            direction.get("arc").and_then(Value::as_f64).unwrap_or_default(),
        ));
    }
    lines.join("\n")
}

/// Profections or firdaria: the lords of the time asked about.
pub fn time_lords(answer: &Value) -> String {
    let data = answer.get("data").unwrap_or(&Value::Null);
    if let Some(annual) = data.get("annual") {
        let monthly = data.get("monthly").unwrap_or(&Value::Null);
        let house = annual.get("house").map(Value::to_string).unwrap_or_default();
        let month = monthly.get("month").map(Value::to_string).unwrap_or_default();
        return format!(
            "On {}, age {}: the year of house {house}, {} (lord {}); month {month}, {} (lord {}), {} to {}",
            text(data, "/date"),
            data.get("age").map(Value::to_string).unwrap_or_default(),
            title_case(text(annual, "/sign")),
            title_case(text(annual, "/lord")),
            title_case(text(monthly, "/sign")),
            title_case(text(monthly, "/lord")),
            text(monthly, "/firstDay"),
            text(monthly, "/lastDay"),
        );
    }
    let mut lines = vec![format!("A {} birth: the periods from {}", text(data, "/sect"), minute(text(data, "/natalDate")))];
    if let Some(periods) = data.get("periods").and_then(Value::as_array) {
        let spans: Vec<String> = periods
            .iter()
            .map(|p| format!("{} from {}", title_case(text(p, "/lord")), text(p, "/start").get(..10).unwrap_or("")))
            .collect();
        lines.push(spans.join(", "));
    }
    if let Some(current) = data.get("current") {
        let lord = |pointer: &str| current.pointer(pointer).and_then(Value::as_str).map(title_case).unwrap_or_else(|| "none".to_owned());
        lines.push(format!("On {}: period {}, sub-period {}", minute(text(current, "/date")), lord("/period"), lord("/subPeriod")));
    }
    lines.join("\n")
}

pub fn transits(answer: &Value) -> String {
    match answer.pointer("/data/aspects").and_then(Value::as_array) {
        Some(aspects) => aspects_line(aspects, "transits in the period", 5),
        None => "The transits are in the structured content.".to_owned(),
    }
}

/// Synastry: each person's aspects to the other's points.
pub fn aspects_between(answer: &Value) -> String {
    let data = answer.get("data").unwrap_or(&Value::Null);
    let side = |name: &str, what: &str| data.get(name).and_then(Value::as_array).map(|aspects| aspects_line(aspects, what, 4));
    let lines: Vec<String> = [
        side("aspects1to2", "aspects of the first person's points to the second's"),
        side("aspects2to1", "aspects of the second person's points to the first's"),
    ]
    .into_iter()
    .flatten()
    .collect();
    if lines.is_empty() { chart(answer) } else { lines.join("\n") }
}

fn event_line(event: &Value) -> String {
    let at = ["/at/local", "/startsAt/local"].iter().map(|p| text(event, p)).find(|t| !t.is_empty()).unwrap_or("");
    let what = match text(event, "/type") {
        "ingress" => format!("{} enters {}", title_case(text(event, "/point")), title_case(text(event, "/sign"))),
        "void_of_course" => format!("Moon void of course in {}", title_case(text(event, "/sign"))),
        "station" => format!("{} stations {}", title_case(text(event, "/point")), text(event, "/station")),
        "lunar_phase" => format!("{} in {}", title_case(text(event, "/phase")), title_case(text(event, "/sign"))),
        "eclipse" => format!("{} {} eclipse", title_case(text(event, "/kind")), text(event, "/eclipse")),
        "aspect" => format!(
            "{} {} {} (exact, {})",
            title_case(text(event, "/pointA")),
            text(event, "/aspect"),
            title_case(text(event, "/pointB")),
            text(event, "/phase")
        ),
        other => title_case(other),
    };
    format!("{} {what}", minute(at))
}

pub fn events(answer: &Value) -> String {
    match answer.get("data").and_then(Value::as_array) {
        Some(events) if events.is_empty() => "No events in the period.".to_owned(),
        Some(events) => {
            let first: Vec<String> = events.iter().take(6).map(event_line).collect();
            format!("{} events; the first: {}", events.len(), first.join("; "))
        }
        None => "The events are in the structured content.".to_owned(),
    }
}

pub fn moon_and_sun(answer: &Value) -> String {
    let data = answer.get("data").unwrap_or(&Value::Null);
    let clock = |pointer: &str| {
        let at = text(data, pointer);
        at.get(11..16).unwrap_or("none").to_owned()
    };
    let illumination = data.pointer("/moon/illumination").and_then(Value::as_f64).unwrap_or_default() * 100.0;
    format!(
        "{}: {} ({illumination:.0}% lit), Moon rises {} and sets {}; Sun rises {} and sets {} (local time)",
        text(data, "/date"),
        title_case(text(data, "/moon/phaseName")),
        clock("/moon/rise"),
        clock("/moon/set"),
        clock("/sun/rise"),
        clock("/sun/set")
    )
}

/// The Vedic chart: the lagna and each graha's rashi and nakshatra.
pub fn vedic_chart(answer: &Value) -> String {
    let data = answer.get("data").unwrap_or(&Value::Null);
    let place = |value: &Value| {
        format!(
            "{} {:.0}° ({}, pada {})",
            title_case(text(value, "/rashi")),
            value.get("degreesInSign").and_then(Value::as_f64).unwrap_or_default().floor(),
            text(value, "/nakshatra/name"),
            value.pointer("/nakshatra/pada").and_then(Value::as_u64).unwrap_or_default()
        )
    };
    let mut parts = vec![format!("Lagna {}", place(data.get("lagna").unwrap_or(&Value::Null)))];
    for graha in ["sun", "moon", "mars", "mercury", "jupiter", "venus", "saturn", "rahu", "ketu"] {
        if let Some(value) = data.pointer(&format!("/grahas/{graha}")) {
            let retrograde = if value.get("retrograde").and_then(Value::as_bool) == Some(true) && graha != "rahu" && graha != "ketu" {
                " R"
            } else {
                ""
            };
            parts.push(format!("{} {}{retrograde}", title_case(graha), place(value)));
        }
    }
    parts.join(", ")
}

/// The dasha: the balance at birth and the periods running on the date.
pub fn dasha(answer: &Value) -> String {
    let data = answer.get("data").unwrap_or(&Value::Null);
    let years = data.pointer("/balance/years").and_then(Value::as_f64).unwrap_or_default();
    let mut line = format!("Born in the {} mahadasha, {years:.2} years of it left", title_case(text(data, "/balance/lord")));
    if let Some(running) = data.pointer("/current/periods").and_then(Value::as_array) {
        let chain: Vec<String> = running.iter().map(|p| title_case(text(p, "/lord"))).collect();
        line.push_str(&format!("; on {}: {}", minute(text(data, "/current/date")), chain.join(" / ")));
    }
    line
}

/// Astrocartography: each body's MC longitude, and how many lines.
pub fn astrocartography(answer: &Value) -> String {
    let data = answer.get("data").unwrap_or(&Value::Null);
    let lines = data.pointer("/lines/features").and_then(Value::as_array).map_or(0, Vec::len);
    let meridians: Vec<String> = data
        .get("points")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .map(|p| {
            let longitude = p.get("mcLongitude").and_then(Value::as_f64).unwrap_or_default();
            format!("{} {:.1}°{}", title_case(text(p, "/point")), longitude.abs(), if longitude < 0.0 { "W" } else { "E" })
        })
        .collect();
    format!("{lines} astrocartography lines; MC lines at {}", meridians.join(", "))
}

/// The relocated chart: its ascendant and midheaven, the angular planets
/// and the planets that changed house.
pub fn relocation(answer: &Value) -> String {
    let data = answer.get("data").unwrap_or(&Value::Null);
    let angle = |id: &str| {
        let sign = title_case(text(data, &format!("/angles/{id}/sign")));
        let degrees = data.pointer(&format!("/angles/{id}/degreesInSign")).and_then(Value::as_f64).unwrap_or_default();
        format!("{degrees:.0}° {sign}")
    };
    let angular: Vec<String> = data
        .get("angular")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .map(|a| {
            let orb = a.get("orb").and_then(Value::as_f64).unwrap_or_default();
            format!("{} on the {} ({orb:.1}°)", title_case(text(a, "/point")), text(a, "/angle").replace('_', " "))
        })
        .collect();
    let moved = data.get("houseChanges").and_then(Value::as_array).map_or(0, |m| m.iter().filter(|c| c["moved"] == true).count());
    let angular = if angular.is_empty() { "no planet on an angle".to_owned() } else { angular.join(", ") };
    format!("Relocated: ascendant {}, midheaven {}; {angular}; {moved} points changed house", angle("ascendant"), angle("midheaven"))
}

/// The match: the total and each koota's points.
pub fn kundli_match(answer: &Value) -> String {
    let data = answer.get("data").unwrap_or(&Value::Null);
    let kootas: Vec<String> = data
        .get("kootas")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .map(|k| format!("{} {}/{}", text(k, "/koota").replace('_', " "), points(k, "/points"), points(k, "/maxPoints")))
        .collect();
    let manglik = |side: &str| {
        if data.pointer(&format!("/{side}/manglik/dosha")).and_then(Value::as_bool) == Some(true) { "Manglik" } else { "not Manglik" }
    };
    format!(
        "Ashtakoota {} of 36 ({}): {}. Groom {}, bride {}.",
        points(data, "/total"),
        text(data, "/assessment"),
        kootas.join(", "),
        manglik("groom"),
        manglik("bride")
    )
}

/// The panchang: the five limbs at sunrise, each to its end.
pub fn panchang(answer: &Value) -> String {
    let data = answer.get("data").unwrap_or(&Value::Null);
    let limb = |name: &str| format!("{} to {}", text(data, &format!("/{name}/name")), minute(text(data, &format!("/{name}/end"))));
    let mut line = format!(
        "{} at sunrise {}: tithi {} ({} paksha), nakshatra {}, yoga {}, karana {}",
        text(data, "/vara/name"),
        minute(text(data, "/sunrise")),
        limb("tithi"),
        text(data, "/tithi/paksha"),
        limb("nakshatra"),
        limb("yoga"),
        limb("karana"),
    );
    if data.pointer("/rahuKalam/start").is_some() {
        line.push_str(&format!("; Rahu kalam {} to {}", minute(text(data, "/rahuKalam/start")), minute(text(data, "/rahuKalam/end"))));
    }
    line
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

/// The Chinese forecast: the two years' signs and how they meet.
pub fn chinese_forecast(answer: &Value) -> String {
    let data = answer.get("data").unwrap_or(&Value::Null);
    let year = |which: &str| {
        let number = data.pointer(&format!("/{which}/chineseYear")).map(Value::to_string).unwrap_or_default();
        let element = title_case(text(data, &format!("/{which}/element")));
        let sign = title_case(text(data, &format!("/{which}/sign")));
        format!("{number} ({element} {sign})")
    };
    let relations: Vec<String> = data
        .get("relations")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .map(|r| r.replace('_', " "))
        .collect();
    format!(
        "Born in the Chinese year {}; forecast for {}. Relations: {}; elements: {}.",
        year("birth"),
        year("forecast"),
        if relations.is_empty() { "none".to_owned() } else { relations.join(", ") },
        text(data, "/elementRelation").replace('_', " ")
    )
}

pub fn places(answer: &Value) -> String {
    match answer.get("data").and_then(Value::as_array) {
        Some(places) if places.is_empty() => "No place of that name.".to_owned(),
        Some(places) => places
            .iter()
            .map(|p| {
                let at = |name: &str| p.pointer(&format!("/attributes/{name}")).map(Value::to_string).unwrap_or_default();
                format!("{} ({}, {}; {})", text(p, "/attributes/label"), at("latitude"), at("longitude"), text(p, "/attributes/timezone"))
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
        lines.push(format!("{at}{} ({})", text(error, "/detail"), text(error, "/code")));
    }
    if let Some(single) = body.get("error").and_then(Value::as_str) {
        lines.push(single.to_owned());
    }
    lines.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_place_reads_as_degrees_and_minutes_in_its_sign() {
        let sun = json!({ "longitude": 50.55642155160503, "sign": "taurus" });
        assert_eq!(placed("sun", &sun).unwrap(), "Sun 20°33′ Taurus");
        let mercury = json!({ "longitude": 39.06, "sign": "taurus", "retrograde": true });
        assert_eq!(placed("mercury", &mercury).unwrap(), "Mercury 9°03′ Taurus R");
    }

    #[test]
    fn a_refusal_names_each_field() {
        let body = json!({ "errors": [
            { "code": "invalid_field", "detail": "latitude must be between -90 and 90 degrees", "source": { "pointer": "/location/latitude" } },
            { "code": "invalid_parameter", "detail": "limit must be a whole number", "source": { "parameter": "limit" } }
        ] });
        assert_eq!(
            errors(StatusCode::UNPROCESSABLE_ENTITY, &body),
            "The call was refused (422 Unprocessable Entity).\n\
             /location/latitude: latitude must be between -90 and 90 degrees (invalid_field)\n\
             limit: limit must be a whole number (invalid_parameter)"
        );
    }

    #[test]
    fn events_read_as_their_local_minute_and_what_happens() {
        let station = json!({ "type": "station", "at": { "local": "2026-03-11T04:29:51+01:00" }, "point": "jupiter", "station": "direct" });
        assert_eq!(event_line(&station), "2026-03-11 04:29 Jupiter stations direct");
        let eclipse = json!({ "type": "eclipse", "at": { "local": "2026-03-03T12:33:41+01:00" }, "eclipse": "lunar", "kind": "total" });
        assert_eq!(event_line(&eclipse), "2026-03-03 12:33 Total lunar eclipse");
    }
}
