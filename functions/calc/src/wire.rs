//! Wire shapes of the calc family: camelCase request bodies parsed into the
//! domain's inputs (422 with a pointer on any bad field), and response
//! shapes built from the domain's results.

use std::collections::BTreeMap;

use axum::http::HeaderMap;
use chrono::{DateTime, Days, NaiveTime, Utc};
use serde::{Deserialize, Serialize};
use shared::astro::aspect::{Aspect, AspectKind, MAX_ORB, Orbs};
use shared::astro::chart::{NatalChart, PointPlacement};
use shared::astro::ephemeris::{EphemerisError, ayanamsa_name};
use shared::astro::ephemeris::{EphemerisSource, HouseCusps};
use shared::astro::frame::{Ayanamsa, Frame, Perspective, Zodiac};
use shared::astro::house::HouseSystem;
use shared::astro::point::AngleId;
use shared::astro::point::PointId;
use shared::astro::time::{JulianDay, Repeated, ResolvedInstant, TimeZoneSpec, local_time_on, parse_date};
use shared::astro::zodiac::{Sign, ZodiacPosition, dms};
use shared::astro::{Ephemeris, chart::MoonCenter};
use shared::content::{AspectTarget, ContentKey, HoroscopeType, Subject};
use shared::http::{ApiError, AppState, Caller, Document};
use shared::language::Language;
use shared::repo::content::TextSource;

use crate::chart_image::link::{ChartSpec, ImageLinks};

pub use shared::http::fields::{
    LocationFields, MAX_POINT_IDS, Place, PlacePointers, Problems, parse_date_and_time, parse_day, parse_instant, parse_language,
    parse_location_fields, parse_place, too_long, too_many_items,
};

/// A place: `place` (a city name, "Rome, IT") or `latitude` and
/// `longitude`; `timezone` may be left out (the city's, or the one at the
/// coordinates).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LocationBody {
    pub place: Option<String>,
    pub longitude: Option<f64>,
    pub latitude: Option<f64>,
    pub timezone: Option<String>,
}

pub fn parse_location(location: &LocationBody, pointer: &str, problems: &mut Problems) -> Place {
    let fields = LocationFields {
        place: location.place.as_deref(),
        latitude: location.latitude,
        longitude: location.longitude,
        timezone: location.timezone.as_deref(),
    };
    parse_location_fields(fields, pointer, problems)
}

