//! The panchang: the five limbs (anga) of a Hindu day, read at local
//! sunrise, each with the instant it ends, and the day's inauspicious
//! periods.
//!
//! # Conventions
//! - **The day** runs from the sunrise of the local calendar date to the
//!   next sunrise. Sunrise is the first rising of the Sun in the local day
//!   (00:00 to the next 00:00), by [`HorizonRule`]: the upper limb on the
//!   horizon with refraction by default (the moon-sun endpoint's rule), or
//!   the centre of the disc on the geometric horizon (the traditional Hindu
//!   rising). Sunset is the first setting after that sunrise (after local
//!   midnight, in a high-latitude summer). Moonrise and moonset are those
//!   of the local date as seen: the upper limb with refraction, whatever
//!   the sunrise rule.
//! - **Vara**: the weekday of the local date, Sunday (Ravi) first; it lasts
//!   to the next sunrise.
//! - **Tithi**: 1–30 from the elongation Moon − Sun / 12° (1–15 the bright
//!   half, shukla paksha; 16–30 the dark half, krishna paksha; 15 Purnima,
//!   30 Amavasya). The elongation needs no ayanamsa.
//! - **Karana**: the half-tithi, floor(elongation / 6°) + 1 of 60:
//!   Kimstughna 1; Bava, Balava, Kaulava, Taitila, Gara, Vanija, Vishti
//!   cycling 2–57; Shakuni, Chatushpada, Naga 58–60.
//! - **Nakshatra**: of the sidereal Moon, floor(λ / 13°20′) + 1.
//! - **Yoga**: floor((sidereal Sun + sidereal Moon) mod 360° / 13°20′) + 1.
//! - Positions are apparent and geocentric; a value exactly on a boundary
//!   belongs to the next part.
//! - **Ends**: each limb's end is its first change after sunrise, found by
//!   Newton's method on the ephemeris to a millisecond; the parts that
//!   begin before the next sunrise follow it (a tithi that begins and ends
//!   between two sunrises, kshaya, is there).
//! - **Rahu kalam, Yamaganda, Gulika kalam**: the daytime (sunrise to
//!   sunset) in eight equal parts; by weekday, Sunday first, Rahu kalam is
//!   part 8, 2, 7, 5, 6, 4, 3, Yamaganda 5, 4, 3, 2, 1, 7, 6 and Gulika
//!   kalam 7, 6, 5, 4, 3, 2, 1.

use std::collections::BTreeSet;

use chrono::{Datelike, NaiveDate};

use super::graha::Graha;
use super::nakshatra::NakshatraPlace;
use crate::astro::ephemeris::{Body, Ephemeris, EphemerisError, EphemerisSource, Observer};
use crate::astro::frame::{Ayanamsa, Zodiac};
use crate::astro::sky::{Absence, DayWindow, GeoPlace, HorizonRule, SkyEvent, local_day, rise_and_set};
use crate::astro::time::{JulianDay, TimeZoneSpec};
use crate::astro::zodiac::{normalize_degrees, signed_arc};

#[derive(Debug, Clone)]
pub struct PanchangInput {
    /// The local calendar date whose sunrise opens the day.
    pub date: NaiveDate,
    pub zone: TimeZoneSpec,
    pub place: GeoPlace,
    pub ayanamsa: Ayanamsa,
    pub sunrise: HorizonRule,
}

#[derive(Debug, thiserror::Error)]
pub enum PanchangError {
    #[error(transparent)]
    Ephemeris(#[from] EphemerisError),
    /// The Sun does not rise at the place that day (polar day or night).
    #[error("the Sun does not rise at this place on this date")]
    NoSunrise(Absence),
    #[error("this local date cannot be placed in time in the location's time zone")]
    DateNotInZone,
    /// The day and the parts that run past its end need the ephemeris a
    /// day and a half beyond the next midnight.
    #[error("the panchang serves local dates from 1000-01-02 to 2999-12-28")]
    OutOfRange,
}

/// The four limbs that are parts of a circle of longitude.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LimbKind {
    Tithi,
    Nakshatra,
    Yoga,
    Karana,
}

