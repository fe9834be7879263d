//! The panchang answer: each limb at sunrise with its end and the parts
//! that follow before the next sunrise, the day's risings and settings and
//! its three kalams, at local times with the offset in force.

use serde::Serialize;
use serde_json::{Map, Value, json};
use shared::astro::EphemerisSource;
use shared::astro::ephemeris::ayanamsa_name;
use shared::astro::sky::{Absence, SkyEvent};
use shared::astro::time::TimeZoneSpec;
use shared::astro::vedic::panchang::{Limb, LimbKind, LimbPart, Panchang, Period, paksha, vara_lord, vara_name};
use shared::astro::vedic::{NakshatraPlace, SiderealPlace};
use shared::http::{ApiError, Document};

use super::input::PanchangQuery;
use crate::chart::answer::{PlaceBody, place};
use crate::local_instant;

const WEEKDAYS: [&str; 7] = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PanchangData {
    date: String,
    sunrise: String,
    sunset: Option<String>,
    next_sunrise: Option<String>,
    moonrise: Option<String>,
    moonset: Option<String>,
    vara: Value,
    tithi: LimbBody,
    nakshatra: LimbBody,
    yoga: LimbBody,
    karana: LimbBody,
    rahu_kalam: Option<PeriodBody>,
    yamaganda: Option<PeriodBody>,
    gulika_kalam: Option<PeriodBody>,
    /// At sunrise.
    sun: PlaceBody,
    moon: PlaceBody,
    elongation: f64,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct PartBody {
    number: u8,
    name: &'static str,
    /// Tithi only.
    #[serde(skip_serializing_if = "Option::is_none")]
    paksha: Option<&'static str>,
    /// Nakshatra only: its Vimshottari lord.
    #[serde(skip_serializing_if = "Option::is_none")]
    lord: Option<&'static str>,
    end: String,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct LimbBody {
    #[serde(flatten)]
    at_sunrise: PartBody,
    /// The parts that begin before the next sunrise, in order.
    following: Vec<PartBody>,
}

#[derive(Debug, Serialize)]
struct PeriodBody {
    start: String,
    end: String,
}

fn part(zone: &TimeZoneSpec, kind: LimbKind, part: &LimbPart) -> Result<PartBody, ApiError> {
    Ok(PartBody {
        number: part.number,
        name: kind.name_of(part.number),
        paksha: (kind == LimbKind::Tithi).then(|| paksha(part.number)),
        lord: (kind == LimbKind::Nakshatra).then(|| NakshatraPlace::numbered(part.number).lord.id()),
        end: local_instant(zone, part.end)?,
    })
}

fn limb(zone: &TimeZoneSpec, day: &Panchang, kind: LimbKind) -> Result<LimbBody, ApiError> {
    let limb: &Limb = day.limb(kind).ok_or_else(|| ApiError::internal("a panchang without one of its limbs"))?;
    Ok(LimbBody {
        at_sunrise: part(zone, kind, &limb.at_sunrise)?,
        following: limb.following.iter().map(|p| part(zone, kind, p)).collect::<Result<_, _>>()?,
    })
}

fn period(zone: &TimeZoneSpec, period: Period) -> Result<PeriodBody, ApiError> {
    Ok(PeriodBody { start: local_instant(zone, period.start)?, end: local_instant(zone, period.end)? })
}

/// A rising or setting, or null with its reason in `reasons`.
fn event(zone: &TimeZoneSpec, name: &str, event: SkyEvent, reasons: &mut Map<String, Value>) -> Result<Option<String>, ApiError> {
    match event {
        SkyEvent::At(t) => Ok(Some(local_instant(zone, t)?)),
        SkyEvent::Missing(absence) => {
            let reason = match absence {
                Absence::AlwaysAbove => json!({ "reason": "always_above" }),
                Absence::AlwaysBelow => json!({ "reason": "always_below" }),
                Absence::NotThisDay { next } => {
                    json!({ "reason": "not_this_day", "next": next.map(|t| local_instant(zone, t)).transpose()? })
                }
            };
            reasons.insert(name.to_owned(), reason);
            Ok(None)
        }
    }
}

pub fn present(query: &PanchangQuery, day: &Panchang) -> Result<Document<PanchangData>, ApiError> {
    let input = &query.input;
    let zone = &input.zone;
    let mut reasons = Map::new();
    let next_sunrise = event(zone, "nextSunrise", day.next_sunrise, &mut reasons)?;
    let data = PanchangData {
        date: input.date.format("%Y-%m-%d").to_string(),
        sunrise: local_instant(zone, day.sunrise)?,
        sunset: event(zone, "sunset", day.sunset, &mut reasons)?,
        moonrise: event(zone, "moonrise", day.moonrise, &mut reasons)?,
        moonset: event(zone, "moonset", day.moonset, &mut reasons)?,
        vara: json!({
            "number": day.weekday + 1,
            "weekday": WEEKDAYS[usize::from(day.weekday % 7)],
            "name": vara_name(day.weekday),
            "lord": vara_lord(day.weekday).id(),
            "end": next_sunrise,
        }),
        next_sunrise,
        tithi: limb(zone, day, LimbKind::Tithi)?,
        nakshatra: limb(zone, day, LimbKind::Nakshatra)?,
        yoga: limb(zone, day, LimbKind::Yoga)?,
        karana: limb(zone, day, LimbKind::Karana)?,
        rahu_kalam: day.kalams.map(|k| period(zone, k.rahu)).transpose()?,
        yamaganda: day.kalams.map(|k| period(zone, k.yamaganda)).transpose()?,
        gulika_kalam: day.kalams.map(|k| period(zone, k.gulika)).transpose()?,
        sun: place(&SiderealPlace::of(day.sun)),
        moon: place(&SiderealPlace::of(day.moon)),
        elongation: day.elongation,
    };
    if day.kalams.is_none() {
        for kalam in ["rahuKalam", "yamaganda", "gulikaKalam"] {
            reasons.insert(kalam.into(), json!({ "reason": "no_sunset", "detail": "the kalams divide the daytime, sunrise to sunset" }));
        }
    }
    let moshier = day.sources.contains(&EphemerisSource::Moshier);
    let mut document = Document::new(data)
        .with_meta(
            "ayanamsa",
            json!({ "id": input.ayanamsa.id(), "name": ayanamsa_name(input.ayanamsa), "degrees": day.ayanamsa_degrees }),
        )
        .with_meta("sunrise", input.sunrise.id())
        .with_meta(
            "sunriseRule",
            match input.sunrise {
                shared::astro::sky::HorizonRule::UpperLimb => {
                    "the first rising of the upper limb on the sea-level horizon in the local date, with refraction (1013.25 hPa, 15 °C), as /api/calc/moon-sun; sunset the first setting after it; moonrise and moonset as seen (the upper limb, with refraction)"
                }
                shared::astro::sky::HorizonRule::DiscCentre => {
                    "the first rising of the disc's centre on the geometric horizon in the local date, no refraction (the traditional Hindu rising); sunset the first setting after it by the same rule; moonrise and moonset as seen (the upper limb, with refraction)"
                }
            },
        )
        .with_meta(
            "limbs",
            "at sunrise, each with the instant it ends (its first change after sunrise) and the parts that begin before the next sunrise; \
             tithi = elongation Moon − Sun / 12° (1–15 shukla, 16–30 krishna); karana = elongation / 6° (1 Kimstughna; Bava … Vishti \
             cycling; 58–60 Shakuni, Chatushpada, Naga); nakshatra = sidereal Moon / 13°20′; yoga = (sidereal Sun + sidereal Moon) / 13°20′; \
             apparent geocentric positions; a value on a boundary belongs to the next part",
        )
        .with_meta(
            "kalams",
            "the daytime (sunrise to sunset) in eight equal parts; Sunday to Saturday, Rahu kalam is part 8, 2, 7, 5, 6, 4, 3, \
             Yamaganda 5, 4, 3, 2, 1, 7, 6, Gulika kalam 7, 6, 5, 4, 3, 2, 1",
        )
        .with_meta("timezone", zone.name())
        .with_meta("ephemeris", if moshier { "moshier" } else { "swiss_files" })
        .with_meta("nullReasons", Value::Object(reasons));
    if let Some(found) = &query.place.found {
        document = document.with_meta("location", found.describe(&query.place));
    }
    Ok(document)
}
