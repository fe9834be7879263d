//! The profections request, parsed into a [`ProfectionsQuery`].

use chrono::{NaiveDate, NaiveTime, Utc};
use serde::Deserialize;
use shared::astro::Ephemeris;
use shared::astro::ephemeris::EphemerisError;
use shared::astro::time::{JulianDay, ResolvedInstant};
use shared::http::ApiError;

use crate::request::{LocationBody, Place, Problems, parse_day, parse_instant, parse_location};

#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct ProfectionsRequest {
    /// Local birth date-time, `YYYY-MM-DDTHH:MM[:SS]` (or an instant with an offset).
    pub birth_date_time: String,
    /// Birth place: coordinates or a place name.
    pub birth_location: LocationBody,
    /// The day to profect to, `YYYY-MM-DD` in the birth time zone, not before the birth date; default today there.
    pub date: Option<String>,
}

pub struct ProfectionsQuery {
    pub birth_text: String,
    pub birth: ResolvedInstant,
    pub place: Place,
    /// The local birth date, from which ages count.
    pub birth_date: NaiveDate,
    pub date: NaiveDate,
}

impl ProfectionsQuery {
    pub fn parse(body: &ProfectionsRequest, ephemeris: &Ephemeris) -> Result<Self, ApiError> {
        let mut problems = Problems::default();
        let place = parse_location(&body.birth_location, "/birthLocation", &mut problems);
        let birth = parse_instant(&body.birth_date_time, place.zone.as_ref(), ephemeris, "/birthDateTime", &mut problems);
        let date = match &body.date {
            Some(text) => parse_day(text, "/date", &mut problems),
            None => place.zone.as_ref().map(|zone| {
                let now = Utc::now();
                now.with_timezone(&zone.offset_at(now)).date_naive()
            }),
        };
        let birth_date = birth.map(|b| b.local().date_naive());
        if let (Some(birth_date), Some(date)) = (birth_date, date) {
            if date < birth_date {
                problems.add("/date", format!("must not be before the birth date {birth_date}"));
            } else if ephemeris.check_supported(JulianDay::from_utc(date.and_time(NaiveTime::MIN).and_utc())).is_err() {
                // The same years as every other date of the API.
                problems.add("/date", EphemerisError::OutOfRange.to_string());
            }
        }
        problems.into_result()?;
        let (Some(birth), Some(birth_date), Some(date)) = (birth, birth_date, date) else {
            return Err(ApiError::invalid_field("/birthDateTime", "the birth moment could not be placed in time"));
        };
        Ok(Self { birth_text: body.birth_date_time.clone(), birth, place, birth_date, date })
    }
}