impl LimbKind {
    pub const ALL: [LimbKind; 4] = [LimbKind::Tithi, LimbKind::Nakshatra, LimbKind::Yoga, LimbKind::Karana];

    /// How many parts make the circle.
    pub fn parts(self) -> u8 {
        match self {
            Self::Tithi => 30,
            Self::Nakshatra | Self::Yoga => 27,
            Self::Karana => 60,
        }
    }

    /// The part (1-based) a value of the limb's angle falls in; a value on
    /// a boundary belongs to the next part.
    pub fn part_of(self, angle: f64) -> u8 {
        let parts = f64::from(self.parts());
        // ×parts/360 rather than ÷span: exact in f64 on whole-degree boundaries.
        ((normalize_degrees(angle) * parts / 360.0).floor() as u8).min(self.parts() - 1) + 1
    }

    pub fn name_of(self, number: u8) -> &'static str {
        match self {
            Self::Tithi => tithi_name(number),
            Self::Nakshatra => NakshatraPlace::numbered(number).name(),
            Self::Yoga => YOGAS[usize::from(number.clamp(1, 27) - 1)],
            Self::Karana => karana_name(number),
        }
    }
}

const TITHIS: [&str; 15] = [
    "Pratipada",
    "Dvitiya",
    "Tritiya",
    "Chaturthi",
    "Panchami",
    "Shashthi",
    "Saptami",
    "Ashtami",
    "Navami",
    "Dashami",
    "Ekadashi",
    "Dvadashi",
    "Trayodashi",
    "Chaturdashi",
    "Purnima",
];

/// Tithi 1–30: the names repeat in the dark half, whose 15th is Amavasya.
pub fn tithi_name(number: u8) -> &'static str {
    match number {
        30 => "Amavasya",
        n => TITHIS[usize::from((n.clamp(1, 29) - 1) % 15)],
    }
}

/// `shukla` (the bright half, tithis 1–15) or `krishna` (16–30).
pub fn paksha(tithi: u8) -> &'static str {
    if tithi <= 15 { "shukla" } else { "krishna" }
}

const YOGAS: [&str; 27] = [
    "Vishkambha",
    "Priti",
    "Ayushman",
    "Saubhagya",
    "Shobhana",
    "Atiganda",
    "Sukarma",
    "Dhriti",
    "Shula",
    "Ganda",
    "Vriddhi",
    "Dhruva",
    "Vyaghata",
    "Harshana",
    "Vajra",
    "Siddhi",
    "Vyatipata",
    "Variyana",
    "Parigha",
    "Shiva",
    "Siddha",
    "Sadhya",
    "Shubha",
    "Shukla",
    "Brahma",
    "Indra",
    "Vaidhriti",
];

const MOVABLE_KARANAS: [&str; 7] = ["Bava", "Balava", "Kaulava", "Taitila", "Gara", "Vanija", "Vishti"];

/// Karana by its place 1–60 in the lunar month.
pub fn karana_name(position: u8) -> &'static str {
    match position {
        0 | 1 => "Kimstughna",
        58 => "Shakuni",
        59 => "Chatushpada",
        60.. => "Naga",
        n => MOVABLE_KARANAS[usize::from(n - 2) % 7],
    }
}

/// The weekday's Sanskrit name, Sunday first.
pub fn vara_name(weekday: u8) -> &'static str {
    ["Ravivara", "Somavara", "Mangalavara", "Budhavara", "Guruvara", "Shukravara", "Shanivara"][usize::from(weekday % 7)]
}

/// The weekday's lord, Sunday's the Sun.
pub fn vara_lord(weekday: u8) -> Graha {
    Graha::ALL[usize::from(weekday % 7)]
}

/// One part of a limb and when it ends.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LimbPart {
    pub number: u8,
    pub end: JulianDay,
}

/// A limb: the part running at sunrise, and the parts that begin after it
/// but before the next sunrise.
#[derive(Debug, Clone, PartialEq)]
pub struct Limb {
    pub kind: LimbKind,
    pub at_sunrise: LimbPart,
    pub following: Vec<LimbPart>,
}

