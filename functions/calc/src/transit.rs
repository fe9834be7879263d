//! POST /api/calc/transit
//!
//! Request (camelCase, unknown fields refused): `birthDateTime`,
//! `birthLocation`, `startDate`, `endDate` (`YYYY-MM-DD`), optional
//! `transitLocation`, `transitPoints`, plus the common options
//! (`houseSystem`, `language`, `includeText`, `includeReadableEntities`,
//! `points`, `orbs`).
//!
//! * The period runs from `startDate` 00:00 to `endDate` 24:00 local time in
//!   the transit location's time zone (the birth zone when there is none),
//!   both days included, at most [`MAX_PERIOD_DAYS`] days. A midnight that a
//!   daylight-saving change skips starts the day at the first valid minute; a
//!   repeated midnight starts the period at the earlier instant and ends it
//!   at the later one, so no hour is lost.
//! * `points`: the natal points aspected. Any point id or angle id
//!   (`ascendant midheaven descendant imum_coeli`); default the natal
//!   chart's default points plus ascendant and midheaven. They are the
//!   natal chart of `POST /api/calc/natal` with default options (topocentric
//!   Moon).
//! * `transitPoints`: the moving points, default the ten planets; also
//!   `mean_node true_node south_node mean_lilith chiron`. Transiting
//!   positions are geocentric. The transit location's coordinates are
//!   validated but only its zone is used.
//! * `orbs`: default 1° for conjunction, opposition, trine, square and
//!   sextile; when given, the natal rules apply (only named aspects with a
//!   positive orb, at most 15°).
//! * Times are ISO 8601 with the UTC offset in force at that moment in the
//!   period's zone, rounded to the second.
//! * The aspects array depends on the compatibility date (see
//!   `shared::version`): before 2026-09-03 one entry per pass
//!   (`{pointA, pointB, aspect, angle, orb, applying, startsAt, exactAt,
//!   endsAt}`); from 2026-09-03 one entry per transiting point, aspect and
//!   natal point with its passes under `occurrences` (`{startsAt, exactAt,
//!   endsAt, orb, applying}`). The answer carries `X-Api-Version` and `Vary`.
//!   Pass semantics (null ends, `orb`, `applying`): `shared::astro::chart::transit`.
//! * `includeText`: every aspect entry gets `text`, the transit text of its
//!   transiting point, aspect and natal point or angle (grouped: once per
//!   entry; per pass: repeated on every pass); the natal points and angles
//!   get their natal texts (`text`, `houseText`), as in the natal chart.

use std::collections::{BTreeMap, HashMap};

use axum::http::HeaderMap;

use axum::extract::State;
use chrono::{DateTime, Offset};
use serde::Serialize;
use shared::astro::Ephemeris;
use shared::astro::aspect::AspectKind;
use shared::astro::chart::transit::{NatalTarget, Pass, TransitInput, TransitingBody, default_transit_orbs, find_transits};
use shared::astro::chart::{ChartInput, MoonCenter, NatalChart};
use shared::astro::ephemeris::{EphemerisError, EphemerisSource};
use shared::astro::frame::Perspective;
use shared::astro::point::{AngleId, PointId};
use shared::astro::time::{JulianDay, TimeZoneSpec, format_local, format_utc};
use shared::content::{AspectTarget, HoroscopeType};
use shared::http::{ApiError, ApiJson, ApiResult, AppState, Caller, Document, RequestedVersion, Versioned};
use shared::language::Language;

use crate::chart_image::link::{ChartSpec, InputSpec};
use crate::wire::{
    AngleBody, ChartMeta, HousesBody, LinkText, LocationBody, MAX_POINT_IDS, NamedChartLink, PointBody, Problems, Texts, angles_body,
    chart_image_link, chart_request, ephemeris_error, parse_common, parse_instant, parse_location, parse_period, points_body, summary_link,
    too_many_items,
};

/// The longest period, in days, both ends included: a leap year. It bounds
/// the work and the answer (a year of the Moon alone is hundreds of passes).
pub const MAX_PERIOD_DAYS: i64 = 366;

