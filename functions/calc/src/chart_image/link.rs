//! The signed chart image link of a calculation answer: issuing it for the
//! caller's key, and turning a link's claims back into charts. What a token
//! carries is `shared::http::chart_link`.

use axum::http::HeaderMap;
use shared::astro::Ephemeris;
use shared::astro::aspect::{Aspect, Orbs, Placement, aspects_across};
use shared::astro::chart::composite::{composite_chart, davison_input};
use shared::astro::chart::progression::{ProgressedAngles, progress};
use shared::astro::chart::{ChartInput, MoonCenter, NatalChart};
use shared::astro::ephemeris::ayanamsa_name;
use shared::astro::frame::Ayanamsa;
use shared::astro::point::PointId;
use shared::astro::time::JulianDay;
pub use shared::http::chart_link::{ChartSpec, ImageClaims, ImageLinks, InputSpec, PNG_PATH, SVG_PATH, invalid_content, points};
use shared::http::{ApiError, AppState, Caller};
use shared::language::Language;
use shared::render::{Ring, Wheel};

use crate::wire::{CommonOptions, ephemeris_error};

/// The verified claims of the link token in `query` (a `what` link: `chart`,
/// `summary`): 401 `invalid_link` (missing, tampered, unknown signing key)
/// or `expired_link`.
pub fn claims_from_query<T: serde::de::DeserializeOwned>(
    app: &AppState,
    query: &std::collections::BTreeMap<String, String>,
    what: &str,
) -> Result<T, ApiError> {
    shared::http::links::link_claims(
        app,
        query.get("token").map(String::as_str),
        &format!("the link has no token: open the {what} link of a calculation answer as given"),
        "the link has expired: calculate the chart again for a new one",
    )
}

/// Signs a link to `chart` for the caller's key and organization, with the
/// request's `customization` (already validated) and language.
pub fn issue(
    app: &AppState,
    headers: &HeaderMap,
    caller: &Caller,
    chart: ChartSpec,
    customization: Option<&serde_json::Value>,
    options: &CommonOptions,
) -> Result<ImageLinks, ApiError> {
    let claims = ImageClaims {
        organization_id: caller.organization.id.clone(),
        key_id: Some(caller.key.id.clone()),
        widget_id: None,
        exp: shared::signing::link_expiry(chrono::Utc::now().timestamp(), app.config.chart_link_ttl_seconds),
        chart,
        customization: customization.filter(|c| !c.is_null()).cloned(),
        language: (options.language != Language::En).then(|| options.language.code().to_owned()),
        purpose: None,
    };
    shared::http::chart_link::sign(app, headers, &claims)
}

/// The charts a link draws, computed anew.
pub struct Drawn {
    pub inner: NatalChart,
    /// The other chart of a bi-wheel, the aspects between the two, and the
    /// ring of each aspect's `point_a`.
    pub outer: Option<(NatalChart, Vec<Aspect<PointId>>, Ring)>,
}

