//! The Vedic chart answer: the lagna, the nine grahas and the vargas, in
//! English ids with the Sanskrit names beside them; `meta` states the
//! conventions.

use std::collections::BTreeMap;

use serde::Serialize;
use shared::astro::chart::ChartWarning;
use shared::astro::ephemeris::{EphemerisSource, ayanamsa_name};
use shared::astro::time::{format_local, format_utc};
use shared::astro::vedic::{NakshatraPlace, SiderealPlace, Varga, VedicChart, rashi_name};
use shared::http::Document;

use super::images::ChartImages;
use super::input::VedicChartQuery;

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct NakshatraBody {
    /// 1 (Ashwini) to 27 (Revati).
    number: u8,
    name: &'static str,
    pada: u8,
    /// Its Vimshottari lord.
    lord: &'static str,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PlaceBody {
    /// Sidereal longitude, degrees.
    longitude: f64,
    rashi: &'static str,
    rashi_sanskrit: &'static str,
    degrees_in_sign: f64,
    nakshatra: NakshatraBody,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct GrahaBody {
    sanskrit: &'static str,
    #[serde(flatten)]
    place: PlaceBody,
    speed: f64,
    retrograde: bool,
    house: u8,
    combust: bool,
    dignity: Option<&'static str>,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct VargaBody {
    name: &'static str,
    lagna: &'static str,
    grahas: BTreeMap<&'static str, &'static str>,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct VedicChartData {
    lagna: PlaceBody,
    grahas: BTreeMap<&'static str, GrahaBody>,
    vargas: BTreeMap<VargaKey, VargaBody>,
    /// Signed links to the North and South Indian diagrams of D1 and each varga.
    images: ChartImages,
}

/// A varga as a key of the answer's objects ("D9"), ordered D1 … D60.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct VargaKey(Varga);

impl VargaKey {
    pub fn of(varga: Varga) -> Self {
        Self(varga)
    }
}

impl Serialize for VargaKey {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.0.id())
    }
}

fn nakshatra(place: &NakshatraPlace) -> NakshatraBody {
    NakshatraBody { number: place.number, name: place.name(), pada: place.pada, lord: place.lord.id() }
}

/// A sidereal longitude as every Vedic answer shows it (`VedicPlace`).
pub(crate) fn place(place: &SiderealPlace) -> PlaceBody {
    PlaceBody {
        longitude: place.longitude,
        rashi: place.rashi.id(),
        rashi_sanskrit: rashi_name(place.rashi),
        degrees_in_sign: place.degrees_in_sign,
        nakshatra: nakshatra(&place.nakshatra),
    }
}

pub fn present(query: &VedicChartQuery, chart: &VedicChart, images: ChartImages) -> Document<VedicChartData> {
    let grahas = chart
        .grahas
        .iter()
        .map(|g| {
            (
                g.graha.id(),
                GrahaBody {
                    sanskrit: g.graha.sanskrit(),
                    place: place(&g.place),
                    speed: g.speed,
                    retrograde: g.retrograde,
                    house: g.house,
                    combust: g.combust,
                    dignity: g.dignity.map(|d| d.id()),
                },
            )
        })
        .collect();
    let vargas = chart
        .vargas
        .iter()
        .map(|v| {
            (
                VargaKey(v.varga),
                VargaBody {
                    name: v.varga.name(),
                    lagna: v.lagna.id(),
                    grahas: v.grahas.iter().map(|(graha, sign)| (graha.id(), sign.id())).collect(),
                },
            )
        })
        .collect();
    let rules: BTreeMap<VargaKey, &str> = chart.vargas.iter().map(|v| (VargaKey(v.varga), v.varga.rule())).collect();
    let input = &query.input;
    let moshier = chart.sources.contains(&EphemerisSource::Moshier);
    let warnings: Vec<String> = if moshier { vec![ChartWarning::MoshierEphemeris.to_string()] } else { Vec::new() };
    let mut document = Document::new(VedicChartData { lagna: place(&chart.lagna), grahas, vargas, images })
        .with_meta(
            "ayanamsa",
            serde_json::json!({ "id": input.ayanamsa.id(), "name": ayanamsa_name(input.ayanamsa), "degrees": chart.ayanamsa_degrees }),
        )
        .with_meta("node", input.node.id())
        .with_meta("houseSystem", "whole_sign")
        .with_meta("positions", "sidereal, apparent, geocentric (the Moon too); the lagna is the sidereal ascendant")
        .with_meta("boundaries", "a longitude exactly on a boundary belongs to the next sign, nakshatra, pada or part")
        .with_meta(
            "dignities",
            "BPHS: exaltation and debilitation by sign (the Moon exalted in Taurus 0–3°, Mercury in Virgo 0–15°), moolatrikona, own sign; none for Rahu and Ketu",
        )
        .with_meta(
            "combustion",
            "within the Sun's degrees of Surya Siddhanta: Moon 12, Mars 17, Mercury 14 (12 retrograde), Jupiter 11, Venus 10 (8 retrograde), Saturn 15",
        )
        .with_meta("vargaRules", serde_json::to_value(rules).unwrap_or_default())
        .with_meta("localDateTime", format_local(query.instant.utc.with_timezone(&query.instant.offset)))
        .with_meta("utcDateTime", format_utc(query.instant.utc))
        .with_meta("julianDay", input.instant.0)
        .with_meta("ephemeris", if moshier { "moshier" } else { "swiss_files" })
        .with_meta("warnings", serde_json::Value::from(warnings));
    if let Some(found) = &query.place.found {
        document = document.with_meta("location", found.describe(&query.place));
    }
    document
}