/// A stretch of the day.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Period {
    pub start: JulianDay,
    pub end: JulianDay,
}

/// Rahu kalam, Yamaganda and Gulika kalam.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Kalams {
    pub rahu: Period,
    pub yamaganda: Period,
    pub gulika: Period,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Panchang {
    /// 0 Sunday … 6 Saturday.
    pub weekday: u8,
    pub sunrise: JulianDay,
    pub sunset: SkyEvent,
    /// The sunrise that ends the day (the vara and the listing of parts).
    pub next_sunrise: SkyEvent,
    pub moonrise: SkyEvent,
    pub moonset: SkyEvent,
    /// Tithi, nakshatra, yoga, karana, in that order.
    pub limbs: Vec<Limb>,
    /// `None` when the Sun does not set that day.
    pub kalams: Option<Kalams>,
    /// At sunrise: the elongation Moon − Sun, and the sidereal Sun and Moon.
    pub elongation: f64,
    pub sun: f64,
    pub moon: f64,
    pub ayanamsa_degrees: f64,
    pub sources: BTreeSet<EphemerisSource>,
}

impl Panchang {
    pub fn limb(&self, kind: LimbKind) -> Option<&Limb> {
        self.limbs.iter().find(|limb| limb.kind == kind)
    }
}

/// The eighth of the daytime (1–8) each period takes, by weekday.
const RAHU_PART: [u8; 7] = [8, 2, 7, 5, 6, 4, 3];
const YAMAGANDA_PART: [u8; 7] = [5, 4, 3, 2, 1, 7, 6];
const GULIKA_PART: [u8; 7] = [7, 6, 5, 4, 3, 2, 1];

fn eighth(sunrise: f64, sunset: f64, part: u8) -> Period {
    let length = (sunset - sunrise) / 8.0;
    let start = sunrise + f64::from(part - 1) * length;
    Period { start: JulianDay(start), end: JulianDay(start + length) }
}

/// The rising searches sample an hour before the day.
const SAMPLE_MARGIN_DAYS: f64 = 0.1;
/// How far past the next local midnight the searches may read: the next
/// sunrise, then the last part listed, which ends at most a part's length
/// (1.2 days for a nakshatra at the slowest Moon) after it.
const PAST_THE_DAY_DAYS: f64 = 1.5;

/// Newton's method stops below this step (about a millisecond).
const END_PRECISION_DAYS: f64 = 1e-8;
const MAX_ITERATIONS: usize = 40;

/// The angles the limbs are parts of, read from the ephemeris.
struct LimbAngles<'a> {
    ephemeris: &'a Ephemeris,
    zodiac: Zodiac,
    sources: BTreeSet<EphemerisSource>,
}

