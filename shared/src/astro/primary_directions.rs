//! Primary directions: the daily turning of the sky after birth, a degree of
//! right ascension across the meridian for about a year of life, carries
//! each promissor (a planet, or the point of its aspect) to the place a
//! significator (the ascendant, midheaven, Sun or Moon) held at birth.
//!
//! A place in the sky is a "mundane position", measured the way a house
//! system divides the sphere. With the hour angle H (west of the upper
//! meridian, H = ARMC − right ascension), the declination δ and the
//! geographic latitude φ:
//!
//! - Placidus (semi-arcs): the ascensional difference AD = asin(tan φ tan δ)
//!   gives the diurnal semi-arc DSA = 90° + AD and the nocturnal NSA = 90° − AD.
//!   Above the horizon the position is H / DSA quadrants from the upper
//!   meridian; below it, the quadrants past the horizon are counted in NSA
//!   (from the descendant on, and back from the ascendant). The ascendant is
//!   −1, the midheaven 0, the descendant 1, the lower meridian ±2.
//! - Regiomontanus: the circle of position through the north and south
//!   points of the horizon and the point meets the equator at
//!   He = atan2(sin H, cos H + tan φ tan δ), and the position is He / 90°.
//!
//! The promissor keeps its right ascension and declination while the sky
//! turns, so the ARMC that brings it to a position follows by inverting the
//! position for its own declination: H = DSA·p above the horizon and the
//! NSA pieces below (Placidus), H = He + asin(tan φ tan δ · sin He)
//! (Regiomontanus). The arc of direction is the ARMC increase from birth to
//! that moment (direct); a converse direction carries the promissor against
//! the primary motion to the same place, arc = (H_promissor − H_target) mod
//! 360°. A key turns the arc into years: Naibod's 0.98564733° a year (the
//! Sun's mean daily motion) or Ptolemy's one degree; the date is birth + age
//! × 365.2422 days. References: Placidus de Titis, *Primum Mobile* (1657);
//! Gansten, *Primary Directions* (2009), ch. 3–5; the Swiss Ephemeris'
//! `swe_house_pos`, which places a point in the same two systems.
//!
//! Zodiacal directions (the default) direct ecliptic points without
//! latitude: the promissor's longitude for the conjunction, +180° for the
//! opposition, and both sides of each other aspect (sinister +60°/+90°/+120°
//! in the order of signs, dexter the other way); the Sun and Moon as
//! significators also without latitude. Mundane directions use the bodies'
//! true positions (latitude included) and take the aspects among the houses:
//! a mundane square is a quadrant, a sextile two thirds of one.
//!
//! A point that never rises or sets at the birth latitude (circumpolar:
//! |tan φ tan δ| ≥ 1) has no semi-arc: under Placidus it has a place only on
//! the meridians, so it can be directed to the midheaven (and opposite it)
//! but not to the ascendant, and a circumpolar Sun or Moon is no
//! significator. Regiomontanus places every point, but a circumpolar one
//! reaches only some circles of position (twice a day, or never). What
//! cannot be reached is listed as unreachable, not guessed. The poles are
//! measured a hair off them (89.999999°), as the houses' angles are.

use crate::astro::aspect::AspectKind;
use crate::astro::chart::solar_arc::{NAIBOD_DEGREES_PER_YEAR, TROPICAL_YEAR_DAYS};
use crate::astro::ephemeris::{Ephemeris, EphemerisError, Observer, equatorial_of};
use crate::astro::house::HouseSystem;
use crate::astro::point::PointId;
use crate::astro::time::JulianDay;
use crate::astro::zodiac::{normalize_degrees, signed_arc};

/// How the sphere is divided to say where a point stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum DirectionMethod {
    /// Placidus' semi-arcs.
    #[default]
    Placidus,
    /// Regiomontanus' circles of position.
    Regiomontanus,
}

impl DirectionMethod {
    pub const ALL: [Self; 2] = [Self::Placidus, Self::Regiomontanus];

    pub fn id(self) -> &'static str {
        match self {
            Self::Placidus => "placidus",
            Self::Regiomontanus => "regiomontanus",
        }
    }

    pub fn parse(id: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|method| method.id() == id)
    }
}

/// How an arc of direction becomes years of life.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum DirectionKey {
    /// The Sun's mean daily motion, 0.98564733°, a year.
    #[default]
    Naibod,
    /// One degree a year.
    Ptolemy,
}

