//! The built-in summary against charts whose strongest features are known:
//! the February 1962 Aquarius stellium, the exact Jupiter–Saturn
//! conjunction of 21 December 2020, a Leo Sun on the Midheaven.

use chrono::{TimeZone, Utc};

use super::*;
use crate::astro::aspect::{AspectKind, Orbs, aspects_across};
use crate::astro::chart::{ChartInput, MoonCenter, NatalChart};
use crate::astro::ephemeris::Ephemeris;
use crate::astro::house::HouseSystem;
use crate::astro::point::PointId;
use crate::astro::time::JulianDay;
use crate::astro::zodiac::Sign;

fn ephemeris() -> Ephemeris {
    Ephemeris::with_embedded_files().unwrap()
}

fn chart(ephemeris: &Ephemeris, instant: chrono::DateTime<Utc>, latitude: f64, longitude: f64) -> NatalChart {
    let input = ChartInput {
        frame: Default::default(),
        instant: JulianDay::from_utc(instant),
        latitude,
        longitude,
        house_system: HouseSystem::Placidus,
        moon_center: MoonCenter::Topocentric,
        points: PointId::PLANETS.into_iter().chain([PointId::TrueNode]).collect(),
        orbs: Orbs::default(),
    };
    NatalChart::compute(ephemeris, &input).unwrap()
}

fn texts(language: Language) -> impl Fn(&ContentKey) -> Option<Text> {
    move |key| crate::content::compose(key, language)
}

fn words(text: &str) -> usize {
    narrative::count_words(text)
}

#[test]
fn the_1962_aquarius_stellium_leads_the_summary() {
    let e = ephemeris();
    // New Delhi, 5 February 1962, 00:00 UT: seven bodies in Aquarius.
    let natal = chart(&e, Utc.with_ymd_and_hms(1962, 2, 5, 0, 0, 0).unwrap(), 28.61, 77.21);
    let draft = built_in(HoroscopeType::Natal, Language::En, &Subject::Chart(&natal), &texts(Language::En));
    let stellium = draft.highlights.iter().find(|h| h.kind == HighlightKind::Stellium).expect("a stellium highlight");
    assert!(stellium.label.starts_with("Stellium in Aquarius: Sun, Moon, Mercury, Venus, Mars, Jupiter, Saturn"), "{}", stellium.label);
    // Only the exact Sun–Moon conjunction (the eclipse new moon) may outrank it.
    let rank = draft.highlights.iter().position(|h| h.kind == HighlightKind::Stellium);
    assert!(rank.is_some_and(|r| r <= 1), "{:?}", draft.highlights);
    assert!(draft.text.contains("A stellium of Sun, Moon, Mercury, Venus, Mars, Jupiter and Saturn in Aquarius"), "{}", draft.text);
    let scored = scoring::score(HoroscopeType::Natal, &Subject::Chart(&natal));
    assert!(scored.iter().any(|s| matches!(s.feature, Feature::DominantElement { element: scoring::Element::Air, .. })));
    assert!((120..=250).contains(&words(&draft.text)), "{} words: {}", words(&draft.text), draft.text);
}

#[test]
fn an_exact_conjunction_is_named_in_highlights_and_text() {
    let e = ephemeris();
    // 21 December 2020, 18:20 UT: Jupiter and Saturn 0°06′ apart in Aquarius.
    let natal = chart(&e, Utc.with_ymd_and_hms(2020, 12, 21, 18, 20, 0).unwrap(), 51.5, -0.12);
    let conjunction = natal
        .aspects
        .iter()
        .find(|a| a.kind == AspectKind::Conjunction && [a.point_a, a.point_b] == [PointId::Jupiter, PointId::Saturn])
        .expect("the great conjunction");
    assert!(conjunction.orb < 0.2, "{}", conjunction.orb);
    let draft = built_in(HoroscopeType::Natal, Language::En, &Subject::Chart(&natal), &texts(Language::En));
    assert!(draft.highlights.iter().any(|h| h.label.starts_with("Jupiter conjunction Saturn (orb 0°")), "{:?}", draft.highlights);
    assert!(draft.text.contains("The exact conjunction between your Jupiter and your Saturn"), "{}", draft.text);
    assert!((120..=250).contains(&words(&draft.text)), "{} words", words(&draft.text));

    // The same chart in Spanish: Spanish sentences, Spanish names, Spanish corpus.
    let es = built_in(HoroscopeType::Natal, Language::Es, &Subject::Chart(&natal), &texts(Language::Es));
    assert!(es.text.contains("El aspecto de conjunción exacto entre tu Júpiter y tu Saturno"), "{}", es.text);
    assert!(es.highlights.iter().any(|h| h.label.starts_with("Júpiter conjunción Saturno (orbe 0°")), "{:?}", es.highlights);
    assert!(es.text.starts_with("Esta carta natal"), "{}", es.text);
    for english in [" the ", " your ", " and ", " is "] {
        assert!(!es.text.contains(english), "English '{english}' in: {}", es.text);
    }
    assert!((120..=250).contains(&words(&es.text)), "{} words", words(&es.text));
}

