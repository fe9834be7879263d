//! Local space: each body's direction on the birth place's horizon (its
//! azimuth, from north through east, and its altitude), and the great
//! circle that leaves the birth place in that direction, drawn round the
//! whole Earth (the body's azimuth one way, the opposite point of the
//! horizon the other).
//!
//! # Conventions
//! The body's geocentric apparent direction, the same place of date the
//! lines use (`mundo` or `zodiacal`); the horizon of the birth latitude and
//! longitude, no refraction or parallax; the Earth a sphere for the circle.

use super::{Astrocartography, GeoPoint, SkyPlace, cut_at_antimeridian, east_longitude};
use crate::astro::point::PointId;

/// A body's local space line.
#[derive(Debug, Clone, PartialEq)]
pub struct LocalSpaceLine {
    pub point: PointId,
    /// Degrees from north through east, [0, 360).
    pub azimuth: f64,
    /// Degrees above the horizon (negative below).
    pub altitude: f64,
    /// The great circle, cut where it crosses the antimeridian.
    pub segments: Vec<Vec<GeoPoint>>,
}

/// How far apart the circle's points are, degrees of arc.
const STEP_DEGREES: f64 = 1.0;

/// A body's azimuth and altitude at a place (`[longitude, latitude]`) for
/// a Greenwich sidereal time, degrees. Pure.
pub fn horizontal(place: &SkyPlace, sidereal_degrees: f64, at: GeoPoint) -> (f64, f64) {
    let hour_angle = (sidereal_degrees + at[0] - place.right_ascension).to_radians();
    let (phi, delta) = (at[1].to_radians(), place.declination.to_radians());
    let altitude = (phi.sin() * delta.sin() + phi.cos() * delta.cos() * hour_angle.cos()).clamp(-1.0, 1.0).asin();
    let azimuth = (-hour_angle.sin() * delta.cos()).atan2(delta.sin() * phi.cos() - delta.cos() * phi.sin() * hour_angle.cos());
    (azimuth.to_degrees().rem_euclid(360.0), altitude.to_degrees())
}

/// The point `distance` degrees of arc from `from` along the initial
/// bearing `bearing` (degrees from north through east), on a sphere.
pub fn along(from: GeoPoint, bearing: f64, distance: f64) -> GeoPoint {
    let (phi, lambda) = (from[1].to_radians(), from[0].to_radians());
    let (theta, d) = (bearing.to_radians(), distance.to_radians());
    let latitude = (phi.sin() * d.cos() + phi.cos() * d.sin() * theta.cos()).clamp(-1.0, 1.0).asin();
    let longitude = lambda + (theta.sin() * d.sin() * phi.cos()).atan2(d.cos() - phi.sin() * latitude.sin());
    [east_longitude(longitude.to_degrees()), latitude.to_degrees()]
}

