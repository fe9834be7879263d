//! Vimshottari dasha: the 120-year cycle of planetary periods that begins
//! with the lord of the Moon's nakshatra at birth.
//!
//! - The first mahadasha's lord is the Moon's nakshatra lord; the part of
//!   the nakshatra the Moon has still to travel is the part of that period
//!   still to run at birth (the balance). The first period is given from
//!   its true start, before birth.
//! - Mahadashas follow the order Ketu 7, Venus 20, Sun 6, Moon 10, Mars 7,
//!   Rahu 18, Jupiter 16, Saturn 19, Mercury 17 years; a Y-year period lasts
//!   Y × `year_days` days.
//! - A period of lord L divides into nine sub-periods, starting with L and
//!   following the order, each in proportion to its lord's years out of 120;
//!   the next level divides each sub-period the same way.

use super::graha::Graha;
use super::nakshatra::{NakshatraPlace, VIMSHOTTARI_ORDER};
use crate::astro::time::JulianDay;

/// The years of each lord's mahadasha.
pub fn vimshottari_years(lord: Graha) -> f64 {
    match lord {
        Graha::Ketu => 7.0,
        Graha::Venus => 20.0,
        Graha::Sun => 6.0,
        Graha::Moon => 10.0,
        Graha::Mars => 7.0,
        Graha::Rahu => 18.0,
        Graha::Jupiter => 16.0,
        Graha::Saturn => 19.0,
        Graha::Mercury => 17.0,
    }
}

/// The whole cycle, years.
pub const CYCLE_YEARS: f64 = 120.0;

/// The default year: the Julian year of 365.25 days.
pub const JULIAN_YEAR_DAYS: f64 = 365.25;

#[derive(Debug, Clone, PartialEq)]
pub struct DashaPeriod {
    pub lord: Graha,
    pub start: JulianDay,
    pub end: JulianDay,
    /// The next level's periods, when asked for.
    pub sub_periods: Vec<DashaPeriod>,
}

impl DashaPeriod {
    /// Whether `at` falls in [start, end).
    pub fn contains(&self, at: JulianDay) -> bool {
        self.start.0 <= at.0 && at.0 < self.end.0
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct Vimshottari {
    /// The Moon's nakshatra at birth.
    pub moon: NakshatraPlace,
    /// Years of the first mahadasha still to run at birth.
    pub balance_years: f64,
    /// The nine mahadashas from the first one's true start.
    pub periods: Vec<DashaPeriod>,
}

impl Vimshottari {
    /// The running period at each level at `at`, outermost first (empty
    /// outside the 120 years).
    pub fn current(&self, at: JulianDay) -> Vec<&DashaPeriod> {
        let mut chain = Vec::new();
        let mut level = &self.periods;
        while let Some(period) = level.iter().find(|p| p.contains(at)) {
            chain.push(period);
            level = &period.sub_periods;
        }
        chain
    }
}

/// The lords in order from `first`.
fn lords_from(first: Graha) -> impl Iterator<Item = Graha> {
    let start = VIMSHOTTARI_ORDER.iter().position(|g| *g == first).unwrap_or(0);
    (0..9).map(move |i| VIMSHOTTARI_ORDER[(start + i) % 9])
}

/// `levels` levels (1 mahadashas, 2 with antardashas, 3 with
/// pratyantardashas) of the periods of `lord` from `start` lasting `days`.
fn divide(lord: Graha, start: f64, days: f64, levels: u8) -> Vec<DashaPeriod> {
    if levels == 0 {
        return Vec::new();
    }
    let mut at = start;
    lords_from(lord)
        .map(|sub| {
            let length = days * vimshottari_years(sub) / CYCLE_YEARS;
            let period = DashaPeriod {
                lord: sub,
                start: JulianDay(at),
                end: JulianDay(at + length),
                sub_periods: divide(sub, at, length, levels - 1),
            };
            at += length;
            period
        })
        .collect()
}

/// The Vimshottari dasha of a birth from the Moon's sidereal longitude.
pub fn vimshottari(birth: JulianDay, moon_sidereal_longitude: f64, levels: u8, year_days: f64) -> Vimshottari {
    let moon = NakshatraPlace::of(moon_sidereal_longitude);
    let first_years = vimshottari_years(moon.lord);
    let elapsed = 1.0 - moon.remaining_fraction();
    let first_start = birth.0 - elapsed * first_years * year_days;
    // The 120-year cycle from the first period's true start is itself a
    // period divided by the same rule: a lord's share of 120 years is its
    // own years.
    let periods = divide(moon.lord, first_start, CYCLE_YEARS * year_days, levels.clamp(1, 3));
    Vimshottari { moon, balance_years: moon.remaining_fraction() * first_years, periods }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cycle_and_its_divisions() {
        let total: f64 = VIMSHOTTARI_ORDER.iter().map(|g| vimshottari_years(*g)).sum();
        assert_eq!(total, CYCLE_YEARS);
        // The Moon a quarter into Rohini (the Moon's own nakshatra, 40°–53°20′):
        // three quarters of a 10-year Moon period left at birth.
        let birth = JulianDay(2_451_545.0);
        let dasha = vimshottari(birth, 40.0 + 10.0 / 3.0, 3, JULIAN_YEAR_DAYS);
        assert_eq!(dasha.moon.lord, Graha::Moon);
        assert!((dasha.balance_years - 7.5).abs() < 1e-12);
        let first = &dasha.periods[0];
        assert_eq!(first.lord, Graha::Moon);
        assert!((first.start.0 - (birth.0 - 2.5 * JULIAN_YEAR_DAYS)).abs() < 1e-6);
        assert!((first.end.0 - (birth.0 + 7.5 * JULIAN_YEAR_DAYS)).abs() < 1e-6);
        let lords: Vec<Graha> = dasha.periods.iter().map(|p| p.lord).collect();
        use Graha::*;
        assert_eq!(lords, [Moon, Mars, Rahu, Jupiter, Saturn, Mercury, Ketu, Venus, Sun]);
        // 120 years end to end, each period where the last ended.
        assert!((dasha.periods[8].end.0 - first.start.0 - 120.0 * JULIAN_YEAR_DAYS).abs() < 1e-6);
        assert!(dasha.periods.windows(2).all(|w| w[0].end == w[1].start));
        // Sub-periods start with the period's own lord and fill it.
        let mars = &dasha.periods[1];
        assert_eq!(mars.sub_periods[0].lord, Mars);
        assert_eq!(mars.sub_periods[1].lord, Rahu);
        assert!((mars.sub_periods[8].end.0 - mars.end.0).abs() < 1e-6);
        // Mars 7 years within Mars 7 years: 7 × 7 / 120 years.
        assert!((mars.sub_periods[0].end.0 - mars.sub_periods[0].start.0 - 49.0 / 120.0 * JULIAN_YEAR_DAYS).abs() < 1e-9);
        assert_eq!(mars.sub_periods[0].sub_periods.len(), 9);
        // The running chain at birth: Moon / its sub-period / the next level.
        let now = dasha.current(birth);
        assert_eq!(now.len(), 3);
        assert_eq!(now[0].lord, Moon);
        let two = vimshottari(birth, 45.0, 1, JULIAN_YEAR_DAYS);
        assert!(two.periods[0].sub_periods.is_empty());
    }
}
