//! Ashtakoota (guna milan): the eight-fold match of a groom's and a bride's
//! Moons, 36 points in all, and Manglik (kuja) dosha.
//!
//! # Conventions
//! Everything is read from each person's sidereal Moon: its rashi and its
//! nakshatra. Where the issue states a rule it is used; where sources
//! differ and it leaves a table open, the table is PyJHora 4.8.7's (a port
//! of Jagannatha Hora; its vashya and yoni tables are saravali.de's), named
//! in each koota below.
//! - **Varna** (1): Brahmin Cancer, Scorpio, Pisces; Kshatriya the fire
//!   signs; Vaishya the earth signs; Shudra the air signs (PyJHora swaps
//!   earth and air); 1 when the groom's varna is at least the bride's.
//! - **Vashya** (2): chatushpada (quadruped) Aries, Taurus, Sagittarius
//!   15–30°, Capricorn 0–15°; manava (human) Gemini, Virgo, Libra,
//!   Sagittarius 0–15°, Aquarius; jalachara (water) Cancer, Capricorn
//!   15–30°, Pisces; vanachara (wild) Leo; keeta (insect) Scorpio. Points
//!   by PyJHora's (saravali.de's) table, [`VASHYA_POINTS`]; PyJHora splits
//!   Sagittarius and Capricorn by pada number, not at 15°.
//! - **Tara** (3): counted inclusively from the bride's nakshatra to the
//!   groom's and back; each count mod 9 gives 1.5 unless it is 3 (Vipat),
//!   5 (Pratyak) or 7 (Naidhana) (PyJHora inverts this).
//! - **Yoni** (4): the animal of each nakshatra; 4 the same animal, 0 sworn
//!   enemies (horse–buffalo, elephant–lion, sheep–monkey, serpent–mongoose,
//!   dog–deer, cat–rat, cow–tiger), the rest by PyJHora's table,
//!   [`YONI_POINTS`].
//! - **Graha maitri** (5): the rashi lords by natural friendship (BPHS):
//!   friend/friend 5 (and the same lord), friend/neutral 4,
//!   neutral/neutral 3, friend/enemy 1, neutral/enemy 0.5, enemy/enemy 0.
//! - **Gana** (6): deva, manushya or rakshasa by nakshatra; the same 6,
//!   groom deva and bride manushya 5, groom manushya and bride deva 6,
//!   groom deva and bride rakshasa 1, groom rakshasa and bride deva 0,
//!   manushya with rakshasa 0 (PyJHora's table).
//! - **Bhakoot** (7): 0 when the rashis are 2/12, 5/9 or 6/8 from each
//!   other, else 7.
//! - **Nadi** (8): adi, madhya, antya by nakshatra (the zigzag from
//!   Ashwini); 0 the same nadi, else 8.
//!
//! No cancellation changes the points; those commonly stated are reported
//! beside them.

use super::graha::{Graha, Relation};
use super::nakshatra::NakshatraPlace;
use super::{SiderealPlace, VedicChart, rashi_name};
use crate::astro::zodiac::Sign;

/// The eight kootas, in their order and with their points.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Koota {
    Varna,
    Vashya,
    Tara,
    Yoni,
    GrahaMaitri,
    Gana,
    Bhakoot,
    Nadi,
}

impl Koota {
    pub const ALL: [Koota; 8] =
        [Self::Varna, Self::Vashya, Self::Tara, Self::Yoni, Self::GrahaMaitri, Self::Gana, Self::Bhakoot, Self::Nadi];

    pub fn id(self) -> &'static str {
        match self {
            Self::Varna => "varna",
            Self::Vashya => "vashya",
            Self::Tara => "tara",
            Self::Yoni => "yoni",
            Self::GrahaMaitri => "graha_maitri",
            Self::Gana => "gana",
            Self::Bhakoot => "bhakoot",
            Self::Nadi => "nadi",
        }
    }

    /// Its most points: 1 for varna up to 8 for nadi.
    pub fn max_points(self) -> f64 {
        f64::from(Self::ALL.iter().position(|k| *k == self).unwrap_or(0) as u8 + 1)
    }
}

