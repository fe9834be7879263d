//! The built-in summary writer: scoring a computed natal chart and writing
//! its summary with the corpus texts (English and Spanish), over 16 charts
//! computed beforehand. `cargo bench -p shared --bench summary`

use std::hint::black_box;

use chrono::{Duration, TimeZone, Utc};
use criterion::{Criterion, criterion_group, criterion_main};
use shared::astro::Ephemeris;
use shared::astro::aspect::Orbs;
use shared::astro::chart::{ChartInput, MoonCenter, NatalChart};
use shared::astro::house::HouseSystem;
use shared::astro::point::PointId;
use shared::astro::time::JulianDay;
use shared::content::{HoroscopeType, compose};
use shared::language::Language;
use shared::summary::{Subject, built_in};

fn summary(c: &mut Criterion) {
    let ephemeris = Ephemeris::with_embedded_files().expect("ephemeris");
    let charts: Vec<NatalChart> = (0..16)
        .map(|n| {
            let instant = Utc.with_ymd_and_hms(1950, 1, 1, 0, 0, 0).unwrap() + Duration::minutes(n * (397 * 24 * 60 + 317));
            let input = ChartInput {
                frame: Default::default(),
                instant: JulianDay::from_utc(instant),
                latitude: -40.0 + 6.0 * n as f64,
                longitude: -120.0 + 15.0 * n as f64,
                house_system: HouseSystem::Placidus,
                moon_center: MoonCenter::Topocentric,
                points: PointId::defaults(ephemeris.chiron_available()),
                orbs: Orbs::default(),
            };
            NatalChart::compute(&ephemeris, &input).expect("chart")
        })
        .collect();
    for language in Language::SUPPORTED {
        let texts = move |key: &shared::content::ContentKey| compose(key, language);
        let mut next = 0;
        c.bench_function(&format!("built_in_natal_summary_{}", language.code()), |b| {
            b.iter(|| {
                next = (next + 1) % charts.len();
                built_in(HoroscopeType::Natal, language, &Subject::Chart(black_box(&charts[next])), &texts)
            })
        });
    }
}

criterion_group!(benches, summary);
criterion_main!(benches);
