//! Sky events over a period: sign ingresses, stations, lunar phases,
//! eclipses, void-of-course Moon spans and exact aspects between moving
//! bodies, each at its exact instant.
//!
//! # Method
//! Every body is sampled once over the period (the transit tracks of
//! [`Track`]: positions and speeds, cubic Hermite between samples). On each
//! step between two samples:
//! - a station is a change of sign of the speed: the instant is solved on
//!   the ephemeris' own speed (bisection kept by a secant step), so its
//!   accuracy does not depend on the interpolation;
//! - an ingress is the unwrapped longitude crossing a multiple of 30°: found
//!   on the track ([`Track::crossings`]), then refined by Newton's method on
//!   the ephemeris;
//! - a lunar phase is the Moon's elongation from the Sun (the difference of
//!   the two tracks, [`Track::minus`]) crossing a multiple of 90°, refined
//!   on the ephemeris;
//! - an exact aspect is the angle of the faster body ahead of the slower
//!   ([`BY_MEAN_MOTION`]) crossing 0, 60, 90, 120, 180, 240, 270 or 300°.
//!   The difference track is cut where the pair's angle turns, so a
//!   retrograde loop through an aspect gives its three hits. The Moon's
//!   pairs are solved on the tracks (within a second of time); the others
//!   are refined by Newton's method on the ephemeris, since two planets
//!   separate so slowly that the tracks' 10⁻⁵° would be minutes.
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

use crate::astro::aspect::AspectKind;
use crate::astro::chart::transit::{Crossing, Track, TransitingBody, refine_crossing};
use crate::astro::ephemeris::{Ephemeris, EphemerisError, EphemerisSource, Observer};
use crate::astro::frame::{Frame, Zodiac};
use crate::astro::point::PointId;
use crate::astro::time::JulianDay;
use crate::astro::zodiac::{Sign, angular_distance, normalize_degrees, signed_arc};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum EventType {
    Ingress,
    Station,
    LunarPhase,
    Eclipse,
    VoidOfCourse,
    Aspect,
}

impl EventType {
    pub const ALL: [EventType; 6] = [Self::Ingress, Self::Station, Self::LunarPhase, Self::Eclipse, Self::VoidOfCourse, Self::Aspect];

    pub fn id(self) -> &'static str {
        match self {
            Self::Ingress => "ingress",
            Self::Station => "station",
            Self::LunarPhase => "lunar_phase",
            Self::Eclipse => "eclipse",
            Self::VoidOfCourse => "void_of_course",
            Self::Aspect => "aspect",
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
    pub aspect: AspectKind,
}

/// Which half of a pair's cycle (conjunction to conjunction) an aspect
/// belongs to: the faster body pulling away from the slower up to the
/// opposition (waxing), or closing in on it again (waning).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AspectPhase {
    Waxing,
    Waning,
}

impl AspectPhase {
    pub fn id(self) -> &'static str {
        match self {
            Self::Waxing => "waxing",
            Self::Waning => "waning",
        }
    }
}

/// A body's place and motion at the instant of an exact aspect.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Placed {
    pub point: PointId,
    pub longitude: f64,
    /// Degrees a day; negative while retrograde.
    pub speed: f64,
}

/// A Ptolemaic aspect between two moving bodies at the instant it is exact.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ExactAspect {
    pub at: JulianDay,
    /// The faster body by mean daily motion ([`BY_MEAN_MOTION`]).
    pub faster: Placed,
    pub slower: Placed,
    pub aspect: AspectKind,
    /// The phase angle: the faster body's longitude minus the slower's, in
    /// [0, 360): 0, 60, 90, 120, 180, 240, 270 or 300.
    pub phase_angle: f64,
    pub phase: AspectPhase,
    /// How far from exact the two longitudes are at `at`, degrees: below
    /// 10⁻⁷ once solved (the planets on the ephemeris to a millisecond, the
    /// Moon's pairs on the tracks).
    pub orb: f64,
}

/// The Sun … Pluto from the fastest to the slowest by mean geocentric daily
/// motion (Mercury and Venus keep pace with the Sun on average and go
/// before it, as in the traditional order of speed). A pair's cycle is the
/// faster body's angle ahead of the slower.
pub const BY_MEAN_MOTION: [PointId; 10] = [
    PointId::Moon,
    PointId::Mercury,
    PointId::Venus,
    PointId::Sun,
    PointId::Mars,
    PointId::Jupiter,
    PointId::Saturn,
    PointId::Uranus,
    PointId::Neptune,
    PointId::Pluto,
];

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
    Aspect(ExactAspect),
}

