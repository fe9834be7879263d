//! The corpus parts as written in `shared/content/{language}/` (see its
//! README), compiled into the binary and parsed once on first use.

use std::collections::{BTreeMap, HashMap};
use std::sync::OnceLock;

use serde::Deserialize;

use crate::language::Language;

#[derive(Debug, Clone, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Entry {
    pub title: String,
    pub body: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Names {
    pub points: BTreeMap<String, String>,
    /// A point as a sentence names it: "the Sun", "Venus"; "el Sol".
    pub points_with_article: BTreeMap<String, String>,
    pub signs: BTreeMap<String, String>,
    pub houses: BTreeMap<String, String>,
    pub angles: BTreeMap<String, String>,
    pub aspects: BTreeMap<String, String>,
    pub aspects_in_titles: BTreeMap<String, String>,
}

/// What an aspect does, in each voice: the lead of its composed texts.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AspectCharacter {
    /// The demonstrative before the aspect's name ("this"; "este", "esta").
    pub this: String,
    /// Natal charts and the returns.
    pub natal: String,
    pub transit: String,
    pub synastry: String,
    pub progressions: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Voice {
    /// Opens a placement read in a chart other than the natal one.
    pub placement_lead: String,
    /// Opens a composed aspect text: `{this}`, `{aspect}`, `{character}`.
    pub aspect_lead: String,
    pub aspect_title: String,
}

/// What a pair of points does in each aspect family, as a clause that
/// follows an aspect's lead.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Pair {
    /// The trine, sextile, semisextile, quintile and biquintile.
    pub harmonious: String,
    /// The square, opposition, quincunx, semisquare and sesquiquadrate.
    pub tense: String,
    /// The conjunction.
    pub fused: String,
}

#[derive(Debug, Deserialize)]
pub struct NumerologyTexts {
    pub life_path: BTreeMap<String, Entry>,
    pub birthday: BTreeMap<String, Entry>,
    pub karmic_debt: BTreeMap<String, Entry>,
}

/// The Vedic texts: the Moon's nakshatra (key: its name in snake case) and
/// the lagna's rashi (key: the sign id).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VedicTexts {
    pub moon_nakshatra: BTreeMap<String, Entry>,
    pub lagna: BTreeMap<String, Entry>,
}

/// One language's parts.
#[derive(Debug)]
pub struct LanguageParts {
    /// Text point key → sign key → entry.
    pub planet_in_sign: HashMap<&'static str, BTreeMap<String, Entry>>,
    /// Text point key → `house_N` → entry.
    pub planet_in_house: HashMap<&'static str, BTreeMap<String, Entry>>,
    /// Angle key → sign key → entry.
    pub angle_in_sign: HashMap<&'static str, BTreeMap<String, Entry>>,
    pub names: Names,
    pub aspects: BTreeMap<String, AspectCharacter>,
    /// Horoscope type id → voice.
    pub voices: BTreeMap<String, Voice>,
    /// Pair key (points' order) → clauses, natal voice.
    pub natal_pairs: BTreeMap<String, Pair>,
    /// Pair key (points' order) → clauses, one person's point and the other's.
    pub synastry_pairs: BTreeMap<String, Pair>,
    /// `{transiting}-{natal point or angle}` → clauses.
    pub transit_pairs: BTreeMap<String, Pair>,
    /// `{progressed}-{natal}` → clauses.
    pub progression_pairs: BTreeMap<String, Pair>,
    /// Pair key (points' order) → clauses for a solar or lunar return.
    pub return_pairs: BTreeMap<String, Pair>,
    pub numerology: NumerologyTexts,
    pub chinese: serde_json::Value,
    pub vedic: VedicTexts,
    /// The written texts of the major aspects between the ten planets.
    pub aspect_texts: AspectTexts,
}

/// Pair key (`sun-moon`; for transits and progressions the moving point
/// first) → aspect id → body.
pub type WrittenAspects = BTreeMap<String, BTreeMap<String, String>>;

