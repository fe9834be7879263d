//! The primary directions answer: each direction with its arc, age and
//! date, the pairs the birth latitude leaves out, and the conventions in
//! `meta`.

use serde::Serialize;
use shared::astro::chart::solar_arc::TROPICAL_YEAR_DAYS;
use shared::astro::primary_directions::{BirthSky, DatedDirection, DirectionMethod, DirectionPair, PrimaryDirections};
use shared::astro::time::format_local;
use shared::http::Document;

use super::input::PrimaryDirectionsQuery;
use crate::answer::{ChartMeta, local_instant_text};

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PrimaryDirectionsData {
    natal_date: String,
    method: &'static str,
    key: &'static str,
    /// Degrees of arc a year of life.
    degrees_per_year: f64,
    zodiacal: bool,
    converse: bool,
    from_age: f64,
    to_age: f64,
    /// The local sidereal angle at birth, degrees (the right ascension of the midheaven).
    armc: f64,
    /// By date; the converse ones (with `converse`) among them.
    directions: Vec<DirectionBody>,
    /// Pairs not directed: a circumpolar point never reaches the place, turning either way.
    unreachable: Vec<PairBody>,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PairBody {
    promissor: &'static str,
    aspect: &'static str,
    /// `sinister` (cast forward in the order of signs) or `dexter`; absent for the conjunction and opposition.
    #[serde(skip_serializing_if = "Option::is_none")]
    side: Option<&'static str>,
    significator: &'static str,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DirectionBody {
    #[serde(flatten)]
    pair: PairBody,
    /// `direct` (with the primary motion) or `converse`.
    motion: &'static str,
    /// Degrees of the ARMC.
    arc: f64,
    /// Years of life: arc / key.
    age: f64,
    /// Birth + age × 365.2422 days, local date-time in the birth time zone.
    date: String,
}

fn pair_body(pair: &DirectionPair) -> PairBody {
    PairBody {
        promissor: pair.promissor.id(),
        aspect: pair.aspect.id(),
        side: pair.side.map(|side| side.id()),
        significator: pair.significator.id(),
    }
}

pub fn present(query: &PrimaryDirectionsQuery, sky: &BirthSky, found: &PrimaryDirections) -> Document<PrimaryDirectionsData> {
    let request = &query.request;
    let direction = |dated: &DatedDirection| DirectionBody {
        pair: pair_body(&dated.direction.pair),
        motion: dated.direction.motion.id(),
        arc: dated.direction.arc,
        age: dated.age,
        date: local_instant_text(dated.instant, &query.zone),
    };
    let data = PrimaryDirectionsData {
        natal_date: format_local(query.birth.local()),
        method: request.method.id(),
        key: request.key.id(),
        degrees_per_year: request.key.degrees_per_year(),
        zodiacal: request.zodiacal,
        converse: request.converse,
        from_age: request.from_age,
        to_age: request.to_age,
        armc: sky.armc,
        directions: found.directions.iter().map(direction).collect(),
        unreachable: found.unreachable.iter().map(pair_body).collect(),
    };
    let position = match request.method {
        DirectionMethod::Placidus => {
            "Placidus semi-arcs: hour angle H over the diurnal semi-arc 90° + asin(tan φ tan δ) above the horizon, over the \
             nocturnal semi-arc below it, counted from the nearer meridian"
        }
        DirectionMethod::Regiomontanus => {
            "Regiomontanus: the circle of position through the north and south points of the horizon meets the equator at \
             He = atan2(sin H, cos H + tan φ tan δ)"
        }
    };
    let aspects = if request.zodiacal {
        "zodiacal: the promissor's longitude (conjunction), +180° (opposition) and ±60°, ±90°, ±120° (sinister +, dexter −) \
         as ecliptic points without latitude; the Sun and Moon as significators also without latitude"
    } else {
        "mundane: the bodies with their latitude; an aspect is a share of the quadrants among the houses (a square one \
         quadrant, a sextile two thirds, a trine four thirds), sinister cast toward the higher houses"
    };
    let mut meta = ChartMeta::new();
    meta.add_place("/birthLocation", &query.place);
    meta.add_instant(&query.birth_text, &query.birth);
    meta.finish_plain(
        Document::new(data)
            .with_meta("placement", position)
            .with_meta("aspects", aspects)
            .with_meta(
                "arc",
                "direct: the ARMC increase that brings the promissor to the significator's place at birth; converse: the \
                 promissor carried against the primary motion to that place, arc = (H promissor − H target) mod 360°",
            )
            .with_meta("yearLengthDays", TROPICAL_YEAR_DAYS)
            .with_meta("coordinates", "geocentric apparent, true equator and equinox of date, the true obliquity; the Moon geocentric")
            .with_meta("significators", "ascendant, midheaven, Sun, Moon; promissors Sun to Pluto; a light is not directed to itself")
            .with_meta("timezone", query.zone.name()),
    )
}
