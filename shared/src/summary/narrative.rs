//! The built-in writer: the strongest features, in order, each as one
//! sentence of its own and the opening sentence of its interpretation text
//! from the corpus (the organization's copy when it has one), framed by an
//! opening and a closing line, in the request's language.

use crate::astro::aspect::AspectKind;
use crate::astro::point::{AngleId, PointId};
use crate::astro::zodiac::Sign;
use crate::content::{AspectTarget, ContentKey, HoroscopeType, Subject as TextSubject, Text};
use crate::language::Language;

use super::scoring::{Contact, EXACT_ORB, Element, Feature, Modality, Scored, Whose};
use super::{Highlight, HighlightKind};

/// Stop adding features once the text is this long (words)...
const ENOUGH_WORDS: usize = 190;
/// ...and never go past this.
const MAX_WORDS: usize = 245;
/// At most this many features are written about.
const MAX_FEATURES: usize = 7;
/// The strongest two also get the opening of their interpretation text.
const WITH_CORPUS: usize = 2;

pub struct Written {
    pub text: String,
    /// Strongest first.
    pub highlights: Vec<Highlight>,
}

/// Writes the summary of `scored` (strongest first): the strongest features
/// that fit, told in the order a reading flows (luminaries, angles, ruler,
/// groups, aspects, balance), highlights in order of strength.
pub fn write(horoscope: HoroscopeType, language: Language, scored: &[Scored], texts: &dyn Fn(&ContentKey) -> Option<Text>) -> Written {
    let opening = opening(horoscope, language);
    let closing = closing(language);
    let mut words = count_words(opening) + count_words(closing);
    // (feature, its own sentence's estimate, the corpus sentence)
    let mut chosen: Vec<(&Feature, Option<String>)> = Vec::new();
    for item in scored.iter().filter(|s| worth_saying(&s.feature)) {
        if chosen.len() == MAX_FEATURES || words >= ENOUGH_WORDS {
            break;
        }
        let own_words = count_words(&sentence(horoscope, language, &item.feature, 0));
        if words + own_words > MAX_WORDS {
            continue;
        }
        words += own_words;
        let corpus = (chosen.len() < WITH_CORPUS)
            .then(|| text_key(horoscope, &item.feature))
            .flatten()
            .and_then(|key| texts(&key))
            .and_then(|text| first_sentence(&text.body))
            .filter(|corpus| words + count_words(corpus) <= MAX_WORDS);
        words += corpus.as_deref().map_or(0, count_words);
        chosen.push((&item.feature, corpus));
    }
    let highlights = chosen.iter().map(|(f, _)| Highlight { kind: kind_of(f), label: label(horoscope, language, f) }).collect();

    let mut told = chosen.clone();
    told.sort_by_key(|(f, _)| telling_order(f));
    let mut sentences = vec![opening.to_owned()];
    let mut aspects_told = 0;
    for (feature, corpus) in told {
        sentences.push(sentence(horoscope, language, feature, aspects_told));
        if matches!(feature, Feature::Aspect(_)) {
            aspects_told += 1;
        }
        sentences.extend(corpus);
    }
    if chosen.is_empty() {
        sentences.push(nothing_strong(horoscope, language).to_owned());
    }
    sentences.push(closing.to_owned());
    Written { text: sentences.join(" "), highlights }
}

fn telling_order(feature: &Feature) -> u8 {
    match feature {
        Feature::Luminary { point: PointId::Sun, .. } => 0,
        Feature::Luminary { .. } => 1,
        Feature::Angle { .. } => 2,
        Feature::ChartRuler { .. } => 3,
        Feature::Stellium { .. } => 4,
        Feature::Angular { .. } => 5,
        Feature::Aspect(_) => 6,
        Feature::DominantElement { .. } => 7,
        Feature::DominantModality { .. } => 8,
    }
}

pub fn count_words(text: &str) -> usize {
    text.split_whitespace().count()
}

