//! Astrocartography: the places on Earth where each body stood on an angle
//! at one moment: on the upper meridian (MC line), the lower meridian (IC),
//! rising (ASC) or setting (DSC).
//!
//! # Conventions
//! - Positions: geocentric, apparent, the true equator and equinox of date
//!   (the Moon geocentric too). `mundo`: the body's own right ascension and
//!   declination, its ecliptic latitude included; `zodiacal`: the point of
//!   the ecliptic at the body's longitude (latitude 0).
//! - The horizon is geometric: the body's centre at true altitude 0 (no
//!   refraction, no parallax, no semi-diameter).
//! - GAST is the Greenwich apparent sidereal time (`swe_sidtime`). MC
//!   longitude = RA − GAST, IC = MC + 180°; ASC = RA − H₀ − GAST and DSC = RA
//!   + H₀ − GAST with cos H₀ = −tan φ · tan δ, east longitudes positive.
//! - ASC and DSC lines exist only where the body rises and sets, |φ| < 90° −
//!   |δ|; they meet at that latitude. They are sampled at every whole degree
//!   of latitude and more finely towards their ends; meridians at every
//!   degree. Lines are cut at the antimeridian (RFC 7946).

pub mod local_space;
pub mod near;

use std::collections::BTreeSet;

use super::ephemeris::{BodyPosition, Ephemeris, EphemerisError, EphemerisSource, Observer, equatorial_of};
use super::point::PointId;
use super::time::JulianDay;
use super::zodiac::normalize_degrees;

/// The four angles a line can be.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum MapAngle {
    Mc,
    Ic,
    Asc,
    Dsc,
}

impl MapAngle {
    pub const ALL: [MapAngle; 4] = [Self::Mc, Self::Ic, Self::Asc, Self::Dsc];

    pub fn id(self) -> &'static str {
        match self {
            Self::Mc => "mc",
            Self::Ic => "ic",
            Self::Asc => "asc",
            Self::Dsc => "dsc",
        }
    }

    pub fn parse(id: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|a| a.id() == id)
    }
}

/// How a body's place is projected onto the sky's circles.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum MapMode {
    /// The body's own right ascension and declination.
    #[default]
    Mundo,
    /// The ecliptic point at the body's longitude (latitude 0).
    Zodiacal,
}

impl MapMode {
    pub const ALL: [MapMode; 2] = [Self::Mundo, Self::Zodiacal];

    pub fn id(self) -> &'static str {
        match self {
            Self::Mundo => "mundo",
            Self::Zodiacal => "zodiacal",
        }
    }
}

/// The points that have a place of their own in the sky to draw: Sun …
/// Pluto (the default), the nodes, Lilith and Chiron.
pub const MAP_POINTS: &[PointId] = PointId::ALL.split_at(15).0;

#[derive(Debug, Clone, PartialEq)]
pub struct MapInput {
    pub instant: JulianDay,
    pub points: Vec<PointId>,
    pub angles: Vec<MapAngle>,
    pub mode: MapMode,
}

/// A body's place on the celestial sphere as the lines use it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SkyPlace {
    pub point: PointId,
    /// Apparent ecliptic longitude and latitude of date.
    pub longitude: f64,
    pub latitude: f64,
    /// Right ascension and declination of date, after the mode's projection.
    pub right_ascension: f64,
    pub declination: f64,
}

/// `[longitude, latitude]`, degrees, east and north positive (GeoJSON's order).
pub type GeoPoint = [f64; 2];

