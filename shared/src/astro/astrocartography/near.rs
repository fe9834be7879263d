//! Distances to the true lines, and the cities along them.
//!
//! Every astrocartography line is half of a great circle on the Earth taken
//! as a sphere: an MC or IC line is half a meridian, pole to pole; an ASC or
//! DSC line is half of the circle 90° from the body's sub-point (where it
//! stands at the zenith), the half where it rises or where it sets, ending
//! where the two meet at latitude ±(90° − |δ|). So the distance from a place
//! to a line is exact and closed-form: the perpendicular distance to the
//! circle when the foot of the perpendicular falls on the line's half,
//! otherwise the distance to the nearer end. No polyline is involved.

use std::sync::LazyLock;

use super::{Astrocartography, GeoPoint, MapAngle, MapLine, SkyPlace, east_longitude};
use crate::places::{City, cities};

/// The mean Earth radius the distances use (IUGG, km).
pub const EARTH_RADIUS_KM: f64 = 6371.0;

type Vector = [f64; 3];

fn dot(a: Vector, b: Vector) -> f64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

fn cross(a: Vector, b: Vector) -> Vector {
    [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]
}

fn norm(a: Vector) -> f64 {
    dot(a, a).sqrt()
}

/// The unit vector of a place: `[longitude, latitude]` in degrees.
fn unit([longitude, latitude]: GeoPoint) -> Vector {
    let (lat, lon) = (latitude.to_radians(), longitude.to_radians());
    [lat.cos() * lon.cos(), lat.cos() * lon.sin(), lat.sin()]
}

fn geo_point(v: Vector) -> GeoPoint {
    let latitude = v[2].atan2(v[0].hypot(v[1])).to_degrees();
    // At a pole every longitude is the place; 0 is as good as any.
    let longitude = if v[0].hypot(v[1]) < 1e-15 { 0.0 } else { v[1].atan2(v[0]).to_degrees() };
    [east_longitude(longitude), latitude]
}

/// The angle between two unit vectors, radians (atan2: accurate near 0 and π).
fn angle_between(a: Vector, b: Vector) -> f64 {
    norm(cross(a, b)).atan2(dot(a, b))
}

/// Half of a great circle: the points of the circle with pole `pole` that
/// are within 90° of `middle`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TrueLine {
    pole: Vector,
    middle: Vector,
}

/// How far a place is from a line, and the line's point nearest it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LineDistance {
    /// Along the great circle, on the sphere of [`EARTH_RADIUS_KM`].
    pub distance_km: f64,
    pub nearest: GeoPoint,
}

impl TrueLine {
    /// The line of a body on an angle at a Greenwich sidereal time (degrees).
    pub fn of(place: &SkyPlace, sidereal_degrees: f64, angle: MapAngle) -> Self {
        // The sub-point: where the body stands at the zenith.
        let sub_longitude = place.right_ascension - sidereal_degrees;
        let sub_point = unit([sub_longitude, place.declination]);
        let on_equator = |longitude: f64| unit([longitude, 0.0]);
        match angle {
            MapAngle::Mc | MapAngle::Ic => {
                let meridian_pole = on_equator(sub_longitude + 90.0);
                let middle = on_equator(if angle == MapAngle::Mc { sub_longitude } else { sub_longitude + 180.0 });
                Self { pole: meridian_pole, middle }
            }
            // Rising: the hour angle −90° on the equator, 90° west of the
            // sub-point; setting 90° east.
            MapAngle::Asc => Self { pole: sub_point, middle: on_equator(sub_longitude - 90.0) },
            MapAngle::Dsc => Self { pole: sub_point, middle: on_equator(sub_longitude + 90.0) },
        }
    }

    /// Its two ends (the poles for a meridian; where ASC meets DSC).
    pub fn ends(&self) -> [GeoPoint; 2] {
        let end = cross(self.pole, self.middle);
        [geo_point(end), geo_point([-end[0], -end[1], -end[2]])]
    }

    fn distance_to(&self, from: Vector) -> (f64, Vector) {
        let height = dot(from, self.pole);
        let foot = [from[0] - height * self.pole[0], from[1] - height * self.pole[1], from[2] - height * self.pole[2]];
        let length = norm(foot);
        // On the circle's own pole every point of the circle is 90° away.
        if length < 1e-12 {
            return (std::f64::consts::FRAC_PI_2, self.middle);
        }
        let foot = [foot[0] / length, foot[1] / length, foot[2] / length];
        if dot(foot, self.middle) >= 0.0 {
            return (height.abs().atan2(length), foot);
        }
        let end = cross(self.pole, self.middle);
        let other = [-end[0], -end[1], -end[2]];
        let (to_end, to_other) = (angle_between(from, end), angle_between(from, other));
        if to_end <= to_other { (to_end, end) } else { (to_other, other) }
    }

    /// The distance from a place (`[longitude, latitude]`) to the line.
    pub fn distance(&self, from: GeoPoint) -> LineDistance {
        let (angle, nearest) = self.distance_to(unit(from));
        LineDistance { distance_km: angle * EARTH_RADIUS_KM, nearest: geo_point(nearest) }
    }

