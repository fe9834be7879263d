//! The words a report prints around the data, in every corpus language.

use shared::astro::aspect::AspectKind;
use shared::astro::point::PointId;
use shared::astro::zodiac::Sign;
use shared::language::Language;
use shared::summary::scoring::{Element, Modality};

use super::ReportKind;

/// One printed phrase: the English and Spanish forms side by side, so a
/// missing translation cannot compile.
#[derive(Debug, Clone, Copy)]
pub struct Phrase(pub &'static str, pub &'static str);

impl Phrase {
    pub fn get(self, language: Language) -> &'static str {
        match language {
            Language::En => self.0,
            Language::Es => self.1,
        }
    }
}

pub const CONTENTS: Phrase = Phrase("Contents", "Contenido");
pub const CHART_WHEEL: Phrase = Phrase("Chart wheel", "Rueda de la carta");
pub const POSITIONS: Phrase = Phrase("Positions", "Posiciones");
pub const HOUSES: Phrase = Phrase("House cusps", "Cúspides de las casas");
pub const ASPECTS: Phrase = Phrase("Aspects", "Aspectos");
pub const BALANCE: Phrase = Phrase("Element and modality balance", "Equilibrio de elementos y modalidades");
pub const INTERPRETATION: Phrase = Phrase("Interpretation", "Interpretación");
pub const POINT: Phrase = Phrase("Point", "Punto");
pub const SIGN: Phrase = Phrase("Sign", "Signo");
pub const DEGREE: Phrase = Phrase("Degree", "Grado");
pub const HOUSE: Phrase = Phrase("House", "Casa");
pub const MOTION: Phrase = Phrase("Motion", "Movimiento");
pub const RETROGRADE: Phrase = Phrase("retrograde", "retrógrado");
pub const DIRECT: Phrase = Phrase("direct", "directo");
pub const ASPECT: Phrase = Phrase("Aspect", "Aspecto");
pub const ORB: Phrase = Phrase("Orb", "Orbe");
pub const PHASE: Phrase = Phrase("Phase", "Fase");
pub const APPLYING: Phrase = Phrase("applying", "aplicativo");
pub const SEPARATING: Phrase = Phrase("separating", "separativo");
pub const CUSP: Phrase = Phrase("Cusp", "Cúspide");
pub const ELEMENT: Phrase = Phrase("Element", "Elemento");
pub const MODALITY: Phrase = Phrase("Modality", "Modalidad");
pub const BALANCE_NOTE: Phrase = Phrase(
    "The ten planets count one each; the Ascendant's sign is shown apart.",
    "Los diez planetas cuentan uno cada uno; el signo del Ascendente se indica aparte.",
);
pub const ASCENDANT_IN: Phrase = Phrase("Ascendant in", "Ascendente en");
pub const BORN: Phrase = Phrase("Born", "Nacimiento");
pub const UNIVERSAL_TIME: Phrase = Phrase("Universal time", "Tiempo universal");
pub const PLACE: Phrase = Phrase("Place", "Lugar");
pub const TIME_ZONE: Phrase = Phrase("Time zone", "Zona horaria");
pub const HOUSE_SYSTEM: Phrase = Phrase("House system", "Sistema de casas");
pub const PREPARED_FOR: Phrase = Phrase("Prepared for", "Preparado para");
pub const AND: Phrase = Phrase("and", "y");
pub const GENERATED: Phrase = Phrase("Generated", "Generado");
pub const PAGE_OF: Phrase = Phrase("Page {i} of {n}", "Página {i} de {n}");
pub const NO_ASPECTS: Phrase = Phrase("No aspects within orb.", "Ningún aspecto dentro del orbe.");
pub const TRANSITS_ON: Phrase = Phrase("Transits on", "Tránsitos el");
pub const PROGRESSED_TO: Phrase = Phrase("Progressed to", "Progresada al");
pub const RETURN_MOMENT: Phrase = Phrase("Return", "Revolución");
pub const PLACEMENTS: Phrase = Phrase("Placements", "Posiciones planetarias");
pub const IN_HOUSES: Phrase = Phrase("Houses", "Casas");
pub const ANGLES: Phrase = Phrase("Angles", "Ángulos");
pub const PORTRAITS: Phrase = Phrase("The two charts", "Las dos cartas");
pub const TRANSITING: Phrase = Phrase("Transiting", "En tránsito");
pub const NATAL: Phrase = Phrase("Natal", "Natal");
pub const PROGRESSED: Phrase = Phrase("Progressed", "Progresada");

