//! Interpretation texts: every combination a calculation can produce, per
//! horoscope type and language, addressed by URN
//! (`urn:astro:natal:planet-in-sign:venus:libra:en`).
//!
//! The texts come from the written parts in `shared/content/` (see its
//! README): placements and the major aspects between the ten planets are
//! written whole; every other aspect is one composed sentence, the horoscope
//! type's lead naming the aspect and what it does, then the pair's clause for
//! the aspect's family. The base corpus is fixed by the build, made when
//! asked for, so it ships and rolls back with the code. What organizations change (their
//! copies and their own items) lives in the store (`repo::content`).

pub mod chinese;
pub mod corpus;

use crate::astro::aspect::AspectKind;
use crate::astro::point::{AngleId, ChartPoint, PointId};
use crate::astro::vedic::NakshatraPlace;
use crate::astro::zodiac::Sign;
use crate::language::Language;
use corpus::{LanguageParts, Pair, TEXT_POINTS, Voice, parts};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum HoroscopeType {
    Natal,
    Transit,
    Synastry,
    Progressions,
    SolarReturn,
    LunarReturn,
    /// Jyotish: the Moon's nakshatra and the lagna's rashi.
    Vedic,
}

impl HoroscopeType {
    pub const ALL: [HoroscopeType; 7] =
        [Self::Natal, Self::Transit, Self::Synastry, Self::Progressions, Self::SolarReturn, Self::LunarReturn, Self::Vedic];

    pub fn id(self) -> &'static str {
        match self {
            Self::Natal => "natal",
            Self::Transit => "transit",
            Self::Synastry => "synastry",
            Self::Progressions => "progressions",
            Self::SolarReturn => "solar-return",
            Self::LunarReturn => "lunar-return",
            Self::Vedic => "vedic",
        }
    }

    pub fn parse(id: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|h| h.id() == id)
    }

    /// The content types a calculation of this type produces texts for.
    pub fn content_types(self) -> &'static [ContentType] {
        match self {
            Self::Transit | Self::Synastry => &[ContentType::Aspect],
            Self::Vedic => &[ContentType::Nakshatra, ContentType::Lagna],
            _ => &[ContentType::PlanetInSign, ContentType::PlanetInHouse, ContentType::AngleInSign, ContentType::Aspect],
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ContentType {
    PlanetInSign,
    PlanetInHouse,
    AngleInSign,
    Aspect,
    /// The Moon's nakshatra (Vedic).
    Nakshatra,
    /// The lagna's rashi (Vedic).
    Lagna,
}

impl ContentType {
    pub const ALL: [ContentType; 6] =
        [Self::PlanetInSign, Self::PlanetInHouse, Self::AngleInSign, Self::Aspect, Self::Nakshatra, Self::Lagna];

    pub fn id(self) -> &'static str {
        match self {
            Self::PlanetInSign => "planet-in-sign",
            Self::PlanetInHouse => "planet-in-house",
            Self::AngleInSign => "angle-in-sign",
            Self::Aspect => "aspect",
            Self::Nakshatra => "nakshatra",
            Self::Lagna => "lagna",
        }
    }

    pub fn parse(id: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|c| c.id() == id)
    }
}

/// What an aspect's second point is: a point, or (for transits to a natal
/// chart) one of its angles.
pub type AspectTarget = ChartPoint;

/// What a text is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Subject {
    PointInSign(PointId, Sign),
    /// House number 1–12.
    PointInHouse(PointId, u8),
    AngleInSign(AngleId, Sign),
    /// For natal-like charts and synastry the pair is unordered (stored with
    /// the earlier point first); for transits and progressions `a` is the
    /// moving point and `b` the natal one.
    Aspect {
        a: PointId,
        kind: AspectKind,
        b: AspectTarget,
    },
    /// The Moon in nakshatra 1–27 (Vedic).
    MoonInNakshatra(u8),
    /// The lagna (sidereal ascendant) in a rashi (Vedic).
    LagnaInRashi(Sign),
}

/// A nakshatra's text key: its name in snake case (`purva_phalguni`).
pub fn nakshatra_key(number: u8) -> String {
    NakshatraPlace::numbered(number).name().to_lowercase().replace(' ', "_")
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ContentKey {
    pub horoscope: HoroscopeType,
    pub subject: Subject,
}

/// A composed text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Text {
    pub title: String,
    pub body: String,
}

