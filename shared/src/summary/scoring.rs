//! Which placements and aspects a summary speaks of: every candidate gets a
//! score, the strongest lead. The weights are documented in `docs/api.md`
//! ("How a summary chooses what to say"); the tests in `tests.rs` pin the
//! choices astrologers expect (a stellium, an exact conjunction, the
//! luminaries, the rising sign and its ruler).

use crate::astro::aspect::{Aspect, AspectKind};
use crate::astro::chart::NatalChart;
use crate::astro::point::{AngleId, PointId};
use crate::astro::zodiac::{Sign, angular_distance};
use crate::content::{AspectTarget, HoroscopeType};

/// A planet this close to an angle (degrees) is "on" it.
const ON_ANGLE_ORB: f64 = 8.0;
/// At least this many of the ten planets in one sign or house.
const STELLIUM_SIZE: usize = 3;
/// Below this orb (degrees) an aspect is called exact.
pub const EXACT_ORB: f64 = 1.0;

pub use crate::astro::zodiac::{Element, Modality};

pub fn element_of(sign: Sign) -> Element {
    sign.element()
}

pub fn modality_of(sign: Sign) -> Modality {
    sign.modality()
}

/// The traditional ruler of a sign (the chart ruler is the rising sign's).
pub fn traditional_ruler(sign: Sign) -> PointId {
    use Sign::*;
    match sign {
        Aries | Scorpio => PointId::Mars,
        Taurus | Libra => PointId::Venus,
        Gemini | Virgo => PointId::Mercury,
        Cancer => PointId::Moon,
        Leo => PointId::Sun,
        Sagittarius | Pisces => PointId::Jupiter,
        Capricorn | Aquarius => PointId::Saturn,
    }
}

/// One thing worth saying about a chart.
#[derive(Debug, Clone, PartialEq)]
pub enum Feature {
    /// The Sun or the Moon of the chart read, the progressed chart, or
    /// one of the two people of a synastry.
    Luminary {
        point: PointId,
        sign: Sign,
        house: Option<u8>,
        of: Whose,
    },
    /// The rising sign or the Midheaven's.
    Angle {
        angle: AngleId,
        sign: Sign,
    },
    /// The rising sign's ruler and where it stands.
    ChartRuler {
        ruler: PointId,
        rising: Sign,
        sign: Sign,
        house: Option<u8>,
    },
    /// A planet on an angle (within 8°) or in an angular house.
    Angular {
        point: PointId,
        sign: Sign,
        house: u8,
        on_angle: Option<(AngleId, f64)>,
    },
    Aspect(Contact),
    /// Three or more planets in one sign (`sign`) or one house (`house`).
    Stellium {
        points: Vec<PointId>,
        sign: Option<Sign>,
        house: Option<u8>,
    },
    /// Weighted count: Sun, Moon and Ascendant count two, other planets one.
    DominantElement {
        element: Element,
        weight: u32,
    },
    DominantModality {
        modality: Modality,
        weight: u32,
    },
}

#[derive(Debug, Clone, PartialEq)]
pub struct Scored {
    pub score: f64,
    pub feature: Feature,
}

/// An aspect: `a` of the chart read, the moving chart (transiting,
/// progressed) or person 1, to `b` of the same chart, the natal chart or
/// person 2. `orb`: the tightest reached (transits over a period: 0 when
/// exact within it).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Contact {
    pub a: PointId,
    pub kind: AspectKind,
    pub b: AspectTarget,
    pub orb: f64,
    pub applying: bool,
}

impl Contact {
    pub fn of(aspect: &Aspect<PointId>) -> Self {
        Self { a: aspect.point_a, kind: aspect.kind, b: AspectTarget::Point(aspect.point_b), orb: aspect.orb, applying: aspect.applying }
    }
}

/// Whose point a feature names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Whose {
    /// The chart read (natal, or a return chart).
    Chart,
    Progressed,
    FirstPerson,
    SecondPerson,
}