const VARNAS: [&str; 4] = ["shudra", "vaishya", "kshatriya", "brahmin"];

/// 0 Shudra (air), 1 Vaishya (earth), 2 Kshatriya (fire), 3 Brahmin (water).
pub fn varna(rashi: Sign) -> usize {
    // Aries fire, Taurus earth, Gemini air, Cancer water, and round again.
    [2, 1, 0, 3][rashi.index() % 4]
}

pub const VASHYA_GROUPS: [&str; 5] = ["chatushpada", "manava", "jalachara", "vanachara", "keeta"];

/// The vashya group (index into [`VASHYA_GROUPS`]) of a sidereal longitude.
pub fn vashya(place: &SiderealPlace) -> usize {
    let first_half = place.degrees_in_sign < 15.0;
    match place.rashi {
        Sign::Aries | Sign::Taurus => 0,
        Sign::Gemini | Sign::Virgo | Sign::Libra | Sign::Aquarius => 1,
        Sign::Cancer | Sign::Pisces => 2,
        Sign::Leo => 3,
        Sign::Scorpio => 4,
        Sign::Sagittarius => {
            if first_half {
                1
            } else {
                0
            }
        }
        Sign::Capricorn => {
            if first_half {
                0
            } else {
                2
            }
        }
    }
}

/// Vashya points, `[bride's group][groom's group]` (PyJHora's
/// `VasiyaArray`, from saravali.de): not symmetric.
pub const VASHYA_POINTS: [[f64; 5]; 5] =
    [[2.0, 0.5, 1.0, 0.0, 2.0], [0.5, 2.0, 0.0, 0.0, 0.0], [1.0, 0.0, 2.0, 2.0, 2.0], [0.0, 0.0, 2.0, 2.0, 0.0], [1.0, 0.0, 1.0, 0.0, 2.0]];

pub const ANIMALS: [&str; 14] =
    ["horse", "elephant", "sheep", "serpent", "dog", "cat", "rat", "cow", "buffalo", "tiger", "deer", "monkey", "mongoose", "lion"];

/// The yoni animal (index into [`ANIMALS`]) of each nakshatra, Ashwini first.
const YONI_OF_NAKSHATRA: [usize; 27] = [0, 1, 2, 3, 3, 4, 5, 2, 5, 6, 6, 7, 8, 9, 8, 9, 10, 10, 4, 11, 12, 11, 13, 0, 13, 7, 1];

/// Yoni points between two animals (PyJHora's `YoniArray`, symmetric).
pub const YONI_POINTS: [[u8; 14]; 14] = [
    [4, 2, 2, 3, 2, 2, 2, 1, 0, 1, 1, 3, 2, 1],
    [2, 4, 3, 3, 2, 2, 2, 2, 3, 1, 2, 3, 2, 0],
    [2, 3, 4, 2, 1, 2, 1, 3, 3, 1, 2, 0, 3, 1],
    [3, 3, 2, 4, 2, 1, 1, 1, 1, 2, 2, 2, 0, 2],
    [2, 2, 1, 2, 4, 2, 1, 2, 2, 1, 0, 2, 1, 1],
    [2, 2, 2, 1, 2, 4, 0, 2, 2, 1, 3, 3, 2, 1],
    [2, 2, 1, 1, 1, 0, 4, 2, 2, 2, 2, 2, 1, 2],
    [1, 2, 3, 1, 2, 2, 2, 4, 3, 0, 3, 2, 2, 1],
    [0, 3, 3, 1, 2, 2, 2, 3, 4, 1, 2, 2, 2, 1],
    [1, 1, 1, 2, 1, 1, 2, 0, 1, 4, 1, 1, 2, 1],
    [1, 2, 2, 2, 0, 3, 2, 3, 2, 1, 4, 2, 2, 1],
    [3, 3, 0, 2, 2, 3, 2, 2, 2, 1, 2, 4, 3, 2],
    [2, 2, 3, 0, 1, 2, 1, 2, 2, 2, 2, 3, 4, 2],
    [1, 0, 1, 2, 1, 1, 2, 1, 1, 1, 1, 2, 2, 4],
];