fn point_index(point: PointId) -> usize {
    PointId::ALL.iter().position(|p| *p == point).unwrap_or(usize::MAX)
}

/// The text key of an API point: both lunar nodes speak as the North Node.
pub fn text_point(point: PointId) -> &'static str {
    match point {
        PointId::MeanNode | PointId::TrueNode => "north_node",
        PointId::MeanLilith => "lilith",
        other => other.id(),
    }
}

fn text_angle(angle: AngleId) -> &'static str {
    angle.id()
}

impl ContentKey {
    /// Whether the corpus writes texts for this key's points (the Earth,
    /// the asteroids, Pholus and the Part of Spirit have none), and for its
    /// aspect (none for one one sky cannot hold, which a composite chart or
    /// very wide orbs can still report).
    pub fn in_corpus(&self) -> bool {
        match self.subject {
            Subject::PointInSign(point, _) | Subject::PointInHouse(point, _) => point.has_texts(),
            Subject::AngleInSign(..) | Subject::MoonInNakshatra(_) | Subject::LagnaInRashi(_) => true,
            Subject::Aspect { a, kind, b } => {
                let one_sky = matches!(self.horoscope, HoroscopeType::Natal | HoroscopeType::SolarReturn | HoroscopeType::LunarReturn);
                a.has_texts()
                    && !matches!(b, AspectTarget::Point(point) if !point.has_texts())
                    && !(one_sky && impossible_in_one_sky(a, kind, b))
                    && (self.horoscope != HoroscopeType::Transit || is_transiting_point(a))
            }
        }
    }

    /// The key of an aspect as a calculation reports it, put in the order
    /// its texts are stored in (unordered pairs: the earlier point first).
    pub fn aspect(horoscope: HoroscopeType, a: PointId, kind: AspectKind, b: AspectTarget) -> Self {
        let subject = match (horoscope, b) {
            (HoroscopeType::Transit | HoroscopeType::Progressions, _) | (_, AspectTarget::Angle(_)) => Subject::Aspect { a, kind, b },
            (_, AspectTarget::Point(other)) if point_index(other) < point_index(a) => {
                Subject::Aspect { a: other, kind, b: AspectTarget::Point(a) }
            }
            _ => Subject::Aspect { a, kind, b },
        };
        Self { horoscope, subject }
    }

    pub fn content_type(&self) -> ContentType {
        match self.subject {
            Subject::PointInSign(..) => ContentType::PlanetInSign,
            Subject::PointInHouse(..) => ContentType::PlanetInHouse,
            Subject::AngleInSign(..) => ContentType::AngleInSign,
            Subject::Aspect { .. } => ContentType::Aspect,
            Subject::MoonInNakshatra(_) => ContentType::Nakshatra,
            Subject::LagnaInRashi(_) => ContentType::Lagna,
        }
    }

    /// `urn:astro:{type}:{content type}:{...}:{language}`.
    pub fn urn(&self, language: Language) -> String {
        let prefix = format!("urn:astro:{}:{}", self.horoscope.id(), self.content_type().id());
        let middle = match self.subject {
            Subject::PointInSign(point, sign) => format!("{}:{}", point.id(), sign.id()),
            Subject::PointInHouse(point, house) => format!("{}:house_{house}", point.id()),
            Subject::AngleInSign(angle, sign) => format!("{}:{}", angle.id(), sign.id()),
            Subject::Aspect { a, kind, b } => format!("{}:{}:{}", a.id(), kind.id(), b.id()),
            Subject::MoonInNakshatra(number) => format!("moon:{}", nakshatra_key(number)),
            Subject::LagnaInRashi(sign) => sign.id().to_owned(),
        };
        format!("{prefix}:{middle}:{}", language.code())
    }

