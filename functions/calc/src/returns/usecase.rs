//! Finding a return and casting its chart: the use case behind
//! `POST /api/calc/solar-return` and `/lunar-return`, free of HTTP.

use chrono::Datelike;
use shared::astro::Ephemeris;
use shared::astro::chart::NatalChart;
use shared::astro::chart::returns::{lunar_return, solar_return};
use shared::astro::ephemeris::{Body, Observer};
use shared::astro::time::JulianDay;
use shared::http::ApiError;
use shared::http::chart_link::{ChartSpec, InputSpec};

use super::input::{ReturnQuery, Returning};
use crate::extras::ExtrasReading;
use crate::request::ephemeris_error;

pub struct ReturnReading {
    /// The natal longitude the return is defined by (the Sun's or the Moon's).
    pub natal_longitude: f64,
    /// The return instant.
    pub at: JulianDay,
    pub chart: NatalChart,
    /// With `includeDeclinations` and `includeMidpoints`, of the return chart.
    pub extras: ExtrasReading,
    /// The bi-wheel (natal inside, the return outside), also what the
    /// summary reads.
    pub return_spec: ChartSpec,
    pub natal_spec: ChartSpec,
}

pub fn find_return(ephemeris: &Ephemeris, query: &ReturnQuery) -> Result<ReturnReading, ApiError> {
    let zodiac = query.options.frame.zodiac;
    // Geocentric: a return is the body's return as seen from the Earth.
    let natal = |body: Body| {
        ephemeris
            .position_in(query.birth.julian_day_ut(), body, Observer::Geocentric, zodiac)
            .map(|p| p.longitude)
            .map_err(|e| ephemeris_error(e, "/birthDateTime"))
    };
    let (natal_longitude, at, kind) = match &query.returning {
        Returning::Solar { year } => {
            let sun = natal(Body::Sun)?;
            // The return nearest the birthday of `returnYear`: as many tropical
            // years after birth as calendar years (before it, as many before:
            // the Sun was at its natal longitude then too).
            let years = year - query.birth.local().year();
            let at =
                solar_return(ephemeris, query.birth.julian_day_ut(), sun, years, zodiac).map_err(|e| ephemeris_error(e, "/returnYear"))?;
            (sun, at, 's')
        }
        Returning::Lunar { from, .. } => {
            let moon = natal(Body::Moon)?;
            (moon, lunar_return(ephemeris, moon, *from, zodiac).map_err(|e| ephemeris_error(e, "/returnDate"))?, 'l')
        }
    };
    let return_input = query.return_input(at);
    let chart = NatalChart::compute(ephemeris, &return_input).map_err(|e| ephemeris_error(e, query.date_pointer()))?;
    let extras = ExtrasReading::of(ephemeris, &return_input, &chart, query.extras).map_err(|e| ephemeris_error(e, query.date_pointer()))?;
    let natal = InputSpec::of(&query.natal_input());
    Ok(ReturnReading {
        natal_longitude,
        at,
        chart,
        extras,
        return_spec: ChartSpec::Return { i: natal.clone(), r: InputSpec::of(&return_input), k: kind },
        natal_spec: ChartSpec::Natal { i: natal },
    })
}