    /// The cities within `within_km` of the line (and, with `around`,
    /// within its radius of its place), most populous first, at most
    /// `limit` of them.
    pub fn cities_along(&self, within_km: f64, limit: usize, around: Option<NearPlace>) -> Vec<NearCity> {
        let within = within_km / EARTH_RADIUS_KM;
        let around = around.map(|near| (unit(near.from), near.radius_km / EARTH_RADIUS_KM));
        // A city further than this from the whole circle is further from
        // the line: one dot product turns most cities away.
        let off_circle = within.min(std::f64::consts::FRAC_PI_2).sin();
        let mut found = Vec::with_capacity(limit);
        for (city, &vector) in cities().iter().zip(CITY_VECTORS.iter()) {
            if found.len() == limit {
                break;
            }
            if dot(vector, self.pole).abs() > off_circle {
                continue;
            }
            if let Some((centre, radius)) = around
                && angle_between(vector, centre) > radius
            {
                continue;
            }
            let (angle, _) = self.distance_to(vector);
            if angle <= within {
                found.push(NearCity { city, distance_km: angle * EARTH_RADIUS_KM });
            }
        }
        found
    }
}

/// A city near a line.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct NearCity {
    pub city: &'static City,
    pub distance_km: f64,
}

/// A line as the answer gives it: its distance from the place asked about,
/// and the cities along it.
#[derive(Debug, Clone, PartialEq)]
pub struct MeasuredLine<'a> {
    pub line: &'a MapLine,
    pub distance: Option<LineDistance>,
    pub cities: Vec<NearCity>,
}

/// Where the lines are measured from: a place and a radius (km).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct NearPlace {
    pub from: GeoPoint,
    pub radius_km: f64,
}

/// Which cities to list: within `within_km` of a line, at most `limit`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CitySearch {
    pub within_km: f64,
    pub limit: usize,
}

/// The lines within reach of `near` (all of them without it), nearest
/// first, each with the cities `cities` asks for (with `near`, only those
/// within its radius of its place).
pub fn measure<'a>(map: &'a Astrocartography, near: Option<NearPlace>, cities: Option<CitySearch>) -> Vec<MeasuredLine<'a>> {
    let mut measured: Vec<MeasuredLine> = map
        .lines
        .iter()
        .filter_map(|line| {
            let place = map.places.iter().find(|p| p.point == line.point)?;
            let true_line = TrueLine::of(place, map.sidereal_degrees, line.angle);
            let distance = near.map(|near| true_line.distance(near.from));
            if let (Some(near), Some(distance)) = (near, distance)
                && distance.distance_km > near.radius_km
            {
                return None;
            }
            let cities = cities.map(|c| true_line.cities_along(c.within_km, c.limit, near)).unwrap_or_default();
            Some(MeasuredLine { line, distance, cities })
        })
        .collect();
    if near.is_some() {
        measured.sort_by(|a, b| {
            let km = |m: &MeasuredLine| m.distance.map_or(0.0, |d| d.distance_km);
            km(a).total_cmp(&km(b))
        });
    }
    measured
}

/// The cities' unit vectors, in the database's order (most populous first).
static CITY_VECTORS: LazyLock<Vec<Vector>> = LazyLock::new(|| cities().iter().map(|city| unit([city.longitude, city.latitude])).collect());

#[cfg(test)]
mod tests {
    use super::*;
    use crate::astro::astrocartography::place;

    fn haversine_km(a: GeoPoint, b: GeoPoint) -> f64 {
        let (la, lb) = (a[1].to_radians(), b[1].to_radians());
        let h = ((lb - la) / 2.0).sin().powi(2) + la.cos() * lb.cos() * ((b[0] - a[0]).to_radians() / 2.0).sin().powi(2);
        2.0 * EARTH_RADIUS_KM * h.sqrt().asin()
    }

    #[test]
    fn a_meridian_is_as_far_as_the_longitude_difference_along_the_parallel_circle() {
        // MC at 70°E (RA 100°, GAST 30°): a place on the equator 10° east is 10° of arc away.
        let mc = TrueLine::of(&place(100.0, 20.0), 30.0, MapAngle::Mc);
        let d = mc.distance([80.0, 0.0]);
        assert!((d.distance_km - 10f64.to_radians() * EARTH_RADIUS_KM).abs() < 1e-9, "{d:?}");
        assert!((d.nearest[0] - 70.0).abs() < 1e-9 && d.nearest[1].abs() < 1e-9);
        // Off the equator the cross-track distance: asin(cos φ sin Δλ).
        let d = mc.distance([80.0, 50.0]);
        let expected = (50f64.to_radians().cos() * 10f64.to_radians().sin()).asin() * EARTH_RADIUS_KM;
        assert!((d.distance_km - expected).abs() < 1e-9);
        // Past 90° of longitude away the nearest point of the half meridian is the pole.
        let d = mc.distance([-130.0, 40.0]);
        assert!((d.distance_km - 50f64.to_radians() * EARTH_RADIUS_KM).abs() < 1e-6, "{d:?}");
        assert!((d.nearest[1] - 90.0).abs() < 1e-9);
    }

