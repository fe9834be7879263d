//! The natal answer: the chart with its texts and links, and `meta`.

use serde::Serialize;
use shared::astro::analysis::Analysis;
use shared::astro::chart::MoonCenter;
use shared::astro::frame::Perspective;
use shared::astro::stars::StarPlacement;
use shared::astro::time::{format_local, format_utc};
use shared::http::Document;
use shared::http::chart_link::ImageLinks;

use super::input::NatalQuery;
use super::usecase::NatalReading;
use crate::answer::{ChartBody, ChartMeta, DeclinationsBody, MidpointsBody};
use crate::summary::link::SummaryLink;
use crate::texts::Texts;

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
    /// With `includeDeclinations`.
    #[serde(skip_serializing_if = "Option::is_none")]
    declinations: Option<DeclinationsBody>,
    /// With `includeMidpoints`.
    #[serde(skip_serializing_if = "Option::is_none")]
    midpoints: Option<MidpointsBody>,
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

impl FixedStarBody {
    fn of(star: StarPlacement) -> Self {
        Self {
            id: star.id,
            name: star.name,
            longitude: star.position.longitude,
            latitude: star.position.latitude,
            magnitude: star.magnitude,
            sign: star.zodiac.sign.id(),
            degrees_in_sign: star.zodiac.degrees_in_sign,
            conjunctions: star.conjunctions.into_iter().map(|(point_id, orb)| StarConjunction { point_id, orb }).collect(),
        }
    }
}

pub fn present(
    query: &NatalQuery,
    reading: NatalReading,
    texts: Option<&Texts>,
    chart_link: ImageLinks,
    summary: SummaryLink,
) -> Document<NatalData> {
    let (options, instant, chart) = (&query.options, &query.instant, &reading.chart);
    let mut meta = ChartMeta::new();
    meta.add_place("/location", &query.place);
    meta.add_chart(chart);
    meta.add_instant(&query.date_time, instant);
    let readable = options.include_readable_entities.then_some(options.language);
    let data = NatalData {
        date_time: format_local(instant.local()),
        utc_date_time: format_utc(instant.utc),
        julian_day: instant.julian_day_ut().0,
        chart: ChartBody::of(chart, readable, texts),
        chart_link,
        summary,
        analysis: reading.analysis,
        fixed_stars: reading.fixed_stars.map(|stars| stars.into_iter().map(FixedStarBody::of).collect()),
        declinations: reading.extras.declinations.as_ref().map(DeclinationsBody::of),
        midpoints: reading.extras.midpoints.as_ref().map(MidpointsBody::of),
    };
    let document = Document::new(data)
        .with_meta(
            "moonCenter",
            match (options.frame.perspective, query.moon_center) {
                (Perspective::Heliocentric, _) => "heliocentric",
                (Perspective::Topocentric, _) | (Perspective::Geocentric, MoonCenter::Topocentric) => "topocentric",
                (Perspective::Geocentric, MoonCenter::Geocentric) => "geocentric",
            },
        )
        .with_meta("timezone", query.place.zone.map(|z| z.name()).unwrap_or_default())
        .with_meta("utcOffset", instant.offset.to_string());
    meta.finish(document, options)
}
