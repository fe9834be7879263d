//! The Chinese calendar's year boundary, computed astronomically, and the
//! sign, element and polarity of a Chinese year.
//!
//! The rule (the calendar reform of 1645, as the Purple Mountain Observatory
//! applies it): months begin on the civil day, in China Standard Time, of a
//! new moon; the month containing the winter solstice is the 11th. When 13
//! months begin between two 11th months, the first of them that contains no
//! principal solar term (a solar longitude that is a multiple of 30°) is a
//! leap month and repeats the number of the month before it. The year begins
//! with the first month: the second month after the 11th that is not a leap
//! month. The "second new moon after the solstice" shortcut fails exactly
//! when a leap 11th or 12th month falls in between (2033–34 is the famous
//! case: the new year of 2034 is the third new moon after the solstice);
//! this rule handles it without a special case.
//!
//! Time: China Standard Time (UTC+8) from 1929, when China adopted it; before
//! that the calendar was computed for Beijing's local mean time (116°25′E,
//! UTC+7:45:40). A new moon close to midnight is where the two differ.

use chrono::{Datelike, NaiveDate};

use super::ephemeris::{Body, Ephemeris, EphemerisError, Observer};
use super::time::JulianDay;
use super::zodiac::{normalize_degrees, signed_arc};

const SYNODIC_MONTH: f64 = 29.530_589;
const TOLERANCE_DAYS: f64 = 1e-7;

/// The years the boundary is computed for (the ephemeris covers more; the
/// published tables this is tested against cover this).
pub const FIRST_YEAR: i32 = 1800;
pub const LAST_YEAR: i32 = 2400;

/// Hours east of UTC of the calendar's civil day in `year`.
fn calendar_offset_hours(year: i32) -> f64 {
    if year >= 1929 { 8.0 } else { 7.0 + 45.0 / 60.0 + 40.0 / 3600.0 }
}

/// The civil date, at `offset_hours`, of an instant.
fn civil_date(jd: JulianDay, offset_hours: f64) -> NaiveDate {
    let day_number = (jd.0 + 0.5 + offset_hours / 24.0).floor() as i32;
    // Julian day number 1_721_426 is 0001-01-01, day 1 from the common era.
    NaiveDate::from_num_days_from_ce_opt(day_number - 1_721_425).unwrap_or(NaiveDate::MIN)
}

/// The instant a civil date begins at `offset_hours`.
fn start_of(date: NaiveDate, offset_hours: f64) -> JulianDay {
    JulianDay(f64::from(date.num_days_from_ce() + 1_721_425) - 0.5 - offset_hours / 24.0)
}

fn sun_longitude(ephemeris: &Ephemeris, jd: JulianDay) -> Result<f64, EphemerisError> {
    Ok(ephemeris.position(jd, Body::Sun, Observer::Geocentric)?.longitude)
}

/// The instant near `guess` when the Sun is at `longitude`.
fn solar_term(ephemeris: &Ephemeris, longitude: f64, guess: JulianDay) -> Result<JulianDay, EphemerisError> {
    super::chart::returns::crossing(ephemeris, Body::Sun, longitude, guess, super::frame::Zodiac::Tropical)
}

/// The new moon nearest `guess` (within half a lunation): the Moon's
/// elongation from the Sun is zero, found by Newton's method.
fn new_moon_near(ephemeris: &Ephemeris, guess: JulianDay) -> Result<JulianDay, EphemerisError> {
    let mut t = guess.0;
    for _ in 0..40 {
        let moon = ephemeris.position(JulianDay(t), Body::Moon, Observer::Geocentric)?;
        let sun = ephemeris.position(JulianDay(t), Body::Sun, Observer::Geocentric)?;
        let step = signed_arc(moon.longitude - sun.longitude) / (moon.speed_longitude - sun.speed_longitude);
        t -= step;
        if step.abs() < TOLERANCE_DAYS {
            return Ok(JulianDay(t));
        }
    }
    Err(EphemerisError::Computation("no convergence for a new moon".into()))
}

