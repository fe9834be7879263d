//! The harmonic chart request, parsed into a [`HarmonicQuery`].

use shared::astro::Ephemeris;
use shared::astro::chart::harmonic::HARMONICS;
use shared::astro::chart::{ChartInput, MoonCenter};
use shared::astro::time::ResolvedInstant;
use shared::http::ApiError;

use crate::request::{
    CommonOptions, LocationBody, Place, Problems, birth_chart_input, chart_request, moon_center, parse_common, parse_instant,
    parse_location,
};

chart_request! {
    pub struct HarmonicRequest {
        /// Local birth date-time, `YYYY-MM-DDTHH:MM[:SS]` (or an instant with an offset).
        birth_date_time: String,
        /// Birth place: coordinates or a place name.
        birth_location: LocationBody,
        /// The harmonic number, 1 (the natal chart) to 360: every longitude multiplied by it, modulo 360°.
        #[serde(deserialize_with = "shared::http::whole::number")]
        harmonic: i64,
        /// The Moon seen from the place (`topocentric`, default) or from the Earth's centre (`geocentric`).
        moon_center: Option<String>,
    }
}

/// A harmonic chart request as the use case reads it.
pub struct HarmonicQuery {
    /// `birthDateTime` as sent.
    pub birth_text: String,
    pub birth: ResolvedInstant,
    pub place: Place,
    pub harmonic: u16,
    pub moon_center: MoonCenter,
    pub options: CommonOptions,
}

impl HarmonicQuery {
    pub fn parse(body: &HarmonicRequest, ephemeris: &Ephemeris) -> Result<Self, ApiError> {
        let mut problems = Problems::default();
        let place = parse_location(&body.birth_location, "/birthLocation", &mut problems);
        let birth = parse_instant(&body.birth_date_time, place.zone.as_ref(), ephemeris, "/birthDateTime", &mut problems);
        let options = parse_common(&body.common_options(), ephemeris, birth.map(|b| b.julian_day_ut()), &mut problems);
        let moon_center = moon_center(body.moon_center.as_deref(), &mut problems);
        let harmonic = u16::try_from(body.harmonic).ok().filter(|n| HARMONICS.contains(n));
        if harmonic.is_none() {
            problems.add("/harmonic", format!("harmonic must be a whole number from {} to {}", HARMONICS.start(), HARMONICS.end()));
        }
        if options.include_text {
            problems.add("/includeText", "the corpus has no texts for harmonic charts: leave includeText out");
        }
        problems.into_result()?;
        let (Some(birth), Some(harmonic)) = (birth, harmonic) else {
            return Err(ApiError::invalid_field("/birthDateTime", "the birth moment could not be placed in time"));
        };
        Ok(Self { birth_text: body.birth_date_time.clone(), birth, place, harmonic, moon_center, options })
    }

    /// The natal chart the harmonic is taken of.
    pub fn natal_input(&self) -> ChartInput {
        ChartInput { moon_center: self.moon_center, ..birth_chart_input(&self.birth, &self.place, &self.options) }
    }
}