impl DirectionKey {
    pub const ALL: [Self; 2] = [Self::Naibod, Self::Ptolemy];

    pub fn id(self) -> &'static str {
        match self {
            Self::Naibod => "naibod",
            Self::Ptolemy => "ptolemy",
        }
    }

    pub fn parse(id: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|key| key.id() == id)
    }

    pub fn degrees_per_year(self) -> f64 {
        match self {
            Self::Naibod => NAIBOD_DEGREES_PER_YEAR,
            Self::Ptolemy => 1.0,
        }
    }
}

/// What a direction is to: the two angles and the two lights.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Significator {
    Ascendant,
    Midheaven,
    Sun,
    Moon,
}

impl Significator {
    pub const ALL: [Self; 4] = [Self::Ascendant, Self::Midheaven, Self::Sun, Self::Moon];

    pub fn id(self) -> &'static str {
        match self {
            Self::Ascendant => "ascendant",
            Self::Midheaven => "midheaven",
            Self::Sun => "sun",
            Self::Moon => "moon",
        }
    }

    fn light(self) -> Option<PointId> {
        match self {
            Self::Sun => Some(PointId::Sun),
            Self::Moon => Some(PointId::Moon),
            Self::Ascendant | Self::Midheaven => None,
        }
    }
}

/// Which side of the promissor an aspect is cast to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum AspectSide {
    /// Forward in the order of signs (the promissor's longitude + the aspect).
    Sinister,
    /// Against the order of signs.
    Dexter,
}

impl AspectSide {
    pub fn id(self) -> &'static str {
        match self {
            Self::Sinister => "sinister",
            Self::Dexter => "dexter",
        }
    }
}

/// With the primary motion (the sky turning west) or against it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Motion {
    Direct,
    Converse,
}

impl Motion {
    pub fn id(self) -> &'static str {
        match self {
            Self::Direct => "direct",
            Self::Converse => "converse",
        }
    }
}

/// The promissors: the Sun to Pluto.
pub const PROMISSORS: [PointId; 10] = PointId::PLANETS;

/// One promissor's aspect to one significator.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct DirectionPair {
    pub promissor: PointId,
    pub aspect: AspectKind,
    /// `None` for the conjunction and the opposition.
    pub side: Option<AspectSide>,
    pub significator: Significator,
}

impl DirectionPair {
    /// Degrees the aspect is cast forward in the order of signs (or among
    /// the houses, in mundo).
    fn offset(self) -> f64 {
        match self.side {
            Some(AspectSide::Dexter) => -self.aspect.angle(),
            Some(AspectSide::Sinister) | None => self.aspect.angle(),
        }
    }
}

/// Every pair directed: each promissor's conjunction, opposition and both
/// sides of its sextile, square and trine, to each significator other than
/// itself (the Sun is not directed to the Sun).
pub fn direction_pairs() -> Vec<DirectionPair> {
    let mut pairs = Vec::new();
    for significator in Significator::ALL {
        for promissor in PROMISSORS {
            if significator.light() == Some(promissor) {
                continue;
            }
            for aspect in [AspectKind::Conjunction, AspectKind::Sextile, AspectKind::Square, AspectKind::Trine, AspectKind::Opposition] {
                let sides: &[Option<AspectSide>] = match aspect {
                    AspectKind::Conjunction | AspectKind::Opposition => &[None],
                    _ => &[Some(AspectSide::Sinister), Some(AspectSide::Dexter)],
                };
                for &side in sides {
                    pairs.push(DirectionPair { promissor, aspect, side, significator });
                }
            }
        }
    }
    pairs
}

/// The sky at birth as the directions need it: the local sidereal angle,
/// the latitude, the true obliquity and the promissors' ecliptic positions
/// of date (geocentric, apparent; the Moon's too).
#[derive(Debug, Clone)]
pub struct BirthSky {
    pub armc: f64,
    pub latitude: f64,
    pub obliquity: f64,
    /// Longitude and latitude of each of [`PROMISSORS`], in that order.
    pub bodies: Vec<(PointId, f64, f64)>,
}