chart_request! {
    pub struct TransitRequest {
        birth_date_time: String,
        birth_location: LocationBody,
        start_date: String,
        end_date: String,
        transit_location: Option<LocationBody>,
        transit_points: Option<Vec<String>>,
    }
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TransitData {
    birth_date_time: String,
    birth_utc_date_time: String,
    period: PeriodBody,
    transit_points: Vec<&'static str>,
    natal: NatalBody,
    aspects: AspectsBody,
    /// `transit`: the natal chart with the transiting points at the
    /// period's start around it.
    charts: BTreeMap<&'static str, NamedChartLink>,
    /// The signed link to the AI summary of the period's transits.
    summary: crate::summary::link::SummaryLink,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PeriodBody {
    start_date: String,
    end_date: String,
    /// Local start of `startDate`, ISO 8601 with offset.
    start: String,
    /// Local end of `endDate` (the next day's 00:00).
    end: String,
    start_utc: String,
    end_utc: String,
    days: i64,
    timezone: String,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct NatalBody {
    points: std::collections::BTreeMap<&'static str, PointBody>,
    angles: std::collections::BTreeMap<&'static str, AngleBody>,
    houses: HousesBody,
}

#[derive(Debug, Serialize)]
#[serde(untagged)]
pub enum AspectsBody {
    /// Before 2026-09-03: one entry per pass.
    Passes(Vec<PassEntry>),
    /// From 2026-09-03: one entry per transiting point, aspect and natal point.
    Grouped(Vec<GroupEntry>),
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Names {
    #[serde(skip_serializing_if = "Option::is_none")]
    point_a_name: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    point_b_name: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    aspect_name: Option<&'static str>,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Occurrence {
    /// Entering orb; null when already in orb at the period's start.
    starts_at: Option<String>,
    /// Exact hits inside the period.
    exact_at: Vec<String>,
    /// Leaving orb; null when still in orb at the period's end.
    ends_at: Option<String>,
    /// Tightest orb inside the period (0 when exact).
    orb: f64,
    /// Still closing at the pass's last moment inside the period.
    applying: bool,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PassEntry {
    point_a: &'static str,
    point_b: &'static str,
    aspect: &'static str,
    angle: f64,
    #[serde(flatten)]
    occurrence: Occurrence,
    #[serde(flatten)]
    names: Names,
    /// With `includeText`: the transit text of this aspect (repeated on
    /// every pass of the same points and aspect).
    #[serde(skip_serializing_if = "Option::is_none")]
    text: Option<String>,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct GroupEntry {
    point_a: &'static str,
    point_b: &'static str,
    aspect: &'static str,
    angle: f64,
    #[serde(flatten)]
    names: Names,
    /// With `includeText`: the transit text of this aspect.
    #[serde(skip_serializing_if = "Option::is_none")]
    text: Option<String>,
    occurrences: Vec<Occurrence>,
}

/// ISO 8601 with the zone's offset at that instant, rounded to the second.
fn local_text(zone: &TimeZoneSpec, jd: JulianDay) -> Result<String, ApiError> {
    let utc = jd.to_utc().ok_or_else(|| ApiError::internal("transit time outside the representable range"))?;
    let seconds = (utc.timestamp_millis() as f64 / 1000.0).round() as i64;
    let utc = DateTime::from_timestamp(seconds, 0).ok_or_else(|| ApiError::internal("transit time outside the representable range"))?;
    Ok(format_local(utc.with_timezone(&zone.offset_at(utc).fix())))
}

const ANGLE_IDS: [AngleId; 4] = AngleId::ALL;

fn parse_natal_targets(
    ids: Option<&[String]>,
    ephemeris: &Ephemeris,
    birth: Option<JulianDay>,
    problems: &mut Problems,
) -> Vec<NatalTarget> {
    let Some(ids) = ids else {
        let chiron_here = birth.map_or(ephemeris.chiron_available(), |jd| ephemeris.chiron_available_at(jd));
        let mut targets: Vec<NatalTarget> = PointId::defaults(chiron_here).into_iter().map(NatalTarget::Point).collect();
        targets.extend([NatalTarget::Angle(AngleId::Ascendant), NatalTarget::Angle(AngleId::Midheaven)]);
        return targets;
    };
    if let Some(detail) = too_many_items(ids.len(), MAX_POINT_IDS) {
        problems.add("/points", detail);
        return Vec::new();
    }
    if ids.is_empty() {
        problems.add("/points", "give at least one natal point, or leave points out for the default set");
    }
    let mut targets = Vec::with_capacity(ids.len());
    // The valid ids are listed once, in the first unknown point's error.
    let mut listed = false;
    for (index, id) in ids.iter().enumerate() {
        let target = match (PointId::parse(id), ANGLE_IDS.iter().find(|a| a.id() == id)) {
            (Some(point), _) if point.needs_asteroid_file() && !ephemeris.chiron_available() => {
                problems.add(format!("/points/{index}"), EphemerisError::ChironUnavailable.to_string());
                continue;
            }
            (Some(PointId::Earth), _) => {
                problems
                    .add(format!("/points/{index}"), "earth is placed only in heliocentric charts, and transits are read from the Earth");
                continue;
            }
            // Outside its data's years, Chiron is left out of the natal chart
            // with a warning (ChartWarning::ChironOmitted), as in every chart.
            (Some(point), _) => NatalTarget::Point(point),
            (None, Some(angle)) => NatalTarget::Angle(*angle),
            (None, None) if listed => {
                problems.add(format!("/points/{index}"), format!("unknown point '{id}'"));
                continue;
            }
            (None, None) => {
                listed = true;
                let mut valid: Vec<&str> = PointId::every().filter(|p| *p != PointId::Earth).map(|p| p.id()).collect();
                valid.extend(ANGLE_IDS.iter().map(|a| a.id()));
                problems.add(format!("/points/{index}"), format!("unknown point '{id}'; valid: {}", valid.join(", ")));
                continue;
            }
        };
        if !targets.contains(&target) {
            targets.push(target);
        }
    }
    targets
}

fn parse_transit_points(
    ids: Option<&[String]>,
    ephemeris: &Ephemeris,
    period: Option<(JulianDay, JulianDay)>,
    problems: &mut Problems,
    chiron_omitted: &mut bool,
) -> Vec<TransitingBody> {
    let Some(ids) = ids else {
        return PointId::PLANETS.iter().filter_map(|p| TransitingBody::of(*p)).collect();
    };
    if let Some(detail) = too_many_items(ids.len(), MAX_POINT_IDS) {
        problems.add("/transitPoints", detail);
        return Vec::new();
    }
    if ids.is_empty() {
        problems.add("/transitPoints", "give at least one transiting point, or leave transitPoints out for the ten planets");
    }
    let mut listed = false;
    let chiron_in_period = period.is_none_or(|(start, end)| ephemeris.chiron_available_at(start) && ephemeris.chiron_available_at(end));
    let mut bodies: Vec<TransitingBody> = Vec::with_capacity(ids.len());
    for (index, id) in ids.iter().enumerate() {
        let pointer = format!("/transitPoints/{index}");
        match PointId::parse(id).map(|p| (p, TransitingBody::of(p))) {
            None if listed => problems.add(pointer, format!("unknown transiting point '{id}'")),
            None => {
                listed = true;
                let valid: Vec<&str> = PointId::every().filter(|p| TransitingBody::of(*p).is_some()).map(|p| p.id()).collect();
                problems.add(pointer, format!("unknown transiting point '{id}'; valid: {}", valid.join(", ")));
            }
            Some((point, None)) => problems.add(
                pointer,
                format!(
                    "{} is not a moving body (it depends on the houses of a place); valid transiting points are bodies and nodes",
                    point.id()
                ),
            ),
            Some((_, Some(body))) if body.body.needs_asteroid_file() && !ephemeris.chiron_available() => {
                problems.add(pointer, EphemerisError::ChironUnavailable.to_string())
            }
            // Outside its data's years Chiron is left out of the transiting
            // points with a warning (ChartWarning::TransitingChironOmitted).
            Some((_, Some(body))) if body.body.needs_asteroid_file() && !chiron_in_period => *chiron_omitted = true,
            Some((_, Some(body))) => {
                if !bodies.iter().any(|b| b.point == body.point) {
                    bodies.push(body);
                }
            }
        }
    }
    bodies
}

fn names(readable: Option<Language>, pass: &Pass, target: NatalTarget) -> Names {
    Names {
        point_a_name: readable.map(|l| l.point_name(pass.transiting)),
        point_b_name: readable.map(|l| match target {
            NatalTarget::Point(point) => l.point_name(point),
            NatalTarget::Angle(angle) => l.angle_name(angle),
        }),
        aspect_name: readable.map(|l| l.aspect_name(pass.aspect)),
    }
}

#[tracing::instrument(name = "transit", skip_all)]
pub async fn calculate_transit(
    State(app): State<AppState>,
    caller: Caller,
    requested: RequestedVersion,
    headers: HeaderMap,
    ApiJson(body): ApiJson<TransitRequest>,
) -> ApiResult<Versioned<Document<TransitData>>> {
    let resolved = requested.resolve(caller.organization.api_version.as_deref());
    let ephemeris = &app.ephemeris;
    let mut problems = Problems::default();

    let birth_place = parse_location(&body.birth_location, "/birthLocation", &mut problems);
    let transit_place = body.transit_location.as_ref().map(|l| parse_location(l, "/transitLocation", &mut problems));
    let birth = parse_instant(&body.birth_date_time, birth_place.zone.as_ref(), ephemeris, "/birthDateTime", &mut problems);
    let zone = match &transit_place {
        Some(place) => place.zone,
        None => birth_place.zone,
    };

    let (days, period) = parse_period(&body.start_date, &body.end_date, zone.as_ref(), ephemeris, MAX_PERIOD_DAYS, &mut problems);
    let period_jd = period.map(|(start, end)| (JulianDay::from_utc(start), JulianDay::from_utc(end)));

    // Natal points may include the angles, which the common parser does not
    // know: they are parsed here, the other options by the common parser.
    let mut common = body.common_options();
    let natal_ids = common.points.take();
    let options = parse_common(&common, ephemeris, birth.map(|b| b.julian_day_ut()), &mut problems);
    if options.frame.perspective == Perspective::Heliocentric {
        problems.add("/perspective", "transits are read from the Earth: perspective geocentric (default) or topocentric (the natal chart's bodies seen from the birth place)");
    }
    let orbs = if body.orbs.is_some() { options.orbs.clone() } else { default_transit_orbs() };
    let targets = parse_natal_targets(natal_ids.as_deref(), ephemeris, birth.map(|b| b.julian_day_ut()), &mut problems);
    let mut transiting_chiron_omitted = false;
    let transiting =
        parse_transit_points(body.transit_points.as_deref(), ephemeris, period_jd, &mut problems, &mut transiting_chiron_omitted);
    problems.into_result()?;
    let birth = birth.ok_or_else(|| ApiError::invalid_field("/birthDateTime", "the date-time could not be placed in time"))?;
    let (zone, (start, end)) = match (zone, period_jd) {
        (Some(zone), Some(period)) => (zone, period),
        _ => return Err(ApiError::invalid_field("/startDate", "the period could not be placed in time")),
    };

    let natal_points: Vec<PointId> = targets
        .iter()
        .filter_map(|t| match t {
            NatalTarget::Point(p) => Some(*p),
            NatalTarget::Angle(_) => None,
        })
        .collect();
    let natal_input = ChartInput {
        frame: options.frame,
        instant: birth.julian_day_ut(),
        latitude: birth_place.latitude,
        longitude: birth_place.longitude,
        house_system: options.house_system,
        moon_center: MoonCenter::Topocentric,
        points: natal_points,
        orbs: options.orbs.clone(),
    };
    let chart = NatalChart::compute(ephemeris, &natal_input).map_err(|e| ephemeris_error(e, "/birthDateTime"))?;
    // The targets the chart has: Chiron outside its years is left out of it
    // (with the chart's warning), and so out of the targets.
    let mut natal = Vec::with_capacity(targets.len());
    for target in &targets {
        let longitude = match target {
            NatalTarget::Point(point) => chart.points.iter().find(|p| p.point == *point).map(|p| p.position.longitude),
            NatalTarget::Angle(angle) => chart.angles.iter().find(|(a, _)| a == angle).map(|(_, l)| *l),
        };
        match longitude {
            Some(longitude) => natal.push((*target, longitude)),
            None if matches!(target, NatalTarget::Point(point) if point.needs_asteroid_file()) => {}
            None => return Err(ApiError::internal(format!("natal chart lacks {}", target.id()))),
        }
    }
    let targets: Vec<NatalTarget> = natal.iter().map(|(target, _)| *target).collect();

    let transiting: Vec<TransitingBody> = transiting.iter().map(|body| body.in_frame(options.frame)).collect();
    let input = TransitInput { start, end, transiting: transiting.clone(), natal, orbs: orbs.clone() };
    let transits = find_transits(ephemeris, &input).map_err(|e| ephemeris_error(e, "/startDate"))?;

    let readable = options.include_readable_entities.then_some(options.language);
    let transit_texts = Texts::load(&app, &caller, HoroscopeType::Transit, &options).await?;
    let natal_texts = Texts::load(&app, &caller, HoroscopeType::Natal, &options).await?;
    // One text per transiting point, natal point and aspect, however many passes.
    let mut text_cache: HashMap<(PointId, usize, AspectKind), Option<String>> = HashMap::new();
    let mut text_of = |pass: &Pass, target: NatalTarget| -> Option<String> {
        let texts = transit_texts.as_ref()?;
        text_cache
            .entry((pass.transiting, pass.natal, pass.aspect))
            .or_insert_with(|| {
                let b = match target {
                    NatalTarget::Point(point) => AspectTarget::Point(point),
                    NatalTarget::Angle(angle) => AspectTarget::Angle(angle),
                };
                texts.aspect(pass.transiting, pass.aspect, b)
            })
            .clone()
    };
    let occurrence = |pass: &Pass| -> Result<Occurrence, ApiError> {
        Ok(Occurrence {
            starts_at: pass.starts_at.map(|t| local_text(&zone, t)).transpose()?,
            exact_at: pass.exact_at.iter().map(|t| local_text(&zone, *t)).collect::<Result<_, _>>()?,
            ends_at: pass.ends_at.map(|t| local_text(&zone, t)).transpose()?,
            orb: pass.orb,
            applying: pass.applying,
        })
    };
    let target_of = |pass: &Pass| targets.get(pass.natal).copied().ok_or_else(|| ApiError::internal("pass names an unknown natal point"));
    let grouped = resolved.includes(shared::version::GROUPED_TRANSIT_ASPECTS);
    let aspects = if grouped {
        let mut groups: Vec<(PointId, usize, AspectKind, GroupEntry)> = Vec::new();
        for pass in &transits.passes {
            let item = occurrence(pass)?;
            // Passes come in time order, so groups are ordered by their first pass.
            match groups.iter_mut().find(|(a, b, k, _)| *a == pass.transiting && *b == pass.natal && *k == pass.aspect) {
                Some((.., group)) => group.occurrences.push(item),
                None => {
                    let target = target_of(pass)?;
                    groups.push((
                        pass.transiting,
                        pass.natal,
                        pass.aspect,
                        GroupEntry {
                            point_a: pass.transiting.id(),
                            point_b: target.id(),
                            aspect: pass.aspect.id(),
                            angle: pass.aspect.angle(),
                            names: names(readable, pass, target),
                            text: text_of(pass, target),
                            occurrences: vec![item],
                        },
                    ));
                }
            }
        }
        AspectsBody::Grouped(groups.into_iter().map(|(.., group)| group).collect())
    } else {
        let mut entries = Vec::with_capacity(transits.passes.len());
        for pass in &transits.passes {
            let target = target_of(pass)?;
            entries.push(PassEntry {
                point_a: pass.transiting.id(),
                point_b: target.id(),
                aspect: pass.aspect.id(),
                angle: pass.aspect.angle(),
                occurrence: occurrence(pass)?,
                names: names(readable, pass, target),
                text: text_of(pass, target),
            });
        }
        AspectsBody::Passes(entries)
    };

    // The bi-wheel: the natal chart inside, the transiting points at the
    // period's start outside, aspects by the transit orbs.
    let spec = ChartSpec::Transit {
        i: InputSpec::of(&ChartInput { orbs: orbs.clone(), ..natal_input }),
        at: start.0,
        x: transiting.iter().map(|b| b.point.id().to_owned()).collect(),
        e: None,
    };
    // The summary reads the whole period: the same spec with its end.
    let summary_spec = match spec.clone() {
        ChartSpec::Transit { i, at, x, .. } => ChartSpec::Transit { i, at, x, e: Some(end.0) },
        other => other,
    };
    let summary = summary_link(&app, &headers, &caller, HoroscopeType::Transit, summary_spec, &options)?;
    let charts = BTreeMap::from([(
        "transit",
        LinkText::Transits { start_date: &body.start_date }
            .link(options.language, chart_image_link(&app, &headers, &caller, spec, &options)?),
    )]);
    let (start_utc, end_utc) = period.map_or((String::new(), String::new()), |(s, e)| (format_utc(s), format_utc(e)));
    let data = TransitData {
        birth_date_time: format_local(birth.local()),
        birth_utc_date_time: format_utc(birth.utc),
        period: PeriodBody {
            start_date: body.start_date.clone(),
            end_date: body.end_date.clone(),
            start: local_text(&zone, start)?,
            end: local_text(&zone, end)?,
            start_utc,
            end_utc,
            days,
            timezone: zone.name(),
        },
        transit_points: transiting.iter().map(|b| b.point.id()).collect(),
        natal: NatalBody {
            points: points_body(&chart.points, readable, natal_texts.as_ref()),
            angles: angles_body(&chart.angles, readable, natal_texts.as_ref()),
            houses: HousesBody::of(&chart.houses, readable),
        },
        aspects,
        charts,
        summary,
    };

    let mut meta = ChartMeta::new();
    meta.add_chart(&chart);
    meta.add_instant(&body.birth_date_time, &birth);
    meta.add_place("/birthLocation", &birth_place);
    if let Some(place) = &transit_place {
        meta.add_place("/transitLocation", place);
    }
    if transiting_chiron_omitted {
        meta.warnings.push(shared::astro::chart::ChartWarning::TransitingChironOmitted.to_string());
    }
    if transits.sources.contains(&EphemerisSource::Moshier) && !meta.moshier {
        meta.moshier = true;
        meta.warnings.push(shared::astro::chart::ChartWarning::MoshierEphemeris.to_string());
    }
    let orbs_meta: serde_json::Map<String, serde_json::Value> =
        orbs.entries().iter().map(|(kind, orb)| (kind.id().to_owned(), serde_json::Value::from(*orb))).collect();
    let document = Document::new(data)
        .with_meta("houseSystem", chart.houses.system_used.id())
        .with_meta("requestedHouseSystem", options.house_system.id())
        .with_meta("timezone", zone.name())
        .with_meta("orbs", serde_json::Value::Object(orbs_meta))
        .with_meta("maxPeriodDays", MAX_PERIOD_DAYS)
        .with_meta("apiVersion", resolved.applied_text())
        .with_meta("aspectsGrouped", grouped);
    Ok(Versioned(resolved, meta.finish(document, &options)))
}