/// A luminary's angularity is said with the luminary; the rest stands alone.
fn worth_saying(feature: &Feature) -> bool {
    !matches!(feature, Feature::Angular { point: PointId::Sun | PointId::Moon, on_angle: None, .. })
}

/// The first sentence of a corpus text (the corpus is written so that it
/// opens with the gist).
fn first_sentence(body: &str) -> Option<String> {
    let body = body.trim();
    let end = body.char_indices().find_map(|(i, c)| {
        let next = body[i + c.len_utf8()..].chars().next();
        (matches!(c, '.' | '!' | '?') && next.is_none_or(char::is_whitespace)).then_some(i + c.len_utf8())
    });
    let sentence = &body[..end.unwrap_or(body.len())];
    (!sentence.is_empty()).then(|| sentence.to_owned())
}

fn kind_of(feature: &Feature) -> HighlightKind {
    match feature {
        Feature::Luminary { .. } => HighlightKind::Luminary,
        Feature::Angle { .. } => HighlightKind::Angle,
        Feature::ChartRuler { .. } => HighlightKind::ChartRuler,
        Feature::Angular { .. } => HighlightKind::AngularPlanet,
        Feature::Aspect(_) => HighlightKind::Aspect,
        Feature::Stellium { .. } => HighlightKind::Stellium,
        Feature::DominantElement { .. } => HighlightKind::Element,
        Feature::DominantModality { .. } => HighlightKind::Modality,
    }
}

/// The interpretation text a feature draws on, if the corpus has one.
fn text_key(horoscope: HoroscopeType, feature: &Feature) -> Option<ContentKey> {
    let subject = match *feature {
        Feature::Luminary { point, sign, .. } => TextSubject::PointInSign(point, sign),
        Feature::Angle { angle, sign } => TextSubject::AngleInSign(angle, sign),
        Feature::ChartRuler { ruler, house: Some(house), .. } => TextSubject::PointInHouse(ruler, house),
        Feature::ChartRuler { ruler, sign, house: None, .. } => TextSubject::PointInSign(ruler, sign),
        Feature::Angular { point, house, .. } => TextSubject::PointInHouse(point, house),
        Feature::Aspect(Contact { a, kind, b, .. }) => return Some(ContentKey::aspect(horoscope, a, kind, b)),
        Feature::Stellium { .. } | Feature::DominantElement { .. } | Feature::DominantModality { .. } => return None,
    };
    Some(ContentKey { horoscope, subject })
}

fn opening(horoscope: HoroscopeType, language: Language) -> &'static str {
    match (language, horoscope) {
        (Language::En, HoroscopeType::Natal) => "This natal chart is read from its strongest placements and aspects.",
        (Language::En, HoroscopeType::Transit) => {
            "These transits are ranked by the weight of the moving planet, the natal point it touches and how exact the contact is."
        }
        (Language::En, HoroscopeType::Progressions) => "Your progressed chart shows the slow inner timing of this period.",
        (Language::En, HoroscopeType::Synastry) => "This synastry reads the strongest contacts between the two charts.",
        (Language::En, HoroscopeType::SolarReturn) => "Your solar return chart sets the tone for the year ahead.",
        (Language::En, HoroscopeType::LunarReturn) => "Your lunar return chart sets the tone for the month ahead.",
        (Language::Es, HoroscopeType::Natal) => "Esta carta natal se lee desde sus posiciones y aspectos más fuertes.",
        (Language::Es, HoroscopeType::Transit) => {
            "Estos tránsitos se ordenan por el peso del planeta en movimiento, el punto natal que tocan y la exactitud del contacto."
        }
        (Language::Es, HoroscopeType::Progressions) => "Tu carta progresada muestra el ritmo interior y lento de este periodo.",
        (Language::Es, HoroscopeType::Synastry) => "Esta sinastría lee los contactos más fuertes entre las dos cartas.",
        (Language::Es, HoroscopeType::SolarReturn) => "Tu revolución solar marca el tono del año que empieza.",
        (Language::Es, HoroscopeType::LunarReturn) => "Tu revolución lunar marca el tono del mes que empieza.",
        // No summary link is issued for a Vedic chart; the words are there for completeness.
        (Language::En, HoroscopeType::Vedic) => "This Vedic chart is read from its Moon and its lagna.",
        (Language::Es, HoroscopeType::Vedic) => "Esta carta védica se lee desde su Luna y su lagna.",
    }
}