    #[test]
    fn the_nearest_point_is_on_the_line_and_no_point_of_it_is_nearer() {
        for (ra, dec, sidereal) in [(100.0, 20.0, 30.0), (200.0, -23.4, 311.0), (5.0, 0.5, 90.0), (300.0, 27.0, 0.0)] {
            let body = place(ra, dec);
            for angle in MapAngle::ALL {
                let line = TrueLine::of(&body, sidereal, angle);
                let drawn: Vec<GeoPoint> =
                    super::super::lines_of(&body, sidereal, &[angle])[0].segments.iter().flatten().copied().collect();
                for from in [[2.35, 48.86], [-74.0, 40.7], [151.2, -33.9], [-179.0, 70.0], [0.0, -89.0]] {
                    let d = line.distance(from);
                    // The nearest point is on the line: the body on the angle there.
                    let h = (sidereal + d.nearest[0] - ra).to_radians();
                    let (phi, delta) = (d.nearest[1].to_radians(), dec.to_radians());
                    let altitude = (phi.sin() * delta.sin() + phi.cos() * delta.cos() * h.cos()).asin().to_degrees();
                    match angle {
                        MapAngle::Asc | MapAngle::Dsc => {
                            assert!(altitude.abs() < 1e-9, "{angle:?} {from:?}: {altitude}");
                            // East of the meridian when rising.
                            if d.nearest[1].abs() < 90.0 - dec.abs() - 1e-6 {
                                assert_eq!(h.sin() < 0.0, angle == MapAngle::Asc, "{angle:?} {from:?} {d:?}");
                            }
                        }
                        MapAngle::Mc | MapAngle::Ic if d.nearest[1].abs() < 89.999 => {
                            let upper = h.cos() > 0.0;
                            assert!(h.sin().abs() < 1e-9 && upper == (angle == MapAngle::Mc), "{angle:?} {from:?} {d:?}");
                        }
                        _ => {}
                    }
                    assert!((haversine_km(from, d.nearest) - d.distance_km).abs() < 1e-6, "{angle:?} {from:?}");
                    // No vertex of the drawn line is nearer than the true distance.
                    let closest_vertex = drawn.iter().map(|p| haversine_km(from, *p)).fold(f64::INFINITY, f64::min);
                    assert!(closest_vertex >= d.distance_km - 1e-6, "{angle:?} {from:?}: {closest_vertex} < {d:?}");
                    assert!(closest_vertex - d.distance_km < 120.0, "{angle:?} {from:?}: the drawn line is near the true one");
                }
            }
        }
    }

    #[test]
    fn the_ends_are_where_asc_meets_dsc() {
        let body = place(100.0, 20.0);
        let asc = TrueLine::of(&body, 30.0, MapAngle::Asc);
        let mut ends = asc.ends();
        ends.sort_by(|a, b| a[1].total_cmp(&b[1]));
        assert!((ends[0][1] - -70.0).abs() < 1e-9 && (ends[1][1] - 70.0).abs() < 1e-9, "{ends:?}");
        assert!((ends[0][0] - 70.0).abs() < 1e-9 && (ends[1][0] - -110.0).abs() < 1e-9, "{ends:?}");
        // Beyond the northern end (the body circumpolar there) the end is nearest.
        let d = asc.distance([-110.0, 80.0]);
        assert!((d.distance_km - 10f64.to_radians() * EARTH_RADIUS_KM).abs() < 1e-6, "{d:?}");
    }

    #[test]
    fn cities_along_a_line_are_the_most_populous_within_reach() {
        // The MC on Greenwich's meridian: London is near it.
        let mc = TrueLine::of(&place(0.0, 0.0), 0.0, MapAngle::Mc);
        let near = mc.cities_along(50.0, 5, None);
        assert_eq!(near.len(), 5);
        assert!(near.iter().any(|n| n.city.name == "London"), "{:?}", near.iter().map(|n| n.city.name).collect::<Vec<_>>());
        assert!(near.windows(2).all(|w| w[0].city.population >= w[1].city.population));
        assert!(
            near.iter()
                .all(|n| n.distance_km <= 50.0
                    && (n.distance_km - mc.distance([n.city.longitude, n.city.latitude]).distance_km).abs() < 1e-9)
        );
        assert!(mc.cities_along(0.0, 5, None).len() <= 1);
        // Around Paris, 400 km: London still, Lagos (more populous, on the meridian too) not.
        let around = NearPlace { from: [2.35, 48.86], radius_km: 400.0 };
        let near_paris = mc.cities_along(50.0, 5, Some(around));
        let names: Vec<&str> = near_paris.iter().map(|n| n.city.name).collect();
        assert!(names.contains(&"London") && !names.contains(&"Accra"), "{names:?}");
        for near in &near_paris {
            let at = [near.city.longitude, near.city.latitude];
            assert!(mc.distance(at).distance_km <= 50.0 && haversine_km(at, around.from) <= 400.0, "{}", near.city.name);
        }
    }
}
