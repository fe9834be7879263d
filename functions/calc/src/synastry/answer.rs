//! The synastry answer: the aspects both ways, both people's points, the
//! links, and `meta`.

use std::collections::BTreeMap;

use serde::Serialize;
use shared::http::Document;
use shared::http::chart_link::ImageLinks;

use super::input::SynastryQuery;
use super::usecase::Synastry;
use crate::answer::{AspectBody, ChartMeta, LinkText, NamedChartLink, PointBody, aspects_body, points_body};
use crate::summary::link::SummaryLink;
use crate::texts::Texts;

/// The texts of a synastry answer with `includeText`.
pub struct SynastryTexts {
    pub synastry: Option<Texts>,
    pub natal: Option<Texts>,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SynastryData {
    /// With `includeText`, synastry texts (in both directions the text of
    /// the pair, which does not depend on who leads).
    aspects1to2: Vec<AspectBody>,
    aspects2to1: Vec<AspectBody>,
    /// With `includeText`, natal texts.
    points1: BTreeMap<&'static str, PointBody>,
    points2: BTreeMap<&'static str, PointBody>,
    charts: BTreeMap<&'static str, NamedChartLink>,
    /// The signed link to the AI summary of the pair (person 1 leading).
    summary: SummaryLink,
}

pub fn present(
    query: &SynastryQuery,
    synastry: &Synastry,
    texts: &SynastryTexts,
    images: (ImageLinks, ImageLinks),
    summary: SummaryLink,
) -> Document<SynastryData> {
    let (options, (person1, person2)) = (&query.options, (&query.person1, &query.person2));
    let mut meta = ChartMeta::new();
    meta.add_place("/location1", &person1.place);
    meta.add_place("/location2", &person2.place);
    meta.add_chart(&synastry.chart1);
    meta.add_chart(&synastry.chart2);
    meta.add_instant(&query.date_texts.0, &person1.instant);
    meta.add_instant(&query.date_texts.1, &person2.instant);

    let readable = options.include_readable_entities.then_some(options.language);
    let (synastry_texts, natal_texts) = (texts.synastry.as_ref(), texts.natal.as_ref());
    let data = SynastryData {
        summary,
        aspects1to2: aspects_body(&synastry.aspects1to2, readable, synastry_texts),
        aspects2to1: aspects_body(&synastry.aspects2to1, readable, synastry_texts),
        points1: points_body(&synastry.chart1.points, readable, natal_texts),
        points2: points_body(&synastry.chart2.points, readable, natal_texts),
        charts: BTreeMap::from([
            ("person1", LinkText::Person(1).link(options.language, images.0)),
            ("person2", LinkText::Person(2).link(options.language, images.1)),
        ]),
    };
    meta.finish(Document::new(data), options)
}
