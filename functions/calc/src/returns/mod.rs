//! POST /api/calc/solar-return and POST /api/calc/lunar-return.
//!
//! The return instant is found by Newton's method on the geocentric,
//! apparent longitude (the Moon's return uses the geocentric natal Moon, as
//! return charts conventionally do); the chart is drawn for that instant at
//! the birth place, or at `returnLocation` when given (a relocated return).
//! The return charts use the geocentric Moon, so that a lunar return's Moon
//! sits exactly on the natal degree the return is defined by.

use std::collections::BTreeMap;

use axum::extract::State;
use axum::http::HeaderMap;
use chrono::{Datelike, NaiveTime};
use serde::Serialize;
use shared::astro::analysis::Analysis;
use shared::astro::chart::returns::{lunar_return, solar_return};
use shared::astro::chart::{ChartInput, MoonCenter, NatalChart};
use shared::astro::ephemeris::{Body, EphemerisError, Observer};
use shared::astro::frame::Zodiac;
use shared::astro::time::{JulianDay, Repeated, ResolvedInstant, format_utc, local_time_on};
use shared::content::HoroscopeType;
use shared::http::{ApiError, ApiJson, ApiResult, AppState, Caller, Document};

use crate::answer::{ChartBody, ChartMeta, LinkText, NamedChartLink, local_instant_text};
use crate::chart_image::link::{ChartSpec, InputSpec};
use crate::links::{chart_image_link, summary_link};

use crate::request::{
    CommonOptions, LocationBody, Place, Problems, chart_request, ephemeris_error, parse_common, parse_day, parse_instant, parse_location,
};
use crate::texts::Texts;

chart_request! {
    pub struct SolarReturnRequest {
        birth_date_time: String,
        birth_location: LocationBody,
        #[serde(deserialize_with = "shared::http::whole::number")]
        return_year: i32,
        return_location: Option<LocationBody>,
        include_analysis: Option<bool>,
    }
}

chart_request! {
    pub struct LunarReturnRequest {
        birth_date_time: String,
        birth_location: LocationBody,
        /// `YYYY-MM-DD`: the search starts at local midnight of this day.
        return_date: String,
        return_location: Option<LocationBody>,
        include_analysis: Option<bool>,
    }
}

/// The part both return answers share.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ReturnChart {
    return_date: String,
    return_date_utc: String,
    /// The instant as a Julian day (UT), unrounded.
    return_julian_day: f64,
    /// With `includeText`, solar-return or lunar-return texts.
    #[serde(flatten)]
    chart: ChartBody,
    charts: BTreeMap<&'static str, NamedChartLink>,
    /// The signed link to the AI summary of the return chart.
    summary: crate::summary::link::SummaryLink,
    /// With `includeAnalysis`: the return chart's balance and dignities.
    #[serde(skip_serializing_if = "Option::is_none")]
    analysis: Option<Analysis>,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SolarReturnData {
    return_year: i32,
    #[serde(flatten)]
    found: ReturnChart,
}

/// What both returns parse: the birth, the chart place and the options;
/// then the return type's texts (with `includeText`).
struct ReturnInput {
    birth: ResolvedInstant,
    birth_place: Place,
    chart_place: Place,
    /// Whether the request named a return place (`returnLocation`).
    chart_place_given: bool,
    include_analysis: bool,
    options: CommonOptions,
    texts: Option<Texts>,
}

fn parse_return_input(
    app: &AppState,
    birth_text: &str,
    birth_location: &LocationBody,
    return_location: Option<&LocationBody>,
    common: &crate::request::CommonOptionsBody,
    problems: &mut Problems,
) -> (Option<ResolvedInstant>, Place, Option<Place>, CommonOptions) {
    let birth_place = parse_location(birth_location, "/birthLocation", problems);
    let birth = parse_instant(birth_text, birth_place.zone.as_ref(), &app.ephemeris, "/birthDateTime", problems);
    let chart_place = return_location.map(|l| parse_location(l, "/returnLocation", problems));
    // Chiron's range is judged at the return, which is unknown yet: by the server's files only.
    let options = parse_common(common, &app.ephemeris, None, problems);
    (birth, birth_place, chart_place, options)
}

fn finish_input(
    birth: Option<ResolvedInstant>,
    birth_place: Place,
    chart_place: Option<Place>,
    options: CommonOptions,
) -> Result<ReturnInput, ApiError> {
    let birth = birth.ok_or_else(|| ApiError::invalid_field("/birthDateTime", "the birth moment could not be placed in time"))?;
    let chart_place_given = chart_place.is_some();
    let chart_place = chart_place.unwrap_or(birth_place);
    Ok(ReturnInput { birth, birth_place, chart_place, chart_place_given, options, texts: None, include_analysis: false })
}

