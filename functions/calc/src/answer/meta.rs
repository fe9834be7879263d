//! The `meta` of a chart answer.

use serde::Serialize;
use shared::astro::chart::NatalChart;
use shared::astro::ephemeris::{EphemerisSource, ayanamsa_name};
use shared::astro::frame::Zodiac;
use shared::astro::house::HouseSystem;
use shared::astro::time::ResolvedInstant;
use shared::http::Document;

use crate::request::{CommonOptions, Place};

/// Warnings and facts every chart answer reports in `meta`. Warnings stay in
/// English whatever the request's `language`: they are diagnostics for the
/// developer calling the API, not text for the end user.
pub struct ChartMeta {
    pub warnings: Vec<String>,
    pub moshier: bool,
    /// The house system drawn for the answer's main chart (the first added).
    pub house_system: Option<HouseSystem>,
    /// The ayanamsa at the main chart's instant (sidereal answers).
    pub ayanamsa: Option<f64>,
    /// What was looked up for the request's places, by pointer.
    pub locations: serde_json::Map<String, serde_json::Value>,
}

impl ChartMeta {
    pub fn new() -> Self {
        Self { warnings: Vec::new(), moshier: false, house_system: None, ayanamsa: None, locations: serde_json::Map::new() }
    }

    /// Reports what was looked up for the place at `pointer` (a city by
    /// name, a zone from coordinates) in `meta.locations`.
    pub fn add_place(&mut self, pointer: &str, place: &Place) {
        if let Some(found) = &place.found {
            self.locations.insert(pointer.to_owned(), found.describe(place));
        }
    }

    pub fn add_chart(&mut self, chart: &NatalChart) {
        self.house_system.get_or_insert(chart.houses.system_used);
        if self.ayanamsa.is_none() {
            self.ayanamsa = chart.ayanamsa.map(|a| a.degrees);
        }
        for warning in &chart.warnings {
            let text = warning.to_string();
            if !self.warnings.contains(&text) {
                self.warnings.push(text);
            }
        }
        self.moshier |= chart.sources.contains(&EphemerisSource::Moshier);
    }

    /// The repeated-hour warning for a resolved local time.
    pub fn add_instant(&mut self, text: &str, instant: &ResolvedInstant) {
        if let Some(ambiguity) = instant.ambiguity {
            self.warnings.push(format!(
                "the local time {text} occurs twice (clocks were set back); the earlier instant (UTC offset {}) was used, not the later one ({})",
                ambiguity.chosen_offset, ambiguity.other_offset
            ));
        }
    }

    /// Writes `houseSystem` (drawn), `requestedHouseSystem`, `ephemeris`,
    /// `zodiac` (with `ayanamsa`: id, the library's name and its degrees at
    /// the main chart's instant), `perspective`, `language` and `warnings`
    /// into the document's meta.
    pub fn finish<T: Serialize>(self, document: Document<T>, options: &CommonOptions) -> Document<T> {
        let document = match options.frame.zodiac {
            Zodiac::Tropical => document.with_meta("zodiac", "tropical"),
            Zodiac::Sidereal(ayanamsa) => document.with_meta("zodiac", "sidereal").with_meta(
                "ayanamsa",
                serde_json::json!({ "id": ayanamsa.id(), "name": ayanamsa_name(ayanamsa), "degrees": self.ayanamsa }),
            ),
        };
        let (moshier, house_system) = (self.moshier, self.house_system.unwrap_or(options.house_system));
        let (document, warnings) = self.with_locations(document);
        // Any position from the Moshier ephemeris makes the answer a Moshier answer.
        document
            .with_meta("perspective", options.frame.perspective.id())
            .with_meta("houseSystem", house_system.id())
            .with_meta("requestedHouseSystem", options.house_system.id())
            .with_meta("ephemeris", if moshier { "moshier" } else { "swiss_files" })
            .with_meta("language", options.language.code())
            .with_meta("warnings", warnings)
    }

    /// For answers without a chart's options (the time lords): `locations`
    /// and `warnings` only.
    pub fn finish_plain<T: Serialize>(self, document: Document<T>) -> Document<T> {
        let (document, warnings) = self.with_locations(document);
        document.with_meta("warnings", warnings)
    }

    /// `locations` written (when any place was looked up); the warnings
    /// handed back for the caller to write last.
    fn with_locations<T: Serialize>(self, document: Document<T>) -> (Document<T>, serde_json::Value) {
        let document =
            if self.locations.is_empty() { document } else { document.with_meta("locations", serde_json::Value::Object(self.locations)) };
        (document, serde_json::Value::from(self.warnings))
    }
}