    /// Reads a URN back (only URNs of texts that exist).
    pub fn parse_urn(urn: &str) -> Option<(Self, Language)> {
        let parts: Vec<&str> = urn.split(':').collect();
        let (["urn", "astro", horoscope, content_type, rest @ ..], Some(language)) = (parts.as_slice(), parts.last()) else {
            return None;
        };
        let horoscope = HoroscopeType::parse(horoscope)?;
        let language = Language::parse(language)?;
        let rest = &rest[..rest.len().checked_sub(1)?];
        let sign = |id: &str| Sign::ALL.into_iter().find(|s| s.id() == id);
        let angle = |id: &str| AngleId::ALL.into_iter().find(|a| a.id() == id);
        let subject = match (ContentType::parse(content_type)?, rest) {
            (ContentType::PlanetInSign, [point, s]) => Subject::PointInSign(PointId::parse(point)?, sign(s)?),
            (ContentType::PlanetInHouse, [point, house]) => {
                let number: u8 = house.strip_prefix("house_")?.parse().ok().filter(|n| (1..=12).contains(n))?;
                Subject::PointInHouse(PointId::parse(point)?, number)
            }
            (ContentType::AngleInSign, [a, s]) => Subject::AngleInSign(angle(a)?, sign(s)?),
            (ContentType::Aspect, [a, kind, b]) => {
                let target = match PointId::parse(b) {
                    Some(point) => AspectTarget::Point(point),
                    None => AspectTarget::Angle(angle(b)?),
                };
                Subject::Aspect { a: PointId::parse(a)?, kind: AspectKind::parse(kind)?, b: target }
            }
            (ContentType::Nakshatra, ["moon", key]) => Subject::MoonInNakshatra((1..=27).find(|n| nakshatra_key(*n) == *key)?),
            (ContentType::Lagna, [s]) => Subject::LagnaInRashi(sign(s)?),
            _ => return None,
        };
        let key = Self { horoscope, subject };
        all_keys(horoscope, key.content_type()).binary_search(&key).ok()?;
        Some((key, language))
    }
}

/// Every key of a horoscope type and content type, sorted: the base corpus.
pub fn all_keys(horoscope: HoroscopeType, content_type: ContentType) -> &'static [ContentKey] {
    use std::collections::HashMap;
    use std::sync::OnceLock;
    static KEYS: OnceLock<HashMap<(HoroscopeType, ContentType), Vec<ContentKey>>> = OnceLock::new();
    let table = KEYS.get_or_init(|| {
        let mut table = HashMap::new();
        for horoscope in HoroscopeType::ALL {
            for &content_type in horoscope.content_types() {
                let mut keys = enumerate(horoscope, content_type);
                keys.sort();
                keys.dedup();
                table.insert((horoscope, content_type), keys);
            }
        }
        table
    });
    table.get(&(horoscope, content_type)).map_or(&[], Vec::as_slice)
}

fn enumerate(horoscope: HoroscopeType, content_type: ContentType) -> Vec<ContentKey> {
    let key = |subject| ContentKey { horoscope, subject };
    match content_type {
        ContentType::PlanetInSign => PointId::ALL.iter().flat_map(|p| Sign::ALL.map(|s| key(Subject::PointInSign(*p, s)))).collect(),
        ContentType::PlanetInHouse => PointId::ALL.iter().flat_map(|p| (1..=12).map(move |h| key(Subject::PointInHouse(*p, h)))).collect(),
        ContentType::AngleInSign => AngleId::ALL.iter().flat_map(|a| Sign::ALL.map(|s| key(Subject::AngleInSign(*a, s)))).collect(),
        ContentType::Nakshatra => (1..=27).map(|n| key(Subject::MoonInNakshatra(n))).collect(),
        ContentType::Lagna => Sign::ALL.map(|s| key(Subject::LagnaInRashi(s))).to_vec(),
        ContentType::Aspect => {
            let mut keys = Vec::new();
            for (i, a) in PointId::ALL.iter().enumerate() {
                if horoscope == HoroscopeType::Transit && !is_transiting_point(*a) {
                    continue;
                }
                let targets: Vec<AspectTarget> = match horoscope {
                    HoroscopeType::Transit => {
                        PointId::ALL.iter().map(|p| AspectTarget::Point(*p)).chain(AngleId::ALL.map(AspectTarget::Angle)).collect()
                    }
                    HoroscopeType::Progressions => PointId::ALL.iter().map(|p| AspectTarget::Point(*p)).collect(),
                    HoroscopeType::Synastry => PointId::ALL[i..].iter().map(|p| AspectTarget::Point(*p)).collect(),
                    _ => PointId::ALL[i + 1..].iter().map(|p| AspectTarget::Point(*p)).collect(),
                };
                let one_sky = matches!(horoscope, HoroscopeType::Natal | HoroscopeType::SolarReturn | HoroscopeType::LunarReturn);
                for b in targets {
                    for kind in AspectKind::ALL {
                        if !(one_sky && impossible_in_one_sky(*a, kind, b)) {
                            keys.push(key(Subject::Aspect { a: *a, kind, b }));
                        }
                    }
                }
            }
            keys
        }
    }
}

