//! The harmonic chart answer: the chart (points, angles, equal houses from
//! the harmonic ascendant, aspects), its image links, and `meta`.

use serde::Serialize;
use shared::astro::time::format_local;
use shared::http::Document;
use shared::http::chart_link::ImageLinks;

use super::input::HarmonicQuery;
use super::usecase::HarmonicReading;
use crate::answer::{ChartBody, ChartMeta};

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct HarmonicData {
    natal_date: String,
    harmonic: u16,
    #[serde(flatten)]
    chart: ChartBody,
    #[serde(rename = "chart")]
    chart_link: ImageLinks,
}

pub fn present(query: &HarmonicQuery, reading: &HarmonicReading, chart_link: ImageLinks) -> Document<HarmonicData> {
    let options = &query.options;
    let readable = options.include_readable_entities.then_some(options.language);
    let mut meta = ChartMeta::new();
    meta.add_place("/birthLocation", &query.place);
    meta.add_chart(&reading.natal);
    meta.add_instant(&query.birth_text, &query.birth);
    let data = HarmonicData {
        natal_date: format_local(query.birth.local()),
        harmonic: query.harmonic,
        chart: ChartBody::of(&reading.harmonic, readable, None),
        chart_link,
    };
    let document = Document::new(data)
        .with_meta("harmonicRule", "every point's and angle's longitude × harmonic, modulo 360° (John Addey's harmonics)")
        .with_meta(
            "harmonicHouses",
            "equal houses from the harmonic ascendant; the natal houses' system (meta.houseSystem) places the natal angles only",
        )
        .with_meta("harmonicSpeeds", "speeds × harmonic, so that applying and separating keep their sense");
    meta.finish(document, options)
}