/// The civil date of the first day of the lunar month containing `date`.
fn month_start_containing(ephemeris: &Ephemeris, date: NaiveDate, offset_hours: f64) -> Result<NaiveDate, EphemerisError> {
    let noon = JulianDay(start_of(date, offset_hours).0 + 0.5);
    let mut new_moon = new_moon_near(ephemeris, noon)?;
    if civil_date(new_moon, offset_hours) > date {
        new_moon = new_moon_near(ephemeris, JulianDay(new_moon.0 - SYNODIC_MONTH))?;
    }
    Ok(civil_date(new_moon, offset_hours))
}

/// The first day of the lunar month after the one starting on `start`.
fn next_month_start(ephemeris: &Ephemeris, start: NaiveDate, offset_hours: f64) -> Result<NaiveDate, EphemerisError> {
    let new_moon = new_moon_near(ephemeris, JulianDay(start_of(start, offset_hours).0 + SYNODIC_MONTH + 0.5))?;
    Ok(civil_date(new_moon, offset_hours))
}

/// Whether the month [start, next) contains a principal term: the Sun
/// crosses a multiple of 30° between the two midnights.
fn has_principal_term(ephemeris: &Ephemeris, start: NaiveDate, next: NaiveDate, offset_hours: f64) -> Result<bool, EphemerisError> {
    let from = sun_longitude(ephemeris, start_of(start, offset_hours))?;
    let to = sun_longitude(ephemeris, start_of(next, offset_hours))?;
    // The Sun moves under 31° in a lunar month: at most one boundary.
    Ok((from / 30.0).floor() != (normalize_degrees(to) / 30.0).floor() || normalize_degrees(to - from) >= 30.0)
}

/// The civil date (in China) of the winter solstice of Gregorian `year`.
fn winter_solstice(ephemeris: &Ephemeris, year: i32, offset_hours: f64) -> Result<NaiveDate, EphemerisError> {
    let guess = NaiveDate::from_ymd_opt(year, 12, 21).ok_or_else(|| EphemerisError::Computation(format!("year {year}")))?;
    let instant = solar_term(ephemeris, 270.0, start_of(guess, offset_hours))?;
    Ok(civil_date(instant, offset_hours))
}

/// The first day of the Chinese year that begins in Gregorian `year`.
pub fn new_year(ephemeris: &Ephemeris, year: i32) -> Result<NaiveDate, EphemerisError> {
    if !(FIRST_YEAR..=LAST_YEAR).contains(&year) {
        return Err(EphemerisError::Computation(format!("the Chinese calendar is computed for {FIRST_YEAR}–{LAST_YEAR}, not {year}")));
    }
    let offset = calendar_offset_hours(year);
    let eleventh = month_start_containing(ephemeris, winter_solstice(ephemeris, year - 1, offset)?, offset)?;
    let next_eleventh = month_start_containing(ephemeris, winter_solstice(ephemeris, year, offset)?, offset)?;
    // The month starts from this 11th month up to (not including) the next.
    let mut starts = vec![eleventh];
    while let Some(&last) = starts.last() {
        let next = next_month_start(ephemeris, last, offset)?;
        if next >= next_eleventh || starts.len() > 14 {
            break;
        }
        starts.push(next);
    }
    starts.push(next_eleventh);
    let months = starts.len() - 1;
    // In a year of 13 months, the first month without a principal term is leap.
    let mut leap = None;
    if months == 13 {
        for i in 1..months {
            if !has_principal_term(ephemeris, starts[i], starts[i + 1], offset)? {
                leap = Some(i);
                break;
            }
        }
    }
    // Month 12 then month 1, skipping a leap month if it comes first.
    let first_month = (1..months).filter(|i| Some(*i) != leap).nth(1).unwrap_or(2);
    Ok(starts[first_month])
}

/// The twelve animals, from the Rat (a year ≡ 4 mod 12: 1984, 2020).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ChineseSign {
    Rat,
    Ox,
    Tiger,
    Rabbit,
    Dragon,
    Snake,
    Horse,
    Goat,
    Monkey,
    Rooster,
    Dog,
    Pig,
}

impl ChineseSign {
    pub const ALL: [ChineseSign; 12] = [
        Self::Rat,
        Self::Ox,
        Self::Tiger,
        Self::Rabbit,
        Self::Dragon,
        Self::Snake,
        Self::Horse,
        Self::Goat,
        Self::Monkey,
        Self::Rooster,
        Self::Dog,
        Self::Pig,
    ];