impl LimbAngles<'_> {
    /// The limb's angle at `t` and its rate, degrees and degrees a day.
    fn angle(&mut self, kind: LimbKind, t: f64) -> Result<(f64, f64), EphemerisError> {
        let jd = JulianDay(t);
        let moon = self.ephemeris.position_in(jd, Body::Moon, Observer::Geocentric, self.zodiac)?;
        self.sources.insert(moon.source);
        if kind == LimbKind::Nakshatra {
            return Ok((moon.longitude, moon.speed_longitude));
        }
        let sun = self.ephemeris.position_in(jd, Body::Sun, Observer::Geocentric, self.zodiac)?;
        self.sources.insert(sun.source);
        Ok(match kind {
            LimbKind::Yoga => (normalize_degrees(sun.longitude + moon.longitude), sun.speed_longitude + moon.speed_longitude),
            _ => (normalize_degrees(moon.longitude - sun.longitude), moon.speed_longitude - sun.speed_longitude),
        })
    }

    /// The instant after `from` at which the limb's angle reaches `target`,
    /// Newton's method from `from` (every limb's angle only grows).
    fn reach(&mut self, kind: LimbKind, target: f64, from: f64) -> Result<f64, EphemerisError> {
        let mut t = from;
        for _ in 0..MAX_ITERATIONS {
            let (angle, rate) = self.angle(kind, t)?;
            if !rate.is_finite() || rate <= 0.0 {
                return Err(EphemerisError::Computation(format!("the {kind:?} angle does not grow at {t}")));
            }
            let step = signed_arc(target - angle) / rate;
            t += step;
            if step.abs() < END_PRECISION_DAYS {
                return Ok(t);
            }
        }
        Err(EphemerisError::Computation(format!("the end of the {kind:?} did not converge")))
    }

    /// The part at `sunrise` with its end, then every part that begins
    /// before `day_end`.
    fn limb(&mut self, kind: LimbKind, sunrise: f64, day_end: f64) -> Result<Limb, EphemerisError> {
        let parts = kind.parts();
        let span = 360.0 / f64::from(parts);
        let (angle, _) = self.angle(kind, sunrise)?;
        let mut number = kind.part_of(angle);
        let mut end = self.reach(kind, f64::from(number) * span, sunrise)?;
        let at_sunrise = LimbPart { number, end: JulianDay(end) };
        let mut following = Vec::new();
        // The shortest part (a karana at the fastest Moon) lasts 0.4 day,
        // so a day holds a handful; the bound is only a guard.
        while end < day_end && following.len() < 8 {
            number = number % parts + 1;
            end = self.reach(kind, f64::from(number) * span, end)?;
            following.push(LimbPart { number, end: JulianDay(end) });
        }
        Ok(Limb { kind, at_sunrise, following })
    }
}

fn window(zone: &TimeZoneSpec, date: NaiveDate) -> Result<DayWindow, PanchangError> {
    local_day(zone, date).ok_or(PanchangError::DateNotInZone)
}

