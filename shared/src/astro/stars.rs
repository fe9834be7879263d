//! Fixed stars and their conjunctions to a chart.
//!
//! The stars placed are the 24 of `shared/stars/sefstars.txt` (records of
//! the Swiss Ephemeris' own catalogue, embedded and written beside the
//! ephemeris files): the four royal stars, the fifteen Behenian stars, the
//! other first-magnitude stars astrologers read, Polaris and the Galactic
//! Center. Positions are apparent and geocentric, of date (in the chart's
//! zodiac); a star is conjunct a point or angle within [`CONJUNCTION_ORB`]
//! of ecliptic longitude (the usual 1°; the star's latitude is not counted,
//! as in the tradition of projecting stars onto the ecliptic).

use crate::astro::chart::NatalChart;
use crate::astro::ephemeris::{BodyPosition, Ephemeris, EphemerisError};
use crate::astro::frame::Zodiac;
use crate::astro::time::JulianDay;
use crate::astro::zodiac::{ZodiacPosition, angular_distance};

pub const CONJUNCTION_ORB: f64 = 1.0;

/// (id, catalogue name): the order of `shared/stars/sefstars.txt`.
pub const FIXED_STARS: [(&str, &str); 24] = [
    ("aldebaran", "Aldebaran"),
    ("regulus", "Regulus"),
    ("antares", "Antares"),
    ("fomalhaut", "Fomalhaut"),
    ("algol", "Algol"),
    ("alcyone", "Alcyone"),
    ("capella", "Capella"),
    ("sirius", "Sirius"),
    ("procyon", "Procyon"),
    ("alkaid", "Alkaid"),
    ("algorab", "Algorab"),
    ("spica", "Spica"),
    ("arcturus", "Arcturus"),
    ("alphecca", "Alphecca"),
    ("vega", "Vega"),
    ("deneb_algedi", "Deneb Algedi"),
    ("betelgeuse", "Betelgeuse"),
    ("rigel", "Rigel"),
    ("pollux", "Pollux"),
    ("castor", "Castor"),
    ("achernar", "Achernar"),
    ("canopus", "Canopus"),
    ("polaris", "Polaris"),
    ("galactic_center", "Galactic Center"),
];

/// One fixed star in a chart.
#[derive(Debug, Clone, PartialEq)]
pub struct StarPlacement {
    pub id: &'static str,
    pub name: &'static str,
    pub position: BodyPosition,
    pub magnitude: f64,
    pub zodiac: ZodiacPosition,
    /// The points and angles (ids) within the orb, with the orb.
    pub conjunctions: Vec<(&'static str, f64)>,
}

/// Every star of the list at `instant` in `zodiac`, with its conjunctions
/// to `chart`'s points and angles.
pub fn fixed_stars(
    ephemeris: &Ephemeris,
    instant: JulianDay,
    zodiac: Zodiac,
    chart: &NatalChart,
) -> Result<Vec<StarPlacement>, EphemerisError> {
    let mut stars = Vec::with_capacity(FIXED_STARS.len());
    for (id, name) in FIXED_STARS {
        let (position, magnitude) = ephemeris.fixed_star(instant, name, zodiac)?;
        let targets = chart
            .points
            .iter()
            .map(|p| (p.point.id(), p.position.longitude))
            .chain(chart.angles.iter().map(|(angle, longitude)| (angle.id(), *longitude)));
        let conjunctions = targets
            .filter_map(|(target, longitude)| {
                let orb = angular_distance(position.longitude, longitude);
                (orb <= CONJUNCTION_ORB).then_some((target, orb))
            })
            .collect();
        stars.push(StarPlacement { id, name, position, magnitude, zodiac: ZodiacPosition::of(position.longitude), conjunctions });
    }
    Ok(stars)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::astro::chart::ChartInput;
    use crate::astro::house::HouseSystem;

    #[test]
    fn every_star_of_the_list_is_found_in_the_embedded_catalogue() {
        let ephemeris = Ephemeris::with_embedded_files().unwrap();
        let input = ChartInput::with_defaults(&ephemeris, JulianDay(2_451_545.0), 41.9, 12.5, HouseSystem::Placidus);
        let chart = NatalChart::compute(&ephemeris, &input).unwrap();
        let stars = fixed_stars(&ephemeris, input.instant, Zodiac::Tropical, &chart).unwrap();
        assert_eq!(stars.len(), 24);
        // Regulus crossed into Virgo in 2011; at J2000 it stood at 29°50′ Leo.
        let regulus = stars.iter().find(|s| s.id == "regulus").unwrap();
        assert_eq!(regulus.zodiac.sign, crate::astro::zodiac::Sign::Leo);
        assert!((regulus.position.longitude - 149.83).abs() < 0.02, "{}", regulus.position.longitude);
        assert!((regulus.magnitude - 1.4).abs() < 0.01);
    }
}