pub fn yoni(nakshatra: u8) -> usize {
    YONI_OF_NAKSHATRA[usize::from(nakshatra.clamp(1, 27) - 1)]
}

pub const GANAS: [&str; 3] = ["deva", "manushya", "rakshasa"];

/// The gana (index into [`GANAS`]) of each nakshatra, Ashwini first.
const GANA_OF_NAKSHATRA: [usize; 27] = [0, 1, 2, 1, 0, 1, 0, 0, 2, 2, 1, 1, 0, 2, 0, 2, 0, 2, 2, 1, 1, 0, 2, 2, 1, 1, 0];

/// Gana points, `[bride's gana][groom's gana]` (PyJHora's `gana_array`).
pub const GANA_POINTS: [[u8; 3]; 3] = [[6, 6, 0], [5, 6, 0], [1, 0, 6]];

pub fn gana(nakshatra: u8) -> usize {
    GANA_OF_NAKSHATRA[usize::from(nakshatra.clamp(1, 27) - 1)]
}

pub const NADIS: [&str; 3] = ["adi", "madhya", "antya"];

/// Adi, madhya, antya, antya, madhya, adi, and again from Punarvasu.
pub fn nadi(nakshatra: u8) -> usize {
    [0, 1, 2, 2, 1, 0][usize::from(nakshatra.clamp(1, 27) - 1) % 6]
}

const TARAS: [&str; 9] = ["Janma", "Sampat", "Vipat", "Kshema", "Pratyak", "Sadhana", "Naidhana", "Mitra", "Parama Mitra"];

/// Counted inclusively from nakshatra `from` to `to`, 1–27.
fn count(from: u8, to: u8) -> u8 {
    (to + 27 - from) % 27 + 1
}

/// The tara (1–9) of a count, and whether it gives its 1.5 points.
fn tara(count: u8) -> (u8, bool) {
    let tara = (count - 1) % 9 + 1;
    (tara, !matches!(tara, 3 | 5 | 7))
}

/// One side of the match as the kootas read it: the Moon.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MatchMoon {
    pub place: SiderealPlace,
}

impl MatchMoon {
    pub fn of(sidereal_longitude: f64) -> Self {
        Self { place: SiderealPlace::of(sidereal_longitude) }
    }

