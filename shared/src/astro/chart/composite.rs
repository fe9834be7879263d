//! Relationship charts from two births: the composite (midpoint) chart and
//! the Davison chart.
//!
//! # Composite (midpoint)
//! Each point stands at the midpoint of the two natal places on the shorter
//! arc (for two points exactly opposite, the one 90° ahead of the first
//! person's). Its latitude, distance and speeds are the averages, so a
//! composite point is "retrograde" when the average speed is. Houses:
//! the composite midheaven is the midpoint of the two midheavens; the other
//! cusps and the ascendant are drawn from it at the mean latitude of the two
//! birth places, with the obliquity of the mean instant (the "reference
//! place" method: the cusps stay in order, which midpoints of cusps do not
//! promise). The Part of Fortune and the Vertex, when asked for, are
//! midpoints like the rest.
//!
//! # Davison
//! A real sky: the chart of the mean instant (the average of the two Julian
//! days, UT) at the mean place (the average latitude, and the midpoint of
//! the longitudes on the shorter arc, so that Tokyo and Los Angeles meet
//! over the Pacific, not over Africa).

use std::collections::BTreeSet;

use crate::astro::aspect::{Placement, aspects_within};
use crate::astro::chart::midpoint::midpoint_of as midpoint;
use crate::astro::chart::natal::{ChartInput, NatalChart, PointPlacement};
use crate::astro::chart::progression::right_ascension_on_ecliptic;
use crate::astro::ephemeris::{BodyPosition, Ephemeris, EphemerisError};
use crate::astro::frame::Zodiac;
use crate::astro::house::house_of;
use crate::astro::point::AngleId;
use crate::astro::time::JulianDay;
use crate::astro::zodiac::{ZodiacPosition, normalize_degrees, signed_arc};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum CompositeMethod {
    #[default]
    Midpoint,
    Davison,
}

impl CompositeMethod {
    pub const ALL: [CompositeMethod; 2] = [Self::Midpoint, Self::Davison];

    pub fn id(self) -> &'static str {
        match self {
            Self::Midpoint => "midpoint",
            Self::Davison => "davison",
        }
    }

    pub fn parse(id: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|m| m.id() == id)
    }
}

/// The Davison chart's input: the mean instant at the mean place, with the
/// first chart's options.
pub fn davison_input(first: &ChartInput, second: &ChartInput) -> ChartInput {
    ChartInput {
        instant: JulianDay((first.instant.0 + second.instant.0) / 2.0),
        latitude: (first.latitude + second.latitude) / 2.0,
        longitude: signed_arc(midpoint(first.longitude, second.longitude)),
        ..first.clone()
    }
}

