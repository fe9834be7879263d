//! Firdaria: the Persian periods of life. Nine periods of fixed length, in
//! an order set by the sect of the chart (a day or a night birth), 75 years
//! in all; each planet's period splits into seven equal sub-periods ruled
//! in turn by the seven planets in Chaldean order, starting with its own
//! lord. The nodes' periods have no sub-periods.

use crate::astro::analysis::CHALDEAN;
pub use crate::astro::analysis::Sect;
use crate::astro::ephemeris::{Body, Ephemeris, EphemerisError, Observer};
use crate::astro::house::HouseSystem;
use crate::astro::point::PointId;
use crate::astro::time::JulianDay;

/// The year of the periods: the Julian year, days.
pub const FIRDARIA_YEAR_DAYS: f64 = 365.25;

/// The lord of a period: one of the seven planets or a lunar node.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FirdarLord {
    Planet(PointId),
    NorthNode,
    SouthNode,
}

impl FirdarLord {
    pub fn id(self) -> &'static str {
        match self {
            Self::Planet(planet) => planet.id(),
            Self::NorthNode => "north_node",
            Self::SouthNode => "south_node",
        }
    }

    /// Years of the lord's period.
    pub fn years(self) -> f64 {
        match self {
            Self::Planet(PointId::Sun) => 10.0,
            Self::Planet(PointId::Venus) => 8.0,
            Self::Planet(PointId::Mercury) => 13.0,
            Self::Planet(PointId::Moon) => 9.0,
            Self::Planet(PointId::Saturn) => 11.0,
            Self::Planet(PointId::Jupiter) => 12.0,
            Self::Planet(PointId::Mars) => 7.0,
            Self::NorthNode => 3.0,
            Self::SouthNode => 2.0,
            // Only the seven planets and the nodes rule periods.
            Self::Planet(_) => 0.0,
        }
    }
}

const SUN: FirdarLord = FirdarLord::Planet(PointId::Sun);
const MOON: FirdarLord = FirdarLord::Planet(PointId::Moon);
const MERCURY: FirdarLord = FirdarLord::Planet(PointId::Mercury);
const VENUS: FirdarLord = FirdarLord::Planet(PointId::Venus);
const MARS: FirdarLord = FirdarLord::Planet(PointId::Mars);
const JUPITER: FirdarLord = FirdarLord::Planet(PointId::Jupiter);
const SATURN: FirdarLord = FirdarLord::Planet(PointId::Saturn);

const DAY_ORDER: [FirdarLord; 9] = [SUN, VENUS, MERCURY, MOON, SATURN, JUPITER, MARS, FirdarLord::NorthNode, FirdarLord::SouthNode];
const NIGHT_ORDER: [FirdarLord; 9] = [MOON, SATURN, JUPITER, MARS, SUN, VENUS, MERCURY, FirdarLord::NorthNode, FirdarLord::SouthNode];

/// A span of time ruled by one lord, `[start, end)`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Span {
    pub lord: FirdarLord,
    pub start: JulianDay,
    pub end: JulianDay,
}

