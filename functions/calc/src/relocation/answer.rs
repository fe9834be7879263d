//! The relocation answer: the relocated chart (points with their new
//! houses, angles, houses, aspects), the houses each point moved between,
//! the angular points, the natal angles beside the new ones, the image link
//! and `meta`.

use std::collections::BTreeMap;

use serde::Serialize;
use shared::astro::chart::relocation::Relocation;
use shared::astro::time::format_local;
use shared::http::Document;
use shared::http::chart_link::ImageLinks;

use super::input::RelocationQuery;
use crate::answer::{AngleBody, ChartBody, ChartMeta, angles_body};
use crate::texts::Texts;

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RelocationData {
    natal_date: String,
    relocated_to: PlaceBody,
    /// The relocated chart.
    #[serde(flatten)]
    chart: ChartBody,
    /// The birth chart's angles at the birth place, for comparison.
    natal_angles: BTreeMap<&'static str, AngleBody>,
    /// Every point's house at birth and at the new place.
    house_changes: Vec<HouseChangeBody>,
    /// The points within the orb of a relocated angle, nearest first.
    angular: Vec<AngularBody>,
    /// The relocated chart's wheel.
    #[serde(rename = "chart")]
    chart_link: ImageLinks,
}

#[derive(Debug, Serialize)]
struct PlaceBody {
    latitude: f64,
    longitude: f64,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct HouseChangeBody {
    point: &'static str,
    natal_house: u8,
    relocated_house: u8,
    moved: bool,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct AngularBody {
    point: &'static str,
    angle: &'static str,
    /// The point's longitude minus the angle's, degrees (positive: past it).
    separation: f64,
    orb: f64,
}

pub fn present(
    query: &RelocationQuery,
    relocation: &Relocation,
    texts: Option<&Texts>,
    chart_link: ImageLinks,
) -> Document<RelocationData> {
    let options = &query.options;
    let readable = options.include_readable_entities.then_some(options.language);
    let mut meta = ChartMeta::new();
    meta.add_place("/birthLocation", &query.place);
    meta.add_place("/relocatedTo", &query.relocated_to);
    meta.add_chart(&relocation.relocated);
    // The birth place's chart gives the natal houses and angles: its warnings too.
    meta.add_chart(&relocation.natal);
    meta.add_instant(&query.birth_text, &query.birth);
    let data = RelocationData {
        natal_date: format_local(query.birth.local()),
        relocated_to: PlaceBody { latitude: query.relocated_to.latitude, longitude: query.relocated_to.longitude },
        chart: ChartBody::of(&relocation.relocated, readable, texts),
        natal_angles: angles_body(&relocation.natal.angles, readable, None),
        house_changes: relocation
            .houses
            .iter()
            .map(|m| HouseChangeBody {
                point: m.point.id(),
                natal_house: m.natal_house,
                relocated_house: m.relocated_house,
                moved: m.natal_house != m.relocated_house,
            })
            .collect(),
        angular: relocation
            .angular
            .iter()
            .map(|a| AngularBody { point: a.point.id(), angle: a.angle.id(), separation: a.separation, orb: a.separation.abs() })
            .collect(),
        chart_link,
    };
    let document = Document::new(data)
        .with_meta(
            "relocation",
            "the birth instant (UT) cast for the new place: houses and angles from its latitude and longitude, the planets' longitudes \
             unchanged (a topocentric Moon, or a topocentric perspective, is seen from the new place); texts, when asked, are the natal \
             texts for the new houses",
        )
        .with_meta("angularOrb", query.angular_orb)
        .with_meta(
            "angularRule",
            "a point is angular when its ecliptic longitude is within angularOrb of an angle's longitude; the Part of Fortune and the \
             Vertex, computed from the angles, are left out",
        );
    meta.finish(document, options)
}