/// The composite (midpoint) chart of two natal charts computed from
/// `first` and `second` (same points, options and frame: `first`'s).
pub fn composite_chart(ephemeris: &Ephemeris, first: &ChartInput, second: &ChartInput) -> Result<NatalChart, EphemerisError> {
    let second = ChartInput { points: first.points.clone(), orbs: first.orbs.clone(), frame: first.frame, ..second.clone() };
    let a = NatalChart::compute(ephemeris, first)?;
    let b = NatalChart::compute(ephemeris, &second)?;

    // Houses from the midpoint of the tropical midheavens (a right ascension
    // needs the equinox), measured then in the chart's zodiac.
    let mean_instant = JulianDay((first.instant.0 + second.instant.0) / 2.0);
    let tropical_midheaven = |input: &ChartInput, chart: &NatalChart| -> Result<f64, EphemerisError> {
        match input.frame.zodiac {
            Zodiac::Tropical => Ok(chart.houses.midheaven),
            Zodiac::Sidereal(_) => Ok(ephemeris.houses(input.instant, input.latitude, input.longitude, input.house_system)?.midheaven),
        }
    };
    let midheaven = midpoint(tropical_midheaven(first, &a)?, tropical_midheaven(&second, &b)?);
    let obliquity = ephemeris.true_obliquity(mean_instant)?;
    let latitude = (first.latitude + second.latitude) / 2.0;
    let houses = ephemeris.houses_from_armc_in(
        right_ascension_on_ecliptic(midheaven, obliquity),
        latitude,
        obliquity,
        first.house_system,
        first.frame.zodiac,
        mean_instant,
    )?;

    let mut points = Vec::with_capacity(a.points.len());
    for placed in &a.points {
        let Some(other) = b.points.iter().find(|p| p.point == placed.point) else { continue };
        let (p, q) = (&placed.position, &other.position);
        let position = BodyPosition {
            longitude: midpoint(p.longitude, q.longitude),
            latitude: (p.latitude + q.latitude) / 2.0,
            distance: (p.distance + q.distance) / 2.0,
            speed_longitude: (p.speed_longitude + q.speed_longitude) / 2.0,
            speed_latitude: (p.speed_latitude + q.speed_latitude) / 2.0,
            speed_distance: (p.speed_distance + q.speed_distance) / 2.0,
            source: p.source.max(q.source),
        };
        points.push(PointPlacement {
            point: placed.point,
            zodiac: ZodiacPosition::of(position.longitude),
            house: house_of(position.longitude, &houses.cusps),
            retrograde: position.speed_longitude < 0.0,
            position,
        });
    }
    let placements: Vec<Placement<_>> =
        points.iter().map(|p| Placement { point: p.point, longitude: p.position.longitude, speed: p.position.speed_longitude }).collect();
    let aspects = aspects_within(&placements, &first.orbs);
    let angles = vec![
        (AngleId::Ascendant, houses.ascendant),
        (AngleId::Midheaven, houses.midheaven),
        (AngleId::Descendant, normalize_degrees(houses.ascendant + 180.0)),
        (AngleId::ImumCoeli, normalize_degrees(houses.midheaven + 180.0)),
    ];
    let sources: BTreeSet<_> = a.sources.union(&b.sources).copied().collect();
    let mut warnings = a.warnings;
    for warning in b.warnings {
        if !warnings.contains(&warning) {
            warnings.push(warning);
        }
    }
    let ayanamsa = match first.frame.zodiac.ayanamsa() {
        Some(ayanamsa) => Some(ephemeris.ayanamsa(mean_instant, ayanamsa)?),
        None => None,
    };
    Ok(NatalChart { points, angles, houses, aspects, sources, warnings, ayanamsa })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::astro::house::HouseSystem;
    use crate::astro::point::PointId;

    #[test]
    fn midpoints_take_the_shorter_arc() {
        assert_eq!(midpoint(10.0, 50.0), 30.0);
        assert_eq!(midpoint(50.0, 10.0), 30.0);
        // 350° and 30°: the shorter arc crosses 0° Aries.
        assert!((midpoint(350.0, 30.0) - 10.0).abs() < 1e-12);
        assert!((midpoint(30.0, 350.0) - 10.0).abs() < 1e-12);
        // 100° and 260°: 160° apart either way round... the shorter one.
        assert!((midpoint(100.0, 260.0) - 180.0).abs() < 1e-12);
        assert!((midpoint(100.0, 300.0) - 20.0).abs() < 1e-12);
    }

    #[test]
    fn the_davison_chart_is_cast_for_the_mean_instant_and_place() {
        let ephemeris = Ephemeris::with_embedded_files().unwrap();
        let tokyo = ChartInput::with_defaults(&ephemeris, JulianDay(2_447_000.0), 35.68, 139.69, HouseSystem::Placidus);
        let los_angeles = ChartInput::with_defaults(&ephemeris, JulianDay(2_448_000.5), 34.05, -118.24, HouseSystem::Placidus);
        let davison = davison_input(&tokyo, &los_angeles);
        assert_eq!(davison.instant, JulianDay(2_447_500.25));
        assert!((davison.latitude - 34.865).abs() < 1e-12);
        // 139.69 and -118.24 are 102.07° apart across the date line: the
        // midpoint is 190.725°, that is -169.275°.
        assert!((davison.longitude - -169.275).abs() < 1e-9, "{}", davison.longitude);
        let chart = NatalChart::compute(&ephemeris, &davison).unwrap();
        let sun = chart.points.iter().find(|p| p.point == PointId::Sun).unwrap();
        let direct = ephemeris
            .position(JulianDay(2_447_500.25), crate::astro::ephemeris::Body::Sun, crate::astro::ephemeris::Observer::Geocentric)
            .unwrap();
        assert_eq!(sun.position.longitude, direct.longitude);
    }
}