#[test]
fn luminaries_rising_sign_and_chart_ruler_are_scored() {
    let e = ephemeris();
    let natal = chart(&e, Utc.with_ymd_and_hms(1990, 5, 11, 12, 30, 0).unwrap(), 41.9, 12.5);
    let scored = scoring::score(HoroscopeType::Natal, &Subject::Chart(&natal));
    let sun = natal.points.iter().find(|p| p.point == PointId::Sun).unwrap();
    assert!(scored.iter().any(|s| s.feature
        == Feature::Luminary { point: PointId::Sun, sign: sun.zodiac.sign, house: Some(sun.house), of: scoring::Whose::Chart }));
    let rising = scored.iter().find_map(|s| match s.feature {
        Feature::Angle { angle: crate::astro::point::AngleId::Ascendant, sign } => Some(sign),
        _ => None,
    });
    let ruler = scored.iter().find_map(|s| match s.feature {
        Feature::ChartRuler { ruler, rising, .. } => Some((ruler, rising)),
        _ => None,
    });
    let rising = rising.expect("rising sign scored");
    assert_eq!(ruler, Some((scoring::traditional_ruler(rising), rising)));
    // Strongest first.
    assert!(scored.windows(2).all(|w| w[0].score >= w[1].score));
}

#[test]
fn elements_modalities_and_rulers_follow_the_zodiac() {
    use scoring::{Element, Modality, element_of, modality_of, traditional_ruler};
    assert_eq!(element_of(Sign::Aries), Element::Fire);
    assert_eq!(element_of(Sign::Capricorn), Element::Earth);
    assert_eq!(element_of(Sign::Aquarius), Element::Air);
    assert_eq!(element_of(Sign::Pisces), Element::Water);
    assert_eq!(modality_of(Sign::Cancer), Modality::Cardinal);
    assert_eq!(modality_of(Sign::Scorpio), Modality::Fixed);
    assert_eq!(modality_of(Sign::Sagittarius), Modality::Mutable);
    assert_eq!(traditional_ruler(Sign::Scorpio), PointId::Mars);
    assert_eq!(traditional_ruler(Sign::Aquarius), PointId::Saturn);
}

#[test]
fn transits_rank_slow_planets_on_personal_points() {
    let e = ephemeris();
    let natal = chart(&e, Utc.with_ymd_and_hms(1990, 5, 11, 12, 30, 0).unwrap(), 41.9, 12.5);
    let sky = chart(&e, Utc.with_ymd_and_hms(2026, 11, 25, 12, 0, 0).unwrap(), 41.9, 12.5);
    let contacts: Vec<Contact> = aspects_across(&sky.placements(), &natal.placements(), &Orbs::default()).iter().map(Contact::of).collect();
    let subject = Subject::Across { contacts: &contacts, luminaries: &[] };
    for language in Language::SUPPORTED {
        let draft = built_in(HoroscopeType::Transit, language, &subject, &texts(language));
        assert!(!draft.highlights.is_empty());
        assert!(draft.highlights.iter().all(|h| h.kind == HighlightKind::Aspect), "{:?}", draft.highlights);
        assert!(words(&draft.text) <= 250, "{}", draft.text);
    }
    // Same aspect, same orb: transiting Saturn outweighs the transiting Moon.
    let contact =
        |a| Contact { a, kind: AspectKind::Square, b: crate::content::AspectTarget::Point(PointId::Sun), orb: 1.0, applying: true };
    let both = [contact(PointId::Moon), contact(PointId::Saturn)];
    let scored = scoring::score(HoroscopeType::Transit, &Subject::Across { contacts: &both, luminaries: &[] });
    assert!(matches!(scored[0].feature, Feature::Aspect(Contact { a: PointId::Saturn, .. })), "{scored:?}");
    assert!(scored[0].score > scored[1].score);
}

