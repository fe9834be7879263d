//! What a language model is told when it answers in the chat's place: who
//! it speaks as, the rules, and the facts the service computed (the user's
//! chart, today's sky and this month's transits when asked, the built-in
//! engine's own answer). The model is asked to answer from these facts
//! only, so that what it says is the user's chart and not an invention.
//! Pure: the caller sends it (`crate::llm`).
//!
//! The facts are written in English whatever the chatbot's language (the
//! model translates); the answer is asked for in the chatbot's language.
//! Nothing identifies the user: no id, no name, no birth place; the birth
//! date only as the positions it gives.

use std::fmt::Write;

use super::Persona;
use super::engine::Context;
use crate::astro::chart::transit::NatalTarget;
use crate::astro::zodiac::ZodiacPosition;
use crate::language::Language;

/// The most earlier messages a model sees (the latest ones).
pub const HISTORY_MESSAGES: usize = 10;

/// The system message: persona, language, rules and the facts.
pub fn system(context: &Context, reading: &[String]) -> String {
    let tone = match context.persona {
        Persona::Friendly => "warm and plain, like a friend who knows astrology",
        Persona::Professional => "measured and precise, like a professional astrologer; no exclamations",
        Persona::Mystical => "evocative and poetic, like a practising astrologer, without inventing facts",
        Persona::Concise => "as short as possible: the facts, one or two sentences",
    };
    let language = match context.language {
        Language::En => "English",
        Language::Es => "Spanish",
    };
    let mut text = format!(
        "You are the astrology assistant of a website, talking with one of its users about their own birth chart. \
         Tone: {tone}. Answer in {language}, in at most 120 words of plain prose (no lists, no markdown). \
         Use only the facts below, computed by the service from the user's birth data and today's sky; \
         never invent a position, aspect or date. If the facts do not answer the question, say plainly that you do not know. \
         Give no medical, legal or financial advice.\n\nFacts:\n"
    );
    text.push_str(&facts(context));
    if !reading.is_empty() {
        let _ = write!(text, "\nThe service's own reading for this question (rephrase it, keep its facts):\n{}\n", reading.concat());
    }
    text
}

/// The computed facts, one per line.
pub fn facts(context: &Context) -> String {
    let en = Language::En;
    let mut text = String::new();
    for placement in &context.natal.points {
        let _ = write!(text, "- natal {} in {}", en.point_name(placement.point), degrees(&placement.zodiac));
        if context.birth_time_known {
            let _ = write!(text, ", house {}", placement.house);
        }
        if placement.retrograde {
            text.push_str(", retrograde");
        }
        text.push('\n');
    }
    if context.birth_time_known {
        for (angle, longitude) in &context.natal.angles {
            let _ = writeln!(text, "- natal {} in {}", en.angle_name(*angle), degrees(&ZodiacPosition::of(*longitude)));
        }
    } else {
        text.push_str("- birth time unknown: no houses, no Ascendant or Midheaven\n");
    }
    // The tightest first: the ones an astrologer reads first.
    let mut aspects: Vec<_> = context.natal.aspects.iter().collect();
    aspects.sort_by(|a, b| a.orb.total_cmp(&b.orb));
    for aspect in aspects.into_iter().take(8) {
        let _ = writeln!(
            text,
            "- natal {} {} {} (orb {:.1}°)",
            en.point_name(aspect.point_a),
            en.aspect_name(aspect.kind).to_lowercase(),
            en.point_name(aspect.point_b),
            aspect.orb
        );
    }
    if let Some(sky) = context.today {
        for aspect in sky.aspects.iter().take(6) {
            let _ = writeln!(
                text,
                "- today: transiting {} {} natal {} (orb {:.1}°, {})",
                target(aspect.point_a),
                en.aspect_name(aspect.kind).to_lowercase(),
                target(aspect.point_b),
                aspect.orb,
                if aspect.applying { "applying" } else { "separating" }
            );
        }
        if sky.aspects.is_empty() {
            text.push_str("- today: no transit within 1° of an aspect to the natal chart\n");
        }
    }
    for transit in context.month.iter().take(8) {
        let _ = write!(
            text,
            "- this month: {} {} natal {}",
            en.point_name(transit.transiting),
            en.aspect_name(transit.aspect).to_lowercase(),
            target(transit.natal)
        );
        if let Some(day) = &transit.exact_on {
            let _ = write!(text, ", exact on {day}");
        }
        text.push('\n');
    }
    if let Some(sign) = context.partner_sun {
        let _ = writeln!(text, "- the other person's Sun sign (from the date given): {}", en.sign_name(sign));
    }
    text
}

fn target(target: NatalTarget) -> &'static str {
    match target {
        NatalTarget::Point(point) => Language::En.point_name(point),
        NatalTarget::Angle(angle) => Language::En.angle_name(angle),
    }
}

fn degrees(zodiac: &ZodiacPosition) -> String {
    format!("{} {}°{:02}′", Language::En.sign_name(zodiac.sign), zodiac.dms[0], zodiac.dms[1])
}