fn pair_key(a: &str, b: &str) -> String {
    let index = |key: &str| TEXT_POINTS.iter().position(|p| *p == key).unwrap_or(usize::MAX);
    if index(a) <= index(b) { format!("{a}-{b}") } else { format!("{b}-{a}") }
}

/// Whether a point moves on its own and so can transit a chart (the Part
/// of Fortune and the vertex are points of a place's houses: no transit
/// reports them, so the corpus has no transit texts for them).
fn is_transiting_point(point: PointId) -> bool {
    crate::astro::chart::transit::TransitingBody::of(point).is_some()
}

/// The ten planets: the points whose major aspects have written texts.
const PLANETS: &[PointId] = PointId::ALL.split_at(10).0;

/// The written text of a major aspect between two of the ten planets, from
/// the horoscope type's file; `None` for the other combinations (and the
/// returns), whose texts are composed.
fn written_aspect(
    parts: &'static LanguageParts,
    horoscope: HoroscopeType,
    a: PointId,
    kind: AspectKind,
    b: AspectTarget,
) -> Option<&'static str> {
    let AspectTarget::Point(b) = b else { return None };
    if !has_written_text(horoscope, a, kind, b) {
        return None;
    }
    // The returns keep composed texts: the natal ones speak of birth
    // ("born near a New Moon"), which a return chart is not.
    let file = match horoscope {
        HoroscopeType::Natal => &parts.aspect_texts.natal,
        HoroscopeType::SolarReturn | HoroscopeType::LunarReturn => return None,
        HoroscopeType::Transit => &parts.aspect_texts.transit,
        HoroscopeType::Synastry => &parts.aspect_texts.synastry,
        HoroscopeType::Progressions => &parts.aspect_texts.progressions,
        HoroscopeType::Vedic => return None,
    };
    // Transits and progressions name the moving point first; the others are
    // stored in the points' order, as their keys are.
    file.get(&format!("{}-{}", a.id(), b.id()))?.get(kind.id()).map(String::as_str)
}

/// Whether an aspect has a written text: a major one between two of the ten
/// planets (for progressions, from the progressed Sun to Mars, the points
/// that move far enough in a life to make them).
pub fn has_written_text(horoscope: HoroscopeType, a: PointId, kind: AspectKind, b: PointId) -> bool {
    let moving = if horoscope == HoroscopeType::Progressions { &PLANETS[..5] } else { PLANETS };
    moving.contains(&a) && PLANETS.contains(&b) && AspectKind::MAJOR.contains(&kind)
}

/// Aspects that cannot happen between two points in one sky: Mercury is
/// never more than 28° from the Sun, Venus never more than 48°, so the two
/// never more than about 76° apart; an aspect more than 12° beyond that is
/// out of reach of any usual orb (the closest listed, the Sun–Venus sextile,
/// would need 12.2°). The south node is the true node's opposite point and
/// the mean node never more than about 2° from the true one, so the nodes
/// make one aspect each. Charts of one moment (natal, returns) have no texts
/// for them.
pub const IMPOSSIBLE_IN_ONE_SKY: [(PointId, PointId, &[AspectKind]); 6] = [
    (
        PointId::Sun,
        PointId::Mercury,
        &[
            AspectKind::Sextile,
            AspectKind::Square,
            AspectKind::Trine,
            AspectKind::Opposition,
            AspectKind::Semisquare,
            AspectKind::Quintile,
            AspectKind::Sesquiquadrate,
            AspectKind::Biquintile,
            AspectKind::Quincunx,
        ],
    ),
    (
        PointId::Sun,
        PointId::Venus,
        &[
            AspectKind::Sextile,
            AspectKind::Square,
            AspectKind::Trine,
            AspectKind::Opposition,
            AspectKind::Quintile,
            AspectKind::Sesquiquadrate,
            AspectKind::Biquintile,
            AspectKind::Quincunx,
        ],
    ),
    (
        PointId::Mercury,
        PointId::Venus,
        &[
            AspectKind::Square,
            AspectKind::Trine,
            AspectKind::Opposition,
            AspectKind::Sesquiquadrate,
            AspectKind::Biquintile,
            AspectKind::Quincunx,
        ],
    ),
    (PointId::MeanNode, PointId::TrueNode, &BUT_THE_CONJUNCTION),
    (PointId::TrueNode, PointId::SouthNode, &BUT_THE_OPPOSITION),
    (PointId::MeanNode, PointId::SouthNode, &BUT_THE_OPPOSITION),
];

