//! The natal chart: the sky at a birth moment, seen from the birth place.

use std::collections::BTreeSet;

use crate::astro::aspect::{Aspect, Orbs, Placement, aspects_across, aspects_within};
use crate::astro::ephemeris::{AyanamsaValue, BodyPosition, Ephemeris, EphemerisError, EphemerisSource, HouseCusps, Observer};
use crate::astro::frame::{Frame, Perspective};
use crate::astro::house::{HouseSystem, house_of};
use crate::astro::point::{AngleId, PointId};
use crate::astro::time::JulianDay;
use crate::astro::zodiac::{ZodiacPosition, normalize_degrees};

/// Where the Moon is seen from. The Moon is close enough that the observer's
/// place shifts it by up to about a degree (parallax).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum MoonCenter {
    #[default]
    Topocentric,
    Geocentric,
}

impl MoonCenter {
    pub fn parse(id: &str) -> Option<Self> {
        match id {
            "topocentric" => Some(Self::Topocentric),
            "geocentric" => Some(Self::Geocentric),
            _ => None,
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct ChartInput {
    pub instant: JulianDay,
    pub latitude: f64,
    pub longitude: f64,
    pub house_system: HouseSystem,
    pub moon_center: MoonCenter,
    pub points: Vec<PointId>,
    pub orbs: Orbs,
    /// Zodiac and perspective (tropical and geocentric unless asked).
    pub frame: Frame,
}

impl ChartInput {
    /// The chart at `instant` and a place as the service casts it unless
    /// asked otherwise: the default points (Chiron where the ephemeris
    /// covers the date), the topocentric Moon, the default orbs.
    pub fn with_defaults(ephemeris: &Ephemeris, instant: JulianDay, latitude: f64, longitude: f64, house_system: HouseSystem) -> Self {
        Self {
            instant,
            latitude,
            longitude,
            house_system,
            moon_center: MoonCenter::default(),
            points: PointId::defaults(ephemeris.chiron_available_at(instant)),
            orbs: Orbs::default(),
            frame: Frame::default(),
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct PointPlacement {
    pub point: PointId,
    pub position: BodyPosition,
    pub zodiac: ZodiacPosition,
    pub house: u8,
    pub retrograde: bool,
}

#[derive(Debug, Clone, PartialEq)]
pub enum ChartWarning {
    /// The requested house system cannot be drawn at this latitude.
    HouseSystemReplaced { requested: HouseSystem, used: HouseSystem, latitude: f64 },
    /// Some positions come from the Moshier ephemeris (outside 1800–2399).
    MoshierEphemeris,
    /// Inside a polar circle the house system's tenth cusp is the imum
    /// coeli (Regiomontanus, Campanus, Topocentric keep zodiacal order so).
    PolarAngles { latitude: f64 },
    /// Chiron was asked for at an instant its data does not cover: the
    /// chart leaves it out rather than refusing the rest.
    ChironOmitted,
    /// Chiron was asked for as a transiting point in a period its data does
    /// not cover: the transits leave it out rather than refusing the rest.
    TransitingChironOmitted,
    /// An asteroid or Pholus asked for at an instant outside its data.
    AsteroidOmitted(PointId),
    /// Points with no place in the chart's perspective were left out.
    NotInPerspective { points: Vec<PointId>, perspective: Perspective },
}

impl std::fmt::Display for ChartWarning {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::HouseSystemReplaced { requested, used, latitude } => write!(
                f,
                "{} houses cannot be drawn at latitude {latitude:.4} (inside a polar circle); {} houses were used instead",
                requested.display_name(),
                used.display_name()
            ),
            Self::PolarAngles { latitude } => write!(
                f,
                "inside the polar circle (latitude {latitude:.4}) this house system keeps its cusps in zodiacal order by putting the imum coeli on the tenth cusp; the midheaven angle gives the ecliptic on the upper meridian"
            ),
            Self::ChironOmitted => f.write_str(
                "chiron was left out: its ephemeris (the asteroid file seas_18.se1) covers 1800-2399 only, and this chart's date is outside it",
            ),
            Self::TransitingChironOmitted => f.write_str(
                "chiron was left out of the transiting points: its ephemeris (the asteroid file seas_18.se1) covers 1800-2399 only, and this period reaches outside it",
            ),
            Self::AsteroidOmitted(point) => write!(
                f,
                "{} was left out: its ephemeris (the asteroid file seas_18.se1) covers 1800-2399 only, and this chart's date is outside it",
                point.id()
            ),
            Self::NotInPerspective { points, perspective } => write!(
                f,
                "{} left out: {} charts do not place them",
                points.iter().map(|p| p.id()).collect::<Vec<_>>().join(", "),
                perspective.id()
            ),
            Self::MoshierEphemeris => f.write_str(
                "this date is outside 1800-2399, the range of the Swiss Ephemeris files; positions come from the Moshier ephemeris (about 0.1\" for planets, 3\" for the Moon)",
            ),
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct NatalChart {
    pub points: Vec<PointPlacement>,
    pub angles: Vec<(AngleId, f64)>,
    pub houses: HouseCusps,
    pub aspects: Vec<Aspect<PointId>>,
    pub sources: BTreeSet<EphemerisSource>,
    pub warnings: Vec<ChartWarning>,
    /// The ayanamsa at the chart's instant, for sidereal charts.
    pub ayanamsa: Option<AyanamsaValue>,
}

impl NatalChart {
    /// The placements as the aspect search sees them.
    pub fn placements(&self) -> Vec<Placement<PointId>> {
        self.points
            .iter()
            .map(|p| Placement { point: p.point, longitude: p.position.longitude, speed: p.position.speed_longitude })
            .collect()
    }

    /// This chart's points against `still`'s, the other chart held still:
    /// `applying` follows this chart's motion alone, as when one chart's
    /// planets transit another's (synastry, transits, progressions and
    /// returns to the natal chart, every bi-wheel).
    pub fn aspects_to(&self, still: &NatalChart, orbs: &Orbs) -> Vec<Aspect<PointId>> {
        let held: Vec<Placement<PointId>> = still.placements().into_iter().map(|p| Placement { speed: 0.0, ..p }).collect();
        aspects_across(&self.placements(), &held, orbs)
    }

    pub fn position_of(&self, point: PointId) -> Option<&BodyPosition> {
        self.points.iter().find(|p| p.point == point).map(|p| &p.position)
    }

    pub fn compute(ephemeris: &Ephemeris, input: &ChartInput) -> Result<Self, EphemerisError> {
        let houses = ephemeris.houses_in(input.instant, input.latitude, input.longitude, input.house_system, input.frame.zodiac)?;
        Self::compute_with_houses(ephemeris, input, houses)
    }

    /// The chart for `input` with houses drawn otherwise (progressed charts
    /// move their angles by an arc).
    pub fn compute_with_houses(ephemeris: &Ephemeris, input: &ChartInput, houses: HouseCusps) -> Result<Self, EphemerisError> {
        ephemeris.check_supported(input.instant)?;
        let mut warnings = Vec::new();
        if houses.system_used != input.house_system {
            warnings.push(ChartWarning::HouseSystemReplaced {
                requested: input.house_system,
                used: houses.system_used,
                latitude: input.latitude,
            });
        }

        if houses.angles_differ_from_system {
            warnings.push(ChartWarning::PolarAngles { latitude: input.latitude });
        }
        let mut positions = Positions { ephemeris, input, houses: &houses, computed: Vec::with_capacity(input.points.len() + 2) };
        let mut points = Vec::with_capacity(input.points.len());
        let perspective = input.frame.perspective;
        let unseen: Vec<PointId> = input.points.iter().copied().filter(|p| !p.seen_from(perspective)).collect();
        if !unseen.is_empty() {
            warnings.push(ChartWarning::NotInPerspective { points: unseen, perspective });
        }
        let mut placed = Vec::with_capacity(input.points.len());
        for &point in input.points.iter().filter(|p| p.seen_from(perspective)) {
            if point.needs_asteroid_file() && ephemeris.chiron_available() && !ephemeris.chiron_available_at(input.instant) {
                warnings.push(if point == PointId::Chiron { ChartWarning::ChironOmitted } else { ChartWarning::AsteroidOmitted(point) });
                continue;
            }
            placed.push(point);
        }
        // The library keeps one instant's nutation for every position with
        // speeds; a topocentric body's three positions (its speed) replace
        // it, so those come last and the others share one (issue 37).
        for &point in &placed {
            if !positions.is_topocentric(point) {
                positions.of(point)?;
            }
        }
        for point in placed {
            let position = positions.of(point)?;
            let zodiac = ZodiacPosition::of(position.longitude);
            points.push(PointPlacement {
                point,
                position,
                zodiac,
                house: house_of(position.longitude, &houses.cusps),
                retrograde: position.speed_longitude < 0.0,
            });
        }

        let sources: BTreeSet<EphemerisSource> = positions.computed.iter().map(|(_, p)| p.source).collect();
        if sources.contains(&EphemerisSource::Moshier) {
            warnings.push(ChartWarning::MoshierEphemeris);
        }

        let placements: Vec<Placement<PointId>> = points
            .iter()
            .map(|p| Placement { point: p.point, longitude: p.position.longitude, speed: p.position.speed_longitude })
            .collect();
        let aspects = aspects_within(&placements, &input.orbs);
        let angles = vec![
            (AngleId::Ascendant, houses.ascendant),
            (AngleId::Midheaven, houses.midheaven),
            (AngleId::Descendant, normalize_degrees(houses.ascendant + 180.0)),
            (AngleId::ImumCoeli, normalize_degrees(houses.midheaven + 180.0)),
        ];
        let ayanamsa = match input.frame.zodiac.ayanamsa() {
            Some(ayanamsa) => Some(ephemeris.ayanamsa(input.instant, ayanamsa)?),
            None => None,
        };
        Ok(Self { points, angles, houses, aspects, sources, warnings, ayanamsa })
    }
}

/// Positions computed so far for one chart: derived points reuse the
/// bodies they need (the Part of Fortune needs the Sun and Moon even when
/// they were not asked for).
struct Positions<'a> {
    ephemeris: &'a Ephemeris,
    input: &'a ChartInput,
    houses: &'a HouseCusps,
    computed: Vec<(PointId, BodyPosition)>,
}

impl Positions<'_> {
    fn of(&mut self, point: PointId) -> Result<BodyPosition, EphemerisError> {
        if let Some((_, found)) = self.computed.iter().find(|(p, _)| *p == point) {
            return Ok(*found);
        }
        let position = match point {
            PointId::SouthNode => {
                let north = self.of(PointId::TrueNode)?;
                BodyPosition {
                    longitude: normalize_degrees(north.longitude + 180.0),
                    latitude: -north.latitude,
                    speed_latitude: -north.speed_latitude,
                    ..north
                }
            }
            PointId::PartOfFortune => self.lot(false)?,
            PointId::PartOfSpirit => self.lot(true)?,
            PointId::Vertex => fixed_point(self.houses.vertex, EphemerisSource::SwissFiles),
            body_point => {
                let body = body_point.body().ok_or_else(|| EphemerisError::Computation(format!("{} is not a body", body_point.id())))?;
                self.ephemeris.position_in(self.input.instant, body, self.observer_of(body_point), self.input.frame.zodiac)?
            }
        };
        self.computed.push((point, position));
        Ok(position)
    }

    /// Where a body is seen from in this chart.
    fn observer_of(&self, point: PointId) -> Observer {
        let here = Observer::Topocentric { longitude: self.input.longitude, latitude: self.input.latitude, altitude_m: 0.0 };
        match (self.input.frame.perspective, point, self.input.moon_center) {
            (Perspective::Heliocentric, ..) => Observer::Heliocentric,
            // The nodes and Lilith are points of the Moon's orbit,
            // not bodies: no parallax.
            (_, PointId::MeanNode | PointId::TrueNode | PointId::MeanLilith, _) => Observer::Geocentric,
            (Perspective::Topocentric, ..) | (Perspective::Geocentric, PointId::Moon, MoonCenter::Topocentric) => here,
            (Perspective::Geocentric, ..) => Observer::Geocentric,
        }
    }

    /// Whether `point` is a body seen from the birth place.
    fn is_topocentric(&self, point: PointId) -> bool {
        point.body().is_some() && matches!(self.observer_of(point), Observer::Topocentric { .. })
    }
}

impl Positions<'_> {
    /// The Part of Fortune (Ascendant + Moon − Sun by day, + Sun − Moon by
    /// night) or, `reversed`, the Part of Spirit (the other way round).
    fn lot(&mut self, reversed: bool) -> Result<BodyPosition, EphemerisError> {
        let sun = self.of(PointId::Sun)?;
        let moon = self.of(PointId::Moon)?;
        let ascendant = self.houses.ascendant;
        // Day chart when the Sun is above the horizon: between the
        // descendant and the ascendant (houses 7-12).
        let day = normalize_degrees(sun.longitude - ascendant) >= 180.0;
        let moon_first = day != reversed;
        let longitude = if moon_first { ascendant + moon.longitude - sun.longitude } else { ascendant + sun.longitude - moon.longitude };
        Ok(fixed_point(normalize_degrees(longitude), sun.source))
    }
}

/// A computed point with no speed of its own in this response.
fn fixed_point(longitude: f64, source: EphemerisSource) -> BodyPosition {
    BodyPosition { longitude, latitude: 0.0, distance: 0.0, speed_longitude: 0.0, speed_latitude: 0.0, speed_distance: 0.0, source }
}
