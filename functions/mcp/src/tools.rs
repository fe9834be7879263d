//! The tools: each one a key route of the REST API, its input schema the
//! JSON Schema of the type that route parses (`calc::bodies`,
//! `numerology::NumerologyRequest`, `content::TextsLookup`), so the tool
//! takes the route's body with the route's defaults.
//!
//! A calculation endpoint added later adds a row here (docs/architecture.md,
//! "Adding a calculation endpoint").

use schemars::{JsonSchema, Schema, SchemaGenerator, generate::SchemaSettings};
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};
use shared::http::ApiError;

use crate::readable;

/// How a tool's arguments reach its route.
pub enum Call {
    /// `POST path` with the arguments as the JSON body, unchanged.
    Body { path: &'static str },
    /// `GET` of the path and query the arguments make (parsed first, so a
    /// bad argument is named like a bad body field).
    Query(fn(&Map<String, Value>) -> Result<String, ApiError>),
}

pub struct Tool {
    /// The tool's name: what an agent calls.
    pub name: &'static str,
    pub title: &'static str,
    pub description: &'static str,
    pub input_schema: fn() -> Schema,
    pub call: Call,
    /// The route's answer as the tool gives it (`structuredContent`): the
    /// answer itself, except where the tool is about one part of it.
    pub structured: fn(Value) -> Value,
    /// A few lines for a reader (the text content).
    pub readable: fn(&Value) -> String,
}

fn the_answer(answer: Value) -> Value {
    answer
}

/// Draft 2020-12, as MCP asks, inlined: a tool's schema stands alone.
fn schema<T: JsonSchema>() -> Schema {
    SchemaGenerator::new(SchemaSettings::draft2020_12().with(|settings| settings.inline_subschemas = true)).into_root_schema_for::<T>()
}

fn query<T: DeserializeOwned>(arguments: &Map<String, Value>) -> Result<T, ApiError> {
    let bytes = serde_json::to_vec(arguments).map_err(ApiError::internal)?;
    shared::http::extract::parse_json(&bytes)
}

fn places_query(arguments: &Map<String, Value>) -> Result<String, ApiError> {
    let search: calc::bodies::PlaceSearch = query(arguments)?;
    let mut pairs = form_urlencoded::Serializer::new(String::new());
    pairs.append_pair("query", &search.query);
    if let Some(limit) = search.limit {
        pairs.append_pair("limit", &limit.to_string());
    }
    Ok(format!("/api/places?{}", pairs.finish()))
}

fn texts_query(arguments: &Map<String, Value>) -> Result<String, ApiError> {
    Ok(query::<content::TextsLookup>(arguments)?.path_and_query())
}

/// The chart's image links, without the chart.
fn image_links(answer: Value) -> Value {
    let link = |name: &str| answer.pointer(&format!("/data/chart/{name}")).cloned().unwrap_or(Value::Null);
    serde_json::json!({ "svg": link("url"), "png": link("pngUrl"), "meta": answer.get("meta") })
}

pub static TOOLS: &[Tool] = &[
    Tool {
        name: "natal_chart",
        title: "Natal chart",
        description: "The birth chart of a moment and place: the planets, nodes and angles in signs and houses, \
                      the house cusps and the aspects (POST /api/calc/natal). The Moon is topocentric unless \
                      moonCenter says geocentric.",
        input_schema: schema::<calc::bodies::NatalRequest>,
        call: Call::Body { path: "/api/calc/natal" },
        structured: the_answer,
        readable: readable::chart,
    },
    Tool {
        name: "transits",
        title: "Transits to a natal chart",
        description: "The aspects the moving planets make to a natal chart over a period of at most 366 days, \
                      with their exact times (POST /api/calc/transit).",
        input_schema: schema::<calc::bodies::TransitRequest>,
        call: Call::Body { path: "/api/calc/transit" },
        structured: the_answer,
        readable: readable::transits,
    },
    Tool {
        name: "synastry",
        title: "Synastry of two people",
        description: "Two birth charts compared: the aspects between one person's points and the other's \
                      (POST /api/calc/synastry).",
        input_schema: schema::<calc::bodies::SynastryRequest>,
        call: Call::Body { path: "/api/calc/synastry" },
        structured: the_answer,
        readable: readable::aspects_between,
    },
    Tool {
        name: "composite_chart",
        title: "Composite chart of two people",
        description: "The composite chart of two births (midpoints, or the Davison chart with method: davison) \
                      (POST /api/calc/composite).",
        input_schema: schema::<calc::bodies::CompositeRequest>,
        call: Call::Body { path: "/api/calc/composite" },
        structured: the_answer,
        readable: readable::chart,
    },
    Tool {
        name: "progressions",
        title: "Secondary progressions",
        description: "The secondary-progressed chart for a target date (a day for a year) and its aspects to \
                      the natal chart (POST /api/calc/progressions).",
        input_schema: schema::<calc::bodies::ProgressionsRequest>,
        call: Call::Body { path: "/api/calc/progressions" },
        structured: the_answer,
        readable: readable::chart,
    },
    Tool {
        name: "solar_arc",
        title: "Solar arc directions",
        description: "Every natal point and angle turned forward by the solar arc (or Naibod's rate, or a degree a \
                      year) to a target date, and the directed-to-natal aspects within a degree \
                      (POST /api/calc/solar-arc).",
        input_schema: schema::<calc::bodies::SolarArcRequest>,
        call: Call::Body { path: "/api/calc/solar-arc" },
        structured: the_answer,
        readable: readable::directions,
    },
    Tool {
        name: "harmonic_chart",
        title: "Harmonic chart",
        description: "The n-th harmonic chart of a birth (every longitude × n, modulo 360°; n from 1 to 360), \
                      with equal houses from the harmonic ascendant, its aspects and its image links \
                      (POST /api/calc/harmonic).",
        input_schema: schema::<calc::bodies::HarmonicRequest>,
        call: Call::Body { path: "/api/calc/harmonic" },
        structured: the_answer,
        readable: readable::chart,
    },
    Tool {
        name: "primary_directions",
        title: "Primary directions",
        description: "The promissors (Sun to Pluto and their aspects) carried by the turning sky to the ascendant, \
                      midheaven, Sun and Moon, with the arc, age and date of each, between two ages; Placidus or \
                      Regiomontanus, Naibod or Ptolemy key, zodiacal or mundane, optionally converse \
                      (POST /api/calc/primary-directions).",
        input_schema: schema::<calc::bodies::PrimaryDirectionsRequest>,
        call: Call::Body { path: "/api/calc/primary-directions" },
        structured: the_answer,
        readable: readable::primary_directions,
    },
    Tool {
        name: "profections",
        title: "Annual and monthly profections",
        description: "The profected house and sign of the year and the month of life on a date, with their lords \
                      (whole-sign houses, traditional rulers) (POST /api/calc/profections).",
        input_schema: schema::<calc::bodies::ProfectionsRequest>,
        call: Call::Body { path: "/api/calc/profections" },
        structured: the_answer,
        readable: readable::time_lords,
    },
    Tool {
        name: "firdaria",
        title: "Firdaria",
        description: "The Persian periods of life (firdaria) of a birth: its sect, the nine periods and their \
                      sub-periods, and those holding an optional date (POST /api/calc/firdaria).",
        input_schema: schema::<calc::bodies::FirdariaRequest>,
        call: Call::Body { path: "/api/calc/firdaria" },
        structured: the_answer,
        readable: readable::time_lords,
    },
    Tool {
        name: "solar_return",
        title: "Solar return",
        description: "The chart of the moment the Sun returns to its natal place in a given year \
                      (POST /api/calc/solar-return).",
        input_schema: schema::<calc::bodies::SolarReturnRequest>,
        call: Call::Body { path: "/api/calc/solar-return" },
        structured: the_answer,
        readable: readable::chart,
    },
    Tool {
        name: "lunar_return",
        title: "Lunar return",
        description: "The chart of the first moment from a given day that the Moon returns to its natal place \
                      (POST /api/calc/lunar-return).",
        input_schema: schema::<calc::bodies::LunarReturnRequest>,
        call: Call::Body { path: "/api/calc/lunar-return" },
        structured: the_answer,
        readable: readable::chart,
    },
    Tool {
        name: "sky_events",
        title: "Sky events",
        description: "Sign ingresses, stations, lunar phases, eclipses and void-of-course Moons between two \
                      dates, and with types [\"aspect\"] every exact aspect between two of the Sun … Pluto \
                      (POST /api/calc/events).",
        input_schema: schema::<calc::bodies::EventsRequest>,
        call: Call::Body { path: "/api/calc/events" },
        structured: the_answer,
        readable: readable::events,
    },
    Tool {
        name: "moon_and_sun",
        title: "Moon and Sun of a day",
        description: "The Moon's phase, illumination, sign and rise and set, and the Sun's rise, set and \
                      twilights at a place (POST /api/calc/moon-sun).",
        input_schema: schema::<calc::bodies::MoonSunRequest>,
        call: Call::Body { path: "/api/calc/moon-sun" },
        structured: the_answer,
        readable: readable::moon_and_sun,
    },
    Tool {
        name: "chinese_forecast",
        title: "Chinese yearly forecast",
        description: "The Chinese zodiac sign of a birth date and its forecast for a year \
                      (POST /api/calc/chinese-forecast; the chinese module).",
        input_schema: schema::<calc::bodies::ForecastRequest>,
        call: Call::Body { path: "/api/calc/chinese-forecast" },
        structured: the_answer,
        readable: readable::chinese_forecast,
    },
    Tool {
        name: "life_path_number",
        title: "Life path number",
        description: "The numerology life path number of a birth date, master numbers kept \
                      (POST /api/numerology/life-path).",
        input_schema: schema::<numerology::NumerologyRequest>,
        call: Call::Body { path: "/api/numerology/life-path" },
        structured: the_answer,
        readable: readable::number,
    },
    Tool {
        name: "birthday_number",
        title: "Birthday number",
        description: "The numerology birthday number (the day of the month) (POST /api/numerology/birthday).",
        input_schema: schema::<numerology::NumerologyRequest>,
        call: Call::Body { path: "/api/numerology/birthday" },
        structured: the_answer,
        readable: readable::number,
    },
    Tool {
        name: "astrocartography",
        title: "Astrocartography lines",
        description: "Where on Earth each body was on the MC, IC, ascendant or descendant at a birth: GeoJSON lines \
                      (mundo or zodiacal; POST /api/calc/astrocartography).",
        input_schema: schema::<calc::bodies::AstrocartographyRequest>,
        call: Call::Body { path: "/api/calc/astrocartography" },
        structured: the_answer,
        readable: readable::astrocartography,
    },
    Tool {
        name: "relocation",
        title: "Relocated chart",
        description: "A birth chart cast for another place: the new houses and angles, each planet's house at birth and \
                      there, and the planets within an orb of a new angle (POST /api/calc/relocation).",
        input_schema: schema::<calc::bodies::RelocationRequest>,
        call: Call::Body { path: "/api/calc/relocation" },
        structured: the_answer,
        readable: readable::relocation,
    },
    Tool {
        name: "vedic_chart",
        title: "Vedic chart (Jyotish)",
        description: "The sidereal chart of the lagna and the nine grahas (Lahiri by default): rashi, nakshatra \
                      and pada, whole-sign house, dignity, combustion, and the divisional charts D1 to D60 \
                      (POST /api/vedic/chart).",
        input_schema: schema::<vedic::VedicChartRequest>,
        call: Call::Body { path: "/api/vedic/chart" },
        structured: the_answer,
        readable: readable::vedic_chart,
    },
    Tool {
        name: "vimshottari_dasha",
        title: "Vimshottari dasha",
        description: "The Vimshottari dasha of a birth: the balance at birth and the nine mahadashas with their \
                      antardashas (and pratyantardashas with levels 3), and the periods running on a date \
                      (POST /api/vedic/dasha).",
        input_schema: schema::<vedic::VedicDashaRequest>,
        call: Call::Body { path: "/api/vedic/dasha" },
        structured: the_answer,
        readable: readable::dasha,
    },
    Tool {
        name: "panchang",
        title: "Panchang",
        description: "The panchang of a day at a place: vara, tithi, nakshatra, yoga and karana at local sunrise, \
                      each with the instant it ends; sunrise, sunset, moonrise, moonset; Rahu kalam, Yamaganda and \
                      Gulika kalam (POST /api/vedic/panchang).",
        input_schema: schema::<vedic::VedicPanchangRequest>,
        call: Call::Body { path: "/api/vedic/panchang" },
        structured: the_answer,
        readable: readable::panchang,
    },
    Tool {
        name: "kundli_match",
        title: "Kundli match (Ashtakoota)",
        description: "The Ashtakoota (guna milan) of a groom (person1) and a bride (person2): the eight kootas with \
                      their points of 36 and the reasons, and each one's Manglik dosha (POST /api/vedic/match).",
        input_schema: schema::<vedic::VedicMatchRequest>,
        call: Call::Body { path: "/api/vedic/match" },
        structured: the_answer,
        readable: readable::kundli_match,
    },
    Tool {
        name: "find_places",
        title: "Find places",
        description: "Cities by the start of their name (GeoNames, 15,000 people or more), with coordinates and \
                      time zone; a label from here works as location.place in the chart tools (GET /api/places).",
        input_schema: schema::<calc::bodies::PlaceSearch>,
        call: Call::Query(places_query),
        structured: the_answer,
        readable: readable::places,
    },
    Tool {
        name: "interpretation_texts",
        title: "Interpretation texts",
        description: "The interpretation texts (planet in sign, in house, angle in sign, aspects) of a horoscope \
                      type, filtered, or one by its URN; the organization's own copies where it has them \
                      (GET /api/content/{horoscopeType}/{contentType}[/{id}]).",
        input_schema: schema::<content::TextsLookup>,
        call: Call::Query(texts_query),
        structured: the_answer,
        readable: readable::texts,
    },
    Tool {
        name: "chart_image_link",
        title: "Chart image link",
        description: "Signed links to the natal chart's wheel as SVG and PNG (the chart link of POST \
                      /api/calc/natal, metered as that request); the same body as natal_chart.",
        input_schema: schema::<calc::bodies::NatalRequest>,
        call: Call::Body { path: "/api/calc/natal" },
        structured: image_links,
        readable: readable::image_links,
    },
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_input_schema_is_an_object_with_properties() {
        for tool in TOOLS {
            let schema = serde_json::to_value((tool.input_schema)()).unwrap();
            assert_eq!(schema["type"], "object", "{}", tool.name);
            assert!(schema["properties"].as_object().is_some_and(|p| !p.is_empty()), "{}", tool.name);
            assert!(!schema.to_string().contains("$ref"), "{}: a schema must stand alone", tool.name);
        }
    }

    #[test]
    fn names_are_unique_and_in_the_protocols_alphabet() {
        let mut names: Vec<_> = TOOLS.iter().map(|t| t.name).collect();
        assert!(names.iter().all(|n| n.chars().all(|c| c.is_ascii_lowercase() || c == '_')));
        names.sort();
        names.dedup();
        assert_eq!(names.len(), TOOLS.len());
    }

    #[test]
    fn the_natal_tool_takes_the_natal_body() {
        let schema = serde_json::to_value(schema::<calc::bodies::NatalRequest>()).unwrap();
        let required: Vec<&str> = schema["required"].as_array().unwrap().iter().filter_map(Value::as_str).collect();
        assert_eq!(required, ["dateTime", "location"]);
        assert_eq!(schema["additionalProperties"], false);
        assert!(schema["properties"]["moonCenter"]["description"].as_str().unwrap().contains("topocentric"));
    }
}
