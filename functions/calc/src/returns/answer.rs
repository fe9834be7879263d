//! The return answers: the return chart at its instant, the links, and `meta`.

use std::collections::BTreeMap;

use serde::Serialize;
use shared::astro::analysis::Analysis;
use shared::astro::time::format_utc;
use shared::http::chart_link::ImageLinks;
use shared::http::{ApiError, Document};

use super::input::{ReturnQuery, Returning};
use super::usecase::ReturnReading;
use crate::answer::{ChartBody, ChartMeta, DeclinationsBody, LinkText, MidpointsBody, NamedChartLink, local_instant_text};
use crate::summary::link::SummaryLink;
use crate::texts::Texts;

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
    summary: SummaryLink,
    /// With `includeAnalysis`: the return chart's balance and dignities.
    #[serde(skip_serializing_if = "Option::is_none")]
    analysis: Option<Analysis>,
    /// With `includeDeclinations`, of the return chart.
    #[serde(skip_serializing_if = "Option::is_none")]
    declinations: Option<DeclinationsBody>,
    /// With `includeMidpoints`, of the return chart.
    #[serde(skip_serializing_if = "Option::is_none")]
    midpoints: Option<MidpointsBody>,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SolarReturnData {
    return_year: i32,
    #[serde(flatten)]
    found: ReturnChart,
}

/// The answer's image links: the return's bi-wheel and the natal chart.
pub struct ReturnImages {
    pub returned: ImageLinks,
    pub natal: ImageLinks,
}

/// The return chart and everything said about it, with the return type's
/// texts when asked for.
fn found(
    query: &ReturnQuery,
    reading: &ReturnReading,
    texts: Option<&Texts>,
    images: ReturnImages,
    summary: SummaryLink,
) -> Result<(ReturnChart, ChartMeta), ApiError> {
    let utc = reading.at.to_utc().ok_or_else(|| ApiError::internal("return instant out of range"))?;
    let zone = query.chart_place.zone.ok_or_else(|| ApiError::internal("a parsed place without a zone"))?;
    let mut meta = ChartMeta::new();
    meta.add_chart(&reading.chart);
    meta.add_instant(&query.birth_text, &query.birth);
    meta.add_place("/birthLocation", &query.birth_place);
    if query.chart_place_given {
        meta.add_place("/returnLocation", &query.chart_place);
    }
    let language = query.options.language;
    let (kind, text) = match &query.returning {
        Returning::Solar { year } => ("solarReturn", LinkText::SolarReturn { year: *year }),
        Returning::Lunar { from_date, .. } => ("lunarReturn", LinkText::LunarReturn { from: from_date }),
    };
    let charts =
        BTreeMap::from([(kind, text.link(language, images.returned)), ("natal", LinkText::ReturnNatal.link(language, images.natal))]);
    let readable = query.options.include_readable_entities.then_some(language);
    let found = ReturnChart {
        return_date: local_instant_text(reading.at, &zone),
        return_date_utc: format_utc(utc),
        return_julian_day: reading.at.0,
        chart: ChartBody::of(&reading.chart, readable, texts),
        charts,
        summary,
        analysis: query.include_analysis.then(|| Analysis::of(&reading.chart)),
        declinations: reading.extras.declinations.as_ref().map(DeclinationsBody::of),
        midpoints: reading.extras.midpoints.as_ref().map(MidpointsBody::of),
    };
    Ok((found, meta))
}

pub fn present_solar(
    query: &ReturnQuery,
    reading: &ReturnReading,
    texts: Option<&Texts>,
    images: ReturnImages,
    summary: SummaryLink,
) -> Result<Document<SolarReturnData>, ApiError> {
    let (found, meta) = found(query, reading, texts, images, summary)?;
    let return_year = match query.returning {
        Returning::Solar { year } => year,
        Returning::Lunar { .. } => return Err(ApiError::internal("a lunar return presented as a solar one")),
    };
    let document = Document::new(SolarReturnData { return_year, found })
        .with_meta("natalSunLongitude", reading.natal_longitude)
        .with_meta("moonCenter", "geocentric");
    Ok(meta.finish(document, &query.options))
}

pub fn present_lunar(
    query: &ReturnQuery,
    reading: &ReturnReading,
    texts: Option<&Texts>,
    images: ReturnImages,
    summary: SummaryLink,
) -> Result<Document<ReturnChart>, ApiError> {
    let (found, meta) = found(query, reading, texts, images, summary)?;
    let document = Document::new(found).with_meta("natalMoonLongitude", reading.natal_longitude).with_meta("moonCenter", "geocentric");
    Ok(meta.finish(document, &query.options))
}