/// One file of written aspect texts a horoscope type (returns read natal's).
#[derive(Debug)]
pub struct AspectTexts {
    pub natal: WrittenAspects,
    pub transit: WrittenAspects,
    pub synastry: WrittenAspects,
    pub progressions: WrittenAspects,
}

/// The 16 text keys of points, in the README's order (pair keys follow it).
pub const TEXT_POINTS: [&str; 16] = [
    "sun",
    "moon",
    "mercury",
    "venus",
    "mars",
    "jupiter",
    "saturn",
    "uranus",
    "neptune",
    "pluto",
    "north_node",
    "south_node",
    "lilith",
    "chiron",
    "part_of_fortune",
    "vertex",
];

pub const TEXT_ANGLES: [&str; 4] = ["ascendant", "midheaven", "descendant", "imum_coeli"];

/// `include_str!` of every file of one language folder.
macro_rules! language_files {
    ($lang:literal) => {{
        macro_rules! content_file {
            ($path:literal) => {
                include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/content/", $lang, "/", $path))
            };
            ($folder:literal, $file:literal) => {
                include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/content/", $lang, "/", $folder, $file))
            };
        }
        macro_rules! per_point {
            ($folder:literal) => {
                [
                    ("sun", content_file!($folder, "/sun.yaml")),
                    ("moon", content_file!($folder, "/moon.yaml")),
                    ("mercury", content_file!($folder, "/mercury.yaml")),
                    ("venus", content_file!($folder, "/venus.yaml")),
                    ("mars", content_file!($folder, "/mars.yaml")),
                    ("jupiter", content_file!($folder, "/jupiter.yaml")),
                    ("saturn", content_file!($folder, "/saturn.yaml")),
                    ("uranus", content_file!($folder, "/uranus.yaml")),
                    ("neptune", content_file!($folder, "/neptune.yaml")),
                    ("pluto", content_file!($folder, "/pluto.yaml")),
                    ("north_node", content_file!($folder, "/north_node.yaml")),
                    ("south_node", content_file!($folder, "/south_node.yaml")),
                    ("lilith", content_file!($folder, "/lilith.yaml")),
                    ("chiron", content_file!($folder, "/chiron.yaml")),
                    ("part_of_fortune", content_file!($folder, "/part_of_fortune.yaml")),
                    ("vertex", content_file!($folder, "/vertex.yaml")),
                ]
            };
        }
        LanguageFiles {
            planet_in_sign: per_point!("planet-in-sign"),
            planet_in_house: per_point!("planet-in-house"),
            angle_in_sign: [
                ("ascendant", content_file!("angle-in-sign/ascendant.yaml")),
                ("midheaven", content_file!("angle-in-sign/midheaven.yaml")),
                ("descendant", content_file!("angle-in-sign/descendant.yaml")),
                ("imum_coeli", content_file!("angle-in-sign/imum_coeli.yaml")),
            ],
            names: content_file!("names.yaml"),
            aspects: content_file!("aspects.yaml"),
            voices: content_file!("voices.yaml"),
            natal_pairs: content_file!("natal-pairs.yaml"),
            synastry_pairs: content_file!("synastry-pairs.yaml"),
            transit_pairs: content_file!("transit-pairs.yaml"),
            progression_pairs: content_file!("progression-pairs.yaml"),
            return_pairs: content_file!("return-pairs.yaml"),
            numerology: content_file!("numerology.yaml"),
            chinese: content_file!("chinese.yaml"),
            vedic: content_file!("vedic.yaml"),
            aspect_texts: [
                content_file!("aspect-texts/natal.yaml"),
                content_file!("aspect-texts/transit.yaml"),
                content_file!("aspect-texts/synastry.yaml"),
                content_file!("aspect-texts/progressions.yaml"),
            ],
        }
    }};
}