/// The report's title.
pub fn title(kind: ReportKind) -> Phrase {
    match kind {
        ReportKind::Natal => Phrase("Natal Chart Report", "Informe de carta natal"),
        ReportKind::Synastry => Phrase("Synastry Report", "Informe de sinastría"),
        ReportKind::Transit => Phrase("Transit Report", "Informe de tránsitos"),
        ReportKind::Progressions => Phrase("Progressions Report", "Informe de progresiones"),
        ReportKind::SolarReturn => Phrase("Solar Return Report", "Informe de revolución solar"),
        ReportKind::LunarReturn => Phrase("Lunar Return Report", "Informe de revolución lunar"),
    }
}

/// The wheel's own heading: what it draws.
pub fn wheel_title(kind: ReportKind) -> Phrase {
    match kind {
        ReportKind::Natal => Phrase("Natal chart", "Carta natal"),
        ReportKind::Synastry => Phrase("Synastry", "Sinastría"),
        ReportKind::Transit => Phrase("Transits to the natal chart", "Tránsitos a la carta natal"),
        ReportKind::Progressions => Phrase("Progressed and natal chart", "Carta progresada y natal"),
        ReportKind::SolarReturn => Phrase("Solar return and natal chart", "Revolución solar y carta natal"),
        ReportKind::LunarReturn => Phrase("Lunar return and natal chart", "Revolución lunar y carta natal"),
    }
}

/// What the outer ring of the report's wheel (or the chart the tables
/// describe second) is.
pub fn second_chart(kind: ReportKind) -> Phrase {
    match kind {
        ReportKind::Natal => NATAL,
        ReportKind::Synastry => Phrase("Partner", "Pareja"),
        ReportKind::Transit => TRANSITING,
        ReportKind::Progressions => PROGRESSED,
        ReportKind::SolarReturn => Phrase("Solar return", "Revolución solar"),
        ReportKind::LunarReturn => Phrase("Lunar return", "Revolución lunar"),
    }
}

pub fn element(element: Element) -> Phrase {
    match element {
        Element::Fire => Phrase("Fire", "Fuego"),
        Element::Earth => Phrase("Earth", "Tierra"),
        Element::Air => Phrase("Air", "Aire"),
        Element::Water => Phrase("Water", "Agua"),
    }
}

pub fn modality(modality: Modality) -> Phrase {
    match modality {
        Modality::Cardinal => Phrase("Cardinal", "Cardinal"),
        Modality::Fixed => Phrase("Fixed", "Fija"),
        Modality::Mutable => Phrase("Mutable", "Mutable"),
    }
}

/// The point's symbol in the shipped font (`None`: it has none, the name
/// stands alone).
pub fn point_symbol(point: PointId) -> Option<char> {
    Some(match point {
        PointId::Sun => '☉',
        PointId::Moon => '☽',
        PointId::Mercury => '☿',
        PointId::Venus => '♀',
        PointId::Mars => '♂',
        PointId::Jupiter => '♃',
        PointId::Saturn => '♄',
        PointId::Uranus => '♅',
        PointId::Neptune => '♆',
        PointId::Pluto => '♇',
        PointId::MeanNode | PointId::TrueNode => '☊',
        PointId::SouthNode => '☋',
        PointId::MeanLilith => '⚸',
        PointId::Chiron => '⚷',
        PointId::PartOfFortune => '⊗',
        PointId::Vertex
        | PointId::Earth
        | PointId::Pholus
        | PointId::Ceres
        | PointId::Pallas
        | PointId::Juno
        | PointId::Vesta
        | PointId::PartOfSpirit => return None,
    })
}

pub fn sign_symbol(sign: Sign) -> char {
    const SYMBOLS: [char; 12] = ['♈', '♉', '♊', '♋', '♌', '♍', '♎', '♏', '♐', '♑', '♒', '♓'];
    SYMBOLS[Sign::ALL.iter().position(|s| *s == sign).unwrap_or(0)]
}

/// The aspect's symbol where DejaVu Sans has one (it lacks the sextile,
/// quincunx, semisextile and sesquiquadrate symbols: the name stands alone).
pub fn aspect_symbol(kind: AspectKind) -> Option<char> {
    match kind {
        AspectKind::Conjunction => Some('☌'),
        AspectKind::Opposition => Some('☍'),
        AspectKind::Trine => Some('△'),
        AspectKind::Square => Some('□'),
        AspectKind::Semisquare => Some('∠'),
        _ => None,
    }
}

/// "Page 3 of 12".
pub fn page_of(language: Language, page: usize, pages: usize) -> String {
    PAGE_OF.get(language).replace("{i}", &page.to_string()).replace("{n}", &pages.to_string())
}
