//! The transit request, parsed into a [`TransitQuery`]: every bad field
//! collected with its pointer before anything is computed.

use chrono::{DateTime, Utc};
use shared::astro::Ephemeris;
use shared::astro::aspect::Orbs;
use shared::astro::chart::transit::{NatalTarget, TransitingBody, default_transit_orbs};
use shared::astro::ephemeris::EphemerisError;
use shared::astro::frame::Perspective;
use shared::astro::point::{AngleId, PointId};
use shared::astro::time::{JulianDay, ResolvedInstant, TimeZoneSpec};
use shared::http::ApiError;

use crate::request::{
    CommonOptions, LocationBody, MAX_POINT_IDS, Place, Problems, chart_request, parse_common, parse_instant, parse_location, parse_period,
    too_many_items,
};

/// The longest period, in days, both ends included: a leap year. It bounds
/// the work and the answer (a year of the Moon alone is hundreds of passes).
pub const MAX_PERIOD_DAYS: i64 = 366;

chart_request! {
    pub struct TransitRequest {
        /// Local birth date-time, `YYYY-MM-DDTHH:MM[:SS]` (or an instant with an offset).
        birth_date_time: String,
        /// Birth place: coordinates or a place name.
        birth_location: LocationBody,
        /// First day, `YYYY-MM-DD`.
        start_date: String,
        /// Last day, `YYYY-MM-DD` (at most 366 days after the first).
        end_date: String,
        /// Where the transits are watched (default: the birth place).
        transit_location: Option<LocationBody>,
        /// Transiting points (default: Sun to Pluto).
        transit_points: Option<Vec<String>>,
    }
}

/// A transit request as the use case reads it.
pub struct TransitQuery {
    /// `birthDateTime` as sent (for the repeated-hour warning).
    pub birth_text: String,
    pub birth: ResolvedInstant,
    pub birth_place: Place,
    pub transit_place: Option<Place>,
    /// `startDate` and `endDate` as sent.
    pub start_date: String,
    pub end_date: String,
    /// Whole local days in the period, both ends included.
    pub days: i64,
    /// The period's zone: the transit location's, else the birth place's.
    pub zone: TimeZoneSpec,
    /// The period's start and end (excluded), in UTC.
    pub start: DateTime<Utc>,
    pub end: DateTime<Utc>,
    pub options: CommonOptions,
    /// The transit orbs: the request's, else 1° for the five major aspects.
    pub orbs: Orbs,
    /// The natal points and angles aspected, in the request's order.
    pub targets: Vec<NatalTarget>,
    pub transiting: Vec<TransitingBody>,
    /// Transiting Chiron was asked for outside its data's years.
    pub transiting_chiron_omitted: bool,
}

impl TransitQuery {
    pub fn parse(body: &TransitRequest, ephemeris: &Ephemeris) -> Result<Self, ApiError> {
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

        // Natal points may include the angles, which the common parser does
        // not know: they are parsed here, the other options by the common parser.
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
        let (zone, (start, end)) = match (zone, period) {
            (Some(zone), Some(period)) => (zone, period),
            _ => return Err(ApiError::invalid_field("/startDate", "the period could not be placed in time")),
        };
        Ok(Self {
            birth_text: body.birth_date_time.clone(),
            birth,
            birth_place,
            transit_place,
            start_date: body.start_date.clone(),
            end_date: body.end_date.clone(),
            days,
            zone,
            start,
            end,
            options,
            orbs,
            targets,
            transiting,
            transiting_chiron_omitted,
        })
    }
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