impl BirthSky {
    pub fn at(ephemeris: &Ephemeris, instant: JulianDay, latitude: f64, longitude: f64) -> Result<Self, EphemerisError> {
        let obliquity = ephemeris.true_obliquity(instant)?;
        // The ARMC is the local sidereal time as an angle, the same in every house system.
        let armc = ephemeris.houses(instant, latitude, longitude, HouseSystem::Placidus)?.armc;
        let bodies = PROMISSORS
            .iter()
            .map(|&point| {
                let body = point.body().ok_or_else(|| EphemerisError::Computation(format!("{} is not a body", point.id())))?;
                let position = ephemeris.position(instant, body, Observer::Geocentric)?;
                Ok((point, position.longitude, position.latitude))
            })
            .collect::<Result<Vec<_>, EphemerisError>>()?;
        Ok(Self { armc, latitude, obliquity, bodies })
    }

    fn body(&self, point: PointId) -> Option<(f64, f64)> {
        self.bodies.iter().find(|(p, ..)| *p == point).map(|&(_, longitude, latitude)| (longitude, latitude))
    }

    /// Hour angle (west of the upper meridian, −180..180) and declination
    /// of an ecliptic position.
    fn hour_angle_and_declination(&self, longitude: f64, latitude: f64) -> (f64, f64) {
        let (right_ascension, declination) = equatorial_of(longitude, latitude, self.obliquity);
        (signed_arc(self.armc - right_ascension), declination)
    }
}

/// The latitude the sphere is measured at: a hair off the poles, as the
/// houses' angles are (`astronomical_angles`), where tan φ stays finite.
fn measured_latitude(latitude: f64) -> f64 {
    latitude.clamp(-89.999_999, 89.999_999)
}

/// tan φ · tan δ: beyond ±1 the point never crosses the horizon (it is
/// circumpolar, always above or always below).
fn horizon_ratio(declination: f64, latitude: f64) -> f64 {
    measured_latitude(latitude).to_radians().tan() * declination.to_radians().tan()
}

/// The semi-arcs (diurnal, nocturnal) of a point that rises and sets.
fn semi_arcs(ratio: f64) -> Option<(f64, f64)> {
    (ratio.abs() < 1.0).then(|| {
        let diurnal = 90.0 + ratio.asin().to_degrees();
        (diurnal, 180.0 - diurnal)
    })
}

/// Where a point at `hour_angle` with `declination` stands, in quadrants
/// west of the upper meridian (−2..2: −1 the ascendant, 0 the midheaven, 1
/// the descendant). Placidus has no place for a circumpolar point (it has
/// no semi-arcs); Regiomontanus places every point.
pub fn mundane_position(method: DirectionMethod, hour_angle: f64, declination: f64, latitude: f64) -> Option<f64> {
    let ratio = horizon_ratio(declination, latitude);
    let hour_angle = signed_arc(hour_angle);
    match method {
        DirectionMethod::Placidus => {
            let (diurnal, nocturnal) = semi_arcs(ratio)?;
            Some(if hour_angle.abs() <= diurnal {
                hour_angle / diurnal
            } else if hour_angle > 0.0 {
                1.0 + (hour_angle - diurnal) / nocturnal
            } else {
                -1.0 + (hour_angle + diurnal) / nocturnal
            })
        }
        DirectionMethod::Regiomontanus => {
            let h = hour_angle.to_radians();
            Some(h.sin().atan2(h.cos() + ratio).to_degrees() / 90.0)
        }
    }
}

/// How close a place must come to count as reached (quadrants): the
/// meridians exactly; a Regiomontanus circle to the rounding of atan2.
const SAME_PLACE: f64 = 1e-9;
const ON_CIRCLE: f64 = 1e-7;

