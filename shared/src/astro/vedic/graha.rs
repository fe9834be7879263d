//! The nine grahas, their dignities by sign (BPHS) and combustion by the
//! Sun.

use crate::astro::ephemeris::Body;
use crate::astro::zodiac::Sign;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Graha {
    Sun,
    Moon,
    Mars,
    Mercury,
    Jupiter,
    Venus,
    Saturn,
    Rahu,
    Ketu,
}

impl Graha {
    /// In the traditional order (the weekdays' lords, then the nodes).
    pub const ALL: [Graha; 9] =
        [Self::Sun, Self::Moon, Self::Mars, Self::Mercury, Self::Jupiter, Self::Venus, Self::Saturn, Self::Rahu, Self::Ketu];

    pub fn id(self) -> &'static str {
        match self {
            Self::Sun => "sun",
            Self::Moon => "moon",
            Self::Mars => "mars",
            Self::Mercury => "mercury",
            Self::Jupiter => "jupiter",
            Self::Venus => "venus",
            Self::Saturn => "saturn",
            Self::Rahu => "rahu",
            Self::Ketu => "ketu",
        }
    }

    /// The Sanskrit name, transliterated.
    pub fn sanskrit(self) -> &'static str {
        match self {
            Self::Sun => "Surya",
            Self::Moon => "Chandra",
            Self::Mars => "Mangala",
            Self::Mercury => "Budha",
            Self::Jupiter => "Guru",
            Self::Venus => "Shukra",
            Self::Saturn => "Shani",
            Self::Rahu => "Rahu",
            Self::Ketu => "Ketu",
        }
    }

    /// The body the ephemeris computes; Ketu is Rahu's opposite point.
    pub fn body(self, true_node: bool) -> Body {
        match self {
            Self::Sun => Body::Sun,
            Self::Moon => Body::Moon,
            Self::Mars => Body::Mars,
            Self::Mercury => Body::Mercury,
            Self::Jupiter => Body::Jupiter,
            Self::Venus => Body::Venus,
            Self::Saturn => Body::Saturn,
            Self::Rahu | Self::Ketu if true_node => Body::TrueNode,
            Self::Rahu | Self::Ketu => Body::MeanNode,
        }
    }

    /// Exaltation sign (debilitation is the opposite one). The nodes have
    /// none here: the classical sources disagree on theirs.
    fn exaltation(self) -> Option<Sign> {
        match self {
            Self::Sun => Some(Sign::Aries),
            Self::Moon => Some(Sign::Taurus),
            Self::Mars => Some(Sign::Capricorn),
            Self::Mercury => Some(Sign::Virgo),
            Self::Jupiter => Some(Sign::Cancer),
            Self::Venus => Some(Sign::Pisces),
            Self::Saturn => Some(Sign::Libra),
            Self::Rahu | Self::Ketu => None,
        }
    }

    /// Moolatrikona: the sign and its degree range [from, to).
    fn moolatrikona(self) -> Option<(Sign, f64, f64)> {
        match self {
            Self::Sun => Some((Sign::Leo, 0.0, 20.0)),
            Self::Moon => Some((Sign::Taurus, 3.0, 30.0)),
            Self::Mars => Some((Sign::Aries, 0.0, 12.0)),
            Self::Mercury => Some((Sign::Virgo, 15.0, 20.0)),
            Self::Jupiter => Some((Sign::Sagittarius, 0.0, 10.0)),
            Self::Venus => Some((Sign::Libra, 0.0, 15.0)),
            Self::Saturn => Some((Sign::Aquarius, 0.0, 20.0)),
            Self::Rahu | Self::Ketu => None,
        }
    }

    /// The signs it rules.
    pub fn own_signs(self) -> &'static [Sign] {
        match self {
            Self::Sun => &[Sign::Leo],
            Self::Moon => &[Sign::Cancer],
            Self::Mars => &[Sign::Aries, Sign::Scorpio],
            Self::Mercury => &[Sign::Gemini, Sign::Virgo],
            Self::Jupiter => &[Sign::Sagittarius, Sign::Pisces],
            Self::Venus => &[Sign::Taurus, Sign::Libra],
            Self::Saturn => &[Sign::Capricorn, Sign::Aquarius],
            Self::Rahu | Self::Ketu => &[],
        }
    }

    /// The dignity at `degrees` into `sign`. Where a sign holds two (the
    /// Moon's Taurus, Mercury's Virgo) the degrees decide, as in BPHS: the
    /// Moon exalted in Taurus 0–3°, moolatrikona after; Mercury exalted in
    /// Virgo 0–15°, moolatrikona 15–20°, own sign after.
    pub fn dignity(self, sign: Sign, degrees: f64) -> Option<Dignity> {
        let moolatrikona = self.moolatrikona().is_some_and(|(s, from, to)| s == sign && (from..to).contains(&degrees));
        let exalted = self.exaltation() == Some(sign)
            && match self {
                Self::Moon => degrees < 3.0,
                Self::Mercury => degrees < 15.0,
                _ => true,
            };
        if exalted {
            Some(Dignity::Exalted)
        } else if self.exaltation().map(Sign::opposite) == Some(sign) {
            Some(Dignity::Debilitated)
        } else if moolatrikona {
            Some(Dignity::Moolatrikona)
        } else if self.own_signs().contains(&sign) {
            Some(Dignity::OwnSign)
        } else {
            None
        }
    }

    /// The lord of a sign (the seven visible grahas rule the twelve).
    pub fn lord_of(sign: Sign) -> Graha {
        Self::ALL[..7].iter().copied().find(|g| g.own_signs().contains(&sign)).unwrap_or(Self::Sun)
    }

    /// How this graha regards `other` by natural friendship (naisargika
    /// maitri, BPHS 3.55): Sun: friends Moon, Mars, Jupiter, neutral
    /// Mercury; Moon: friends Sun, Mercury, no enemies; Mars: friends Sun,
    /// Moon, Jupiter, enemy Mercury; Mercury: friends Sun, Venus, enemy
    /// Moon; Jupiter: friends Sun, Moon, Mars, neutral Saturn; Venus:
    /// friends Mercury, Saturn, neutral Mars, Jupiter; Saturn: friends
    /// Mercury, Venus, neutral Jupiter. The nodes are not counted.
    pub fn natural_relation(self, other: Graha) -> Relation {
        use Graha::*;
        let (friends, enemies): (&[Graha], &[Graha]) = match self {
            Sun => (&[Moon, Mars, Jupiter], &[Venus, Saturn]),
            Moon => (&[Sun, Mercury], &[]),
            Mars => (&[Sun, Moon, Jupiter], &[Mercury]),
            Mercury => (&[Sun, Venus], &[Moon]),
            Jupiter => (&[Sun, Moon, Mars], &[Mercury, Venus]),
            Venus => (&[Mercury, Saturn], &[Sun, Moon]),
            Saturn => (&[Mercury, Venus], &[Sun, Moon, Mars]),
            Rahu | Ketu => (&[], &[]),
        };
        if friends.contains(&other) {
            Relation::Friend
        } else if enemies.contains(&other) {
            Relation::Enemy
        } else {
            Relation::Neutral
        }
    }

    /// Within how many degrees of the Sun it is combust (Surya Siddhanta's
    /// orbs, the smaller ones of Mercury and Venus while retrograde). The
    /// Sun and the nodes are never combust.
    pub fn combustion_orb(self, retrograde: bool) -> Option<f64> {
        match self {
            Self::Moon => Some(12.0),
            Self::Mars => Some(17.0),
            Self::Mercury => Some(if retrograde { 12.0 } else { 14.0 }),
            Self::Jupiter => Some(11.0),
            Self::Venus => Some(if retrograde { 8.0 } else { 10.0 }),
            Self::Saturn => Some(15.0),
            Self::Sun | Self::Rahu | Self::Ketu => None,
        }
    }
}

