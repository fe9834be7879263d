//! The match request: two births (the groom first), the ayanamsa and the
//! node.

use shared::astro::Ephemeris;
use shared::astro::time::ResolvedInstant;
use shared::astro::vedic::VedicInput;
use shared::http::fields::{LocationBody, Place, Problems, parse_instant, parse_location};
use shared::http::{ApiError, object};

use crate::chart::input::{parse_ayanamsa, parse_node};

/// One person's birth.
#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct BirthBody {
    /// Local date-time of birth at the place, `YYYY-MM-DDTHH:MM[:SS]`; an offset or `Z` makes it an instant.
    pub date_time: String,
    pub location: LocationBody,
}

#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct VedicMatchRequest {
    /// The groom's birth.
    #[serde(deserialize_with = "object::only")]
    pub person1: BirthBody,
    /// The bride's birth.
    #[serde(deserialize_with = "object::only")]
    pub person2: BirthBody,
    /// The sidereal zodiac's ayanamsa: `lahiri` (default) or any Swiss Ephemeris ayanamsa id.
    pub ayanamsa: Option<String>,
    /// Rahu as the `mean` node (default) or the `true` node.
    pub node: Option<String>,
}

/// One side of the match, placed in time and space.
pub struct Side {
    pub instant: ResolvedInstant,
    pub place: Place,
    pub input: VedicInput,
}

pub struct MatchQuery {
    pub groom: Side,
    pub bride: Side,
}

fn birth(body: &BirthBody, pointer: &str, ephemeris: &Ephemeris, problems: &mut Problems) -> (Place, Option<ResolvedInstant>) {
    let place = parse_location(&body.location, &format!("{pointer}/location"), problems);
    let instant = parse_instant(&body.date_time, place.zone.as_ref(), ephemeris, &format!("{pointer}/dateTime"), problems);
    (place, instant)
}

impl MatchQuery {
    pub fn parse(body: &VedicMatchRequest, ephemeris: &Ephemeris) -> Result<Self, ApiError> {
        let mut problems = Problems::default();
        let (groom_place, groom_instant) = birth(&body.person1, "/person1", ephemeris, &mut problems);
        let (bride_place, bride_instant) = birth(&body.person2, "/person2", ephemeris, &mut problems);
        let ayanamsa = parse_ayanamsa(body.ayanamsa.as_deref(), &mut problems);
        let node = parse_node(body.node.as_deref(), &mut problems);
        problems.into_result()?;
        let unplaced = |pointer: &str| ApiError::invalid_field(pointer, "the birth could not be placed in time");
        let groom_instant = groom_instant.ok_or_else(|| unplaced("/person1/dateTime"))?;
        let bride_instant = bride_instant.ok_or_else(|| unplaced("/person2/dateTime"))?;
        let ayanamsa = ayanamsa.ok_or_else(|| ApiError::invalid_field("/ayanamsa", "unknown ayanamsa"))?;
        let side = |instant: ResolvedInstant, place: Place| Side {
            instant,
            place,
            input: VedicInput {
                instant: instant.julian_day_ut(),
                latitude: place.latitude,
                longitude: place.longitude,
                ayanamsa,
                node,
                vargas: Vec::new(),
            },
        };
        Ok(Self { groom: side(groom_instant, groom_place), bride: side(bride_instant, bride_place) })
    }
}
