//! The Vedic chart request, parsed into [`VedicInput`].

use shared::astro::Ephemeris;
use shared::astro::frame::Ayanamsa;
use shared::astro::time::ResolvedInstant;
use shared::astro::vedic::{NodeKind, Varga, VedicInput};
use shared::http::ApiError;
use shared::http::fields::{LocationBody, Place, Problems, parse_instant, parse_language, parse_location, too_many_items};
use shared::language::Language;

#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct VedicChartRequest {
    /// Local date-time of birth at the place, `YYYY-MM-DDTHH:MM[:SS]`; an offset or `Z` makes it an instant.
    pub date_time: String,
    pub location: LocationBody,
    /// The sidereal zodiac's ayanamsa: `lahiri` (default) or any Swiss Ephemeris ayanamsa id (`raman`, `krishnamurti`, `true_citra`, …).
    pub ayanamsa: Option<String>,
    /// Rahu as the `mean` node (default) or the `true` node; Ketu is opposite.
    pub node: Option<String>,
    /// Divisional charts: `D1`, `D2`, `D3`, `D4`, `D7`, `D9`, `D10`, `D12`, `D16`, `D20`, `D24`, `D27`, `D30`, `D40`, `D45`, `D60` (default `D1` and `D9`).
    pub vargas: Option<Vec<String>>,
    /// The language of the chart images' titles: `en` (default) or `es`.
    pub language: Option<String>,
}

/// `ayanamsa`: Lahiri's by default, else any of the library's by id.
pub fn parse_ayanamsa(id: Option<&str>, problems: &mut Problems) -> Option<Ayanamsa> {
    match id {
        None => Ayanamsa::parse("lahiri"),
        Some(id) => Ayanamsa::parse(id).or_else(|| {
            let valid: Vec<&str> = Ayanamsa::all().map(Ayanamsa::id).collect();
            problems.add("/ayanamsa", format!("unknown ayanamsa '{id}'; valid: {}", valid.join(", ")));
            None
        }),
    }
}

/// `node`: Rahu as the mean node (default) or the true node.
pub fn parse_node(id: Option<&str>, problems: &mut Problems) -> NodeKind {
    match id {
        None | Some("mean") => NodeKind::Mean,
        Some("true") => NodeKind::True,
        Some(other) => {
            problems.add("/node", format!("unknown node '{other}'; valid: mean, true"));
            NodeKind::Mean
        }
    }
}

pub struct VedicChartQuery {
    pub instant: ResolvedInstant,
    pub place: Place,
    pub input: VedicInput,
    pub language: Language,
}

impl VedicChartQuery {
    pub fn parse(body: &VedicChartRequest, ephemeris: &Ephemeris) -> Result<Self, ApiError> {
        let mut problems = Problems::default();
        let place = parse_location(&body.location, "/location", &mut problems);
        let instant = parse_instant(&body.date_time, place.zone.as_ref(), ephemeris, "/dateTime", &mut problems);
        let ayanamsa = parse_ayanamsa(body.ayanamsa.as_deref(), &mut problems);
        let node = parse_node(body.node.as_deref(), &mut problems);
        let language = parse_language(body.language.as_deref(), "/language", &mut problems);
        let vargas = match &body.vargas {
            None => vec![Varga::D1, Varga::D9],
            Some(ids) if ids.len() > Varga::ALL.len() => {
                problems.add("/vargas", too_many_items(ids.len(), Varga::ALL.len()).unwrap_or_default());
                Vec::new()
            }
            Some(ids) => {
                if ids.is_empty() {
                    problems.add("/vargas", "give at least one varga, or leave vargas out for D1 and D9");
                }
                let mut vargas = Vec::new();
                for (index, id) in ids.iter().enumerate() {
                    match Varga::parse(id) {
                        Some(varga) if !vargas.contains(&varga) => vargas.push(varga),
                        Some(_) => {}
                        None => {
                            let valid: Vec<String> = Varga::ALL.iter().map(|v| v.id()).collect();
                            problems.add(format!("/vargas/{index}"), format!("unknown varga '{id}'; valid: {}", valid.join(", ")));
                        }
                    }
                }
                vargas.sort();
                vargas
            }
        };
        problems.into_result()?;
        let (Some(instant), Some(ayanamsa)) = (instant, ayanamsa) else {
            return Err(ApiError::invalid_field("/dateTime", "the date-time could not be placed in time"));
        };
        let input =
            VedicInput { instant: instant.julian_day_ut(), latitude: place.latitude, longitude: place.longitude, ayanamsa, node, vargas };
        Ok(Self { instant, place, input, language })
    }
}