    fn nakshatra(&self) -> NakshatraPlace {
        self.place.nakshatra
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct KootaScore {
    pub koota: Koota,
    pub points: f64,
    /// What each side brings (varna, group, animal, …).
    pub groom: String,
    pub bride: String,
    /// Why, in words.
    pub reason: String,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Ashtakoota {
    pub kootas: Vec<KootaScore>,
    pub total: f64,
}

impl Ashtakoota {
    pub fn koota(&self, koota: Koota) -> Option<&KootaScore> {
        self.kootas.iter().find(|k| k.koota == koota)
    }
}

fn title(name: &str) -> String {
    let mut chars = name.chars();
    chars.next().map(|c| c.to_uppercase().chain(chars).collect()).unwrap_or_default()
}

/// The eight kootas of a groom's and a bride's Moons.
pub fn ashtakoota(groom: &MatchMoon, bride: &MatchMoon) -> Ashtakoota {
    let (g, b) = (groom.nakshatra(), bride.nakshatra());
    let (g_rashi, b_rashi) = (groom.place.rashi, bride.place.rashi);
    let mut kootas = Vec::with_capacity(8);

    let (gv, bv) = (varna(g_rashi), varna(b_rashi));
    kootas.push(KootaScore {
        koota: Koota::Varna,
        points: if gv >= bv { 1.0 } else { 0.0 },
        groom: VARNAS[gv].into(),
        bride: VARNAS[bv].into(),
        reason: format!(
            "the groom is {} ({}), the bride {} ({}): the groom's varna is {} the bride's",
            title(VARNAS[gv]),
            rashi_name(g_rashi),
            title(VARNAS[bv]),
            rashi_name(b_rashi),
            if gv >= bv { "at least" } else { "below" }
        ),
    });

    let (gw, bw) = (vashya(&groom.place), vashya(&bride.place));
    kootas.push(KootaScore {
        koota: Koota::Vashya,
        points: VASHYA_POINTS[bw][gw],
        groom: VASHYA_GROUPS[gw].into(),
        bride: VASHYA_GROUPS[bw].into(),
        reason: if gw == bw {
            format!("both Moons are in {} signs: the same group", VASHYA_GROUPS[gw])
        } else {
            format!("the groom's Moon is in a {} sign, the bride's in a {} sign", VASHYA_GROUPS[gw], VASHYA_GROUPS[bw])
        },
    });

    let (to_groom, to_bride) = (count(b.number, g.number), count(g.number, b.number));
    let ((tara_groom, good_groom), (tara_bride, good_bride)) = (tara(to_groom), tara(to_bride));
    let verdict = |good: bool| if good { "1.5" } else { "0" };
    kootas.push(KootaScore {
        koota: Koota::Tara,
        points: 1.5 * f64::from(u8::from(good_groom) + u8::from(good_bride)),
        groom: TARAS[usize::from(tara_groom - 1)].into(),
        bride: TARAS[usize::from(tara_bride - 1)].into(),
        reason: format!(
            "the groom's nakshatra is the {} from the bride's, tara {tara_groom} ({}): {}; the bride's is the {} from the groom's, tara \
             {tara_bride} ({}): {}",
            ordinal(to_groom),
            TARAS[usize::from(tara_groom - 1)],
            verdict(good_groom),
            ordinal(to_bride),
            TARAS[usize::from(tara_bride - 1)],
            verdict(good_bride)
        ),
    });

    let (gy, by) = (yoni(g.number), yoni(b.number));
    let yoni_points = YONI_POINTS[by][gy];
    kootas.push(KootaScore {
        koota: Koota::Yoni,
        points: f64::from(yoni_points),
        groom: ANIMALS[gy].into(),
        bride: ANIMALS[by].into(),
        reason: match yoni_points {
            4 => format!("both are {} yoni: the same animal", ANIMALS[gy]),
            0 => format!("{} and {} are sworn enemies", ANIMALS[gy], ANIMALS[by]),
            n => format!("{} (the groom's {}) and {} (the bride's {}): {n} of 4", ANIMALS[gy], g.name(), ANIMALS[by], b.name()),
        },
    });

    let (gl, bl) = (Graha::lord_of(g_rashi), Graha::lord_of(b_rashi));
    let (of_bride, of_groom) = (gl.natural_relation(bl), bl.natural_relation(gl));
    let maitri = if gl == bl {
        5.0
    } else {
        use Relation::*;
        match (of_bride, of_groom) {
            (Friend, Friend) => 5.0,
            (Friend, Neutral) | (Neutral, Friend) => 4.0,
            (Neutral, Neutral) => 3.0,
            (Friend, Enemy) | (Enemy, Friend) => 1.0,
            (Neutral, Enemy) | (Enemy, Neutral) => 0.5,
            (Enemy, Enemy) => 0.0,
        }
    };
    kootas.push(KootaScore {
        koota: Koota::GrahaMaitri,
        points: maitri,
        groom: gl.id().into(),
        bride: bl.id().into(),
        reason: if gl == bl {
            format!("both rashis are ruled by {}", title(gl.id()))
        } else {
            format!(
                "the groom's rashi lord {} counts the bride's, {}, {}; {} counts {} {}",
                title(gl.id()),
                title(bl.id()),
                article(of_bride),
                title(bl.id()),
                title(gl.id()),
                article(of_groom)
            )
        },
    });

    let (gg, bg) = (gana(g.number), gana(b.number));
    kootas.push(KootaScore {
        koota: Koota::Gana,
        points: f64::from(GANA_POINTS[bg][gg]),
        groom: GANAS[gg].into(),
        bride: GANAS[bg].into(),
        reason: if gg == bg {
            format!("both are {} gana", GANAS[gg])
        } else {
            format!("the groom is {} gana ({}), the bride {} gana ({})", GANAS[gg], g.name(), GANAS[bg], b.name())
        },
    });

    let from_bride = (g_rashi.index() + 12 - b_rashi.index()) % 12 + 1;
    let from_groom = (b_rashi.index() + 12 - g_rashi.index()) % 12 + 1;
    let pair = (from_bride.min(from_groom), from_bride.max(from_groom));
    let bhakoot_dosha = match pair {
        (2, 12) => Some("dwirdwadasha"),
        (5, 9) => Some("navapanchama"),
        (6, 8) => Some("shadashtaka"),
        _ => None,
    };
    kootas.push(KootaScore {
        koota: Koota::Bhakoot,
        points: if bhakoot_dosha.is_some() { 0.0 } else { 7.0 },
        groom: g_rashi.id().into(),
        bride: b_rashi.id().into(),
        reason: match bhakoot_dosha {
            Some(name) => format!("the rashis are {}/{} from each other ({name}): bhakoot dosha", pair.0, pair.1),
            None => format!("the rashis are {}/{} from each other", pair.0, pair.1),
        },
    });

    let (gn, bn) = (nadi(g.number), nadi(b.number));
    kootas.push(KootaScore {
        koota: Koota::Nadi,
        points: if gn == bn { 0.0 } else { 8.0 },
        groom: NADIS[gn].into(),
        bride: NADIS[bn].into(),
        reason: if gn == bn {
            format!("both are {} nadi: nadi dosha", NADIS[gn])
        } else {
            format!("the groom is {} nadi, the bride {} nadi", NADIS[gn], NADIS[bn])
        },
    });

    let total = kootas.iter().map(|k| k.points).sum();
    Ashtakoota { kootas, total }
}

/// 1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st, 22nd, 23rd.
fn ordinal(n: u8) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

fn article(relation: Relation) -> &'static str {
    match relation {
        Relation::Friend => "a friend",
        Relation::Neutral => "neutral",
        Relation::Enemy => "an enemy",
    }
}

/// The usual reading of a total of 36.
pub fn assessment(total: f64) -> &'static str {
    match total {
        t if t < 18.0 => "not recommended",
        t if t < 25.0 => "average",
        t if t < 33.0 => "good",
        _ => "excellent",
    }
}

/// The whole-sign houses from which Mars gives Manglik dosha.
pub const MANGLIK_HOUSES: [u8; 6] = [1, 2, 4, 7, 8, 12];

/// Why a Manglik dosha is held cancelled (the cancellations most often
/// stated; none changes `from_*`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ManglikCancellation {
    /// Mars in its own sign (Aries, Scorpio) or exalted (Capricorn).
    MarsInOwnOrExaltation,
    /// Mars in Leo or Aquarius (B. V. Raman).
    MarsInLeoOrAquarius,
    /// Mars in the same sign as Jupiter, or in a sign Jupiter aspects
    /// (its 5th, 7th and 9th from itself).
    JupiterWithOrAspectingMars,
}

