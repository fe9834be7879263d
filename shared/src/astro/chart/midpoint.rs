//! Midpoints: the point halfway between two others on the shorter arc of
//! the zodiac, and the points that stand on a midpoint (conjunct it) or
//! across from it (opposite).

use crate::astro::chart::natal::NatalChart;
use crate::astro::point::{AngleId, ChartPoint, PointId};
use crate::astro::zodiac::{normalize_degrees, signed_arc};

/// The default orb of a point on a midpoint, degrees.
pub const DEFAULT_MIDPOINT_ORB: f64 = 1.5;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MidpointContactKind {
    Conjunction,
    Opposition,
}

impl MidpointContactKind {
    pub fn id(self) -> &'static str {
        match self {
            Self::Conjunction => "conjunction",
            Self::Opposition => "opposition",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MidpointContact {
    pub point: ChartPoint,
    pub kind: MidpointContactKind,
    pub orb: f64,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Midpoint {
    pub point_a: ChartPoint,
    pub point_b: ChartPoint,
    /// Halfway along the shorter arc from A to B; two points exactly
    /// opposite have two midpoints, and the one 90° after A is taken.
    pub longitude: f64,
    /// The other points within the orb of the midpoint or of its opposite
    /// point, tightest first.
    pub contacts: Vec<MidpointContact>,
}

/// The midpoint of two longitudes on the shorter arc.
pub fn midpoint_of(a: f64, b: f64) -> f64 {
    let arc = signed_arc(b - a);
    // signed_arc gives (−180, 180]: exactly opposite points go forward from A.
    normalize_degrees(a + arc / 2.0)
}

/// Every pair among `paired` (in order), with the points of `contacts`
/// (any chart points, the pair's own left out) on the midpoint or opposite
/// it within `orb`.
pub fn midpoints(paired: &[(ChartPoint, f64)], contacts: &[(ChartPoint, f64)], orb: f64) -> Vec<Midpoint> {
    let mut found = Vec::new();
    for (i, &(point_a, a)) in paired.iter().enumerate() {
        for &(point_b, b) in &paired[i + 1..] {
            let longitude = midpoint_of(a, b);
            let mut touching: Vec<MidpointContact> = contacts
                .iter()
                .filter(|(point, _)| *point != point_a && *point != point_b)
                .filter_map(|&(point, at)| {
                    let separation = signed_arc(at - longitude).abs();
                    if separation <= orb {
                        Some(MidpointContact { point, kind: MidpointContactKind::Conjunction, orb: separation })
                    } else if 180.0 - separation <= orb {
                        Some(MidpointContact { point, kind: MidpointContactKind::Opposition, orb: 180.0 - separation })
                    } else {
                        None
                    }
                })
                .collect();
            touching.sort_by(|x, y| x.orb.total_cmp(&y.orb));
            found.push(Midpoint { point_a, point_b, longitude, contacts: touching });
        }
    }
    found
}

/// A chart's midpoints and the orb their contacts were sought within.
#[derive(Debug, Clone, PartialEq)]
pub struct ChartMidpoints {
    pub orb: f64,
    pub pairs: Vec<Midpoint>,
}

/// The midpoints of a chart: every pair among its ten planets (those it
/// has), the ascendant and the midheaven, with any of its points, the
/// ascendant or the midheaven on them.
pub fn chart_midpoints(chart: &NatalChart, orb: f64) -> ChartMidpoints {
    let angles = || {
        chart
            .angles
            .iter()
            .filter(|(angle, _)| matches!(angle, AngleId::Ascendant | AngleId::Midheaven))
            .map(|&(angle, longitude)| (ChartPoint::Angle(angle), longitude))
    };
    let paired: Vec<(ChartPoint, f64)> = PointId::PLANETS
        .iter()
        .filter_map(|&planet| chart.points.iter().find(|p| p.point == planet))
        .map(|p| (ChartPoint::Point(p.point), p.position.longitude))
        .chain(angles())
        .collect();
    let contacts: Vec<(ChartPoint, f64)> =
        chart.points.iter().map(|p| (ChartPoint::Point(p.point), p.position.longitude)).chain(angles()).collect();
    ChartMidpoints { orb, pairs: midpoints(&paired, &contacts, orb) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_midpoint_takes_the_shorter_arc_across_aries() {
        assert!((midpoint_of(350.0, 20.0) - 5.0).abs() < 1e-12);
        assert!((midpoint_of(20.0, 350.0) - 5.0).abs() < 1e-12);
        assert!((midpoint_of(10.0, 100.0) - 55.0).abs() < 1e-12);
        assert!((midpoint_of(10.0, 190.0) - 100.0).abs() < 1e-12);
    }

    #[test]
    fn contacts_are_conjunctions_or_oppositions_within_the_orb_and_never_the_pair() {
        let sun = ChartPoint::Point(PointId::Sun);
        let moon = ChartPoint::Point(PointId::Moon);
        let mars = ChartPoint::Point(PointId::Mars);
        let venus = ChartPoint::Point(PointId::Venus);
        let paired = [(sun, 10.0), (moon, 50.0)];
        let contacts = [(sun, 10.0), (moon, 50.0), (mars, 31.2), (venus, 209.0)];
        let found = midpoints(&paired, &contacts, 1.5);
        assert_eq!(found.len(), 1);
        assert!((found[0].longitude - 30.0).abs() < 1e-12);
        let got: Vec<_> = found[0].contacts.iter().map(|c| (c.point, c.kind)).collect();
        assert_eq!(got, vec![(venus, MidpointContactKind::Opposition), (mars, MidpointContactKind::Conjunction)]);
    }
}