/// The hour angles at which a point of `declination` stands at `position`
/// (quadrants, as [`mundane_position`]), the inverse of that map: one for a
/// point that rises and sets. A circumpolar point crosses the meridians
/// (positions 0 and ±2) in both methods; under Placidus it has no other
/// place, under Regiomontanus it may cross another circle of position
/// twice a day or never.
pub fn hour_angles_at(method: DirectionMethod, position: f64, declination: f64, latitude: f64) -> [Option<f64>; 2] {
    let ratio = horizon_ratio(declination, latitude);
    // (−2, 2]
    let position = signed_arc(position * 90.0) / 90.0;
    match method {
        DirectionMethod::Placidus => match semi_arcs(ratio) {
            Some((diurnal, nocturnal)) => [
                Some(if position.abs() <= 1.0 {
                    position * diurnal
                } else if position > 0.0 {
                    diurnal + (position - 1.0) * nocturnal
                } else {
                    -diurnal + (position + 1.0) * nocturnal
                }),
                None,
            ],
            None if position.abs() < SAME_PLACE => [Some(0.0), None],
            None if (position.abs() - 2.0).abs() < SAME_PLACE => [Some(180.0), None],
            None => [None, None],
        },
        DirectionMethod::Regiomontanus => {
            // tan He = sin H / (cos H + r) gives sin(H − He) = r sin He: two
            // hour angles at most, each kept only if it is on this side of
            // the circle (He, not He + 180°).
            let equator = position * 90.0;
            let sine = ratio * equator.to_radians().sin();
            if !sine.is_finite() || sine.abs() > 1.0 {
                return [None, None];
            }
            let shift = sine.asin().to_degrees();
            let on_circle = |hour_angle: f64| {
                mundane_position(method, hour_angle, declination, latitude)
                    .filter(|&p| (signed_arc((p - position) * 90.0) / 90.0).abs() < ON_CIRCLE)
                    .map(|_| signed_arc(hour_angle))
            };
            let first = on_circle(equator + shift);
            let second = on_circle(equator + 180.0 - shift).filter(|&h| first.is_none_or(|f| (signed_arc(h - f)).abs() > 1e-9));
            [first, second]
        }
    }
}

/// One direction: the pair, its motion and its arc (degrees of the ARMC,
/// 0..360).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PrimaryDirection {
    pub pair: DirectionPair,
    pub motion: Motion,
    pub arc: f64,
}

/// The arc of every pair by `method`, with the primary motion or against
/// it; apart, the pairs a circumpolar point makes unreachable.
pub fn arcs(sky: &BirthSky, method: DirectionMethod, zodiacal: bool, motion: Motion) -> (Vec<PrimaryDirection>, Vec<DirectionPair>) {
    let mut directions = Vec::new();
    let mut unreachable = Vec::new();
    for pair in direction_pairs() {
        match arc_of(sky, method, zodiacal, motion, pair) {
            Some(arc) => directions.push(PrimaryDirection { pair, motion, arc }),
            None => unreachable.push(pair),
        }
    }
    (directions, unreachable)
}

fn arc_of(sky: &BirthSky, method: DirectionMethod, zodiacal: bool, motion: Motion, pair: DirectionPair) -> Option<f64> {
    let latitude = sky.latitude;
    let significator_position = match pair.significator {
        Significator::Ascendant => -1.0,
        Significator::Midheaven => 0.0,
        Significator::Sun | Significator::Moon => {
            let light = pair.significator.light()?;
            let (longitude, ecliptic_latitude) = sky.body(light)?;
            let (hour_angle, declination) = sky.hour_angle_and_declination(longitude, if zodiacal { 0.0 } else { ecliptic_latitude });
            mundane_position(method, hour_angle, declination, latitude)?
        }
    };
    let (longitude, ecliptic_latitude) = sky.body(pair.promissor)?;
    let (promissor, target) = if zodiacal {
        // The aspect's point in the zodiac, without latitude, to the significator's place.
        (sky.hour_angle_and_declination(normalize_degrees(longitude + pair.offset()), 0.0), significator_position)
    } else {
        // The body itself to the place its aspect falls among the houses: a
        // sinister aspect cast forward (toward higher houses, lower
        // positions) reaches the significator from the promissor's place
        // that far behind it.
        (sky.hour_angle_and_declination(longitude, ecliptic_latitude), significator_position + pair.offset() / 90.0)
    };
    let (hour_angle, declination) = promissor;
    // The first moment, turning this way, that the promissor stands there.
    hour_angles_at(method, target, declination, latitude)
        .into_iter()
        .flatten()
        .map(|target_hour_angle| match motion {
            Motion::Direct => normalize_degrees(target_hour_angle - hour_angle),
            Motion::Converse => normalize_degrees(hour_angle - target_hour_angle),
        })
        .min_by(f64::total_cmp)
}

/// What the client asks for.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DirectionRequest {
    pub method: DirectionMethod,
    pub key: DirectionKey,
    pub zodiacal: bool,
    /// Converse directions too (each direction says its motion).
    pub converse: bool,
    pub from_age: f64,
    pub to_age: f64,
}

/// A direction and when it falls.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DatedDirection {
    pub direction: PrimaryDirection,
    /// Years of life: arc / key.
    pub age: f64,
    /// Birth + age × [`TROPICAL_YEAR_DAYS`].
    pub instant: JulianDay,
}

