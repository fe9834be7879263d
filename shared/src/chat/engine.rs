//! The built-in chat engine: it recognises the common questions and answers
//! them from the user's computed chart, today's sky and the interpretation
//! corpus, in the chatbot's language and tone. Pure: the caller computes
//! the charts and hands over the texts.
//!
//! Recognised (English and Spanish keywords, accents ignored), first match
//! wins in this order: the moon phase today; the rising sign; compatibility
//! with a second birth date (`YYYY-MM-DD` in the message); this month's
//! transits; today's transits; a planet named (its sign, house and natal
//! aspects, with the corpus text); the moon sign; the sun sign; "what does
//! it mean" after a placement. Anything else is answered plainly with what
//! the chatbot can talk about.

use chrono::NaiveDate;

use super::Persona;
use crate::astro::aspect::AspectKind;
use crate::astro::chart::NatalChart;
use crate::astro::chart::transit::{NatalTarget, TransitMoment};
use crate::astro::point::{AngleId, PointId};
use crate::astro::sky::PhaseName;
use crate::astro::zodiac::{Sign, ZodiacPosition};
use crate::content::{AspectTarget, ContentKey, HoroscopeType, Subject, Text};
use crate::language::Language;

/// A transit of the month: the transiting point, the aspect, the natal
/// target, and the day it is exact (local date text) if it perfects.
#[derive(Debug, Clone)]
pub struct MonthTransit {
    pub transiting: PointId,
    pub aspect: AspectKind,
    pub natal: NatalTarget,
    pub exact_on: Option<String>,
}

/// What the engine knows of the user and the sky.
pub struct Context<'a> {
    pub natal: &'a NatalChart,
    /// False when the profile has no birth time: no houses, no rising sign.
    pub birth_time_known: bool,
    /// Today's sky over the natal chart (transits within 1°), for the
    /// questions about today ([`Topic::TodayTransits`], [`Topic::MoonPhase`]).
    pub today: Option<&'a TransitMoment>,
    /// This month's transits of the slow-moving planets (Mars outward).
    pub month: &'a [MonthTransit],
    pub language: Language,
    pub persona: Persona,
    /// The interpretation text of a key, the organization's copy first.
    pub texts: &'a dyn Fn(&ContentKey) -> Option<Text>,
    /// For [`Topic::Compatibility`]: the Sun's sign on that date at noon UTC
    /// (right except on the day the Sun changes sign).
    pub partner_sun: Option<Sign>,
}

/// What was asked, as recognised.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Topic {
    MoonPhase,
    Rising,
    Compatibility(NaiveDate),
    MonthTransits,
    TodayTransits,
    Planet(PointId),
    MoonSign,
    SunSign,
    Unknown,
}

/// Lowercase, accents folded (the keywords are written without them).
fn fold(text: &str) -> String {
    text.to_lowercase()
        .chars()
        .map(|c| match c {
            'á' | 'à' | 'ä' | 'â' => 'a',
            'é' | 'è' | 'ë' | 'ê' => 'e',
            'í' | 'ì' | 'ï' | 'î' => 'i',
            'ó' | 'ò' | 'ö' | 'ô' => 'o',
            'ú' | 'ù' | 'ü' | 'û' => 'u',
            'ñ' => 'n',
            other => other,
        })
        .collect()
}

fn has_word(text: &str, word: &str) -> bool {
    text.split(|c: char| !c.is_alphanumeric()).any(|w| w == word)
}

const PLANET_WORDS: [(PointId, &[&str]); 10] = [
    (PointId::Sun, &["sun", "sol", "solar"]),
    (PointId::Moon, &["moon", "luna", "lunar"]),
    (PointId::Mercury, &["mercury", "mercurio"]),
    (PointId::Venus, &["venus"]),
    (PointId::Mars, &["mars", "marte"]),
    (PointId::Jupiter, &["jupiter"]),
    (PointId::Saturn, &["saturn", "saturno"]),
    (PointId::Uranus, &["uranus", "urano"]),
    (PointId::Neptune, &["neptune", "neptuno"]),
    (PointId::Pluto, &["pluto", "pluton"]),
];

/// The first `YYYY-MM-DD` date in the text.
fn date_in(text: &str) -> Option<NaiveDate> {
    text.split(|c: char| !(c.is_ascii_digit() || c == '-')).find_map(|word| NaiveDate::parse_from_str(word, "%Y-%m-%d").ok())
}

