//! What a report says, before any page is laid out: the charts computed
//! from the request, turned into the cover facts, the wheel, the tables and
//! the interpretation texts, every word in the request's language. Pure: no
//! I/O (the texts come in through a lookup), no PDF.

pub mod labels;
pub mod sample;

use chrono::{DateTime, FixedOffset, NaiveDateTime, Utc};
use shared::astro::Ephemeris;
use shared::astro::aspect::{Aspect, Orbs};
use shared::astro::chart::progression::{ProgressedAngles, progress};
use shared::astro::chart::returns::{lunar_return, solar_return};
use shared::astro::chart::transit::default_transit_orbs;
use shared::astro::chart::{ChartInput, MoonCenter, NatalChart, PointPlacement};
use shared::astro::ephemeris::EphemerisError;
use shared::astro::house::{HouseSystem, house_of};
use shared::astro::point::{AngleId, PointId};
use shared::astro::time::{JulianDay, TimeZoneSpec};
use shared::astro::zodiac::{Sign, ZodiacPosition};
use shared::content::{AspectTarget, ContentKey, HoroscopeType, Subject, Text};
use shared::language::Language;
use shared::render::{Ring, Wheel};
use shared::summary::scoring::{Element, Modality, element_of, modality_of};

use labels::Phrase;

/// The report types, as `reportType` names them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ReportKind {
    Natal,
    Synastry,
    Transit,
    Progressions,
    SolarReturn,
    LunarReturn,
}

impl ReportKind {
    pub const ALL: [ReportKind; 6] = [Self::Natal, Self::Synastry, Self::Transit, Self::Progressions, Self::SolarReturn, Self::LunarReturn];

    pub fn id(self) -> &'static str {
        self.horoscope().id()
    }

    pub fn parse(id: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|kind| kind.id() == id)
    }

    /// The corpus the report's texts come from.
    pub fn horoscope(self) -> HoroscopeType {
        match self {
            Self::Natal => HoroscopeType::Natal,
            Self::Synastry => HoroscopeType::Synastry,
            Self::Transit => HoroscopeType::Transit,
            Self::Progressions => HoroscopeType::Progressions,
            Self::SolarReturn => HoroscopeType::SolarReturn,
            Self::LunarReturn => HoroscopeType::LunarReturn,
        }
    }

    /// Every corpus the report reads: synastry also portrays each person
    /// with natal texts.
    pub fn corpora(self) -> Vec<HoroscopeType> {
        match self {
            Self::Synastry => vec![HoroscopeType::Synastry, HoroscopeType::Natal],
            other => vec![other.horoscope()],
        }
    }
}

/// The page designs (`templateId`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Template {
    /// Centred headings over thin rules, a framed cover, ink on cream.
    Classic,
    /// A coloured band on the cover and at each page's head, left-aligned
    /// headings, tinted table rows.
    Modern,
}

impl Template {
    pub const ALL: [Template; 2] = [Self::Classic, Self::Modern];

    pub fn id(self) -> &'static str {
        match self {
            Self::Classic => "classic",
            Self::Modern => "modern",
        }
    }

    pub fn parse(id: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|template| template.id() == id)
    }
}

/// An sRGB colour, 0–255 per channel.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Rgb8(pub u8, pub u8, pub u8);

impl Rgb8 {
    /// `#rrggbb` or `#rgb`.
    pub fn parse_hex(text: &str) -> Option<Self> {
        let hex = text.strip_prefix('#')?;
        let channel = |s: &str| u8::from_str_radix(s, 16).ok();
        match hex.len() {
            6 => Some(Self(channel(&hex[0..2])?, channel(&hex[2..4])?, channel(&hex[4..6])?)),
            3 => {
                let short = |i: usize| channel(&hex[i..=i]).map(|v| v * 17);
                Some(Self(short(0)?, short(1)?, short(2)?))
            }
            _ => None,
        }
    }

    pub fn hex(self) -> String {
        format!("#{:02x}{:02x}{:02x}", self.0, self.1, self.2)
    }
}

