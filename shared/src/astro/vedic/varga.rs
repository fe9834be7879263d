//! The sixteen divisional charts (vargas) of Parashara (BPHS), with the
//! rules Jagannatha Hora follows where the commentaries differ. A sign is
//! cut into n equal parts (D30 into five unequal ones), and each part is
//! given a sign; a longitude exactly on a boundary belongs to the next part.

use crate::astro::zodiac::Sign;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Varga {
    D1,
    D2,
    D3,
    D4,
    D7,
    D9,
    D10,
    D12,
    D16,
    D20,
    D24,
    D27,
    D30,
    D40,
    D45,
    D60,
}

/// Aries = 0; odd signs (Aries, Gemini, …) have an even index.
fn sign(index: usize) -> Sign {
    Sign::ALL[index % 12]
}

/// Movable (cardinal), fixed and dual (mutable) signs start their parts at
/// these three signs.
fn by_modality(sign_index: usize, movable: usize, fixed: usize, dual: usize) -> usize {
    [movable, fixed, dual][sign_index % 3]
}

impl Varga {
    pub const ALL: [Varga; 16] = [
        Self::D1,
        Self::D2,
        Self::D3,
        Self::D4,
        Self::D7,
        Self::D9,
        Self::D10,
        Self::D12,
        Self::D16,
        Self::D20,
        Self::D24,
        Self::D27,
        Self::D30,
        Self::D40,
        Self::D45,
        Self::D60,
    ];

    /// How many parts a sign is cut into.
    pub fn division(self) -> usize {
        match self {
            Self::D1 => 1,
            Self::D2 => 2,
            Self::D3 => 3,
            Self::D4 => 4,
            Self::D7 => 7,
            Self::D9 => 9,
            Self::D10 => 10,
            Self::D12 => 12,
            Self::D16 => 16,
            Self::D20 => 20,
            Self::D24 => 24,
            Self::D27 => 27,
            Self::D30 => 30,
            Self::D40 => 40,
            Self::D45 => 45,
            Self::D60 => 60,
        }
    }

    /// "D9" and so on.
    pub fn id(self) -> String {
        format!("D{}", self.division())
    }

