//! POST /api/calc/natal

use std::collections::BTreeMap;

use axum::extract::State;
use axum::http::HeaderMap;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use shared::astro::chart::{ChartInput, NatalChart};
use shared::astro::ephemeris::EphemerisError;
use shared::astro::time::{format_local, format_utc};
use shared::http::{ApiError, ApiJson, ApiResult, AppState, Caller, Document};

use crate::wire::{
    AngleBody, AspectBody, ChartLink, CommonOptionsBody, HouseLongitude, HousesBody, LocationBody, PointBody, Problems, moon_center,
    parse_common, parse_instant, parse_location,
};

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct NatalRequest {
    date_time: String,
    location: LocationBody,
    moon_center: Option<String>,
    house_system: Option<String>,
    language: Option<String>,
    include_text: Option<bool>,
    include_readable_entities: Option<bool>,
    points: Option<Vec<String>>,
    orbs: Option<BTreeMap<String, f64>>,
}

impl NatalRequest {
    fn common_options(&self) -> CommonOptionsBody {
        CommonOptionsBody {
            house_system: self.house_system.clone(),
            language: self.language.clone(),
            include_text: self.include_text,
            include_readable_entities: self.include_readable_entities,
            points: self.points.clone(),
            orbs: self.orbs.clone(),
        }
    }
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct NatalData {
    date_time: String,
    utc_date_time: String,
    julian_day: f64,
    aspects: Vec<AspectBody>,
    points: BTreeMap<&'static str, PointBody>,
    angles: BTreeMap<&'static str, AngleBody>,
    houses: HousesBody,
    chart: ChartLink,
}

#[tracing::instrument(name = "natal", skip_all)]
pub async fn calculate_natal(
    State(app): State<AppState>,
    _caller: Caller,
    headers: HeaderMap,
    ApiJson(body): ApiJson<NatalRequest>,
) -> ApiResult<Document<NatalData>> {
    let mut problems = Problems::default();
    let place = parse_location(&body.location, "/location", &mut problems);
    let instant = parse_instant(&body.date_time, place.zone.as_ref(), &app.ephemeris, "/dateTime", &mut problems);
    let options = parse_common(&body.common_options(), &app.ephemeris, instant.map(|i| i.julian_day_ut()), &mut problems);
    let moon_center = moon_center(body.moon_center.as_deref(), &mut problems);
    problems.into_result()?;
    let instant = instant.ok_or_else(|| ApiError::invalid_field("/dateTime", "the date-time could not be placed in time"))?;

    let input = ChartInput {
        instant: instant.julian_day_ut(),
        latitude: place.latitude,
        longitude: place.longitude,
        house_system: options.house_system,
        moon_center,
        points: options.points.clone(),
        orbs: options.orbs.clone(),
    };
    let chart = NatalChart::compute(&app.ephemeris, &input).map_err(ephemeris_error)?;
    let readable = options.include_readable_entities.then_some(options.language);

    let points = chart
        .points
        .iter()
        .map(|p| {
            (
                p.point.id(),
                PointBody {
                    point_id: p.point.id(),
                    name: readable.map(|l| l.point_name(p.point)),
                    longitude: p.position.longitude,
                    latitude: p.position.latitude,
                    distance: p.position.distance,
                    speed_longitude: p.position.speed_longitude,
                    speed_latitude: p.position.speed_latitude,
                    speed_distance: p.position.speed_distance,
                    retrograde: p.retrograde,
                    house_id: format!("house_{}", p.house),
                    house_number: p.house,
                    degrees_in_sign: p.zodiac.degrees_in_sign,
                    degrees_in_sign_dms: p.zodiac.dms,
                    sign: p.zodiac.sign.id(),
                    sign_name: readable.map(|l| l.sign_name(p.zodiac.sign)),
                },
            )
        })
        .collect();
    let angles = chart
        .angles
        .iter()
        .map(|&(angle, longitude)| {
            let zodiac = shared::astro::zodiac::ZodiacPosition::of(longitude);
            (
                angle.id(),
                AngleBody {
                    point_id: angle.id(),
                    name: readable.map(|l| l.angle_name(angle)),
                    longitude,
                    degrees_in_sign: zodiac.degrees_in_sign,
                    degrees_in_sign_dms: zodiac.dms,
                    sign: zodiac.sign.id(),
                    sign_name: readable.map(|l| l.sign_name(zodiac.sign)),
                },
            )
        })
        .collect();
    let houses = HousesBody {
        cusps: chart.houses.cusps.iter().map(|&c| HouseLongitude::of(c, readable)).collect(),
        ascmc: [chart.houses.ascendant, chart.houses.midheaven, chart.houses.armc, chart.houses.vertex]
            .iter()
            .map(|&c| HouseLongitude::of(c, readable))
            .collect(),
    };

    let mut warnings: Vec<String> = chart.warnings.iter().map(ToString::to_string).collect();
    if let Some(ambiguity) = instant.ambiguity {
        warnings.push(format!(
            "the local time {} occurs twice (clocks were set back); the earlier instant (UTC offset {}) was used, not the later one ({})",
            body.date_time, ambiguity.chosen_offset, ambiguity.other_offset
        ));
    }
    if options.include_text {
        warnings.push("interpretation texts are not available yet on this server; no text fields were added".into());
    }

    let chart_url = chart_link(&app, &headers, &body, &options);
    let data = NatalData {
        date_time: format_local(instant.local()),
        utc_date_time: format_utc(instant.utc),
        julian_day: instant.julian_day_ut().0,
        aspects: chart.aspects.iter().map(|a| AspectBody::from_aspect(a, readable)).collect(),
        points,
        angles,
        houses,
        chart: ChartLink { url: chart_url },
    };
    // Any position from the Moshier ephemeris makes the chart a Moshier chart.
    let ephemeris = if chart.sources.contains(&shared::astro::EphemerisSource::Moshier) { "moshier" } else { "swiss_files" };
    Ok(Document::new(data)
        .with_meta("houseSystem", chart.houses.system_used.id())
        .with_meta("requestedHouseSystem", options.house_system.id())
        .with_meta("moonCenter", if moon_center == shared::astro::chart::MoonCenter::Geocentric { "geocentric" } else { "topocentric" })
        .with_meta("timezone", place.zone.map(|z| z.name()).unwrap_or_default())
        .with_meta("utcOffset", instant.offset.to_string())
        .with_meta("ephemeris", ephemeris)
        .with_meta("language", options.language.code())
        .with_meta("warnings", Value::from(warnings)))
}

pub fn ephemeris_error(error: EphemerisError) -> ApiError {
    match error {
        EphemerisError::OutOfRange => ApiError::invalid_field("/dateTime", error.to_string()),
        EphemerisError::ChironUnavailable | EphemerisError::ChironOutOfRange => ApiError::invalid_field("/points", error.to_string()),
        EphemerisError::Setup(_) | EphemerisError::Computation(_) => ApiError::internal(error),
    }
}

/// A signed link to the chart image carrying the whole chart request.
fn chart_link(app: &AppState, headers: &HeaderMap, body: &NatalRequest, options: &crate::wire::CommonOptions) -> String {
    let mut params: Vec<(&str, String)> = vec![
        ("dateTime", body.date_time.clone()),
        ("latitude", body.location.latitude.to_string()),
        ("longitude", body.location.longitude.to_string()),
        ("timezone", body.location.timezone.clone()),
        ("houseSystem", options.house_system.id().to_owned()),
        ("points", options.points.iter().map(|p| p.id()).collect::<Vec<_>>().join(",")),
        ("orbs", options.orbs.entries().iter().map(|(k, o)| format!("{}:{o}", k.id())).collect::<Vec<_>>().join(",")),
    ];
    if let Some(center) = &body.moon_center {
        params.push(("moonCenter", center.clone()));
    }
    let expires = chrono::Utc::now().timestamp() + app.config.chart_link_ttl_seconds;
    let path_and_query = app.signer.sign("/api/chart/image.svg", &params, expires);
    format!("{}{path_and_query}", base_url(app, headers))
}

pub fn base_url(app: &AppState, headers: &HeaderMap) -> String {
    if let Some(base) = &app.config.public_base_url {
        return base.clone();
    }
    let host = headers
        .get("host")
        .and_then(|h| h.to_str().ok())
        .filter(|h| h.chars().all(|c| c.is_ascii_alphanumeric() || ".-:[]".contains(c)))
        .unwrap_or("localhost");
    let scheme = headers.get("x-forwarded-proto").and_then(|h| h.to_str().ok()).filter(|s| *s == "https" || *s == "http").unwrap_or("http");
    format!("{scheme}://{host}")
}