/// White-label branding: whose report it is and its colours. No remote
/// logo is ever fetched.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Branding {
    /// Printed on the cover, in the footer and as the PDF's author.
    pub company_name: Option<String>,
    /// Headings, rules and the cover band.
    pub primary: Option<Rgb8>,
    /// Highlights: table heads, the balance bars.
    pub accent: Option<Rgb8>,
}

/// One person of the request, resolved.
#[derive(Debug, Clone)]
pub struct Person {
    pub name: String,
    /// The birth moment as given (local civil time).
    pub local: NaiveDateTime,
    /// The same moment with the offset in force then.
    pub zoned: DateTime<FixedOffset>,
    pub utc: DateTime<Utc>,
    pub place_name: String,
    pub latitude: f64,
    pub longitude: f64,
    /// The IANA name (or offset) as given.
    pub time_zone: String,
    /// That zone: the offsets of other moments of the report at the place.
    pub zone: TimeZoneSpec,
}

/// A validated request: everything the report depends on.
#[derive(Debug, Clone)]
pub struct ReportRequest {
    pub kind: ReportKind,
    pub template: Template,
    pub language: Language,
    pub house_system: HouseSystem,
    pub subject: Person,
    /// Synastry only.
    pub partner: Option<Person>,
    /// The moment a transit, progressions or return report is about: in the
    /// subject's birth time zone. Transits: required. Progressions: the
    /// progressed date. Returns: the return in force then.
    pub at: Option<DateTime<Utc>>,
    pub branding: Branding,
}