#[derive(Debug, Clone)]
pub struct PrimaryDirections {
    /// Every direction whose age lies in the requested span, by date.
    pub directions: Vec<DatedDirection>,
    /// Pairs left out: their promissor or significator never rises or sets
    /// at the birth latitude.
    pub unreachable: Vec<DirectionPair>,
}

/// The directions of the sky of `birth` whose ages fall in the request's span.
pub fn primary_directions(sky: &BirthSky, birth: JulianDay, request: &DirectionRequest) -> PrimaryDirections {
    let motions: &[Motion] = if request.converse { &[Motion::Direct, Motion::Converse] } else { &[Motion::Direct] };
    let mut directions = Vec::new();
    let mut unreachable = Vec::new();
    for &motion in motions {
        let (found, left_out) = arcs(sky, request.method, request.zodiacal, motion);
        if motion == Motion::Direct {
            unreachable = left_out;
        }
        directions.extend(found.into_iter().filter_map(|direction| {
            let age = direction.arc / request.key.degrees_per_year();
            (request.from_age..=request.to_age).contains(&age).then_some(DatedDirection {
                direction,
                age,
                instant: JulianDay(birth.0 + age * TROPICAL_YEAR_DAYS),
            })
        }));
    }
    directions.sort_by(|a, b| a.age.total_cmp(&b.age).then(a.direction.pair.cmp(&b.direction.pair)));
    PrimaryDirections { directions, unreachable }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn methods_and_keys_read_back_from_their_ids() {
        for method in DirectionMethod::ALL {
            assert_eq!(DirectionMethod::parse(method.id()), Some(method));
        }
        for key in DirectionKey::ALL {
            assert_eq!(DirectionKey::parse(key.id()), Some(key));
        }
        assert_eq!(DirectionMethod::parse("koch"), None);
    }

    #[test]
    fn positions_invert_to_their_hour_angles() {
        for method in DirectionMethod::ALL {
            for declination in [-25.0, -5.0, 0.0, 12.0, 27.5] {
                for step in 0..72 {
                    let hour_angle = -177.5 + f64::from(step) * 5.0;
                    let position = mundane_position(method, hour_angle, declination, 51.5).unwrap();
                    let [back, other] = hour_angles_at(method, position, declination, 51.5);
                    let back = back.unwrap();
                    assert_eq!(other, None, "a point that rises and sets is there once a day");
                    assert!((signed_arc(back - hour_angle)).abs() < 1e-9, "{method:?} δ {declination} H {hour_angle}: {back}");
                }
            }
        }
    }

    #[test]
    fn the_horizon_and_meridians_are_the_quadrant_marks_in_both_methods() {
        let (latitude, declination) = (40.0f64, 18.0f64);
        let ascensional_difference = (latitude.to_radians().tan() * declination.to_radians().tan()).asin().to_degrees();
        let setting = 90.0 + ascensional_difference;
        for method in DirectionMethod::ALL {
            let at = |h: f64| mundane_position(method, h, declination, latitude).unwrap();
            assert!(at(0.0).abs() < 1e-12);
            assert!((at(setting) - 1.0).abs() < 1e-9, "{method:?} setting {}", at(setting));
            assert!((at(-setting) + 1.0).abs() < 1e-9, "{method:?} rising {}", at(-setting));
            assert!((at(180.0).abs() - 2.0).abs() < 1e-9);
        }
    }

    #[test]
    fn a_circumpolar_point_crosses_the_meridians_and_under_regiomontanus_other_circles() {
        // At 70° N a declination of 25° never sets.
        let placidus = DirectionMethod::Placidus;
        assert_eq!(mundane_position(placidus, 10.0, 25.0, 70.0), None);
        assert_eq!(hour_angles_at(placidus, 0.0, 25.0, 70.0), [Some(0.0), None]);
        assert_eq!(hour_angles_at(placidus, -2.0, 25.0, 70.0), [Some(180.0), None]);
        assert_eq!(hour_angles_at(placidus, 0.5, 25.0, 70.0), [None, None]);
        // Regiomontanus places it everywhere on its circle; each hour angle
        // found for a place maps back to that place.
        let regio = DirectionMethod::Regiomontanus;
        let mut crossings = 0;
        for step in 0..80 {
            let position = -1.975 + f64::from(step) * 0.05;
            for hour_angle in hour_angles_at(regio, position, 25.0, 70.0).into_iter().flatten() {
                let back = mundane_position(regio, hour_angle, 25.0, 70.0).unwrap();
                assert!((signed_arc((back - position) * 90.0)).abs() < 1e-6, "{position}: {hour_angle} → {back}");
                crossings += 1;
            }
        }
        assert!(crossings > 0);
        // It never reaches the horizon.
        assert_eq!(hour_angles_at(regio, -1.0, 25.0, 70.0), [None, None]);
    }

    #[test]
    fn the_pole_is_measured_a_hair_off_it_and_answers_without_nan() {
        let sky = BirthSky { armc: 10.0, latitude: 90.0, obliquity: 23.44, bodies: PROMISSORS.iter().map(|&p| (p, 40.0, 2.0)).collect() };
        for method in DirectionMethod::ALL {
            for zodiacal in [true, false] {
                let (found, _) = arcs(&sky, method, zodiacal, Motion::Direct);
                assert!(found.iter().all(|d| d.arc.is_finite() && (0.0..360.0).contains(&d.arc)));
            }
        }
    }

    #[test]
    fn a_circumpolar_promissor_still_culminates() {
        // The midsummer Sun at 70° N never sets, yet reaches the midheaven
        // when the ARMC reaches its right ascension, in both methods.
        let sky = BirthSky { armc: 10.0, latitude: 70.0, obliquity: 23.44, bodies: PROMISSORS.iter().map(|&p| (p, 90.0, 0.0)).collect() };
        let pair =
            DirectionPair { promissor: PointId::Sun, aspect: AspectKind::Conjunction, side: None, significator: Significator::Midheaven };
        for method in DirectionMethod::ALL {
            assert!((arc_of(&sky, method, true, Motion::Direct, pair).unwrap() - 80.0).abs() < 1e-9, "{method:?}");
        }
        // ...but has no Placidian place on the horizon.
        let rising = DirectionPair { significator: Significator::Ascendant, ..pair };
        assert_eq!(arc_of(&sky, DirectionMethod::Placidus, true, Motion::Direct, rising), None);
    }

    #[test]
    fn the_midheaven_direction_is_the_difference_of_right_ascensions() {
        // Any method: a point reaches the upper meridian when the ARMC has
        // grown to its right ascension.
        let sky = BirthSky { armc: 100.0, latitude: 45.0, obliquity: 23.44, bodies: PROMISSORS.iter().map(|&p| (p, 150.0, 0.0)).collect() };
        let pair =
            DirectionPair { promissor: PointId::Mars, aspect: AspectKind::Conjunction, side: None, significator: Significator::Midheaven };
        let (right_ascension, _) = equatorial_of(150.0, 0.0, 23.44);
        for method in DirectionMethod::ALL {
            let arc = arc_of(&sky, method, true, Motion::Direct, pair).unwrap();
            assert!((arc - (right_ascension - 100.0)).abs() < 1e-9, "{method:?}: {arc}");
            let converse = arc_of(&sky, method, true, Motion::Converse, pair).unwrap();
            assert!((converse - (360.0 - arc)).abs() < 1e-9);
        }
    }

    #[test]
    fn pairs_cover_both_sides_and_skip_a_light_to_itself() {
        let pairs = direction_pairs();
        // 4 significators × 10 promissors × 8 aspect points, less the Sun and Moon to themselves.
        assert_eq!(pairs.len(), (4 * 10 - 2) * 8);
        assert!(!pairs.iter().any(|p| p.significator == Significator::Sun && p.promissor == PointId::Sun));
    }

    #[test]
    fn ages_outside_the_span_are_left_out_and_the_list_is_by_date() {
        let sky = BirthSky {
            armc: 200.0,
            latitude: 48.0,
            obliquity: 23.44,
            bodies: PROMISSORS.iter().enumerate().map(|(i, &p)| (p, i as f64 * 33.0, 1.0)).collect(),
        };
        let request = DirectionRequest {
            method: DirectionMethod::Placidus,
            key: DirectionKey::Ptolemy,
            zodiacal: true,
            converse: true,
            from_age: 20.0,
            to_age: 40.0,
        };
        let found = primary_directions(&sky, JulianDay(2_451_545.0), &request);
        assert!(!found.directions.is_empty());
        assert!(found.directions.iter().all(|d| (20.0..=40.0).contains(&d.age) && (d.age - d.direction.arc).abs() < 1e-12));
        assert!(found.directions.windows(2).all(|w| w[0].age <= w[1].age));
        assert!(found.directions.iter().any(|d| d.direction.motion == Motion::Converse));
    }
}
