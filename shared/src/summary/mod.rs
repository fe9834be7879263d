//! AI-style narrative summaries of a chart: which placements and aspects
//! are strongest ([`scoring`]) and the words about them ([`narrative`], the
//! built-in writer; an external language model may write them instead, see
//! [`prompt`]). Pure domain: no HTTP, no storage.

pub mod narrative;
pub mod prompt;
pub mod scoring;
#[cfg(test)]
mod tests;

use serde::{Deserialize, Serialize};

use crate::content::{ContentKey, HoroscopeType, Text};
use crate::language::Language;

pub use scoring::{Contact, Feature, Scored, Subject, Whose};

/// The built-in writer's name and version: a change of wording, weights or
/// corpus is a new version, and cached summaries of the old one are not
/// served for it.
pub fn built_in_model() -> String {
    // The corpus fingerprint hashes every text: once per process.
    static MODEL: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    MODEL.get_or_init(|| format!("astro-narrative-1.0+corpus.{}", crate::content::corpus::version())).clone()
}

/// What a highlight names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HighlightKind {
    Luminary,
    Angle,
    ChartRuler,
    AngularPlanet,
    Aspect,
    Stellium,
    Element,
    Modality,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Highlight {
    pub kind: HighlightKind,
    pub label: String,
}

/// A written summary.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Draft {
    pub text: String,
    pub highlights: Vec<Highlight>,
    pub model: String,
}

/// The built-in summary of `subject`, in `language`, drawing on `texts`
/// (the interpretation texts of `horoscope` in `language`).
pub fn built_in(horoscope: HoroscopeType, language: Language, subject: &Subject<'_>, texts: &dyn Fn(&ContentKey) -> Option<Text>) -> Draft {
    let scored = scoring::score(horoscope, subject);
    let written = narrative::write(horoscope, language, &scored, texts);
    Draft { text: written.text, highlights: written.highlights, model: built_in_model() }
}
