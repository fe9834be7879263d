//! Casting the relationship chart of two births: the use case behind
//! `POST /api/calc/composite`, free of HTTP.

use shared::astro::Ephemeris;
use shared::astro::chart::composite::{CompositeMethod, composite_chart, davison_input};
use shared::astro::chart::{ChartInput, NatalChart};
use shared::http::ApiError;
use shared::http::chart_link::{ChartSpec, InputSpec};

use super::input::CompositeQuery;
use crate::request::ephemeris_error;

pub struct CompositeReading {
    pub chart: NatalChart,
    /// With `method: davison`: the mean instant and place it is cast for.
    pub davison: Option<ChartInput>,
    /// What the image link draws.
    pub spec: ChartSpec,
}

pub fn cast_composite(ephemeris: &Ephemeris, query: &CompositeQuery) -> Result<CompositeReading, ApiError> {
    let first = query.person1.chart_input(&query.options);
    let second = query.person2.chart_input(&query.options);
    let (chart, davison) = match query.method {
        CompositeMethod::Midpoint => (composite_chart(ephemeris, &first, &second).map_err(|e| ephemeris_error(e, "/dateTime1"))?, None),
        CompositeMethod::Davison => {
            let input = davison_input(&first, &second);
            (NatalChart::compute(ephemeris, &input).map_err(|e| ephemeris_error(e, "/dateTime1"))?, Some(input))
        }
    };
    let m = if query.method == CompositeMethod::Davison { 'd' } else { 'm' };
    let spec = ChartSpec::Composite { i: InputSpec::of(&first), o: InputSpec::of(&second), m };
    Ok(CompositeReading { chart, davison, spec })
}
