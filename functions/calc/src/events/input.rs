//! The events request, parsed into [`EventsInput`] and the zone of its
//! answer's local times.

use serde::Deserialize;
use shared::astro::Ephemeris;
use shared::astro::events::{EventType, EventsInput};
use shared::astro::point::PointId;
use shared::astro::time::{JulianDay, TimeZoneSpec};
use shared::http::ApiError;

use crate::request::{CommonOptionsBody, MAX_POINT_IDS, Period, Problems, parse_frame, parse_period, too_many_items};

/// A leap year, both days included, as for transits.
pub const MAX_PERIOD_DAYS: i64 = 366;

#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct EventsRequest {
    /// First day, `YYYY-MM-DD`.
    start_date: String,
    /// Last day, `YYYY-MM-DD` (at most 366 days after the first).
    end_date: String,
    /// The zone of the days and of the answer's local times (UTC if absent).
    timezone: Option<String>,
    /// Event types: `ingress`, `station`, `lunar_phase`, `eclipse`, `void_of_course`, `aspect` (default: all but `aspect`).
    types: Option<Vec<String>>,
    /// The points whose ingresses and stations are listed, and among whose Sun … Pluto the aspects are (default: the ten planets and the true node, Chiron where its file is).
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

/// An events request as the use case reads it.
pub struct EventsQuery {
    pub input: EventsInput,
    /// The zone of the answer's local times.
    pub zone: TimeZoneSpec,
    /// The period's local midnights in UTC (the end excluded).
    pub period: Period,
}

impl EventsQuery {
    pub fn parse(body: &EventsRequest, ephemeris: &Ephemeris) -> Result<Self, ApiError> {
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
            // Exact aspects are asked for by name: a year of them is over a
            // thousand events, and a client that listed the other types
            // before they existed gets the same answer as then.
            None => EventType::ALL.into_iter().filter(|t| *t != EventType::Aspect).collect(),
            Some(ids) if ids.len() > EventType::ALL.len() => {
                problems.add("/types", format!("at most {} items, one per event type (got {})", EventType::ALL.len(), ids.len()));
                Vec::new()
            }
            Some(ids) => {
                if ids.is_empty() {
                    problems.add("/types", "give at least one event type, or leave types out for the default (all but aspect)");
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
                            !matches!(
                                p,
                                PointId::PartOfFortune | PointId::PartOfSpirit | PointId::Vertex | PointId::SouthNode | PointId::Earth
                            )
                        })
                        .map(|p| p.id())
                        .collect::<Vec<_>>()
                        .join(", ")
                };
                for (index, id) in ids.iter().enumerate() {
                    match PointId::parse(id) {
                        Some(PointId::PartOfFortune | PointId::PartOfSpirit | PointId::Vertex | PointId::SouthNode | PointId::Earth)
                        | None => {
                            let valid = if std::mem::replace(&mut listed, true) { String::new() } else { format!("; valid: {}", valid()) };
                            problems.add(format!("/points/{index}"), format!("'{id}' has no ingresses or stations to list{valid}"))
                        }
                        Some(point) if point.needs_asteroid_file() && !chiron => problems.add(
                            format!("/points/{index}"),
                            format!("{id} needs the asteroid file seas_18.se1 and a period within 1800-2399"),
                        ),
                        Some(point) if !points.contains(&point) => points.push(point),
                        Some(_) => {}
                    }
                }
                points
            }
        };
        // (Unless a listed point was refused: that error says enough.)
        if types.contains(&EventType::Aspect)
            && body.points.is_some()
            && !problems.at_or_under("/points")
            && points.iter().filter(|p| PointId::PLANETS.contains(p)).count() < 2
        {
            problems.add("/points", "aspect events are between two of sun, moon, mercury, venus, mars, jupiter, saturn, uranus, neptune, pluto: list at least two of them, or leave points out for all ten");
        }
        problems.into_result()?;
        let (Some(zone), Some((start, end))) = (zone, period) else {
            return Err(ApiError::invalid_field("/startDate", "the period could not be placed in time"));
        };
        let input = EventsInput { start: JulianDay::from_utc(start), end: JulianDay::from_utc(end), types, points, zodiac: frame.zodiac };
        Ok(Self { input, zone, period: (start, end) })
    }
}
