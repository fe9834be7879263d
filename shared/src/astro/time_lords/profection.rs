//! Profections: the Ascendant's sign advanced one sign for each completed
//! year of life (whole-sign houses), and within the year one sign for each
//! completed twelfth of it. The sign's traditional ruler is the lord of the
//! year (of the month).

use chrono::{Datelike, NaiveDate};

use crate::astro::analysis::domicile_ruler;
use crate::astro::ephemeris::{Ephemeris, EphemerisError};
use crate::astro::house::HouseSystem;
use crate::astro::point::PointId;
use crate::astro::time::JulianDay;
use crate::astro::zodiac::{Sign, ZodiacPosition};

/// One profected sign and its lord.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ProfectedSign {
    /// Whole-sign house from the Ascendant's sign, 1–12.
    pub house: u8,
    pub sign: Sign,
    /// The sign's traditional (domicile) ruler.
    pub lord: PointId,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MonthlyProfection {
    /// Completed twelfths of the year of life, 0–11.
    pub month: u8,
    pub profected: ProfectedSign,
    /// First and last day of the month (local dates, both included).
    pub first_day: NaiveDate,
    pub last_day: NaiveDate,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Profection {
    /// Completed years of life on the date.
    pub age: u32,
    pub annual: ProfectedSign,
    /// The birthday that began this year of life and the day before the next.
    pub year_first_day: NaiveDate,
    pub year_last_day: NaiveDate,
    pub monthly: MonthlyProfection,
}

/// The birthday of `birth` in `year`: the same month and day, and for a
/// birth on 29 February, 28 February in common years (the last day of the
/// birth month).
pub fn birthday_in(birth: NaiveDate, year: i32) -> Option<NaiveDate> {
    NaiveDate::from_ymd_opt(year, birth.month(), birth.day()).or_else(|| NaiveDate::from_ymd_opt(year, birth.month(), birth.day() - 1))
}

/// The sign `steps` signs after `ascendant`, as a whole-sign house.
fn profected(ascendant: Sign, steps: u32) -> ProfectedSign {
    let offset = (steps % 12) as usize;
    let sign = Sign::ALL[(ascendant.index() + offset) % 12];
    ProfectedSign { house: offset as u8 + 1, sign, lord: domicile_ruler(sign) }
}

/// The profections on `date` (local, in the birth zone) of a birth on
/// `birth` with the Ascendant in `ascendant`; `None` before the birth date
/// or past the calendar's end.
pub fn profect(birth: NaiveDate, ascendant: Sign, date: NaiveDate) -> Option<Profection> {
    if date < birth {
        return None;
    }
    let this_year = birthday_in(birth, date.year())?;
    let year_first_day = if date >= this_year { this_year } else { birthday_in(birth, date.year() - 1)? };
    let next_birthday = birthday_in(birth, year_first_day.year() + 1)?;
    let age = u32::try_from(year_first_day.year() - birth.year()).ok()?;

    // The month: completed twelfths, in days, of the span between the two
    // birthdays (365 or 366 days).
    let span = u64::try_from((next_birthday - year_first_day).num_days()).ok()?;
    let elapsed = u64::try_from((date - year_first_day).num_days()).ok()?;
    let month = 12 * elapsed / span;
    // Month m holds the days d with m ≤ 12·d/span < m + 1.
    let first_offset = (month * span).div_ceil(12);
    let next_offset = ((month + 1) * span).div_ceil(12);
    let monthly = MonthlyProfection {
        month: month as u8,
        profected: profected(ascendant, age + month as u32),
        first_day: year_first_day + chrono::Days::new(first_offset),
        last_day: year_first_day + chrono::Days::new(next_offset - 1),
    };
    Some(Profection { age, annual: profected(ascendant, age), year_first_day, year_last_day: next_birthday.pred_opt()?, monthly })
}

/// The sign of the Ascendant at `birth` (tropical; the same in every house
/// system): the first whole-sign house of the profections.
pub fn ascendant_sign(ephemeris: &Ephemeris, birth: JulianDay, latitude: f64, longitude: f64) -> Result<Sign, EphemerisError> {
    let ascendant = ephemeris.houses(birth, latitude, longitude, HouseSystem::Placidus)?.ascendant;
    Ok(ZodiacPosition::of(ascendant).sign)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(text: &str) -> NaiveDate {
        NaiveDate::parse_from_str(text, "%Y-%m-%d").unwrap()
    }

    #[test]
    fn the_first_year_is_the_first_house_and_the_thirteenth_comes_back_to_it() {
        let birth = day("1990-05-11");
        let first = profect(birth, Sign::Virgo, day("1990-05-11")).unwrap();
        assert_eq!((first.age, first.annual.house, first.annual.sign, first.annual.lord), (0, 1, Sign::Virgo, PointId::Mercury));
        let twelfth = profect(birth, Sign::Virgo, day("2002-05-10")).unwrap();
        assert_eq!((twelfth.age, twelfth.annual.house, twelfth.annual.sign), (11, 12, Sign::Leo));
        let thirteenth = profect(birth, Sign::Virgo, day("2002-05-11")).unwrap();
        assert_eq!((thirteenth.age, thirteenth.annual.house, thirteenth.annual.sign), (12, 1, Sign::Virgo));
        assert_eq!(profect(birth, Sign::Virgo, day("1990-05-10")), None);
    }

    #[test]
    fn the_months_tile_the_year_of_life() {
        let birth = day("1990-05-11");
        let mut expected_first = day("2026-05-11");
        for month in 0..12u8 {
            let at_start = profect(birth, Sign::Virgo, expected_first).unwrap();
            assert_eq!(at_start.monthly.month, month);
            assert_eq!(at_start.monthly.first_day, expected_first);
            let at_end = profect(birth, Sign::Virgo, at_start.monthly.last_day).unwrap();
            assert_eq!(at_end.monthly.month, month);
            assert_eq!(at_end.monthly.profected.sign, Sign::ALL[(Sign::Virgo.index() + 36 + month as usize) % 12]);
            expected_first = at_start.monthly.last_day.succ_opt().unwrap();
        }
        assert_eq!(expected_first, day("2027-05-11"));
    }

    #[test]
    fn a_leap_day_birth_has_its_birthday_on_the_28th_in_common_years() {
        let birth = day("2000-02-29");
        assert_eq!(profect(birth, Sign::Aries, day("2025-02-27")).unwrap().age, 24);
        assert_eq!(profect(birth, Sign::Aries, day("2025-02-28")).unwrap().age, 25);
        assert_eq!(profect(birth, Sign::Aries, day("2028-02-28")).unwrap().age, 27);
        assert_eq!(profect(birth, Sign::Aries, day("2028-02-29")).unwrap().age, 28);
    }
}
