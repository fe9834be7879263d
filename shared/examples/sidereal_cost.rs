//! What a sidereal natal chart costs against a tropical one, measured as
//! the median ratio of 21 interleaved blocks of 3,000 charts each (new
//! instants every chart), which machine noise disturbs far less than two
//! separate benchmark runs. `cargo run --release -p shared --example sidereal_cost`

use shared::astro::Ephemeris;
use shared::astro::chart::{ChartInput, NatalChart};
use shared::astro::frame::{Ayanamsa, Frame, Zodiac};
use shared::astro::house::HouseSystem;
use shared::astro::time::JulianDay;
use std::time::Instant;
fn main() {
    let e = Ephemeris::with_embedded_files().unwrap();
    let base = ChartInput::with_defaults(&e, JulianDay(2448000.0), 41.9, 12.5, HouseSystem::Placidus);
    let sid = ChartInput { frame: Frame { zodiac: Zodiac::Sidereal(Ayanamsa::LAHIRI), ..Frame::default() }, ..base.clone() };
    let n = 3000;
    let mut ratios = Vec::new();
    let mut offset = 0.0;
    for _ in 0..21 {
        let mut times = [0.0; 2];
        for (k, input) in [&base, &sid].into_iter().enumerate() {
            let t = Instant::now();
            for i in 0..n {
                let mut x = input.clone();
                x.instant.0 += offset + i as f64 * 0.37;
                NatalChart::compute(&e, &x).unwrap();
            }
            times[k] = t.elapsed().as_secs_f64() / n as f64 * 1e6;
        }
        offset += 1111.0;
        ratios.push(times[1] / times[0]);
    }
    ratios.sort_by(|a, b| a.total_cmp(b));
    println!("median sidereal/tropical: {:.4} (min {:.4}, max {:.4})", ratios[10], ratios[0], ratios[20]);
}
