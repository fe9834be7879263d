//! The events answer: each event at its local and universal instant, and
//! `meta` (the period, counts by type, the zodiac).

use chrono::{DateTime, Offset};
use serde::Serialize;
use shared::astro::Ephemeris;
use shared::astro::chart::ChartWarning;
use shared::astro::ephemeris::{EphemerisSource, ayanamsa_name};
use shared::astro::events::{BY_MEAN_MOTION, Direction, Event, EventType, Events, ExactAspect, Luminary, Placed, StationKind};
use shared::astro::point::PointId;
use shared::astro::time::{JulianDay, TimeZoneSpec, format_local, format_utc};
use shared::astro::zodiac::ZodiacPosition;
use shared::http::{ApiError, Document};

use super::input::EventsQuery;

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Moment {
    /// ISO 8601 with the zone's offset, to the second.
    local: String,
    utc: String,
    julian_day: f64,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LastAspect {
    point: &'static str,
    aspect: &'static str,
    at: Moment,
}

#[derive(Debug, Serialize)]
#[serde(rename_all_fields = "camelCase", tag = "type")]
pub enum EventBody {
    #[serde(rename = "ingress")]
    Ingress { at: Moment, point: &'static str, sign: &'static str, from_sign: &'static str, direction: &'static str },
    #[serde(rename = "station")]
    Station { at: Moment, point: &'static str, station: &'static str, longitude: f64, sign: &'static str, degrees_in_sign: f64 },
    #[serde(rename = "lunar_phase")]
    LunarPhase { at: Moment, phase: &'static str, moon_longitude: f64, sign: &'static str },
    #[serde(rename = "eclipse")]
    Eclipse {
        at: Moment,
        eclipse: &'static str,
        kind: &'static str,
        /// Solar: the fraction of the Sun's diameter covered where the
        /// eclipse is greatest; lunar: the umbral magnitude.
        magnitude: f64,
        #[serde(skip_serializing_if = "Option::is_none")]
        penumbral_magnitude: Option<f64>,
        /// Solar: where on the Earth the eclipse is greatest.
        #[serde(skip_serializing_if = "Option::is_none")]
        greatest_at: Option<serde_json::Value>,
    },
    #[serde(rename = "void_of_course")]
    VoidOfCourse {
        starts_at: Moment,
        ends_at: Moment,
        sign: &'static str,
        next_sign: &'static str,
        #[serde(skip_serializing_if = "Option::is_none")]
        last_aspect: Option<LastAspect>,
    },
    #[serde(rename = "aspect")]
    Aspect {
        at: Moment,
        /// The pair in the chart's point order (the Sun first).
        point_a: &'static str,
        point_b: &'static str,
        aspect: &'static str,
        /// The aspect's exact angle (90 for a square).
        angle: f64,
        /// Degrees from exact at the instant, to 10⁻⁶°: 0.
        orb: f64,
        phase: &'static str,
        /// The faster body by mean daily motion, whose angle ahead of the
        /// other is `phaseAngle`.
        faster: &'static str,
        phase_angle: f64,
        longitude_a: f64,
        longitude_b: f64,
        retrograde_a: bool,
        retrograde_b: bool,
    },
}

/// The two bodies of an exact aspect in the chart's point order.
fn exact_pair(exact: &ExactAspect) -> (Placed, Placed) {
    let order = |p: PointId| PointId::PLANETS.iter().position(|q| *q == p);
    if order(exact.faster.point) <= order(exact.slower.point) { (exact.faster, exact.slower) } else { (exact.slower, exact.faster) }
}

fn moment(zone: &TimeZoneSpec, jd: JulianDay) -> Result<Moment, ApiError> {
    let utc = jd.to_utc().ok_or_else(|| ApiError::internal("event outside the representable range"))?;
    let seconds = (utc.timestamp_millis() as f64 / 1000.0).round() as i64;
    let utc = DateTime::from_timestamp(seconds, 0).ok_or_else(|| ApiError::internal("event outside the representable range"))?;
    Ok(Moment { local: format_local(utc.with_timezone(&zone.offset_at(utc).fix())), utc: format_utc(utc), julian_day: jd.0 })
}

pub fn present(ephemeris: &Ephemeris, query: &EventsQuery, found: &Events) -> Result<Document<Vec<EventBody>>, ApiError> {
    let (zone, input) = (&query.zone, &query.input);
    let (period_start, period_end) = query.period;
    let mut data = Vec::with_capacity(found.events.len());
    for event in &found.events {
        data.push(match event {
            Event::Ingress { point, at, sign, from, direction } => EventBody::Ingress {
                at: moment(zone, *at)?,
                point: point.id(),
                sign: sign.id(),
                from_sign: from.id(),
                direction: if *direction == Direction::Forward { "forward" } else { "retrograde" },
            },
            Event::Station { point, at, kind, longitude } => {
                let position = ZodiacPosition::of(*longitude);
                EventBody::Station {
                    at: moment(zone, *at)?,
                    point: point.id(),
                    station: if *kind == StationKind::Retrograde { "retrograde" } else { "direct" },
                    longitude: *longitude,
                    sign: position.sign.id(),
                    degrees_in_sign: position.degrees_in_sign,
                }
            }
            Event::LunarPhase { at, phase, moon_longitude } => EventBody::LunarPhase {
                at: moment(zone, *at)?,
                phase: phase.id(),
                moon_longitude: *moon_longitude,
                sign: ZodiacPosition::of(*moon_longitude).sign.id(),
            },
            Event::Eclipse { at, luminary, kind, magnitude, penumbral_magnitude, place } => EventBody::Eclipse {
                at: moment(zone, *at)?,
                eclipse: if *luminary == Luminary::Solar { "solar" } else { "lunar" },
                kind: kind.id(),
                magnitude: *magnitude,
                penumbral_magnitude: *penumbral_magnitude,
                greatest_at: place.map(|(latitude, longitude)| serde_json::json!({ "latitude": latitude, "longitude": longitude })),
            },
            Event::VoidOfCourse { starts_at, ends_at, sign, next_sign, last_aspect } => EventBody::VoidOfCourse {
                starts_at: moment(zone, *starts_at)?,
                ends_at: moment(zone, *ends_at)?,
                sign: sign.id(),
                next_sign: next_sign.id(),
                last_aspect: match last_aspect {
                    Some(aspect) => {
                        Some(LastAspect { point: aspect.planet.id(), aspect: aspect.aspect.id(), at: moment(zone, aspect.at)? })
                    }
                    None => None,
                },
            },
            Event::Aspect(exact) => {
                let (a, b) = exact_pair(exact);
                EventBody::Aspect {
                    at: moment(zone, exact.at)?,
                    point_a: a.point.id(),
                    point_b: b.point.id(),
                    aspect: exact.aspect.id(),
                    angle: exact.aspect.angle(),
                    // Below 10⁻⁷° when solved: 0 unless the search fell back.
                    orb: (exact.orb * 1e6).round() / 1e6,
                    phase: exact.phase.id(),
                    faster: exact.faster.point.id(),
                    phase_angle: exact.phase_angle,
                    longitude_a: a.longitude,
                    longitude_b: b.longitude,
                    retrograde_a: a.speed < 0.0,
                    retrograde_b: b.speed < 0.0,
                }
            }
        });
    }
    let mut counts = serde_json::Map::new();
    for event in &found.events {
        let entry = counts.entry(event.event_type().id()).or_insert(serde_json::Value::from(0));
        *entry = serde_json::Value::from(entry.as_u64().unwrap_or(0) + 1);
    }
    let moshier = found.sources.contains(&EphemerisSource::Moshier);
    let warnings: Vec<String> = if moshier { vec![ChartWarning::MoshierEphemeris.to_string()] } else { Vec::new() };
    let document = Document::new(data)
        .with_meta("timezone", zone.name())
        .with_meta("period", serde_json::json!({ "start": format_utc(period_start), "end": format_utc(period_end) }))
        .with_meta("counts", serde_json::Value::Object(counts))
        .with_meta("zodiac", input.zodiac.id())
        .with_meta("ephemeris", if moshier { "moshier" } else { "swiss_files" })
        .with_meta("warnings", serde_json::Value::from(warnings));
    let document = if input.types.contains(&EventType::Aspect) {
        // The conventions the aspects were found under.
        let by_mean_motion: Vec<&str> = BY_MEAN_MOTION.iter().map(|p| p.id()).collect();
        let between: Vec<&str> = PointId::PLANETS.iter().filter(|p| input.points.contains(p)).map(|p| p.id()).collect();
        document.with_meta(
            "aspects",
            serde_json::json!({
                "between": between,
                "aspects": ["conjunction", "sextile", "square", "trine", "opposition"],
                "positions": "geocentric, apparent",
                "byMeanMotion": by_mean_motion,
                "phase": "the faster body's lead over the slower (phaseAngle): waxing under 180°, waning over; a conjunction or an opposition starts the half the pair enters",
            }),
        )
    } else {
        document
    };
    Ok(match input.zodiac.ayanamsa() {
        None => document,
        Some(ayanamsa) => {
            let degrees = ephemeris.ayanamsa(input.start, ayanamsa).ok().map(|a| a.degrees);
            document.with_meta(
                "ayanamsa",
                serde_json::json!({ "id": ayanamsa.id(), "name": ayanamsa_name(ayanamsa), "degrees": degrees, "at": "period start" }),
            )
        }
    })
}
