//! Every number of many natal charts (positions, speeds, houses, the count of
//! aspects and warnings), one line a chart: run it on two builds and compare
//! them with `infra/chart_numbers_compare.py`, the check that a speed-up
//! changed no position (issue 37). Random moments 1800-2399 (the Swiss
//! Ephemeris files' range; Moshier's outside it is not compared), latitudes
//! to ±70°, every house system, five frames, geocentric and topocentric Moons.
//!   cargo run --release -p shared --example chart_numbers -- 20000 > after.txt
use shared::astro::Ephemeris;
use shared::astro::chart::{ChartInput, MoonCenter, NatalChart};
use shared::astro::frame::{Ayanamsa, Frame, Perspective, Zodiac};
use shared::astro::house::HouseSystem;
use shared::astro::point::PointId;
use shared::astro::time::JulianDay;

fn main() {
    let n: usize = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(2000);
    let ephemeris = Ephemeris::with_embedded_files().expect("ephemeris");
    let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = || {
        seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        (seed >> 11) as f64 / (1u64 << 53) as f64
    };
    let frames = [
        Frame::default(),
        Frame { zodiac: Zodiac::Tropical, perspective: Perspective::Topocentric },
        Frame { zodiac: Zodiac::Tropical, perspective: Perspective::Heliocentric },
        Frame { zodiac: Zodiac::Sidereal(Ayanamsa::LAHIRI), perspective: Perspective::Geocentric },
        Frame { zodiac: Zodiac::Sidereal(Ayanamsa::parse("j2000").unwrap()), perspective: Perspective::Geocentric },
    ];
    for i in 0..n {
        let jd = 2_378_496.5 + next() * (2_524_593.5 - 2_378_496.5);
        let latitude = next() * 140.0 - 70.0;
        let longitude = next() * 360.0 - 180.0;
        let system = HouseSystem::ALL[i % HouseSystem::ALL.len()];
        let frame = frames[i % frames.len()];
        let moon_center = if i % 3 == 0 { MoonCenter::Geocentric } else { MoonCenter::Topocentric };
        let mut input = ChartInput::with_defaults(&ephemeris, JulianDay(jd), latitude, longitude, system);
        input.frame = frame;
        input.moon_center = moon_center;
        input.points = PointId::defaults_seen_from(frame.perspective, ephemeris.chiron_available_at(JulianDay(jd)));
        match NatalChart::compute(&ephemeris, &input) {
            Ok(chart) => {
                let mut line = format!("{i} {jd:?} {:?}", chart.houses);
                for p in &chart.points {
                    let q = &p.position;
                    line += &format!(
                        " {:?} {:?} {:?} {:?} {:?} {:?} {:?}",
                        p.point, q.longitude, q.latitude, q.distance, q.speed_longitude, q.speed_latitude, q.speed_distance
                    );
                }
                line += &format!(" {:?} {:?}", chart.aspects.len(), chart.warnings.len());
                println!("{line}");
            }
            Err(e) => println!("{i} {jd:?} error {e}"),
        }
    }
}
