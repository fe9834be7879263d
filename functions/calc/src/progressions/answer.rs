//! The progressions answer: the progressed chart, its contacts to the natal
//! one, the natal points, the links, and `meta`.

use std::collections::BTreeMap;

use serde::Serialize;
use shared::astro::chart::progression::YEAR_DAYS;
use shared::astro::time::format_local;
use shared::http::Document;
use shared::http::chart_link::ImageLinks;

use super::input::ProgressionsQuery;
use super::usecase::ProgressionsReading;
use crate::answer::{
    AngleBody, AspectBody, ChartBody, ChartMeta, LinkText, NamedChartLink, PointBody, angles_body, aspects_body, local_instant_text,
    points_body,
};
use crate::summary::link::SummaryLink;
use crate::texts::Texts;

/// The texts of a progressions answer with `includeText`.
pub struct ProgressionsTexts {
    pub progressed: Option<Texts>,
    pub natal: Option<Texts>,
}

/// The answer's image links.
pub struct ProgressionsImages {
    pub progressed: ImageLinks,
    pub natal: ImageLinks,
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
    summary: SummaryLink,
}

pub fn present(
    query: &ProgressionsQuery,
    reading: &ProgressionsReading,
    texts: &ProgressionsTexts,
    images: ProgressionsImages,
    summary: SummaryLink,
) -> Document<ProgressionsData> {
    let (options, progression) = (&query.options, &reading.progression);
    let mut meta = ChartMeta::new();
    meta.add_place("/birthLocation", &query.place);
    meta.add_chart(&progression.progressed);
    meta.add_chart(&progression.natal);
    meta.add_instant(&query.birth_text, &query.birth);

    let readable = options.include_readable_entities.then_some(options.language);
    let language = options.language;
    let charts = BTreeMap::from([
        ("progressed", LinkText::Progressed { target_date: &query.target_date }.link(language, images.progressed)),
        ("natal", LinkText::ProgressionsNatal.link(language, images.natal)),
    ]);
    let (progressed_texts, natal_texts) = (texts.progressed.as_ref(), texts.natal.as_ref());
    let mut progressed = ChartBody::of(&progression.progressed, readable, progressed_texts);
    progressed.aspects = aspects_body(&progression.progressed.aspects, readable, natal_texts);
    let data = ProgressionsData {
        progressed_date: local_instant_text(progression.progressed_instant, &query.zone),
        natal_date: format_local(query.birth.local()),
        target_date: format_local(query.target.local()),
        progressed,
        aspects_to_natal: aspects_body(&progression.aspects_to_natal, readable, progressed_texts),
        natal_points: points_body(&progression.natal.points, readable, natal_texts),
        natal_angles: angles_body(&progression.natal.angles, readable, natal_texts),
        charts,
        summary,
    };
    let document = Document::new(data)
        .with_meta("progressedAngles", query.angles.id())
        .with_meta("solarArc", progression.solar_arc)
        .with_meta("yearLengthDays", YEAR_DAYS)
        .with_meta("includeText", options.include_text);
    meta.finish(document, options)
}
