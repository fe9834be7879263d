//! Casting a natal chart: the use case behind `POST /api/calc/natal`,
//! free of HTTP.

use shared::astro::Ephemeris;
use shared::astro::analysis::Analysis;
use shared::astro::chart::NatalChart;
use shared::astro::stars::{StarPlacement, fixed_stars};
use shared::http::ApiError;
use shared::http::chart_link::{ChartSpec, InputSpec};

use super::input::NatalQuery;
use crate::request::ephemeris_error;

/// The chart and what the request added to it.
pub struct NatalReading {
    pub chart: NatalChart,
    /// With `includeAnalysis`: balance, chart ruler, stelliums, dignities.
    pub analysis: Option<Analysis>,
    /// With `includeFixedStars`: the listed stars and their conjunctions.
    pub fixed_stars: Option<Vec<StarPlacement>>,
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
    Ok(NatalReading { chart, analysis, fixed_stars, spec: ChartSpec::Natal { i: InputSpec::of(&input) } })
}