const BUT_THE_CONJUNCTION: [AspectKind; 10] = every_aspect_but(AspectKind::Conjunction);
const BUT_THE_OPPOSITION: [AspectKind; 10] = every_aspect_but(AspectKind::Opposition);

const fn every_aspect_but(skipped: AspectKind) -> [AspectKind; 10] {
    let mut kept = [skipped; 10];
    let (mut from, mut to) = (0, 0);
    while from < AspectKind::ALL.len() {
        if AspectKind::ALL[from] as u8 != skipped as u8 {
            kept[to] = AspectKind::ALL[from];
            to += 1;
        }
        from += 1;
    }
    kept
}

fn impossible_in_one_sky(a: PointId, kind: AspectKind, b: AspectTarget) -> bool {
    IMPOSSIBLE_IN_ONE_SKY.iter().any(|(x, y, kinds)| {
        let pair = (a == *x && b == AspectTarget::Point(*y)) || (a == *y && b == AspectTarget::Point(*x));
        pair && kinds.contains(&kind)
    })
}

/// A pair's clause for an aspect's family.
fn family_clause(pair: &Pair, kind: AspectKind) -> &str {
    match kind {
        AspectKind::Conjunction => &pair.fused,
        AspectKind::Trine | AspectKind::Sextile | AspectKind::Semisextile | AspectKind::Quintile | AspectKind::Biquintile => {
            &pair.harmonious
        }
        _ => &pair.tense,
    }
}

/// `text` continuing a sentence already begun: its first letter lowered
/// unless it opens with a proper name (a point's, possessive or not, or "I").
fn continuing(parts: &LanguageParts, text: &str) -> String {
    let text = text.trim();
    let first_word = text.split_whitespace().next().unwrap_or_default();
    let first_word = first_word.trim_end_matches(|c: char| !c.is_alphanumeric());
    let first_word = first_word.strip_suffix("'s").or_else(|| first_word.strip_suffix("’s")).unwrap_or(first_word);
    let proper = first_word == "I" || parts.names.points.values().any(|point| point.split_whitespace().next() == Some(first_word));
    let mut chars = text.chars();
    match (proper, chars.next()) {
        (false, Some(first)) => first.to_lowercase().chain(chars).collect(),
        _ => text.to_owned(),
    }
}

/// The two points of a composed aspect text, as its lead may name them.
struct PairNames<'a> {
    a: &'a str,
    b: &'a str,
    the_a: &'a str,
    the_b: &'a str,
}

/// A composed aspect text: one sentence, the voice's lead naming the aspect
/// and what it does ("In this quincunx between your Moon and your Chiron,
/// an awkward angle …,") and the pair's clause for the aspect's family.
/// Every sentence of it is its pair's and its aspect's, so none repeats in
/// a chart or in the corpus.
fn composed_aspect(
    parts: &LanguageParts,
    voice: &Voice,
    horoscope: HoroscopeType,
    pair: &Pair,
    kind: AspectKind,
    names: &PairNames<'_>,
) -> Option<String> {
    let character = parts.aspects.get(kind.id())?;
    let what = match horoscope {
        HoroscopeType::Transit => &character.transit,
        HoroscopeType::Synastry => &character.synastry,
        HoroscopeType::Progressions => &character.progressions,
        _ => &character.natal,
    };
    let lead = voice
        .aspect_lead
        .replace("{this}", &character.this)
        .replace("{aspect}", &parts.names.aspects.get(kind.id())?.to_lowercase())
        .replace("{character}", what)
        .replace("{the a}", names.the_a)
        .replace("{the b}", names.the_b)
        .replace("{a}", names.a)
        .replace("{b}", names.b);
    Some(format!("{lead} {}", continuing(parts, family_clause(pair, kind))))
}

/// A placement read in a chart other than the natal one: the natal text,
/// opened by the voice's lead ("In your solar return, you …").
fn placement(parts: &LanguageParts, voice: &Voice, body: &str) -> String {
    if voice.placement_lead.is_empty() { body.to_owned() } else { format!("{} {}", voice.placement_lead, continuing(parts, body)) }
}

