//! POST /api/calc/events: the sky's events over a period of days: sign
//! ingresses, stations, lunar phases, eclipses and void-of-course Moon
//! spans, each at its exact instant (`shared::astro::events`).

use axum::extract::State;
use chrono::{DateTime, Offset};
use serde::{Deserialize, Serialize};
use shared::astro::ephemeris::ayanamsa_name;
use shared::astro::events::{Direction, Event, EventType, EventsInput, Luminary, StationKind, find_events};
use shared::astro::point::PointId;
use shared::astro::time::{JulianDay, TimeZoneSpec, format_local, format_utc};
use shared::astro::zodiac::ZodiacPosition;
use shared::http::{ApiError, ApiJson, ApiResult, AppState, Caller, Document};

use crate::wire::{CommonOptionsBody, MAX_POINT_IDS, Problems, ephemeris_error, parse_frame, parse_period, too_many_items};

/// A leap year, both days included, as for transits.
pub const MAX_PERIOD_DAYS: i64 = 366;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct EventsRequest {
    start_date: String,
    end_date: String,
    /// The zone of the days and of the answer's local times (UTC if absent).
    timezone: Option<String>,
    types: Option<Vec<String>>,
    points: Option<Vec<String>>,
    zodiac: Option<String>,
    ayanamsa: Option<String>,
}

/// The points whose ingresses and stations are listed unless asked.
fn default_points(chiron: bool) -> Vec<PointId> {
    let mut points = PointId::PLANETS.to_vec();
    points.push(PointId::TrueNode);
    if chiron {
        points.push(PointId::Chiron);
    }
    points
}

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
}

fn moment(zone: &TimeZoneSpec, jd: JulianDay) -> Result<Moment, ApiError> {
    let utc = jd.to_utc().ok_or_else(|| ApiError::internal("event outside the representable range"))?;
    let seconds = (utc.timestamp_millis() as f64 / 1000.0).round() as i64;
    let utc = DateTime::from_timestamp(seconds, 0).ok_or_else(|| ApiError::internal("event outside the representable range"))?;
    Ok(Moment { local: format_local(utc.with_timezone(&zone.offset_at(utc).fix())), utc: format_utc(utc), julian_day: jd.0 })
}