/// What `question` asks about (English or Spanish).
pub fn topic(question: &str) -> Topic {
    let text = fold(question);
    let any = |words: &[&str]| words.iter().any(|w| if w.contains(' ') { text.contains(w) } else { has_word(&text, w) });
    let planet = PLANET_WORDS.iter().find(|(_, words)| any(words)).map(|(point, _)| *point);
    if any(&["phase", "fase", "full moon", "new moon", "luna llena", "luna nueva"]) {
        return Topic::MoonPhase;
    }
    if any(&["rising", "ascendant", "ascendente", "asc"]) {
        return Topic::Rising;
    }
    if any(&["compatible", "compatibility", "compatibilidad", "match", "pareja", "partner"])
        && let Some(date) = date_in(&text)
    {
        return Topic::Compatibility(date);
    }
    if any(&["this month", "este mes", "month", "mes"]) {
        return Topic::MonthTransits;
    }
    if any(&["today", "hoy", "transit", "transits", "transito", "transitos", "now", "ahora"]) {
        return Topic::TodayTransits;
    }
    match planet {
        Some(PointId::Moon) if any(&["sign", "signo"]) => Topic::MoonSign,
        Some(PointId::Sun) if any(&["sign", "signo"]) => Topic::SunSign,
        Some(point) => Topic::Planet(point),
        None if any(&["sign", "signo", "zodiac", "zodiaco", "horoscope", "horoscopo"]) => Topic::SunSign,
        None => Topic::Unknown,
    }
}

/// The answer to what was asked (see [`topic`]), as the pieces to stream
/// (sentences or short paragraphs; every piece but the last ends with a
/// space, so that they join).
pub fn answer(topic: Topic, context: &Context) -> Vec<String> {
    let say = Say { language: context.language };
    let mut parts = Vec::new();
    if let Some(opener) = say.opener(context.persona) {
        parts.push(opener);
    }
    match topic {
        Topic::MoonPhase => moon_phase(context, &say, &mut parts),
        Topic::Rising => rising(context, &say, &mut parts),
        Topic::Compatibility(_) => compatibility(context, &say, &mut parts),
        Topic::MonthTransits => month(context, &say, &mut parts),
        Topic::TodayTransits => today(context, &say, &mut parts),
        Topic::Planet(point) => planet(context, &say, point, &mut parts),
        Topic::MoonSign => planet(context, &say, PointId::Moon, &mut parts),
        Topic::SunSign => planet(context, &say, PointId::Sun, &mut parts),
        Topic::Unknown => parts.push(say.pick(
            "I don't know how to answer that yet. I can tell you your sun, moon and rising signs, where a planet stands in your chart, today's and this month's transits, the moon phase today, and compatibility with someone's birth date (YYYY-MM-DD).",
            "Todavía no sé responder a eso. Puedo decirte tus signos solar, lunar y ascendente, dónde está un planeta en tu carta, los tránsitos de hoy y de este mes, la fase lunar de hoy y la compatibilidad con la fecha de nacimiento de alguien (AAAA-MM-DD).",
        )),
    }
    // Every piece but the last ends with a separator, so the pieces join.
    let count = parts.len();
    parts.into_iter().enumerate().map(|(i, part)| if i + 1 < count { format!("{part} ") } else { part }).collect()
}

struct Say {
    language: Language,
}

impl Say {
    fn pick(&self, en: &str, es: &str) -> String {
        match self.language {
            Language::En => en.to_owned(),
            Language::Es => es.to_owned(),
        }
    }

    fn opener(&self, persona: Persona) -> Option<String> {
        match persona {
            Persona::Friendly => Some(self.pick("Happy to look at your chart!", "¡Con gusto miro tu carta!")),
            Persona::Mystical => {
                Some(self.pick("The sky keeps your story; here is what it tells.", "El cielo guarda tu historia; esto es lo que cuenta."))
            }
            Persona::Professional | Persona::Concise => None,
        }
    }

