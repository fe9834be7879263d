//! The wheel a chart image link draws: its charts (`crate::drawn`) titled
//! and named in the link's language. What a token carries is
//! `shared::http::chart_link`.

use shared::astro::ephemeris::ayanamsa_name;
use shared::astro::frame::Ayanamsa;
use shared::astro::time::JulianDay;
use shared::http::chart_link::ChartSpec;
use shared::language::Language;
use shared::render::Wheel;

use crate::drawn::Drawn;

/// The wheel of `drawn`, titled with the chart type and named with whose
/// chart (and when) each ring is, in `language`.
pub fn wheel(drawn: &Drawn, spec: &ChartSpec, language: Language) -> Wheel {
    let wheel = match &drawn.outer {
        None => Wheel::natal(&drawn.inner),
        Some((outer, aspects, leading)) => Wheel::bi_wheel(&drawn.inner, &outer.points, aspects, *leading),
    };
    let (inner, outer) = names(spec, language);
    wheel.titled(title(spec, language)).named(inner, outer)
}

/// The heading of the image, in the request's language.
fn title(spec: &ChartSpec, language: Language) -> String {
    let (en, es) = match spec {
        ChartSpec::Natal { .. } => ("Natal chart", "Carta natal"),
        ChartSpec::Progressed { .. } => ("Progressed chart", "Carta progresada"),
        ChartSpec::Return { k: 'l', .. } => ("Lunar return", "Revolución lunar"),
        ChartSpec::Return { .. } => ("Solar return", "Revolución solar"),
        ChartSpec::Synastry { .. } => ("Synastry", "Sinastría"),
        ChartSpec::Composite { m: 'd', .. } => ("Davison chart", "Carta Davison"),
        ChartSpec::Composite { .. } => ("Composite chart", "Carta compuesta"),
        ChartSpec::Harmonic { .. } => ("Harmonic chart", "Carta armónica"),
        ChartSpec::Transit { .. } => ("Transits", "Tránsitos"),
        ChartSpec::Vedic { .. } => ("Vedic chart", "Carta védica"),
        ChartSpec::Map { .. } => ("Astrocartography", "Astrocartografía"),
    };
    let title = match (language, spec) {
        (Language::En, ChartSpec::Harmonic { n, .. }) => format!("{en} {n}"),
        (Language::Es, ChartSpec::Harmonic { n, .. }) => format!("{es} {n}"),
        (Language::En, _) => en.to_owned(),
        (Language::Es, _) => es.to_owned(),
    };
    match frame_label(spec, language) {
        Some(frame) => format!("{title} · {frame}"),
        None => title,
    }
}

/// How a chart not cast in the tropical, geocentric frame says so:
/// "sidereal (Lahiri)", "heliocentric".
fn frame_label(spec: &ChartSpec, language: Language) -> Option<String> {
    let input = match spec {
        ChartSpec::Natal { i }
        | ChartSpec::Progressed { i, .. }
        | ChartSpec::Return { i, .. }
        | ChartSpec::Synastry { i, .. }
        | ChartSpec::Composite { i, .. }
        | ChartSpec::Harmonic { i, .. }
        | ChartSpec::Transit { i, .. } => i,
        // Sidereal by nature; its diagram says which ayanamsa.
        ChartSpec::Vedic { .. } => return None,
        ChartSpec::Map { .. } => return None,
    };
    let es = language == Language::Es;
    let mut parts = Vec::new();
    if let Some(ayanamsa) = input.z.as_deref().and_then(Ayanamsa::parse) {
        parts.push(format!("{} ({})", if es { "sideral" } else { "sidereal" }, ayanamsa_name(ayanamsa)));
    }
    match input.v.as_deref() {
        Some("heliocentric") => parts.push(if es { "heliocéntrica" } else { "heliocentric" }.to_owned()),
        Some("topocentric") => parts.push(if es { "topocéntrica" } else { "topocentric" }.to_owned()),
        _ => {}
    }
    (!parts.is_empty()).then(|| parts.join(", "))
}

/// Whose chart each ring is: the birth moment (and, for a single chart,
/// the place) of the inner one; when the outer one is cast, or the second
/// person's birth. Links carry no names and no time zone: moments are in
/// universal time.
fn names(spec: &ChartSpec, language: Language) -> (String, Option<String>) {
    let es = language == Language::Es;
    match spec {
        ChartSpec::Natal { i } | ChartSpec::Harmonic { i, .. } => {
            (format!("{} · {}", moment(i.jd, language), place(i.la, i.lo, language)), None)
        }
        ChartSpec::Progressed { i, at, .. } => {
            let to = if es { "Progresada al" } else { "Progressed to" };
            (moment(i.jd, language), Some(format!("{to} {}", day(*at, language))))
        }
        ChartSpec::Return { i, r, .. } => (moment(i.jd, language), Some(moment(r.jd, language))),
        ChartSpec::Synastry { i, o } => (moment(i.jd, language), Some(moment(o.jd, language))),
        ChartSpec::Composite { i, o, .. } => (format!("{} + {}", moment(i.jd, language), moment(o.jd, language)), None),
        ChartSpec::Transit { i, at, .. } => (moment(i.jd, language), Some(moment(*at, language))),
        ChartSpec::Vedic { i } => (format!("{} · {}", moment(i.jd, language), place(i.la, i.lo, language)), None),
        ChartSpec::Map { i } => (format!("{} · {}", moment(i.jd, language), place(i.la, i.lo, language)), None),
    }
}

/// "11 May 1990" / "11 de mayo de 1990".
fn day(jd: f64, language: Language) -> String {
    JulianDay(jd).to_utc().map(|at| language.long_date(at)).unwrap_or_default()
}

/// "11 May 1990, 12:30 UT".
pub(super) fn moment(jd: f64, language: Language) -> String {
    match JulianDay(jd).to_utc() {
        Some(at) => format!("{}, {} UT", day(jd, language), at.format("%H:%M")),
        None => String::new(),
    }
}

/// "41°54′N 12°30′E" (Spanish: O for west).
pub(super) fn place(latitude: f64, longitude: f64, language: Language) -> String {
    let part = |value: f64, positive: &str, negative: &str| {
        let minutes = (value.abs() * 60.0).round() as i64;
        format!("{}°{:02}′{}", minutes / 60, minutes % 60, if value < 0.0 { negative } else { positive })
    };
    let west = if language == Language::Es { "O" } else { "W" };
    format!("{} {}", part(latitude, "N", "S"), part(longitude, "E", west))
}
