//! The 27 lunar mansions (nakshatras) of 13°20′ each from 0° sidereal Aries,
//! their four quarters (padas) of 3°20′, and their Vimshottari lords.

use super::graha::Graha;

/// The span of one nakshatra, degrees.
pub const NAKSHATRA_SPAN: f64 = 40.0 / 3.0;
/// The span of one pada, degrees.
pub const PADA_SPAN: f64 = 10.0 / 3.0;

/// The names in their usual English transliteration.
const NAMES: [&str; 27] = [
    "Ashwini",
    "Bharani",
    "Krittika",
    "Rohini",
    "Mrigashira",
    "Ardra",
    "Punarvasu",
    "Pushya",
    "Ashlesha",
    "Magha",
    "Purva Phalguni",
    "Uttara Phalguni",
    "Hasta",
    "Chitra",
    "Swati",
    "Vishakha",
    "Anuradha",
    "Jyeshtha",
    "Mula",
    "Purva Ashadha",
    "Uttara Ashadha",
    "Shravana",
    "Dhanishta",
    "Shatabhisha",
    "Purva Bhadrapada",
    "Uttara Bhadrapada",
    "Revati",
];

/// The Vimshottari lords in the order they rule the nakshatras, Ashwini
/// first; the cycle of nine repeats three times around the zodiac.
pub const VIMSHOTTARI_ORDER: [Graha; 9] =
    [Graha::Ketu, Graha::Venus, Graha::Sun, Graha::Moon, Graha::Mars, Graha::Rahu, Graha::Jupiter, Graha::Saturn, Graha::Mercury];

/// Where a sidereal longitude falls among the nakshatras.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct NakshatraPlace {
    /// 1 (Ashwini) to 27 (Revati).
    pub number: u8,
    /// 1 to 4.
    pub pada: u8,
    pub lord: Graha,
    /// Degrees already travelled through the nakshatra, [0, 13°20′).
    pub degrees_in: f64,
}

impl NakshatraPlace {
    /// A longitude exactly on a boundary belongs to the next nakshatra
    /// (and pada).
    pub fn of(sidereal_longitude: f64) -> Self {
        let longitude = sidereal_longitude.rem_euclid(360.0);
        // ×3/40 rather than ÷(40/3): the boundaries are then exact in f64
        // for the whole-degree multiples of 40′ that a test would pick.
        let index = ((longitude * 3.0 / 40.0).floor() as usize).min(26);
        let degrees_in = (longitude - index as f64 * NAKSHATRA_SPAN).max(0.0);
        let pada = ((degrees_in * 3.0 / 10.0).floor() as u8).min(3) + 1;
        Self { number: index as u8 + 1, pada, lord: VIMSHOTTARI_ORDER[index % 9], degrees_in }
    }

    /// Nakshatra `number` (1–27, clamped) at its middle: its name and lord
    /// when only the number is known.
    pub fn numbered(number: u8) -> Self {
        Self::of((f64::from(number.clamp(1, 27)) - 0.5) * NAKSHATRA_SPAN)
    }

    pub fn name(&self) -> &'static str {
        NAMES[usize::from(self.number - 1)]
    }

    /// The fraction of the nakshatra still to be travelled, (0, 1].
    pub fn remaining_fraction(&self) -> f64 {
        1.0 - self.degrees_in / NAKSHATRA_SPAN
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boundaries_belong_to_the_next_part() {
        let first = NakshatraPlace::of(0.0);
        assert_eq!((first.number, first.pada, first.lord, first.name()), (1, 1, Graha::Ketu, "Ashwini"));
        // 13°20′ starts Bharani; 3°20′ starts Ashwini's second pada.
        assert_eq!(NakshatraPlace::of(40.0 / 3.0).number, 2);
        assert_eq!(NakshatraPlace::of(10.0 / 3.0).pada, 2);
        // Rohini (4th, the Moon's), Magha (10th, Ketu's again), Revati last.
        assert_eq!(NakshatraPlace::of(45.0).lord, Graha::Moon);
        assert_eq!(NakshatraPlace::of(120.0).name(), "Magha");
        assert_eq!(NakshatraPlace::of(120.0).lord, Graha::Ketu);
        let last = NakshatraPlace::of(359.999_999);
        assert_eq!((last.number, last.pada, last.lord), (27, 4, Graha::Mercury));
        assert_eq!(NakshatraPlace::of(360.0).number, 1);
        assert!((NakshatraPlace::of(40.0 / 3.0 + 10.0 / 3.0).remaining_fraction() - 0.75).abs() < 1e-12);
    }
}
