//! Languages of human-readable names and texts. A language is listed here
//! only once everything it claims is translated: English and Spanish are
//! (names here, interpretation texts in `shared/content/`; a test checks
//! every combination in both).

use crate::astro::aspect::AspectKind;
use crate::astro::house::HouseSystem;
use crate::astro::point::{AngleId, PointId};
use crate::astro::zodiac::Sign;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Language {
    #[default]
    En,
    Es,
}

impl Language {
    pub const SUPPORTED: [Language; 2] = [Language::En, Language::Es];

    pub fn code(self) -> &'static str {
        match self {
            Self::En => "en",
            Self::Es => "es",
        }
    }

    pub fn parse(code: &str) -> Option<Self> {
        Self::SUPPORTED.into_iter().find(|l| l.code() == code)
    }

    pub fn supported_codes() -> Vec<&'static str> {
        Self::SUPPORTED.iter().map(|l| l.code()).collect()
    }

    /// A calendar date written out: "11 May 1990" / "11 de mayo de 1990".
    pub fn long_date(self, date: impl chrono::Datelike) -> String {
        const MONTHS_EN: [&str; 12] =
            ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
        const MONTHS_ES: [&str; 12] =
            ["enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre", "noviembre", "diciembre"];
        let month = date.month0() as usize;
        match self {
            Self::En => format!("{} {} {}", date.day(), MONTHS_EN[month], date.year()),
            Self::Es => format!("{} de {} de {}", date.day(), MONTHS_ES[month], date.year()),
        }
    }

    pub fn point_name(self, point: PointId) -> &'static str {
        if self == Self::Es {
            return match point {
                PointId::Sun => "Sol",
                PointId::Moon => "Luna",
                PointId::Mercury => "Mercurio",
                PointId::Venus => "Venus",
                PointId::Mars => "Marte",
                PointId::Jupiter => "Júpiter",
                PointId::Saturn => "Saturno",
                PointId::Uranus => "Urano",
                PointId::Neptune => "Neptuno",
                PointId::Pluto => "Plutón",
                PointId::MeanNode => "Nodo Medio",
                PointId::TrueNode => "Nodo Verdadero",
                PointId::SouthNode => "Nodo Sur",
                PointId::MeanLilith => "Lilith",
                PointId::Chiron => "Quirón",
                PointId::PartOfFortune => "Parte de la Fortuna",
                PointId::Vertex => "Vértice",
                PointId::Earth => "Tierra",
                PointId::Pholus => "Folo",
                PointId::Ceres => "Ceres",
                PointId::Pallas => "Palas",
                PointId::Juno => "Juno",
                PointId::Vesta => "Vesta",
                PointId::PartOfSpirit => "Parte del Espíritu",
            };
        }
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
            PointId::Earth => "Earth",
            PointId::Pholus => "Pholus",
            PointId::Ceres => "Ceres",
            PointId::Pallas => "Pallas",
            PointId::Juno => "Juno",
            PointId::Vesta => "Vesta",
            PointId::PartOfSpirit => "Part of Spirit",
        }
    }

    pub fn angle_name(self, angle: AngleId) -> &'static str {
        if self == Self::Es {
            return match angle {
                AngleId::Ascendant => "Ascendente",
                AngleId::Midheaven => "Medio Cielo",
                AngleId::Descendant => "Descendente",
                AngleId::ImumCoeli => "Fondo del Cielo",
            };
        }
        match angle {
            AngleId::Ascendant => "Ascendant",
            AngleId::Midheaven => "Midheaven",
            AngleId::Descendant => "Descendant",
            AngleId::ImumCoeli => "Imum Coeli",
        }
    }

    pub fn sign_name(self, sign: Sign) -> &'static str {
        if self == Self::Es {
            return match sign {
                Sign::Aries => "Aries",
                Sign::Taurus => "Tauro",
                Sign::Gemini => "Géminis",
                Sign::Cancer => "Cáncer",
                Sign::Leo => "Leo",
                Sign::Virgo => "Virgo",
                Sign::Libra => "Libra",
                Sign::Scorpio => "Escorpio",
                Sign::Sagittarius => "Sagitario",
                Sign::Capricorn => "Capricornio",
                Sign::Aquarius => "Acuario",
                Sign::Pisces => "Piscis",
            };
        }
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
        if self == Self::Es {
            return match aspect {
                AspectKind::Conjunction => "Conjunción",
                AspectKind::Opposition => "Oposición",
                AspectKind::Trine => "Trígono",
                AspectKind::Square => "Cuadratura",
                AspectKind::Sextile => "Sextil",
                AspectKind::Quincunx => "Quincuncio",
                AspectKind::Semisextile => "Semisextil",
                AspectKind::Semisquare => "Semicuadratura",
                AspectKind::Sesquiquadrate => "Sesquicuadratura",
                AspectKind::Quintile => "Quintil",
                AspectKind::Biquintile => "Biquintil",
            };
        }
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
        if self == Self::En {
            return system.display_name();
        }
        match system {
            HouseSystem::Placidus => "Placidus",
            HouseSystem::Koch => "Koch",
            HouseSystem::Equal => "Casas iguales",
            HouseSystem::WholeSign => "Signos enteros",
            HouseSystem::Regiomontanus => "Regiomontano",
            HouseSystem::Campanus => "Campano",
            HouseSystem::Porphyry => "Porfirio",
            HouseSystem::Alcabitius => "Alcabitius",
            HouseSystem::Topocentric => "Topocéntrico",
            HouseSystem::Morinus => "Morinus",
            HouseSystem::Meridian => "Meridiano",
        }
    }
}
