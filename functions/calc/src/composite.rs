//! POST /api/calc/composite: the relationship chart of two births, by
//! midpoints (`method: midpoint`, the default) or as the Davison chart of
//! the mean instant and place (`method: davison`). See
//! `shared::astro::chart::composite` for both methods.

use axum::extract::State;
use axum::http::HeaderMap;
use serde::Serialize;
use shared::astro::chart::NatalChart;
use shared::astro::chart::composite::{CompositeMethod, composite_chart, davison_input};
use shared::astro::time::{JulianDay, format_utc};
use shared::content::HoroscopeType;
use shared::http::{ApiError, ApiJson, ApiResult, AppState, Caller, Document};

use crate::answer::{ChartBody, ChartMeta};
use crate::chart_image::link::{ChartSpec, ImageLinks, InputSpec};
use crate::links::chart_image_link;
use crate::request::{LocationBody, Problems, chart_request, ephemeris_error, parse_common};
use crate::synastry::{Person, TwoBirths};
use crate::texts::Texts;

chart_request! {
    pub struct CompositeRequest {
        date_time1: String,
        location1: LocationBody,
        date_time2: String,
        location2: LocationBody,
        method: Option<String>,
    }
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DavisonMoment {
    /// The mean instant (UTC) and place the Davison chart is cast for.
    utc_date_time: String,
    julian_day: f64,
    latitude: f64,
    longitude: f64,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CompositeData {
    method: &'static str,
    /// With `method: davison`: when and where the chart is cast.
    #[serde(skip_serializing_if = "Option::is_none")]
    davison: Option<DavisonMoment>,
    /// With `includeText`: the natal texts (a relationship chart is read
    /// as the relationship's birth chart).
    #[serde(flatten)]
    chart: ChartBody,
    #[serde(rename = "chart")]
    chart_link: ImageLinks,
}

#[tracing::instrument(name = "composite", skip_all)]
pub async fn calculate_composite(
    State(app): State<AppState>,
    caller: Caller,
    headers: HeaderMap,
    ApiJson(body): ApiJson<CompositeRequest>,
) -> ApiResult<Document<CompositeData>> {
    let mut problems = Problems::default();
    let births = TwoBirths::parse(&app, (&body.date_time1, &body.location1), (&body.date_time2, &body.location2), &mut problems);
    let options = parse_common(&body.common_options(), &app.ephemeris, births.chiron_date(&app), &mut problems);
    let method = match body.method.as_deref() {
        None => CompositeMethod::default(),
        Some(id) => CompositeMethod::parse(id).unwrap_or_else(|| {
            problems.add("/method", format!("unknown method '{id}'; valid: midpoint, davison"));
            CompositeMethod::default()
        }),
    };
    problems.into_result()?;
    let (place1, place2) = (births.place1, births.place2);
    let (instant1, instant2) = births.instants()?;
    let first = Person { instant: instant1, place: &place1, date_pointer: "/dateTime1" }.chart_input(&options);
    let second = Person { instant: instant2, place: &place2, date_pointer: "/dateTime2" }.chart_input(&options);

    let (chart, davison): (NatalChart, Option<DavisonMoment>) = match method {
        CompositeMethod::Midpoint => {
            (composite_chart(&app.ephemeris, &first, &second).map_err(|e| ephemeris_error(e, "/dateTime1"))?, None)
        }
        CompositeMethod::Davison => {
            let input = davison_input(&first, &second);
            let chart = NatalChart::compute(&app.ephemeris, &input).map_err(|e| ephemeris_error(e, "/dateTime1"))?;
            let utc = JulianDay(input.instant.0).to_utc().ok_or_else(|| ApiError::internal("Davison instant out of range"))?;
            let moment = DavisonMoment {
                utc_date_time: format_utc(utc),
                julian_day: input.instant.0,
                latitude: input.latitude,
                longitude: input.longitude,
            };
            (chart, Some(moment))
        }
    };
    let readable = options.include_readable_entities.then_some(options.language);
    let texts = Texts::load(&app, &caller, HoroscopeType::Natal, &options).await?;

    let mut meta = ChartMeta::new();
    meta.add_place("/location1", &place1);
    meta.add_place("/location2", &place2);
    meta.add_chart(&chart);
    meta.add_instant(&body.date_time1, &instant1);
    meta.add_instant(&body.date_time2, &instant2);

    let m = if method == CompositeMethod::Davison { 'd' } else { 'm' };
    let spec = ChartSpec::Composite { i: InputSpec::of(&first), o: InputSpec::of(&second), m };
    let data = CompositeData {
        method: method.id(),
        davison,
        chart: ChartBody::of(&chart, readable, texts.as_ref()),
        chart_link: chart_image_link(&app, &headers, &caller, spec, &options)?,
    };
    Ok(meta.finish(Document::new(data), &options))
}
