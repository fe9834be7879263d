//! The Vedic chart (issue 33: with all sixteen vargas under 1 ms) and the
//! Vimshottari dasha (three levels under 1 ms), the panchang (under 5 ms)
//! and the Ashtakoota match, no HTTP.
//! `cargo bench -p shared --bench vedic`

use criterion::{Criterion, criterion_group, criterion_main};
use shared::astro::Ephemeris;
use shared::astro::frame::Ayanamsa;
use shared::astro::sky::{GeoPlace, HorizonRule};
use shared::astro::time::JulianDay;
use shared::astro::time::TimeZoneSpec;
use shared::astro::vedic::ashtakoota::kundli_match;
use shared::astro::vedic::dasha::{JULIAN_YEAR_DAYS, vimshottari};
use shared::astro::vedic::panchang::{PanchangInput, panchang};
use shared::astro::vedic::{NodeKind, Varga, VedicInput, vedic_chart};

fn vedic(c: &mut Criterion) {
    let ephemeris = Ephemeris::with_embedded_files().expect("ephemeris");
    let mut input = VedicInput {
        instant: JulianDay(2_447_893.0), // 1990-01-01 12:00 UT, New Delhi
        latitude: 28.6139,
        longitude: 77.2090,
        ayanamsa: Ayanamsa::parse("lahiri").expect("lahiri"),
        node: NodeKind::Mean,
        vargas: Varga::ALL.to_vec(),
    };
    // A new instant every iteration: no help from the C library's cache.
    let mut day = 0.0;
    c.bench_function("vedic_chart_sixteen_vargas", |b| {
        b.iter(|| {
            day = (day + 37.3) % 30_000.0;
            input.instant = JulianDay(2_447_893.0 + day);
            vedic_chart(&ephemeris, std::hint::black_box(&input)).expect("chart")
        })
    });
    // Three levels: 9 mahadashas, 81 antardashas, 729 pratyantardashas.
    let mut moon = 0.0;
    c.bench_function("vimshottari_three_levels", |b| {
        b.iter(|| {
            moon = (moon + 7.77) % 360.0;
            vimshottari(JulianDay(2_447_893.0), std::hint::black_box(moon), 3, JULIAN_YEAR_DAYS)
        })
    });
    // A new day every iteration: three rising searches (today's Sun and
    // Moon, tomorrow's Sun), four limbs to the next sunrise.
    let mut day_input = PanchangInput {
        date: chrono::NaiveDate::from_ymd_opt(2024, 1, 15).expect("date"),
        zone: TimeZoneSpec::parse("Asia/Kolkata").expect("zone"),
        place: GeoPlace { latitude: 28.6139, longitude: 77.2090 },
        ayanamsa: Ayanamsa::parse("lahiri").expect("lahiri"),
        sunrise: HorizonRule::UpperLimb,
    };
    let first = day_input.date;
    let mut offset = 0u64;
    c.bench_function("panchang_one_day", |b| {
        b.iter(|| {
            offset = (offset + 13) % 10_000;
            day_input.date = first + chrono::Days::new(offset);
            panchang(&ephemeris, std::hint::black_box(&day_input)).expect("panchang")
        })
    });
    // Two charts cast (no vargas) and matched: what the match route does.
    let mut groom = VedicInput { vargas: Vec::new(), ..input.clone() };
    let bride = VedicInput { instant: JulianDay(2_448_838.3), ..groom.clone() };
    c.bench_function("kundli_match_two_births", |b| {
        b.iter(|| {
            day = (day + 37.3) % 30_000.0;
            groom.instant = JulianDay(2_447_893.0 + day);
            let groom = vedic_chart(&ephemeris, std::hint::black_box(&groom)).expect("chart");
            let bride = vedic_chart(&ephemeris, std::hint::black_box(&bride)).expect("chart");
            kundli_match(&groom, &bride)
        })
    });
    input.vargas = vec![Varga::D1, Varga::D9];
    c.bench_function("vedic_chart_d1_d9_same_instant", |b| {
        b.iter(|| vedic_chart(&ephemeris, std::hint::black_box(&input)).expect("chart"))
    });
}

criterion_group!(benches, vedic);
criterion_main!(benches);
