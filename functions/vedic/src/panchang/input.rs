//! The panchang request: a local date, a place, the ayanamsa and the
//! sunrise rule.

use shared::astro::sky::{GeoPlace, HorizonRule};
use shared::astro::vedic::panchang::PanchangInput;
use shared::http::ApiError;
use shared::http::fields::{LocationBody, Place, Problems, parse_day, parse_location};

use crate::chart::input::parse_ayanamsa;

#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct VedicPanchangRequest {
    /// The local date, `YYYY-MM-DD`: the day runs from its sunrise at the place to the next sunrise.
    pub date: String,
    pub location: LocationBody,
    /// The sidereal zodiac's ayanamsa for the nakshatra and the yoga: `lahiri` (default) or any Swiss Ephemeris ayanamsa id.
    pub ayanamsa: Option<String>,
    /// `upper_limb` (default: the Sun's upper limb on the horizon with refraction, as `/api/calc/moon-sun`) or `disc_centre` (the centre of the disc on the geometric horizon, the traditional Hindu rising).
    pub sunrise: Option<String>,
}

pub struct PanchangQuery {
    pub place: Place,
    pub input: PanchangInput,
}

impl PanchangQuery {
    pub fn parse(body: &VedicPanchangRequest) -> Result<Self, ApiError> {
        let mut problems = Problems::default();
        let place = parse_location(&body.location, "/location", &mut problems);
        let date = parse_day(&body.date, "/date", &mut problems);
        let ayanamsa = parse_ayanamsa(body.ayanamsa.as_deref(), &mut problems);
        let sunrise = match body.sunrise.as_deref() {
            None | Some("upper_limb") => HorizonRule::UpperLimb,
            Some("disc_centre") => HorizonRule::DiscCentre,
            Some(other) => {
                problems.add("/sunrise", format!("unknown sunrise rule '{other}'; valid: upper_limb, disc_centre"));
                HorizonRule::UpperLimb
            }
        };
        problems.into_result()?;
        let zone = place.zone.ok_or_else(|| ApiError::invalid_field("/location/timezone", "unknown time zone"))?;
        let (Some(date), Some(ayanamsa)) = (date, ayanamsa) else {
            return Err(ApiError::invalid_field("/date", "the date could not be read"));
        };
        let input =
            PanchangInput { date, zone, place: GeoPlace { latitude: place.latitude, longitude: place.longitude }, ayanamsa, sunrise };
        Ok(Self { place, input })
    }
}
