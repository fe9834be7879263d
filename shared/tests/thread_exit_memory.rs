//! What a thread that cast charts leaves behind when it exits: nothing of
//! the ephemeris. tokio's blocking pool starts and retires threads all day
//! (PDF reports and summaries cast their charts there), and the C library
//! keeps open file streams and decoded segments per thread, which only
//! `swe_close` on that thread frees: before the fix, about 26 KiB of heap
//! stayed allocated for every retired thread. A binary of its own: it reads
//! the process's heap, which tests running beside it would move.
#![cfg(all(target_os = "linux", target_env = "gnu"))]
// One call to glibc's `mallinfo2`, which Rust's standard library does not wrap.
#![allow(unsafe_code)]

use std::sync::Arc;

use shared::astro::Ephemeris;
use shared::astro::chart::{ChartInput, NatalChart};
use shared::astro::house::HouseSystem;
use shared::astro::time::JulianDay;

/// The heap's bytes in use, over all of glibc's arenas (each thread
/// allocates in its own), mapped chunks included: unlike resident memory,
/// blind to file pages and huge pages.
fn heap_in_use() -> f64 {
    // SAFETY: a plain query of the allocator's counters.
    let info = unsafe { libc::mallinfo2() };
    (info.uordblks + info.hblkhd) as f64
}

/// One chart on a new thread, which then exits.
fn chart_on_a_new_thread(ephemeris: &Arc<Ephemeris>, k: u32) {
    let ephemeris = ephemeris.clone();
    std::thread::spawn(move || {
        // A new moment each time (every body's segment read anew), with
        // Chiron (the asteroid file opened too) where the file is present.
        let instant = JulianDay(2_430_000.5 + f64::from(k) * 37.3);
        let input = ChartInput::with_defaults(&ephemeris, instant, 41.9, 12.5, HouseSystem::Placidus);
        NatalChart::compute(&ephemeris, &input).expect("a chart");
    })
    .join()
    .expect("the thread");
}

#[test]
fn a_retired_thread_leaves_no_ephemeris_state_behind() {
    let ephemeris = Arc::new(Ephemeris::with_embedded_files().expect("ephemeris"));
    // The first threads grow the allocator's arenas and the stack cache.
    for k in 0..20 {
        chart_on_a_new_thread(&ephemeris, k);
    }
    let threads = 300;
    let before = heap_in_use();
    for k in 0..threads {
        chart_on_a_new_thread(&ephemeris, k);
    }
    let per_thread = (heap_in_use() - before) / f64::from(threads);
    eprintln!("{threads} threads: {per_thread:.0} bytes of heap left a thread");
    assert!(per_thread < 1024.0, "{per_thread:.0} bytes stay allocated for every thread that cast a chart and exited");
}
