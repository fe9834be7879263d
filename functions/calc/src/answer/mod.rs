//! Response shapes shared by the calc endpoints: a chart's points, angles,
//! houses and aspects (each with its text when asked), the `meta` every
//! chart answer carries, and the titles of its chart links.

mod declination;
mod meta;
mod titles;

pub use declination::{DeclinationsBody, MidpointsBody};
pub use meta::ChartMeta;
pub use titles::{LinkText, NamedChartLink};

use std::collections::BTreeMap;

use serde::Serialize;
use shared::astro::aspect::Aspect;
use shared::astro::chart::{NatalChart, PointPlacement};
use shared::astro::ephemeris::HouseCusps;
use shared::astro::point::{AngleId, PointId};
use shared::astro::time::{JulianDay, TimeZoneSpec, format_local};
use shared::astro::zodiac::{ZodiacPosition, dms};
use shared::content::AspectTarget;
use shared::language::Language;

use crate::texts::Texts;

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PointBody {
    pub point_id: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<&'static str>,
    pub longitude: f64,
    pub latitude: f64,
    pub distance: f64,
    pub speed_longitude: f64,
    pub speed_latitude: f64,
    pub speed_distance: f64,
    pub retrograde: bool,
    pub house_id: String,
    pub house_number: u8,
    pub degrees_in_sign: f64,
    pub degrees_in_sign_dms: [u32; 3],
    pub sign: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sign_name: Option<&'static str>,
    /// With `includeText`: the interpretation of this point in its sign.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    /// With `includeText`: the interpretation of this point in its house.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub house_text: Option<String>,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AngleBody {
    pub point_id: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<&'static str>,
    pub longitude: f64,
    pub degrees_in_sign: f64,
    pub degrees_in_sign_dms: [u32; 3],
    pub sign: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sign_name: Option<&'static str>,
    /// With `includeText`: the interpretation of this angle in its sign.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AspectBody {
    pub point_a: &'static str,
    pub point_b: &'static str,
    pub aspect: &'static str,
    /// The aspect's exact angle (120 for a trine).
    pub angle: f64,
    /// The actual angular distance between the two points.
    pub separation: f64,
    pub orb: f64,
    pub applying: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub point_a_name: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub point_b_name: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub aspect_name: Option<&'static str>,
    /// With `includeText`: the interpretation of this aspect.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
}

impl AspectBody {
    /// `texts`: the texts of the aspect's horoscope type (`pointA` is the
    /// moving point for transits and progressions).
    pub fn from_aspect(aspect: &Aspect<PointId>, readable: Option<Language>, texts: Option<&Texts>) -> Self {
        Self {
            point_a: aspect.point_a.id(),
            point_b: aspect.point_b.id(),
            aspect: aspect.kind.id(),
            angle: aspect.kind.angle(),
            separation: aspect.separation,
            orb: aspect.orb,
            applying: aspect.applying,
            point_a_name: readable.map(|l| l.point_name(aspect.point_a)),
            point_b_name: readable.map(|l| l.point_name(aspect.point_b)),
            aspect_name: readable.map(|l| l.aspect_name(aspect.kind)),
            text: texts.and_then(|t| t.aspect(aspect.point_a, aspect.kind, AspectTarget::Point(aspect.point_b))),
        }
    }
}

/// The aspects of a list, each with its text from `texts`.
pub fn aspects_body(aspects: &[Aspect<PointId>], readable: Option<Language>, texts: Option<&Texts>) -> Vec<AspectBody> {
    aspects.iter().map(|a| AspectBody::from_aspect(a, readable, texts)).collect()
}

#[derive(Debug, Serialize)]
pub struct LongitudeDms {
    pub degrees: u32,
    pub minutes: u32,
    pub seconds: u32,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct HouseLongitude {
    pub longitude: f64,
    pub longitude_dms: LongitudeDms,
    pub sign: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sign_name: Option<&'static str>,
}

impl HouseLongitude {
    pub fn of(longitude: f64, readable: Option<Language>) -> Self {
        let [degrees, minutes, seconds] = dms(longitude);
        let sign = ZodiacPosition::of(longitude).sign;
        Self {
            longitude,
            longitude_dms: LongitudeDms { degrees, minutes, seconds },
            sign: sign.id(),
            sign_name: readable.map(|l| l.sign_name(sign)),
        }
    }
}

#[derive(Debug, Serialize)]
pub struct HousesBody {
    pub cusps: Vec<HouseLongitude>,
    /// ascendant, midheaven, armc, vertex.
    pub ascmc: Vec<HouseLongitude>,
}

/// Points, angles, houses and aspects of one chart, as every chart endpoint
/// shows them.
#[derive(Debug, Serialize)]
pub struct ChartBody {
    pub aspects: Vec<AspectBody>,
    pub points: BTreeMap<&'static str, PointBody>,
    pub angles: BTreeMap<&'static str, AngleBody>,
    pub houses: HousesBody,
}

impl ChartBody {
    /// Every part of the chart with its text from `texts` (one horoscope type).
    pub fn of(chart: &NatalChart, readable: Option<Language>, texts: Option<&Texts>) -> Self {
        Self {
            aspects: aspects_body(&chart.aspects, readable, texts),
            points: points_body(&chart.points, readable, texts),
            angles: angles_body(&chart.angles, readable, texts),
            houses: HousesBody::of(&chart.houses, readable),
        }
    }
}

pub fn points_body(points: &[PointPlacement], readable: Option<Language>, texts: Option<&Texts>) -> BTreeMap<&'static str, PointBody> {
    points
        .iter()
        .map(|p| {
            let body = PointBody {
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
                text: texts.and_then(|t| t.point_in_sign(p.point, p.zodiac.sign)),
                house_text: texts.and_then(|t| t.point_in_house(p.point, p.house)),
            };
            (p.point.id(), body)
        })
        .collect()
}

pub fn angles_body(angles: &[(AngleId, f64)], readable: Option<Language>, texts: Option<&Texts>) -> BTreeMap<&'static str, AngleBody> {
    angles
        .iter()
        .map(|&(angle, longitude)| {
            let zodiac = ZodiacPosition::of(longitude);
            let body = AngleBody {
                point_id: angle.id(),
                name: readable.map(|l| l.angle_name(angle)),
                longitude,
                degrees_in_sign: zodiac.degrees_in_sign,
                degrees_in_sign_dms: zodiac.dms,
                sign: zodiac.sign.id(),
                sign_name: readable.map(|l| l.sign_name(zodiac.sign)),
                text: texts.and_then(|t| t.angle_in_sign(angle, zodiac.sign)),
            };
            (angle.id(), body)
        })
        .collect()
}

impl HousesBody {
    pub fn of(houses: &HouseCusps, readable: Option<Language>) -> Self {
        Self {
            cusps: houses.cusps.iter().map(|&c| HouseLongitude::of(c, readable)).collect(),
            ascmc: [houses.ascendant, houses.midheaven, houses.armc, houses.vertex]
                .iter()
                .map(|&c| HouseLongitude::of(c, readable))
                .collect(),
        }
    }
}

/// An instant as local time of `zone` (empty outside chrono's range).
pub fn local_instant_text(instant: JulianDay, zone: &TimeZoneSpec) -> String {
    match instant.to_utc() {
        Some(utc) => format_local(utc.with_timezone(&zone.offset_at(utc))),
        None => String::new(),
    }
}
