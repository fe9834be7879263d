//! The solar arc request, parsed into a [`SolarArcQuery`].

use shared::astro::Ephemeris;
use shared::astro::aspect::Orbs;
use shared::astro::chart::ChartInput;
use shared::astro::chart::solar_arc::{ArcMethod, default_direction_orbs};
use shared::astro::frame::Perspective;
use shared::astro::time::ResolvedInstant;
use shared::http::ApiError;

use crate::request::{
    CommonOptions, LocationBody, Place, Problems, birth_chart_input, chart_request, parse_choice, parse_common, parse_instant,
    parse_location, parse_target_moment,
};

chart_request! {
    pub struct SolarArcRequest {
        /// Local birth date-time, `YYYY-MM-DDTHH:MM[:SS]` (or an instant with an offset).
        birth_date_time: String,
        /// Birth place: coordinates or a place name.
        birth_location: LocationBody,
        /// The moment directed to, not before birth: `YYYY-MM-DD` (local noon in the birth time zone) or a local
        /// date-time `YYYY-MM-DDTHH:MM[:SS]`.
        target_date: String,
        /// How the years become the arc: `solar-arc` (default; the progressed Sun minus the natal Sun), `naibod`
        /// (0.98564733° a year) or `one-degree`.
        arc_method: Option<String>,
    }
}

/// A solar arc request as the use case reads it.
pub struct SolarArcQuery {
    /// `birthDateTime` as sent.
    pub birth_text: String,
    pub birth: ResolvedInstant,
    pub place: Place,
    pub target: ResolvedInstant,
    pub method: ArcMethod,
    /// The directions' orbs: the client's `orbs`, or a degree for each major aspect.
    pub orbs: Orbs,
    pub options: CommonOptions,
}

impl SolarArcQuery {
    pub fn parse(body: &SolarArcRequest, ephemeris: &Ephemeris) -> Result<Self, ApiError> {
        let mut problems = Problems::default();
        let place = parse_location(&body.birth_location, "/birthLocation", &mut problems);
        let birth = parse_instant(&body.birth_date_time, place.zone.as_ref(), ephemeris, "/birthDateTime", &mut problems);
        let target = parse_target_moment(&body.target_date, place.zone.as_ref(), birth.as_ref(), ephemeris, "/targetDate", &mut problems);
        let options = parse_common(&body.common_options(), ephemeris, birth.map(|b| b.julian_day_ut()), &mut problems);
        let method = parse_choice(body.arc_method.as_deref(), &ArcMethod::ALL, ArcMethod::id, ("/arcMethod", "arc method"), &mut problems);
        if options.frame.perspective == Perspective::Heliocentric {
            problems.add("/perspective", "directions turn a chart seen from the Earth: perspective geocentric (default) or topocentric");
        }
        problems.into_result()?;
        let (Some(birth), Some(target)) = (birth, target) else {
            return Err(ApiError::invalid_field("/birthDateTime", "the birth moment could not be placed in time"));
        };
        let orbs = if body.orbs.is_some() { options.orbs.clone() } else { default_direction_orbs() };
        Ok(Self { birth_text: body.birth_date_time.clone(), birth, place, target, method, orbs, options })
    }

    /// The natal chart the directions turn.
    pub fn natal_input(&self) -> ChartInput {
        birth_chart_input(&self.birth, &self.place, &self.options)
    }
}