fn closing(language: Language) -> &'static str {
    match language {
        Language::En => "Read together, these themes describe tendencies to work with, not a fixed fate.",
        Language::Es => "Leídos en conjunto, estos temas describen tendencias con las que trabajar, no un destino fijo.",
    }
}

fn nothing_strong(horoscope: HoroscopeType, language: Language) -> &'static str {
    match (language, horoscope) {
        (Language::En, HoroscopeType::Synastry) => "No close contact stands out between the two charts within the chosen orbs.",
        (Language::En, _) => "No close contact stands out within the chosen orbs: a quiet period.",
        (Language::Es, HoroscopeType::Synastry) => "Ningún contacto cercano destaca entre las dos cartas dentro de los orbes elegidos.",
        (Language::Es, _) => "Ningún contacto cercano destaca dentro de los orbes elegidos: un periodo tranquilo.",
    }
}

/// `2°05′`.
pub fn orb_text(orb: f64) -> String {
    let minutes = (orb.abs() * 60.0).round() as i64;
    format!("{}°{:02}′", minutes / 60, minutes % 60)
}

fn ordinal_house(house: u8) -> String {
    let suffix = match (house % 10, house % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{house}{suffix} house")
}

fn house_text(language: Language, house: u8) -> String {
    match language {
        Language::En => ordinal_house(house),
        Language::Es => format!("casa {house}"),
    }
}

fn element_name(language: Language, element: Element) -> &'static str {
    match (language, element) {
        (Language::En, Element::Fire) => "fire",
        (Language::En, Element::Earth) => "earth",
        (Language::En, Element::Air) => "air",
        (Language::En, Element::Water) => "water",
        (Language::Es, Element::Fire) => "fuego",
        (Language::Es, Element::Earth) => "tierra",
        (Language::Es, Element::Air) => "aire",
        (Language::Es, Element::Water) => "agua",
    }
}

fn element_meaning(language: Language, element: Element) -> &'static str {
    match (language, element) {
        (Language::En, Element::Fire) => "you act on enthusiasm and warm to a challenge",
        (Language::En, Element::Earth) => "you trust what is practical and build things to last",
        (Language::En, Element::Air) => "you live through ideas, words and connection",
        (Language::En, Element::Water) => "you read the world through feeling and intuition",
        (Language::Es, Element::Fire) => "actúas con entusiasmo y los retos te encienden",
        (Language::Es, Element::Earth) => "confías en lo práctico y construyes para que dure",
        (Language::Es, Element::Air) => "vives a través de las ideas, las palabras y los vínculos",
        (Language::Es, Element::Water) => "lees el mundo a través del sentimiento y la intuición",
    }
}

fn modality_name(language: Language, modality: Modality) -> &'static str {
    match (language, modality) {
        (Language::En, Modality::Cardinal) => "cardinal",
        (Language::En, Modality::Fixed) => "fixed",
        (Language::En, Modality::Mutable) => "mutable",
        (Language::Es, Modality::Cardinal) => "cardinal",
        (Language::Es, Modality::Fixed) => "fija",
        (Language::Es, Modality::Mutable) => "mutable",
    }
}

