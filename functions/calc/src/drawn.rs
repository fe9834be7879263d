//! The charts a chart link names, computed anew: one chart, or two with the
//! aspects between them (a bi-wheel). The image and the summary behind a
//! link both start here.

use shared::astro::Ephemeris;
use shared::astro::aspect::Aspect;
use shared::astro::chart::composite::{composite_chart, davison_input};
use shared::astro::chart::harmonic::{HARMONICS, harmonic_chart};
use shared::astro::chart::progression::{ProgressedAngles, progress};
use shared::astro::chart::{ChartInput, MoonCenter, NatalChart};
use shared::astro::point::PointId;
use shared::astro::time::JulianDay;
use shared::http::ApiError;
use shared::http::chart_link::{ChartSpec, invalid_content, points};
use shared::render::Ring;

use crate::request::ephemeris_error;

/// The charts a link draws, computed anew.
pub struct Drawn {
    pub inner: NatalChart,
    /// The other chart of a bi-wheel, the aspects between the two, and the
    /// ring of each aspect's `point_a`.
    pub outer: Option<(NatalChart, Vec<Aspect<PointId>>, Ring)>,
}

impl Drawn {
    pub fn compute(ephemeris: &Ephemeris, spec: &ChartSpec) -> Result<Self, ApiError> {
        let chart = |input: &ChartInput| NatalChart::compute(ephemeris, input).map_err(|e| ephemeris_error(e, "/token"));
        Ok(match spec {
            ChartSpec::Natal { i } => Self { inner: chart(&i.input()?)?, outer: None },
            ChartSpec::Progressed { i, at, g } => {
                let angles = ProgressedAngles::parse(g).ok_or_else(invalid_content)?;
                let progression = progress(ephemeris, &i.input()?, JulianDay(*at), angles).map_err(|e| ephemeris_error(e, "/token"))?;
                // `aspects_to_natal`: the progressed point first.
                Self { inner: progression.natal, outer: Some((progression.progressed, progression.aspects_to_natal, Ring::Outer)) }
            }
            ChartSpec::Return { i, r, .. } => {
                let natal_input = i.input()?;
                let natal = chart(&natal_input)?;
                let returned = chart(&r.input()?)?;
                let aspects = returned.aspects_to(&natal, &natal_input.orbs);
                Self { inner: natal, outer: Some((returned, aspects, Ring::Outer)) }
            }
            ChartSpec::Synastry { i, o } => {
                let input = i.input()?;
                let first = chart(&input)?;
                let second = chart(&o.input()?)?;
                let aspects = first.aspects_to(&second, &input.orbs);
                Self { inner: first, outer: Some((second, aspects, Ring::Inner)) }
            }
            ChartSpec::Composite { i, o, m } => {
                let (first, second) = (i.input()?, o.input()?);
                let inner = match m {
                    'd' => chart(&davison_input(&first, &second))?,
                    _ => composite_chart(ephemeris, &first, &second).map_err(|e| ephemeris_error(e, "/token"))?,
                };
                Self { inner, outer: None }
            }
            ChartSpec::Harmonic { i, n } => {
                if !HARMONICS.contains(n) {
                    return Err(invalid_content());
                }
                let input = i.input()?;
                Self { inner: harmonic_chart(&chart(&input)?, *n, &input.orbs), outer: None }
            }
            // A Vedic link draws its diagram (`chart_image::vedic`), a map
            // link its map (`chart_image::world_map`): no wheel.
            ChartSpec::Vedic { .. } | ChartSpec::Map { .. } => return Err(invalid_content()),
            ChartSpec::Transit { i, at, x, .. } => {
                let input = i.input()?;
                let natal = chart(&input)?;
                let moving = ChartInput {
                    instant: JulianDay(*at),
                    moon_center: MoonCenter::Geocentric,
                    points: points(x)?,
                    orbs: input.orbs.clone(),
                    ..input.clone()
                };
                let transiting = chart(&moving)?;
                let aspects = transiting.aspects_to(&natal, &input.orbs);
                Self { inner: natal, outer: Some((transiting, aspects, Ring::Outer)) }
            }
        })
    }
}
