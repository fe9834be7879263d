//! shared's integration tests, one binary: each file of this folder is a
//! module here, so a build links one test program instead of fifteen (most
//! of `make check`'s time after an edit in `shared/` was linking them).
//! `embedded_writers.rs` stays a binary of its own: it counts the process's
//! threads, which tests running beside it would add to.

// The moto server's address and the notice without one, for the suites on
// DynamoDB and S3.
#[cfg(feature = "aws")]
#[path = "common/moto.rs"]
mod moto_env;

mod ashtakoota_reference;
mod aspect_events_reference;
mod astrocartography_reference;
mod chinese_new_year;
mod chiron_reference;
mod cloudfront_signature;
mod config_secrets;
mod declinations_reference;
mod edge_metering;
mod ephemeris_reference;
mod events_reference;
mod harmonics_reference;
mod key_formats;
mod panchang_reference;
mod places_reference;
mod polar_ascendant;
mod predictive_reference;
mod primary_directions_reference;
mod repo_conformance;
mod sidereal_reference;
mod sky_reference;
mod store_conformance;
mod transit_bruteforce;
mod vedic_reference;
