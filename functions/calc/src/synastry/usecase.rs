//! Two natal charts and the aspects between them: the use case behind
//! `POST /api/calc/synastry` (and the legacy synastry), free of HTTP.

use shared::astro::Ephemeris;
use shared::astro::aspect::Aspect;
use shared::astro::chart::NatalChart;
use shared::astro::point::PointId;
use shared::http::ApiResult;
use shared::http::chart_link::{ChartSpec, InputSpec};

use crate::request::{CommonOptions, ephemeris_error};
use crate::two_births::Person;

/// Both natal charts and the aspects between them in both directions.
pub struct Synastry {
    pub chart1: NatalChart,
    pub chart2: NatalChart,
    /// Person 1's points leading, person 2's chart held still.
    pub aspects1to2: Vec<Aspect<PointId>>,
    /// The mirror: person 2's points leading.
    pub aspects2to1: Vec<Aspect<PointId>>,
}

/// The synastry of two people with the same options for both charts. Every
/// synastry answer (the current one and the legacy one) is drawn from this.
pub fn compute_synastry(ephemeris: &Ephemeris, person1: &Person, person2: &Person, options: &CommonOptions) -> ApiResult<Synastry> {
    let chart =
        |person: &Person| NatalChart::compute(ephemeris, &person.chart_input(options)).map_err(|e| ephemeris_error(e, person.date_pointer));
    let chart1 = chart(person1)?;
    let chart2 = chart(person2)?;
    let aspects1to2 = chart1.aspects_to(&chart2, &options.orbs);
    let aspects2to1 = chart2.aspects_to(&chart1, &options.orbs);
    Ok(Synastry { chart1, chart2, aspects1to2, aspects2to1 })
}

/// The bi-wheel of `own`'s chart inside and `other`'s outside (person 1
/// first: also what the summary reads).
pub fn pair_spec(own: &Person, other: &Person, options: &CommonOptions) -> ChartSpec {
    ChartSpec::Synastry { i: InputSpec::of(&own.chart_input(options)), o: InputSpec::of(&other.chart_input(options)) }
}