fn modality_meaning(language: Language, modality: Modality) -> &'static str {
    match (language, modality) {
        (Language::En, Modality::Cardinal) => "you start things and set the direction",
        (Language::En, Modality::Fixed) => "you persist and hold your course",
        (Language::En, Modality::Mutable) => "you adapt and find your way through change",
        (Language::Es, Modality::Cardinal) => "inicias y marcas la dirección",
        (Language::Es, Modality::Fixed) => "persistes y mantienes el rumbo",
        (Language::Es, Modality::Mutable) => "te adaptas y avanzas a través del cambio",
    }
}

fn sign(language: Language, sign: Sign) -> &'static str {
    language.sign_name(sign)
}

fn point(language: Language, point: PointId) -> &'static str {
    language.point_name(point)
}

fn target(language: Language, target: AspectTarget) -> &'static str {
    match target {
        AspectTarget::Point(p) => language.point_name(p),
        AspectTarget::Angle(a) => language.angle_name(a),
    }
}

fn aspect(language: Language, kind: AspectKind) -> String {
    language.aspect_name(kind).to_lowercase()
}

fn list(language: Language, points: &[PointId]) -> String {
    let names: Vec<&str> = points.iter().map(|p| point(language, *p)).collect();
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => {
            format!("{} {} {last}", rest.join(", "), if language == Language::Es { "y" } else { "and" })
        }
        _ => names.join(""),
    }
}

fn is_return(horoscope: HoroscopeType) -> bool {
    matches!(horoscope, HoroscopeType::SolarReturn | HoroscopeType::LunarReturn)
}

