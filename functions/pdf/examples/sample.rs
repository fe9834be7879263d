//! Writes sample reports to a directory: `cargo run -p pdf --example sample -- DIR`.
use chrono::{NaiveDate, TimeZone, Utc};
use pdf::report::{Branding, Person, ReportKind, ReportRequest, Template, build};
use shared::astro::Ephemeris;
use shared::astro::house::HouseSystem;
use shared::content::{ContentKey, compose};
use shared::language::Language;

fn main() {
    let dir = std::env::args().nth(1).unwrap_or_else(|| "/tmp/reports".into());
    std::fs::create_dir_all(&dir).unwrap();
    let ephemeris = Ephemeris::with_embedded_files().unwrap();
    let person = |name: &str, y, m, d, h, min, offset_hours: i32, place: &str, lat, lon, tz: &str| {
        let local = NaiveDate::from_ymd_opt(y, m, d).unwrap().and_hms_opt(h, min, 0).unwrap();
        let offset = chrono::FixedOffset::east_opt(offset_hours * 3600).unwrap();
        let zoned = offset.from_local_datetime(&local).unwrap();
        Person { name: name.into(), local, zoned, utc: zoned.with_timezone(&Utc), place_name: place.into(), latitude: lat, longitude: lon, time_zone: tz.into() }
    };
    let subject = person("María José", 1990, 5, 11, 14, 30, 2, "Madrid, España", 40.4168, -3.7038, "Europe/Madrid");
    let partner = person("Tomás", 1988, 11, 2, 8, 15, 1, "Sevilla, España", 37.3891, -5.9845, "Europe/Madrid");
    for (kind, template, language) in [
        (ReportKind::Natal, Template::Classic, Language::Es),
        (ReportKind::Natal, Template::Modern, Language::En),
        (ReportKind::Synastry, Template::Modern, Language::Es),
        (ReportKind::Transit, Template::Classic, Language::En),
        (ReportKind::SolarReturn, Template::Modern, Language::En),
        (ReportKind::Progressions, Template::Classic, Language::Es),
        (ReportKind::LunarReturn, Template::Classic, Language::En),
    ] {
        let request = ReportRequest {
            kind,
            template,
            language,
            house_system: HouseSystem::Placidus,
            subject: subject.clone(),
            partner: Some(partner.clone()),
            at: Some(Utc.with_ymd_and_hms(2026, 11, 26, 12, 0, 0).unwrap()),
            branding: Branding { company_name: Some("Estrella Studio".into()), primary: None, accent: None },
        };
        let texts = |key: &ContentKey| compose(key, language);
        let started = std::time::Instant::now();
        let report = build(&ephemeris, &request, &texts, Utc.with_ymd_and_hms(2026, 11, 26, 9, 0, 0).unwrap()).unwrap();
        let bytes = pdf::document::write(&report).unwrap();
        let path = format!("{dir}/{}-{}-{}.pdf", kind.id(), template.id(), language.code());
        std::fs::write(&path, &bytes).unwrap();
        println!("{path}: {} bytes in {:?}", bytes.len(), started.elapsed());
    }
}