/// The panchang of `input.date` at `input.place`.
pub fn panchang(ephemeris: &Ephemeris, input: &PanchangInput) -> Result<Panchang, PanchangError> {
    let today = window(&input.zone, input.date)?;
    let tomorrow = window(&input.zone, input.date.succ_opt().ok_or(PanchangError::DateNotInZone)?)?;
    let supported = |jd: f64| ephemeris.check_supported(JulianDay(jd)).map_err(|_| PanchangError::OutOfRange);
    supported(today.start.0 - SAMPLE_MARGIN_DAYS)?;
    supported(tomorrow.end.0 + PAST_THE_DAY_DAYS)?;
    let (sunrise, today_set) = rise_and_set(ephemeris, input.place, Body::Sun, today, input.sunrise)?;
    let sunrise = match sunrise {
        SkyEvent::At(t) => t,
        SkyEvent::Missing(absence) => return Err(PanchangError::NoSunrise(absence)),
    };
    let (next_sunrise, tomorrow_set) = rise_and_set(ephemeris, input.place, Body::Sun, tomorrow, input.sunrise)?;
    // The daytime's end: the first setting after sunrise, which in a
    // high-latitude summer falls after local midnight.
    let sunset = match (today_set, tomorrow_set) {
        (SkyEvent::At(set), _) if set.0 > sunrise.0 => today_set,
        (_, SkyEvent::At(set)) if next_sunrise.time().is_none_or(|next| set.0 < next.0) => tomorrow_set,
        // Set only before sunrise (or not at all) until the next sunrise.
        (SkyEvent::At(_), next) => SkyEvent::Missing(Absence::NotThisDay { next: next.time() }),
        (missing, _) => missing,
    };
    let (moonrise, moonset) = rise_and_set(ephemeris, input.place, Body::Moon, today, HorizonRule::UpperLimb)?;
    let day_end = next_sunrise.time().map_or(tomorrow.end.0, |t| t.0);

    let zodiac = Zodiac::Sidereal(input.ayanamsa);
    let mut angles = LimbAngles { ephemeris, zodiac, sources: BTreeSet::new() };
    let limbs = LimbKind::ALL.iter().map(|&kind| angles.limb(kind, sunrise.0, day_end)).collect::<Result<Vec<_>, _>>()?;

    let weekday = input.date.weekday().num_days_from_sunday() as u8;
    let kalams = sunset.time().filter(|set| set.0 > sunrise.0).map(|set| {
        let day = usize::from(weekday);
        Kalams {
            rahu: eighth(sunrise.0, set.0, RAHU_PART[day]),
            yamaganda: eighth(sunrise.0, set.0, YAMAGANDA_PART[day]),
            gulika: eighth(sunrise.0, set.0, GULIKA_PART[day]),
        }
    });
    let sun = ephemeris.position_in(sunrise, Body::Sun, Observer::Geocentric, zodiac)?;
    let moon = ephemeris.position_in(sunrise, Body::Moon, Observer::Geocentric, zodiac)?;
    let ayanamsa_degrees = ephemeris.ayanamsa(sunrise, input.ayanamsa)?.degrees;
    Ok(Panchang {
        weekday,
        sunrise,
        sunset,
        next_sunrise,
        moonrise,
        moonset,
        limbs,
        kalams,
        elongation: normalize_degrees(moon.longitude - sun.longitude),
        sun: sun.longitude,
        moon: moon.longitude,
        ayanamsa_degrees,
        sources: angles.sources,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn karanas_cycle_between_the_fixed_four() {
        assert_eq!(karana_name(1), "Kimstughna");
        assert_eq!(karana_name(2), "Bava");
        assert_eq!(karana_name(8), "Vishti");
        assert_eq!(karana_name(9), "Bava");
        assert_eq!(karana_name(57), "Vishti");
        assert_eq!(karana_name(58), "Shakuni");
        assert_eq!(karana_name(59), "Chatushpada");
        assert_eq!(karana_name(60), "Naga");
        let movable = (2..=57).filter(|&n| karana_name(n) == "Vishti").count();
        assert_eq!(movable, 8, "each movable karana comes eight times a month");
    }

    #[test]
    fn tithis_name_both_halves() {
        assert_eq!((tithi_name(1), paksha(1)), ("Pratipada", "shukla"));
        assert_eq!((tithi_name(15), paksha(15)), ("Purnima", "shukla"));
        assert_eq!((tithi_name(16), paksha(16)), ("Pratipada", "krishna"));
        assert_eq!((tithi_name(29), paksha(29)), ("Chaturdashi", "krishna"));
        assert_eq!((tithi_name(30), paksha(30)), ("Amavasya", "krishna"));
    }

    #[test]
    fn a_boundary_belongs_to_the_next_part() {
        assert_eq!(LimbKind::Tithi.part_of(0.0), 1);
        assert_eq!(LimbKind::Tithi.part_of(12.0), 2);
        assert_eq!(LimbKind::Tithi.part_of(359.999), 30);
        assert_eq!(LimbKind::Karana.part_of(6.0), 2);
        assert_eq!(LimbKind::Karana.part_of(354.0), 60);
        assert_eq!(LimbKind::Yoga.part_of(40.0), 4);
        assert_eq!(LimbKind::Nakshatra.name_of(27), "Revati");
        assert_eq!(LimbKind::Yoga.name_of(27), "Vaidhriti");
    }

    #[test]
    fn the_kalams_are_eighths_of_the_daytime() {
        // A Monday of 12 hours from 06:00: Rahu kalam 07:30–09:00.
        let (rise, set) = (0.25, 0.75);
        let rahu = eighth(rise, set, RAHU_PART[1]);
        assert!((rahu.start.0 - (0.25 + 1.5 / 24.0)).abs() < 1e-12);
        assert!((rahu.end.0 - (0.25 + 3.0 / 24.0)).abs() < 1e-12);
        // Thursday's Yamaganda is the first eighth, Saturday's Gulika too.
        assert_eq!(eighth(rise, set, YAMAGANDA_PART[4]).start, JulianDay(rise));
        assert_eq!(eighth(rise, set, GULIKA_PART[6]).start, JulianDay(rise));
        assert_eq!((vara_name(0), vara_lord(0)), ("Ravivara", Graha::Sun));
        assert_eq!((vara_name(6), vara_lord(6)), ("Shanivara", Graha::Saturn));
    }
}