    pub fn parse(id: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|v| v.id().eq_ignore_ascii_case(id))
    }

    /// The Sanskrit name.
    pub fn name(self) -> &'static str {
        match self {
            Self::D1 => "Rashi",
            Self::D2 => "Hora",
            Self::D3 => "Drekkana",
            Self::D4 => "Chaturthamsa",
            Self::D7 => "Saptamsa",
            Self::D9 => "Navamsa",
            Self::D10 => "Dasamsa",
            Self::D12 => "Dwadasamsa",
            Self::D16 => "Shodasamsa",
            Self::D20 => "Vimsamsa",
            Self::D24 => "Chaturvimsamsa",
            Self::D27 => "Saptavimsamsa",
            Self::D30 => "Trimsamsa",
            Self::D40 => "Khavedamsa",
            Self::D45 => "Akshavedamsa",
            Self::D60 => "Shashtiamsa",
        }
    }

    /// The rule, in one line (docs and `meta`).
    pub fn rule(self) -> &'static str {
        match self {
            Self::D1 => "the sign itself",
            Self::D2 => "halves of 15°: odd signs Leo then Cancer, even signs Cancer then Leo",
            Self::D3 => "thirds of 10°: the sign, its 5th, its 9th",
            Self::D4 => "quarters of 7°30′: the sign, its 4th, 7th, 10th",
            Self::D7 => "sevenths: counted from the sign (odd) or its 7th (even)",
            Self::D9 => "ninths of 3°20′: counted on from Aries through the zodiac",
            Self::D10 => "tenths of 3°: counted from the sign (odd) or its 9th (even)",
            Self::D12 => "twelfths of 2°30′: counted from the sign",
            Self::D16 => "sixteenths: movable signs from Aries, fixed from Leo, dual from Sagittarius",
            Self::D20 => "twentieths: movable signs from Aries, fixed from Sagittarius, dual from Leo",
            Self::D24 => "24ths: odd signs from Leo, even from Cancer",
            Self::D27 => "27ths: fire signs from Aries, earth from Cancer, air from Libra, water from Capricorn",
            Self::D30 => {
                "odd signs 0–5° Aries, 5–10° Aquarius, 10–18° Sagittarius, 18–25° Gemini, 25–30° Libra; even signs 0–5° Taurus, \
                 5–12° Virgo, 12–20° Pisces, 20–25° Capricorn, 25–30° Scorpio"
            }
            Self::D40 => "40ths: odd signs from Aries, even from Libra",
            Self::D45 => "45ths: movable signs from Aries, fixed from Leo, dual from Sagittarius",
            Self::D60 => "60ths of 30′: counted from the sign itself",
        }
    }

    /// The varga sign of a sidereal longitude.
    pub fn sign_of(self, sidereal_longitude: f64) -> Sign {
        let longitude = sidereal_longitude.rem_euclid(360.0);
        let s = ((longitude / 30.0).floor() as usize).min(11);
        let degrees = (longitude - 30.0 * s as f64).max(0.0);
        let n = self.division();
        // degrees × n / 30, not degrees ÷ (30 / n): exact on the boundaries
        // a whole number of minutes apart.
        let part = ((degrees * n as f64 / 30.0).floor() as usize).min(n - 1);
        // Odd signs (Aries, Gemini, …) have even indices.
        let odd = s.is_multiple_of(2);
        let from = |start: usize| sign(start + part);
        match self {
            Self::D1 => sign(s),
            Self::D2 => match (odd, part) {
                (true, 0) | (false, 1) => Sign::Leo,
                _ => Sign::Cancer,
            },
            Self::D3 => sign(s + 4 * part),
            Self::D4 => sign(s + 3 * part),
            Self::D7 => from(if odd { s } else { s + 6 }),
            Self::D9 => sign(9 * s + part),
            Self::D10 => from(if odd { s } else { s + 8 }),
            Self::D12 | Self::D60 => from(s),
            Self::D16 | Self::D45 => from(by_modality(s, 0, 4, 8)),
            Self::D20 => from(by_modality(s, 0, 8, 4)),
            Self::D24 => from(if odd { 4 } else { 3 }),
            Self::D27 => from([0, 3, 6, 9][s % 4]),
            Self::D30 => {
                let (limits, signs): ([f64; 4], [Sign; 5]) = if odd {
                    ([5.0, 10.0, 18.0, 25.0], [Sign::Aries, Sign::Aquarius, Sign::Sagittarius, Sign::Gemini, Sign::Libra])
                } else {
                    ([5.0, 12.0, 20.0, 25.0], [Sign::Taurus, Sign::Virgo, Sign::Pisces, Sign::Capricorn, Sign::Scorpio])
                };
                signs[limits.iter().filter(|limit| degrees >= **limit).count()]
            }
            Self::D40 => from(if odd { 0 } else { 6 }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(sign: Sign, degrees: f64) -> f64 {
        30.0 * sign.index() as f64 + degrees
    }

    #[test]
    fn each_varga_by_its_rule() {
        use Sign::*;
        assert_eq!(Varga::D2.sign_of(at(Aries, 14.0)), Leo);
        assert_eq!(Varga::D2.sign_of(at(Taurus, 14.0)), Cancer);
        assert_eq!(Varga::D2.sign_of(at(Taurus, 15.0)), Leo);
        assert_eq!(Varga::D3.sign_of(at(Leo, 25.0)), Aries);
        assert_eq!(Varga::D4.sign_of(at(Gemini, 8.0)), Virgo);
        assert_eq!(Varga::D7.sign_of(at(Taurus, 0.5)), Scorpio);
        // Navamsa: Aries starts at Aries, Taurus at Capricorn, Gemini at Libra.
        assert_eq!(Varga::D9.sign_of(at(Taurus, 0.0)), Capricorn);
        assert_eq!(Varga::D9.sign_of(at(Gemini, 29.9)), Gemini);
        assert_eq!(Varga::D9.sign_of(at(Aries, 10.0 / 3.0)), Taurus);
        assert_eq!(Varga::D10.sign_of(at(Taurus, 0.0)), Capricorn);
        assert_eq!(Varga::D12.sign_of(at(Pisces, 29.0)), Aquarius);
        assert_eq!(Varga::D16.sign_of(at(Taurus, 0.0)), Leo);
        assert_eq!(Varga::D20.sign_of(at(Taurus, 0.0)), Sagittarius);
        assert_eq!(Varga::D20.sign_of(at(Gemini, 0.0)), Leo);
        assert_eq!(Varga::D24.sign_of(at(Taurus, 0.0)), Cancer);
        assert_eq!(Varga::D27.sign_of(at(Cancer, 0.0)), Capricorn);
        assert_eq!(Varga::D30.sign_of(at(Aries, 5.0)), Aquarius);
        assert_eq!(Varga::D30.sign_of(at(Taurus, 12.0)), Pisces);
        assert_eq!(Varga::D30.sign_of(at(Taurus, 29.99)), Scorpio);
        assert_eq!(Varga::D40.sign_of(at(Taurus, 0.0)), Libra);
        assert_eq!(Varga::D45.sign_of(at(Gemini, 0.0)), Sagittarius);
        assert_eq!(Varga::D60.sign_of(at(Leo, 0.5)), Virgo);
        assert_eq!(Varga::D60.sign_of(at(Leo, 29.99)), Cancer);
        assert_eq!(Varga::parse("d9"), Some(Varga::D9));
        assert_eq!(Varga::parse("D5"), None);
    }
}
