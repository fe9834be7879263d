//! A one-year transit search: the ten planets against 13 natal points (the
//! ten planets, the true node, ascendant and midheaven of a natal chart),
//! default transit orbs. Computed by event search on per-body tracks, not
//! by daily sampling. `cargo bench -p shared --bench transit`

use criterion::{Criterion, criterion_group, criterion_main};
use shared::astro::Ephemeris;
use shared::astro::aspect::Orbs;
use shared::astro::chart::transit::{NatalTarget, TransitInput, TransitingBody, default_transit_orbs, find_transits};
use shared::astro::chart::{ChartInput, MoonCenter, NatalChart};
use shared::astro::house::HouseSystem;
use shared::astro::point::{AngleId, PointId};
use shared::astro::time::{CivilDateTime, JulianDay, TimeZoneSpec};

fn transit(c: &mut Criterion) {
    let ephemeris = Ephemeris::with_embedded_files().expect("ephemeris");
    let zone = TimeZoneSpec::parse("Europe/Rome").expect("zone");
    let birth = CivilDateTime::parse("1990-05-11T14:30").expect("date").resolve(&zone).expect("instant");
    let mut natal_points = PointId::PLANETS.to_vec();
    natal_points.push(PointId::TrueNode);
    let chart = NatalChart::compute(
        &ephemeris,
        &ChartInput {
            frame: Default::default(),
            instant: birth.julian_day_ut(),
            latitude: 41.9028,
            longitude: 12.4964,
            house_system: HouseSystem::Placidus,
            moon_center: MoonCenter::Topocentric,
            points: natal_points,
            orbs: Orbs::default(),
        },
    )
    .expect("chart");
    let mut natal: Vec<(NatalTarget, f64)> = chart.points.iter().map(|p| (NatalTarget::Point(p.point), p.position.longitude)).collect();
    for (angle, longitude) in &chart.angles {
        if matches!(angle, AngleId::Ascendant | AngleId::Midheaven) {
            natal.push((NatalTarget::Angle(*angle), *longitude));
        }
    }
    assert_eq!(natal.len(), 13);
    // 2025-01-01T00:00+01:00 to 2026-01-01T00:00+01:00.
    let start = JulianDay(2_460_676.5 - 1.0 / 24.0);
    let input = TransitInput {
        start,
        end: JulianDay(start.0 + 365.0),
        transiting: PointId::PLANETS.iter().filter_map(|p| TransitingBody::of(*p)).collect(),
        natal,
        orbs: default_transit_orbs(),
    };
    let found = find_transits(&ephemeris, &input).expect("transits");
    eprintln!("{} passes, {} ephemeris calls", found.passes.len(), found.ephemeris_calls);
    c.bench_function("transit_year_10x13", |b| b.iter(|| find_transits(&ephemeris, std::hint::black_box(&input)).expect("transits")));
}

criterion_group!(benches, transit);
criterion_main!(benches);
