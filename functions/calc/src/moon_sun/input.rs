//! The moon-and-sun request, parsed into a [`MoonSunQuery`]: the instant,
//! the place and the local day its events belong to.

use chrono::{DateTime, FixedOffset, NaiveDate};
use serde::Deserialize;
use shared::astro::Ephemeris;
use shared::astro::sky::{DayWindow, GeoPlace, local_day};
use shared::astro::time::{ResolvedInstant, TimeZoneSpec};
use shared::http::ApiError;

use crate::request::{LocationBody, Place, Problems, parse_instant, parse_location};

#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct MoonSunRequest {
    /// Local date-time at the place, `YYYY-MM-DDTHH:MM[:SS]`; an offset or `Z` makes it an instant.
    pub date_time: String,
    /// Where: coordinates or a place name.
    pub location: LocationBody,
}

pub struct MoonSunQuery {
    /// `dateTime` as sent (for the repeated-hour warning).
    pub date_time: String,
    pub instant: ResolvedInstant,
    pub place: Place,
    pub zone: TimeZoneSpec,
    /// `dateTime` at the place's offset.
    pub local: DateTime<FixedOffset>,
    /// The place's calendar day, even when `dateTime` carried its own offset.
    pub date: NaiveDate,
    /// Local 00:00 to the next local 00:00.
    pub window: DayWindow,
}

impl MoonSunQuery {
    pub fn parse(body: &MoonSunRequest, ephemeris: &Ephemeris) -> Result<Self, ApiError> {
        let mut problems = Problems::default();
        let place = parse_location(&body.location, "/location", &mut problems);
        let instant = parse_instant(&body.date_time, place.zone.as_ref(), ephemeris, "/dateTime", &mut problems);
        problems.into_result()?;
        let instant = instant.ok_or_else(|| ApiError::invalid_field("/dateTime", "the date-time could not be placed in time"))?;
        let zone = place.zone.ok_or_else(|| ApiError::invalid_field("/location/timezone", "unknown time zone"))?;
        let local = instant.utc.with_timezone(&zone.offset_at(instant.utc));
        let date = local.date_naive();
        let window = local_day(&zone, date)
            .ok_or_else(|| ApiError::invalid_field("/dateTime", "this local day cannot be placed in time in the location's time zone"))?;
        Ok(Self { date_time: body.date_time.clone(), instant, place, zone, local, date, window })
    }

    pub fn geo_place(&self) -> GeoPlace {
        GeoPlace { latitude: self.place.latitude, longitude: self.place.longitude }
    }
}