/// Declares a chart request body: its own fields plus the common options,
/// camelCase, unknown fields refused (serde's `flatten` cannot be combined
/// with `deny_unknown_fields`, hence a macro).
macro_rules! chart_request {
    ($(#[$meta:meta])* pub struct $name:ident { $($(#[$field_meta:meta])* $field:ident : $ty:ty),* $(,)? }) => {
        $(#[$meta])*
        #[derive(Debug, serde::Deserialize)]
        #[serde(deny_unknown_fields, rename_all = "camelCase")]
        pub struct $name {
            $($(#[$field_meta])* pub $field: $ty,)*
            pub house_system: Option<String>,
            pub language: Option<String>,
            pub include_text: Option<bool>,
            pub include_readable_entities: Option<bool>,
            pub points: Option<Vec<String>>,
            pub orbs: Option<std::collections::BTreeMap<String, f64>>,
            /// Widget-style `customization` of the chart images.
            pub customization: Option<serde_json::Value>,
            pub zodiac: Option<String>,
            pub ayanamsa: Option<String>,
            pub perspective: Option<String>,
        }

        impl $name {
            pub fn common_options(&self) -> $crate::wire::CommonOptionsBody {
                $crate::wire::CommonOptionsBody {
                    house_system: self.house_system.clone(),
                    language: self.language.clone(),
                    include_text: self.include_text,
                    include_readable_entities: self.include_readable_entities,
                    points: self.points.clone(),
                    orbs: self.orbs.clone(),
                    customization: self.customization.clone(),
                    zodiac: self.zodiac.clone(),
                    ayanamsa: self.ayanamsa.clone(),
                    perspective: self.perspective.clone(),
                }
            }
        }
    };
}
pub(crate) use chart_request;

/// The options every chart endpoint takes.
#[derive(Debug, Default)]
pub struct CommonOptionsBody {
    pub house_system: Option<String>,
    pub language: Option<String>,
    pub include_text: Option<bool>,
    pub include_readable_entities: Option<bool>,
    pub points: Option<Vec<String>>,
    pub orbs: Option<BTreeMap<String, f64>>,
    pub customization: Option<serde_json::Value>,
    pub zodiac: Option<String>,
    pub ayanamsa: Option<String>,
    pub perspective: Option<String>,
}

pub struct CommonOptions {
    pub house_system: HouseSystem,
    pub language: Language,
    pub include_text: bool,
    pub include_readable_entities: bool,
    pub points: Vec<PointId>,
    pub orbs: Orbs,
    /// How the chart images look (validated; carried in their links).
    pub customization: Option<serde_json::Value>,
    /// Zodiac and perspective of every chart of the answer.
    pub frame: Frame,
}

/// `instant` (when known) decides whether Chiron's data covers the date.
pub fn parse_common(body: &CommonOptionsBody, ephemeris: &Ephemeris, instant: Option<JulianDay>, problems: &mut Problems) -> CommonOptions {
    let chiron_here = match instant {
        Some(jd) => ephemeris.chiron_available_at(jd),
        None => ephemeris.chiron_available(),
    };
    let house_system = match body.house_system.as_deref() {
        None => HouseSystem::Placidus,
        Some(id) => HouseSystem::parse(id).unwrap_or_else(|| {
            let valid: Vec<_> = HouseSystem::ALL.iter().map(|s| s.id()).collect();
            problems.add("/houseSystem", format!("unknown house system '{id}'; valid: {}", valid.join(", ")));
            HouseSystem::Placidus
        }),
    };
    let language = parse_language(body.language.as_deref(), "/language", problems);
    let frame = parse_frame(body, problems);
    let points = match &body.points {
        None => PointId::defaults_seen_from(frame.perspective, chiron_here),
        Some(ids) if ids.len() > MAX_POINT_IDS => {
            problems.add("/points", too_many_items(ids.len(), MAX_POINT_IDS).unwrap_or_default());
            Vec::new()
        }
        Some(ids) => {
            if ids.is_empty() {
                problems.add("/points", "give at least one point, or leave points out for the default set");
            }
            let mut points = Vec::with_capacity(ids.len());
            // The valid ids are listed once, in the first unknown point's error.
            let mut listed = false;
            for (index, id) in ids.iter().enumerate() {
                match PointId::parse(id) {
                    Some(point) if point.needs_asteroid_file() && !ephemeris.chiron_available() => problems.add(
                        format!("/points/{index}"),
                        format!("{id} is not available on this server: it needs the asteroid ephemeris file seas_18.se1"),
                    ),
                    Some(point) if !point.seen_from(frame.perspective) => problems.add(
                        format!("/points/{index}"),
                        match frame.perspective {
                            Perspective::Heliocentric => format!(
                                "{id} has no place in a heliocentric chart (the Sun is its centre; the Moon, nodes, Lilith and the chart's own points belong to the Earth); heliocentric points: {}",
                                PointId::every().filter(|p| p.seen_from(Perspective::Heliocentric)).map(|p| p.id()).collect::<Vec<_>>().join(", ")
                            ),
                            _ => format!("{id} is placed only in heliocentric charts (perspective: heliocentric)"),
                        },
                    ),
                    // Asked for outside its data's years, Chiron is left
                    // out of the chart with a warning (ChartWarning::ChironOmitted).
                    Some(point) if !points.contains(&point) => points.push(point),
                    Some(_) => {}
                    None if listed => problems.add(format!("/points/{index}"), format!("unknown point '{id}'")),
                    None => {
                        listed = true;
                        let valid: Vec<_> = PointId::every().map(|p| p.id()).collect();
                        problems.add(format!("/points/{index}"), format!("unknown point '{id}'; valid: {}", valid.join(", ")));
                    }
                }
            }
            points
        }
    };
    let orbs = match &body.orbs {
        None => Orbs::default(),
        // Each aspect once: a longer table names keys that are not aspects.
        Some(table) if table.len() > AspectKind::ALL.len() => {
            problems.add("/orbs", format!("at most {} entries, one per aspect (got {})", AspectKind::ALL.len(), table.len()));
            Orbs::default()
        }
        Some(table) => {
            let mut entries = Vec::new();
            for (key, &orb) in table {
                let pointer = format!("/orbs/{}", key.replace('~', "~0").replace('/', "~1"));
                match AspectKind::parse(key) {
                    None => {
                        let valid: Vec<_> = AspectKind::ALL.iter().map(|a| a.id()).collect();
                        problems.add(pointer, format!("unknown aspect '{key}'; valid: {}", valid.join(", ")));
                    }
                    Some(_) if orb < 0.0 => problems.add(pointer, "an orb must be zero or positive (degrees)"),
                    Some(_) if orb > MAX_ORB => problems.add(pointer, format!("an orb may be at most {MAX_ORB} degrees")),
                    Some(kind) => entries.push((kind, orb)),
                }
            }
            Orbs::from_client(entries)
        }
    };
    let customization = body.customization.clone().filter(|c| !c.is_null());
    if let Some((pointer, detail)) =
        customization.as_ref().and_then(|c| crate::chart_image::draw::customization_problem(c, "/customization"))
    {
        problems.add(pointer, detail);
    }
    CommonOptions {
        customization,
        house_system,
        language,
        include_text: body.include_text.unwrap_or(false),
        include_readable_entities: body.include_readable_entities.unwrap_or(false),
        points,
        orbs,
        frame,
    }
}

/// `zodiac`, `ayanamsa` and `perspective`. A sidereal zodiac without an
/// ayanamsa uses Lahiri's (the one most sidereal astrologers use); an
/// ayanamsa with a tropical zodiac is refused rather than ignored.
pub fn parse_frame(body: &CommonOptionsBody, problems: &mut Problems) -> Frame {
    let ayanamsa = body.ayanamsa.as_deref().map(|id| {
        Ayanamsa::parse(id).unwrap_or_else(|| {
            let valid: Vec<_> = Ayanamsa::all().map(|a| a.id()).collect();
            problems.add("/ayanamsa", format!("unknown ayanamsa '{id}'; valid: {}", valid.join(", ")));
            Ayanamsa::LAHIRI
        })
    });
    let zodiac = match body.zodiac.as_deref() {
        None | Some("tropical") => {
            if ayanamsa.is_some() {
                problems.add("/ayanamsa", "an ayanamsa applies to the sidereal zodiac: send zodiac 'sidereal' with it");
            }
            Zodiac::Tropical
        }
        Some("sidereal") => Zodiac::Sidereal(ayanamsa.unwrap_or(Ayanamsa::LAHIRI)),
        Some(other) => {
            problems.add("/zodiac", format!("unknown zodiac '{other}'; valid: tropical, sidereal"));
            Zodiac::Tropical
        }
    };
    let perspective = match body.perspective.as_deref() {
        None => Perspective::Geocentric,
        Some(id) => Perspective::parse(id).unwrap_or_else(|| {
            let valid: Vec<_> = Perspective::ALL.iter().map(|p| p.id()).collect();
            problems.add("/perspective", format!("unknown perspective '{id}'; valid: {}", valid.join(", ")));
            Perspective::Geocentric
        }),
    };
    Frame { zodiac, perspective }
}

pub fn moon_center(text: Option<&str>, problems: &mut Problems) -> MoonCenter {
    match text {
        None => MoonCenter::default(),
        Some(id) => MoonCenter::parse(id).unwrap_or_else(|| {
            problems.add("/moonCenter", format!("unknown moonCenter '{id}'; valid: topocentric, geocentric"));
            MoonCenter::default()
        }),
    }
}

/// A period's start and end instants (the end excluded).
pub type Period = (DateTime<Utc>, DateTime<Utc>);

/// A period of whole local days, `startDate` to `endDate` both included, at
/// most `max_days`: from the first local midnight of the first day to the
/// last local midnight after the last (a repeated midnight counts whole),
/// in UTC. Returns the number of days and the period (`None` on a problem,
/// which is added).
pub fn parse_period(
    start_text: &str,
    end_text: &str,
    zone: Option<&TimeZoneSpec>,
    ephemeris: &Ephemeris,
    max_days: i64,
    problems: &mut Problems,
) -> (i64, Option<Period>) {
    let start_date = parse_date(start_text).map_err(|e| problems.add("/startDate", e.to_string())).ok();
    let end_date = parse_date(end_text).map_err(|e| problems.add("/endDate", e.to_string())).ok();
    let mut days = 0;
    let mut period: Option<Period> = None;
    if let (Some(start_date), Some(end_date)) = (start_date, end_date) {
        days = (end_date - start_date).num_days() + 1;
        if end_date < start_date {
            problems.add("/endDate", "endDate must be on or after startDate");
        } else if days > max_days {
            problems.add(
                "/endDate",
                format!("the period may span at most {max_days} days, startDate and endDate included; this one spans {days}"),
            );
        } else if let Some(zone) = zone {
            // A repeated midnight: the period starts at its first occurrence
            // and ends at its last, so it holds every minute of its days.
            let start = local_time_on(start_date, NaiveTime::MIN, zone, Repeated::Earlier).map(|r| r.utc);
            let end = end_date
                .checked_add_days(Days::new(1))
                .and_then(|next| local_time_on(next, NaiveTime::MIN, zone, Repeated::Later))
                .map(|r| r.utc);
            match (start, end) {
                (Some(start), Some(end)) => {
                    let mut in_range = true;
                    for (instant, pointer) in [(start, "/startDate"), (end, "/endDate")] {
                        if ephemeris.check_supported(JulianDay::from_utc(instant)).is_err() {
                            problems.add(pointer, EphemerisError::OutOfRange.to_string());
                            in_range = false;
                        }
                    }
                    if in_range {
                        period = Some((start, end));
                    }
                }
                _ => problems.add("/startDate", "the period's days could not be placed in the time zone"),
            }
        }
    }
    (days, period)
}

// ---------------------------------------------------------------- responses

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PointBody {
    pub point_id: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<&'static str>,
    pub longitude: f64,
    pub latitude: f64,
    pub distance: f64,
    pub speed_longitude: f64,
    pub speed_latitude: f64,
    pub speed_distance: f64,
    pub retrograde: bool,
    pub house_id: String,
    pub house_number: u8,
    pub degrees_in_sign: f64,
    pub degrees_in_sign_dms: [u32; 3],
    pub sign: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sign_name: Option<&'static str>,
    /// With `includeText`: the interpretation of this point in its sign.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    /// With `includeText`: the interpretation of this point in its house.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub house_text: Option<String>,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AngleBody {
    pub point_id: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<&'static str>,
    pub longitude: f64,
    pub degrees_in_sign: f64,
    pub degrees_in_sign_dms: [u32; 3],
    pub sign: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sign_name: Option<&'static str>,
    /// With `includeText`: the interpretation of this angle in its sign.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AspectBody {
    pub point_a: &'static str,
    pub point_b: &'static str,
    pub aspect: &'static str,
    /// The aspect's exact angle (120 for a trine).
    pub angle: f64,
    /// The actual angular distance between the two points.
    pub separation: f64,
    pub orb: f64,
    pub applying: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub point_a_name: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub point_b_name: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub aspect_name: Option<&'static str>,
    /// With `includeText`: the interpretation of this aspect.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
}

impl AspectBody {
    /// `texts`: the texts of the aspect's horoscope type (`pointA` is the
    /// moving point for transits and progressions).
    pub fn from_aspect(aspect: &Aspect<PointId>, readable: Option<Language>, texts: Option<&Texts>) -> Self {
        Self {
            point_a: aspect.point_a.id(),
            point_b: aspect.point_b.id(),
            aspect: aspect.kind.id(),
            angle: aspect.kind.angle(),
            separation: aspect.separation,
            orb: aspect.orb,
            applying: aspect.applying,
            point_a_name: readable.map(|l| l.point_name(aspect.point_a)),
            point_b_name: readable.map(|l| l.point_name(aspect.point_b)),
            aspect_name: readable.map(|l| l.aspect_name(aspect.kind)),
            text: texts.and_then(|t| t.aspect(aspect.point_a, aspect.kind, AspectTarget::Point(aspect.point_b))),
        }
    }
}

/// The aspects of a list, each with its text from `texts`.
pub fn aspects_body(aspects: &[Aspect<PointId>], readable: Option<Language>, texts: Option<&Texts>) -> Vec<AspectBody> {
    aspects.iter().map(|a| AspectBody::from_aspect(a, readable, texts)).collect()
}

#[derive(Debug, Serialize)]
pub struct LongitudeDms {
    pub degrees: u32,
    pub minutes: u32,
    pub seconds: u32,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct HouseLongitude {
    pub longitude: f64,
    pub longitude_dms: LongitudeDms,
    pub sign: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sign_name: Option<&'static str>,
}

impl HouseLongitude {
    pub fn of(longitude: f64, readable: Option<Language>) -> Self {
        let [degrees, minutes, seconds] = dms(longitude);
        let sign = ZodiacPosition::of(longitude).sign;
        Self {
            longitude,
            longitude_dms: LongitudeDms { degrees, minutes, seconds },
            sign: sign.id(),
            sign_name: readable.map(|l| l.sign_name(sign)),
        }
    }
}

#[derive(Debug, Serialize)]
pub struct HousesBody {
    pub cusps: Vec<HouseLongitude>,
    /// ascendant, midheaven, armc, vertex.
    pub ascmc: Vec<HouseLongitude>,
}

/// Points, angles, houses and aspects of one chart, as every chart endpoint
/// shows them.
#[derive(Debug, Serialize)]
pub struct ChartBody {
    pub aspects: Vec<AspectBody>,
    pub points: BTreeMap<&'static str, PointBody>,
    pub angles: BTreeMap<&'static str, AngleBody>,
    pub houses: HousesBody,
}

impl ChartBody {
    /// Every part of the chart with its text from `texts` (one horoscope type).
    pub fn of(chart: &NatalChart, readable: Option<Language>, texts: Option<&Texts>) -> Self {
        Self {
            aspects: aspects_body(&chart.aspects, readable, texts),
            points: points_body(&chart.points, readable, texts),
            angles: angles_body(&chart.angles, readable, texts),
            houses: HousesBody::of(&chart.houses, readable),
        }
    }
}

pub fn points_body(points: &[PointPlacement], readable: Option<Language>, texts: Option<&Texts>) -> BTreeMap<&'static str, PointBody> {
    points
        .iter()
        .map(|p| {
            let body = PointBody {
                point_id: p.point.id(),
                name: readable.map(|l| l.point_name(p.point)),
                longitude: p.position.longitude,
                latitude: p.position.latitude,
                distance: p.position.distance,
                speed_longitude: p.position.speed_longitude,
                speed_latitude: p.position.speed_latitude,
                speed_distance: p.position.speed_distance,
                retrograde: p.retrograde,
                house_id: format!("house_{}", p.house),
                house_number: p.house,
                degrees_in_sign: p.zodiac.degrees_in_sign,
                degrees_in_sign_dms: p.zodiac.dms,
                sign: p.zodiac.sign.id(),
                sign_name: readable.map(|l| l.sign_name(p.zodiac.sign)),
                text: texts.and_then(|t| t.point_in_sign(p.point, p.zodiac.sign)),
                house_text: texts.and_then(|t| t.point_in_house(p.point, p.house)),
            };
            (p.point.id(), body)
        })
        .collect()
}

pub fn angles_body(angles: &[(AngleId, f64)], readable: Option<Language>, texts: Option<&Texts>) -> BTreeMap<&'static str, AngleBody> {
    angles
        .iter()
        .map(|&(angle, longitude)| {
            let zodiac = ZodiacPosition::of(longitude);
            let body = AngleBody {
                point_id: angle.id(),
                name: readable.map(|l| l.angle_name(angle)),
                longitude,
                degrees_in_sign: zodiac.degrees_in_sign,
                degrees_in_sign_dms: zodiac.dms,
                sign: zodiac.sign.id(),
                sign_name: readable.map(|l| l.sign_name(zodiac.sign)),
                text: texts.and_then(|t| t.angle_in_sign(angle, zodiac.sign)),
            };
            (angle.id(), body)
        })
        .collect()
}

impl HousesBody {
    pub fn of(houses: &HouseCusps, readable: Option<Language>) -> Self {
        Self {
            cusps: houses.cusps.iter().map(|&c| HouseLongitude::of(c, readable)).collect(),
            ascmc: [houses.ascendant, houses.midheaven, houses.armc, houses.vertex]
                .iter()
                .map(|&c| HouseLongitude::of(c, readable))
                .collect(),
        }
    }
}

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
        let document =
            if self.locations.is_empty() { document } else { document.with_meta("locations", serde_json::Value::Object(self.locations)) };
        // Any position from the Moshier ephemeris makes the answer a Moshier answer.
        document
            .with_meta("perspective", options.frame.perspective.id())
            .with_meta("houseSystem", self.house_system.unwrap_or(options.house_system).id())
            .with_meta("requestedHouseSystem", options.house_system.id())
            .with_meta("ephemeris", if self.moshier { "moshier" } else { "swiss_files" })
            .with_meta("language", options.language.code())
            .with_meta("warnings", serde_json::Value::from(self.warnings))
    }
}

pub fn ephemeris_error(error: EphemerisError, date_pointer: &str) -> ApiError {
    match error {
        EphemerisError::OutOfRange => ApiError::invalid_field(date_pointer, error.to_string()),
        EphemerisError::ChironUnavailable | EphemerisError::ChironOutOfRange => ApiError::invalid_field("/points", error.to_string()),
        EphemerisError::Setup(_) | EphemerisError::Computation(_) => ApiError::internal(error),
    }
}

/// The signed SVG and PNG links to the image of `chart`, made for the
/// caller's key and carrying the request's `customization`.
pub fn chart_image_link(
    app: &AppState,
    headers: &HeaderMap,
    caller: &Caller,
    chart: ChartSpec,
    options: &CommonOptions,
) -> Result<ImageLinks, ApiError> {
    crate::chart_image::link::issue(app, headers, caller, chart, options.customization.as_ref(), options)
}

/// The signed link to the AI summary of `chart`, in the request's language.
pub fn summary_link(
    app: &AppState,
    headers: &HeaderMap,
    caller: &Caller,
    horoscope: HoroscopeType,
    chart: ChartSpec,
    options: &CommonOptions,
) -> Result<crate::summary::link::SummaryLink, ApiError> {
    crate::summary::link::issue(app, headers, caller, horoscope, chart, options.language)
}

/// Title, description and signed image links of one chart of a response.
#[derive(Debug, Serialize)]
pub struct NamedChartLink {
    pub title: String,
    pub description: String,
    /// `url` (SVG) and `pngUrl`.
    #[serde(flatten)]
    pub links: ImageLinks,
}

// ---------------------------------------------------------------- texts

/// The interpretation texts of one horoscope type for one answer, in the
/// request's language: the caller's organization's copy where it has one,
/// the base text otherwise (one store query when loaded, however many texts
/// are then asked for).
pub struct Texts {
    horoscope: HoroscopeType,
    source: TextSource,
}

impl Texts {
    /// `None` unless the request asked for texts (`includeText`).
    pub async fn load(
        app: &AppState,
        caller: &Caller,
        horoscope: HoroscopeType,
        options: &CommonOptions,
    ) -> Result<Option<Self>, ApiError> {
        if !options.include_text {
            return Ok(None);
        }
        caller.may_read_texts(app).await?;
        let source = TextSource::load(app.table.as_ref(), &caller.organization.id, &[horoscope], options.language).await?;
        Ok(Some(Self { horoscope, source }))
    }

    pub fn point_in_sign(&self, point: PointId, sign: Sign) -> Option<String> {
        self.body(ContentKey { horoscope: self.horoscope, subject: Subject::PointInSign(point, sign) })
    }

    /// `house`: 1–12.
    pub fn point_in_house(&self, point: PointId, house: u8) -> Option<String> {
        if !(1..=12).contains(&house) {
            return None;
        }
        self.body(ContentKey { horoscope: self.horoscope, subject: Subject::PointInHouse(point, house) })
    }

    pub fn angle_in_sign(&self, angle: AngleId, sign: Sign) -> Option<String> {
        self.body(ContentKey { horoscope: self.horoscope, subject: Subject::AngleInSign(angle, sign) })
    }

    /// `a` as the calculation reports it (the moving point for transits and
    /// progressions); the key orders unordered pairs itself.
    pub fn aspect(&self, a: PointId, kind: AspectKind, b: AspectTarget) -> Option<String> {
        self.body(ContentKey::aspect(self.horoscope, a, kind, b))
    }

    /// The body of `key`. A missing text (the corpus completeness test
    /// forbids it) or an organization's copy left empty leaves the field out
    /// rather than failing the calculation; a missing one is logged.
    fn body(&self, key: ContentKey) -> Option<String> {
        if !key.in_corpus() {
            return None;
        }
        match self.source.text(&key) {
            Some(text) if !text.body.trim().is_empty() => Some(text.body),
            Some(_) => None,
            None => {
                tracing::error!(urn = %key.urn(self.source.language()), "interpretation text missing; the field is left out");
                None
            }
        }
    }
}

// ---------------------------------------------------------------- chart links

/// What a chart link of an answer shows, in the request's language.
pub enum LinkText<'a> {
    /// Progressions to `target_date` (`YYYY-MM-DD` as sent).
    Progressed {
        target_date: &'a str,
    },
    /// The natal chart progressions start from.
    ProgressionsNatal,
    SolarReturn {
        year: i32,
    },
    /// The first lunar return from `from` (`YYYY-MM-DD` as sent).
    LunarReturn {
        from: &'a str,
    },
    /// The natal chart of a return.
    ReturnNatal,
    /// Person 1 or 2 of a synastry.
    Person(u8),
    /// The transiting points at the start of a transit period.
    Transits {
        start_date: &'a str,
    },
}