impl ManglikCancellation {
    pub fn id(self) -> &'static str {
        match self {
            Self::MarsInOwnOrExaltation => "mars_in_own_or_exaltation_sign",
            Self::MarsInLeoOrAquarius => "mars_in_leo_or_aquarius",
            Self::JupiterWithOrAspectingMars => "jupiter_conjoins_or_aspects_mars",
        }
    }
}

/// Mars counted from the lagna, the Moon and Venus.
#[derive(Debug, Clone, PartialEq)]
pub struct Manglik {
    /// Mars's whole-sign house from the lagna, the Moon and Venus.
    pub house_from_lagna: u8,
    pub house_from_moon: u8,
    pub house_from_venus: u8,
    pub cancellations: Vec<ManglikCancellation>,
}

impl Manglik {
    pub fn from_lagna(&self) -> bool {
        MANGLIK_HOUSES.contains(&self.house_from_lagna)
    }

    pub fn from_moon(&self) -> bool {
        MANGLIK_HOUSES.contains(&self.house_from_moon)
    }

    pub fn from_venus(&self) -> bool {
        MANGLIK_HOUSES.contains(&self.house_from_venus)
    }

    /// A dosha from the lagna that no cancellation lifts.
    pub fn effective(&self) -> bool {
        self.from_lagna() && self.cancellations.is_empty()
    }
}