    fn point(&self, point: PointId) -> &'static str {
        self.language.point_name(point)
    }

    fn sign(&self, sign: Sign) -> &'static str {
        self.language.sign_name(sign)
    }

    fn target(&self, target: NatalTarget) -> &'static str {
        match target {
            NatalTarget::Point(point) => self.language.point_name(point),
            NatalTarget::Angle(angle) => self.language.angle_name(angle),
        }
    }

    fn aspect(&self, kind: AspectKind) -> String {
        self.language.aspect_name(kind).to_lowercase()
    }

    fn degrees(&self, zodiac: &ZodiacPosition) -> String {
        format!("{}°{:02}′ {}", zodiac.dms[0], zodiac.dms[1], self.sign(zodiac.sign))
    }
}

fn sign_of(context: &Context, point: PointId) -> Option<ZodiacPosition> {
    context.natal.points.iter().find(|p| p.point == point).map(|p| p.zodiac)
}

fn first_paragraph(text: &Text) -> String {
    text.body.split("\n\n").next().unwrap_or_default().trim().to_owned()
}

fn planet(context: &Context, say: &Say, point: PointId, parts: &mut Vec<String>) {
    let Some(placement) = context.natal.points.iter().find(|p| p.point == point) else {
        parts.push(say.pick("That point is not in your chart as I computed it.", "Ese punto no está en tu carta tal como la calculé."));
        return;
    };
    let name = say.point(point);
    let sign = say.sign(placement.zodiac.sign);
    let mut sentence = match say.language {
        Language::En => format!("Your {name} is in {sign} ({})", say.degrees(&placement.zodiac)),
        Language::Es => format!("Tu {name} está en {sign} ({})", say.degrees(&placement.zodiac)),
    };
    if context.birth_time_known {
        sentence += &match say.language {
            Language::En => format!(", in your house {}", placement.house),
            Language::Es => format!(", en tu casa {}", placement.house),
        };
    }
    if placement.retrograde {
        sentence += &say.pick(", retrograde", ", retrógrado");
    }
    parts.push(format!("{sentence}."));
    if let Some(text) =
        (context.texts)(&ContentKey { horoscope: HoroscopeType::Natal, subject: Subject::PointInSign(point, placement.zodiac.sign) })
    {
        parts.push(first_paragraph(&text));
    }
    let aspects: Vec<String> = context
        .natal
        .aspects
        .iter()
        .filter(|a| a.point_a == point || a.point_b == point)
        .take(3)
        .map(|a| {
            let other = say.point(if a.point_a == point { a.point_b } else { a.point_a });
            match say.language {
                Language::En => format!("a {} with {other} ({:.1}°)", say.aspect(a.kind), a.orb),
                Language::Es => format!("{} con {other} ({:.1}°)", say.aspect(a.kind), a.orb),
            }
        })
        .collect();
    if !aspects.is_empty() {
        parts.push(match say.language {
            Language::En => format!("In your chart it makes {}.", aspects.join(", ")),
            Language::Es => format!("En tu carta forma {}.", aspects.join(", ")),
        });
    }
}

fn rising(context: &Context, say: &Say, parts: &mut Vec<String>) {
    if !context.birth_time_known {
        parts.push(say.pick(
            "Your rising sign depends on the exact time of birth, and your profile has none, so I can't tell it.",
            "Tu ascendente depende de la hora exacta de nacimiento y tu perfil no la tiene, así que no puedo decírtelo.",
        ));
        return;
    }
    let Some((_, longitude)) = context.natal.angles.iter().find(|(angle, _)| *angle == AngleId::Ascendant) else { return };
    let zodiac = ZodiacPosition::of(*longitude);
    parts.push(match say.language {
        Language::En => format!("Your rising sign (Ascendant) is {} ({}).", say.sign(zodiac.sign), say.degrees(&zodiac)),
        Language::Es => format!("Tu ascendente es {} ({}).", say.sign(zodiac.sign), say.degrees(&zodiac)),
    });
    if let Some(text) =
        (context.texts)(&ContentKey { horoscope: HoroscopeType::Natal, subject: Subject::AngleInSign(AngleId::Ascendant, zodiac.sign) })
    {
        parts.push(first_paragraph(&text));
    }
}