impl Drawn {
    pub fn compute(ephemeris: &Ephemeris, spec: &ChartSpec) -> Result<Self, ApiError> {
        let chart = |input: &ChartInput| NatalChart::compute(ephemeris, input).map_err(|e| ephemeris_error(e, "/token"));
        // `leading` chart's points against `still`'s, the other held still.
        let across = |leading: &NatalChart, still: &NatalChart, orbs: &Orbs| {
            let held: Vec<Placement<PointId>> = still.placements().into_iter().map(|p| Placement { speed: 0.0, ..p }).collect();
            aspects_across(&leading.placements(), &held, orbs)
        };
        Ok(match spec {
            ChartSpec::Natal { i } => Self { inner: chart(&i.input()?)?, outer: None },
            ChartSpec::Progressed { i, at, g } => {
                let angles = ProgressedAngles::parse(g).ok_or_else(invalid_content)?;
                let progression = progress(ephemeris, &i.input()?, JulianDay(*at), angles).map_err(|e| ephemeris_error(e, "/token"))?;
                // `aspects_to_natal`: the progressed point first.
                Self { inner: progression.natal, outer: Some((progression.progressed, progression.aspects_to_natal, Ring::Outer)) }
            }
            ChartSpec::Return { i, r, .. } => {
                let natal_input = i.input()?;
                let natal = chart(&natal_input)?;
                let returned = chart(&r.input()?)?;
                let aspects = across(&returned, &natal, &natal_input.orbs);
                Self { inner: natal, outer: Some((returned, aspects, Ring::Outer)) }
            }
            ChartSpec::Synastry { i, o } => {
                let input = i.input()?;
                let first = chart(&input)?;
                let second = chart(&o.input()?)?;
                let aspects = across(&first, &second, &input.orbs);
                Self { inner: first, outer: Some((second, aspects, Ring::Inner)) }
            }
            ChartSpec::Composite { i, o, m } => {
                let (first, second) = (i.input()?, o.input()?);
                let inner = match m {
                    'd' => chart(&davison_input(&first, &second))?,
                    _ => composite_chart(ephemeris, &first, &second).map_err(|e| ephemeris_error(e, "/token"))?,
                };
                Self { inner, outer: None }
            }
            ChartSpec::Transit { i, at, x, .. } => {
                let input = i.input()?;
                let natal = chart(&input)?;
                let moving = ChartInput {
                    instant: JulianDay(*at),
                    moon_center: MoonCenter::Geocentric,
                    points: points(x)?,
                    orbs: input.orbs.clone(),
                    ..input.clone()
                };
                let transiting = chart(&moving)?;
                let aspects = across(&transiting, &natal, &input.orbs);
                Self { inner: natal, outer: Some((transiting, aspects, Ring::Outer)) }
            }
        })
    }

    /// The wheel of these charts, titled with the chart type and named with
    /// whose chart (and when) each ring is, in `language`.
    pub fn wheel(&self, spec: &ChartSpec, language: Language) -> Wheel {
        let wheel = match &self.outer {
            None => Wheel::natal(&self.inner),
            Some((outer, aspects, leading)) => Wheel::bi_wheel(&self.inner, &outer.points, aspects, *leading),
        };
        let (inner, outer) = names(spec, language);
        wheel.titled(title(spec, language)).named(inner, outer)
    }
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
        ChartSpec::Transit { .. } => ("Transits", "Tránsitos"),
    };
    let title = match language {
        Language::En => en.to_owned(),
        Language::Es => es.to_owned(),
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
        | ChartSpec::Transit { i, .. } => i,
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
        ChartSpec::Natal { i } => (format!("{} · {}", moment(i.jd, language), place(i.la, i.lo, language)), None),
        ChartSpec::Progressed { i, at, .. } => {
            let to = if es { "Progresada al" } else { "Progressed to" };
            (moment(i.jd, language), Some(format!("{to} {}", day(*at, language))))
        }
        ChartSpec::Return { i, r, .. } => (moment(i.jd, language), Some(moment(r.jd, language))),
        ChartSpec::Synastry { i, o } => (moment(i.jd, language), Some(moment(o.jd, language))),
        ChartSpec::Composite { i, o, .. } => (format!("{} + {}", moment(i.jd, language), moment(o.jd, language)), None),
        ChartSpec::Transit { i, at, .. } => (moment(i.jd, language), Some(moment(*at, language))),
    }
}

/// "11 May 1990" / "11 de mayo de 1990".
fn day(jd: f64, language: Language) -> String {
    JulianDay(jd).to_utc().map(|at| language.long_date(at)).unwrap_or_default()
}

/// "11 May 1990, 12:30 UT".
fn moment(jd: f64, language: Language) -> String {
    match JulianDay(jd).to_utc() {
        Some(at) => format!("{}, {} UT", day(jd, language), at.format("%H:%M")),
        None => String::new(),
    }
}

/// "41°54′N 12°30′E" (Spanish: O for west).
fn place(latitude: f64, longitude: f64, language: Language) -> String {
    let part = |value: f64, positive: &str, negative: &str| {
        let minutes = (value.abs() * 60.0).round() as i64;
        format!("{}°{:02}′{}", minutes / 60, minutes % 60, if value < 0.0 { negative } else { positive })
    };
    let west = if language == Language::Es { "O" } else { "W" };
    format!("{} {}", part(latitude, "N", "S"), part(longitude, "E", west))
}