#[derive(Debug, Clone, PartialEq)]
pub struct MapLine {
    pub point: PointId,
    pub angle: MapAngle,
    /// The line, cut where it crosses the antimeridian.
    pub segments: Vec<Vec<GeoPoint>>,
    /// ASC and DSC: the latitude (north and south) beyond which the body
    /// does not rise, where the two lines meet.
    pub latitude_limit: Option<f64>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Astrocartography {
    /// Greenwich apparent sidereal time, degrees.
    pub sidereal_degrees: f64,
    pub obliquity: f64,
    pub places: Vec<SkyPlace>,
    pub lines: Vec<MapLine>,
    pub sources: BTreeSet<EphemerisSource>,
}

/// Longitude in (−180, 180].
pub fn east_longitude(degrees: f64) -> f64 {
    let d = normalize_degrees(degrees);
    if d > 180.0 { d - 360.0 } else { d }
}

/// How close to the pole a line is taken when the body is exactly on the
/// equator (the formula's limit there is the pole itself, where every
/// longitude meets).
const POLE_MARGIN: f64 = 1e-3;
/// The extra samples towards an ASC/DSC line's ends, degrees before the limit.
const END_STEPS: [f64; 7] = [0.5, 0.2, 0.1, 0.05, 0.02, 0.01, 0.005];

/// The latitudes an ASC or DSC line is sampled at, south to north.
fn horizon_latitudes(limit: f64) -> Vec<f64> {
    let mut latitudes: Vec<f64> = Vec::with_capacity(2 * limit as usize + 20);
    latitudes.push(-limit);
    latitudes.extend(END_STEPS.iter().rev().map(|step| -limit + step).filter(|l| *l < limit));
    let first = (-limit).floor() as i32 + 1;
    for whole in first..=limit.ceil() as i32 - 1 {
        latitudes.push(f64::from(whole));
    }
    latitudes.extend(END_STEPS.iter().map(|step| limit - step).filter(|l| *l > -limit));
    latitudes.push(limit);
    latitudes.sort_by(f64::total_cmp);
    latitudes.dedup_by(|a, b| (*a - *b).abs() < 1e-9);
    // The ends are the limit itself, whichever near-equal sample the
    // de-duplication kept.
    let last = latitudes.len() - 1;
    (latitudes[0], latitudes[last]) = (-limit, limit);
    latitudes
}

/// Cuts a polyline where it crosses the antimeridian. `exact` gives the
/// line's own latitude at a longitude when it has one between the two
/// samples; otherwise the crossing is interpolated.
fn cut_at_antimeridian(points: &[GeoPoint], exact: impl Fn(f64) -> Option<f64>) -> Vec<Vec<GeoPoint>> {
    let mut segments = Vec::new();
    let mut current: Vec<GeoPoint> = Vec::new();
    for &point in points {
        if let Some(&[lon0, lat0]) = current.last() {
            let jump = point[0] - lon0;
            if jump.abs() > 180.0 {
                // Going east over +180 (jump negative) or west over −180.
                let edge = if jump < 0.0 { 180.0 } else { -180.0 };
                let unwrapped = point[0] + if jump < 0.0 { 360.0 } else { -360.0 };
                let fraction = (edge - lon0) / (unwrapped - lon0);
                let (low, high) = (lat0.min(point[1]), lat0.max(point[1]));
                let latitude = exact(edge).filter(|lat| (low..=high).contains(lat)).unwrap_or(lat0 + fraction * (point[1] - lat0));
                current.push([edge, latitude]);
                segments.push(std::mem::take(&mut current));
                current.push([-edge, latitude]);
            }
        }
        current.push(point);
    }
    if current.len() > 1 {
        segments.push(current);
    }
    // A sample exactly on ±180° would leave a piece of one repeated
    // position, which GeoJSON readers refuse.
    for segment in &mut segments {
        segment.dedup_by(|a, b| (a[0] - b[0]).abs() < 1e-12 && (a[1] - b[1]).abs() < 1e-12);
    }
    segments.retain(|segment| segment.len() > 1);
    segments
}

/// The lines of one body's place at a sidereal time. Pure.
pub fn lines_of(place: &SkyPlace, sidereal_degrees: f64, angles: &[MapAngle]) -> Vec<MapLine> {
    let (ra, dec) = (place.right_ascension, place.declination);
    let meridian = |longitude: f64| -> Vec<GeoPoint> { (-90..=90).map(|lat| [longitude, f64::from(lat)]).collect() };
    // A body off the equator by any amount has its exact limit; one exactly
    // on it rises everywhere, and its lines stop just short of the poles.
    let limit = if dec == 0.0 { 90.0 - POLE_MARGIN } else { 90.0 - dec.abs() };
    let tan_dec = dec.to_radians().tan();
    let horizon = |sign: f64| -> Vec<GeoPoint> {
        horizon_latitudes(limit)
            .into_iter()
            .map(|lat| {
                // At the limit the body grazes the horizon at a meridian:
                // exactly, so that ASC and DSC meet (acos is ill-conditioned there).
                let grazing = dec != 0.0 && lat.abs() == limit;
                let cos_h0 = if grazing { -(lat.signum() * dec.signum()) } else { (-lat.to_radians().tan() * tan_dec).clamp(-1.0, 1.0) };
                let h0 = cos_h0.acos().to_degrees();
                [east_longitude(ra + sign * h0 - sidereal_degrees), lat]
            })
            .collect()
    };
    // The latitude where a horizon line (sign −1 ASC, +1 DSC) reaches a
    // longitude: H0 from the longitude, then tan φ = −cos H0 / tan δ.
    let latitude_at = |sign: f64| {
        move |longitude: f64| -> Option<f64> {
            let h0 = normalize_degrees(sign * (longitude - ra + sidereal_degrees));
            (h0 <= 180.0 && dec != 0.0).then(|| (-h0.to_radians().cos() / tan_dec).atan().to_degrees())
        }
    };
    angles
        .iter()
        .map(|&angle| {
            let (segments, latitude_limit) = match angle {
                MapAngle::Mc => (cut_at_antimeridian(&meridian(east_longitude(ra - sidereal_degrees)), |_| None), None),
                MapAngle::Ic => (cut_at_antimeridian(&meridian(east_longitude(ra - sidereal_degrees + 180.0)), |_| None), None),
                MapAngle::Asc => (cut_at_antimeridian(&horizon(-1.0), latitude_at(-1.0)), Some(limit)),
                MapAngle::Dsc => (cut_at_antimeridian(&horizon(1.0), latitude_at(1.0)), Some(limit)),
            };
            MapLine { point: place.point, angle, segments, latitude_limit }
        })
        .collect()
}

/// The apparent ecliptic place of a point (the south node opposite the true one).
fn ecliptic_place(ephemeris: &Ephemeris, jd: JulianDay, point: PointId) -> Result<BodyPosition, EphemerisError> {
    match (point, point.body()) {
        (PointId::SouthNode, _) => {
            let north = ephemeris.position(
                jd,
                PointId::TrueNode.body().ok_or(EphemerisError::Computation("no node".into()))?,
                Observer::Geocentric,
            )?;
            Ok(BodyPosition { longitude: normalize_degrees(north.longitude + 180.0), latitude: -north.latitude, ..north })
        }
        (_, Some(body)) => ephemeris.position(jd, body, Observer::Geocentric),
        (_, None) => Err(EphemerisError::Computation(format!("{} has no place of its own in the sky", point.id()))),
    }
}

/// Every line of every point asked for.
pub fn astrocartography(ephemeris: &Ephemeris, input: &MapInput) -> Result<Astrocartography, EphemerisError> {
    let jd = input.instant;
    ephemeris.check_supported(jd)?;
    let obliquity = ephemeris.true_obliquity(jd)?;
    let sidereal_degrees = ephemeris.apparent_sidereal_degrees(jd);
    let mut sources = BTreeSet::new();
    let mut places = Vec::with_capacity(input.points.len());
    for &point in &input.points {
        let position = ecliptic_place(ephemeris, jd, point)?;
        sources.insert(position.source);
        let latitude = match input.mode {
            MapMode::Mundo => position.latitude,
            MapMode::Zodiacal => 0.0,
        };
        let (right_ascension, declination) = equatorial_of(position.longitude, latitude, obliquity);
        places.push(SkyPlace { point, longitude: position.longitude, latitude: position.latitude, right_ascension, declination });
    }
    let lines = places.iter().flat_map(|place| lines_of(place, sidereal_degrees, &input.angles)).collect();
    Ok(Astrocartography { sidereal_degrees, obliquity, places, lines, sources })
}

/// A body's place from its right ascension and declination alone, for the
/// tests of the lines, distances and local space.
#[cfg(test)]
pub(crate) fn place(ra: f64, dec: f64) -> SkyPlace {
    SkyPlace { point: PointId::Sun, longitude: 0.0, latitude: 0.0, right_ascension: ra, declination: dec }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn meridians_and_horizon_lines_follow_the_formula() {
        let lines = lines_of(&place(100.0, 20.0), 30.0, &MapAngle::ALL);
        let mc = &lines[0].segments[0];
        assert!(mc.iter().all(|p| (p[0] - 70.0).abs() < 1e-12) && mc.len() == 181);
        assert!((lines[1].segments[0][0][0] - -110.0).abs() < 1e-12, "IC opposite");
        // On the equator the body rises 90° of hour angle before culminating.
        let asc = &lines[2];
        let at_equator = asc.segments.iter().flatten().find(|p| p[1] == 0.0).unwrap();
        assert!((at_equator[0] - (70.0 - 90.0)).abs() < 1e-9);
        // The lines end where the body no longer sets, and meet there.
        assert_eq!(asc.latitude_limit, Some(70.0));
        let ends = |line: &MapLine| {
            let all: Vec<GeoPoint> = line.segments.iter().flatten().copied().collect();
            (all[0], *all.last().unwrap())
        };
        let (asc_south, asc_north) = ends(&lines[2]);
        let (dsc_south, dsc_north) = ends(&lines[3]);
        assert_eq!((asc_south[1], asc_north[1]), (-70.0, 70.0));
        assert!(
            (asc_north[0] - dsc_north[0]).abs() < 1e-6 && (asc_south[0] - dsc_south[0]).abs() < 1e-6,
            "{asc_south:?} {asc_north:?} {dsc_south:?} {dsc_north:?}"
        );
        // North, where a northern body is up longest, the rising is furthest west of the MC.
        assert!((asc_north[0] - -110.0).abs() < 1e-6, "{asc_north:?}");
    }

    #[test]
    fn lines_are_cut_at_the_antimeridian() {
        // MC at 179.5°E: the ASC line runs west of it, the DSC line crosses 180°.
        let lines = lines_of(&place(179.5, 10.0), 0.0, &[MapAngle::Dsc]);
        let dsc = &lines[0];
        assert!(dsc.segments.len() >= 2, "{:?}", dsc.segments.len());
        for pair in dsc.segments.windows(2) {
            let (end, start) = (pair[0].last().unwrap(), pair[1][0]);
            assert_eq!(end[0].abs(), 180.0);
            assert_eq!(end[0], -start[0]);
            assert!((end[1] - start[1]).abs() < 1e-12);
        }
        for point in dsc.segments.iter().flatten() {
            assert!((-180.0..=180.0).contains(&point[0]));
        }
        // The cut is on the line itself: the body on the horizon there, for
        // both lines, north and south declinations.
        for (ra, dec) in [(179.5, 10.0), (179.5, -23.0), (-179.7, 27.0), (0.4, -5.0)] {
            let body = place(ra, dec);
            let sidereal = if ra.abs() > 90.0 { 0.0 } else { 180.0 };
            for line in lines_of(&body, sidereal, &[MapAngle::Asc, MapAngle::Dsc]) {
                for end in line.segments.iter().flat_map(|s| [s[0], *s.last().unwrap()]).filter(|p| p[0].abs() == 180.0) {
                    let h = (sidereal + end[0] - ra).to_radians();
                    let (phi, delta) = (end[1].to_radians(), dec.to_radians());
                    let altitude = (phi.sin() * delta.sin() + phi.cos() * delta.cos() * h.cos()).asin().to_degrees();
                    assert!(altitude.abs() < 1e-9, "{ra} {dec} {:?} at {end:?}: {altitude}", line.angle);
                }
            }
        }
    }

    #[test]
    fn the_ends_meet_at_the_limit_even_a_hair_above_a_whole_degree() {
        for dec in [21.0 - 5e-10, 0.0009, -0.0009, 45.0] {
            let lines = lines_of(&place(10.0, dec), 0.0, &[MapAngle::Asc, MapAngle::Dsc]);
            let ends = |line: &MapLine| {
                let all: Vec<GeoPoint> = line.segments.iter().flatten().copied().collect();
                (all[0], *all.last().unwrap())
            };
            let ((a0, a1), (d0, d1)) = (ends(&lines[0]), ends(&lines[1]));
            assert_eq!((a0[1], a1[1]), (-(90.0 - dec.abs()), 90.0 - dec.abs()), "{dec}");
            assert!(
                east_longitude(a0[0] - d0[0]).abs() < 1e-9 && east_longitude(a1[0] - d1[0]).abs() < 1e-9,
                "{dec}: {a0:?} {d0:?} {a1:?} {d1:?}"
            );
        }
    }

    #[test]
    fn a_body_on_the_equator_rises_everywhere_but_the_poles() {
        let lines = lines_of(&place(0.0, 0.0), 0.0, &[MapAngle::Asc]);
        let all: Vec<GeoPoint> = lines[0].segments.iter().flatten().copied().collect();
        assert!(all.iter().all(|p| (p[0] - -90.0).abs() < 1e-9), "rises 90° west of its MC at every latitude");
        assert!(all.last().unwrap()[1] > 89.99);
    }
}
