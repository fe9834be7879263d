//! Languages of human-readable names and texts. English is complete; a
//! language is listed here only once everything it claims is translated.

use crate::astro::aspect::AspectKind;
use crate::astro::house::HouseSystem;
use crate::astro::point::{AngleId, PointId};
use crate::astro::zodiac::Sign;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Language {
    #[default]
    En,
}

impl Language {
    pub const SUPPORTED: [Language; 1] = [Language::En];

    pub fn code(self) -> &'static str {
        match self {
            Self::En => "en",
        }
    }

    pub fn parse(code: &str) -> Option<Self> {
        Self::SUPPORTED.into_iter().find(|l| l.code() == code)
    }

    pub fn supported_codes() -> Vec<&'static str> {
        Self::SUPPORTED.iter().map(|l| l.code()).collect()
    }

    pub fn point_name(self, point: PointId) -> &'static str {
        match point {
            PointId::Sun => "Sun",
            PointId::Moon => "Moon",
            PointId::Mercury => "Mercury",
            PointId::Venus => "Venus",
            PointId::Mars => "Mars",
            PointId::Jupiter => "Jupiter",
            PointId::Saturn => "Saturn",
            PointId::Uranus => "Uranus",
            PointId::Neptune => "Neptune",
            PointId::Pluto => "Pluto",
            PointId::MeanNode => "Mean Node",
            PointId::TrueNode => "True Node",
            PointId::SouthNode => "South Node",
            PointId::MeanLilith => "Lilith",
            PointId::Chiron => "Chiron",
            PointId::PartOfFortune => "Part of Fortune",
            PointId::Vertex => "Vertex",
        }
    }

    pub fn angle_name(self, angle: AngleId) -> &'static str {
        match angle {
            AngleId::Ascendant => "Ascendant",
            AngleId::Midheaven => "Midheaven",
            AngleId::Descendant => "Descendant",
            AngleId::ImumCoeli => "Imum Coeli",
        }
    }

    pub fn sign_name(self, sign: Sign) -> &'static str {
        match sign {
            Sign::Aries => "Aries",
            Sign::Taurus => "Taurus",
            Sign::Gemini => "Gemini",
            Sign::Cancer => "Cancer",
            Sign::Leo => "Leo",
            Sign::Virgo => "Virgo",
            Sign::Libra => "Libra",
            Sign::Scorpio => "Scorpio",
            Sign::Sagittarius => "Sagittarius",
            Sign::Capricorn => "Capricorn",
            Sign::Aquarius => "Aquarius",
            Sign::Pisces => "Pisces",
        }
    }

    pub fn aspect_name(self, aspect: AspectKind) -> &'static str {
        match aspect {
            AspectKind::Conjunction => "Conjunction",
            AspectKind::Opposition => "Opposition",
            AspectKind::Trine => "Trine",
            AspectKind::Square => "Square",
            AspectKind::Sextile => "Sextile",
            AspectKind::Quincunx => "Quincunx",
            AspectKind::Semisextile => "Semisextile",
            AspectKind::Semisquare => "Semisquare",
            AspectKind::Sesquiquadrate => "Sesquiquadrate",
            AspectKind::Quintile => "Quintile",
            AspectKind::Biquintile => "Biquintile",
        }
    }

    pub fn house_system_name(self, system: HouseSystem) -> &'static str {
        system.display_name()
    }
}