/// Whole-sign house of `sign` counted from `from`, 1–12.
fn house(from: Sign, sign: Sign) -> u8 {
    ((sign.index() + 12 - from.index()) % 12) as u8 + 1
}

/// Manglik dosha from the rashis of the lagna, Mars, the Moon, Venus and
/// Jupiter.
pub fn manglik(lagna: Sign, mars: Sign, moon: Sign, venus: Sign, jupiter: Sign) -> Manglik {
    let mut cancellations = Vec::new();
    if matches!(mars, Sign::Aries | Sign::Scorpio | Sign::Capricorn) {
        cancellations.push(ManglikCancellation::MarsInOwnOrExaltation);
    }
    if matches!(mars, Sign::Leo | Sign::Aquarius) {
        cancellations.push(ManglikCancellation::MarsInLeoOrAquarius);
    }
    if matches!(house(jupiter, mars), 1 | 5 | 7 | 9) {
        cancellations.push(ManglikCancellation::JupiterWithOrAspectingMars);
    }
    Manglik {
        house_from_lagna: house(lagna, mars),
        house_from_moon: house(moon, mars),
        house_from_venus: house(venus, mars),
        cancellations,
    }
}

/// Manglik dosha of a cast chart.
pub fn manglik_of(chart: &VedicChart) -> Manglik {
    let rashi = |graha: Graha| chart.graha(graha).place.rashi;
    manglik(chart.lagna.rashi, rashi(Graha::Mars), rashi(Graha::Moon), rashi(Graha::Venus), rashi(Graha::Jupiter))
}

/// A match of two charts: the kootas of their Moons and each side's
/// Manglik dosha.
#[derive(Debug, Clone, PartialEq)]
pub struct KundliMatch {
    pub kootas: Ashtakoota,
    pub groom: Manglik,
    pub bride: Manglik,
}

impl KundliMatch {
    /// Both Manglik from the lagna: the usual reading is that the two
    /// doshas cancel each other.
    pub fn mutual_manglik(&self) -> bool {
        self.groom.from_lagna() && self.bride.from_lagna()
    }
}

