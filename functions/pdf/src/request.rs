//! The body of `POST /api/pdf-reports/generate`, parsed into a
//! [`ReportRequest`]: every bad field is a 422 pointing at it, unknown
//! `reportType` and `templateId` values list the valid ones.

use chrono::{DateTime, NaiveDate, NaiveDateTime, NaiveTime, Utc};
use serde::Deserialize;
use serde_json::{Value, json};
use shared::astro::Ephemeris;
use shared::astro::house::HouseSystem;
use shared::astro::time::{CivilDateTime, JulianDay, TimeZoneSpec};
use shared::http::ApiError;
use shared::http::fields::{PlacePointers, Problems, parse_language, parse_place};
use shared::http::{object, whole};

use crate::report::{Branding, Person, ReportKind, ReportRequest, Rgb8, Template};

/// Names longer than this are refused: they have to fit a cover.
const MAX_NAME: usize = 80;
const MAX_PLACE_NAME: usize = 120;

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct GenerateBody {
    report_type: String,
    template_id: Option<String>,
    #[serde(deserialize_with = "object::only")]
    subject: PersonBody,
    #[serde(default, deserialize_with = "object::optional")]
    partner: Option<PersonBody>,
    #[serde(default, deserialize_with = "object::optional")]
    transit_date: Option<DateBody>,
    language: Option<String>,
    house_system: Option<String>,
    #[serde(default, deserialize_with = "object::optional")]
    branding: Option<BrandingBody>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PersonBody {
    name: String,
    #[serde(deserialize_with = "object::only")]
    birth_date: DateBody,
    #[serde(deserialize_with = "object::only")]
    birth_place: PlaceBody,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DateBody {
    #[serde(deserialize_with = "whole::number")]
    year: i32,
    #[serde(deserialize_with = "whole::number")]
    month: u32,
    #[serde(deserialize_with = "whole::number")]
    day: u32,
    #[serde(default, deserialize_with = "whole::optional")]
    hour: Option<u32>,
    #[serde(default, deserialize_with = "whole::optional")]
    minute: Option<u32>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlaceBody {
    name: String,
    latitude: f64,
    longitude: f64,
    timezone: String,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct BrandingBody {
    company_name: Option<String>,
    primary_color: Option<String>,
    accent_color: Option<String>,
}

/// What a transit date left without a time means: noon.
const DEFAULT_HOUR: u32 = 12;

/// The civil date-time of a date object; `time_required` for births.
fn civil(date: &DateBody, pointer: &str, time_required: bool, problems: &mut Problems) -> Option<NaiveDateTime> {
    let day = NaiveDate::from_ymd_opt(date.year, date.month, date.day);
    if day.is_none() {
        problems.add(pointer, format!("{}-{:02}-{:02} is not a calendar date", date.year, date.month, date.day));
    }
    for (value, name) in [(date.hour, "hour"), (date.minute, "minute")] {
        if value.is_none() && time_required {
            problems.add(format!("{pointer}/{name}"), format!("give the {name} of birth (0–{})", if name == "hour" { 23 } else { 59 }));
        }
    }
    let hour = date.hour.unwrap_or(DEFAULT_HOUR);
    let minute = date.minute.unwrap_or(0);
    let time = NaiveTime::from_hms_opt(hour, minute, 0);
    if time.is_none() {
        let (field, detail) = if hour > 23 { ("hour", "hour must be 0–23") } else { ("minute", "minute must be 0–59") };
        problems.add(format!("{pointer}/{field}"), detail);
    }
    Some(day?.and_time(time?))
}

fn text_field(value: &str, pointer: &str, max: usize, problems: &mut Problems) -> String {
    let value = value.trim();
    if value.is_empty() {
        problems.add(pointer, "must not be empty");
    } else if value.chars().count() > max {
        problems.add(pointer, format!("at most {max} characters"));
    } else if value.chars().any(char::is_control) {
        problems.add(pointer, "must not contain control characters");
    }
    value.to_owned()
}

/// A person, or `None` with the problems noted.
fn person(body: &PersonBody, pointer: &str, ephemeris: &Ephemeris, problems: &mut Problems) -> Option<Person> {
    let name = text_field(&body.name, &format!("{pointer}/name"), MAX_NAME, problems);
    let place_pointer = format!("{pointer}/birthPlace");
    let place_name = text_field(&body.birth_place.name, &format!("{place_pointer}/name"), MAX_PLACE_NAME, problems);
    let pointers = PlacePointers {
        latitude: &format!("{place_pointer}/latitude"),
        longitude: &format!("{place_pointer}/longitude"),
        timezone: &format!("{place_pointer}/timezone"),
    };
    let place = parse_place(body.birth_place.latitude, body.birth_place.longitude, &body.birth_place.timezone, &pointers, problems);
    let date_pointer = format!("{pointer}/birthDate");
    let local = civil(&body.birth_date, &date_pointer, true, problems)?;
    let zone = place.zone?;
    let instant = resolve(local, &zone, &date_pointer, ephemeris, problems)?;
    Some(Person {
        name,
        local,
        zoned: instant.0,
        utc: instant.1,
        place_name,
        latitude: place.latitude,
        longitude: place.longitude,
        time_zone: body.birth_place.timezone.trim().to_owned(),
        zone,
    })
}

/// A local date-time in `zone`, inside the ephemeris' years.
fn resolve(
    local: NaiveDateTime,
    zone: &TimeZoneSpec,
    pointer: &str,
    ephemeris: &Ephemeris,
    problems: &mut Problems,
) -> Option<(DateTime<chrono::FixedOffset>, DateTime<Utc>)> {
    match (CivilDateTime { local, explicit_offset: None }).resolve(zone) {
        Ok(resolved) => {
            if let Err(error) = ephemeris.check_supported(resolved.julian_day_ut()) {
                problems.add(pointer, error.to_string());
                return None;
            }
            Some((resolved.local(), resolved.utc))
        }
        Err(error) => {
            problems.add(pointer, error.to_string());
            None
        }
    }
}

fn color(value: Option<&str>, pointer: &str, problems: &mut Problems) -> Option<Rgb8> {
    let value = value?;
    let parsed = Rgb8::parse_hex(value.trim());
    if parsed.is_none() {
        problems.add(pointer, "a colour as #rrggbb or #rgb");
    }
    parsed
}

fn valid_list<T>(all: &[T], id: impl Fn(&T) -> &'static str) -> String {
    all.iter().map(id).collect::<Vec<_>>().join(", ")
}

impl GenerateBody {
    /// The validated request; `today` decides the default moment of
    /// progressions and return reports (noon of that day, subject's zone).
    pub fn parse(&self, ephemeris: &Ephemeris, today: NaiveDate) -> Result<ReportRequest, ApiError> {
        let mut problems = Problems::default();
        let kind = ReportKind::parse(&self.report_type);
        if kind.is_none() {
            problems.add(
                "/reportType",
                format!("unknown report type '{}'; valid: {}", self.report_type, valid_list(&ReportKind::ALL, |k| k.id())),
            );
        }
        let template = match &self.template_id {
            None => Some(Template::Classic),
            Some(id) => {
                let template = Template::parse(id);
                if template.is_none() {
                    problems.add("/templateId", format!("unknown template '{id}'; valid: {}", valid_list(&Template::ALL, |t| t.id())));
                }
                template
            }
        };
        let language = parse_language(self.language.as_deref(), "/language", &mut problems);
        let house_system = match self.house_system.as_deref() {
            None => HouseSystem::Placidus,
            Some(id) => HouseSystem::parse(id).unwrap_or_else(|| {
                problems.add("/houseSystem", format!("unknown house system '{id}'; valid: {}", valid_list(&HouseSystem::ALL, |s| s.id())));
                HouseSystem::Placidus
            }),
        };
        let subject = person(&self.subject, "/subject", ephemeris, &mut problems);
        let partner = match (&self.partner, kind) {
            (Some(body), Some(ReportKind::Synastry)) => person(body, "/partner", ephemeris, &mut problems),
            (None, Some(ReportKind::Synastry)) => {
                problems.add("/partner", "a synastry report needs a partner: the second person's name, birthDate and birthPlace");
                None
            }
            (Some(_), Some(_)) => {
                problems.add("/partner", "only a synastry report has a partner");
                None
            }
            (None, _) | (_, None) => None,
        };
        // The moment the report is about, in the subject's birth time zone.
        let zone = TimeZoneSpec::parse(&self.subject.birth_place.timezone).ok();
        let at = match (&self.transit_date, kind) {
            (None, Some(ReportKind::Transit)) => {
                problems.add("/transitDate", "a transit report needs a transitDate (year, month, day; hour and minute default to 12:00)");
                None
            }
            (Some(_), Some(ReportKind::Natal | ReportKind::Synastry)) => {
                problems.add("/transitDate", "only transit, progressions and return reports take a transitDate");
                None
            }
            (Some(date), Some(_)) => civil(date, "/transitDate", false, &mut problems)
                .and_then(|local| resolve(local, zone.as_ref()?, "/transitDate", ephemeris, &mut problems))
                .map(|(_, utc)| utc),
            (None, Some(_)) => {
                let noon = today.and_hms_opt(DEFAULT_HOUR, 0, 0);
                noon.and_then(|local| resolve(local, zone.as_ref()?, "/transitDate", ephemeris, &mut problems)).map(|(_, utc)| utc)
            }
            (_, None) => None,
        };
        if let Some(at) = at
            && let Some(ReportKind::Progressions | ReportKind::SolarReturn | ReportKind::LunarReturn | ReportKind::Transit) = kind
            && let Some(subject) = &subject
            && at < subject.utc
        {
            problems.add("/transitDate", "must be after the subject's birth");
        }
        let branding = match &self.branding {
            None => Branding { company_name: None, primary: None, accent: None },
            Some(body) => Branding {
                company_name: body.company_name.as_deref().map(|name| text_field(name, "/branding/companyName", MAX_NAME, &mut problems)),
                primary: color(body.primary_color.as_deref(), "/branding/primaryColor", &mut problems),
                accent: color(body.accent_color.as_deref(), "/branding/accentColor", &mut problems),
            },
        };
        problems.into_result()?;
        let incomplete = || ApiError::invalid_field("/subject", "the request could not be read");
        Ok(ReportRequest {
            kind: kind.ok_or_else(incomplete)?,
            template: template.ok_or_else(incomplete)?,
            language,
            house_system,
            subject: subject.ok_or_else(incomplete)?,
            partner,
            at,
            branding,
        })
    }
}

/// The request in a canonical form: what names the stored report (with the
/// layout, the compatibility date and the organization's texts).
pub fn normalized(request: &ReportRequest) -> Value {
    let person = |p: &Person| {
        json!({
            "name": p.name,
            "local": p.local.format("%Y-%m-%dT%H:%M").to_string(),
            "utc": p.utc.to_rfc3339(),
            "place": p.place_name,
            "latitude": p.latitude,
            "longitude": p.longitude,
            "timezone": p.time_zone,
        })
    };
    json!({
        "reportType": request.kind.id(),
        "templateId": request.template.id(),
        "language": request.language.code(),
        "houseSystem": request.house_system.id(),
        "subject": person(&request.subject),
        "partner": request.partner.as_ref().map(person),
        "at": request.at.map(|at| JulianDay::from_utc(at).0),
        "branding": {
            "companyName": request.branding.company_name,
            "primary": request.branding.primary.map(Rgb8::hex),
            "accent": request.branding.accent.map(Rgb8::hex),
        },
    })
}
