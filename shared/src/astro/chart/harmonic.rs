//! Harmonic charts (John Addey's harmonics): every point's longitude
//! multiplied by the harmonic number, modulo 360°. The n-th harmonic chart
//! turns the aspects of the circle divided by n into conjunctions: the
//! fifth harmonic shows the quintiles, the seventh the septiles.
//!
//! Each point and each of the four angles is multiplied alike (so that in
//! an even harmonic the descendant falls on the ascendant); the speeds are
//! multiplied too, so that applying and separating keep their sense. The
//! houses are equal houses from the harmonic ascendant: multiplying the
//! cusps would wind them n times round the circle.

use crate::astro::aspect::{Orbs, Placement, aspects_within};
use crate::astro::chart::natal::{NatalChart, PointPlacement};
use crate::astro::ephemeris::{BodyPosition, HouseCusps};
use crate::astro::house::{HouseSystem, house_of};
use crate::astro::point::{AngleId, PointId};
use crate::astro::zodiac::{ZodiacPosition, normalize_degrees};

/// The harmonics offered: 1 (the natal chart itself) to 360.
pub const HARMONICS: std::ops::RangeInclusive<u16> = 1..=360;

/// The longitude of `longitude` in the `harmonic`-th harmonic chart.
pub fn harmonic_longitude(longitude: f64, harmonic: u16) -> f64 {
    // The product is exact enough: 360 × 360 = 129,600 keeps ~10 decimal
    // places of a degree in a double.
    normalize_degrees(longitude * f64::from(harmonic))
}

/// The `harmonic`-th harmonic chart of `natal`, its aspects by `orbs`.
pub fn harmonic_chart(natal: &NatalChart, harmonic: u16, orbs: &Orbs) -> NatalChart {
    let n = f64::from(harmonic);
    let angles: Vec<(AngleId, f64)> =
        natal.angles.iter().map(|&(angle, longitude)| (angle, harmonic_longitude(longitude, harmonic))).collect();
    let ascendant = harmonic_longitude(natal.houses.ascendant, harmonic);
    let cusps: [f64; 12] = std::array::from_fn(|house| normalize_degrees(ascendant + 30.0 * house as f64));
    let houses = HouseCusps {
        cusps,
        ascendant,
        midheaven: harmonic_longitude(natal.houses.midheaven, harmonic),
        armc: natal.houses.armc,
        vertex: harmonic_longitude(natal.houses.vertex, harmonic),
        system_used: HouseSystem::Equal,
        angles_differ_from_system: false,
    };
    let points: Vec<PointPlacement> = natal
        .points
        .iter()
        .map(|p| {
            let longitude = harmonic_longitude(p.position.longitude, harmonic);
            PointPlacement {
                point: p.point,
                position: BodyPosition { longitude, speed_longitude: p.position.speed_longitude * n, ..p.position },
                zodiac: ZodiacPosition::of(longitude),
                house: house_of(longitude, &cusps),
                retrograde: p.retrograde,
            }
        })
        .collect();
    let placements: Vec<Placement<PointId>> =
        points.iter().map(|p| Placement { point: p.point, longitude: p.position.longitude, speed: p.position.speed_longitude }).collect();
    let aspects = aspects_within(&placements, orbs);
    NatalChart {
        points,
        angles,
        houses,
        aspects,
        sources: natal.sources.clone(),
        warnings: natal.warnings.clone(),
        ayanamsa: natal.ayanamsa,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_harmonic_multiplies_and_wraps() {
        assert!((harmonic_longitude(100.0, 1) - 100.0).abs() < 1e-12);
        assert!((harmonic_longitude(100.0, 4) - 40.0).abs() < 1e-12);
        assert!((harmonic_longitude(359.5, 360) - 180.0).abs() < 1e-9);
        // A quintile (72°) apart becomes a conjunction in the fifth.
        assert!((harmonic_longitude(10.0, 5) - harmonic_longitude(82.0, 5)).abs() < 1e-9);
    }
}