pub fn kundli_match(groom: &VedicChart, bride: &VedicChart) -> KundliMatch {
    let moon = |chart: &VedicChart| MatchMoon { place: chart.graha(Graha::Moon).place };
    KundliMatch { kootas: ashtakoota(&moon(groom), &moon(bride)), groom: manglik_of(groom), bride: manglik_of(bride) }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moon(nakshatra: u8, pada: u8) -> MatchMoon {
        MatchMoon::of((f64::from(nakshatra) - 1.0) * 40.0 / 3.0 + (f64::from(pada) - 0.5) * 10.0 / 3.0)
    }

    #[test]
    fn the_same_moon_scores_everything_but_nadi_and_two_taras() {
        let m = moon(1, 1);
        let score = ashtakoota(&m, &m);
        let points: Vec<f64> = score.kootas.iter().map(|k| k.points).collect();
        // Tara: the count is 1 both ways, Janma, 1.5 each; the same nadi, 0.
        assert_eq!(points, [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 0.0]);
        assert_eq!(score.total, 28.0);
        assert!(score.koota(Koota::Nadi).unwrap().reason.contains("nadi dosha"));
    }

    #[test]
    fn tara_counts_both_ways() {
        // Bride Ashwini (1), groom Krittika (3): the 3rd, Vipat (0); back,
        // the 26th: 26 mod 9 = 8, Mitra (1.5).
        let score = ashtakoota(&moon(3, 1), &moon(1, 1));
        let tara = score.koota(Koota::Tara).unwrap();
        assert_eq!((tara.points, tara.groom.as_str(), tara.bride.as_str()), (1.5, "Vipat", "Mitra"));
        assert!(tara.reason.contains("the 3rd from the bride's") && tara.reason.contains("the 26th from the groom's"), "{}", tara.reason);
        assert_eq!(
            [1, 2, 3, 4, 11, 12, 13, 21, 22, 23].map(ordinal),
            ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "23rd"]
        );
    }

    #[test]
    fn the_tables_hold_their_shapes() {
        // Yoni symmetric with 4 on the diagonal and the seven sworn enemies at 0.
        for (a, row) in YONI_POINTS.iter().enumerate() {
            assert_eq!(row[a], 4);
            assert!(row.iter().zip(YONI_POINTS.iter()).all(|(p, other)| *p == other[a]), "{}", ANIMALS[a]);
            assert_eq!(row.iter().filter(|p| **p == 0).count(), 1, "{}", ANIMALS[a]);
        }
        // Each animal holds two nakshatras (Abhijit's mongoose aside).
        for (animal, name) in ANIMALS.iter().enumerate() {
            let count = YONI_OF_NAKSHATRA.iter().filter(|a| **a == animal).count();
            assert_eq!(count, if *name == "mongoose" { 1 } else { 2 }, "{name}");
        }
        for gana in 0..3 {
            assert_eq!(GANA_OF_NAKSHATRA.iter().filter(|g| **g == gana).count(), 9);
        }
        assert_eq!((1..=27).filter(|n| nadi(*n) == 0).count(), 9);
        assert_eq!(Koota::Nadi.max_points(), 8.0);
        assert_eq!(Koota::ALL.iter().map(|k| k.max_points()).sum::<f64>(), 36.0);
        // Sagittarius and Capricorn split at 15°.
        assert_eq!(vashya(&SiderealPlace::of(254.9)), 1);
        assert_eq!(vashya(&SiderealPlace::of(255.0)), 0);
        assert_eq!(vashya(&SiderealPlace::of(284.9)), 0);
        assert_eq!(vashya(&SiderealPlace::of(285.0)), 2);
    }

    #[test]
    fn manglik_counts_mars_from_three_places_and_lists_its_cancellations() {
        // Lagna Aries, Mars in Cancer: the 4th; from a Moon in Cancer the 1st; from Venus in Virgo the 11th.
        let m = manglik(Sign::Aries, Sign::Cancer, Sign::Cancer, Sign::Virgo, Sign::Libra);
        assert_eq!((m.house_from_lagna, m.house_from_moon, m.house_from_venus), (4, 1, 11));
        assert!(m.from_lagna() && m.from_moon() && !m.from_venus());
        // Jupiter in Libra is 10th from Mars (no aspect): the dosha stands.
        assert!(m.cancellations.is_empty() && m.effective());
        // Jupiter in Scorpio aspects Cancer (its 9th).
        let m = manglik(Sign::Aries, Sign::Cancer, Sign::Cancer, Sign::Virgo, Sign::Scorpio);
        assert_eq!(m.cancellations, [ManglikCancellation::JupiterWithOrAspectingMars]);
        assert!(m.from_lagna() && !m.effective());
        let m = manglik(Sign::Aries, Sign::Aries, Sign::Cancer, Sign::Virgo, Sign::Libra);
        assert_eq!(m.cancellations, [ManglikCancellation::MarsInOwnOrExaltation, ManglikCancellation::JupiterWithOrAspectingMars]);
    }
}