/// The feature's own sentence; `aspects_before`: how many aspects were
/// told already (the wording varies so the text does not repeat itself).
fn sentence(horoscope: HoroscopeType, language: Language, feature: &Feature, aspects_before: usize) -> String {
    let es = language == Language::Es;
    match feature {
        Feature::Luminary { point: p, sign: s, house, of } => {
            let (p, s) = (point(language, *p), sign(language, *s));
            let in_house =
                house.map(|h| if es { format!(", en la {}", house_text(language, h)) } else { format!(" in the {}", ordinal_house(h)) });
            let in_house = in_house.unwrap_or_default();
            match (es, of) {
                (false, Whose::Chart) if is_return(horoscope) => format!("In this return chart the {p} is in {s}{in_house}."),
                (false, Whose::Chart) => format!("Your {p} is in {s}{in_house}."),
                (false, Whose::Progressed) => format!("Your progressed {p} is in {s}{in_house}."),
                (false, Whose::FirstPerson) => format!("Person 1's {p} is in {s}."),
                (false, Whose::SecondPerson) => format!("Person 2's {p} is in {s}."),
                (true, Whose::Chart) if is_return(horoscope) => format!("En esta revolución, {} está en {s}{in_house}.", with_article(p)),
                (true, Whose::Chart) => format!("Tu {p} está en {s}{in_house}."),
                (true, Whose::Progressed) => format!("En progresión, tu {p} está en {s}{in_house}."),
                (true, Whose::FirstPerson) => format!("{} de la persona 1 está en {s}.", capitalized(&with_article(p))),
                (true, Whose::SecondPerson) => format!("{} de la persona 2 está en {s}.", capitalized(&with_article(p))),
            }
        }
        Feature::Angle { angle, sign: s } => {
            let s = sign(language, *s);
            match (es, angle) {
                (false, AngleId::Ascendant) if is_return(horoscope) => {
                    format!("{s} rises in this return chart, coloring how the period meets you.")
                }
                (true, AngleId::Ascendant) if is_return(horoscope) => {
                    format!("{s} asciende en esta revolución y tiñe cómo te recibe el periodo.")
                }
                (false, AngleId::Ascendant) => format!("{s} rises on your Ascendant, the way you meet the world."),
                (false, _) => format!("Your Midheaven is in {s}, the tone of your public path."),
                (true, AngleId::Ascendant) => format!("{s} asciende en tu Ascendente, tu manera de salir al mundo."),
                (true, _) => format!("Tu Medio Cielo está en {s}, el tono de tu camino público."),
            }
        }
        Feature::ChartRuler { ruler, rising, sign: s, house } => {
            let (r, rising, s) = (point(language, *ruler), sign(language, *rising), sign(language, *s));
            let where_ = match (es, house) {
                (false, Some(h)) => format!("{s} in the {}", ordinal_house(*h)),
                (true, Some(h)) => format!("{s}, en la casa {h}"),
                (_, None) => s.to_owned(),
            };
            if is_return(horoscope) && es {
                format!("{r}, regente del Ascendente en {rising} de la revolución, rige el periodo desde {where_}.")
            } else if is_return(horoscope) {
                format!("{r}, ruler of the return's {rising} Ascendant, rules the period from {where_}.")
            } else if es {
                format!("{r}, regente de tu Ascendente en {rising}, es el regente de tu carta y está en {where_}.")
            } else {
                format!("{r}, ruler of your {rising} Ascendant, is your chart ruler, placed in {where_}.")
            }
        }
        Feature::Angular { point: p, house, on_angle, .. } => {
            let p = point(language, *p);
            match (es, on_angle) {
                (false, Some((angle, orb))) if is_return(horoscope) => {
                    format!(
                        "{p} sits on the return's {} ({} away), so its themes come to the fore.",
                        language.angle_name(*angle),
                        orb_text(*orb)
                    )
                }
                (true, Some((angle, orb))) if is_return(horoscope) => format!(
                    "{p} está sobre el {} de la revolución (a {}), así que sus temas pasan al primer plano.",
                    language.angle_name(*angle),
                    orb_text(*orb)
                ),
                (false, Some((angle, orb))) => {
                    format!("{p} sits on your {} ({} away), so its themes are plain to see.", language.angle_name(*angle), orb_text(*orb))
                }
                (false, None) => format!("{p} stands in the angular {}, where it acts in plain view.", ordinal_house(*house)),
                (true, Some((angle, orb))) => {
                    format!(
                        "{p} está sobre tu {} (a {}), así que sus temas se ven a simple vista.",
                        language.angle_name(*angle),
                        orb_text(*orb)
                    )
                }
                (true, None) => format!("{p} está en la casa angular {house}, donde actúa a la vista."),
            }
        }
        Feature::Aspect(contact) => aspect_sentence(horoscope, language, *contact, aspects_before),
        Feature::Stellium { points, sign: s, house } => {
            let members = list(language, points);
            let place = match (es, s, house) {
                (false, Some(s), _) => sign(language, *s).to_owned(),
                (false, None, Some(h)) => format!("the {}", ordinal_house(*h)),
                (true, Some(s), _) => sign(language, *s).to_owned(),
                (true, None, Some(h)) => format!("la casa {h}"),
                (_, None, None) => String::new(),
            };
            if es {
                format!("Un stellium de {members} en {place} concentra allí buena parte de la energía de la carta.")
            } else {
                format!("A stellium of {members} in {place} gathers much of the chart's energy in one place.")
            }
        }
        Feature::DominantElement { element, weight } => {
            let (name, meaning) = (element_name(language, *element), element_meaning(language, *element));
            if es {
                format!("Domina el elemento {name} ({weight} puntos): {meaning}.")
            } else {
                let name = capitalized(name);
                format!("{name} is the dominant element ({weight} points): {meaning}.")
            }
        }
        Feature::DominantModality { modality, weight } => {
            let (name, meaning) = (modality_name(language, *modality), modality_meaning(language, *modality));
            if es {
                format!("Domina la modalidad {name} ({weight} puntos): {meaning}.")
            } else {
                format!("The {name} modality leads ({weight} points): {meaning}.")
            }
        }
    }
}