fn return_chart(app: &AppState, input: &ReturnInput, at: JulianDay, date_pointer: &str) -> Result<NatalChart, ApiError> {
    NatalChart::compute(&app.ephemeris, &return_input(input, at)).map_err(|e| ephemeris_error(e, date_pointer))
}

/// The return chart's input: the return instant at the chart place.
fn return_input(input: &ReturnInput, at: JulianDay) -> ChartInput {
    ChartInput {
        instant: at,
        latitude: input.chart_place.latitude,
        longitude: input.chart_place.longitude,
        house_system: input.options.house_system,
        moon_center: MoonCenter::Geocentric,
        points: input.options.points.clone(),
        orbs: input.options.orbs.clone(),
        frame: input.options.frame,
    }
}

/// The natal longitude of `body` in the request's zodiac (geocentric: a
/// return is the body's return as seen from the Earth).
fn natal_longitude(app: &AppState, birth: &ResolvedInstant, body: Body, zodiac: Zodiac) -> Result<f64, ApiError> {
    app.ephemeris
        .position_in(birth.julian_day_ut(), body, Observer::Geocentric, zodiac)
        .map(|p| p.longitude)
        .map_err(|e| ephemeris_error(e, "/birthDateTime"))
}

/// The return's links (a bi-wheel: natal inside, the return outside) and
/// the natal chart's, and the return's summary link.
fn links(
    app: &AppState,
    headers: &HeaderMap,
    caller: &Caller,
    link: ReturnLink<'_>,
    (natal, returned): (ChartInput, ChartInput),
    options: &CommonOptions,
) -> Result<(BTreeMap<&'static str, NamedChartLink>, crate::summary::link::SummaryLink), ApiError> {
    let ReturnLink { kind, text } = link;
    let language = options.language;
    let natal = InputSpec::of(&natal);
    let return_spec = ChartSpec::Return { i: natal.clone(), r: InputSpec::of(&returned), k: if kind == "lunarReturn" { 'l' } else { 's' } };
    let horoscope = if kind == "lunarReturn" { HoroscopeType::LunarReturn } else { HoroscopeType::SolarReturn };
    let summary = summary_link(app, headers, caller, horoscope, return_spec.clone(), options)?;
    let charts = BTreeMap::from([
        (kind, text.link(language, chart_image_link(app, headers, caller, return_spec, options)?)),
        ("natal", LinkText::ReturnNatal.link(language, chart_image_link(app, headers, caller, ChartSpec::Natal { i: natal }, options)?)),
    ]);
    Ok((charts, summary))
}

/// The years whose return is always inside the ephemeris (1000-01-01 to
/// 2999-12-31): a return falls within a day of the birthday, which may be
/// 1 January or 31 December. The document states the same bounds.
const RETURN_YEARS: std::ops::RangeInclusive<i32> = 1001..=2998;

fn out_of_range(pointer: &str) -> impl Fn(EphemerisError) -> ApiError + '_ {
    move |error| match error {
        EphemerisError::OutOfRange => ApiError::invalid_field(pointer, error.to_string()),
        other => ephemeris_error(other, pointer),
    }
}

#[tracing::instrument(name = "solar_return", skip_all)]
pub async fn calculate_solar_return(
    State(app): State<AppState>,
    caller: Caller,
    headers: HeaderMap,
    ApiJson(body): ApiJson<SolarReturnRequest>,
) -> ApiResult<Document<SolarReturnData>> {
    let mut problems = Problems::default();
    let (birth, birth_place, chart_place, options) = parse_return_input(
        &app,
        &body.birth_date_time,
        &body.birth_location,
        body.return_location.as_ref(),
        &body.common_options(),
        &mut problems,
    );
    if !RETURN_YEARS.contains(&body.return_year) {
        problems.add("/returnYear", format!("returnYear must be from {} to {}", RETURN_YEARS.start(), RETURN_YEARS.end()));
    }
    problems.into_result()?;
    let mut input = finish_input(birth, birth_place, chart_place, options)?;
    input.include_analysis = body.include_analysis.unwrap_or(false);

    let natal_sun = natal_longitude(&app, &input.birth, Body::Sun, input.options.frame.zodiac)?;
    // The return nearest the birthday of `returnYear`: as many tropical
    // years after birth as calendar years (before it, as many before: the
    // Sun was at its natal longitude then too).
    let years = body.return_year - input.birth.local().year();
    let at = solar_return(&app.ephemeris, input.birth.julian_day_ut(), natal_sun, years, input.options.frame.zodiac)
        .map_err(out_of_range("/returnYear"))?;
    input.texts = Texts::load(&app, &caller, HoroscopeType::SolarReturn, &input.options).await?;
    let link = ReturnLink { kind: "solarReturn", text: LinkText::SolarReturn { year: body.return_year } };
    let (found, meta) = answer(&app, (&headers, &caller), &input, at, "/returnYear", &body.birth_date_time, link)?;
    let document = Document::new(SolarReturnData { return_year: body.return_year, found })
        .with_meta("natalSunLongitude", natal_sun)
        .with_meta("moonCenter", "geocentric");
    Ok(meta.finish(document, &input.options))
}

