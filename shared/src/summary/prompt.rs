//! What a language model is told when it writes a summary instead of the
//! built-in writer, and what of its answer is kept. The model sees only the
//! scored features (labels like "Sun in Leo, 10th house"): never a name, a
//! birth date, time or place, which a link never carries anyway.

use crate::content::HoroscopeType;
use crate::language::Language;

use super::Highlight;

/// Part of the model id of an LLM summary: a changed prompt is a new
/// generator, so summaries cached under the old one are not reused.
pub const PROMPT_VERSION: &str = "p1";

/// The two messages of a chat completion.
pub struct Messages {
    pub system: String,
    pub user: String,
}

pub fn messages(horoscope: HoroscopeType, language: Language, features: &[Highlight]) -> Messages {
    let language_name = match language {
        Language::En => "English",
        Language::Es => "Spanish",
    };
    let kind = match horoscope {
        HoroscopeType::Natal => "natal chart",
        HoroscopeType::Transit => "set of current transits to a natal chart",
        HoroscopeType::Synastry => "synastry (the contacts between two people's charts)",
        HoroscopeType::Progressions => "secondary progression chart",
        HoroscopeType::SolarReturn => "solar return chart",
        HoroscopeType::LunarReturn => "lunar return chart",
        HoroscopeType::Vedic => "Vedic (sidereal) chart",
    };
    let system = format!(
        "You are an experienced astrologer writing for a consumer app. Write one flowing paragraph of 120 to 220 words in \
         {language_name}, in the second person, warm and concrete, without headings, lists or markdown. Speak only of the \
         features given, strongest first, naming each one. Do not predict events, health or money outcomes, and do not \
         invent placements."
    );
    let mut user = format!("Summarise this {kind}. Its strongest features, strongest first:\n");
    for feature in features {
        user.push_str("- ");
        user.push_str(&feature.label);
        user.push('\n');
    }
    Messages { system, user }
}

/// The model's answer if it is usable as a summary: prose of a sensible
/// length (40 to 300 words), no markdown scaffolding. Anything else falls
/// back to the built-in writer.
pub fn accept(answer: &str) -> Option<String> {
    let text = answer.trim();
    let words = text.split_whitespace().count();
    let scaffolding = text.lines().any(|line| {
        let line = line.trim_start();
        line.starts_with('#') || line.starts_with("- ") || line.starts_with("* ") || line.starts_with("```")
    });
    ((40..=300).contains(&words) && !scaffolding).then(|| text.split_whitespace().collect::<Vec<_>>().join(" "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::summary::HighlightKind;

    #[test]
    fn the_prompt_carries_features_and_nothing_personal() {
        let features = vec![
            Highlight { kind: HighlightKind::Stellium, label: "Stellium in Aquarius: Sun, Moon, Mercury".into() },
            Highlight { kind: HighlightKind::Angle, label: "Ascendant in Leo".into() },
        ];
        let m = messages(HoroscopeType::Natal, Language::Es, &features);
        assert!(m.system.contains("in Spanish"));
        assert!(m.user.contains("- Stellium in Aquarius: Sun, Moon, Mercury\n- Ascendant in Leo\n"));
    }

    #[test]
    fn only_prose_of_a_sensible_length_is_kept() {
        let prose = "word ".repeat(130);
        assert_eq!(accept(&format!("  {prose}\n")).map(|t| t.split(' ').count()), Some(130));
        assert_eq!(accept("Too short."), None);
        assert_eq!(accept(&format!("# Heading\n{prose}")), None);
        assert_eq!(accept(&format!("- item\n{prose}")), None);
        assert_eq!(accept(&"word ".repeat(400)), None);
    }
}
