//! The natal request, parsed into a [`NatalQuery`].

use shared::astro::Ephemeris;
use shared::astro::chart::{ChartInput, MoonCenter};
use shared::astro::frame::Perspective;
use shared::astro::time::ResolvedInstant;
use shared::http::ApiError;

use crate::extras::ChartExtras;
use crate::request::{
    CommonOptions, LocationBody, Place, Problems, chart_request, moon_center, parse_common, parse_instant, parse_location,
};

chart_request! {
    pub struct NatalRequest {
        /// Local date-time at the place, `YYYY-MM-DDTHH:MM[:SS]`; an offset or `Z` makes it an instant.
        date_time: String,
        /// Where: coordinates or a place name.
        location: LocationBody,
        /// The Moon seen from the place (`topocentric`, default) or from the Earth's centre (`geocentric`).
        moon_center: Option<String>,
        /// Add the chart's analysis (elements, modalities, hemispheres, patterns).
        include_analysis: Option<bool>,
        /// Add the fixed stars conjunct the points.
        include_fixed_stars: Option<bool>,
        /// Add each point's declination, the out-of-bounds points and the parallels and contraparallels.
        include_declinations: Option<bool>,
        /// The orb of parallels and contraparallels, degrees of declination (default 1; more than 0, at most 5).
        parallel_orb: Option<f64>,
        /// Add the midpoints of the ten planets, the ascendant and the midheaven, and the points on them.
        include_midpoints: Option<bool>,
    }
}

/// A natal request as the use case reads it.
pub struct NatalQuery {
    /// `dateTime` as sent (for the repeated-hour warning).
    pub date_time: String,
    pub instant: ResolvedInstant,
    pub place: Place,
    pub moon_center: MoonCenter,
    pub options: CommonOptions,
    pub include_analysis: bool,
    pub include_fixed_stars: bool,
    pub extras: ChartExtras,
}

impl NatalQuery {
    pub fn parse(body: &NatalRequest, ephemeris: &Ephemeris) -> Result<Self, ApiError> {
        let mut problems = Problems::default();
        let place = parse_location(&body.location, "/location", &mut problems);
        let instant = parse_instant(&body.date_time, place.zone.as_ref(), ephemeris, "/dateTime", &mut problems);
        let options = parse_common(&body.common_options(), ephemeris, instant.map(|i| i.julian_day_ut()), &mut problems);
        let moon_center = moon_center(body.moon_center.as_deref(), &mut problems);
        let extras = ChartExtras::parse(body.include_declinations, body.parallel_orb, body.include_midpoints, &mut problems);
        if body.moon_center.is_some() && options.frame.perspective != Perspective::Geocentric {
            problems.add("/moonCenter", "moonCenter chooses the Moon's place in a geocentric chart; with another perspective leave it out");
        }
        problems.into_result()?;
        let instant = instant.ok_or_else(|| ApiError::invalid_field("/dateTime", "the date-time could not be placed in time"))?;
        Ok(Self {
            date_time: body.date_time.clone(),
            instant,
            place,
            moon_center,
            options,
            include_analysis: body.include_analysis.unwrap_or(false),
            include_fixed_stars: body.include_fixed_stars == Some(true),
            extras,
        })
    }

    /// The chart the request asks for.
    pub fn chart_input(&self) -> ChartInput {
        ChartInput {
            frame: self.options.frame,
            instant: self.instant.julian_day_ut(),
            latitude: self.place.latitude,
            longitude: self.place.longitude,
            house_system: self.options.house_system,
            moon_center: self.moon_center,
            points: self.options.points.clone(),
            orbs: self.options.orbs.clone(),
        }
    }
}