fn aspect_sentence(horoscope: HoroscopeType, language: Language, contact: Contact, aspects_before: usize) -> String {
    let Contact { a, kind, b, orb, applying } = contact;
    let (a, b, k, o) = (point(language, a), target(language, b), aspect(language, kind), orb_text(orb));
    let exact = orb < EXACT_ORB;
    // A transit pass exact inside the period has reached orb 0.
    let within_period = orb < 1.0 / 60.0;
    let an = if k.starts_with(['a', 'e', 'i', 'o', 'u']) { "an" } else { "a" };
    let weight_en = match aspects_before {
        0 => "is one of the chart's strongest threads",
        1 => "weaves in a second strong thread",
        _ => "also stands out",
    };
    let weight_es = match aspects_before {
        0 => "es uno de los hilos más fuertes de la carta",
        1 => "teje un segundo hilo fuerte",
        _ => "también destaca",
    };
    match (language, horoscope) {
        (Language::En, HoroscopeType::Transit) if within_period => {
            format!("Transiting {a} makes {an} {k} to your natal {b}, exact within this period.")
        }
        (Language::En, HoroscopeType::Transit) => {
            let phase = if applying { "applying" } else { "separating" };
            format!("Transiting {a} makes {an} {k} to your natal {b} (orb {o} at its closest, {phase}).")
        }
        (Language::En, HoroscopeType::Progressions) => format!("Your progressed {a} makes {an} {k} to your natal {b} (orb {o})."),
        (Language::En, HoroscopeType::Synastry) => format!("Person 1's {a} and person 2's {b} form {an} {k} (orb {o})."),
        (Language::En, horoscope) => {
            let exact = if exact { "exact " } else { "" };
            let whose = if is_return(horoscope) { "the return's" } else { "your" };
            format!("The {exact}{k} between {whose} {a} and {whose} {b} (orb {o}) {weight_en}.")
        }
        (Language::Es, HoroscopeType::Transit) if within_period => {
            format!("{a} en tránsito forma un aspecto de {k} con tu {b} natal, exacto en este periodo.")
        }
        (Language::Es, HoroscopeType::Transit) => {
            let phase = if applying { "aplicativo" } else { "separativo" };
            format!("{a} en tránsito forma un aspecto de {k} con tu {b} natal (orbe {o} en su punto más cercano, {phase}).")
        }
        (Language::Es, HoroscopeType::Progressions) => {
            format!("En progresión, tu {a} forma un aspecto de {k} con tu {b} natal (orbe {o}).")
        }
        (Language::Es, HoroscopeType::Synastry) => format!(
            "{} de la persona 1 y {} de la persona 2 forman un aspecto de {k} (orbe {o}).",
            capitalized(&with_article(a)),
            with_article(b)
        ),
        (Language::Es, horoscope) => {
            let exact = if exact { " exacto" } else { "" };
            if is_return(horoscope) {
                format!("El aspecto de {k}{exact} entre {} y {} de la revolución (orbe {o}) {weight_es}.", with_article(a), with_article(b))
            } else {
                format!("El aspecto de {k}{exact} entre tu {a} y tu {b} (orbe {o}) {weight_es}.")
            }
        }
    }
}

/// A Spanish point name with the article it takes ("el Sol", "la Luna");
/// planets go without one, as astrologers write them.
fn with_article(name: &str) -> String {
    match name {
        "Sol" | "Nodo Medio" | "Nodo Verdadero" | "Nodo Sur" | "Vértice" | "Ascendente" | "Medio Cielo" | "Descendente"
        | "Fondo del Cielo" => {
            format!("el {name}")
        }
        "Luna" | "Parte de la Fortuna" => format!("la {name}"),
        other => other.to_owned(),
    }
}

fn capitalized(word: &str) -> String {
    let mut chars = word.chars();
    chars.next().map(|c| c.to_uppercase().chain(chars).collect()).unwrap_or_default()
}