#[tracing::instrument(name = "lunar_return", skip_all)]
pub async fn calculate_lunar_return(
    State(app): State<AppState>,
    caller: Caller,
    headers: HeaderMap,
    ApiJson(body): ApiJson<LunarReturnRequest>,
) -> ApiResult<Document<ReturnChart>> {
    let mut problems = Problems::default();
    let (birth, birth_place, chart_place, options) = parse_return_input(
        &app,
        &body.birth_date_time,
        &body.birth_location,
        body.return_location.as_ref(),
        &body.common_options(),
        &mut problems,
    );
    let from_day = parse_day(&body.return_date, "/returnDate", &mut problems);
    problems.into_result()?;
    let mut input = finish_input(birth, birth_place, chart_place, options)?;
    input.include_analysis = body.include_analysis.unwrap_or(false);
    let from_day = from_day.ok_or_else(|| ApiError::invalid_field("/returnDate", "expected a date as YYYY-MM-DD"))?;
    let zone = input.chart_place.zone.ok_or_else(|| ApiError::invalid_field("/birthLocation/timezone", "unknown time zone"))?;
    let from = local_time_on(from_day, NaiveTime::MIN, &zone, Repeated::Earlier)
        .ok_or_else(|| ApiError::invalid_field("/returnDate", "this day has no midnight in the time zone"))?;
    app.ephemeris.check_supported(from.julian_day_ut()).map_err(out_of_range("/returnDate"))?;
    // A date before birth is answered like any other: the Moon passed its
    // natal longitude every month before the birth as after it.

    let natal_moon = natal_longitude(&app, &input.birth, Body::Moon, input.options.frame.zodiac)?;
    let at =
        lunar_return(&app.ephemeris, natal_moon, from.julian_day_ut(), input.options.frame.zodiac).map_err(out_of_range("/returnDate"))?;
    input.texts = Texts::load(&app, &caller, HoroscopeType::LunarReturn, &input.options).await?;
    let link = ReturnLink { kind: "lunarReturn", text: LinkText::LunarReturn { from: &body.return_date } };
    let (found, meta) = answer(&app, (&headers, &caller), &input, at, "/returnDate", &body.birth_date_time, link)?;
    let document = Document::new(found).with_meta("natalMoonLongitude", natal_moon).with_meta("moonCenter", "geocentric");
    Ok(meta.finish(document, &input.options))
}

/// What names a return chart's image link.
struct ReturnLink<'a> {
    kind: &'static str,
    text: LinkText<'a>,
}

/// The chart at the return instant and everything said about it, with the
/// return type's texts when asked for.
fn answer(
    app: &AppState,
    (headers, caller): (&HeaderMap, &Caller),
    input: &ReturnInput,
    at: JulianDay,
    date_pointer: &str,
    birth_text: &str,
    link: ReturnLink,
) -> Result<(ReturnChart, ChartMeta), ApiError> {
    let chart = return_chart(app, input, at, date_pointer)?;
    let (local, utc) = texts(at, &input.chart_place)?;
    let mut meta = ChartMeta::new();
    meta.add_chart(&chart);
    meta.add_instant(birth_text, &input.birth);
    meta.add_place("/birthLocation", &input.birth_place);
    if input.chart_place_given {
        meta.add_place("/returnLocation", &input.chart_place);
    }
    // The natal chart as POST /api/calc/natal draws it (topocentric Moon).
    let natal = ChartInput {
        frame: input.options.frame,
        instant: input.birth.julian_day_ut(),
        latitude: input.birth_place.latitude,
        longitude: input.birth_place.longitude,
        house_system: input.options.house_system,
        moon_center: MoonCenter::Topocentric,
        points: input.options.points.clone(),
        orbs: input.options.orbs.clone(),
    };
    let (charts, summary) = links(app, headers, caller, link, (natal, return_input(input, at)), &input.options)?;
    let readable = input.options.include_readable_entities.then_some(input.options.language);
    let found = ReturnChart {
        return_date: local,
        return_date_utc: utc,
        return_julian_day: at.0,
        chart: ChartBody::of(&chart, readable, input.texts.as_ref()),
        charts,
        summary,
        analysis: input.include_analysis.then(|| Analysis::of(&chart)),
    };
    Ok((found, meta))
}

fn texts(at: JulianDay, place: &Place) -> Result<(String, String), ApiError> {
    let utc = at.to_utc().ok_or_else(|| ApiError::internal("return instant out of range"))?;
    let zone = place.zone.ok_or_else(|| ApiError::internal("a parsed place without a zone"))?;
    Ok((local_instant_text(at, &zone), format_utc(utc)))
}
