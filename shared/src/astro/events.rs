//! Sky events over a period: sign ingresses, stations, lunar phases,
//! eclipses and void-of-course Moon spans, each at its exact instant.
//!
//! # Method
//! Every body is sampled once over the period (the transit tracks of
//! [`Track`]: positions and speeds, cubic Hermite between samples). On each
//! step between two samples:
//! - a station is a change of sign of the speed: the instant is solved on
//!   the ephemeris' own speed (bisection kept by a secant step), so its
//!   accuracy does not depend on the interpolation;
//! - an ingress is the unwrapped longitude crossing a multiple of 30°: found
//!   on the track, then refined by Newton's method on the ephemeris;
//! - a lunar phase is the Moon's elongation from the Sun crossing a multiple
//!   of 90°, solved on the two tracks and refined on the ephemeris.
//!
//! Eclipses are the library's own global searches (greatest eclipse).
//!
//! # Void of course
//! The Moon is void of course from its last exact Ptolemaic aspect
//! (conjunction, sextile, square, trine, opposition) to the Sun, Mercury,
//! Venus, Mars, Jupiter, Saturn, Uranus, Neptune or Pluto before it leaves a
//! sign, until it enters the next one (the modern rule; no orb, no
//! "traditional" exceptions). A sign in which the Moon makes no aspect at
//! all is void from its ingress. Aspects are found on the tracks (the Moon's
//! to a second, the planets' to 10⁻⁵°).

use crate::astro::chart::transit::{Track, TransitingBody};
use crate::astro::ephemeris::{Ephemeris, EphemerisError, EphemerisSource, Observer};
use crate::astro::frame::{Frame, Zodiac};
use crate::astro::point::PointId;
use crate::astro::time::JulianDay;
use crate::astro::zodiac::{Sign, normalize_degrees, signed_arc};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum EventType {
    Ingress,
    Station,
    LunarPhase,
    Eclipse,
    VoidOfCourse,
}

impl EventType {
    pub const ALL: [EventType; 5] = [Self::Ingress, Self::Station, Self::LunarPhase, Self::Eclipse, Self::VoidOfCourse];

