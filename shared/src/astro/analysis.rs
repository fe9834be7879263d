//! Chart balance and essential dignities, read from a computed chart.
//!
//! # Balance
//! The ten planets are counted in elements, modalities, hemispheres and
//! quadrants; the weighted sums add the Ascendant and Midheaven (elements
//! and modalities only, they have no house) with [`weight`]: Sun, Moon and
//! Ascendant 3; Mercury, Venus and Mars 2; Jupiter and Saturn 1.5; Uranus,
//! Neptune, Pluto and the Midheaven 1. Hemispheres by house: houses 7–12
//! are above the horizon (south), 1–6 below (north); 10–3 east, 4–9 west.
//! Quadrants: I houses 1–3, II 4–6, III 7–9, IV 10–12.
//!
//! # Dignities (the seven traditional planets)
//! Domicile and exaltation after Ptolemy; detriment and fall the opposite
//! signs. Triplicities after Dorotheus (fire Sun/Jupiter/Saturn, earth
//! Venus/Moon/Mars, air Saturn/Mercury/Jupiter, water Venus/Mars/Moon: day
//! ruler, night ruler, participating); a planet has triplicity when it rules
//! its sign's element for the chart's sect. Terms: the Egyptian bounds.
//! Faces: the Chaldean decans from Mars at 0° Aries. The score is William
//! Lilly's (Christian Astrology, 1647): domicile +5, exaltation +4,
//! triplicity +3, term +2, face +1, detriment −5, fall −4, and −5 for a
//! peregrine planet (none of the five dignities). The outer planets get the
//! modern domiciles only (Uranus Aquarius, Neptune Pisces, Pluto Scorpio)
//! and their detriments; no score.

use serde::Serialize;

use crate::astro::chart::NatalChart;
use crate::astro::point::{AngleId, PointId};
use crate::astro::zodiac::{Element, Modality, Sign, ZodiacPosition, normalize_degrees};

/// At least this many of the ten planets in one sign or one house.
pub const STELLIUM_SIZE: usize = 3;