/// Natural friendship between two grahas.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Relation {
    Friend,
    Neutral,
    Enemy,
}

impl Relation {
    pub fn id(self) -> &'static str {
        match self {
            Self::Friend => "friend",
            Self::Neutral => "neutral",
            Self::Enemy => "enemy",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dignity {
    Exalted,
    Debilitated,
    Moolatrikona,
    OwnSign,
}

impl Dignity {
    pub fn id(self) -> &'static str {
        match self {
            Self::Exalted => "exalted",
            Self::Debilitated => "debilitated",
            Self::Moolatrikona => "moolatrikona",
            Self::OwnSign => "own_sign",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dignities_follow_bphs() {
        assert_eq!(Graha::Sun.dignity(Sign::Aries, 10.0), Some(Dignity::Exalted));
        assert_eq!(Graha::Sun.dignity(Sign::Libra, 10.0), Some(Dignity::Debilitated));
        assert_eq!(Graha::Sun.dignity(Sign::Leo, 19.9), Some(Dignity::Moolatrikona));
        assert_eq!(Graha::Sun.dignity(Sign::Leo, 20.0), Some(Dignity::OwnSign));
        assert_eq!(Graha::Moon.dignity(Sign::Taurus, 2.9), Some(Dignity::Exalted));
        assert_eq!(Graha::Moon.dignity(Sign::Taurus, 3.0), Some(Dignity::Moolatrikona));
        assert_eq!(Graha::Mercury.dignity(Sign::Virgo, 14.0), Some(Dignity::Exalted));
        assert_eq!(Graha::Mercury.dignity(Sign::Virgo, 16.0), Some(Dignity::Moolatrikona));
        assert_eq!(Graha::Mercury.dignity(Sign::Virgo, 25.0), Some(Dignity::OwnSign));
        assert_eq!(Graha::Mercury.dignity(Sign::Pisces, 25.0), Some(Dignity::Debilitated));
        assert_eq!(Graha::Saturn.dignity(Sign::Capricorn, 1.0), Some(Dignity::OwnSign));
        assert_eq!(Graha::Saturn.dignity(Sign::Gemini, 1.0), None);
        assert_eq!(Graha::Rahu.dignity(Sign::Taurus, 1.0), None);
        assert_eq!(Graha::Venus.combustion_orb(true), Some(8.0));
        assert_eq!(Graha::Rahu.combustion_orb(false), None);
    }
}