/// What a summary is of: one chart, or one chart's points against another's.
pub enum Subject<'a> {
    /// A natal chart, or a return chart read on its own.
    Chart(&'a NatalChart),
    /// Contacts between two charts (transiting or progressed points to the
    /// natal chart, person 1 to person 2), framed by the luminaries of the
    /// charts listed (the progressed chart's, each person's).
    Across { contacts: &'a [Contact], luminaries: &'a [(Whose, &'a NatalChart)] },
}

/// The features of `subject`, strongest first (ties keep a fixed order, so
/// the same chart always reads the same).
pub fn score(horoscope: HoroscopeType, subject: &Subject<'_>) -> Vec<Scored> {
    let mut scored = match subject {
        Subject::Chart(chart) => score_chart(chart),
        Subject::Across { contacts, luminaries } => score_across(horoscope, contacts, luminaries),
    };
    // Stable sort: equal scores keep the order they were found in.
    scored.sort_by(|a, b| b.score.total_cmp(&a.score));
    scored
}

fn kind_weight(kind: AspectKind) -> f64 {
    match kind {
        AspectKind::Conjunction => 6.0,
        AspectKind::Opposition | AspectKind::Square => 5.0,
        AspectKind::Trine => 4.0,
        AspectKind::Sextile => 3.0,
        _ => 2.0,
    }
}

/// How much a point weighs in the chart it belongs to.
fn point_weight(point: PointId) -> f64 {
    match point {
        PointId::Sun | PointId::Moon => 1.5,
        PointId::Mercury | PointId::Venus | PointId::Mars => 1.2,
        PointId::Jupiter | PointId::Saturn => 1.0,
        PointId::Uranus | PointId::Neptune | PointId::Pluto => 0.8,
        _ => 0.6,
    }
}

/// A transiting point weighs by how long it stays: slow ones mark years.
fn transiting_weight(point: PointId) -> f64 {
    match point {
        PointId::Pluto => 1.6,
        PointId::Neptune | PointId::Uranus => 1.5,
        PointId::Saturn => 1.4,
        PointId::Jupiter => 1.2,
        PointId::Mars => 1.0,
        PointId::Sun => 0.9,
        PointId::Venus => 0.8,
        PointId::Mercury => 0.7,
        PointId::Moon => 0.5,
        _ => 0.6,
    }
}

/// A progressed point weighs by how rarely it makes aspects.
fn progressed_weight(point: PointId) -> f64 {
    match point {
        PointId::Sun => 1.5,
        PointId::Moon => 1.3,
        PointId::Mercury | PointId::Venus | PointId::Mars => 1.2,
        _ => 0.8,
    }
}

/// Closeness: 1 when exact, falling to 0.25 at 10° of orb; an aspect within
/// a degree gains half again, so exact aspects rank with the luminaries.
fn closeness(orb: f64) -> f64 {
    let base = (1.0 - orb / 10.0).max(0.0) * 0.75 + 0.25;
    if orb < EXACT_ORB { base + 0.5 } else { base }
}

fn target_weight(target: AspectTarget) -> f64 {
    match target {
        AspectTarget::Point(point) => point_weight(point),
        AspectTarget::Angle(_) => 1.4,
    }
}

fn is_planet(point: PointId) -> bool {
    PointId::PLANETS.contains(&point)
}

fn score_chart(chart: &NatalChart) -> Vec<Scored> {
    let mut scored = Vec::new();
    let placement = |point: PointId| chart.points.iter().find(|p| p.point == point);
    let angle = |id: AngleId| chart.angles.iter().find(|(a, _)| *a == id).map(|(_, longitude)| *longitude);

    for (point, score) in [(PointId::Sun, 12.0), (PointId::Moon, 11.0)] {
        if let Some(p) = placement(point) {
            scored
                .push(Scored { score, feature: Feature::Luminary { point, sign: p.zodiac.sign, house: Some(p.house), of: Whose::Chart } });
        }
    }
    let rising = angle(AngleId::Ascendant).map(sign_of);
    if let Some(rising) = rising {
        scored.push(Scored { score: 10.5, feature: Feature::Angle { angle: AngleId::Ascendant, sign: rising } });
        let ruler = traditional_ruler(rising);
        if let Some(p) = placement(ruler) {
            let angular = [1, 4, 7, 10].contains(&p.house);
            scored.push(Scored {
                score: if angular { 8.0 } else { 7.0 },
                feature: Feature::ChartRuler { ruler, rising, sign: p.zodiac.sign, house: Some(p.house) },
            });
        }
    }
    if let Some(midheaven) = angle(AngleId::Midheaven) {
        scored.push(Scored { score: 5.0, feature: Feature::Angle { angle: AngleId::Midheaven, sign: sign_of(midheaven) } });
    }

    // Planets on an angle, else in an angular house (the luminaries are
    // spoken of already, but their angularity still counts).
    for p in chart.points.iter().filter(|p| is_planet(p.point)) {
        let on_angle = chart
            .angles
            .iter()
            .map(|(id, longitude)| (*id, angular_distance(p.position.longitude, *longitude)))
            .filter(|(_, distance)| *distance <= ON_ANGLE_ORB)
            .min_by(|a, b| a.1.total_cmp(&b.1));
        let score = match on_angle {
            Some((_, distance)) => 8.0 - distance * 0.5,
            None if [1, 10].contains(&p.house) => 4.0,
            None if [4, 7].contains(&p.house) => 3.0,
            None => continue,
        };
        scored.push(Scored { score, feature: Feature::Angular { point: p.point, sign: p.zodiac.sign, house: p.house, on_angle } });
    }

    for aspect in &chart.aspects {
        let weight = kind_weight(aspect.kind) * (point_weight(aspect.point_a) + point_weight(aspect.point_b)) / 2.0;
        scored.push(Scored { score: weight * closeness(aspect.orb), feature: Feature::Aspect(Contact::of(aspect)) });
    }

    // Stelliums: the ten planets, by sign and by house.
    let planets: Vec<_> = chart.points.iter().filter(|p| is_planet(p.point)).collect();
    for sign in Sign::ALL {
        let members: Vec<PointId> = planets.iter().filter(|p| p.zodiac.sign == sign).map(|p| p.point).collect();
        if members.len() >= STELLIUM_SIZE {
            let score = 8.0 + 3.0 * (members.len() - STELLIUM_SIZE) as f64;
            scored.push(Scored { score, feature: Feature::Stellium { points: members, sign: Some(sign), house: None } });
        }
    }
    for house in 1..=12u8 {
        let members: Vec<PointId> = planets.iter().filter(|p| p.house == house).map(|p| p.point).collect();
        if members.len() >= STELLIUM_SIZE {
            // A sign stellium in the same house says the same thing: keep one.
            let same_as_sign = scored.iter().any(|s| matches!(&s.feature, Feature::Stellium { points, .. } if *points == members));
            if !same_as_sign {
                let score = 7.0 + 3.0 * (members.len() - STELLIUM_SIZE) as f64;
                scored.push(Scored { score, feature: Feature::Stellium { points: members, sign: None, house: Some(house) } });
            }
        }
    }

    // A wide conjunction inside a stellium is part of what the stellium
    // says: it keeps half its weight. An exact one stands on its own.
    let groups: Vec<Vec<PointId>> = scored
        .iter()
        .filter_map(|s| match &s.feature {
            Feature::Stellium { points, .. } => Some(points.clone()),
            _ => None,
        })
        .collect();
    for item in &mut scored {
        if let Feature::Aspect(Contact { a, kind: AspectKind::Conjunction, b: AspectTarget::Point(b), orb, .. }) = item.feature
            && orb >= EXACT_ORB
            && groups.iter().any(|g| g.contains(&a) && g.contains(&b))
        {
            item.score *= 0.5;
        }
    }

    // Balance: Sun, Moon and Ascendant count two, the other planets one.
    let mut signs: Vec<(Sign, u32)> =
        planets.iter().map(|p| (p.zodiac.sign, if matches!(p.point, PointId::Sun | PointId::Moon) { 2 } else { 1 })).collect();
    if let Some(rising) = rising {
        signs.push((rising, 2));
    }
    if let Some((element, weight)) = dominant(signs.iter().map(|(s, w)| (element_of(*s), *w))) {
        scored.push(Scored { score: 4.5, feature: Feature::DominantElement { element, weight } });
    }
    if let Some((modality, weight)) = dominant(signs.iter().map(|(s, w)| (modality_of(*s), *w))) {
        scored.push(Scored { score: 4.0, feature: Feature::DominantModality { modality, weight } });
    }
    scored
}

/// The heaviest value, when it outweighs every other (a tie has no dominant).
fn dominant<T: Ord + Copy>(weighted: impl Iterator<Item = (T, u32)>) -> Option<(T, u32)> {
    let mut totals = std::collections::BTreeMap::<T, u32>::new();
    for (value, weight) in weighted {
        *totals.entry(value).or_default() += weight;
    }
    let mut ranked: Vec<(T, u32)> = totals.into_iter().collect();
    ranked.sort_by_key(|entry| std::cmp::Reverse(entry.1));
    match ranked.as_slice() {
        [first, second, ..] if first.1 == second.1 => None,
        [first, ..] => Some(*first),
        [] => None,
    }
}

fn sign_of(longitude: f64) -> Sign {
    crate::astro::zodiac::ZodiacPosition::of(longitude).sign
}

fn score_across(horoscope: HoroscopeType, contacts: &[Contact], luminaries: &[(Whose, &NatalChart)]) -> Vec<Scored> {
    // A transit passing three times (retrograde) is one story: its tightest
    // pass speaks for it.
    let mut distinct: Vec<Contact> = Vec::with_capacity(contacts.len());
    for contact in contacts {
        match distinct.iter_mut().find(|c| (c.a, c.kind, c.b) == (contact.a, contact.kind, contact.b)) {
            Some(told) if contact.orb < told.orb => *told = *contact,
            Some(_) => {}
            None => distinct.push(*contact),
        }
    }
    let mut scored = Vec::new();
    for contact in &distinct {
        // A progressed outer planet or node has barely moved: its aspects to
        // the natal chart repeat natal aspects.
        if horoscope == HoroscopeType::Progressions && point_weight(contact.a) < 1.0 {
            continue;
        }
        let weight_a = match horoscope {
            HoroscopeType::Transit => transiting_weight(contact.a),
            HoroscopeType::Progressions => progressed_weight(contact.a),
            _ => point_weight(contact.a),
        };
        let applying = if contact.applying && horoscope != HoroscopeType::Synastry { 1.1 } else { 1.0 };
        scored.push(Scored {
            score: kind_weight(contact.kind) * weight_a * target_weight(contact.b) * closeness(contact.orb) * applying,
            feature: Feature::Aspect(*contact),
        });
    }
    // The luminaries frame the reading: the progressed Sun and Moon, or
    // each person's. A progressed or synastry house would need the other
    // chart's frame: signs only.
    for (rank, (of, chart)) in luminaries.iter().enumerate() {
        let base = if *of == Whose::Progressed { 7.0 } else { 5.0 };
        for point in [PointId::Sun, PointId::Moon] {
            if let Some(p) = chart.points.iter().find(|p| p.point == point) {
                let score = base - 0.1 * rank as f64;
                scored.push(Scored { score, feature: Feature::Luminary { point, sign: p.zodiac.sign, house: None, of: *of } });
            }
        }
    }
    scored
}