/// The whole great circle through `from` with initial bearing `bearing`,
/// every [`STEP_DEGREES`], cut at the antimeridian where it crosses it.
pub fn great_circle(from: GeoPoint, bearing: f64) -> Vec<Vec<GeoPoint>> {
    let steps = (360.0 / STEP_DEGREES).round() as usize;
    let points: Vec<GeoPoint> = (0..=steps).map(|i| along(from, bearing, i as f64 * STEP_DEGREES)).collect();
    // The circle meets the 180° meridian once: where its plane meets that
    // meridian's plane, on the side of longitude 180°.
    let unit = |[lon, lat]: GeoPoint| {
        let (lat, lon) = (lat.to_radians(), lon.to_radians());
        [lat.cos() * lon.cos(), lat.cos() * lon.sin(), lat.sin()]
    };
    let (a, b) = (unit(from), unit(along(from, bearing, 90.0)));
    let pole = [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
    // The 180° meridian's plane has the pole (0, 1, 0); the crossing is pole × (0, 1, 0), taken with x < 0.
    let crossing = [-pole[2], 0.0, pole[0]];
    let length = crossing[0].hypot(crossing[2]);
    let exact_latitude = (length > 1e-12).then(|| {
        let sign = if crossing[0] <= 0.0 { 1.0 } else { -1.0 };
        (sign * crossing[2] / length).clamp(-1.0, 1.0).asin().to_degrees()
    });
    cut_at_antimeridian(&points, |_| exact_latitude)
}

/// Every body's local space line at the birth place. Pure.
pub fn local_space(map: &Astrocartography, birth_place: GeoPoint) -> Vec<LocalSpaceLine> {
    map.places
        .iter()
        .map(|place| {
            let (azimuth, altitude) = horizontal(place, map.sidereal_degrees, birth_place);
            LocalSpaceLine { point: place.point, azimuth, altitude, segments: great_circle(birth_place, azimuth) }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::astro::astrocartography::place;

    #[test]
    fn a_body_on_the_meridian_is_due_south_or_north_and_one_rising_is_east() {
        // Culminating (hour angle 0) south of the zenith at 50°N.
        let (azimuth, altitude) = horizontal(&place(30.0, 10.0), 20.0, [10.0, 50.0]);
        assert!((azimuth - 180.0).abs() < 1e-9 && (altitude - 50.0).abs() < 1e-9, "{azimuth} {altitude}");
        // North of the zenith: due north.
        let (azimuth, _) = horizontal(&place(30.0, 70.0), 20.0, [10.0, 50.0]);
        assert!(azimuth.abs() < 1e-9 || (azimuth - 360.0).abs() < 1e-9, "{azimuth}");
        // On the equator, a body on the celestial equator 90° east of the meridian rises due east.
        let (azimuth, altitude) = horizontal(&place(120.0, 0.0), 30.0, [0.0, 0.0]);
        assert!((azimuth - 90.0).abs() < 1e-9 && altitude.abs() < 1e-9, "{azimuth} {altitude}");
    }

    #[test]
    fn the_circle_leaves_the_place_on_its_bearing_and_goes_round_the_earth() {
        let from = [12.5, 41.9];
        for bearing in [0.0, 37.0, 90.0, 181.0, 300.0] {
            let segments = great_circle(from, bearing);
            let all: Vec<GeoPoint> = segments.iter().flatten().copied().collect();
            // Starts and ends at the place; 90° along, a quarter of the Earth away.
            assert!((all[0][0] - from[0]).abs() < 1e-9 && (all[0][1] - from[1]).abs() < 1e-9);
            let last = all.last().unwrap();
            assert!((last[0] - from[0]).abs() < 1e-6 && (last[1] - from[1]).abs() < 1e-6, "{bearing}: {last:?}");
            for pair in segments.windows(2) {
                let (end, start) = (pair[0].last().unwrap(), pair[1][0]);
                assert_eq!(end[0].abs(), 180.0);
                assert_eq!((end[0], end[1]), (-start[0], start[1]));
                // The cut on the circle itself: the crossing and its neighbours lie in one plane through the centre.
                let at = |p: GeoPoint| {
                    let (la, lo) = (p[1].to_radians(), p[0].to_radians());
                    [la.cos() * lo.cos(), la.cos() * lo.sin(), la.sin()]
                };
                let (a, b, c) = (at(from), at(along(from, bearing, 90.0)), at(*end));
                let det = a[0] * (b[1] * c[2] - b[2] * c[1]) - a[1] * (b[0] * c[2] - b[2] * c[0]) + a[2] * (b[0] * c[1] - b[1] * c[0]);
                assert!(det.abs() < 1e-9, "{bearing}: crossing off the circle ({det})");
            }
        }
        // Due east from the equator: the equator itself.
        let equator = great_circle([0.0, 0.0], 90.0);
        assert!(equator.iter().flatten().all(|p| p[1].abs() < 1e-9));
    }
}
