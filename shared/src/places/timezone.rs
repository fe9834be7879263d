//! The IANA time zone at a point, from the time-zone boundaries of
//! timezone-boundary-builder (OpenStreetMap data, ODbL 1.0) embedded by the
//! tzf-rs crate (its "lite" data, borders simplified to about 100 m). At
//! sea the answer is the nautical zone, `Etc/GMT±N` (POSIX signs:
//! `Etc/GMT+5` is five hours behind UTC).

use std::sync::LazyLock;

use tzf_rs::DefaultFinder;

/// Built on first use (the polygons are unpacked once: ~50 ms, tens of MB),
/// so a process that never looks a zone up never pays for it.
static FINDER: LazyLock<DefaultFinder> = LazyLock::new(DefaultFinder::new);

/// The zone at `latitude`, `longitude` (degrees); `None` only outside the
/// valid ranges.
pub fn zone_at(latitude: f64, longitude: f64) -> Option<&'static str> {
    if !(-90.0..=90.0).contains(&latitude) || !(-180.0..=180.0).contains(&longitude) {
        return None;
    }
    let name = FINDER.get_tz_name(longitude, latitude);
    (!name.is_empty()).then_some(name)
}

/// The version of the boundary data.
pub fn data_version() -> String {
    FINDER.data_version().to_owned()
}

/// Every zone name the boundary data can answer.
pub fn zone_names() -> Vec<&'static str> {
    FINDER.timezonenames()
}