/// The short name of a feature in `highlights`.
pub fn label(horoscope: HoroscopeType, language: Language, feature: &Feature) -> String {
    let es = language == Language::Es;
    match feature {
        Feature::Luminary { point: p, sign: s, house, of } => {
            let (p, s) = (point(language, *p), sign(language, *s));
            let base = match (es, of) {
                (false, Whose::Progressed) => format!("Progressed {p} in {s}"),
                (false, Whose::FirstPerson) => format!("Person 1: {p} in {s}"),
                (false, Whose::SecondPerson) => format!("Person 2: {p} in {s}"),
                (false, Whose::Chart) => format!("{p} in {s}"),
                (true, Whose::Progressed) => format!("En progresión: {p} en {s}"),
                (true, Whose::FirstPerson) => format!("Persona 1: {p} en {s}"),
                (true, Whose::SecondPerson) => format!("Persona 2: {p} en {s}"),
                (true, Whose::Chart) => format!("{p} en {s}"),
            };
            match house {
                Some(h) => format!("{base}, {}", house_text(language, *h)),
                None => base,
            }
        }
        Feature::Angle { angle, sign: s } => {
            format!("{} {} {}", language.angle_name(*angle), if es { "en" } else { "in" }, sign(language, *s))
        }
        Feature::ChartRuler { ruler, sign: s, house, .. } => {
            let head = if es { "Regente de la carta" } else { "Chart ruler" };
            let base = format!("{head}: {} {} {}", point(language, *ruler), if es { "en" } else { "in" }, sign(language, *s));
            match house {
                Some(h) => format!("{base}, {}", house_text(language, *h)),
                None => base,
            }
        }
        Feature::Angular { point: p, house, on_angle, .. } => match (es, on_angle) {
            (false, Some((angle, orb))) => format!("{} on the {} ({})", point(language, *p), language.angle_name(*angle), orb_text(*orb)),
            (true, Some((angle, orb))) => format!("{} sobre el {} ({})", point(language, *p), language.angle_name(*angle), orb_text(*orb)),
            (false, None) => format!("{} in the {}", point(language, *p), ordinal_house(*house)),
            (true, None) => format!("{} en la casa {house}", point(language, *p)),
        },
        Feature::Aspect(Contact { a, kind, b, orb, .. }) => {
            let (a, b) = (point(language, *a), target(language, *b));
            let k = aspect(language, *kind);
            let o = orb_text(*orb);
            match (es, horoscope) {
                (false, HoroscopeType::Transit) => format!("Transiting {a} {k} natal {b} (orb {o})"),
                (false, HoroscopeType::Progressions) => format!("Progressed {a} {k} natal {b} (orb {o})"),
                (false, HoroscopeType::Synastry) => format!("Person 1's {a} {k} person 2's {b} (orb {o})"),
                (false, _) => format!("{a} {k} {b} (orb {o})"),
                (true, HoroscopeType::Transit) => format!("{a} en tránsito {k} {b} natal (orbe {o})"),
                (true, HoroscopeType::Progressions) => format!("En progresión: {a} {k} {b} natal (orbe {o})"),
                (true, HoroscopeType::Synastry) => format!("{a} de la persona 1 {k} {b} de la persona 2 (orbe {o})"),
                (true, _) => format!("{a} {k} {b} (orbe {o})"),
            }
        }
        Feature::Stellium { points, sign: s, house } => {
            let place = match (s, house) {
                (Some(s), _) => format!("{} {}", if es { "en" } else { "in" }, sign(language, *s)),
                (None, Some(h)) if es => format!("en la casa {h}"),
                (None, Some(h)) => format!("in the {}", ordinal_house(*h)),
                (None, None) => String::new(),
            };
            let names: Vec<&str> = points.iter().map(|p| point(language, *p)).collect();
            format!("Stellium {place}: {}", names.join(", "))
        }
        Feature::DominantElement { element, .. } => {
            format!("{}: {}", if es { "Elemento dominante" } else { "Dominant element" }, element_name(language, *element))
        }
        Feature::DominantModality { modality, .. } => {
            format!("{}: {}", if es { "Modalidad dominante" } else { "Dominant modality" }, modality_name(language, *modality))
        }
    }
}