/// Facts printed on the cover, a heading over label–value rows.
#[derive(Debug, Clone, PartialEq)]
pub struct FactBlock {
    pub heading: String,
    pub rows: Vec<(String, String)>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct PositionRow {
    pub symbol: Option<char>,
    pub name: String,
    pub sign: Sign,
    pub sign_name: String,
    /// "12°34′".
    pub degree: String,
    pub house: Option<u8>,
    pub retrograde: bool,
}

#[derive(Debug, Clone, PartialEq)]
pub struct PositionTable {
    pub title: String,
    pub rows: Vec<PositionRow>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct CuspRow {
    pub house: u8,
    pub sign: Sign,
    pub sign_name: String,
    pub degree: String,
}

#[derive(Debug, Clone, PartialEq)]
pub struct AspectRow {
    /// The first point (its symbol and name).
    pub first: (Option<char>, String),
    pub symbol: Option<char>,
    pub aspect: String,
    pub second: (Option<char>, String),
    /// "2°15′".
    pub orb: String,
    pub applying: bool,
}

#[derive(Debug, Clone, PartialEq)]
pub struct AspectTable {
    pub title: String,
    /// Whose point each column holds ("Progressed", "Natal"; "Point" twice
    /// within one chart).
    pub columns: (String, String),
    pub rows: Vec<AspectRow>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Balance {
    pub title: String,
    /// Fire, earth, air, water: (name, count, the planets' names).
    pub elements: Vec<(String, usize, String)>,
    /// Cardinal, fixed, mutable.
    pub modalities: Vec<(String, usize, String)>,
    /// "Ascendant in Leo" when the chart has one.
    pub ascendant: Option<String>,
}

/// One interpretation: a heading and the corpus text.
#[derive(Debug, Clone, PartialEq)]
pub struct Reading {
    pub heading: String,
    pub body: String,
}

#[derive(Debug, Clone, PartialEq)]
pub struct ReadingSection {
    pub title: String,
    pub readings: Vec<Reading>,
}

/// A report's content, every string in its language.
#[derive(Debug, Clone)]
pub struct Report {
    pub kind: ReportKind,
    pub template: Template,
    pub language: Language,
    pub branding: Branding,
    pub title: String,
    /// Whose report: "María José" or "María José and Tomás".
    pub subject: String,
    pub facts: Vec<FactBlock>,
    pub wheel: Wheel,
    pub positions: Vec<PositionTable>,
    pub cusps: Vec<CuspRow>,
    pub aspects: AspectTable,
    pub balances: Vec<Balance>,
    pub readings: Vec<ReadingSection>,
    /// The PDF's creation date.
    pub created: DateTime<Utc>,
}

#[derive(Debug, thiserror::Error)]
pub enum ReportError {
    /// A date the ephemeris does not cover, or a computation that failed.
    #[error("{0}")]
    Ephemeris(#[from] EphemerisError),
    /// A request the parser should have refused (a synastry without a partner).
    #[error("{0}")]
    Incomplete(&'static str),
}

/// The corpus texts a report prints: the caller's organization's copy where
/// it has one.
pub trait TextLookup {
    fn text(&self, key: &ContentKey) -> Option<Text>;
}

impl<F: Fn(&ContentKey) -> Option<Text>> TextLookup for F {
    fn text(&self, key: &ContentKey) -> Option<Text> {
        self(key)
    }
}

/// The widest orb of a progressed-to-natal aspect a report lists.
pub const PROGRESSED_ORB: f64 = 1.0;

/// The charts of a report.
struct Charts {
    inner: NatalChart,
    /// The other chart: partner, transits, progressed, return.
    outer: Option<NatalChart>,
    /// Between the two charts (leading chart's point first), or within the
    /// only one.
    aspects: Vec<Aspect<PointId>>,
    /// Which ring each aspect's first point is on.
    leading: Ring,
    /// The moment the outer chart is cast for.
    outer_at: Option<JulianDay>,
}

fn input_of(person: &Person, house_system: HouseSystem, ephemeris: &Ephemeris) -> ChartInput {
    ChartInput::with_defaults(ephemeris, JulianDay::from_utc(person.utc), person.latitude, person.longitude, house_system)
}

/// `leading`'s points against `still`'s, the second held still (its motion
/// does not decide applying), tightest first: the order the report lists them.
fn across(leading: &NatalChart, still: &NatalChart, orbs: &Orbs) -> Vec<Aspect<PointId>> {
    let mut aspects = leading.aspects_to(still, orbs);
    aspects.sort_by(|a, b| a.orb.total_cmp(&b.orb));
    aspects
}

fn compute(ephemeris: &Ephemeris, request: &ReportRequest) -> Result<Charts, ReportError> {
    let natal_input = input_of(&request.subject, request.house_system, ephemeris);
    let at = request.at.map(JulianDay::from_utc);
    let now_or = |at: Option<JulianDay>| at.unwrap_or_else(|| JulianDay::from_utc(Utc::now()));
    Ok(match request.kind {
        ReportKind::Natal => {
            let inner = NatalChart::compute(ephemeris, &natal_input)?;
            let aspects = inner.aspects.clone();
            Charts { inner, outer: None, aspects, leading: Ring::Inner, outer_at: None }
        }
        ReportKind::Synastry => {
            let partner = request.partner.as_ref().ok_or(ReportError::Incomplete("a synastry report needs a partner"))?;
            let inner = NatalChart::compute(ephemeris, &natal_input)?;
            let outer = NatalChart::compute(ephemeris, &input_of(partner, request.house_system, ephemeris))?;
            let aspects = across(&inner, &outer, &Orbs::default());
            Charts { inner, outer: Some(outer), aspects, leading: Ring::Inner, outer_at: None }
        }
        ReportKind::Transit => {
            let at = at.ok_or(ReportError::Incomplete("a transit report needs a transit date"))?;
            ephemeris.check_supported(at)?;
            let inner = NatalChart::compute(ephemeris, &natal_input)?;
            let mut points = PointId::PLANETS.to_vec();
            if ephemeris.chiron_available_at(at) {
                points.push(PointId::Chiron);
            }
            points.push(PointId::TrueNode);
            let moving = ChartInput { instant: at, moon_center: MoonCenter::Geocentric, points, ..natal_input.clone() };
            let outer = NatalChart::compute(ephemeris, &moving)?;
            let aspects = across(&outer, &inner, &default_transit_orbs());
            Charts { inner, outer: Some(outer), aspects, leading: Ring::Outer, outer_at: Some(at) }
        }
        ReportKind::Progressions => {
            let target = now_or(at);
            let progression = progress(ephemeris, &natal_input, target, ProgressedAngles::default())?;
            // Progressed contacts are read within a degree: a progressed
            // planet moves about a degree a year, so the orb is its year.
            let mut aspects: Vec<_> = progression.aspects_to_natal.into_iter().filter(|a| a.orb <= PROGRESSED_ORB).collect();
            aspects.sort_by(|a, b| a.orb.total_cmp(&b.orb));
            Charts { inner: progression.natal, outer: Some(progression.progressed), aspects, leading: Ring::Outer, outer_at: Some(target) }
        }
        ReportKind::SolarReturn | ReportKind::LunarReturn => {
            let inner = NatalChart::compute(ephemeris, &natal_input)?;
            let target = now_or(at);
            ephemeris.check_supported(target)?;
            let moment = if request.kind == ReportKind::SolarReturn {
                let sun = inner.position_of(PointId::Sun).map(|p| p.longitude).unwrap_or_default();
                // The return in force at the target: the last one before it.
                let years = ((target.0 - natal_input.instant.0) / 365.242_189).floor() as i32;
                let found = solar_return(ephemeris, natal_input.instant, sun, years, natal_input.frame.zodiac)?;
                if found.0 > target.0 {
                    solar_return(ephemeris, natal_input.instant, sun, years - 1, natal_input.frame.zodiac)?
                } else {
                    found
                }
            } else {
                let moon = inner.position_of(PointId::Moon).map(|p| p.longitude).unwrap_or_default();
                // The return in force: the first one after the target, less a month.
                let next = lunar_return(ephemeris, moon, target, natal_input.frame.zodiac)?;
                if (next.0 - target.0).abs() < 1e-6 {
                    next
                } else {
                    lunar_return(ephemeris, moon, JulianDay(next.0 - 28.5), natal_input.frame.zodiac)?
                }
            };
            let outer = NatalChart::compute(ephemeris, &ChartInput { instant: moment, ..natal_input.clone() })?;
            let aspects = outer.aspects.clone();
            Charts { inner, outer: Some(outer), aspects, leading: Ring::Outer, outer_at: Some(moment) }
        }
    })
}

/// The whole report of `request`, its texts looked up in `texts`.
pub fn build(
    ephemeris: &Ephemeris,
    request: &ReportRequest,
    texts: &dyn TextLookup,
    created: DateTime<Utc>,
) -> Result<Report, ReportError> {
    let charts = compute(ephemeris, request)?;
    let language = request.language;
    let l = |phrase: Phrase| phrase.get(language).to_owned();

    let subject = match &request.partner {
        Some(partner) if request.kind == ReportKind::Synastry => {
            format!("{} {} {}", request.subject.name, l(labels::AND), partner.name)
        }
        _ => request.subject.name.clone(),
    };

    // The cover.
    let mut facts = vec![person_facts(&request.subject, request, &charts.inner)];
    if let (ReportKind::Synastry, Some(partner), Some(outer)) = (request.kind, &request.partner, &charts.outer) {
        facts.push(person_facts(partner, request, outer));
    }
    if let Some(at) = charts.outer_at.and_then(JulianDay::to_utc) {
        let zoned = at.with_timezone(&request.subject.zone.offset_at(at));
        let heading = match request.kind {
            ReportKind::Transit => labels::TRANSITS_ON,
            ReportKind::Progressions => labels::PROGRESSED_TO,
            _ => labels::RETURN_MOMENT,
        };
        facts.push(FactBlock {
            heading: l(heading),
            rows: vec![
                (l(labels::second_chart(request.kind)), moment_text(language, zoned)),
                (l(labels::UNIVERSAL_TIME), utc_text(language, at)),
                (
                    l(labels::PLACE),
                    format!(
                        "{} · {}",
                        request.subject.place_name,
                        coordinates(request.subject.latitude, request.subject.longitude, language)
                    ),
                ),
            ],
        });
    }

    // The wheel: natal (or person 1) inside.
    let wheel = match &charts.outer {
        None => Wheel::natal(&charts.inner),
        Some(outer) => Wheel::bi_wheel(&charts.inner, &outer.points, &charts.aspects, charts.leading),
    };
    let outer_name = match request.kind {
        ReportKind::Synastry => request.partner.as_ref().map(|p| p.name.clone()),
        _ => charts.outer.as_ref().map(|_| l(labels::second_chart(request.kind))),
    };
    // Headed with what it draws; the names go beside (natal) or under it (a
    // dot of each ring's colour by each name).
    let wheel = wheel.titled(l(labels::wheel_title(request.kind))).named(request.subject.name.clone(), outer_name.clone());

    // Tables.
    let inner_title = match request.kind {
        ReportKind::Synastry | ReportKind::Natal => request.subject.name.clone(),
        _ => format!("{} · {}", l(labels::NATAL), request.subject.name),
    };
    let mut positions = vec![position_table(&inner_title, &charts.inner.points, None, language)];
    let mut balances = vec![balance(&inner_title, &charts.inner, language)];
    if let Some(outer) = &charts.outer {
        let title = outer_name.clone().unwrap_or_default();
        // Transiting planets are read in the natal houses.
        let overlay = (request.kind == ReportKind::Transit).then_some(&charts.inner.houses.cusps);
        positions.push(position_table(&title, &outer.points, overlay, language));
        if request.kind != ReportKind::Transit {
            balances.push(balance(&title, outer, language));
        }
    }
    // The house cusps of the chart the report reads houses in.
    let housed = match (&charts.outer, request.kind) {
        (Some(outer), ReportKind::SolarReturn | ReportKind::LunarReturn | ReportKind::Progressions) => outer,
        _ => &charts.inner,
    };
    let cusps = housed
        .houses
        .cusps
        .iter()
        .enumerate()
        .map(|(index, &longitude)| {
            let zodiac = ZodiacPosition::of(longitude);
            CuspRow {
                house: index as u8 + 1,
                sign: zodiac.sign,
                sign_name: language.sign_name(zodiac.sign).to_owned(),
                degree: degree(&zodiac),
            }
        })
        .collect();
    let columns = match request.kind {
        ReportKind::Natal | ReportKind::SolarReturn | ReportKind::LunarReturn => (l(labels::POINT), l(labels::POINT)),
        ReportKind::Synastry => (request.subject.name.clone(), request.partner.as_ref().map(|p| p.name.clone()).unwrap_or_default()),
        ReportKind::Transit | ReportKind::Progressions => (l(labels::second_chart(request.kind)), l(labels::NATAL)),
    };
    let aspects = AspectTable {
        title: l(labels::ASPECTS),
        columns,
        rows: charts
            .aspects
            .iter()
            .map(|aspect| AspectRow {
                first: (labels::point_symbol(aspect.point_a), language.point_name(aspect.point_a).to_owned()),
                symbol: labels::aspect_symbol(aspect.kind),
                aspect: language.aspect_name(aspect.kind).to_owned(),
                second: (labels::point_symbol(aspect.point_b), language.point_name(aspect.point_b).to_owned()),
                orb: degree(&ZodiacPosition::of(aspect.orb)),
                applying: aspect.applying,
            })
            .collect(),
    };

    let readings = readings(request, &charts, texts);
    Ok(Report {
        kind: request.kind,
        template: request.template,
        language,
        branding: request.branding.clone(),
        title: l(labels::title(request.kind)),
        subject,
        facts,
        wheel,
        positions,
        cusps,
        aspects,
        balances,
        readings,
        created,
    })
}

fn person_facts(person: &Person, request: &ReportRequest, chart: &NatalChart) -> FactBlock {
    let language = request.language;
    let l = |phrase: Phrase| phrase.get(language).to_owned();
    let offset = person.zoned.offset().to_string();
    let mut rows = vec![
        (l(labels::BORN), moment_text(language, person.zoned)),
        (l(labels::UNIVERSAL_TIME), utc_text(language, person.utc)),
        (l(labels::PLACE), person.place_name.clone()),
        (String::new(), coordinates(person.latitude, person.longitude, language)),
        (l(labels::TIME_ZONE), format!("{} (UTC{offset})", person.time_zone)),
        (l(labels::HOUSE_SYSTEM), language.house_system_name(chart.houses_system(request.house_system)).to_owned()),
    ];
    if let Some(ascendant) = chart.angles.iter().find(|(angle, _)| *angle == AngleId::Ascendant) {
        let sign = ZodiacPosition::of(ascendant.1).sign;
        rows.push((
            language.angle_name(AngleId::Ascendant).to_owned(),
            format!("{} {}", labels::sign_symbol(sign), language.sign_name(sign)),
        ));
    }
    FactBlock { heading: person.name.clone(), rows }
}

/// The house system a chart was drawn in (a polar latitude may replace the one asked for).
trait HousesSystem {
    fn houses_system(&self, requested: HouseSystem) -> HouseSystem;
}

impl HousesSystem for NatalChart {
    fn houses_system(&self, requested: HouseSystem) -> HouseSystem {
        self.warnings
            .iter()
            .find_map(|warning| match warning {
                shared::astro::chart::ChartWarning::HouseSystemReplaced { used, .. } => Some(*used),
                _ => None,
            })
            .unwrap_or(requested)
    }
}

/// "11 May 1990, 14:30 (UTC+02:00)", to the nearest minute (a moment
/// back from a Julian day can sit a few microseconds before the minute).
fn moment_text(language: Language, at: DateTime<FixedOffset>) -> String {
    let at = nearest_minute(at);
    format!("{}, {} (UTC{})", language.long_date(at), at.format("%H:%M"), at.offset())
}

fn utc_text(language: Language, at: DateTime<Utc>) -> String {
    let at = nearest_minute(at);
    format!("{}, {} UTC", language.long_date(at), at.format("%H:%M"))
}

fn nearest_minute<Tz: chrono::TimeZone>(at: DateTime<Tz>) -> DateTime<Tz> {
    use chrono::DurationRound;
    let rounded = at.clone().duration_round(chrono::TimeDelta::minutes(1));
    rounded.unwrap_or(at)
}

/// "40°25′N 3°42′W" (Spanish: O for west).
pub fn coordinates(latitude: f64, longitude: f64, language: Language) -> String {
    let part = |value: f64, positive: &str, negative: &str| {
        let minutes = (value.abs() * 60.0).round() as i64;
        format!("{}°{:02}′{}", minutes / 60, minutes % 60, if value < 0.0 { negative } else { positive })
    };
    let west = if language == Language::Es { "O" } else { "W" };
    format!("{} {}", part(latitude, "N", "S"), part(longitude, "E", west))
}

/// "12°34′" (within the sign; an orb reads the same).
fn degree(zodiac: &ZodiacPosition) -> String {
    format!("{}°{:02}′", zodiac.dms[0], zodiac.dms[1])
}

fn position_table(title: &str, points: &[PointPlacement], overlay: Option<&[f64; 12]>, language: Language) -> PositionTable {
    PositionTable {
        title: title.to_owned(),
        rows: points
            .iter()
            .map(|placement| PositionRow {
                symbol: labels::point_symbol(placement.point),
                name: language.point_name(placement.point).to_owned(),
                sign: placement.zodiac.sign,
                sign_name: language.sign_name(placement.zodiac.sign).to_owned(),
                degree: degree(&placement.zodiac),
                house: Some(match overlay {
                    Some(cusps) => house_of(placement.position.longitude, cusps),
                    None => placement.house,
                })
                .filter(|house| (1..=12).contains(house)),
                retrograde: placement.retrograde,
            })
            .collect(),
    }
}

fn balance(title: &str, chart: &NatalChart, language: Language) -> Balance {
    let planets: Vec<&PointPlacement> = chart.points.iter().filter(|p| PointId::PLANETS.contains(&p.point)).collect();
    let tally = |matches: &dyn Fn(Sign) -> bool| {
        let names: Vec<&str> = planets.iter().filter(|p| matches(p.zodiac.sign)).map(|p| language.point_name(p.point)).collect();
        (names.len(), names.join(", "))
    };
    let elements = [Element::Fire, Element::Earth, Element::Air, Element::Water]
        .into_iter()
        .map(|element| {
            let (count, names) = tally(&|sign| element_of(sign) == element);
            (labels::element(element).get(language).to_owned(), count, names)
        })
        .collect();
    let modalities = [Modality::Cardinal, Modality::Fixed, Modality::Mutable]
        .into_iter()
        .map(|modality| {
            let (count, names) = tally(&|sign| modality_of(sign) == modality);
            (labels::modality(modality).get(language).to_owned(), count, names)
        })
        .collect();
    let ascendant = chart.angles.iter().find(|(angle, _)| *angle == AngleId::Ascendant).map(|(_, longitude)| {
        format!("{} {}", labels::ASCENDANT_IN.get(language), language.sign_name(ZodiacPosition::of(*longitude).sign))
    });
    Balance { title: title.to_owned(), elements, modalities, ascendant }
}

/// The interpretation sections: placements in signs, in houses, the angles
/// and the aspects, each text under its own heading.
fn readings(request: &ReportRequest, charts: &Charts, texts: &dyn TextLookup) -> Vec<ReadingSection> {
    let language = request.language;
    let horoscope = request.kind.horoscope();
    let l = |phrase: Phrase| phrase.get(language).to_owned();
    let read = |key: ContentKey| texts.text(&key).filter(|text| !text.body.trim().is_empty());
    let reading = |key: ContentKey| read(key).map(|text| Reading { heading: text.title, body: text.body });
    let mut sections = Vec::new();

    // The chart whose placements the corpus reads: the natal chart, the
    // progressed chart, the return chart.
    let placed = match request.kind {
        ReportKind::Natal => Some(&charts.inner),
        ReportKind::Progressions | ReportKind::SolarReturn | ReportKind::LunarReturn => charts.outer.as_ref(),
        ReportKind::Synastry | ReportKind::Transit => None,
    };
    if request.kind == ReportKind::Synastry {
        // Each person in brief: Sun, Moon and Ascendant in their signs.
        let mut portraits = Vec::new();
        let people = [Some(&request.subject), request.partner.as_ref()];
        for (person, chart) in people.into_iter().zip([Some(&charts.inner), charts.outer.as_ref()]) {
            let (Some(person), Some(chart)) = (person, chart) else { continue };
            for placement in chart.points.iter().filter(|p| matches!(p.point, PointId::Sun | PointId::Moon)) {
                let key =
                    ContentKey { horoscope: HoroscopeType::Natal, subject: Subject::PointInSign(placement.point, placement.zodiac.sign) };
                if let Some(mut reading) = reading(key) {
                    reading.heading = format!("{} — {}", person.name, reading.heading);
                    portraits.push(reading);
                }
            }
            if let Some((_, longitude)) = chart.angles.iter().find(|(angle, _)| *angle == AngleId::Ascendant) {
                let key = ContentKey {
                    horoscope: HoroscopeType::Natal,
                    subject: Subject::AngleInSign(AngleId::Ascendant, ZodiacPosition::of(*longitude).sign),
                };
                if let Some(mut reading) = reading(key) {
                    reading.heading = format!("{} — {}", person.name, reading.heading);
                    portraits.push(reading);
                }
            }
        }
        sections.push(ReadingSection { title: l(labels::PORTRAITS), readings: portraits });
    }
    if let Some(chart) = placed {
        let in_signs =
            chart.points.iter().filter_map(|p| reading(ContentKey { horoscope, subject: Subject::PointInSign(p.point, p.zodiac.sign) }));
        sections.push(ReadingSection { title: l(labels::PLACEMENTS), readings: in_signs.collect() });
        let in_houses = chart
            .points
            .iter()
            .filter(|p| (1..=12).contains(&p.house))
            .filter_map(|p| reading(ContentKey { horoscope, subject: Subject::PointInHouse(p.point, p.house) }));
        sections.push(ReadingSection { title: l(labels::IN_HOUSES), readings: in_houses.collect() });
        let angles = chart.angles.iter().filter(|(angle, _)| matches!(angle, AngleId::Ascendant | AngleId::Midheaven)).filter_map(
            |(angle, longitude)| {
                reading(ContentKey { horoscope, subject: Subject::AngleInSign(*angle, ZodiacPosition::of(*longitude).sign) })
            },
        );
        sections.push(ReadingSection { title: l(labels::ANGLES), readings: angles.collect() });
    }
    let aspects = charts
        .aspects
        .iter()
        .filter_map(|aspect| reading(ContentKey::aspect(horoscope, aspect.point_a, aspect.kind, AspectTarget::Point(aspect.point_b))));
    sections.push(ReadingSection { title: l(labels::ASPECTS), readings: aspects.collect() });
    sections.retain(|section| !section.readings.is_empty());
    sections
}
