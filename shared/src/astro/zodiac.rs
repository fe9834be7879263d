//! Signs of the tropical zodiac and degree formatting.

use serde::Serialize;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Sign {
    Aries,
    Taurus,
    Gemini,
    Cancer,
    Leo,
    Virgo,
    Libra,
    Scorpio,
    Sagittarius,
    Capricorn,
    Aquarius,
    Pisces,
}

impl Sign {
    pub const ALL: [Sign; 12] = [
        Sign::Aries,
        Sign::Taurus,
        Sign::Gemini,
        Sign::Cancer,
        Sign::Leo,
        Sign::Virgo,
        Sign::Libra,
        Sign::Scorpio,
        Sign::Sagittarius,
        Sign::Capricorn,
        Sign::Aquarius,
        Sign::Pisces,
    ];

    pub fn id(self) -> &'static str {
        match self {
            Sign::Aries => "aries",
            Sign::Taurus => "taurus",
            Sign::Gemini => "gemini",
            Sign::Cancer => "cancer",
            Sign::Leo => "leo",
            Sign::Virgo => "virgo",
            Sign::Libra => "libra",
            Sign::Scorpio => "scorpio",
            Sign::Sagittarius => "sagittarius",
            Sign::Capricorn => "capricorn",
            Sign::Aquarius => "aquarius",
            Sign::Pisces => "pisces",
        }
    }
}

/// The four elements (triplicities): the signs take them in turn from Aries.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Element {
    Fire,
    Earth,
    Air,
    Water,
}

impl Element {
    pub const ALL: [Element; 4] = [Self::Fire, Self::Earth, Self::Air, Self::Water];
}

/// The three modalities (quadruplicities): the signs take them in turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Modality {
    Cardinal,
    Fixed,
    Mutable,
}

impl Modality {
    pub const ALL: [Modality; 3] = [Self::Cardinal, Self::Fixed, Self::Mutable];
}

impl Sign {
    /// Aries 0 … Pisces 11.
    pub fn index(self) -> usize {
        self as usize
    }

    pub fn element(self) -> Element {
        Element::ALL[self.index() % 4]
    }

    pub fn modality(self) -> Modality {
        Modality::ALL[self.index() % 3]
    }

    /// The sign opposite.
    pub fn opposite(self) -> Sign {
        Sign::ALL[(self.index() + 6) % 12]
    }
}

/// Normalises an angle to [0, 360).
pub fn normalize_degrees(angle: f64) -> f64 {
    let wrapped = angle.rem_euclid(360.0);
    // rem_euclid can return 360.0 for tiny negative inputs.
    if wrapped >= 360.0 { 0.0 } else { wrapped }
}

/// An angle folded into (−180, 180]: the signed shortest arc.
pub fn signed_arc(angle: f64) -> f64 {
    let wrapped = normalize_degrees(angle);
    if wrapped > 180.0 { wrapped - 360.0 } else { wrapped }
}

/// The unsigned shortest arc between two longitudes, [0, 180].
pub fn angular_distance(a: f64, b: f64) -> f64 {
    signed_arc(a - b).abs()
}

/// Where an ecliptic longitude falls in the zodiac.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ZodiacPosition {
    pub sign: Sign,
    /// [0, 30)
    pub degrees_in_sign: f64,
    /// `[degrees, minutes, seconds]` of `degrees_in_sign`, seconds rounded.
    pub dms: [u32; 3],
}

impl ZodiacPosition {
    pub fn of(longitude: f64) -> Self {
        let longitude = normalize_degrees(longitude);
        let index = ((longitude / 30.0).floor() as usize).min(11);
        let degrees_in_sign = longitude - 30.0 * index as f64;
        Self { sign: Sign::ALL[index], degrees_in_sign, dms: dms_within_sign(degrees_in_sign) }
    }
}

/// Degrees, minutes and rounded seconds with the carry done (never 60″ or
/// 60′). A value that would round up to 30°00′00″ shows 29°59′59″ instead,
/// so that the DMS always lies in the sign the response names.
pub fn dms_within_sign(degrees_in_sign: f64) -> [u32; 3] {
    const LAST_SECOND_OF_SIGN: u32 = 30 * 3600 - 1;
    let total_seconds = ((degrees_in_sign * 3600.0).round().max(0.0) as u32).min(LAST_SECOND_OF_SIGN);
    [total_seconds / 3600, (total_seconds % 3600) / 60, total_seconds % 60]
}

/// Degrees, minutes and rounded seconds of any angle in [0, 360), with carry.
pub fn dms(angle: f64) -> [u32; 3] {
    let total_seconds = (normalize_degrees(angle) * 3600.0).round() as u32 % (360 * 3600);
    [total_seconds / 3600, (total_seconds % 3600) / 60, total_seconds % 60]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signs_start_every_thirty_degrees() {
        assert_eq!(ZodiacPosition::of(0.0).sign, Sign::Aries);
        assert_eq!(ZodiacPosition::of(29.999_999).sign, Sign::Aries);
        assert_eq!(ZodiacPosition::of(30.0).sign, Sign::Taurus);
        assert_eq!(ZodiacPosition::of(359.999).sign, Sign::Pisces);
        assert_eq!(ZodiacPosition::of(-0.5).sign, Sign::Pisces);
        assert_eq!(ZodiacPosition::of(360.0).sign, Sign::Aries);
    }

    #[test]
    fn seconds_carry_into_minutes_and_degrees() {
        // 12°59′59.7″ rounds to 13°00′00″, never 12°59′60″.
        assert_eq!(dms_within_sign(12.0 + 59.0 / 60.0 + 59.7 / 3600.0), [13, 0, 0]);
        assert_eq!(dms_within_sign(5.0 + 10.0 / 60.0 + 59.5 / 3600.0), [5, 11, 0]);
        assert_eq!(dms_within_sign(5.0 + 10.0 / 60.0 + 59.4 / 3600.0), [5, 10, 59]);
        // The last half second of a sign stays in the sign.
        assert_eq!(dms_within_sign(29.0 + 59.0 / 60.0 + 59.8 / 3600.0), [29, 59, 59]);
        assert_eq!(dms(359.9999), [0, 0, 0]);
        for step in 0..100_000 {
            let [d, m, s] = dms_within_sign(step as f64 * 0.0003);
            assert!(d < 30 && m < 60 && s < 60);
        }
    }
}