fn today(context: &Context, say: &Say, parts: &mut Vec<String>) {
    let aspects = context.today.map(|sky| sky.aspects.as_slice()).unwrap_or_default();
    if aspects.is_empty() {
        parts.push(say.pick(
            "No planet is within a degree of an aspect to your chart today: a quiet sky for you.",
            "Hoy ningún planeta está a menos de un grado de un aspecto con tu carta: un cielo tranquilo para ti.",
        ));
        return;
    }
    parts.push(say.pick("Today's transits to your chart, tightest first:", "Los tránsitos de hoy a tu carta, del más exacto al menos:"));
    for aspect in aspects.iter().take(4) {
        let NatalTarget::Point(moving) = aspect.point_a else { continue };
        let state = if aspect.applying { say.pick("applying", "aplicativo") } else { say.pick("separating", "separativo") };
        parts.push(match say.language {
            Language::En => format!(
                "transiting {} {} your natal {} (orb {:.1}°, {state});",
                say.point(moving),
                say.aspect(aspect.kind),
                say.target(aspect.point_b),
                aspect.orb
            ),
            Language::Es => format!(
                "{} en tránsito en {} con tu {} natal (orbe {:.1}°, {state});",
                say.point(moving),
                say.aspect(aspect.kind),
                say.target(aspect.point_b),
                aspect.orb
            ),
        });
    }
    end_list(parts);
    if let Some(first) = aspects.first()
        && let (NatalTarget::Point(moving), NatalTarget::Point(natal)) = (first.point_a, first.point_b)
        && let Some(text) = (context.texts)(&ContentKey {
            horoscope: HoroscopeType::Transit,
            subject: Subject::Aspect { a: moving, kind: first.kind, b: AspectTarget::Point(natal) },
        })
    {
        parts.push(first_paragraph(&text));
    }
}

fn month(context: &Context, say: &Say, parts: &mut Vec<String>) {
    if context.month.is_empty() {
        parts.push(say.pick(
            "This month the slower planets make no close aspect to your chart.",
            "Este mes los planetas lentos no forman aspectos cercanos con tu carta.",
        ));
        return;
    }
    parts.push(say.pick("This month, the slower planets to your chart:", "Este mes, los planetas lentos con tu carta:"));
    for transit in context.month.iter().take(6) {
        let when = match &transit.exact_on {
            Some(day) => match say.language {
                Language::En => format!(", exact on {day}"),
                Language::Es => format!(", exacto el {day}"),
            },
            None => String::new(),
        };
        parts.push(match say.language {
            Language::En => {
                format!("{} {} your {}{when};", say.point(transit.transiting), say.aspect(transit.aspect), say.target(transit.natal))
            }
            Language::Es => {
                format!("{} en {} con tu {}{when};", say.point(transit.transiting), say.aspect(transit.aspect), say.target(transit.natal))
            }
        });
    }
    end_list(parts);
}

/// A list's items end with `;`, its last with `.`.
fn end_list(parts: &mut [String]) {
    if let Some(last) = parts.last_mut()
        && let Some(item) = last.strip_suffix(';')
    {
        *last = format!("{item}.");
    }
}

fn moon_phase(context: &Context, say: &Say, parts: &mut Vec<String>) {
    let longitude = |point| context.today?.transiting.points.iter().find(|p| p.point == point).map(|p| p.position.longitude);
    let (Some(sun), Some(moon)) = (longitude(PointId::Sun), longitude(PointId::Moon)) else {
        parts.push(say.pick("I could not see the Moon today.", "Hoy no pude ver la Luna."));
        return;
    };
    let elongation = (moon - sun).rem_euclid(360.0);
    let illumination = (1.0 - elongation.to_radians().cos()) / 2.0;
    let phase = PhaseName::of(elongation);
    let name = match (say.language, phase) {
        (Language::En, PhaseName::NewMoon) => "a new moon",
        (Language::En, PhaseName::WaxingCrescent) => "a waxing crescent",
        (Language::En, PhaseName::FirstQuarter) => "the first quarter",
        (Language::En, PhaseName::WaxingGibbous) => "a waxing gibbous moon",
        (Language::En, PhaseName::FullMoon) => "a full moon",
        (Language::En, PhaseName::WaningGibbous) => "a waning gibbous moon",
        (Language::En, PhaseName::LastQuarter) => "the last quarter",
        (Language::En, PhaseName::WaningCrescent) => "a waning crescent",
        (Language::Es, PhaseName::NewMoon) => "luna nueva",
        (Language::Es, PhaseName::WaxingCrescent) => "luna creciente",
        (Language::Es, PhaseName::FirstQuarter) => "cuarto creciente",
        (Language::Es, PhaseName::WaxingGibbous) => "luna gibosa creciente",
        (Language::Es, PhaseName::FullMoon) => "luna llena",
        (Language::Es, PhaseName::WaningGibbous) => "luna gibosa menguante",
        (Language::Es, PhaseName::LastQuarter) => "cuarto menguante",
        (Language::Es, PhaseName::WaningCrescent) => "luna menguante",
    };
    let moon_sign = say.sign(ZodiacPosition::of(moon).sign);
    parts.push(match say.language {
        Language::En => format!("Today the Moon is {name}, {:.0}% lit, in {moon_sign}.", illumination * 100.0),
        Language::Es => format!("Hoy es {name}, con la Luna iluminada al {:.0}%, en {moon_sign}.", illumination * 100.0),
    });
}

