//! What each chart link of an answer is called, in the request's language.

use serde::Serialize;
use shared::http::chart_link::ImageLinks;
use shared::language::Language;

/// Title, description and signed image links of one chart of a response.
#[derive(Debug, Serialize)]
pub struct NamedChartLink {
    pub title: String,
    pub description: String,
    /// `url` (SVG) and `pngUrl`.
    #[serde(flatten)]
    pub links: ImageLinks,
}

/// What a chart link of an answer shows, in the request's language.
pub enum LinkText<'a> {
    /// Progressions to `target_date` (`YYYY-MM-DD` as sent).
    Progressed {
        target_date: &'a str,
    },
    /// The natal chart progressions start from.
    ProgressionsNatal,
    SolarReturn {
        year: i32,
    },
    /// The first lunar return from `from` (`YYYY-MM-DD` as sent).
    LunarReturn {
        from: &'a str,
    },
    /// The natal chart of a return.
    ReturnNatal,
    /// Person 1 or 2 of a synastry.
    Person(u8),
    /// The transiting points at the start of a transit period.
    Transits {
        start_date: &'a str,
    },
}

impl LinkText<'_> {
    pub fn title(&self, language: Language) -> String {
        match (self, language) {
            (Self::Progressed { .. }, Language::En) => "Progressed chart".into(),
            (Self::Progressed { .. }, Language::Es) => "Carta progresada".into(),
            (Self::ProgressionsNatal | Self::ReturnNatal, Language::En) => "Natal chart".into(),
            (Self::ProgressionsNatal | Self::ReturnNatal, Language::Es) => "Carta natal".into(),
            (Self::SolarReturn { .. }, Language::En) => "Solar return".into(),
            (Self::SolarReturn { .. }, Language::Es) => "Revolución solar".into(),
            (Self::LunarReturn { .. }, Language::En) => "Lunar return".into(),
            (Self::LunarReturn { .. }, Language::Es) => "Revolución lunar".into(),
            (Self::Person(n), Language::En) => format!("Person {n}"),
            (Self::Person(n), Language::Es) => format!("Persona {n}"),
            (Self::Transits { .. }, Language::En) => "Transits".into(),
            (Self::Transits { .. }, Language::Es) => "Tránsitos".into(),
        }
    }

    pub fn description(&self, language: Language) -> String {
        match (self, language) {
            (Self::Progressed { target_date }, Language::En) => format!("Secondary progressions for {target_date}, day for a year"),
            (Self::Progressed { target_date }, Language::Es) => {
                format!("Progresiones secundarias para el {target_date}, un día por cada año")
            }
            (Self::ProgressionsNatal, Language::En) => "The birth chart the progressions start from".into(),
            (Self::ProgressionsNatal, Language::Es) => "La carta natal de la que parten las progresiones".into(),
            (Self::ReturnNatal, Language::En) => "The birth chart".into(),
            (Self::ReturnNatal, Language::Es) => "La carta natal".into(),
            (Self::SolarReturn { year }, Language::En) => format!("The Sun back on its natal degree in {year}"),
            (Self::SolarReturn { year }, Language::Es) => format!("El Sol de vuelta en su grado natal en {year}"),
            (Self::LunarReturn { from }, Language::En) => format!("The Moon back on its natal degree, first time from {from}"),
            (Self::LunarReturn { from }, Language::Es) => {
                format!("La Luna de vuelta en su grado natal, por primera vez desde el {from}")
            }
            (Self::Person(n), Language::En) => format!("Natal chart of person {n}"),
            (Self::Person(n), Language::Es) => format!("Carta natal de la persona {n}"),
            (Self::Transits { start_date }, Language::En) => {
                format!("The transiting points at the start of {start_date} around the natal chart")
            }
            (Self::Transits { start_date }, Language::Es) => {
                format!("Los puntos en tránsito al comienzo del {start_date} alrededor de la carta natal")
            }
        }
    }

    /// The link with this title and description in `language`.
    pub fn link(&self, language: Language, links: ImageLinks) -> NamedChartLink {
        NamedChartLink { title: self.title(language), description: self.description(language), links }
    }
}
