//! Vedic astrology (Jyotish): the sidereal chart of the lagna and the nine
//! grahas with their nakshatras, whole-sign houses, dignities and
//! combustion, and the divisional charts (vargas).
//!
//! # Conventions
//! - Positions: the Swiss Ephemeris' sidereal longitudes (`SEFLG_SIDEREAL`
//!   with the chosen ayanamsa, Lahiri's by default), apparent, geocentric:
//!   the Moon too (not the natal chart's topocentric default).
//! - Lagna: the sidereal ascendant, as `swe_houses_ex` gives it.
//! - Rahu: the mean node by default (`true` node on request); Ketu = Rahu +
//!   180°, moving with it.
//! - Houses: whole signs from the lagna's sign.
//! - A longitude exactly on a boundary (sign, nakshatra, pada, varga part)
//!   belongs to the next part.

pub mod ashtakoota;
pub mod dasha;
pub mod graha;
pub mod nakshatra;
pub mod panchang;
pub mod varga;

use crate::astro::ephemeris::{Ephemeris, EphemerisError, EphemerisSource, Observer};
use crate::astro::frame::{Ayanamsa, Zodiac};
use crate::astro::house::HouseSystem;
use crate::astro::time::JulianDay;
use crate::astro::zodiac::{Sign, angular_distance, normalize_degrees};

pub use graha::{Dignity, Graha};
pub use nakshatra::NakshatraPlace;
pub use varga::Varga;

/// Which lunar node Rahu is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum NodeKind {
    #[default]
    Mean,
    True,
}

impl NodeKind {
    pub fn id(self) -> &'static str {
        match self {
            Self::Mean => "mean",
            Self::True => "true",
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct VedicInput {
    pub instant: JulianDay,
    pub latitude: f64,
    pub longitude: f64,
    pub ayanamsa: Ayanamsa,
    pub node: NodeKind,
    /// The divisional charts wanted, in order.
    pub vargas: Vec<Varga>,
}

/// The rashi's Sanskrit name, transliterated.
pub fn rashi_name(sign: Sign) -> &'static str {
    ["Mesha", "Vrishabha", "Mithuna", "Karka", "Simha", "Kanya", "Tula", "Vrishchika", "Dhanu", "Makara", "Kumbha", "Meena"][sign.index()]
}

/// A sidereal longitude read the Vedic way.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SiderealPlace {
    pub longitude: f64,
    pub rashi: Sign,
    pub degrees_in_sign: f64,
    pub nakshatra: NakshatraPlace,
}

impl SiderealPlace {
    pub fn of(longitude: f64) -> Self {
        let longitude = normalize_degrees(longitude);
        let index = ((longitude / 30.0).floor() as usize).min(11);
        Self {
            longitude,
            rashi: Sign::ALL[index],
            degrees_in_sign: (longitude - 30.0 * index as f64).max(0.0),
            nakshatra: NakshatraPlace::of(longitude),
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GrahaPlace {
    pub graha: Graha,
    pub place: SiderealPlace,
    /// Degrees a day in longitude.
    pub speed: f64,
    pub retrograde: bool,
    /// Whole-sign house from the lagna, 1–12.
    pub house: u8,
    pub combust: bool,
    pub dignity: Option<Dignity>,
}

/// One divisional chart: the sign of the lagna and of each graha.
#[derive(Debug, Clone, PartialEq)]
pub struct VargaChart {
    pub varga: Varga,
    pub lagna: Sign,
    /// In the order of [`Graha::ALL`].
    pub grahas: Vec<(Graha, Sign)>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct VedicChart {
    pub ayanamsa_degrees: f64,
    pub lagna: SiderealPlace,
    /// In the order of [`Graha::ALL`].
    pub grahas: Vec<GrahaPlace>,
    pub vargas: Vec<VargaChart>,
    pub sources: std::collections::BTreeSet<EphemerisSource>,
}

impl VedicChart {
    pub fn graha(&self, graha: Graha) -> &GrahaPlace {
        &self.grahas[Graha::ALL.iter().position(|g| *g == graha).unwrap_or(0)]
    }
}

/// The Vimshottari dasha of a birth: the Moon as the chart places it
/// (sidereal with `ayanamsa`, apparent, geocentric), then
/// [`dasha::vimshottari`]. Returns the dasha and the Moon's longitude.
pub fn birth_dasha(
    ephemeris: &Ephemeris,
    birth: JulianDay,
    ayanamsa: Ayanamsa,
    levels: u8,
    year_days: f64,
) -> Result<(dasha::Vimshottari, f64), EphemerisError> {
    let moon = ephemeris.position_in(birth, Graha::Moon.body(false), Observer::Geocentric, Zodiac::Sidereal(ayanamsa))?;
    Ok((dasha::vimshottari(birth, moon.longitude, levels, year_days), moon.longitude))
}

/// Casts the sidereal chart and the vargas asked for.
pub fn vedic_chart(ephemeris: &Ephemeris, input: &VedicInput) -> Result<VedicChart, EphemerisError> {
    let zodiac = Zodiac::Sidereal(input.ayanamsa);
    let jd = input.instant;
    let houses = ephemeris.houses_in(jd, input.latitude, input.longitude, HouseSystem::WholeSign, zodiac)?;
    let lagna = SiderealPlace::of(houses.ascendant);
    let true_node = input.node == NodeKind::True;
    let mut sources = std::collections::BTreeSet::new();
    let mut raw = Vec::with_capacity(9);
    for graha in Graha::ALL {
        let (longitude, speed) = if graha == Graha::Ketu {
            let (_, rahu_longitude, rahu_speed) = raw[7];
            (normalize_degrees(rahu_longitude + 180.0), rahu_speed)
        } else {
            let position = ephemeris.position_in(jd, graha.body(true_node), Observer::Geocentric, zodiac)?;
            sources.insert(position.source);
            (position.longitude, position.speed_longitude)
        };
        raw.push((graha, longitude, speed));
    }
    let sun_longitude = raw[0].1;
    let grahas: Vec<GrahaPlace> = raw
        .iter()
        .map(|&(graha, longitude, speed)| {
            let place = SiderealPlace::of(longitude);
            let retrograde = speed < 0.0;
            let combust = graha.combustion_orb(retrograde).is_some_and(|orb| angular_distance(longitude, sun_longitude) < orb);
            GrahaPlace {
                graha,
                place,
                speed,
                retrograde,
                house: ((place.rashi.index() + 12 - lagna.rashi.index()) % 12) as u8 + 1,
                combust,
                dignity: graha.dignity(place.rashi, place.degrees_in_sign),
            }
        })
        .collect();
    let vargas = input
        .vargas
        .iter()
        .map(|&varga| VargaChart {
            varga,
            lagna: varga.sign_of(lagna.longitude),
            grahas: grahas.iter().map(|g| (g.graha, varga.sign_of(g.place.longitude))).collect(),
        })
        .collect();
    let ayanamsa_degrees = ephemeris.ayanamsa(jd, input.ayanamsa)?.degrees;
    Ok(VedicChart { ayanamsa_degrees, lagna, grahas, vargas, sources })
}