#[test]
fn the_same_chart_always_reads_the_same() {
    let e = ephemeris();
    let natal = chart(&e, Utc.with_ymd_and_hms(1984, 8, 2, 7, 5, 0).unwrap(), -33.9, 151.2);
    let first = built_in(HoroscopeType::Natal, Language::En, &Subject::Chart(&natal), &texts(Language::En));
    let second = built_in(HoroscopeType::Natal, Language::En, &Subject::Chart(&natal), &texts(Language::En));
    assert_eq!(first, second);
    assert!(first.model.starts_with("astro-narrative-1.0+corpus."));
}

#[test]
fn repeated_transit_passes_are_told_once_and_progressed_outer_planets_not_at_all() {
    let contact =
        |a, orb| Contact { a, kind: AspectKind::Conjunction, b: crate::content::AspectTarget::Point(PointId::Venus), orb, applying: false };
    // Saturn over Venus three times (retrograde), the tightest in the middle.
    let passes = [contact(PointId::Saturn, 0.4), contact(PointId::Saturn, 0.0), contact(PointId::Saturn, 0.7)];
    let scored = scoring::score(HoroscopeType::Transit, &Subject::Across { contacts: &passes, luminaries: &[] });
    assert_eq!(scored.len(), 1);
    assert!(matches!(scored[0].feature, Feature::Aspect(Contact { orb, .. }) if orb == 0.0));
    let draft =
        built_in(HoroscopeType::Transit, Language::En, &Subject::Across { contacts: &passes, luminaries: &[] }, &texts(Language::En));
    assert_eq!(
        draft.text.matches("Transiting Saturn makes a conjunction to your natal Venus, exact within this period.").count(),
        1,
        "{}",
        draft.text
    );

    let progressed = [contact(PointId::Uranus, 0.1), contact(PointId::Mars, 0.5)];
    let scored = scoring::score(HoroscopeType::Progressions, &Subject::Across { contacts: &progressed, luminaries: &[] });
    assert!(scored.iter().all(|s| !matches!(s.feature, Feature::Aspect(Contact { a: PointId::Uranus, .. }))), "{scored:?}");
}

#[test]
fn articles_read_right_in_english_and_spanish() {
    let opposition = [Contact {
        a: PointId::Sun,
        kind: AspectKind::Opposition,
        b: crate::content::AspectTarget::Point(PointId::Moon),
        orb: 2.0,
        applying: true,
    }];
    let subject = Subject::Across { contacts: &opposition, luminaries: &[] };
    let en = built_in(HoroscopeType::Synastry, Language::En, &subject, &texts(Language::En));
    assert!(en.text.contains("Person 1's Sun and person 2's Moon form an opposition (orb 2°00′)."), "{}", en.text);
    let es = built_in(HoroscopeType::Synastry, Language::Es, &subject, &texts(Language::Es));
    assert!(es.text.contains("El Sol de la persona 1 y la Luna de la persona 2 forman un aspecto de oposición"), "{}", es.text);

    let e = ephemeris();
    let lunar_return = chart(&e, Utc.with_ymd_and_hms(2026, 11, 8, 3, 0, 0).unwrap(), 41.9, 12.5);
    let es = built_in(HoroscopeType::LunarReturn, Language::Es, &Subject::Chart(&lunar_return), &texts(Language::Es));
    assert!(es.text.contains("En esta revolución, el Sol está en"), "{}", es.text);
    assert!(es.text.contains("En esta revolución, la Luna está en"), "{}", es.text);
}
