//! Solar arc directions: the whole natal chart turned forward by one arc,
//! every point and angle by the same amount, and the contacts the turned
//! chart makes with the natal one.
//!
//! The arc for an age is the secondary-progressed Sun's advance over the
//! natal Sun (one day after birth for each tropical year of life), Naibod's
//! mean rate of the Sun, or one degree a year.

use crate::astro::aspect::{Aspect, AspectKind, Orbs, Placement, aspects_across};
use crate::astro::chart::natal::{ChartInput, NatalChart};
use crate::astro::ephemeris::{Body, Ephemeris, EphemerisError, Observer};
use crate::astro::point::{AngleId, ChartPoint, PointId};
use crate::astro::time::JulianDay;
use crate::astro::zodiac::{normalize_degrees, signed_arc};

/// The year of life the arc is counted in: the tropical year, days.
pub const TROPICAL_YEAR_DAYS: f64 = 365.2422;

/// Naibod's key: the Sun's mean daily motion, 0°59′08.33″, taken a year.
pub const NAIBOD_DEGREES_PER_YEAR: f64 = 0.985_647_33;

/// How an age becomes an arc.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ArcMethod {
    /// The progressed Sun minus the natal Sun: the Sun's true motion in the
    /// days after birth, a day for a year.
    #[default]
    SolarArc,
    /// The Sun's mean motion, [`NAIBOD_DEGREES_PER_YEAR`].
    Naibod,
    /// One degree a year.
    OneDegree,
}

impl ArcMethod {
    pub const ALL: [ArcMethod; 3] = [Self::SolarArc, Self::Naibod, Self::OneDegree];

    pub fn id(self) -> &'static str {
        match self {
            Self::SolarArc => "solar-arc",
            Self::Naibod => "naibod",
            Self::OneDegree => "one-degree",
        }
    }

    pub fn parse(id: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|method| method.id() == id)
    }
}

/// The orbs of directions: a degree for each major aspect (a directed point
/// moves a degree in about a year, so one degree is the year around the
/// exact contact).
pub fn default_direction_orbs() -> Orbs {
    Orbs::from_client(AspectKind::MAJOR.map(|kind| (kind, 1.0)))
}

#[derive(Debug, Clone)]
pub struct SolarArcDirections {
    /// Years of life at the target: (target − birth) / [`TROPICAL_YEAR_DAYS`].
    pub years: f64,
    /// Degrees every point and angle moved.
    pub arc: f64,
    pub method: ArcMethod,
    pub natal: NatalChart,
    /// Natal longitude + arc, for each point of the natal chart.
    pub directed_points: Vec<(PointId, f64)>,
    /// Natal angle + arc, the four angles.
    pub directed_angles: Vec<(AngleId, f64)>,
    /// Directed (point A) to natal (point B), the natal chart held still.
    pub aspects: Vec<Aspect<ChartPoint>>,
}

/// The arc for the years between `birth` and `target` by `method`.
pub fn arc_for(ephemeris: &Ephemeris, birth: JulianDay, target: JulianDay, method: ArcMethod) -> Result<f64, EphemerisError> {
    let years = (target.0 - birth.0) / TROPICAL_YEAR_DAYS;
    Ok(match method {
        ArcMethod::Naibod => years * NAIBOD_DEGREES_PER_YEAR,
        ArcMethod::OneDegree => years,
        ArcMethod::SolarArc => {
            let natal_sun = ephemeris.position(birth, Body::Sun, Observer::Geocentric)?;
            let progressed_sun = ephemeris.position(JulianDay(birth.0 + years), Body::Sun, Observer::Geocentric)?;
            // The Sun never moves over 180° in a life's progressed days
            // (about 1° a day), so the signed shortest arc is the advance.
            signed_arc(progressed_sun.longitude - natal_sun.longitude)
        }
    })
}

/// Directs the chart of `natal` to `target`; the aspects use `orbs`
/// ([`default_direction_orbs`] unless the client chose).
pub fn solar_arc_directions(
    ephemeris: &Ephemeris,
    natal: &ChartInput,
    target: JulianDay,
    method: ArcMethod,
    orbs: &Orbs,
) -> Result<SolarArcDirections, EphemerisError> {
    let natal_chart = NatalChart::compute(ephemeris, natal)?;
    let arc = arc_for(ephemeris, natal.instant, target, method)?;
    let years = (target.0 - natal.instant.0) / TROPICAL_YEAR_DAYS;
    let directed_points: Vec<(PointId, f64)> =
        natal_chart.points.iter().map(|p| (p.point, normalize_degrees(p.position.longitude + arc))).collect();
    let directed_angles: Vec<(AngleId, f64)> =
        natal_chart.angles.iter().map(|&(angle, longitude)| (angle, normalize_degrees(longitude + arc))).collect();

    // Every directed point moves at the same rate, the sign of the arc's
    // growth; the natal chart stands still. The ascendant and midheaven
    // stand for the angles: an aspect to the descendant or the imum coeli is
    // the opposite aspect to them.
    let rate = if target.0 >= natal.instant.0 { 1.0 } else { -1.0 };
    let in_aspects = |angle: &&(AngleId, f64)| matches!(angle.0, AngleId::Ascendant | AngleId::Midheaven);
    let directed: Vec<Placement<ChartPoint>> = directed_points
        .iter()
        .map(|&(point, longitude)| Placement { point: ChartPoint::Point(point), longitude, speed: rate })
        .chain(directed_angles.iter().filter(in_aspects).map(|&(angle, longitude)| Placement {
            point: ChartPoint::Angle(angle),
            longitude,
            speed: rate,
        }))
        .collect();
    let still: Vec<Placement<ChartPoint>> = natal_chart
        .points
        .iter()
        .map(|p| Placement { point: ChartPoint::Point(p.point), longitude: p.position.longitude, speed: 0.0 })
        .chain(natal_chart.angles.iter().filter(in_aspects).map(|&(angle, longitude)| Placement {
            point: ChartPoint::Angle(angle),
            longitude,
            speed: 0.0,
        }))
        .collect();
    let aspects = aspects_across(&directed, &still, orbs);
    Ok(SolarArcDirections { years, arc, method, natal: natal_chart, directed_points, directed_angles, aspects })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn methods_read_back_from_their_ids() {
        for method in ArcMethod::ALL {
            assert_eq!(ArcMethod::parse(method.id()), Some(method));
        }
        assert_eq!(ArcMethod::parse("solar_arc"), None);
    }

    #[test]
    fn naibod_and_one_degree_are_the_years_times_their_rate() {
        let ephemeris = Ephemeris::with_embedded_files().unwrap();
        let birth = JulianDay(2_447_000.0);
        let target = JulianDay(birth.0 + 30.0 * TROPICAL_YEAR_DAYS);
        assert!((arc_for(&ephemeris, birth, target, ArcMethod::OneDegree).unwrap() - 30.0).abs() < 1e-9);
        assert!((arc_for(&ephemeris, birth, target, ArcMethod::Naibod).unwrap() - 30.0 * NAIBOD_DEGREES_PER_YEAR).abs() < 1e-9);
        // The true Sun's arc over thirty days is within a degree of Naibod's.
        let solar = arc_for(&ephemeris, birth, target, ArcMethod::SolarArc).unwrap();
        assert!((solar - 30.0 * NAIBOD_DEGREES_PER_YEAR).abs() < 1.0, "{solar}");
    }
}