/// The weight of a point in the weighted balance.
pub fn weight(point: BalancePoint) -> f64 {
    match point {
        BalancePoint::Planet(PointId::Sun | PointId::Moon) | BalancePoint::Angle(AngleId::Ascendant) => 3.0,
        BalancePoint::Planet(PointId::Mercury | PointId::Venus | PointId::Mars) => 2.0,
        BalancePoint::Planet(PointId::Jupiter | PointId::Saturn) => 1.5,
        _ => 1.0,
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BalancePoint {
    Planet(PointId),
    Angle(AngleId),
}

/// One category of a balance: how many of the ten planets, the weighted
/// sum, and which points.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Tally {
    pub count: usize,
    pub weighted: f64,
    pub points: Vec<&'static str>,
}

impl Tally {
    fn empty() -> Self {
        Self { count: 0, weighted: 0.0, points: Vec::new() }
    }

    fn add(&mut self, point: BalancePoint) {
        if let BalancePoint::Planet(_) = point {
            self.count += 1;
        }
        self.weighted += weight(point);
        self.points.push(match point {
            BalancePoint::Planet(p) => p.id(),
            BalancePoint::Angle(a) => a.id(),
        });
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Elements {
    pub fire: Tally,
    pub earth: Tally,
    pub air: Tally,
    pub water: Tally,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Modalities {
    pub cardinal: Tally,
    pub fixed: Tally,
    pub mutable: Tally,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Hemispheres {
    /// Above the horizon: houses 7–12.
    pub south: Tally,
    /// Below the horizon: houses 1–6.
    pub north: Tally,
    /// Houses 10–3.
    pub east: Tally,
    /// Houses 4–9.
    pub west: Tally,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Quadrants {
    /// Houses 1–3.
    pub first: Tally,
    pub second: Tally,
    pub third: Tally,
    /// Houses 10–12.
    pub fourth: Tally,
}

/// The ruler of the rising sign, and where it stands.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ChartRuler {
    pub rising_sign: Sign,
    pub traditional: &'static str,
    /// Differs for Scorpio (Pluto), Aquarius (Uranus) and Pisces (Neptune).
    pub modern: &'static str,
    /// The traditional ruler's sign and house, when the chart places it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sign: Option<Sign>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub house: Option<u8>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase", tag = "by")]
pub enum Stellium {
    Sign { sign: Sign, points: Vec<&'static str> },
    House { house: u8, points: Vec<&'static str> },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Dignity {
    Domicile,
    Exaltation,
    Triplicity,
    Term,
    Face,
    Detriment,
    Fall,
    Peregrine,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PlanetDignity {
    pub point: &'static str,
    pub sign: Sign,
    pub dignities: Vec<Dignity>,
    /// The planets ruling the planet's degree: domicile, exaltation (if the
    /// sign has one), triplicity by sect, term and face.
    pub rulers: DegreeRulers,
    /// Lilly's points (traditional planets only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score: Option<i32>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DegreeRulers {
    pub domicile: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exaltation: Option<&'static str>,
    pub triplicity: &'static str,
    pub term: &'static str,
    pub face: &'static str,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Sect {
    /// The Sun above the horizon.
    Day,
    Night,
}

impl Sect {
    pub fn id(self) -> &'static str {
        match self {
            Self::Day => "day",
            Self::Night => "night",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Analysis {
    pub sect: Sect,
    pub elements: Elements,
    pub modalities: Modalities,
    pub hemispheres: Hemispheres,
    pub quadrants: Quadrants,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub chart_ruler: Option<ChartRuler>,
    pub stelliums: Vec<Stellium>,
    pub dignities: Vec<PlanetDignity>,
}

const TRADITIONAL: [PointId; 7] =
    [PointId::Sun, PointId::Moon, PointId::Mercury, PointId::Venus, PointId::Mars, PointId::Jupiter, PointId::Saturn];

/// The domicile ruler of `sign` (traditional rulerships).
pub fn domicile_ruler(sign: Sign) -> PointId {
    match sign {
        Sign::Aries | Sign::Scorpio => PointId::Mars,
        Sign::Taurus | Sign::Libra => PointId::Venus,
        Sign::Gemini | Sign::Virgo => PointId::Mercury,
        Sign::Cancer => PointId::Moon,
        Sign::Leo => PointId::Sun,
        Sign::Sagittarius | Sign::Pisces => PointId::Jupiter,
        Sign::Capricorn | Sign::Aquarius => PointId::Saturn,
    }
}

/// The modern ruler: the outer planets for Scorpio, Aquarius and Pisces.
pub fn modern_ruler(sign: Sign) -> PointId {
    match sign {
        Sign::Scorpio => PointId::Pluto,
        Sign::Aquarius => PointId::Uranus,
        Sign::Pisces => PointId::Neptune,
        other => domicile_ruler(other),
    }
}

/// The planet exalted in `sign`, if any (Ptolemy).
pub fn exaltation_ruler(sign: Sign) -> Option<PointId> {
    Some(match sign {
        Sign::Aries => PointId::Sun,
        Sign::Taurus => PointId::Moon,
        Sign::Cancer => PointId::Jupiter,
        Sign::Virgo => PointId::Mercury,
        Sign::Libra => PointId::Saturn,
        Sign::Capricorn => PointId::Mars,
        Sign::Pisces => PointId::Venus,
        _ => return None,
    })
}

/// Dorothean triplicity rulers of an element: (day, night, participating).
pub fn triplicity_rulers(element: Element) -> [PointId; 3] {
    match element {
        Element::Fire => [PointId::Sun, PointId::Jupiter, PointId::Saturn],
        Element::Earth => [PointId::Venus, PointId::Moon, PointId::Mars],
        Element::Air => [PointId::Saturn, PointId::Mercury, PointId::Jupiter],
        Element::Water => [PointId::Venus, PointId::Mars, PointId::Moon],
    }
}

/// The Egyptian terms: for each sign, (ruler, end degree) in order.
const TERMS: [[(PointId, u8); 5]; 12] = {
    use PointId::{Jupiter as J, Mars as Ma, Mercury as Me, Saturn as S, Venus as V};
    [
        [(J, 6), (V, 12), (Me, 20), (Ma, 25), (S, 30)],
        [(V, 8), (Me, 14), (J, 22), (S, 27), (Ma, 30)],
        [(Me, 6), (J, 12), (V, 17), (Ma, 24), (S, 30)],
        [(Ma, 7), (V, 13), (Me, 19), (J, 26), (S, 30)],
        [(J, 6), (V, 11), (S, 18), (Me, 24), (Ma, 30)],
        [(Me, 7), (V, 17), (J, 21), (Ma, 28), (S, 30)],
        [(S, 6), (Me, 14), (J, 21), (V, 28), (Ma, 30)],
        [(Ma, 7), (V, 11), (Me, 19), (J, 24), (S, 30)],
        [(J, 12), (V, 17), (Me, 21), (S, 26), (Ma, 30)],
        [(Me, 7), (J, 14), (V, 22), (S, 26), (Ma, 30)],
        [(Me, 7), (V, 13), (J, 20), (Ma, 25), (S, 30)],
        [(V, 12), (J, 16), (Me, 19), (Ma, 28), (S, 30)],
    ]
};

/// The ruler of the Egyptian term at `degrees_in_sign` of `sign`.
pub fn term_ruler(sign: Sign, degrees_in_sign: f64) -> PointId {
    TERMS[sign.index()].iter().find(|(_, end)| degrees_in_sign < f64::from(*end)).map(|(ruler, _)| *ruler).unwrap_or(PointId::Saturn)
}

/// The Chaldean order, slowest first: faces follow it from Mars, and the
/// firdaria's sub-periods from their lord.
pub const CHALDEAN: [PointId; 7] =
    [PointId::Saturn, PointId::Jupiter, PointId::Mars, PointId::Sun, PointId::Venus, PointId::Mercury, PointId::Moon];

/// The ruler of the face (decan) at a longitude.
pub fn face_ruler(longitude: f64) -> PointId {
    let decan = (normalize_degrees(longitude) / 10.0).floor() as usize % 36;
    // 0° Aries is Mars's face, third in the Chaldean order.
    CHALDEAN[(decan + 2) % 7]
}

impl Analysis {
    pub fn of(chart: &NatalChart) -> Self {
        let planets: Vec<_> = chart.points.iter().filter(|p| PointId::PLANETS.contains(&p.point)).collect();
        let angle = |id: AngleId| chart.angles.iter().find(|(a, _)| *a == id).map(|(_, l)| *l);
        let ascendant = angle(AngleId::Ascendant).unwrap_or(chart.houses.ascendant);
        let sun = chart.position_of(PointId::Sun).map(|p| p.longitude);
        // Day when the Sun is between the descendant and the ascendant
        // (houses 7–12), as for the Part of Fortune.
        let sect = match sun {
            Some(sun) if normalize_degrees(sun - ascendant) >= 180.0 => Sect::Day,
            Some(_) => Sect::Night,
            None => Sect::Day,
        };

        let mut elements = Elements { fire: Tally::empty(), earth: Tally::empty(), air: Tally::empty(), water: Tally::empty() };
        let mut modalities = Modalities { cardinal: Tally::empty(), fixed: Tally::empty(), mutable: Tally::empty() };
        let mut signed: Vec<(BalancePoint, Sign)> = planets.iter().map(|p| (BalancePoint::Planet(p.point), p.zodiac.sign)).collect();
        for id in [AngleId::Ascendant, AngleId::Midheaven] {
            if let Some(longitude) = angle(id) {
                signed.push((BalancePoint::Angle(id), ZodiacPosition::of(longitude).sign));
            }
        }
        for (point, sign) in &signed {
            match sign.element() {
                Element::Fire => elements.fire.add(*point),
                Element::Earth => elements.earth.add(*point),
                Element::Air => elements.air.add(*point),
                Element::Water => elements.water.add(*point),
            }
            match sign.modality() {
                Modality::Cardinal => modalities.cardinal.add(*point),
                Modality::Fixed => modalities.fixed.add(*point),
                Modality::Mutable => modalities.mutable.add(*point),
            }
        }

        let mut hemispheres = Hemispheres { south: Tally::empty(), north: Tally::empty(), east: Tally::empty(), west: Tally::empty() };
        let mut quadrants = Quadrants { first: Tally::empty(), second: Tally::empty(), third: Tally::empty(), fourth: Tally::empty() };
        for planet in &planets {
            let point = BalancePoint::Planet(planet.point);
            let house = planet.house;
            if house >= 7 {
                hemispheres.south.add(point)
            } else {
                hemispheres.north.add(point)
            }
            if (4..=9).contains(&house) {
                hemispheres.west.add(point)
            } else {
                hemispheres.east.add(point)
            }
            match house {
                1..=3 => quadrants.first.add(point),
                4..=6 => quadrants.second.add(point),
                7..=9 => quadrants.third.add(point),
                _ => quadrants.fourth.add(point),
            }
        }

        let rising_sign = ZodiacPosition::of(ascendant).sign;
        let ruler = domicile_ruler(rising_sign);
        let placed = chart.points.iter().find(|p| p.point == ruler);
        let chart_ruler = Some(ChartRuler {
            rising_sign,
            traditional: ruler.id(),
            modern: modern_ruler(rising_sign).id(),
            sign: placed.map(|p| p.zodiac.sign),
            house: placed.map(|p| p.house),
        });

        let mut stelliums = Vec::new();
        for sign in Sign::ALL {
            let points: Vec<&'static str> = planets.iter().filter(|p| p.zodiac.sign == sign).map(|p| p.point.id()).collect();
            if points.len() >= STELLIUM_SIZE {
                stelliums.push(Stellium::Sign { sign, points });
            }
        }
        for house in 1..=12u8 {
            let points: Vec<&'static str> = planets.iter().filter(|p| p.house == house).map(|p| p.point.id()).collect();
            if points.len() >= STELLIUM_SIZE {
                stelliums.push(Stellium::House { house, points });
            }
        }

        let dignities = planets.iter().map(|p| dignity_of(p.point, p.position.longitude, sect)).collect();
        Self { sect, elements, modalities, hemispheres, quadrants, chart_ruler, stelliums, dignities }
    }
}

/// The essential dignities of `planet` at `longitude` in a chart of `sect`.
pub fn dignity_of(planet: PointId, longitude: f64, sect: Sect) -> PlanetDignity {
    let position = ZodiacPosition::of(longitude);
    let sign = position.sign;
    let [day, night, _] = triplicity_rulers(sign.element());
    let triplicity = if sect == Sect::Day { day } else { night };
    let rulers = DegreeRulers {
        domicile: domicile_ruler(sign).id(),
        exaltation: exaltation_ruler(sign).map(PointId::id),
        triplicity: triplicity.id(),
        term: term_ruler(sign, position.degrees_in_sign).id(),
        face: face_ruler(longitude).id(),
    };
    let mut dignities = Vec::new();
    let traditional = TRADITIONAL.contains(&planet);
    if traditional {
        if domicile_ruler(sign) == planet {
            dignities.push(Dignity::Domicile);
        }
        if exaltation_ruler(sign) == Some(planet) {
            dignities.push(Dignity::Exaltation);
        }
        if triplicity == planet {
            dignities.push(Dignity::Triplicity);
        }
        if term_ruler(sign, position.degrees_in_sign) == planet {
            dignities.push(Dignity::Term);
        }
        if face_ruler(longitude) == planet {
            dignities.push(Dignity::Face);
        }
        if dignities.is_empty() {
            dignities.push(Dignity::Peregrine);
        }
        if domicile_ruler(sign.opposite()) == planet {
            dignities.push(Dignity::Detriment);
        }
        if exaltation_ruler(sign.opposite()) == Some(planet) {
            dignities.push(Dignity::Fall);
        }
    } else {
        if modern_ruler(sign) == planet {
            dignities.push(Dignity::Domicile);
        }
        if modern_ruler(sign.opposite()) == planet {
            dignities.push(Dignity::Detriment);
        }
    }
    let score = traditional.then(|| {
        dignities
            .iter()
            .map(|d| match d {
                Dignity::Domicile => 5,
                Dignity::Exaltation => 4,
                Dignity::Triplicity => 3,
                Dignity::Term => 2,
                Dignity::Face => 1,
                Dignity::Detriment => -5,
                Dignity::Fall => -4,
                Dignity::Peregrine => -5,
            })
            .sum()
    });
    PlanetDignity { point: planet.id(), sign, dignities, rulers, score }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_terms_give_each_planet_its_years() {
        // Each sign's terms end at 30°, and over the zodiac each planet's
        // terms add up to its "greater years": Saturn 57, Jupiter 79,
        // Mars 66, Venus 82, Mercury 76 (Ptolemy, Tetrabiblos I.20-21).
        let mut totals = std::collections::BTreeMap::new();
        for sign in TERMS {
            assert_eq!(sign[4].1, 30);
            let mut start = 0;
            for (ruler, end) in sign {
                assert!(end > start);
                *totals.entry(ruler.id()).or_insert(0u32) += u32::from(end - start);
                start = end;
            }
        }
        let expected = [("jupiter", 79), ("mars", 66), ("mercury", 76), ("saturn", 57), ("venus", 82)];
        assert_eq!(totals.into_iter().collect::<Vec<_>>(), expected);
    }

    #[test]
    fn faces_run_in_chaldean_order_from_mars() {
        assert_eq!(face_ruler(0.0), PointId::Mars);
        assert_eq!(face_ruler(10.0), PointId::Sun);
        assert_eq!(face_ruler(25.0), PointId::Venus);
        assert_eq!(face_ruler(30.0), PointId::Mercury); // Taurus I
        assert_eq!(face_ruler(355.0), PointId::Mars); // Pisces III closes the circle
        assert_eq!(face_ruler(135.0), PointId::Jupiter); // Leo II
        assert_eq!(face_ruler(125.0), PointId::Saturn); // Leo I
    }

    #[test]
    fn lilly_scores_by_hand() {
        // Sun at 19° Aries by day: domicile of Mars, exaltation (+4), fire
        // triplicity day ruler (+3), term of Mercury (12-20), face of the
        // Sun (10-20, +1): 8.
        let sun = dignity_of(PointId::Sun, 19.0, Sect::Day);
        assert_eq!(sun.dignities, [Dignity::Exaltation, Dignity::Triplicity, Dignity::Face]);
        assert_eq!(sun.score, Some(8));
        // Saturn at 5° Aries by night: fall (−4), no dignity (peregrine −5).
        let saturn = dignity_of(PointId::Saturn, 5.0, Sect::Night);
        assert_eq!(saturn.dignities, [Dignity::Peregrine, Dignity::Fall]);
        assert_eq!(saturn.score, Some(-9));
        // Venus at 10° Libra: domicile +5; Mercury's term (6-14); Saturn's
        // face (Libra II, 10-20). Air's day ruler is Saturn.
        let venus = dignity_of(PointId::Venus, 190.0, Sect::Day);
        assert_eq!(venus.dignities, [Dignity::Domicile]);
        assert_eq!(venus.rulers.term, "mercury");
        assert_eq!(venus.rulers.face, "saturn");
        assert_eq!(venus.score, Some(5));
        // Mars at 2° Libra: detriment; Saturn's term, the Moon's face.
        assert_eq!(dignity_of(PointId::Mars, 182.0, Sect::Day).dignities, [Dignity::Peregrine, Dignity::Detriment]);
        // Pluto in Scorpio: modern domicile, no score.
        let pluto = dignity_of(PointId::Pluto, 220.0, Sect::Day);
        assert_eq!(pluto.dignities, [Dignity::Domicile]);
        assert_eq!(pluto.score, None);
    }
}
