//! The relocation request: a birth, the place it is relocated to, the
//! angular orb and the chart options.

use shared::astro::Ephemeris;
use shared::astro::chart::relocation::DEFAULT_ANGULAR_ORB;
use shared::astro::chart::relocation::MAX_ANGULAR_ORB;
use shared::astro::chart::{ChartInput, MoonCenter};
use shared::astro::frame::Perspective;
use shared::astro::time::ResolvedInstant;
use shared::http::ApiError;

use crate::request::{
    CommonOptions, LocationBody, Place, Problems, birth_chart_input, chart_request, moon_center, parse_common, parse_instant,
    parse_location,
};

chart_request! {
    pub struct RelocationRequest {
        /// Local birth date-time at the birth place, `YYYY-MM-DDTHH:MM[:SS]` (or an instant with an offset).
        birth_date_time: String,
        /// Birth place: coordinates or a place name (it places the local time).
        birth_location: LocationBody,
        /// The place the chart is cast for: coordinates or a place name.
        relocated_to: LocationBody,
        /// A planet within this many degrees of longitude of a relocated angle is angular: more than 0, at most 15 (default 5).
        angular_orb: Option<f64>,
        /// The Moon seen from the place (`topocentric`, default) or from the Earth's centre (`geocentric`).
        moon_center: Option<String>,
    }
}

pub struct RelocationQuery {
    /// `birthDateTime` as sent.
    pub birth_text: String,
    pub birth: ResolvedInstant,
    pub place: Place,
    pub relocated_to: Place,
    pub angular_orb: f64,
    pub moon_center: MoonCenter,
    pub options: CommonOptions,
}

impl RelocationQuery {
    pub fn parse(body: &RelocationRequest, ephemeris: &Ephemeris) -> Result<Self, ApiError> {
        let mut problems = Problems::default();
        let place = parse_location(&body.birth_location, "/birthLocation", &mut problems);
        let relocated_to = parse_location(&body.relocated_to, "/relocatedTo", &mut problems);
        let birth = parse_instant(&body.birth_date_time, place.zone.as_ref(), ephemeris, "/birthDateTime", &mut problems);
        let options = parse_common(&body.common_options(), ephemeris, birth.map(|b| b.julian_day_ut()), &mut problems);
        let moon_center = moon_center(body.moon_center.as_deref(), &mut problems);
        if body.moon_center.is_some() && options.frame.perspective != Perspective::Geocentric {
            problems.add("/moonCenter", "moonCenter chooses the Moon's place in a geocentric chart; with another perspective leave it out");
        }
        let angular_orb = body.angular_orb.unwrap_or(DEFAULT_ANGULAR_ORB);
        if !(angular_orb > 0.0 && angular_orb <= MAX_ANGULAR_ORB) {
            problems.add("/angularOrb", format!("the orb must be more than 0 and at most {MAX_ANGULAR_ORB} degrees"));
        }
        problems.into_result()?;
        let birth = birth.ok_or_else(|| ApiError::invalid_field("/birthDateTime", "the birth moment could not be placed in time"))?;
        Ok(Self { birth_text: body.birth_date_time.clone(), birth, place, relocated_to, angular_orb, moon_center, options })
    }

    /// The birth chart at the birth place.
    pub fn natal_input(&self) -> ChartInput {
        ChartInput { moon_center: self.moon_center, ..birth_chart_input(&self.birth, &self.place, &self.options) }
    }

    /// The birth instant at the new place.
    pub fn relocated_input(&self) -> ChartInput {
        ChartInput { latitude: self.relocated_to.latitude, longitude: self.relocated_to.longitude, ..self.natal_input() }
    }
}
