//! The transiting bodies' sampled tracks, kept between requests.
//!
//! A year of transits or of the sky's events spends nearly all its time
//! sampling the bodies over the period (`Track::sample_all`: thousands of
//! ephemeris calls), and those samples depend on the sky alone: every
//! natal chart's transits for the same period, and every events search of the
//! same period and points, sample the same bodies at the same instants.
//! Requests cluster on a few periods (this month, this year, in the
//! caller's time zone), so the tracks are kept, keyed by the bodies (with
//! their frames) and the period to the bit, and a kept track is exactly the
//! one a new sampling would give: answers are unchanged, bit for bit.
//!
//! Bounded by the samples it holds ([`SkyTracks::CAPACITY_SAMPLES`], about
//! 12 MB: a year of the ten planets is about 3,400 samples).

use std::sync::Arc;

use crate::astro::chart::transit::{Track, TransitingBody};
use crate::astro::time::JulianDay;
use crate::astro::{Ephemeris, EphemerisError};

type Key = (Vec<TransitingBody>, u64, u64);

/// The weight of kept tracks: their samples, and what an entry and a track
/// cost beside them (their vectors and sets, the key), counted as samples
/// so that many short periods cannot hold more memory than the bound says.
#[derive(Clone)]
struct Samples;

impl Samples {
    const ENTRY: u64 = 16;
    const TRACK: u64 = 8;
}

impl quick_cache::Weighter<Key, Arc<Vec<Track>>> for Samples {
    fn weight(&self, _: &Key, tracks: &Arc<Vec<Track>>) -> u64 {
        Self::ENTRY + tracks.iter().map(|track| Self::TRACK + track.calls() as u64).sum::<u64>()
    }
}

pub struct SkyTracks {
    kept: quick_cache::sync::Cache<Key, Arc<Vec<Track>>, Samples>,
}

impl Default for SkyTracks {
    fn default() -> Self {
        Self::new(Self::CAPACITY_SAMPLES)
    }
}

impl SkyTracks {
    /// Samples kept at most (each three `f64`s: time, longitude, speed).
    pub const CAPACITY_SAMPLES: u64 = 500_000;

    pub fn new(capacity_samples: u64) -> Self {
        Self { kept: quick_cache::sync::Cache::with_weighter(256, capacity_samples, Samples) }
    }

    /// `Track::sample_all(ephemeris, bodies, start, end)`, kept or sampled
    /// now. One `SkyTracks` serves one ephemeris (its files decide the
    /// samples).
    pub fn sample_all(
        &self,
        ephemeris: &Ephemeris,
        bodies: &[TransitingBody],
        start: JulianDay,
        end: JulianDay,
    ) -> Result<Arc<Vec<Track>>, EphemerisError> {
        if bodies.is_empty() {
            // Nothing to sample (an events search for eclipses only): nothing to keep.
            return Ok(Arc::new(Vec::new()));
        }
        let key = (bodies.to_vec(), start.0.to_bits(), end.0.to_bits());
        self.kept.get_or_insert_with(&key, || Track::sample_all(ephemeris, bodies, start, end).map(Arc::new))
    }

    /// Tracks kept now (for tests and diagnostics).
    pub fn len(&self) -> usize {
        self.kept.len()
    }

    pub fn is_empty(&self) -> bool {
        self.kept.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::astro::point::PointId;

    #[test]
    fn a_kept_track_is_the_one_sampling_gives_and_the_bound_holds() {
        let ephemeris = Ephemeris::with_embedded_files().unwrap();
        let bodies: Vec<TransitingBody> = [PointId::Moon, PointId::Saturn].iter().filter_map(|p| TransitingBody::of(*p)).collect();
        let (start, end) = (JulianDay(2_460_676.5), JulianDay(2_460_676.5 + 30.0));
        let kept = SkyTracks::default();
        let first = kept.sample_all(&ephemeris, &bodies, start, end).unwrap();
        let again = kept.sample_all(&ephemeris, &bodies, start, end).unwrap();
        assert!(Arc::ptr_eq(&first, &again), "the second request reads the kept tracks");
        let fresh = Track::sample_all(&ephemeris, &bodies, start, end).unwrap();
        for (a, b) in first.iter().zip(&fresh) {
            assert_eq!(a.samples().collect::<Vec<_>>(), b.samples().collect::<Vec<_>>());
        }
        // Another period is another entry; a bound of a few samples keeps
        // at most what fits.
        kept.sample_all(&ephemeris, &bodies, start, JulianDay(end.0 + 1.0)).unwrap();
        assert_eq!(kept.len(), 2);
        let small = SkyTracks::new(100);
        for day in 0..5 {
            small.sample_all(&ephemeris, &bodies, JulianDay(start.0 + day as f64), JulianDay(end.0 + day as f64)).unwrap();
        }
        assert!(small.len() <= 1, "{} kept", small.len());
    }
}
