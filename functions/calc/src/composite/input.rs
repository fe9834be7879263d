//! The composite request, parsed into a [`CompositeQuery`].

use shared::astro::Ephemeris;
use shared::astro::chart::composite::CompositeMethod;
use shared::http::ApiError;

use crate::request::{CommonOptions, LocationBody, Problems, chart_request, parse_choice, parse_common};
use crate::two_births::{Person, TwoBirths};

chart_request! {
    pub struct CompositeRequest {
        /// First person's local birth date-time.
        date_time1: String,
        /// First person's birth place.
        location1: LocationBody,
        /// Second person's local birth date-time.
        date_time2: String,
        /// Second person's birth place.
        location2: LocationBody,
        method: Option<String>,
    }
}

/// A composite request as the use case reads it.
pub struct CompositeQuery {
    pub person1: Person,
    pub person2: Person,
    /// `dateTime1` and `dateTime2` as sent (for the repeated-hour warnings).
    pub date_texts: (String, String),
    pub method: CompositeMethod,
    pub options: CommonOptions,
}

impl CompositeQuery {
    pub fn parse(body: &CompositeRequest, ephemeris: &Ephemeris) -> Result<Self, ApiError> {
        let mut problems = Problems::default();
        let births = TwoBirths::parse(ephemeris, (&body.date_time1, &body.location1), (&body.date_time2, &body.location2), &mut problems);
        let options = parse_common(&body.common_options(), ephemeris, births.chiron_date(ephemeris), &mut problems);
        let method = parse_choice(body.method.as_deref(), &CompositeMethod::ALL, CompositeMethod::id, ("/method", "method"), &mut problems);
        problems.into_result()?;
        let (person1, person2) = births.people()?;
        Ok(Self { person1, person2, date_texts: (body.date_time1.clone(), body.date_time2.clone()), method, options })
    }
}
