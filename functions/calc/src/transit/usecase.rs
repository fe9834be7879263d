//! Reading the transits of a period to a natal chart: the use case behind
//! `POST /api/calc/transit`, free of HTTP.

use shared::astro::Ephemeris;
use shared::astro::chart::transit::{NatalTarget, TransitInput, TransitingBody, Transits, find_transits_on};
use shared::astro::chart::{ChartInput, MoonCenter, NatalChart};
use shared::astro::point::PointId;
use shared::astro::time::JulianDay;
use shared::http::ApiError;
use shared::http::chart_link::{ChartSpec, InputSpec};
use shared::sky_tracks::SkyTracks;

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

pub fn read_transits(ephemeris: &Ephemeris, sky: &SkyTracks, query: &TransitQuery) -> Result<TransitReading, ApiError> {
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
    let tracks = sky.sample_all(ephemeris, &transiting, start, end).map_err(|e| ephemeris_error(e, "/startDate"))?;
    let transits = find_transits_on(ephemeris, &input, &tracks).map_err(|e| ephemeris_error(e, "/startDate"))?;

    let spec = |e: Option<f64>| ChartSpec::Transit {
        i: InputSpec::of(&ChartInput { orbs: query.orbs.clone(), ..natal_input.clone() }),
        at: start.0,
        x: transiting.iter().map(|b| b.point.id().to_owned()).collect(),
        e,
    };
    let (wheel, summary) = (spec(None), spec(Some(end.0)));
    Ok(TransitReading { chart, targets, transiting, transits, wheel, summary })
}

#[cfg(test)]
mod tests {
    use shared::astro::Ephemeris;
    use shared::astro::chart::transit::NatalTarget;
    use shared::astro::point::{AngleId, PointId};
    use shared::astro::time::JulianDay;
    use shared::http::chart_link::ChartSpec;

    use super::read_transits;
    use crate::transit::input::{TransitQuery, TransitRequest};

    fn query(body: serde_json::Value) -> Result<TransitQuery, shared::http::ApiError> {
        let ephemeris = Ephemeris::with_embedded_files().expect("ephemeris");
        let body: TransitRequest = serde_json::from_value(body).expect("a well-formed body");
        TransitQuery::parse(&body, &ephemeris)
    }

    fn rome(period: (&str, &str)) -> serde_json::Value {
        serde_json::json!({
            "birthDateTime": "1990-05-11T12:30:00",
            "birthLocation": { "latitude": 41.9, "longitude": 12.5, "timezone": "Europe/Rome" },
            "startDate": period.0,
            "endDate": period.1,
        })
    }

    #[test]
    fn a_month_of_transits_to_the_default_natal_points() {
        let ephemeris = Ephemeris::with_embedded_files().expect("ephemeris");
        let query = query(rome(("2026-03-01", "2026-03-31"))).expect("a valid request");
        let reading = read_transits(&ephemeris, &shared::sky_tracks::SkyTracks::default(), &query).expect("transits");
        // The natal chart's default points, then the ascendant and midheaven.
        assert_eq!(reading.targets.first(), Some(&NatalTarget::Point(PointId::Sun)));
        assert!(reading.targets.ends_with(&[NatalTarget::Angle(AngleId::Ascendant), NatalTarget::Angle(AngleId::Midheaven)]));
        assert_eq!(reading.transiting.len(), 10, "the ten planets move by default");
        assert!(!reading.transits.passes.is_empty());
        assert!(reading.transits.passes.iter().all(|pass| pass.natal < reading.targets.len()));
        // The Moon goes round the whole natal chart in a month: it meets the natal Sun.
        assert!(
            reading
                .transits
                .passes
                .iter()
                .any(|pass| pass.transiting == PointId::Moon && reading.targets[pass.natal] == NatalTarget::Point(PointId::Sun))
        );
        // The image shows the period's first moment; the summary reads to its end.
        let (start, end) = (JulianDay::from_utc(query.start).0, JulianDay::from_utc(query.end).0);
        assert!(matches!(&reading.wheel, ChartSpec::Transit { at, e: None, .. } if *at == start));
        assert!(matches!(&reading.summary, ChartSpec::Transit { at, e: Some(e), .. } if *at == start && *e == end));
    }

    #[test]
    fn every_bad_field_is_named_before_anything_is_computed() {
        let mut body = rome(("2026-03-31", "2026-03-01"));
        body["transitPoints"] = serde_json::json!(["ascendant"]);
        body["perspective"] = serde_json::json!("heliocentric");
        let refusal = query(body).err().expect("refused");
        let text = format!("{refusal:?}");
        for pointer in ["/endDate", "/transitPoints/0", "/perspective"] {
            assert!(text.contains(pointer), "{pointer} not named in {text}");
        }
    }
}
