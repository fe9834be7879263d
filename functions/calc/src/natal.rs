//! POST /api/calc/natal

use axum::extract::State;
use axum::http::HeaderMap;
use serde::Serialize;
use shared::astro::analysis::Analysis;
use shared::astro::chart::{ChartInput, MoonCenter, NatalChart};
use shared::astro::frame::Perspective;
use shared::astro::stars::fixed_stars;
use shared::astro::time::{format_local, format_utc};
use shared::content::HoroscopeType;
use shared::http::{ApiError, ApiJson, ApiResult, AppState, Caller, Document};

use crate::chart_image::link::{ChartSpec, ImageLinks, InputSpec};
use crate::summary::link::SummaryLink;
use crate::wire::{
    ChartBody, ChartMeta, LocationBody, Problems, Texts, chart_image_link, chart_request, ephemeris_error, moon_center, parse_common,
    parse_instant, parse_location, summary_link,
};

chart_request! {
    pub struct NatalRequest {
        date_time: String,
        location: LocationBody,
        moon_center: Option<String>,
        include_analysis: Option<bool>,
        include_fixed_stars: Option<bool>,
    }
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct NatalData {
    date_time: String,
    utc_date_time: String,
    julian_day: f64,
    #[serde(flatten)]
    chart: ChartBody,
    #[serde(rename = "chart")]
    chart_link: ImageLinks,
    /// The signed link to this chart's AI summary.
    summary: SummaryLink,
    /// With `includeAnalysis`: balance, chart ruler, stelliums, dignities.
    #[serde(skip_serializing_if = "Option::is_none")]
    analysis: Option<Analysis>,
    /// With `includeFixedStars`: the listed stars and their conjunctions.
    #[serde(skip_serializing_if = "Option::is_none")]
    fixed_stars: Option<Vec<FixedStarBody>>,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct FixedStarBody {
    id: &'static str,
    name: &'static str,
    longitude: f64,
    latitude: f64,
    magnitude: f64,
    sign: &'static str,
    degrees_in_sign: f64,
    /// Points and angles within 1° of longitude.
    conjunctions: Vec<StarConjunction>,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct StarConjunction {
    point_id: &'static str,
    orb: f64,
}

#[tracing::instrument(name = "natal", skip_all)]
pub async fn calculate_natal(
    State(app): State<AppState>,
    caller: Caller,
    headers: HeaderMap,
    ApiJson(body): ApiJson<NatalRequest>,
) -> ApiResult<Document<NatalData>> {
    let mut problems = Problems::default();
    let place = parse_location(&body.location, "/location", &mut problems);
    let instant = parse_instant(&body.date_time, place.zone.as_ref(), &app.ephemeris, "/dateTime", &mut problems);
    let options = parse_common(&body.common_options(), &app.ephemeris, instant.map(|i| i.julian_day_ut()), &mut problems);
    let moon_center = moon_center(body.moon_center.as_deref(), &mut problems);
    if body.moon_center.is_some() && options.frame.perspective != Perspective::Geocentric {
        problems.add("/moonCenter", "moonCenter chooses the Moon's place in a geocentric chart; with another perspective leave it out");
    }
    problems.into_result()?;
    let instant = instant.ok_or_else(|| ApiError::invalid_field("/dateTime", "the date-time could not be placed in time"))?;

    let input = ChartInput {
        frame: options.frame,
        instant: instant.julian_day_ut(),
        latitude: place.latitude,
        longitude: place.longitude,
        house_system: options.house_system,
        moon_center,
        points: options.points.clone(),
        orbs: options.orbs.clone(),
    };
    let chart = NatalChart::compute(&app.ephemeris, &input).map_err(|e| ephemeris_error(e, "/dateTime"))?;
    let readable = options.include_readable_entities.then_some(options.language);
    let texts = Texts::load(&app, &caller, HoroscopeType::Natal, &options).await?;
    let fixed_stars = match body.include_fixed_stars {
        Some(true) => Some(
            fixed_stars(&app.ephemeris, input.instant, input.frame.zodiac, &chart)
                .map_err(|e| ephemeris_error(e, "/dateTime"))?
                .into_iter()
                .map(|star| FixedStarBody {
                    id: star.id,
                    name: star.name,
                    longitude: star.position.longitude,
                    latitude: star.position.latitude,
                    magnitude: star.magnitude,
                    sign: star.zodiac.sign.id(),
                    degrees_in_sign: star.zodiac.degrees_in_sign,
                    conjunctions: star.conjunctions.into_iter().map(|(point_id, orb)| StarConjunction { point_id, orb }).collect(),
                })
                .collect(),
        ),
        _ => None,
    };

    let mut meta = ChartMeta::new();
    meta.add_place("/location", &place);
    meta.add_chart(&chart);
    meta.add_instant(&body.date_time, &instant);

    let spec = ChartSpec::Natal { i: InputSpec::of(&input) };
    let summary = summary_link(&app, &headers, &caller, HoroscopeType::Natal, spec.clone(), &options)?;
    let chart_link = chart_image_link(&app, &headers, &caller, spec, &options)?;
    let data = NatalData {
        date_time: format_local(instant.local()),
        utc_date_time: format_utc(instant.utc),
        julian_day: instant.julian_day_ut().0,
        chart: ChartBody::of(&chart, readable, texts.as_ref()),
        chart_link,
        summary,
        analysis: body.include_analysis.unwrap_or(false).then(|| Analysis::of(&chart)),
        fixed_stars,
    };
    let document = Document::new(data)
        .with_meta(
            "moonCenter",
            match (options.frame.perspective, moon_center) {
                (Perspective::Heliocentric, _) => "heliocentric",
                (Perspective::Topocentric, _) | (Perspective::Geocentric, MoonCenter::Topocentric) => "topocentric",
                (Perspective::Geocentric, MoonCenter::Geocentric) => "geocentric",
            },
        )
        .with_meta("timezone", place.zone.map(|z| z.name()).unwrap_or_default())
        .with_meta("utcOffset", instant.offset.to_string());
    Ok(meta.finish(document, &options))
}
