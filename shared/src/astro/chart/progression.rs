//! Secondary progressions, day for a year: the sky `n` days after birth
//! stands for the life `n` years after birth.

use crate::astro::aspect::Aspect;
use crate::astro::chart::natal::{ChartInput, NatalChart};
use crate::astro::ephemeris::{Body, Ephemeris, EphemerisError, Observer};
use crate::astro::frame::Zodiac;
use crate::astro::point::PointId;
use crate::astro::time::JulianDay;
use crate::astro::zodiac::normalize_degrees;

/// The year of the day-for-a-year key: the mean tropical year, 365.242189
/// days (one day of ephemeris time per tropical year of life).
pub const YEAR_DAYS: f64 = 365.242_189;

/// How the progressed angles and houses move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ProgressedAngles {
    /// The natal midheaven advanced by the solar arc (progressed Sun minus
    /// natal Sun, in longitude), the other angles and cusps drawn from it at
    /// the birth latitude. The common default.
    #[default]
    SolarArc,
    /// Houses of the progressed instant at the birth place. The sidereal
    /// time then runs about 361° per progressed day, so the angles circle
    /// the zodiac once a year of life: for those who want it explicitly.
    ProgressedInstant,
}

impl ProgressedAngles {
    pub fn parse(id: &str) -> Option<Self> {
        match id {
            "solar_arc" => Some(Self::SolarArc),
            "progressed_instant" => Some(Self::ProgressedInstant),
            _ => None,
        }
    }

    pub fn id(self) -> &'static str {
        match self {
            Self::SolarArc => "solar_arc",
            Self::ProgressedInstant => "progressed_instant",
        }
    }
}

/// The progressed instant for `target`: birth + (target − birth) / year.
pub fn progressed_instant(birth: JulianDay, target: JulianDay) -> JulianDay {
    JulianDay(birth.0 + (target.0 - birth.0) / YEAR_DAYS)
}

#[derive(Debug, Clone)]
pub struct Progression {
    pub progressed_instant: JulianDay,
    pub natal: NatalChart,
    pub progressed: NatalChart,
    /// Progressed points (leading) to natal points.
    pub aspects_to_natal: Vec<Aspect<PointId>>,
    /// Progressed Sun minus natal Sun, degrees.
    pub solar_arc: f64,
}

/// `natal` is the birth chart's input; the progressed chart uses the same
/// place, points, house system and orbs.
pub fn progress(
    ephemeris: &Ephemeris,
    natal: &ChartInput,
    target: JulianDay,
    angles: ProgressedAngles,
) -> Result<Progression, EphemerisError> {
    let progressed_at = progressed_instant(natal.instant, target);
    let natal_chart = NatalChart::compute(ephemeris, natal)?;
    let progressed_input = ChartInput { instant: progressed_at, ..natal.clone() };

    let natal_sun = ephemeris.position(natal.instant, Body::Sun, Observer::Geocentric)?;
    let progressed_sun = ephemeris.position(progressed_at, Body::Sun, Observer::Geocentric)?;
    let solar_arc = normalize_degrees(progressed_sun.longitude - natal_sun.longitude);

    let progressed_chart = match angles {
        ProgressedAngles::ProgressedInstant => NatalChart::compute(ephemeris, &progressed_input)?,
        ProgressedAngles::SolarArc => {
            let obliquity = ephemeris.true_obliquity(progressed_at)?;
            // The arc moves the tropical midheaven (a right ascension needs
            // the equinox); a sidereal chart then measures the houses from
            // its zodiac's origin at the progressed instant.
            let natal_midheaven = match natal.frame.zodiac {
                Zodiac::Tropical => natal_chart.houses.midheaven,
                Zodiac::Sidereal(_) => ephemeris.houses(natal.instant, natal.latitude, natal.longitude, natal.house_system)?.midheaven,
            };
            let midheaven = normalize_degrees(natal_midheaven + solar_arc);
            let houses = ephemeris.houses_from_armc_in(
                right_ascension_on_ecliptic(midheaven, obliquity),
                natal.latitude,
                obliquity,
                natal.house_system,
                natal.frame.zodiac,
                progressed_at,
            )?;
            NatalChart::compute_with_houses(ephemeris, &progressed_input, houses)?
        }
    };

    // The natal chart stands still: only the progressed points' motion
    // decides whether an aspect to it is applying.
    let aspects_to_natal = progressed_chart.aspects_to(&natal_chart, &natal.orbs);
    Ok(Progression { progressed_instant: progressed_at, natal: natal_chart, progressed: progressed_chart, aspects_to_natal, solar_arc })
}

/// Right ascension of the ecliptic point at `longitude` (latitude 0): the
/// sidereal angle that puts that point on the meridian.
pub fn right_ascension_on_ecliptic(longitude: f64, obliquity: f64) -> f64 {
    let (lambda, eps) = (longitude.to_radians(), obliquity.to_radians());
    normalize_degrees((lambda.sin() * eps.cos()).atan2(lambda.cos()).to_degrees())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::astro::ephemeris::astronomical_angles;

    #[test]
    fn a_year_of_life_is_a_day_of_ephemeris() {
        let birth = JulianDay(2_447_000.0);
        assert!((progressed_instant(birth, JulianDay(birth.0 + YEAR_DAYS * 30.0)).0 - (birth.0 + 30.0)).abs() < 1e-9);
    }

    #[test]
    fn the_midheaven_of_the_right_ascension_is_the_point_itself() {
        for longitude in [0.0, 12.5, 89.9, 90.0, 135.0, 200.0, 270.0, 359.0] {
            let armc = right_ascension_on_ecliptic(longitude, 23.44);
            let (_, midheaven) = astronomical_angles(armc, 45.0, 23.44);
            let difference = (midheaven - longitude + 540.0).rem_euclid(360.0) - 180.0;
            assert!(difference.abs() < 1e-9, "{longitude}: {midheaven}");
        }
    }
}