fn target_name(parts: &LanguageParts, target: AspectTarget) -> Option<&str> {
    match target {
        AspectTarget::Point(point) => parts.names.points.get(text_point(point)).map(String::as_str),
        AspectTarget::Angle(angle) => parts.names.angles.get(text_angle(angle)).map(String::as_str),
    }
}

/// The text of `key` in `language`, composed from the corpus; `None` only
/// for a combination the corpus lacks (the completeness test forbids that).
pub fn compose(key: &ContentKey, language: Language) -> Option<Text> {
    let parts = parts(language);
    // The Vedic texts stand alone: no voice of a Western horoscope type.
    let entry = match key.subject {
        Subject::MoonInNakshatra(number) => parts.vedic.moon_nakshatra.get(&nakshatra_key(number)),
        Subject::LagnaInRashi(sign) => parts.vedic.lagna.get(sign.id()),
        _ => None,
    };
    if let Some(entry) = entry {
        return Some(Text { title: entry.title.clone(), body: entry.body.clone() });
    }
    let voice = parts.voices.get(key.horoscope.id())?;
    match key.subject {
        Subject::MoonInNakshatra(_) | Subject::LagnaInRashi(_) => None,
        Subject::PointInSign(point, sign) => {
            let entry = parts.planet_in_sign.get(text_point(point))?.get(sign.id())?;
            Some(Text { title: entry.title.clone(), body: placement(parts, voice, &entry.body) })
        }
        Subject::PointInHouse(point, house) => {
            let entry = parts.planet_in_house.get(text_point(point))?.get(&format!("house_{house}"))?;
            Some(Text { title: entry.title.clone(), body: placement(parts, voice, &entry.body) })
        }
        Subject::AngleInSign(angle, sign) => {
            let entry = parts.angle_in_sign.get(text_angle(angle))?.get(sign.id())?;
            Some(Text { title: entry.title.clone(), body: placement(parts, voice, &entry.body) })
        }
        Subject::Aspect { a, kind, b } => {
            if !key.in_corpus() {
                return None;
            }
            let title = voice
                .aspect_title
                .replace("{a}", parts.names.points.get(text_point(a))?)
                .replace("{aspect}", parts.names.aspects_in_titles.get(kind.id())?)
                .replace("{b}", target_name(parts, b)?);
            if let Some(written) = written_aspect(parts, key.horoscope, a, kind, b) {
                return Some(Text { title, body: written.to_owned() });
            }
            let target = match b {
                AspectTarget::Point(point) => text_point(point),
                AspectTarget::Angle(angle) => text_angle(angle),
            };
            // Transits and progressions name the moving point first; the
            // other types' pairs are unordered, stored in the points' order.
            let pair = match key.horoscope {
                HoroscopeType::Transit => parts.transit_pairs.get(&format!("{}-{target}", text_point(a))),
                HoroscopeType::Progressions => parts.progression_pairs.get(&format!("{}-{target}", text_point(a))),
                HoroscopeType::Natal => parts.natal_pairs.get(&pair_key(text_point(a), target)),
                HoroscopeType::Synastry => parts.synastry_pairs.get(&pair_key(text_point(a), target)),
                HoroscopeType::SolarReturn | HoroscopeType::LunarReturn => parts.return_pairs.get(&pair_key(text_point(a), target)),
                HoroscopeType::Vedic => None,
            }?;
            let names = PairNames {
                a: parts.names.points.get(text_point(a))?,
                b: target_name(parts, b)?,
                the_a: parts.names.points_with_article.get(text_point(a))?,
                the_b: parts.names.points_with_article.get(target).map(String::as_str).or_else(|| target_name(parts, b))?,
            };
            Some(Text { title, body: composed_aspect(parts, voice, key.horoscope, pair, kind, &names)? })
        }
    }
}

/// The numerology number kinds that have texts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NumerologyText {
    LifePath,
    Birthday,
    KarmicDebt,
}

pub fn numerology_text(kind: NumerologyText, number: u32, language: Language) -> Option<Text> {
    let texts = &parts(language).numerology;
    let table = match kind {
        NumerologyText::LifePath => &texts.life_path,
        NumerologyText::Birthday => &texts.birthday,
        NumerologyText::KarmicDebt => &texts.karmic_debt,
    };
    table.get(&number.to_string()).map(|entry| Text { title: entry.title.clone(), body: entry.body.clone() })
}

#[cfg(test)]
mod tests;