    pub fn id(self) -> &'static str {
        match self {
            Self::Ingress => "ingress",
            Self::Station => "station",
            Self::LunarPhase => "lunar_phase",
            Self::Eclipse => "eclipse",
            Self::VoidOfCourse => "void_of_course",
        }
    }

    pub fn parse(id: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|t| t.id() == id)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Direction {
    Forward,
    Retrograde,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StationKind {
    /// The body turns retrograde.
    Retrograde,
    /// The body turns direct.
    Direct,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    NewMoon,
    FirstQuarter,
    FullMoon,
    LastQuarter,
}

impl Phase {
    pub fn id(self) -> &'static str {
        match self {
            Self::NewMoon => "new_moon",
            Self::FirstQuarter => "first_quarter",
            Self::FullMoon => "full_moon",
            Self::LastQuarter => "last_quarter",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Luminary {
    Solar,
    Lunar,
}

/// A Ptolemaic aspect of the Moon to a planet.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MoonAspect {
    pub at: JulianDay,
    pub planet: PointId,
    /// 0, 60, 90, 120 or 180.
    pub angle: u16,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Event {
    Ingress {
        point: PointId,
        at: JulianDay,
        sign: Sign,
        from: Sign,
        direction: Direction,
    },
    Station {
        point: PointId,
        at: JulianDay,
        kind: StationKind,
        longitude: f64,
    },
    LunarPhase {
        at: JulianDay,
        phase: Phase,
        moon_longitude: f64,
    },
    Eclipse {
        at: JulianDay,
        luminary: Luminary,
        kind: crate::astro::ephemeris::EclipseKind,
        magnitude: f64,
        penumbral_magnitude: Option<f64>,
        place: Option<(f64, f64)>,
    },
    VoidOfCourse {
        starts_at: JulianDay,
        ends_at: JulianDay,
        sign: Sign,
        next_sign: Sign,
        last_aspect: Option<MoonAspect>,
    },
}

impl Event {
    /// The instant the event is ordered by (a void-of-course span's start).
    pub fn at(&self) -> JulianDay {
        match self {
            Self::Ingress { at, .. } | Self::Station { at, .. } | Self::LunarPhase { at, .. } | Self::Eclipse { at, .. } => *at,
            Self::VoidOfCourse { starts_at, .. } => *starts_at,
        }
    }

    pub fn event_type(&self) -> EventType {
        match self {
            Self::Ingress { .. } => EventType::Ingress,
            Self::Station { .. } => EventType::Station,
            Self::LunarPhase { .. } => EventType::LunarPhase,
            Self::Eclipse { .. } => EventType::Eclipse,
            Self::VoidOfCourse { .. } => EventType::VoidOfCourse,
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct EventsInput {
    pub start: JulianDay,
    /// Exclusive.
    pub end: JulianDay,
    pub types: Vec<EventType>,
    /// The points whose ingresses and stations are wanted.
    pub points: Vec<PointId>,
    pub zodiac: Zodiac,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Events {
    /// In time order.
    pub events: Vec<Event>,
    pub sources: std::collections::BTreeSet<EphemerisSource>,
}

/// Days of margin sampled around the period: enough for the Moon to pass
/// a whole sign, so that a void-of-course span crossing the period's edges
/// has its last aspect and its ingress.
const MARGIN_DAYS: f64 = 3.0;

/// The planets the Moon's void-of-course aspects count.
const ASPECTED: [PointId; 9] = [
    PointId::Sun,
    PointId::Mercury,
    PointId::Venus,
    PointId::Mars,
    PointId::Jupiter,
    PointId::Saturn,
    PointId::Uranus,
    PointId::Neptune,
    PointId::Pluto,
];

pub fn find_events(ephemeris: &Ephemeris, input: &EventsInput) -> Result<Events, EphemerisError> {
    let frame = Frame { zodiac: input.zodiac, ..Frame::default() };
    let wants = |t: EventType| input.types.contains(&t);
    let (start, end) = (input.start.0, input.end.0);
    let mut events = Vec::new();

    // Which bodies to sample: the asked points, and the Moon and the
    // planets when phases or void-of-course spans are asked.
    let mut points: Vec<PointId> = Vec::new();
    if wants(EventType::Ingress) || wants(EventType::Station) {
        points.extend(input.points.iter().copied());
    }
    if wants(EventType::LunarPhase) {
        points.extend([PointId::Sun, PointId::Moon]);
    }
    if wants(EventType::VoidOfCourse) {
        points.push(PointId::Moon);
        points.extend(ASPECTED);
    }
    let mut bodies: Vec<TransitingBody> = Vec::new();
    for point in points {
        if let Some(body) = TransitingBody::of(point)
            && !bodies.iter().any(|b| b.point == point)
        {
            bodies.push(body.in_frame(frame));
        }
    }
    let margin = if wants(EventType::VoidOfCourse) { MARGIN_DAYS } else { 0.0 };
    let (sample_start, sample_end) = (JulianDay(start - margin), JulianDay(end + margin));
    ephemeris.check_supported(sample_start)?;
    ephemeris.check_supported(sample_end)?;
    let tracks = Track::sample_all(ephemeris, &bodies, sample_start, sample_end)?;
    let mut sources = std::collections::BTreeSet::new();
    for track in &tracks {
        sources.extend(track.sources.iter().copied());
    }
    let track_of = |point: PointId| bodies.iter().position(|b| b.point == point).map(|i| (&tracks[i], bodies[i]));

    let mut moon_ingresses = None;
    for &point in &input.points {
        let Some((track, body)) = track_of(point) else { continue };
        // The planets and Chiron station; the nodes' and Lilith's wobbles
        // are not stations in the astrologer's sense.
        let stations_of = matches!(
            point,
            PointId::Mercury
                | PointId::Venus
                | PointId::Mars
                | PointId::Jupiter
                | PointId::Saturn
                | PointId::Uranus
                | PointId::Neptune
                | PointId::Pluto
                | PointId::Chiron
                | PointId::Pholus
                | PointId::Ceres
                | PointId::Pallas
                | PointId::Juno
                | PointId::Vesta
        );
        if wants(EventType::Station) && stations_of {
            for (at, kind, longitude) in stations(ephemeris, track, body)? {
                if (start..end).contains(&at.0) {
                    events.push(Event::Station { point, at, kind, longitude });
                }
            }
        }
        if wants(EventType::Ingress) {
            let found = ingresses(ephemeris, track, body)?;
            for &(at, sign, from, direction) in &found {
                if (start..end).contains(&at.0) {
                    events.push(Event::Ingress { point, at, sign, from, direction });
                }
            }
            if point == PointId::Moon {
                moon_ingresses = Some(found);
            }
        }
    }

    if wants(EventType::LunarPhase)
        && let (Some((moon, moon_body)), Some((sun, sun_body))) = (track_of(PointId::Moon), track_of(PointId::Sun))
    {
        for (at, phase, moon_longitude) in phases(ephemeris, (moon, moon_body), (sun, sun_body))? {
            if (start..end).contains(&at.0) {
                events.push(Event::LunarPhase { at, phase, moon_longitude });
            }
        }
    }

    if wants(EventType::VoidOfCourse)
        && let Some((moon, moon_body)) = track_of(PointId::Moon)
    {
        // The Moon's ingresses, found once when they are listed too.
        let moon_ingresses = match moon_ingresses.take() {
            Some(found) => found,
            None => ingresses(ephemeris, moon, moon_body)?,
        };
        let planets: Vec<(PointId, &Track)> = ASPECTED.iter().filter_map(|p| track_of(*p).map(|(t, _)| (*p, t))).collect();
        let aspects = moon_aspects(moon, &planets);
        for pair in moon_ingresses.windows(2) {
            let (entered, left) = (&pair[0], &pair[1]);
            let last = aspects.iter().rfind(|a| a.at.0 >= entered.0.0 && a.at.0 < left.0.0).copied();
            let starts_at = last.map(|a| a.at).unwrap_or(entered.0);
            // Spans that touch the period.
            if starts_at.0 < end && left.0.0 > start {
                events.push(Event::VoidOfCourse { starts_at, ends_at: left.0, sign: entered.1, next_sign: left.1, last_aspect: last });
            }
        }
    }

    if wants(EventType::Eclipse) {
        let mut after = JulianDay(start);
        loop {
            let eclipse = ephemeris.solar_eclipse_after(after)?;
            if eclipse.greatest.0 >= end {
                break;
            }
            events.push(Event::Eclipse {
                at: eclipse.greatest,
                luminary: Luminary::Solar,
                kind: eclipse.kind,
                magnitude: eclipse.magnitude,
                penumbral_magnitude: None,
                place: Some((eclipse.latitude, eclipse.longitude)),
            });
            after = JulianDay(eclipse.greatest.0 + 1.0);
        }
        let mut after = JulianDay(start);
        loop {
            let eclipse = ephemeris.lunar_eclipse_after(after)?;
            if eclipse.greatest.0 >= end {
                break;
            }
            events.push(Event::Eclipse {
                at: eclipse.greatest,
                luminary: Luminary::Lunar,
                kind: eclipse.kind,
                magnitude: eclipse.umbral_magnitude,
                penumbral_magnitude: Some(eclipse.penumbral_magnitude),
                place: None,
            });
            after = JulianDay(eclipse.greatest.0 + 1.0);
        }
    }

    events.sort_by(|a, b| a.at().0.total_cmp(&b.at().0).then(a.event_type().cmp(&b.event_type())));
    Ok(Events { events, sources })
}

/// The position of `body` on the ephemeris, in its frame.
fn exact(ephemeris: &Ephemeris, body: TransitingBody, t: f64) -> Result<(f64, f64), EphemerisError> {
    let position = ephemeris.position_in(JulianDay(t), body.body, Observer::Geocentric, body.frame.zodiac)?;
    let longitude = if body.opposite { normalize_degrees(position.longitude + 180.0) } else { position.longitude };
    Ok((longitude, position.speed_longitude))
}

/// A track sample: (time, unwrapped longitude, speed).
type Sample = (f64, f64, f64);

/// Consecutive samples of a track.
fn steps(track: &Track) -> Vec<(Sample, Sample)> {
    let samples: Vec<_> = track.samples().collect();
    samples.windows(2).map(|w| (w[0], w[1])).collect()
}

/// Stations: where the ephemeris speed changes sign. Solved on the
/// ephemeris by bisection with a secant guess, to 10⁻⁷ day (9 ms).
fn stations(ephemeris: &Ephemeris, track: &Track, body: TransitingBody) -> Result<Vec<(JulianDay, StationKind, f64)>, EphemerisError> {
    let mut found = Vec::new();
    for ((t0, _, v0), (t1, _, v1)) in steps(track) {
        if v0 == 0.0 || v0.signum() == v1.signum() {
            continue;
        }
        let (mut a, mut b, mut fa, mut fb) = (t0, t1, v0, v1);
        for _ in 0..60 {
            if b - a < 1e-7 {
                break;
            }
            // A secant step inside the bracket, kept away from its ends.
            let secant = a - fa * (b - a) / (fb - fa);
            let t = secant.clamp(a + 0.05 * (b - a), b - 0.05 * (b - a));
            let (_, v) = exact(ephemeris, body, t)?;
            if v.signum() == fa.signum() {
                (a, fa) = (t, v);
            } else {
                (b, fb) = (t, v);
            }
        }
        let at = (a + b) / 2.0;
        let (longitude, _) = exact(ephemeris, body, at)?;
        found.push((JulianDay(at), if v0 > 0.0 { StationKind::Retrograde } else { StationKind::Direct }, longitude));
    }
    Ok(found)
}

/// Sign ingresses: the unwrapped longitude crossing a multiple of 30°,
/// found on the track and refined on the ephemeris.
fn ingresses(
    ephemeris: &Ephemeris,
    track: &Track,
    body: TransitingBody,
) -> Result<Vec<(JulianDay, Sign, Sign, Direction)>, EphemerisError> {
    let mut found = Vec::new();
    for ((t0, l0, _), (t1, l1, _)) in steps(track) {
        let (low, high) = (l0.min(l1), l0.max(l1));
        let mut boundary = (low / 30.0).floor() * 30.0 + 30.0;
        while boundary <= high {
            // The crossing on the track: bisection on the interpolated
            // longitude (monotonic between stations; a station inside the
            // step is rare and the bisection still lands on a crossing).
            let (mut a, mut b) = (t0, t1);
            let rising = l1 > l0;
            for _ in 0..50 {
                let mid = (a + b) / 2.0;
                let (value, _) = track.at(mid);
                if (value < boundary) == rising { a = mid } else { b = mid }
            }
            let mut t = (a + b) / 2.0;
            let target = normalize_degrees(boundary);
            for _ in 0..4 {
                let (longitude, speed) = exact(ephemeris, body, t)?;
                if speed.abs() < 1e-9 {
                    break;
                }
                let step = signed_arc(longitude - target) / speed;
                if step.abs() > 0.05 {
                    break;
                }
                t -= step;
                if step.abs() < 1e-9 {
                    break;
                }
            }
            let index = |value: f64| (normalize_degrees(value) / 30.0).floor() as usize % 12;
            let direction = if rising { Direction::Forward } else { Direction::Retrograde };
            let (sign, from) = if rising {
                (Sign::ALL[index(boundary + 1.0)], Sign::ALL[index(boundary - 1.0)])
            } else {
                (Sign::ALL[index(boundary - 1.0)], Sign::ALL[index(boundary + 1.0)])
            };
            found.push((JulianDay(t), sign, from, direction));
            boundary += 30.0;
        }
    }
    Ok(found)
}

/// New, first quarter, full and last quarter Moons: the elongation Moon −
/// Sun crossing a multiple of 90°.
fn phases(
    ephemeris: &Ephemeris,
    (moon, moon_body): (&Track, TransitingBody),
    (sun, sun_body): (&Track, TransitingBody),
) -> Result<Vec<(JulianDay, Phase, f64)>, EphemerisError> {
    let elongation = |t: f64| moon.at(t).0 - sun.at(t).0;
    let mut found = Vec::new();
    for ((t0, _, _), (t1, _, _)) in steps(moon) {
        let (e0, e1) = (elongation(t0), elongation(t1));
        let mut quarter = (e0 / 90.0).floor() * 90.0 + 90.0;
        while quarter <= e1 {
            let (mut a, mut b) = (t0, t1);
            for _ in 0..50 {
                let mid = (a + b) / 2.0;
                if elongation(mid) < quarter { a = mid } else { b = mid }
            }
            let mut t = (a + b) / 2.0;
            for _ in 0..3 {
                let (m, mv) = exact(ephemeris, moon_body, t)?;
                let (s, sv) = exact(ephemeris, sun_body, t)?;
                let step = signed_arc(m - s - quarter) / (mv - sv);
                t -= step;
                if step.abs() < 1e-9 {
                    break;
                }
            }
            let phase = match (normalize_degrees(quarter) / 90.0).round() as i64 % 4 {
                0 => Phase::NewMoon,
                1 => Phase::FirstQuarter,
                2 => Phase::FullMoon,
                _ => Phase::LastQuarter,
            };
            let (moon_longitude, _) = exact(ephemeris, moon_body, t)?;
            found.push((JulianDay(t), phase, moon_longitude));
            quarter += 90.0;
        }
    }
    Ok(found)
}

/// Every exact Ptolemaic aspect of the Moon to `planets`, in time order,
/// solved on the tracks.
fn moon_aspects(moon: &Track, planets: &[(PointId, &Track)]) -> Vec<MoonAspect> {
    const ANGLES: [f64; 8] = [0.0, 60.0, 90.0, 120.0, 180.0, 240.0, 270.0, 300.0];
    let mut found = Vec::new();
    for (planet, track) in planets {
        let separation = |t: f64| moon.at(t).0 - track.at(t).0;
        for ((t0, _, _), (t1, _, _)) in steps(moon) {
            let (s0, s1) = (separation(t0), separation(t1));
            // The Moon always outruns the planets: the separation grows.
            let turns = (s0 / 360.0).floor() * 360.0;
            for base in [turns, turns + 360.0] {
                for angle in ANGLES {
                    let target = base + angle;
                    if !(s0 < target && target <= s1) {
                        continue;
                    }
                    let (mut a, mut b) = (t0, t1);
                    for _ in 0..45 {
                        let mid = (a + b) / 2.0;
                        if separation(mid) < target { a = mid } else { b = mid }
                    }
                    let folded = if angle > 180.0 { 360.0 - angle } else { angle };
                    found.push(MoonAspect { at: JulianDay((a + b) / 2.0), planet: *planet, angle: folded as u16 });
                }
            }
        }
    }
    found.sort_by(|a, b| a.at.0.total_cmp(&b.at.0));
    found
}
