//! The Chinese yearly forecast: how the year's sign and element meet the
//! birth sign and element, by the traditional relations, told in the
//! corpus's words (`chinese.yaml`).

use std::collections::BTreeMap;

use crate::astro::chinese::{ChineseSign, Element};
use crate::language::Language;

use super::corpus::parts;

/// A traditional relation between the birth sign and the year's sign.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Relation {
    /// The year of your own sign (ben ming nian).
    BirthYear,
    /// Liu he: Rat–Ox, Tiger–Pig, Rabbit–Dog, Dragon–Rooster, Snake–Monkey, Horse–Goat.
    SixHarmony,
    /// San he: Rat–Dragon–Monkey, Ox–Snake–Rooster, Tiger–Horse–Dog, Rabbit–Goat–Pig.
    ThreeHarmony,
    /// Liu chong: the opposite sign, six branches away.
    Clash,
    /// Liu hai: Rat–Goat, Ox–Horse, Tiger–Snake, Rabbit–Dragon, Monkey–Pig, Rooster–Dog.
    Harm,
    /// Xing between two signs: Tiger–Snake–Monkey, Ox–Goat–Dog, Rat–Rabbit.
    Punishment,
    /// Xing of Dragon, Horse, Rooster and Pig with themselves.
    SelfPunishment,
    /// Po: Rat–Rooster, Ox–Dragon, Tiger–Pig, Rabbit–Horse, Snake–Monkey, Goat–Dog.
    Destruction,
    /// None of the above.
    Neutral,
}

impl Relation {
    pub fn id(self) -> &'static str {
        match self {
            Self::BirthYear => "birth_year",
            Self::SixHarmony => "six_harmony",
            Self::ThreeHarmony => "three_harmony",
            Self::Clash => "clash",
            Self::Harm => "harm",
            Self::Punishment => "punishment",
            Self::SelfPunishment => "self_punishment",
            Self::Destruction => "destruction",
            Self::Neutral => "neutral",
        }
    }
}

/// How the year's element meets the birth element.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ElementRelation {
    Same,
    YearFeedsYou,
    YouFeedYear,
    YouMasterYear,
    YearMastersYou,
}

impl ElementRelation {
    pub fn of(birth: Element, year: Element) -> Self {
        if birth == year {
            Self::Same
        } else if year.generates() == birth {
            Self::YearFeedsYou
        } else if birth.generates() == year {
            Self::YouFeedYear
        } else if birth.controls() == year {
            Self::YouMasterYear
        } else {
            Self::YearMastersYou
        }
    }

    pub fn id(self) -> &'static str {
        match self {
            Self::Same => "same",
            Self::YearFeedsYou => "year_feeds_you",
            Self::YouFeedYear => "you_feed_year",
            Self::YouMasterYear => "you_master_year",
            Self::YearMastersYou => "year_masters_you",
        }
    }
}

fn unordered(pairs: &[(ChineseSign, ChineseSign)], a: ChineseSign, b: ChineseSign) -> bool {
    pairs.iter().any(|&(x, y)| (x, y) == (a, b) || (y, x) == (a, b))
}

/// Every relation between the two signs, strongest first (a pair can be in
/// several: Snake and Monkey are six-harmony, punishment and destruction).
pub fn relations(birth: ChineseSign, year: ChineseSign) -> Vec<Relation> {
    use ChineseSign::*;
    let mut found = Vec::new();
    if birth == year {
        found.push(Relation::BirthYear);
        if matches!(birth, Dragon | Horse | Rooster | Pig) {
            found.push(Relation::SelfPunishment);
        }
        return found;
    }
    let six_harmony = [(Rat, Ox), (Tiger, Pig), (Rabbit, Dog), (Dragon, Rooster), (Snake, Monkey), (Horse, Goat)];
    let harm = [(Rat, Goat), (Ox, Horse), (Tiger, Snake), (Rabbit, Dragon), (Monkey, Pig), (Rooster, Dog)];
    let punishment = [(Tiger, Snake), (Snake, Monkey), (Tiger, Monkey), (Ox, Goat), (Goat, Dog), (Ox, Dog), (Rat, Rabbit)];
    let destruction = [(Rat, Rooster), (Ox, Dragon), (Tiger, Pig), (Rabbit, Horse), (Snake, Monkey), (Goat, Dog)];
    if (birth.index() as i32 - year.index() as i32).abs() == 6 {
        found.push(Relation::Clash);
    }
    if unordered(&six_harmony, birth, year) {
        found.push(Relation::SixHarmony);
    }
    // Trines of allies: four branches apart.
    if (birth.index() as i32 - year.index() as i32).rem_euclid(4) == 0 {
        found.push(Relation::ThreeHarmony);
    }
    if unordered(&harm, birth, year) {
        found.push(Relation::Harm);
    }
    if unordered(&punishment, birth, year) {
        found.push(Relation::Punishment);
    }
    if unordered(&destruction, birth, year) {
        found.push(Relation::Destruction);
    }
    if found.is_empty() {
        found.push(Relation::Neutral);
    }
    found
}

