//! The firdaria request, parsed into a [`FirdariaQuery`].

use serde::Deserialize;
use shared::astro::Ephemeris;
use shared::astro::time::{ResolvedInstant, TimeZoneSpec};
use shared::http::ApiError;

use crate::request::{LocationBody, Place, Problems, parse_instant, parse_location, parse_target_moment};

#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct FirdariaRequest {
    /// Local birth date-time, `YYYY-MM-DDTHH:MM[:SS]` (or an instant with an offset).
    pub birth_date_time: String,
    /// Birth place: coordinates or a place name.
    pub birth_location: LocationBody,
    /// A moment to mark the period and sub-period of, not before birth: `YYYY-MM-DD` (local noon in the birth time
    /// zone) or a local date-time.
    pub date: Option<String>,
}

pub struct FirdariaQuery {
    pub birth_text: String,
    pub birth: ResolvedInstant,
    pub place: Place,
    pub zone: TimeZoneSpec,
    pub date: Option<ResolvedInstant>,
}

impl FirdariaQuery {
    pub fn parse(body: &FirdariaRequest, ephemeris: &Ephemeris) -> Result<Self, ApiError> {
        let mut problems = Problems::default();
        let place = parse_location(&body.birth_location, "/birthLocation", &mut problems);
        let birth = parse_instant(&body.birth_date_time, place.zone.as_ref(), ephemeris, "/birthDateTime", &mut problems);
        let date = body
            .date
            .as_deref()
            .map(|text| parse_target_moment(text, place.zone.as_ref(), birth.as_ref(), ephemeris, "/date", &mut problems));
        problems.into_result()?;
        let (Some(birth), Some(zone)) = (birth, place.zone) else {
            return Err(ApiError::invalid_field("/birthDateTime", "the birth moment could not be placed in time"));
        };
        Ok(Self { birth_text: body.birth_date_time.clone(), birth, place, zone, date: date.flatten() })
    }
}
