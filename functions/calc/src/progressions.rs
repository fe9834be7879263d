//! POST /api/calc/progressions: secondary progressions, day for a year.

use std::collections::BTreeMap;

use axum::extract::State;
use axum::http::HeaderMap;
use chrono::NaiveTime;
use serde::Serialize;
use shared::astro::chart::progression::{ProgressedAngles, YEAR_DAYS, progress};
use shared::astro::chart::{ChartInput, MoonCenter};
use shared::astro::time::{JulianDay, Repeated, format_local, local_time_on};
use shared::content::HoroscopeType;
use shared::http::{ApiError, ApiJson, ApiResult, AppState, Caller, Document};

use crate::chart_image::link::{ChartSpec, InputSpec};
use crate::wire::{
    AngleBody, AspectBody, ChartBody, ChartMeta, LinkText, LocationBody, NamedChartLink, PointBody, Problems, Texts, angles_body,
    aspects_body, chart_image_link, chart_request, ephemeris_error, parse_common, parse_day, parse_instant, parse_location, points_body,
    summary_link,
};

chart_request! {
    pub struct ProgressionsRequest {
        birth_date_time: String,
        birth_location: LocationBody,
        /// `YYYY-MM-DD`, read as local noon in the birth time zone.
        target_date: String,
        /// `solar_arc` (default) or `progressed_instant`.
        progressed_angles: Option<String>,
    }
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ProgressionsData {
    progressed_date: String,
    natal_date: String,
    target_date: String,
    /// Progressed points among themselves. With `includeText` points and
    /// angles carry progressions texts; these aspects, between two points of
    /// the one progressed chart, carry the natal text of the pair (the
    /// progressions aspect texts speak of a progressed point touching a
    /// natal one).
    #[serde(flatten)]
    progressed: ChartBody,
    /// Progressed points (pointA) to natal points (pointB); with
    /// `includeText`, progressions texts.
    aspects_to_natal: Vec<AspectBody>,
    /// With `includeText`, natal texts.
    natal_points: BTreeMap<&'static str, PointBody>,
    /// With `includeText`, natal texts.
    natal_angles: BTreeMap<&'static str, AngleBody>,
    charts: BTreeMap<&'static str, NamedChartLink>,
    /// The signed link to the AI summary of the progression.
    summary: crate::summary::link::SummaryLink,
}

#[tracing::instrument(name = "progressions", skip_all)]
pub async fn calculate_progressions(
    State(app): State<AppState>,
    caller: Caller,
    headers: HeaderMap,
    ApiJson(body): ApiJson<ProgressionsRequest>,
) -> ApiResult<Document<ProgressionsData>> {
    let mut problems = Problems::default();
    let place = parse_location(&body.birth_location, "/birthLocation", &mut problems);
    let birth = parse_instant(&body.birth_date_time, place.zone.as_ref(), &app.ephemeris, "/birthDateTime", &mut problems);
    let target_day = parse_day(&body.target_date, "/targetDate", &mut problems);
    let options = parse_common(&body.common_options(), &app.ephemeris, birth.map(|b| b.julian_day_ut()), &mut problems);
    let angles = match body.progressed_angles.as_deref() {
        None => ProgressedAngles::default(),
        Some(id) => ProgressedAngles::parse(id).unwrap_or_else(|| {
            problems.add("/progressedAngles", format!("unknown method '{id}'; valid: solar_arc, progressed_instant"));
            ProgressedAngles::default()
        }),
    };
    problems.into_result()?;
    let (Some(birth), Some(target_day), Some(zone)) = (birth, target_day, place.zone) else {
        return Err(ApiError::invalid_field("/birthDateTime", "the birth moment could not be placed in time"));
    };
    let noon = NaiveTime::from_hms_opt(12, 0, 0).unwrap_or_default();
    let target = local_time_on(target_day, noon, &zone, Repeated::Earlier)
        .ok_or_else(|| ApiError::invalid_field("/targetDate", "this day has no noon in the birth time zone"))?;
    // A target before birth progresses backwards, a day before birth for
    // each year before the target (the converse direction of the method).
    let target_instant = target.julian_day_ut();
    let natal_input = ChartInput {
        frame: options.frame,
        instant: birth.julian_day_ut(),
        latitude: place.latitude,
        longitude: place.longitude,
        house_system: options.house_system,
        moon_center: MoonCenter::default(),
        points: options.points.clone(),
        orbs: options.orbs.clone(),
    };
    let progression = progress(&app.ephemeris, &natal_input, target_instant, angles).map_err(|e| ephemeris_error(e, "/targetDate"))?;
    let readable = options.include_readable_entities.then_some(options.language);
    let progressed_texts = Texts::load(&app, &caller, HoroscopeType::Progressions, &options).await?;
    let natal_texts = Texts::load(&app, &caller, HoroscopeType::Natal, &options).await?;

    let mut meta = ChartMeta::new();
    meta.add_place("/birthLocation", &place);
    meta.add_chart(&progression.progressed);
    meta.add_chart(&progression.natal);
    meta.add_instant(&body.birth_date_time, &birth);

    let progressed_local = instant_text(progression.progressed_instant, &zone);
    let language = options.language;
    let natal_spec = InputSpec::of(&natal_input);
    let progressed_spec = ChartSpec::Progressed { i: natal_spec.clone(), at: target_instant.0, g: angles.id().to_owned() };
    let summary = summary_link(&app, &headers, &caller, HoroscopeType::Progressions, progressed_spec.clone(), &options)?;
    let charts = BTreeMap::from([
        (
            "progressed",
            LinkText::Progressed { target_date: &body.target_date }
                .link(language, chart_image_link(&app, &headers, &caller, progressed_spec, &options)?),
        ),
        (
            "natal",
            LinkText::ProgressionsNatal
                .link(language, chart_image_link(&app, &headers, &caller, ChartSpec::Natal { i: natal_spec }, &options)?),
        ),
    ]);
    let mut progressed = ChartBody::of(&progression.progressed, readable, progressed_texts.as_ref());
    progressed.aspects = aspects_body(&progression.progressed.aspects, readable, natal_texts.as_ref());
    let data = ProgressionsData {
        progressed_date: progressed_local,
        natal_date: format_local(birth.local()),
        target_date: format_local(target.local()),
        progressed,
        aspects_to_natal: aspects_body(&progression.aspects_to_natal, readable, progressed_texts.as_ref()),
        natal_points: points_body(&progression.natal.points, readable, natal_texts.as_ref()),
        natal_angles: angles_body(&progression.natal.angles, readable, natal_texts.as_ref()),
        charts,
        summary,
    };
    let document = Document::new(data)
        .with_meta("progressedAngles", angles.id())
        .with_meta("solarArc", progression.solar_arc)
        .with_meta("yearLengthDays", YEAR_DAYS)
        .with_meta("includeText", options.include_text);
    Ok(meta.finish(document, &options))
}

/// An instant as local time of `zone`.
pub fn instant_text(instant: JulianDay, zone: &shared::astro::time::TimeZoneSpec) -> String {
    match instant.to_utc() {
        Some(utc) => format_local(utc.with_timezone(&zone.offset_at(utc))),
        None => String::new(),
    }
}