impl Event {
    /// The instant the event is ordered by (a void-of-course span's start).
    pub fn at(&self) -> JulianDay {
        match self {
            Self::Ingress { at, .. } | Self::Station { at, .. } | Self::LunarPhase { at, .. } | Self::Eclipse { at, .. } => *at,
            Self::VoidOfCourse { starts_at, .. } => *starts_at,
            Self::Aspect(aspect) => aspect.at,
        }
    }

    pub fn event_type(&self) -> EventType {
        match self {
            Self::Ingress { .. } => EventType::Ingress,
            Self::Station { .. } => EventType::Station,
            Self::LunarPhase { .. } => EventType::LunarPhase,
            Self::Eclipse { .. } => EventType::Eclipse,
            Self::VoidOfCourse { .. } => EventType::VoidOfCourse,
            Self::Aspect(_) => EventType::Aspect,
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct EventsInput {
    pub start: JulianDay,
    /// Exclusive.
    pub end: JulianDay,
    pub types: Vec<EventType>,
    /// The points whose ingresses and stations are wanted; the aspects are
    /// those between every two of them among the Sun … Pluto.
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

/// Days sampled beyond the period for every search: an event the tracks
/// place just outside the period (they may be minutes off for the slow
/// bodies) is found, and its refined instant decides whether it is in.
const EDGE_MARGIN_DAYS: f64 = 0.25;

/// The planets the Moon's void-of-course aspects count: all but the Moon
/// (the first by mean motion).
fn aspected_by_the_moon() -> &'static [PointId] {
    &BY_MEAN_MOTION[1..]
}

pub fn find_events(ephemeris: &Ephemeris, input: &EventsInput) -> Result<Events, EphemerisError> {
    let sky = input.sky(ephemeris)?;
    let tracks = Track::sample_all(ephemeris, &sky.bodies, sky.start, sky.end)?;
    find_events_on(ephemeris, input, &tracks)
}

/// The bodies an events search samples, and over which span: what
/// [`find_events_on`] needs as `Track::sample_all(ephemeris, &bodies, start,
/// end)`. The same for every search of the same period, types, points and
/// zodiac, so the tracks can be kept between them.
#[derive(Debug, Clone, PartialEq)]
pub struct EventsSky {
    pub bodies: Vec<TransitingBody>,
    pub start: JulianDay,
    pub end: JulianDay,
}

impl EventsInput {
    /// The sky to sample for these events (an error when it leaves the
    /// ephemeris' range).
    pub fn sky(&self, ephemeris: &Ephemeris) -> Result<EventsSky, EphemerisError> {
        let margin = if self.types.contains(&EventType::VoidOfCourse) { MARGIN_DAYS } else { EDGE_MARGIN_DAYS };
        let (start, end) = (JulianDay(self.start.0 - margin), JulianDay(self.end.0 + margin));
        ephemeris.check_supported(start)?;
        ephemeris.check_supported(end)?;
        Ok(EventsSky { bodies: self.sampled_bodies(), start, end })
    }

    /// Which bodies to sample: the asked points, and the Moon and the
    /// planets when phases or void-of-course spans are asked.
    fn sampled_bodies(&self) -> Vec<TransitingBody> {
        let frame = Frame { zodiac: self.zodiac, ..Frame::default() };
        let wants = |t: EventType| self.types.contains(&t);
        let mut points: Vec<PointId> = Vec::new();
        if wants(EventType::Ingress) || wants(EventType::Station) {
            points.extend(self.points.iter().copied());
        }
        if wants(EventType::LunarPhase) {
            points.extend([PointId::Sun, PointId::Moon]);
        }
        if wants(EventType::VoidOfCourse) {
            points.push(PointId::Moon);
            points.extend(aspected_by_the_moon());
        }
        points.extend(self.aspecting());
        let mut bodies: Vec<TransitingBody> = Vec::new();
        for point in points {
            if let Some(body) = TransitingBody::of(point)
                && !bodies.iter().any(|b| b.point == point)
            {
                bodies.push(body.in_frame(frame));
            }
        }
        bodies
    }

    /// The points whose exact aspects to each other are asked, fastest first.
    fn aspecting(&self) -> Vec<PointId> {
        if self.types.contains(&EventType::Aspect) {
            BY_MEAN_MOTION.into_iter().filter(|p| self.points.contains(p)).collect()
        } else {
            Vec::new()
        }
    }
}

/// [`find_events`] on tracks already sampled (see [`EventsSky`]): one
/// track a body of `input.sky(..).bodies`, in that order, over its span.
/// Tracks of another sky give another sky's events (a missing one, none
/// of its body's).
pub fn find_events_on(ephemeris: &Ephemeris, input: &EventsInput, tracks: &[Track]) -> Result<Events, EphemerisError> {
    let wants = |t: EventType| input.types.contains(&t);
    let (start, end) = (input.start.0, input.end.0);
    let mut events = Vec::new();
    let bodies = input.sampled_bodies();
    let aspecting = input.aspecting();
    let mut sources = std::collections::BTreeSet::new();
    for track in tracks {
        sources.extend(track.sources.iter().copied());
    }
    debug_assert_eq!(tracks.len(), bodies.len(), "the tracks of EventsInput::sky, one a body");
    let track_of = |point: PointId| bodies.iter().position(|b| b.point == point).and_then(|i| Some((tracks.get(i)?, bodies[i])));

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
        let planets: Vec<(PointId, &Track)> = aspected_by_the_moon().iter().filter_map(|p| track_of(*p).map(|(t, _)| (*p, t))).collect();
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

    for (i, &faster) in aspecting.iter().enumerate() {
        for &slower in &aspecting[i + 1..] {
            let (Some((fast_track, fast_body)), Some((slow_track, slow_body))) = (track_of(faster), track_of(slower)) else {
                continue;
            };
            for (crossing, phase_angle, aspect, phase) in exact_aspects(fast_track, slow_track) {
                // The refined instant decides, within the sampled margin.
                if crossing.at < start - EDGE_MARGIN_DAYS || crossing.at >= end + EDGE_MARGIN_DAYS {
                    continue;
                }
                // The Moon's track is within a second of the ephemeris and
                // it outruns every error of the other track; a pair of two
                // planets separates slowly enough that the tracks' 10⁻⁵° (and
                // Jupiter's and Uranus' 10⁻⁴° wobble) would be minutes.
                let (at, (fast_longitude, fast_speed), (slow_longitude, slow_speed)) = if faster == PointId::Moon {
                    let ((fast_longitude, fast_speed), (slow_longitude, slow_speed)) =
                        (fast_track.at(crossing.at), slow_track.at(crossing.at));
                    (
                        JulianDay(crossing.at),
                        (normalize_degrees(fast_longitude), fast_speed),
                        (normalize_degrees(slow_longitude), slow_speed),
                    )
                } else {
                    refine_separation(ephemeris, (fast_body, slow_body), &crossing, phase_angle)?
                };
                if !(start..end).contains(&at.0) {
                    continue;
                }
                events.push(Event::Aspect(ExactAspect {
                    at,
                    faster: Placed { point: faster, longitude: fast_longitude, speed: fast_speed },
                    slower: Placed { point: slower, longitude: slow_longitude, speed: slow_speed },
                    aspect,
                    phase_angle,
                    phase,
                    orb: angular_distance(fast_longitude - slow_longitude, phase_angle),
                }));
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

/// A body's longitude and its speed in longitude (degrees a day).
type Motion = (f64, f64);

/// The position of `body` on the ephemeris, in its frame.
fn exact(ephemeris: &Ephemeris, body: TransitingBody, t: f64) -> Result<Motion, EphemerisError> {
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
    for crossing in track.crossings(30.0, &[0.0]) {
        let boundary = crossing.level;
        let (at, _) = refine_crossing(ephemeris, body, JulianDay(crossing.at), normalize_degrees(boundary))?;
        let index = |value: f64| (normalize_degrees(value) / 30.0).floor() as usize % 12;
        let (below, above) = (Sign::ALL[index(boundary - 1.0)], Sign::ALL[index(boundary + 1.0)]);
        found.push(if crossing.rising { (at, above, below, Direction::Forward) } else { (at, below, above, Direction::Retrograde) });
    }
    Ok(found)
}

/// New, first quarter, full and last quarter Moons: the elongation Moon −
/// Sun crossing a multiple of 90°, refined on the ephemeris.
fn phases(
    ephemeris: &Ephemeris,
    (moon, moon_body): (&Track, TransitingBody),
    (sun, sun_body): (&Track, TransitingBody),
) -> Result<Vec<(JulianDay, Phase, f64)>, EphemerisError> {
    let mut found = Vec::new();
    for crossing in moon.minus(sun).crossings(90.0, &[0.0]) {
        let quarter = normalize_degrees(crossing.level);
        let (at, (moon_longitude, _), _) = refine_separation(ephemeris, (moon_body, sun_body), &crossing, quarter)?;
        let phase = match (quarter / 90.0).round() as i64 % 4 {
            0 => Phase::NewMoon,
            1 => Phase::FirstQuarter,
            2 => Phase::FullMoon,
            _ => Phase::LastQuarter,
        };
        found.push((at, phase, moon_longitude));
    }
    Ok(found)
}

/// The instant where the phase angle `faster − slower` equals `angle`, on
/// the ephemeris, from a crossing found on the tracks; with both bodies'
/// motion there. Newton's method from the tracks' instant, kept inside the
/// crossing's bracket (the monotonic piece of the tracks it lies on), to
/// 10⁻⁹° or a millisecond. Where
/// the angle turns (the pair's own station) Newton may stray or crawl:
/// then bisection on the ephemeris inside the bracket, or, when the
/// ephemeris does not cross the angle there at all (a graze the tracks
/// reach and the ephemeris misses by 10⁻⁵°), the tracks' instant.
fn refine_separation(
    ephemeris: &Ephemeris,
    (faster, slower): (TransitingBody, TransitingBody),
    crossing: &Crossing,
    angle: f64,
) -> Result<(JulianDay, Motion, Motion), EphemerisError> {
    let residual_at = |t: f64| -> Result<(f64, Motion, Motion), EphemerisError> {
        let (a, b) = (exact(ephemeris, faster, t)?, exact(ephemeris, slower, t)?);
        Ok((signed_arc(a.0 - b.0 - angle), a, b))
    };
    let (low, high) = crossing.bracket;
    let mut t = crossing.at;
    for _ in 0..8 {
        let (residual, a, b) = residual_at(t)?;
        let step = residual / (a.1 - b.1);
        // Below a millisecond the instant is as exact as the ephemeris: a
        // Julian day in f64 resolves 0.05 ms, in which the Moon moves
        // 3·10⁻⁹°, so the residual alone would never settle for its pairs.
        if residual.abs() < 1e-9 || step.abs() < 1e-8 {
            return Ok((JulianDay(t), a, b));
        }
        let next = t - step;
        if !(next.is_finite() && (low..=high).contains(&next)) {
            break;
        }
        t = next;
    }
    let (mut a, mut b) = (low, high);
    let (at_low, ..) = residual_at(a)?;
    let (at_high, ..) = residual_at(b)?;
    t = if at_low.signum() != at_high.signum() {
        while b - a > 1e-8 {
            let middle = 0.5 * (a + b);
            let (residual, ..) = residual_at(middle)?;
            if residual.signum() == at_low.signum() { a = middle } else { b = middle }
        }
        0.5 * (a + b)
    } else {
        crossing.at
    };
    let (_, a, b) = residual_at(t)?;
    Ok((JulianDay(t), a, b))
}

/// The phase angles (the faster body ahead of the slower) at which the
/// five Ptolemaic aspects are exact: conjunction, then the waxing sextile,
/// square and trine, the opposition, and the waning trine, square and
/// sextile.
const PHASE_ANGLES: [f64; 8] = [0.0, 60.0, 90.0, 120.0, 180.0, 240.0, 270.0, 300.0];

/// The aspect that a phase angle (one of [`PHASE_ANGLES`]) is.
fn aspect_at(phase_angle: f64) -> AspectKind {
    match phase_angle.round() as i64 {
        0 => AspectKind::Conjunction,
        60 | 300 => AspectKind::Sextile,
        90 | 270 => AspectKind::Square,
        120 | 240 => AspectKind::Trine,
        _ => AspectKind::Opposition,
    }
}

/// Every exact Ptolemaic aspect of the faster track to the slower, in time
/// order, solved on the tracks: (crossing, the phase angle in [0, 360),
/// the aspect, the phase).
fn exact_aspects(faster: &Track, slower: &Track) -> Vec<(Crossing, f64, AspectKind, AspectPhase)> {
    faster
        .minus(slower)
        .crossings(360.0, &PHASE_ANGLES)
        .into_iter()
        .map(|crossing| {
            let phase_angle = normalize_degrees(crossing.level);
            // The phase the pair enters at the instant: a conjunction the
            // faster body passes going forward starts the waxing half.
            let waxing = match phase_angle.round() as i64 {
                0 => crossing.rising,
                180 => !crossing.rising,
                _ => phase_angle < 180.0,
            };
            (crossing, phase_angle, aspect_at(phase_angle), if waxing { AspectPhase::Waxing } else { AspectPhase::Waning })
        })
        .collect()
}

/// Every exact Ptolemaic aspect of the Moon to `planets`, in time order,
/// solved on the tracks.
fn moon_aspects(moon: &Track, planets: &[(PointId, &Track)]) -> Vec<MoonAspect> {
    let mut found = Vec::new();
    for (planet, track) in planets {
        for (crossing, _, aspect, _) in exact_aspects(moon, track) {
            found.push(MoonAspect { at: JulianDay(crossing.at), planet: *planet, aspect });
        }
    }
    found.sort_by(|a, b| a.at.0.total_cmp(&b.at.0));
    found
}
