//! The dasha request: a birth, the levels, the year, and a date whose
//! running periods are marked.

use shared::astro::Ephemeris;
use shared::astro::frame::Ayanamsa;
use shared::astro::time::{ResolvedInstant, TimeZoneSpec};
use shared::astro::vedic::dasha::JULIAN_YEAR_DAYS;
use shared::http::ApiError;
use shared::http::fields::{LocationBody, Problems, parse_instant, parse_location};

use crate::chart::input::parse_ayanamsa;

#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct VedicDashaRequest {
    /// Local date-time of birth at the place, `YYYY-MM-DDTHH:MM[:SS]`; an offset or `Z` makes it an instant.
    pub date_time: String,
    pub location: LocationBody,
    /// The sidereal zodiac's ayanamsa for the Moon: `lahiri` (default) or any Swiss Ephemeris ayanamsa id.
    pub ayanamsa: Option<String>,
    /// 1 (mahadashas), 2 (with antardashas, the default) or 3 (with pratyantardashas).
    pub levels: Option<u8>,
    /// Days in a dasha year: 365.25 (default) … 360 (the savana year) to 366.
    pub year_length: Option<f64>,
    /// A local date (`YYYY-MM-DD`, noon) or date-time at the birth place whose running periods are given in `current`.
    pub date: Option<String>,
}

pub struct VedicDashaQuery {
    pub birth: ResolvedInstant,
    pub zone: TimeZoneSpec,
    pub ayanamsa: Ayanamsa,
    pub levels: u8,
    pub year_days: f64,
    pub date: Option<ResolvedInstant>,
}

/// The year lengths a dasha is read with: the savana year of 360 days to a
/// little over the solar year.
const YEAR_DAYS: std::ops::RangeInclusive<f64> = 360.0..=366.0;

impl VedicDashaQuery {
    pub fn parse(body: &VedicDashaRequest, ephemeris: &Ephemeris) -> Result<Self, ApiError> {
        let mut problems = Problems::default();
        let place = parse_location(&body.location, "/location", &mut problems);
        let birth = parse_instant(&body.date_time, place.zone.as_ref(), ephemeris, "/dateTime", &mut problems);
        let ayanamsa = parse_ayanamsa(body.ayanamsa.as_deref(), &mut problems);
        let levels = match body.levels {
            None => 2,
            Some(levels @ 1..=3) => levels,
            Some(other) => {
                problems.add("/levels", format!("levels is 1, 2 or 3 (got {other})"));
                2
            }
        };
        let year_days = match body.year_length {
            None => JULIAN_YEAR_DAYS,
            Some(days) if YEAR_DAYS.contains(&days) => days,
            Some(days) => {
                problems.add("/yearLength", format!("a dasha year of 360 to 366 days (got {days})"));
                JULIAN_YEAR_DAYS
            }
        };
        let date = body.date.as_deref().and_then(|text| {
            // A bare date is its local noon, as the other targets.
            let text = if text.len() == 10 { format!("{text}T12:00") } else { text.to_owned() };
            parse_instant(&text, place.zone.as_ref(), ephemeris, "/date", &mut problems)
        });
        problems.into_result()?;
        let (Some(birth), Some(ayanamsa)) = (birth, ayanamsa) else {
            return Err(ApiError::invalid_field("/dateTime", "the date-time could not be placed in time"));
        };
        // (A birth given with an offset and no zone is read in UTC.)
        let zone = place.zone.or_else(|| TimeZoneSpec::parse("UTC").ok()).ok_or_else(|| ApiError::internal("no UTC zone"))?;
        Ok(Self { birth, zone, ayanamsa, levels, year_days, date })
    }
}