impl LinkText<'_> {
    pub fn title(&self, language: Language) -> String {
        match (self, language) {
            (Self::Progressed { .. }, Language::En) => "Progressed chart".into(),
            (Self::Progressed { .. }, Language::Es) => "Carta progresada".into(),
            (Self::ProgressionsNatal | Self::ReturnNatal, Language::En) => "Natal chart".into(),
            (Self::ProgressionsNatal | Self::ReturnNatal, Language::Es) => "Carta natal".into(),
            (Self::SolarReturn { .. }, Language::En) => "Solar return".into(),
            (Self::SolarReturn { .. }, Language::Es) => "Revolución solar".into(),
            (Self::LunarReturn { .. }, Language::En) => "Lunar return".into(),
            (Self::LunarReturn { .. }, Language::Es) => "Revolución lunar".into(),
            (Self::Person(n), Language::En) => format!("Person {n}"),
            (Self::Person(n), Language::Es) => format!("Persona {n}"),
            (Self::Transits { .. }, Language::En) => "Transits".into(),
            (Self::Transits { .. }, Language::Es) => "Tránsitos".into(),
        }
    }

    pub fn description(&self, language: Language) -> String {
        match (self, language) {
            (Self::Progressed { target_date }, Language::En) => format!("Secondary progressions for {target_date}, day for a year"),
            (Self::Progressed { target_date }, Language::Es) => {
                format!("Progresiones secundarias para el {target_date}, un día por cada año")
            }
            (Self::ProgressionsNatal, Language::En) => "The birth chart the progressions start from".into(),
            (Self::ProgressionsNatal, Language::Es) => "La carta natal de la que parten las progresiones".into(),
            (Self::ReturnNatal, Language::En) => "The birth chart".into(),
            (Self::ReturnNatal, Language::Es) => "La carta natal".into(),
            (Self::SolarReturn { year }, Language::En) => format!("The Sun back on its natal degree in {year}"),
            (Self::SolarReturn { year }, Language::Es) => format!("El Sol de vuelta en su grado natal en {year}"),
            (Self::LunarReturn { from }, Language::En) => format!("The Moon back on its natal degree, first time from {from}"),
            (Self::LunarReturn { from }, Language::Es) => {
                format!("La Luna de vuelta en su grado natal, por primera vez desde el {from}")
            }
            (Self::Person(n), Language::En) => format!("Natal chart of person {n}"),
            (Self::Person(n), Language::Es) => format!("Carta natal de la persona {n}"),
            (Self::Transits { start_date }, Language::En) => {
                format!("The transiting points at the start of {start_date} around the natal chart")
            }
            (Self::Transits { start_date }, Language::Es) => {
                format!("Los puntos en tránsito al comienzo del {start_date} alrededor de la carta natal")
            }
        }
    }

    /// The link with this title and description in `language`.
    pub fn link(&self, language: Language, links: ImageLinks) -> NamedChartLink {
        NamedChartLink { title: self.title(language), description: self.description(language), links }
    }
}
