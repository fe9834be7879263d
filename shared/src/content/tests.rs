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
                    // A composed aspect text is one sentence (its lead and the
                    // pair's clause), a written one two to four; placements
                    // up to five.
                    assert!((1..=5).contains(&count), "{urn}: {count} sentences: {}", text.body);
                    assert!(!text.body.contains("{") && !text.title.contains("{"), "{urn}: unfilled template");
                    if let Subject::Aspect { a, b, .. } = key.subject {
                        let names = &parts(language).names;
                        let first = &names.points[text_point(a)];
                        let second = target_name(parts(language), b).unwrap();
                        assert!(text.title.contains(first.as_str()) && text.title.contains(second), "{urn}: the title names both points");
                    }
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
    // `URNS="urn:… urn:…"` prints those instead.
    let asked = std::env::var("URNS").unwrap_or_default();
    let asked: Vec<&str> = asked.split_whitespace().collect();
    let samples = [
        "urn:astro:natal:aspect:venus:trine:mars:en",
        "urn:astro:natal:aspect:moon:quincunx:chiron:en",
        "urn:astro:natal:aspect:sun:square:true_node:es",
        "urn:astro:synastry:aspect:venus:sesquiquadrate:mars:es",
        "urn:astro:progressions:planet-in-sign:sun:aries:es",
        "urn:astro:transit:aspect:saturn:square:sun:en",
        "urn:astro:transit:aspect:jupiter:conjunction:midheaven:es",
        "urn:astro:synastry:aspect:moon:opposition:saturn:es",
        "urn:astro:solar-return:planet-in-house:venus:house_10:en",
        "urn:astro:progressions:aspect:moon:sextile:venus:en",
    ];
    for urn in if asked.is_empty() { &samples[..] } else { &asked[..] } {
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

/// The sentences of a text, as the repetition gate reads them: split after
/// `.`, `!` or `?` (and a closing quote), lower case, trimmed.
fn sentence_list(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut current = String::new();
    let chars: Vec<char> = text.chars().collect();
    for (i, c) in chars.iter().enumerate() {
        current.push(*c);
        if matches!(c, '.' | '!' | '?') && chars.get(i + 1).is_none_or(|n| n.is_whitespace()) {
            out.push(current.trim().to_lowercase());
            current.clear();
        }
    }
    if !current.trim().is_empty() {
        out.push(current.trim().to_lowercase());
    }
    out
}

/// A corpus' repetition: for one horoscope type, content type and language,
/// the sentences of eight or more words that appear in more than two items,
/// and the share of all its sentences they make up.
struct Repetition {
    items: usize,
    sentences: usize,
    repeated_sentences: usize,
    worst: Vec<(String, usize)>,
}

fn repetition(keys: &[&ContentKey], language: Language) -> Repetition {
    let mut items_with: HashMap<String, usize> = HashMap::new();
    let mut per_item: Vec<Vec<String>> = Vec::new();
    // The mean and the true node are one point in interpretation: their
    // texts are one item under two URNs, counted once.
    let mut seen = std::collections::HashSet::new();
    for key in keys {
        if !seen.insert(key.urn(language).replace("mean_node", "true_node")) {
            continue;
        }
        let Some(text) = compose(key, language) else { continue };
        let mut long: Vec<String> = sentence_list(&text.body).into_iter().filter(|s| s.split_whitespace().count() >= 8).collect();
        long.sort();
        long.dedup();
        for sentence in &long {
            *items_with.entry(sentence.clone()).or_insert(0) += 1;
        }
        per_item.push(long);
    }
    let sentences: usize = per_item.iter().map(Vec::len).sum();
    let repeated_sentences = per_item.iter().flatten().filter(|s| items_with[*s] > 2).count();
    let mut worst: Vec<(String, usize)> = items_with.into_iter().filter(|(_, n)| *n > 2).collect();
    worst.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    worst.truncate(3);
    Repetition { items: per_item.len(), sentences, repeated_sentences, worst }
}

/// The major aspects between the ten planets of a horoscope type: the
/// written texts.
fn written_aspect_keys(horoscope: HoroscopeType) -> Vec<&'static ContentKey> {
    all_keys(horoscope, ContentType::Aspect)
        .iter()
        .filter(|key| match key.subject {
            Subject::Aspect { a, kind, b: AspectTarget::Point(b) } => has_written_text(horoscope, a, kind, b),
            _ => false,
        })
        .collect()
}

