//! Request parsing shared by the calc endpoints: camelCase bodies into the
//! domain's inputs, every bad field collected with its JSON pointer (one 422
//! naming them all).

use std::collections::BTreeMap;

use chrono::{DateTime, Days, NaiveTime, Utc};
use shared::astro::Ephemeris;
use shared::astro::aspect::{AspectKind, MAX_ORB, Orbs};
use shared::astro::chart::{ChartInput, MoonCenter};
use shared::astro::ephemeris::EphemerisError;
use shared::astro::frame::{Ayanamsa, Frame, Perspective, Zodiac};
use shared::astro::house::HouseSystem;
use shared::astro::point::PointId;
use shared::astro::time::{JulianDay, Repeated, ResolvedInstant, TimeZoneSpec, local_time_on, parse_date};
use shared::http::ApiError;
use shared::language::Language;
use shared::render::{Style, StyleError};

pub use shared::http::fields::{
    LocationBody, LocationFields, MAX_POINT_IDS, Place, PlacePointers, Problems, parse_date_and_time, parse_day, parse_instant,
    parse_language, parse_location, parse_location_fields, parse_place, too_long, too_many_items,
};

/// Declares a chart request body: its own fields plus the common options,
/// camelCase, unknown fields refused (serde's `flatten` cannot be combined
/// with `deny_unknown_fields`, hence a macro).
macro_rules! chart_request {
    ($(#[$meta:meta])* pub struct $name:ident { $($(#[$field_meta:meta])* $field:ident : $ty:ty),* $(,)? }) => {
        $(#[$meta])*
        // The JSON Schema (from the same fields serde reads) is what the MCP
        // tools publish as their input schemas: one description of the body.
        #[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
        #[serde(deny_unknown_fields, rename_all = "camelCase")]
        pub struct $name {
            $($(#[$field_meta])* pub $field: $ty,)*
            /// House system: `placidus` (default), `koch`, `whole_sign`, `equal`, `porphyry`, `regiomontanus`,
            /// `campanus`, … (docs/api.md lists all).
            pub house_system: Option<String>,
            /// Language of names and texts: `en` (default) or `es`.
            pub language: Option<String>,
            /// Embed the interpretation texts (needs `content:read` and the content module).
            pub include_text: Option<bool>,
            /// Add `readableEntities`: the same chart with display names.
            pub include_readable_entities: Option<bool>,
            /// Points to compute (ids such as `sun`, `moon`, `true_node`, `chiron`, `part_of_fortune`); default
            /// Sun to Pluto, the nodes and the angles.
            pub points: Option<Vec<String>>,
            /// Orb in degrees per aspect (`conjunction`, `trine`, …), replacing the defaults for those named.
            pub orbs: Option<std::collections::BTreeMap<String, f64>>,
            /// Widget-style `customization` of the chart images.
            pub customization: Option<serde_json::Value>,
            /// `tropical` (default) or `sidereal`.
            pub zodiac: Option<String>,
            /// With `zodiac: sidereal`: the ayanamsa (`lahiri` default; any Swiss Ephemeris ayanamsa id).
            pub ayanamsa: Option<String>,
            /// `geocentric` (default), `topocentric` or `heliocentric`.
            pub perspective: Option<String>,
        }

        impl $name {
            pub fn common_options(&self) -> $crate::request::CommonOptionsBody {
                $crate::request::CommonOptionsBody {
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
    if let Some((pointer, detail)) = customization.as_ref().and_then(|c| customization_problem(c, "/customization")) {
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

/// What is wrong with a request's `customization` (found at `pointer`) as
/// the renderer reads it: (JSON pointer of the member, detail).
fn customization_problem(customization: &serde_json::Value, pointer: &str) -> Option<(String, String)> {
    Style::from_customization_at(customization, pointer).err().map(|error| (error.pointer.clone(), style_error_detail(&error)))
}

/// A style error's message, with the values it would take.
pub fn style_error_detail(error: &StyleError) -> String {
    if error.valid_values.is_empty() {
        error.message.clone()
    } else {
        format!("{}; valid: {}", error.message, error.valid_values.join(", "))
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

/// An optional choice among `all`, named by its id: the default when absent;
/// an unknown id is a problem on `pointer` that lists the valid ones.
pub fn parse_choice<T: Copy + Default>(
    text: Option<&str>,
    all: &[T],
    id: fn(T) -> &'static str,
    (pointer, what): (&str, &str),
    problems: &mut Problems,
) -> T {
    let Some(text) = text else { return T::default() };
    all.iter().copied().find(|&choice| id(choice) == text).unwrap_or_else(|| {
        let valid: Vec<&str> = all.iter().map(|&choice| id(choice)).collect();
        problems.add(pointer, format!("unknown {what} '{text}'; valid: {}", valid.join(", ")));
        T::default()
    })
}

/// The birth chart of a request that starts from one (progressions,
/// directions): its instant and place with the request's chart options and
/// the default (topocentric) Moon.
pub fn birth_chart_input(birth: &ResolvedInstant, place: &Place, options: &CommonOptions) -> ChartInput {
    ChartInput {
        frame: options.frame,
        instant: birth.julian_day_ut(),
        latitude: place.latitude,
        longitude: place.longitude,
        house_system: options.house_system,
        moon_center: MoonCenter::default(),
        points: options.points.clone(),
        orbs: options.orbs.clone(),
    }
}

/// A moment after birth (`targetDate` of the directions, `date` of the
/// firdaria): a day
/// `YYYY-MM-DD`, read as local noon in the birth zone as progressions read
/// one, or a local date-time. Before `birth` is a problem at `pointer`.
pub fn parse_target_moment(
    text: &str,
    zone: Option<&TimeZoneSpec>,
    birth: Option<&ResolvedInstant>,
    ephemeris: &Ephemeris,
    pointer: &str,
    problems: &mut Problems,
) -> Option<ResolvedInstant> {
    let target = if text.len() == 10 {
        let day = parse_day(text, pointer, problems)?;
        let noon = local_time_on(day, NaiveTime::from_hms_opt(12, 0, 0).unwrap_or_default(), zone?, Repeated::Earlier);
        match noon {
            Some(noon) if ephemeris.check_supported(noon.julian_day_ut()).is_ok() => noon,
            Some(_) => {
                problems.add(pointer, EphemerisError::OutOfRange.to_string());
                return None;
            }
            None => {
                problems.add(pointer, "this day has no noon in the birth time zone");
                return None;
            }
        }
    } else {
        parse_instant(text, zone, ephemeris, pointer, problems)?
    };
    if birth.is_some_and(|birth| target.utc < birth.utc) {
        problems.add(pointer, "must not be before the birth");
        return None;
    }
    Some(target)
}

/// A domain error of the ephemeris as the API's: a date out of range points
/// at `date_pointer`, a missing asteroid file at `/points`.
pub fn ephemeris_error(error: EphemerisError, date_pointer: &str) -> ApiError {
    match error {
        EphemerisError::OutOfRange => ApiError::invalid_field(date_pointer, error.to_string()),
        EphemerisError::ChironUnavailable | EphemerisError::ChironOutOfRange => ApiError::invalid_field("/points", error.to_string()),
        EphemerisError::Setup(_) | EphemerisError::Computation(_) => ApiError::internal(error),
    }
}