/// The four elements, as a sign's triplicity: fire, earth, air, water.
fn element(sign: Sign) -> usize {
    sign.element() as usize
}

fn compatibility(context: &Context, say: &Say, parts: &mut Vec<String>) {
    let (Some(own), Some(other)) = (sign_of(context, PointId::Sun).map(|z| z.sign), context.partner_sun) else {
        parts.push(say.pick("I could not read that date.", "No pude leer esa fecha."));
        return;
    };
    let distance = (element(own) as i32 - element(other) as i32).rem_euclid(4);
    let verdict = match (element(own) == element(other), distance) {
        (true, _) => say.pick(
            "the same element: you understand each other without many words.",
            "el mismo elemento: se entienden sin muchas palabras.",
        ),
        // Fire with air, earth with water: elements that feed each other.
        (false, 2) => say.pick("complementary elements that feed each other.", "elementos complementarios que se alimentan mutuamente."),
        _ => say.pick(
            "elements that challenge each other: growth through difference.",
            "elementos que se desafían: crecimiento a través de la diferencia.",
        ),
    };
    parts.push(match say.language {
        Language::En => format!("Your Sun is in {} and theirs in {}: {verdict}", say.sign(own), say.sign(other)),
        Language::Es => format!("Tu Sol está en {} y el suyo en {}: {verdict}", say.sign(own), say.sign(other)),
    });
    parts.push(say.pick(
        "A full synastry with their birth time and place would say much more.",
        "Una sinastría completa con su hora y lugar de nacimiento diría mucho más.",
    ));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lists_last_item_ends_the_sentence() {
        let mut parts = vec!["Today:".to_owned(), "Mars square Sun;".to_owned(), "Venus trine Moon;".to_owned()];
        end_list(&mut parts);
        assert_eq!(parts, ["Today:", "Mars square Sun;", "Venus trine Moon."]);
    }

    #[test]
    fn questions_are_recognised_in_both_languages() {
        assert_eq!(topic("What is my moon sign?"), Topic::MoonSign);
        assert_eq!(topic("¿Cuál es mi signo lunar?"), Topic::MoonSign);
        assert_eq!(topic("¿Y mi signo solar?"), Topic::SunSign);
        assert_eq!(topic("¿Qué fase lunar hay hoy?"), Topic::MoonPhase);
        assert_eq!(topic("what is my rising sign?"), Topic::Rising);
        assert_eq!(topic("¿Cuál es mi ascendente?"), Topic::Rising);
        assert_eq!(topic("What are my transits today?"), Topic::TodayTransits);
        assert_eq!(topic("¿Qué tránsitos tengo hoy?"), Topic::TodayTransits);
        assert_eq!(topic("and this month?"), Topic::MonthTransits);
        assert_eq!(topic("What's the moon phase?"), Topic::MoonPhase);
        assert_eq!(topic("Where is my Venus?"), Topic::Planet(PointId::Venus));
        assert_eq!(topic("mi sol"), Topic::Planet(PointId::Sun));
        assert_eq!(topic("What is my zodiac sign?"), Topic::SunSign);
        assert_eq!(
            topic("Are we compatible? They were born 1988-03-02"),
            Topic::Compatibility(NaiveDate::from_ymd_opt(1988, 3, 2).unwrap())
        );
        assert_eq!(topic("Will I win the lottery?"), Topic::Unknown);
    }
}
