//! The composite answer: the chart, the Davison moment, the link, and `meta`.

use serde::Serialize;
use shared::astro::time::{JulianDay, format_utc};
use shared::http::chart_link::ImageLinks;
use shared::http::{ApiError, Document};

use super::input::CompositeQuery;
use super::usecase::CompositeReading;
use crate::answer::{ChartBody, ChartMeta};
use crate::texts::Texts;

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

pub fn present(
    query: &CompositeQuery,
    reading: &CompositeReading,
    texts: Option<&Texts>,
    chart_link: ImageLinks,
) -> Result<Document<CompositeData>, ApiError> {
    let davison = match &reading.davison {
        None => None,
        Some(input) => {
            let utc = JulianDay(input.instant.0).to_utc().ok_or_else(|| ApiError::internal("Davison instant out of range"))?;
            Some(DavisonMoment {
                utc_date_time: format_utc(utc),
                julian_day: input.instant.0,
                latitude: input.latitude,
                longitude: input.longitude,
            })
        }
    };
    let (options, (person1, person2)) = (&query.options, (&query.person1, &query.person2));
    let mut meta = ChartMeta::new();
    meta.add_place("/location1", &person1.place);
    meta.add_place("/location2", &person2.place);
    meta.add_chart(&reading.chart);
    meta.add_instant(&query.date_texts.0, &person1.instant);
    meta.add_instant(&query.date_texts.1, &person2.instant);
    let readable = options.include_readable_entities.then_some(options.language);
    let data = CompositeData { method: query.method.id(), davison, chart: ChartBody::of(&reading.chart, readable, texts), chart_link };
    Ok(meta.finish(Document::new(data), options))
}