impl Span {
    pub fn holds(&self, instant: JulianDay) -> bool {
        self.start.0 <= instant.0 && instant.0 < self.end.0
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct FirdarPeriod {
    pub span: Span,
    /// Seven for a planet, none for a node.
    pub sub_periods: Vec<Span>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Firdaria {
    pub sect: Sect,
    pub periods: Vec<FirdarPeriod>,
}

impl Firdaria {
    /// The period and sub-period (if any) holding `instant`; `None` before
    /// birth and after the last period (75 years).
    pub fn at(&self, instant: JulianDay) -> Option<(&FirdarPeriod, Option<&Span>)> {
        let period = self.periods.iter().find(|p| p.span.holds(instant))?;
        Some((period, period.sub_periods.iter().find(|s| s.holds(instant))))
    }
}

/// The sect of a birth: day when the Sun's centre is above the horizon
/// (true altitude, no refraction), night otherwise. Not by the houses: inside
/// the polar circles the half of the ecliptic above the horizon can be the
/// one from the ascendant to the descendant.
pub fn sect_at(ephemeris: &Ephemeris, birth: JulianDay, latitude: f64, longitude: f64) -> Result<Sect, EphemerisError> {
    let sun = ephemeris.position(birth, Body::Sun, Observer::Geocentric)?;
    let obliquity = ephemeris.true_obliquity(birth)?;
    // The local sidereal time as an angle; the same in every house system.
    let armc = ephemeris.houses(birth, latitude, longitude, HouseSystem::Placidus)?.armc;
    let altitude = true_altitude(sun.longitude, sun.latitude, obliquity, armc, latitude);
    Ok(if altitude > 0.0 { Sect::Day } else { Sect::Night })
}

/// The altitude, degrees, of an ecliptic position of date (longitude,
/// latitude) for the local sidereal angle `armc` at `latitude`.
fn true_altitude(ecliptic_longitude: f64, ecliptic_latitude: f64, obliquity: f64, armc: f64, latitude: f64) -> f64 {
    let (lambda, beta, epsilon) = (ecliptic_longitude.to_radians(), ecliptic_latitude.to_radians(), obliquity.to_radians());
    let declination = (beta.sin() * epsilon.cos() + beta.cos() * epsilon.sin() * lambda.sin()).asin();
    let right_ascension = (lambda.sin() * epsilon.cos() - beta.tan() * epsilon.sin()).atan2(lambda.cos());
    let hour_angle = armc.to_radians() - right_ascension;
    let phi = latitude.to_radians();
    (phi.sin() * declination.sin() + phi.cos() * declination.cos() * hour_angle.cos()).clamp(-1.0, 1.0).asin().to_degrees()
}

/// The nine periods from `birth`, with their sub-periods.
pub fn firdaria(birth: JulianDay, sect: Sect) -> Firdaria {
    let order = match sect {
        Sect::Day => DAY_ORDER,
        Sect::Night => NIGHT_ORDER,
    };
    let mut years = 0.0;
    let periods = order
        .iter()
        .map(|&lord| {
            let start = JulianDay(birth.0 + years * FIRDARIA_YEAR_DAYS);
            years += lord.years();
            let end = JulianDay(birth.0 + years * FIRDARIA_YEAR_DAYS);
            let ruling = match lord {
                FirdarLord::Planet(planet) => CHALDEAN.iter().position(|&p| p == planet),
                FirdarLord::NorthNode | FirdarLord::SouthNode => None,
            };
            let sub_periods = match ruling {
                None => Vec::new(),
                Some(first) => {
                    let length = (end.0 - start.0) / 7.0;
                    (0..7)
                        .map(|i| Span {
                            lord: FirdarLord::Planet(CHALDEAN[(first + i) % 7]),
                            start: JulianDay(start.0 + length * i as f64),
                            end: if i == 6 { end } else { JulianDay(start.0 + length * (i + 1) as f64) },
                        })
                        .collect()
                }
            };
            FirdarPeriod { span: Span { lord, start, end }, sub_periods }
        })
        .collect();
    Firdaria { sect, periods }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_polar_night_afternoon_is_a_night_birth() {
        // 78.2° N on 11 December 1990 at 13:30 UT: the Sun 13° below the
        // horizon, though the houses would put it above.
        let ephemeris = Ephemeris::with_embedded_files().unwrap();
        let birth = JulianDay(2_448_237.062_5);
        assert_eq!(sect_at(&ephemeris, birth, 78.2, 15.6).unwrap(), Sect::Night);
        // Rome, 11 May 1990 12:30 UT: the Sun high.
        assert_eq!(sect_at(&ephemeris, JulianDay(2_448_023.020_833), 41.9028, 12.4964).unwrap(), Sect::Day);
        let altitude = true_altitude(90.0, 0.0, 23.44, 90.0, 23.44);
        assert!((altitude - 90.0).abs() < 1e-9, "the solstice Sun on the meridian of the tropic: {altitude}");
    }

    #[test]
    fn the_periods_cover_seventy_five_years_without_gaps() {
        for sect in [Sect::Day, Sect::Night] {
            let birth = JulianDay(2_447_000.0);
            let firdaria = firdaria(birth, sect);
            assert_eq!(firdaria.periods.len(), 9);
            let mut edge = birth;
            for period in &firdaria.periods {
                assert_eq!(period.span.start, edge);
                edge = period.span.end;
                if let Some(first) = period.sub_periods.first() {
                    assert_eq!(first.lord, period.span.lord);
                    assert_eq!(period.sub_periods.len(), 7);
                    assert_eq!(period.sub_periods.last().unwrap().end, period.span.end);
                    for pair in period.sub_periods.windows(2) {
                        assert_eq!(pair[0].end, pair[1].start);
                    }
                }
            }
            assert!((edge.0 - birth.0 - 75.0 * FIRDARIA_YEAR_DAYS).abs() < 1e-6);
        }
    }

    #[test]
    fn the_suns_period_is_followed_by_venus_and_its_sub_periods_go_down_the_chaldean_order() {
        let day = firdaria(JulianDay(2_447_000.0), Sect::Day);
        let lords: Vec<_> = day.periods[0].sub_periods.iter().map(|s| s.lord).collect();
        assert_eq!(lords, [SUN, VENUS, MERCURY, MOON, SATURN, JUPITER, MARS]);
        assert_eq!(day.periods[1].span.lord, VENUS);
        let night = firdaria(JulianDay(2_447_000.0), Sect::Night);
        assert_eq!(night.periods[0].span.lord, MOON);
        assert!(night.periods[8].sub_periods.is_empty());
        let (period, sub) = night.at(JulianDay(2_447_000.0 + 11.0 * FIRDARIA_YEAR_DAYS)).unwrap();
        assert_eq!((period.span.lord, sub.map(|s| s.lord)), (SATURN, Some(JUPITER)));
        assert!(night.at(JulianDay(2_447_000.0 + 75.0 * FIRDARIA_YEAR_DAYS)).is_none());
    }
}
