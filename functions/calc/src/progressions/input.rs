//! The progressions request, parsed into a [`ProgressionsQuery`].

use chrono::NaiveTime;
use shared::astro::Ephemeris;
use shared::astro::chart::ChartInput;
use shared::astro::chart::progression::ProgressedAngles;
use shared::astro::time::{Repeated, ResolvedInstant, TimeZoneSpec, local_time_on};
use shared::http::ApiError;

use crate::request::{
    CommonOptions, LocationBody, Place, Problems, birth_chart_input, chart_request, parse_common, parse_day, parse_instant, parse_location,
};

chart_request! {
    pub struct ProgressionsRequest {
        /// Local birth date-time, `YYYY-MM-DDTHH:MM[:SS]` (or an instant with an offset).
        birth_date_time: String,
        /// Birth place: coordinates or a place name.
        birth_location: LocationBody,
        /// `YYYY-MM-DD`, read as local noon in the birth time zone.
        target_date: String,
        /// `solar_arc` (default) or `progressed_instant`.
        progressed_angles: Option<String>,
    }
}

/// A progressions request as the use case reads it.
pub struct ProgressionsQuery {
    /// `birthDateTime` and `targetDate` as sent.
    pub birth_text: String,
    pub target_date: String,
    pub birth: ResolvedInstant,
    pub place: Place,
    pub zone: TimeZoneSpec,
    /// Local noon of the target day in the birth zone.
    pub target: ResolvedInstant,
    pub angles: ProgressedAngles,
    pub options: CommonOptions,
}

impl ProgressionsQuery {
    pub fn parse(body: &ProgressionsRequest, ephemeris: &Ephemeris) -> Result<Self, ApiError> {
        let mut problems = Problems::default();
        let place = parse_location(&body.birth_location, "/birthLocation", &mut problems);
        let birth = parse_instant(&body.birth_date_time, place.zone.as_ref(), ephemeris, "/birthDateTime", &mut problems);
        let target_day = parse_day(&body.target_date, "/targetDate", &mut problems);
        let options = parse_common(&body.common_options(), ephemeris, birth.map(|b| b.julian_day_ut()), &mut problems);
        let angles = match body.progressed_angles.as_deref() {
            None => ProgressedAngles::default(),
            Some(id) => ProgressedAngles::parse(id).unwrap_or_else(|| {
                problems.add("/progressedAngles", format!("unknown method '{id}'; valid: solar_arc, progressed_instant"));
                ProgressedAngles::default()
            }),
        };
        problems.into_result()?;
        let (Some(birth), Some(target_day), Some(zone)) = (birth, target_day, place.zone) else {
            return Err(ApiError::invalid_field("/birthDateTime", "the birth moment could not be placed in time"));
        };
        let noon = NaiveTime::from_hms_opt(12, 0, 0).unwrap_or_default();
        let target = local_time_on(target_day, noon, &zone, Repeated::Earlier)
            .ok_or_else(|| ApiError::invalid_field("/targetDate", "this day has no noon in the birth time zone"))?;
        Ok(Self {
            birth_text: body.birth_date_time.clone(),
            target_date: body.target_date.clone(),
            birth,
            place,
            zone,
            target,
            angles,
            options,
        })
    }

    /// The natal chart progressions start from.
    pub fn natal_input(&self) -> ChartInput {
        birth_chart_input(&self.birth, &self.place, &self.options)
    }
}
