//! Solar and lunar returns: the instant the Sun (Moon) comes back to its
//! natal longitude, found by Newton's method on the ephemeris (the
//! longitude's own speed is the derivative), not by stepping.

use crate::astro::ephemeris::{Body, Ephemeris, EphemerisError, Observer};
use crate::astro::frame::Zodiac;
use crate::astro::time::JulianDay;
use crate::astro::zodiac::{normalize_degrees, signed_arc};

/// Solved to well under a second (1e-8 day ≈ 1 ms).
const TOLERANCE_DAYS: f64 = 1e-8;
const MAX_ITERATIONS: usize = 30;
/// The tropical year and the Moon's mean tropical month, for first guesses.
const TROPICAL_YEAR: f64 = 365.242_189;
const TROPICAL_MONTH: f64 = 27.321_582;

/// The instant near `guess` when `body` (geocentric, apparent) is at
/// `longitude` of `zodiac` (a sidereal return comes back to the sidereal
/// longitude, later than the tropical one by the precession since birth).
/// The Sun and Moon never station, so the longitude is monotonic and
/// Newton converges from within a few days.
pub fn crossing(ephemeris: &Ephemeris, body: Body, longitude: f64, guess: JulianDay, zodiac: Zodiac) -> Result<JulianDay, EphemerisError> {
    let mut t = guess.0;
    for _ in 0..MAX_ITERATIONS {
        let position = ephemeris.position_in(JulianDay(t), body, Observer::Geocentric, zodiac)?;
        let step = signed_arc(position.longitude - longitude) / position.speed_longitude;
        t -= step;
        if step.abs() < TOLERANCE_DAYS {
            return Ok(JulianDay(t));
        }
    }
    Err(EphemerisError::Computation(format!("no convergence for {body:?} at {longitude}")))
}

/// The solar return of the year starting at `birth` + `years` tropical years:
/// the crossing nearest to that anniversary.
pub fn solar_return(
    ephemeris: &Ephemeris,
    birth: JulianDay,
    natal_sun: f64,
    years: i32,
    zodiac: Zodiac,
) -> Result<JulianDay, EphemerisError> {
    let guess = JulianDay(birth.0 + f64::from(years) * TROPICAL_YEAR);
    ephemeris.check_supported(guess)?;
    crossing(ephemeris, Body::Sun, natal_sun, guess, zodiac)
}

/// The first lunar return at or after `from`.
pub fn lunar_return(ephemeris: &Ephemeris, natal_moon: f64, from: JulianDay, zodiac: Zodiac) -> Result<JulianDay, EphemerisError> {
    let moon = ephemeris.position_in(from, Body::Moon, Observer::Geocentric, zodiac)?;
    // How far the Moon still has to go, at its current speed.
    let ahead = normalize_degrees(natal_moon - moon.longitude);
    let mut found = crossing(ephemeris, Body::Moon, natal_moon, JulianDay(from.0 + ahead / moon.speed_longitude), zodiac)?;
    if found.0 < from.0 {
        // Only when the Moon stands on its natal place at `from` within the
        // solver's noise: take the next one.
        found = crossing(ephemeris, Body::Moon, natal_moon, JulianDay(found.0 + TROPICAL_MONTH), zodiac)?;
    }
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn returns_land_on_the_natal_longitude() {
        let ephemeris = Ephemeris::with_embedded_files().unwrap();
        let birth = JulianDay(2_447_657.020_833); // 1989-05-11 12:30 UT
        let natal_sun = ephemeris.position(birth, Body::Sun, Observer::Geocentric).unwrap().longitude;
        for years in [1, 10, 35] {
            let back = solar_return(&ephemeris, birth, natal_sun, years, Zodiac::Tropical).unwrap();
            let sun = ephemeris.position(back, Body::Sun, Observer::Geocentric).unwrap();
            // One second of solar motion is about 0.04″.
            assert!(signed_arc(sun.longitude - natal_sun).abs() * 3600.0 < 0.04, "{years}: {}", sun.longitude);
            assert!((back.0 - birth.0 - f64::from(years) * TROPICAL_YEAR).abs() < 2.0);
        }
        let natal_moon = ephemeris.position(birth, Body::Moon, Observer::Geocentric).unwrap().longitude;
        let from = JulianDay(2_460_000.5);
        let back = lunar_return(&ephemeris, natal_moon, from, Zodiac::Tropical).unwrap();
        assert!(back.0 >= from.0 && back.0 < from.0 + 28.0);
        let moon = ephemeris.position(back, Body::Moon, Observer::Geocentric).unwrap();
        assert!(signed_arc(moon.longitude - natal_moon).abs() * 3600.0 < 0.6);
        // Starting exactly at a return gives that return, not the next one.
        let again = lunar_return(&ephemeris, natal_moon, back, Zodiac::Tropical).unwrap();
        assert!((again.0 - back.0).abs() < 1e-6 || again.0 - back.0 > 27.0);
    }
}
