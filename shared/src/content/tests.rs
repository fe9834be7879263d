//! The corpus is complete: every combination a calculation can produce has a
//! text in every supported language, each text is real prose of its own,
//! and every URN reads back to its key.

use std::collections::HashMap;

use super::*;

/// Sentences, counted by their closing punctuation (a sentence may end in
/// a closing quote or bracket).
fn sentences(text: &str) -> usize {
    let mut count = 0;
    let chars: Vec<char> = text.chars().collect();
    for (i, c) in chars.iter().enumerate() {
        if matches!(c, '.' | '!' | '?') {
            let next = chars.get(i + 1).copied();
            if next.is_none() || next.is_some_and(|n| n == ' ' || n == '"' || n == ')' || n == '”') {
                count += 1;
            }
        }
    }
    count
}

#[test]
fn every_combination_has_a_text_in_every_language() {
    let mut total = 0;
    for language in Language::SUPPORTED {
        for horoscope in HoroscopeType::ALL {
            for &content_type in horoscope.content_types() {
                let keys = all_keys(horoscope, content_type);
                assert!(!keys.is_empty(), "{horoscope:?} {content_type:?}");
                let mut seen_bodies: HashMap<String, String> = HashMap::new();
                for key in keys {
                    let urn = key.urn(language);
                    let text = compose(key, language).unwrap_or_else(|| panic!("no text for {urn}"));
                    assert!(!text.title.trim().is_empty(), "{urn}: empty title");
                    let count = sentences(&text.body);
                    // 2–5 sentences, the framing sentence of a chart type other
                    // than natal included.
                    assert!((2..=5).contains(&count), "{urn}: {count} sentences: {}", text.body);
                    assert!(!text.body.contains("{") && !text.title.contains("{"), "{urn}: unfilled template");
                    // Each text is in its own language throughout (a crude but
                    // telling check: the commonest words of the other one).
                    let foreign: &[&str] = match language {
                        Language::En => &[" los ", " las ", " tu ", " que "],
                        Language::Es => &[" the ", " your ", " and ", " with "],
                    };
                    for word in foreign {
                        assert!(
                            !format!(" {} ", text.body.to_lowercase()).contains(word),
                            "{urn} contains '{}': {}",
                            word.trim(),
                            text.body
                        );
                    }
                    // Two different combinations never read the same, except
                    // the two lunar nodes (mean and true), which are one point
                    // in interpretation.
                    let canonical = urn.replace("mean_node", "true_node");
                    if let Some(other) = seen_bodies.insert(text.body.clone(), canonical.clone()) {
                        assert_eq!(other, canonical, "{urn} reads the same as {other}");
                    }
                    assert_eq!(ContentKey::parse_urn(&urn), Some((*key, language)), "{urn} does not read back");
                    total += 1;
                }
            }
        }
    }
    assert!(total > 20_000, "{total} texts");
}

#[test]
fn every_numerology_number_has_a_text_in_every_language() {
    for language in Language::SUPPORTED {
        for number in (1..=9).chain([11, 22, 33]) {
            assert!(numerology_text(NumerologyText::LifePath, number, language).is_some(), "life path {number} {language:?}");
        }
        for day in 1..=31 {
            assert!(numerology_text(NumerologyText::Birthday, day, language).is_some(), "birthday {day} {language:?}");
        }
        for debt in [13, 14, 16, 19] {
            assert!(numerology_text(NumerologyText::KarmicDebt, debt, language).is_some(), "karmic debt {debt} {language:?}");
        }
    }
}

#[test]
fn aspects_are_stored_in_one_order_for_unordered_pairs() {
    let forward = ContentKey::aspect(HoroscopeType::Natal, PointId::Mars, AspectKind::Trine, AspectTarget::Point(PointId::Venus));
    let backward = ContentKey::aspect(HoroscopeType::Natal, PointId::Venus, AspectKind::Trine, AspectTarget::Point(PointId::Mars));
    assert_eq!(forward, backward);
    assert_eq!(forward.urn(Language::En), "urn:astro:natal:aspect:venus:trine:mars:en");
    // A transit keeps its direction: transiting Mars to natal Venus.
    let transit = ContentKey::aspect(HoroscopeType::Transit, PointId::Mars, AspectKind::Trine, AspectTarget::Point(PointId::Venus));
    assert_eq!(transit.urn(Language::Es), "urn:astro:transit:aspect:mars:trine:venus:es");
    let text = compose(&transit, Language::En).unwrap();
    assert_eq!(text.title, "Transiting Mars Trine Natal Venus");
}

#[test]
fn urns_that_name_nothing_are_refused() {
    for urn in [
        "urn:astro:natal:planet-in-sign:venus:libra:fr",
        "urn:astro:natal:planet-in-sign:venus:ophiuchus:en",
        "urn:astro:transit:planet-in-sign:venus:libra:en",
        "urn:astro:natal:aspect:mars:trine:venus:en",
        "urn:astro:natal:planet-in-house:venus:house_13:en",
        "urn:other:natal:planet-in-sign:venus:libra:en",
        "",
    ] {
        assert_eq!(ContentKey::parse_urn(urn), None, "{urn}");
    }
    let (key, language) = ContentKey::parse_urn("urn:astro:natal:planet-in-sign:venus:libra:en").unwrap();
    assert_eq!((key.subject, language), (Subject::PointInSign(PointId::Venus, Sign::Libra), Language::En));
    assert_eq!(compose(&key, Language::Es).unwrap().title, "Venus en Libra");
}

#[test]
#[ignore = "prints samples for reading"]
fn print_samples() {
    for urn in [
        "urn:astro:natal:aspect:venus:trine:mars:en",
        "urn:astro:transit:aspect:saturn:square:sun:en",
        "urn:astro:transit:aspect:jupiter:conjunction:midheaven:es",
        "urn:astro:synastry:aspect:moon:opposition:saturn:es",
        "urn:astro:solar-return:planet-in-house:venus:house_10:en",
        "urn:astro:progressions:aspect:moon:sextile:venus:en",
    ] {
        let (key, language) = ContentKey::parse_urn(urn).unwrap();
        let text = compose(&key, language).unwrap();
        println!("{urn}\n  {}\n  {}\n", text.title, text.body);
    }
}

#[test]
#[ignore = "prints how many sentences texts have"]
fn print_sentence_counts() {
    let mut histogram: std::collections::BTreeMap<(HoroscopeType, ContentType, usize), usize> = Default::default();
    for language in Language::SUPPORTED {
        for horoscope in HoroscopeType::ALL {
            for &content_type in horoscope.content_types() {
                for key in all_keys(horoscope, content_type) {
                    let text = compose(key, language).unwrap();
                    *histogram.entry((horoscope, content_type, sentences(&text.body))).or_default() += 1;
                }
            }
        }
    }
    for ((h, c, n), count) in histogram {
        println!("{h:?} {c:?} {n}: {count}");
    }
}

#[test]
#[ignore = "prints how long parsing a language's corpus takes"]
fn print_parse_time() {
    for language in Language::SUPPORTED {
        let started = std::time::Instant::now();
        let _ = corpus::parts(language);
        println!("{}: parsed in {:?}", language.code(), started.elapsed());
    }
}