#[tracing::instrument(name = "events", skip_all)]
pub async fn calculate_events(
    State(app): State<AppState>,
    _caller: Caller,
    ApiJson(body): ApiJson<EventsRequest>,
) -> ApiResult<Document<Vec<EventBody>>> {
    let ephemeris = &app.ephemeris;
    let mut problems = Problems::default();
    let zone = match body.timezone.as_deref() {
        None => TimeZoneSpec::parse("UTC").ok(),
        Some(text) => TimeZoneSpec::parse(text).map_err(|e| problems.add("/timezone", e.to_string())).ok(),
    };
    let (_, period) = parse_period(&body.start_date, &body.end_date, zone.as_ref(), ephemeris, MAX_PERIOD_DAYS, &mut problems);
    let frame = parse_frame(
        &CommonOptionsBody { zodiac: body.zodiac.clone(), ayanamsa: body.ayanamsa.clone(), ..CommonOptionsBody::default() },
        &mut problems,
    );
    let types = match &body.types {
        None => EventType::ALL.to_vec(),
        Some(ids) if ids.len() > EventType::ALL.len() => {
            problems.add("/types", format!("at most {} items, one per event type (got {})", EventType::ALL.len(), ids.len()));
            Vec::new()
        }
        Some(ids) => {
            if ids.is_empty() {
                problems.add("/types", "give at least one event type, or leave types out for all");
            }
            let mut types = Vec::new();
            for (index, id) in ids.iter().enumerate() {
                match EventType::parse(id) {
                    Some(t) if !types.contains(&t) => types.push(t),
                    Some(_) => {}
                    None => problems.add(
                        format!("/types/{index}"),
                        format!("unknown event type '{id}'; valid: {}", EventType::ALL.map(EventType::id).join(", ")),
                    ),
                }
            }
            types
        }
    };
    let chiron = period.is_some_and(|(start, end)| {
        ephemeris.chiron_available_at(JulianDay::from_utc(start)) && ephemeris.chiron_available_at(JulianDay::from_utc(end))
    });
    let points = match &body.points {
        None => default_points(chiron),
        Some(ids) if ids.len() > MAX_POINT_IDS => {
            problems.add("/points", too_many_items(ids.len(), MAX_POINT_IDS).unwrap_or_default());
            Vec::new()
        }
        Some(ids) => {
            if ids.is_empty() {
                problems.add("/points", "give at least one point, or leave points out for the default set");
            }
            let mut points = Vec::new();
            let mut listed = false;
            let valid = || {
                PointId::every()
                    .filter(|p| {
                        !matches!(p, PointId::PartOfFortune | PointId::PartOfSpirit | PointId::Vertex | PointId::SouthNode | PointId::Earth)
                    })
                    .map(|p| p.id())
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            for (index, id) in ids.iter().enumerate() {
                match PointId::parse(id) {
                    Some(PointId::PartOfFortune | PointId::PartOfSpirit | PointId::Vertex | PointId::SouthNode | PointId::Earth) | None => {
                        let valid = if std::mem::replace(&mut listed, true) { String::new() } else { format!("; valid: {}", valid()) };
                        problems.add(format!("/points/{index}"), format!("'{id}' has no ingresses or stations to list{valid}"))
                    }
                    Some(point) if point.needs_asteroid_file() && !chiron => problems
                        .add(format!("/points/{index}"), format!("{id} needs the asteroid file seas_18.se1 and a period within 1800-2399")),
                    Some(point) if !points.contains(&point) => points.push(point),
                    Some(_) => {}
                }
            }
            points
        }
    };
    problems.into_result()?;
    let (Some(zone), Some((start, end))) = (zone, period) else {
        return Err(ApiError::invalid_field("/startDate", "the period could not be placed in time"));
    };

    let input = EventsInput { start: JulianDay::from_utc(start), end: JulianDay::from_utc(end), types, points, zodiac: frame.zodiac };
    let found = find_events(ephemeris, &input).map_err(|e| ephemeris_error(e, "/startDate"))?;
    let mut data = Vec::with_capacity(found.events.len());
    for event in &found.events {
        data.push(match event {
            Event::Ingress { point, at, sign, from, direction } => EventBody::Ingress {
                at: moment(&zone, *at)?,
                point: point.id(),
                sign: sign.id(),
                from_sign: from.id(),
                direction: if *direction == Direction::Forward { "forward" } else { "retrograde" },
            },
            Event::Station { point, at, kind, longitude } => {
                let position = ZodiacPosition::of(*longitude);
                EventBody::Station {
                    at: moment(&zone, *at)?,
                    point: point.id(),
                    station: if *kind == StationKind::Retrograde { "retrograde" } else { "direct" },
                    longitude: *longitude,
                    sign: position.sign.id(),
                    degrees_in_sign: position.degrees_in_sign,
                }
            }
            Event::LunarPhase { at, phase, moon_longitude } => EventBody::LunarPhase {
                at: moment(&zone, *at)?,
                phase: phase.id(),
                moon_longitude: *moon_longitude,
                sign: ZodiacPosition::of(*moon_longitude).sign.id(),
            },
            Event::Eclipse { at, luminary, kind, magnitude, penumbral_magnitude, place } => EventBody::Eclipse {
                at: moment(&zone, *at)?,
                eclipse: if *luminary == Luminary::Solar { "solar" } else { "lunar" },
                kind: kind.id(),
                magnitude: *magnitude,
                penumbral_magnitude: *penumbral_magnitude,
                greatest_at: place.map(|(latitude, longitude)| serde_json::json!({ "latitude": latitude, "longitude": longitude })),
            },
            Event::VoidOfCourse { starts_at, ends_at, sign, next_sign, last_aspect } => EventBody::VoidOfCourse {
                starts_at: moment(&zone, *starts_at)?,
                ends_at: moment(&zone, *ends_at)?,
                sign: sign.id(),
                next_sign: next_sign.id(),
                last_aspect: match last_aspect {
                    Some(aspect) => Some(LastAspect {
                        point: aspect.planet.id(),
                        aspect: match aspect.angle {
                            0 => "conjunction",
                            60 => "sextile",
                            90 => "square",
                            120 => "trine",
                            _ => "opposition",
                        },
                        at: moment(&zone, aspect.at)?,
                    }),
                    None => None,
                },
            },
        });
    }
    let mut counts = serde_json::Map::new();
    for event in &found.events {
        let entry = counts.entry(event.event_type().id()).or_insert(serde_json::Value::from(0));
        *entry = serde_json::Value::from(entry.as_u64().unwrap_or(0) + 1);
    }
    let moshier = found.sources.contains(&shared::astro::ephemeris::EphemerisSource::Moshier);
    let warnings: Vec<String> = if moshier { vec![shared::astro::chart::ChartWarning::MoshierEphemeris.to_string()] } else { Vec::new() };
    let document = Document::new(data)
        .with_meta("timezone", zone.name())
        .with_meta("period", serde_json::json!({ "start": format_utc(start), "end": format_utc(end) }))
        .with_meta("counts", serde_json::Value::Object(counts))
        .with_meta("zodiac", frame.zodiac.id())
        .with_meta("ephemeris", if moshier { "moshier" } else { "swiss_files" })
        .with_meta("warnings", serde_json::Value::from(warnings));
    Ok(match frame.zodiac.ayanamsa() {
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