struct LanguageFiles {
    planet_in_sign: [(&'static str, &'static str); 16],
    planet_in_house: [(&'static str, &'static str); 16],
    angle_in_sign: [(&'static str, &'static str); 4],
    names: &'static str,
    aspects: &'static str,
    voices: &'static str,
    natal_pairs: &'static str,
    synastry_pairs: &'static str,
    transit_pairs: &'static str,
    progression_pairs: &'static str,
    return_pairs: &'static str,
    numerology: &'static str,
    chinese: &'static str,
    vedic: &'static str,
    /// natal, transit, synastry, progressions.
    aspect_texts: [&'static str; 4],
}

fn files(language: Language) -> LanguageFiles {
    match language {
        Language::En => language_files!("en"),
        Language::Es => language_files!("es"),
    }
}

fn parse<T: serde::de::DeserializeOwned>(language: Language, what: &str, text: &str) -> T {
    // The files are part of the build and a test parses every one of them:
    // a parse error here is a broken build, never a request's fault.
    serde_norway::from_str(text).unwrap_or_else(|e| panic!("content/{}/{what}: {e}", language.code()))
}

fn by_key(language: Language, folder: &str, files: &[(&'static str, &'static str)]) -> HashMap<&'static str, BTreeMap<String, Entry>> {
    files.iter().map(|(key, text)| (*key, parse(language, &format!("{folder}/{key}.yaml"), text))).collect()
}

impl LanguageParts {
    fn load(language: Language) -> Self {
        let f = files(language);
        Self {
            planet_in_sign: by_key(language, "planet-in-sign", &f.planet_in_sign),
            planet_in_house: by_key(language, "planet-in-house", &f.planet_in_house),
            angle_in_sign: by_key(language, "angle-in-sign", &f.angle_in_sign),
            names: parse(language, "names.yaml", f.names),
            aspects: parse(language, "aspects.yaml", f.aspects),
            voices: parse(language, "voices.yaml", f.voices),
            natal_pairs: parse(language, "natal-pairs.yaml", f.natal_pairs),
            synastry_pairs: parse(language, "synastry-pairs.yaml", f.synastry_pairs),
            transit_pairs: parse(language, "transit-pairs.yaml", f.transit_pairs),
            progression_pairs: parse(language, "progression-pairs.yaml", f.progression_pairs),
            return_pairs: parse(language, "return-pairs.yaml", f.return_pairs),
            numerology: parse(language, "numerology.yaml", f.numerology),
            chinese: parse(language, "chinese.yaml", f.chinese),
            vedic: parse(language, "vedic.yaml", f.vedic),
            aspect_texts: AspectTexts {
                natal: parse(language, "aspect-texts/natal.yaml", f.aspect_texts[0]),
                transit: parse(language, "aspect-texts/transit.yaml", f.aspect_texts[1]),
                synastry: parse(language, "aspect-texts/synastry.yaml", f.aspect_texts[2]),
                progressions: parse(language, "aspect-texts/progressions.yaml", f.aspect_texts[3]),
            },
        }
    }
}

/// The parts of `language`, parsed on first use (a Lambda that never embeds
/// a text never pays for it).
pub fn parts(language: Language) -> &'static LanguageParts {
    static EN: OnceLock<LanguageParts> = OnceLock::new();
    static ES: OnceLock<LanguageParts> = OnceLock::new();
    let cell = match language {
        Language::En => &EN,
        Language::Es => &ES,
    };
    cell.get_or_init(|| LanguageParts::load(language))
}

/// A fingerprint of the whole corpus as built (every file of every
/// language): what the store's copy of the base corpus is checked against.
pub fn version() -> String {
    use sha2::{Digest, Sha256};
    let mut hash = Sha256::new();
    for language in Language::SUPPORTED {
        let f = files(language);
        let named = f.planet_in_sign.iter().chain(&f.planet_in_house).chain(&f.angle_in_sign).map(|(_, text)| *text);
        let single = [
            f.names,
            f.aspects,
            f.voices,
            f.natal_pairs,
            f.synastry_pairs,
            f.transit_pairs,
            f.progression_pairs,
            f.return_pairs,
            f.numerology,
            f.chinese,
            f.vedic,
        ];
        for text in named.chain(single).chain(f.aspect_texts) {
            hash.update(text.as_bytes());
            hash.update([0]);
        }
    }
    hex::encode(&hash.finalize()[..8])
}
