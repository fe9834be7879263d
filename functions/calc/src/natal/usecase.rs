//! Casting a natal chart: the use case behind `POST /api/calc/natal`,
//! free of HTTP.

use shared::astro::Ephemeris;
use shared::astro::analysis::Analysis;
use shared::astro::chart::NatalChart;
use shared::astro::stars::{StarPlacement, fixed_stars};
use shared::http::ApiError;
use shared::http::chart_link::{ChartSpec, InputSpec};

use super::input::NatalQuery;
use crate::extras::ExtrasReading;
use crate::request::ephemeris_error;

/// The chart and what the request added to it.
pub struct NatalReading {
    pub chart: NatalChart,
    /// With `includeAnalysis`: balance, chart ruler, stelliums, dignities.
    pub analysis: Option<Analysis>,
    /// With `includeFixedStars`: the listed stars and their conjunctions.
    pub fixed_stars: Option<Vec<StarPlacement>>,
    /// With `includeDeclinations` and `includeMidpoints`.
    pub extras: ExtrasReading,
    /// What the answer's image and summary links draw.
    pub spec: ChartSpec,
}

pub fn cast_natal(ephemeris: &Ephemeris, query: &NatalQuery) -> Result<NatalReading, ApiError> {
    let input = query.chart_input();
    let chart = NatalChart::compute(ephemeris, &input).map_err(|e| ephemeris_error(e, "/dateTime"))?;
    let fixed_stars = match query.include_fixed_stars {
        true => Some(fixed_stars(ephemeris, input.instant, input.frame.zodiac, &chart).map_err(|e| ephemeris_error(e, "/dateTime"))?),
        false => None,
    };
    let analysis = query.include_analysis.then(|| Analysis::of(&chart));
    let extras = ExtrasReading::of(ephemeris, &input, &chart, query.extras).map_err(|e| ephemeris_error(e, "/dateTime"))?;
    Ok(NatalReading { chart, analysis, fixed_stars, extras, spec: ChartSpec::Natal { i: InputSpec::of(&input) } })
}

#[cfg(test)]
mod tests {
    use shared::astro::Ephemeris;
    use shared::astro::point::PointId;
    use shared::http::chart_link::ChartSpec;

    use super::cast_natal;
    use crate::natal::input::{NatalQuery, NatalRequest};

    #[test]
    fn the_chart_and_what_the_request_adds_to_it() {
        let ephemeris = Ephemeris::with_embedded_files().expect("ephemeris");
        let body: NatalRequest = serde_json::from_value(serde_json::json!({
            "dateTime": "1990-05-11T12:30:00",
            "location": { "latitude": 41.9, "longitude": 12.5, "timezone": "Europe/Rome" },
            "includeAnalysis": true,
            "includeFixedStars": true,
        }))
        .expect("a well-formed body");
        let query = NatalQuery::parse(&body, &ephemeris).expect("a valid request");
        let reading = cast_natal(&ephemeris, &query).expect("a chart");
        let sun = reading.chart.position_of(PointId::Sun).expect("the Sun").longitude;
        // 11 May 1990: the Sun at about 20° Taurus.
        assert!((49.0..52.0).contains(&sun), "Sun at {sun}");
        assert!(reading.analysis.is_some());
        assert!(reading.fixed_stars.as_ref().is_some_and(|stars| stars.len() == 24));
        assert!(matches!(&reading.spec, ChartSpec::Natal { i } if (i.la - 41.9).abs() < 1e-9));
    }
}
