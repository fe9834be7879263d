//! Reading the transits of a period to a natal chart: the use case behind
//! `POST /api/calc/transit`, free of HTTP.

use shared::astro::Ephemeris;
use shared::astro::chart::transit::{NatalTarget, TransitInput, TransitingBody, Transits, find_transits};
use shared::astro::chart::{ChartInput, MoonCenter, NatalChart};
use shared::astro::point::PointId;
use shared::astro::time::JulianDay;
use shared::http::ApiError;
use shared::http::chart_link::{ChartSpec, InputSpec};

use super::input::TransitQuery;
use crate::request::ephemeris_error;

/// The natal chart, the transits found in the period, and what the
/// answer's links draw.
pub struct TransitReading {
    pub chart: NatalChart,
    /// The natal points and angles the chart has (Chiron outside its
    /// years is left out of it, with the chart's warning, and so out of
    /// the targets); passes index into it.
    pub targets: Vec<NatalTarget>,
    /// The transiting bodies in the request's frame.
    pub transiting: Vec<TransitingBody>,
    pub transits: Transits,
    /// The bi-wheel of the answer's image: the natal chart inside, the
    /// transiting points at the period's start outside.
    pub wheel: ChartSpec,
    /// The summary reads the whole period: the same spec with its end.
    pub summary: ChartSpec,
}

pub fn read_transits(ephemeris: &Ephemeris, query: &TransitQuery) -> Result<TransitReading, ApiError> {
    let options = &query.options;
    let natal_points: Vec<PointId> = query
        .targets
        .iter()
        .filter_map(|t| match t {
            NatalTarget::Point(p) => Some(*p),
            NatalTarget::Angle(_) => None,
        })
        .collect();
    let natal_input = ChartInput {
        frame: options.frame,
        instant: query.birth.julian_day_ut(),
        latitude: query.birth_place.latitude,
        longitude: query.birth_place.longitude,
        house_system: options.house_system,
        moon_center: MoonCenter::Topocentric,
        points: natal_points,
        orbs: options.orbs.clone(),
    };
    let chart = NatalChart::compute(ephemeris, &natal_input).map_err(|e| ephemeris_error(e, "/birthDateTime"))?;
    let mut natal = Vec::with_capacity(query.targets.len());
    for target in &query.targets {
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

    let transiting: Vec<TransitingBody> = query.transiting.iter().map(|body| body.in_frame(options.frame)).collect();
    let (start, end) = (JulianDay::from_utc(query.start), JulianDay::from_utc(query.end));
    let input = TransitInput { start, end, transiting: transiting.clone(), natal, orbs: query.orbs.clone() };
    let transits = find_transits(ephemeris, &input).map_err(|e| ephemeris_error(e, "/startDate"))?;

    let spec = |e: Option<f64>| ChartSpec::Transit {
        i: InputSpec::of(&ChartInput { orbs: query.orbs.clone(), ..natal_input.clone() }),
        at: start.0,
        x: transiting.iter().map(|b| b.point.id().to_owned()).collect(),
        e,
    };
    let (wheel, summary) = (spec(None), spec(Some(end.0)));
    Ok(TransitReading { chart, targets, transiting, transits, wheel, summary })
}
