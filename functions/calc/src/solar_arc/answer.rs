//! The solar arc answer: the arc, the directed points and angles, the natal
//! ones, the directed-to-natal aspects, and `meta`.

use std::collections::BTreeMap;

use serde::Serialize;
use shared::astro::aspect::Aspect;
use shared::astro::chart::solar_arc::{NAIBOD_DEGREES_PER_YEAR, SolarArcDirections, TROPICAL_YEAR_DAYS};
use shared::astro::house::house_of;
use shared::astro::point::{ChartPoint, PointId};
use shared::astro::time::format_local;
use shared::astro::zodiac::ZodiacPosition;
use shared::http::Document;
use shared::language::Language;

use super::input::SolarArcQuery;
use crate::answer::{AngleBody, ChartMeta, PointBody, angles_body, points_body};
use crate::texts::Texts;

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SolarArcData {
    natal_date: String,
    target_date: String,
    /// Years of life at the target: (target − birth) / 365.2422 days.
    age: f64,
    /// Degrees every point and angle moved.
    arc: f64,
    arc_method: &'static str,
    /// Natal longitude + arc, with the natal house each falls in.
    directed_points: BTreeMap<&'static str, DirectedBody>,
    directed_angles: BTreeMap<&'static str, AngleBody>,
    /// With `includeText`, natal texts.
    natal_points: BTreeMap<&'static str, PointBody>,
    natal_angles: BTreeMap<&'static str, AngleBody>,
    /// Directed point to natal point, tightest first.
    aspects: Vec<DirectedAspectBody>,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DirectedBody {
    point_id: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    name: Option<&'static str>,
    longitude: f64,
    degrees_in_sign: f64,
    degrees_in_sign_dms: [u32; 3],
    sign: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    sign_name: Option<&'static str>,
    /// The natal house the directed point falls in.
    natal_house: u8,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DirectedAspectBody {
    /// The directed point or angle.
    directed: &'static str,
    /// The natal point or angle it reaches.
    natal: &'static str,
    aspect: &'static str,
    angle: f64,
    separation: f64,
    orb: f64,
    /// True while the arc still closes the orb.
    applying: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    directed_name: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    natal_name: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    aspect_name: Option<&'static str>,
}

fn name_of(language: Language, point: ChartPoint) -> &'static str {
    match point {
        ChartPoint::Point(point) => language.point_name(point),
        ChartPoint::Angle(angle) => language.angle_name(angle),
    }
}

fn directed_body(point: PointId, longitude: f64, cusps: &[f64; 12], readable: Option<Language>) -> DirectedBody {
    let zodiac = ZodiacPosition::of(longitude);
    DirectedBody {
        point_id: point.id(),
        name: readable.map(|l| l.point_name(point)),
        longitude,
        degrees_in_sign: zodiac.degrees_in_sign,
        degrees_in_sign_dms: zodiac.dms,
        sign: zodiac.sign.id(),
        sign_name: readable.map(|l| l.sign_name(zodiac.sign)),
        natal_house: house_of(longitude, cusps),
    }
}

fn aspect_body(aspect: &Aspect<ChartPoint>, readable: Option<Language>) -> DirectedAspectBody {
    DirectedAspectBody {
        directed: aspect.point_a.id(),
        natal: aspect.point_b.id(),
        aspect: aspect.kind.id(),
        angle: aspect.kind.angle(),
        separation: aspect.separation,
        orb: aspect.orb,
        applying: aspect.applying,
        directed_name: readable.map(|l| name_of(l, aspect.point_a)),
        natal_name: readable.map(|l| name_of(l, aspect.point_b)),
        aspect_name: readable.map(|l| l.aspect_name(aspect.kind)),
    }
}

pub fn present(query: &SolarArcQuery, directions: &SolarArcDirections, natal_texts: Option<&Texts>) -> Document<SolarArcData> {
    let options = &query.options;
    let readable = options.include_readable_entities.then_some(options.language);
    let natal = &directions.natal;
    let mut meta = ChartMeta::new();
    meta.add_place("/birthLocation", &query.place);
    meta.add_chart(natal);
    meta.add_instant(&query.birth_text, &query.birth);

    let mut aspects: Vec<_> = directions.aspects.iter().map(|a| aspect_body(a, readable)).collect();
    aspects.sort_by(|a, b| a.orb.total_cmp(&b.orb));
    let data = SolarArcData {
        natal_date: format_local(query.birth.local()),
        target_date: format_local(query.target.local()),
        age: directions.years,
        arc: directions.arc,
        arc_method: directions.method.id(),
        directed_points: directions
            .directed_points
            .iter()
            .map(|&(point, longitude)| (point.id(), directed_body(point, longitude, &natal.houses.cusps, readable)))
            .collect(),
        directed_angles: angles_body(&directions.directed_angles, readable, None),
        natal_points: points_body(&natal.points, readable, natal_texts),
        natal_angles: angles_body(&natal.angles, readable, natal_texts),
        aspects,
    };
    let document = Document::new(data)
        .with_meta("arcMethod", directions.method.id())
        .with_meta("yearLengthDays", TROPICAL_YEAR_DAYS)
        .with_meta("naibodDegreesPerYear", NAIBOD_DEGREES_PER_YEAR)
        .with_meta("targetTime", "a targetDate without a time is local noon in the birth time zone")
        .with_meta("aspectAngles", "the ascendant and midheaven; an aspect to the descendant or imum coeli is the opposite aspect to them")
        .with_meta("includeText", options.include_text);
    meta.finish(document, options)
}