    /// The branch index, 0 for the Rat.
    pub fn index(self) -> usize {
        self as usize
    }

    pub fn of_year(chinese_year: i32) -> Self {
        Self::ALL[(chinese_year - 4).rem_euclid(12) as usize]
    }

    pub fn id(self) -> &'static str {
        ["rat", "ox", "tiger", "rabbit", "dragon", "snake", "horse", "goat", "monkey", "rooster", "dog", "pig"][self.index()]
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Element {
    Wood,
    Fire,
    Earth,
    Metal,
    Water,
}

impl Element {
    /// The element of a year's heavenly stem (two stems per element, from
    /// wood in years ending in 4 and 5).
    pub fn of_year(chinese_year: i32) -> Self {
        [Self::Wood, Self::Fire, Self::Earth, Self::Metal, Self::Water][((chinese_year - 4).rem_euclid(10) / 2) as usize]
    }

    pub fn id(self) -> &'static str {
        match self {
            Self::Wood => "wood",
            Self::Fire => "fire",
            Self::Earth => "earth",
            Self::Metal => "metal",
            Self::Water => "water",
        }
    }

    /// The generating cycle: wood feeds fire, fire makes earth, earth bears
    /// metal, metal carries water, water nourishes wood.
    pub fn generates(self) -> Self {
        match self {
            Self::Wood => Self::Fire,
            Self::Fire => Self::Earth,
            Self::Earth => Self::Metal,
            Self::Metal => Self::Water,
            Self::Water => Self::Wood,
        }
    }

    /// The controlling cycle: wood parts earth, earth dams water, water
    /// quenches fire, fire melts metal, metal cuts wood.
    pub fn controls(self) -> Self {
        match self {
            Self::Wood => Self::Earth,
            Self::Earth => Self::Water,
            Self::Water => Self::Fire,
            Self::Fire => Self::Metal,
            Self::Metal => Self::Wood,
        }
    }
}

/// Yang stems are the even ones (years ending in 0, 2, 4, 6, 8).
pub fn is_yang(chinese_year: i32) -> bool {
    (chinese_year - 4).rem_euclid(2) == 0
}

/// The Chinese year a civil `date` falls in: the Gregorian year, or the one
/// before when the date comes before that year's new year.
pub fn chinese_year_of(ephemeris: &Ephemeris, date: NaiveDate) -> Result<i32, EphemerisError> {
    let year = date.year();
    Ok(if date >= new_year(ephemeris, year)? { year } else { year - 1 })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ephemeris() -> Ephemeris {
        Ephemeris::with_embedded_files().unwrap()
    }

    fn date(text: &str) -> NaiveDate {
        NaiveDate::parse_from_str(text, "%Y-%m-%d").unwrap()
    }

    #[test]
    fn years_with_a_leap_month_before_the_new_year() {
        let e = ephemeris();
        // 2033 has a leap 11th month: the 2034 new year is the third new moon
        // after the solstice.
        assert_eq!(new_year(&e, 2034).unwrap(), date("2034-02-19"));
        assert_eq!(new_year(&e, 2033).unwrap(), date("2033-01-31"));
        assert_eq!(new_year(&e, 2024).unwrap(), date("2024-02-10"));
        assert_eq!(new_year(&e, 1985).unwrap(), date("1985-02-20"));
    }

    #[test]
    fn signs_elements_and_polarity() {
        assert_eq!(ChineseSign::of_year(1984), ChineseSign::Rat);
        assert_eq!(ChineseSign::of_year(2024), ChineseSign::Dragon);
        assert_eq!(ChineseSign::of_year(1900), ChineseSign::Rat);
        assert_eq!(Element::of_year(1984), Element::Wood);
        assert_eq!(Element::of_year(2024), Element::Wood);
        assert_eq!(Element::of_year(2026), Element::Fire);
        assert_eq!(Element::of_year(1990), Element::Metal);
        assert!(is_yang(2024) && !is_yang(2025));
        assert_eq!(Element::Water.generates(), Element::Wood);
        assert_eq!(Element::Metal.controls(), Element::Wood);
    }
}
