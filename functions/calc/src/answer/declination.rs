//! `declinations` and `midpoints` of a chart answer (natal and returns,
//! with `includeDeclinations` and `includeMidpoints`).

use std::collections::BTreeMap;

use serde::Serialize;
use shared::astro::chart::declination::Declinations;
use shared::astro::chart::midpoint::ChartMidpoints;
use shared::astro::zodiac::ZodiacPosition;

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DeclinationsBody {
    /// The true obliquity of the moment: beyond it a point is out of bounds.
    obliquity: f64,
    /// The orb of the parallels, degrees of declination.
    parallel_orb: f64,
    /// Each point and the four angles.
    points: BTreeMap<&'static str, DeclinationBody>,
    /// Tightest first.
    parallels: Vec<ParallelBody>,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DeclinationBody {
    declination: f64,
    out_of_bounds: bool,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ParallelBody {
    point_a: &'static str,
    point_b: &'static str,
    /// `parallel` or `contraparallel`.
    r#type: &'static str,
    orb: f64,
}

impl DeclinationsBody {
    pub fn of(declinations: &Declinations) -> Self {
        Self {
            obliquity: declinations.obliquity,
            parallel_orb: declinations.orb,
            points: declinations
                .points
                .iter()
                .map(|p| (p.point.id(), DeclinationBody { declination: p.declination, out_of_bounds: p.out_of_bounds }))
                .collect(),
            parallels: declinations
                .parallels
                .iter()
                .map(|p| ParallelBody { point_a: p.point_a.id(), point_b: p.point_b.id(), r#type: p.kind.id(), orb: p.orb })
                .collect(),
        }
    }
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct MidpointsBody {
    /// How close a point must stand to a midpoint (or its opposite), degrees.
    orb: f64,
    /// Every pair among the ten planets, the ascendant and the midheaven.
    pairs: Vec<MidpointBody>,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct MidpointBody {
    point_a: &'static str,
    point_b: &'static str,
    longitude: f64,
    sign: &'static str,
    degrees_in_sign: f64,
    contacts: Vec<MidpointContactBody>,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct MidpointContactBody {
    point: &'static str,
    /// `conjunction` (on the midpoint) or `opposition`.
    aspect: &'static str,
    orb: f64,
}

impl MidpointsBody {
    pub fn of(midpoints: &ChartMidpoints) -> Self {
        let pairs = midpoints
            .pairs
            .iter()
            .map(|m| {
                let zodiac = ZodiacPosition::of(m.longitude);
                MidpointBody {
                    point_a: m.point_a.id(),
                    point_b: m.point_b.id(),
                    longitude: m.longitude,
                    sign: zodiac.sign.id(),
                    degrees_in_sign: zodiac.degrees_in_sign,
                    contacts: m
                        .contacts
                        .iter()
                        .map(|c| MidpointContactBody { point: c.point.id(), aspect: c.kind.id(), orb: c.orb })
                        .collect(),
                }
            })
            .collect();
        Self { orb: midpoints.orb, pairs }
    }
}