pub const CATEGORIES: [&str; 5] = ["love", "career", "wealth", "health", "family"];

/// A forecast told in `language`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Told {
    pub text: String,
    pub categories: BTreeMap<&'static str, String>,
    pub sign_name: String,
    pub year_sign_name: String,
    pub element_name: String,
    pub year_element_name: String,
    pub polarity_name: String,
    pub sign_nature: String,
}

fn field<'a>(value: &'a serde_json::Value, path: &[&str]) -> Option<&'a str> {
    path.iter().try_fold(value, |node, key| node.get(key))?.as_str()
}

/// The forecast for a birth sign and element in a year of `year_sign` and
/// `year_element`; `None` only if the corpus lacks a part (a test forbids it).
pub fn tell(birth: (ChineseSign, Element, bool), year: (ChineseSign, Element), language: Language) -> Option<Told> {
    let corpus = &parts(language).chinese;
    let found = relations(birth.0, year.0);
    let elements = ElementRelation::of(birth.1, year.1);
    let mut text = Vec::new();
    for relation in &found {
        text.push(field(corpus, &["relations", relation.id(), "overview"])?);
    }
    text.push(field(corpus, &["element_relations", elements.id(), "overview"])?);
    text.push(field(corpus, &["closing"])?);
    let mut categories = BTreeMap::new();
    for category in CATEGORIES {
        let mut sentences = Vec::new();
        for relation in &found {
            sentences.push(field(corpus, &["relations", relation.id(), category])?);
        }
        sentences.push(field(corpus, &["element_relations", elements.id(), category])?);
        categories.insert(category, sentences.join(" "));
    }
    Some(Told {
        text: text.join(" "),
        categories,
        sign_name: field(corpus, &["signs", birth.0.id(), "name"])?.to_owned(),
        year_sign_name: field(corpus, &["signs", year.0.id(), "name"])?.to_owned(),
        element_name: field(corpus, &["elements", birth.1.id(), "name"])?.to_owned(),
        year_element_name: field(corpus, &["elements", year.1.id(), "name"])?.to_owned(),
        polarity_name: field(corpus, &["polarity", if birth.2 { "yang" } else { "yin" }, "name"])?.to_owned(),
        sign_nature: field(corpus, &["signs", birth.0.id(), "nature"])?.to_owned(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use ChineseSign::*;

    #[test]
    fn the_traditional_relations() {
        assert_eq!(relations(Rat, Horse), [Relation::Clash]);
        assert_eq!(relations(Rat, Ox), [Relation::SixHarmony]);
        assert_eq!(relations(Rat, Dragon), [Relation::ThreeHarmony]);
        assert_eq!(relations(Monkey, Rat), [Relation::ThreeHarmony]);
        assert_eq!(relations(Snake, Monkey), [Relation::SixHarmony, Relation::Punishment, Relation::Destruction]);
        assert_eq!(relations(Tiger, Pig), [Relation::SixHarmony, Relation::Destruction]);
        assert_eq!(relations(Ox, Goat), [Relation::Clash, Relation::Punishment]);
        assert_eq!(relations(Rat, Rabbit), [Relation::Punishment]);
        assert_eq!(relations(Horse, Horse), [Relation::BirthYear, Relation::SelfPunishment]);
        assert_eq!(relations(Ox, Ox), [Relation::BirthYear]);
        assert_eq!(relations(Rat, Tiger), [Relation::Neutral]);
        // Every pair of signs has at least one relation, and all are symmetric.
        for a in ChineseSign::ALL {
            for b in ChineseSign::ALL {
                assert!(!relations(a, b).is_empty());
                assert_eq!(relations(a, b), relations(b, a), "{a:?} {b:?}");
            }
        }
    }

    #[test]
    fn element_relations_follow_the_cycles() {
        assert_eq!(ElementRelation::of(Element::Wood, Element::Water), ElementRelation::YearFeedsYou);
        assert_eq!(ElementRelation::of(Element::Wood, Element::Fire), ElementRelation::YouFeedYear);
        assert_eq!(ElementRelation::of(Element::Wood, Element::Earth), ElementRelation::YouMasterYear);
        assert_eq!(ElementRelation::of(Element::Wood, Element::Metal), ElementRelation::YearMastersYou);
        assert_eq!(ElementRelation::of(Element::Fire, Element::Fire), ElementRelation::Same);
    }

    #[test]
    fn every_forecast_is_told_in_every_language() {
        let elements = [Element::Wood, Element::Fire, Element::Earth, Element::Metal, Element::Water];
        for language in Language::SUPPORTED {
            for birth in ChineseSign::ALL {
                for year in ChineseSign::ALL {
                    for birth_element in elements {
                        for year_element in elements {
                            let told = tell((birth, birth_element, true), (year, year_element), language)
                                .unwrap_or_else(|| panic!("{birth:?} {year:?} {birth_element:?} {year_element:?} {language:?}"));
                            assert!(told.text.split_whitespace().count() > 30);
                            assert_eq!(told.categories.len(), 5);
                            assert!(told.categories.values().all(|c| c.split_whitespace().count() > 10));
                        }
                    }
                }
            }
        }
    }
}
