//! Progressing a natal chart to a day: the use case behind
//! `POST /api/calc/progressions`, free of HTTP.

use shared::astro::Ephemeris;
use shared::astro::chart::progression::{Progression, progress};
use shared::http::ApiError;
use shared::http::chart_link::{ChartSpec, InputSpec};

use super::input::ProgressionsQuery;
use crate::request::ephemeris_error;

pub struct ProgressionsReading {
    pub progression: Progression,
    /// The bi-wheel (natal inside, progressed outside), also what the
    /// summary reads.
    pub progressed_spec: ChartSpec,
    pub natal_spec: ChartSpec,
}

/// A target before birth progresses backwards, a day before birth for each
/// year before the target (the converse direction of the method).
pub fn progress_chart(ephemeris: &Ephemeris, query: &ProgressionsQuery) -> Result<ProgressionsReading, ApiError> {
    let natal_input = query.natal_input();
    let target = query.target.julian_day_ut();
    let progression = progress(ephemeris, &natal_input, target, query.angles).map_err(|e| ephemeris_error(e, "/targetDate"))?;
    let natal = InputSpec::of(&natal_input);
    let progressed_spec = ChartSpec::Progressed { i: natal.clone(), at: target.0, g: query.angles.id().to_owned() };
    Ok(ProgressionsReading { progression, progressed_spec, natal_spec: ChartSpec::Natal { i: natal } })
}
