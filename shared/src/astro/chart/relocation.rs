//! The relocated chart: the birth instant cast for another place. The
//! planets keep their longitudes (the topocentric Moon aside, seen from the
//! new place); the houses and angles are the new place's, so planets change
//! houses and some come onto an angle.
//!
//! A planet is angular when its ecliptic longitude is within the orb of an
//! angle's (a conjunction along the ecliptic, the relocated chart's own
//! measure; the astrocartography lines measure in mundo).

use super::natal::{ChartInput, NatalChart};
use crate::astro::ephemeris::{Ephemeris, EphemerisError};
use crate::astro::point::{AngleId, PointId};
use crate::astro::zodiac::normalize_degrees;

/// A point whose house differs at the new place (or not: every point is listed).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct HouseMove {
    pub point: PointId,
    pub natal_house: u8,
    pub relocated_house: u8,
}

/// A point within the orb of one of the relocated chart's angles.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct AngularPoint {
    pub point: PointId,
    pub angle: AngleId,
    /// The point's longitude minus the angle's, degrees in (−180, 180]:
    /// positive when the point is past the angle in the zodiac's order.
    pub separation: f64,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Relocation {
    pub natal: NatalChart,
    pub relocated: NatalChart,
    pub houses: Vec<HouseMove>,
    pub angular: Vec<AngularPoint>,
}

/// The longest orb an angular planet may be given, degrees.
pub const MAX_ANGULAR_ORB: f64 = 15.0;
/// The default: a planet within 5° of an angle.
pub const DEFAULT_ANGULAR_ORB: f64 = 5.0;

/// Signed difference `a − b` in (−180, 180].
fn separation(a: f64, b: f64) -> f64 {
    let d = normalize_degrees(a - b);
    if d > 180.0 { d - 360.0 } else { d }
}

/// Points computed from the angles themselves (the Part of Fortune from the
/// ascendant, the Vertex from the house frame): near an angle by
/// construction, so never reported as angular.
const FROM_THE_ANGLES: [PointId; 2] = [PointId::PartOfFortune, PointId::Vertex];

/// The points within `orb` of an angle of `chart`, nearest first. Pure.
pub fn angular_points(chart: &NatalChart, orb: f64) -> Vec<AngularPoint> {
    let mut found: Vec<AngularPoint> = chart
        .points
        .iter()
        .filter(|placed| !FROM_THE_ANGLES.contains(&placed.point))
        .flat_map(|placed| {
            chart.angles.iter().filter_map(move |&(angle, longitude)| {
                let separation = separation(placed.position.longitude, longitude);
                (separation.abs() <= orb).then_some(AngularPoint { point: placed.point, angle, separation })
            })
        })
        .collect();
    found.sort_by(|a, b| a.separation.abs().total_cmp(&b.separation.abs()));
    found
}

/// The birth chart at its place and at `latitude`, `longitude`.
pub fn relocate(ephemeris: &Ephemeris, natal: &ChartInput, latitude: f64, longitude: f64, orb: f64) -> Result<Relocation, EphemerisError> {
    let natal_chart = NatalChart::compute(ephemeris, natal)?;
    let relocated = NatalChart::compute(ephemeris, &ChartInput { latitude, longitude, ..natal.clone() })?;
    let houses = natal_chart
        .points
        .iter()
        .filter_map(|at_birth| {
            let moved = relocated.points.iter().find(|p| p.point == at_birth.point)?;
            Some(HouseMove { point: at_birth.point, natal_house: at_birth.house, relocated_house: moved.house })
        })
        .collect();
    let angular = angular_points(&relocated, orb);
    Ok(Relocation { natal: natal_chart, relocated, houses, angular })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::astro::house::HouseSystem;
    use crate::astro::time::JulianDay;

    fn input(latitude: f64, longitude: f64) -> ChartInput {
        let ephemeris = Ephemeris::with_embedded_files().unwrap();
        ChartInput {
            points: PointId::ALL[..10].to_vec(),
            ..ChartInput::with_defaults(&ephemeris, JulianDay(2448023.0208333335), latitude, longitude, HouseSystem::Placidus)
        }
    }

    #[test]
    fn the_relocated_chart_is_the_birth_instant_cast_at_the_new_place() {
        let ephemeris = Ephemeris::with_embedded_files().unwrap();
        let rome = input(41.9028, 12.4964);
        let relocation = relocate(&ephemeris, &rome, 40.7128, -74.006, 5.0).unwrap();
        let direct = NatalChart::compute(&ephemeris, &input(40.7128, -74.006)).unwrap();
        assert_eq!(relocation.relocated, direct);
        assert_eq!(relocation.natal, NatalChart::compute(&ephemeris, &rome).unwrap());
        // The Sun keeps its longitude; the ascendant moves.
        assert_eq!(relocation.natal.points[0].position.longitude, relocation.relocated.points[0].position.longitude);
        assert_ne!(relocation.natal.angles[0].1, relocation.relocated.angles[0].1);
        assert_eq!(relocation.houses.len(), 10);
        for moved in &relocation.houses {
            let there = direct.points.iter().find(|p| p.point == moved.point).unwrap();
            assert_eq!(moved.relocated_house, there.house);
        }
        // Every angular point is within the orb of its angle, and none is missed.
        for found in &relocation.angular {
            assert!(found.separation.abs() <= 5.0);
        }
        let count = direct
            .points
            .iter()
            .filter(|p| !FROM_THE_ANGLES.contains(&p.point))
            .flat_map(|p| direct.angles.iter().map(move |(_, a)| separation(p.position.longitude, *a).abs()))
            .filter(|d| *d <= 5.0)
            .count();
        assert_eq!(relocation.angular.len(), count);
    }

    #[test]
    fn separation_is_signed_the_shorter_way_round() {
        assert_eq!(separation(10.0, 350.0), 20.0);
        assert_eq!(separation(350.0, 10.0), -20.0);
        assert_eq!(separation(180.0, 0.0), 180.0);
    }
}
