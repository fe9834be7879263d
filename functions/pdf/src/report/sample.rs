//! Fixed requests for the benchmark, the example documents in `docs/` and
//! tests: María José, born in Madrid on 11 May 1990 at 14:30, and Tomás,
//! born in Sevilla on 2 November 1988 at 08:15.

use chrono::{DateTime, FixedOffset, NaiveDate, TimeZone, Utc};
use shared::astro::house::HouseSystem;
use shared::astro::time::TimeZoneSpec;
use shared::language::Language;

use super::{Branding, Person, ReportKind, ReportRequest, Template};

fn person(name: &str, date: (i32, u32, u32, u32, u32), offset_hours: i32, place: &str, latitude: f64, longitude: f64) -> Person {
    let local = NaiveDate::from_ymd_opt(date.0, date.1, date.2).and_then(|d| d.and_hms_opt(date.3, date.4, 0)).unwrap_or_default();
    let offset = FixedOffset::east_opt(offset_hours * 3600).unwrap_or(FixedOffset::east_opt(0).unwrap_or_else(|| unreachable!()));
    let zoned: DateTime<FixedOffset> = offset.from_local_datetime(&local).single().unwrap_or_else(|| offset.from_utc_datetime(&local));
    Person {
        name: name.to_owned(),
        local,
        zoned,
        utc: zoned.with_timezone(&Utc),
        place_name: place.to_owned(),
        latitude,
        longitude,
        time_zone: "Europe/Madrid".to_owned(),
        zone: TimeZoneSpec::parse("Europe/Madrid").unwrap_or(TimeZoneSpec::Fixed(offset)),
    }
}

/// The sample request of `kind` (transits, progressions and returns for
/// 1 March 2026, noon UTC).
pub fn request(kind: ReportKind, template: Template, language: Language) -> ReportRequest {
    ReportRequest {
        kind,
        template,
        language,
        house_system: HouseSystem::Placidus,
        subject: person("María José", (1990, 5, 11, 14, 30), 2, "Madrid, España", 40.4168, -3.7038),
        partner: (kind == ReportKind::Synastry).then(|| person("Tomás", (1988, 11, 2, 8, 15), 1, "Sevilla, España", 37.3891, -5.9845)),
        at: (!matches!(kind, ReportKind::Natal | ReportKind::Synastry))
            .then(|| Utc.with_ymd_and_hms(2026, 3, 1, 12, 0, 0).single())
            .flatten(),
        branding: Branding { company_name: Some("Estrella Studio".to_owned()), primary: None, accent: None },
    }
}

/// The creation date the samples carry, so they are the same bytes each time.
pub fn created() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 26, 9, 0, 0).single().unwrap_or_default()
}