/// The gate: no sentence of eight or more words is in more than two items
/// of one horoscope type and content type, in any language, written and
/// composed texts alike (`print_repetition` prints the figures).
#[test]
fn no_long_sentence_is_in_more_than_two_texts_of_a_kind() {
    let mut failures = Vec::new();
    for language in Language::SUPPORTED {
        for horoscope in HoroscopeType::ALL {
            for &content_type in horoscope.content_types() {
                let keys: Vec<&ContentKey> = all_keys(horoscope, content_type).iter().collect();
                let found = repetition(&keys, language);
                if found.repeated_sentences > 0 {
                    failures.push(format!(
                        "{language:?} {horoscope:?} {content_type:?}: {} of {} long sentences, e.g. {:?}",
                        found.repeated_sentences, found.sentences, found.worst
                    ));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Every major aspect between the ten planets that one sky can hold has its
/// own written text (not a composed one) in every language, and the
/// impossible ones have none.
#[test]
fn every_major_aspect_between_planets_is_written_and_impossible_ones_are_not() {
    for language in Language::SUPPORTED {
        let parts = parts(language);
        for horoscope in [HoroscopeType::Natal, HoroscopeType::Transit, HoroscopeType::Synastry, HoroscopeType::Progressions] {
            let mut missing = Vec::new();
            for key in written_aspect_keys(horoscope) {
                let Subject::Aspect { a, kind, b } = key.subject else { continue };
                if written_aspect(parts, horoscope, a, kind, b).is_none() {
                    missing.push(key.urn(language));
                }
            }
            let expected_count = match horoscope {
                HoroscopeType::Natal => 45 * 5 - 11,
                HoroscopeType::Transit => 100 * 5,
                HoroscopeType::Synastry => 55 * 5,
                _ => 50 * 5,
            };
            assert_eq!(written_aspect_keys(horoscope).len(), expected_count, "{horoscope:?}");
            assert!(missing.is_empty(), "{} written texts missing, e.g. {:?}", missing.len(), &missing[..missing.len().min(5)]);
        }
        for horoscope in [HoroscopeType::Natal, HoroscopeType::SolarReturn, HoroscopeType::LunarReturn] {
            for (a, b, kinds) in IMPOSSIBLE_IN_ONE_SKY {
                for &kind in kinds {
                    let key = ContentKey::aspect(horoscope, a, kind, AspectTarget::Point(b));
                    assert!(compose(&key, language).is_none() && !key.in_corpus(), "{}", key.urn(language));
                    assert!(ContentKey::parse_urn(&key.urn(language)).is_none(), "{}", key.urn(language));
                }
            }
        }
    }
}

/// `cargo test -p shared --lib print_repetition -- --ignored --nocapture`:
/// the repeated-sentence share of every horoscope type and content type.
#[test]
#[ignore]
fn print_repetition() {
    for language in Language::SUPPORTED {
        for horoscope in HoroscopeType::ALL {
            for &content_type in horoscope.content_types() {
                let keys: Vec<&ContentKey> = all_keys(horoscope, content_type).iter().collect();
                let found = repetition(&keys, language);
                println!(
                    "{:?} {:?} {:?}: {} items, {} long sentences, {} in more than two items ({:.1} %)",
                    language,
                    horoscope,
                    content_type,
                    found.items,
                    found.sentences,
                    found.repeated_sentences,
                    100.0 * found.repeated_sentences as f64 / found.sentences.max(1) as f64
                );
            }
            let written = written_aspect_keys(horoscope);
            if !written.is_empty() {
                let found = repetition(&written, language);
                println!(
                    "{:?} {:?} written aspects (majors of the ten planets): {} items, {} in more than two items ({:.1} %)",
                    language,
                    horoscope,
                    found.items,
                    found.repeated_sentences,
                    100.0 * found.repeated_sentences as f64 / found.sentences.max(1) as f64
                );
            }
        }
    }
}
