//! Transits: when transiting bodies enter orb, perfect and leave aspects to natal points.
//!
//! # Method: event search on an interpolated track, not daily sampling
//! Each transiting body is sampled once over the period at a step suited to
//! it ([`sample_step_days`]: half a day for the Moon and Mercury, up to four
//! days for the slow planets), keeping longitude *and* speed. Between two samples the longitude is the cubic Hermite polynomial
//! through both positions and speeds. Its derivative is a quadratic, so the
//! stations (where the body turns retrograde or direct) inside a step are
//! found in closed form, and each step splits into at most three pieces on
//! which the track is monotonic. On a monotonic piece every target longitude
//! (natal point ± aspect angle, and the two orb boundaries around it) is
//! crossed at most once, so a sign test brackets it and a safeguarded Newton
//! iteration on the cubic solves it to about 10⁻⁹ day. The natal targets are
//! only numbers: one set of samples serves every natal point and aspect.
//!
//! For the Sun, Moon, Mercury, Venus and Mars the steps keep the track within
//! a second of time of the ephemeris (away from stations, where any timing is
//! ill-conditioned); the unit tests check it between samples. The slow bodies
//! move so little per day that 10⁻⁵° is already a minute, and Jupiter and
//! Uranus wobble by ~10⁻⁴° over days (their centre of light follows their
//! moons), so their few event times are refined by Newton's method on the
//! ephemeris itself ([`refine_crossing`]). `shared/tests/transit_bruteforce.rs`
//! checks the event times against independent fine sampling. A one-year
//! period for the ten planets costs about 3 000 ephemeris calls in all.
//!
//! # Conventions
//! - Transiting positions are geocentric (as in printed ephemerides): a
//!   topocentric Moon would wobble by up to a degree every day with the
//!   observer's rotation.
//! - A *pass* is one stretch of time during which the transiting body is
//!   within orb of one exact aspect longitude. A retrograde loop that stays
//!   within orb is one pass with three exact hits; a loop wider than the orb
//!   gives three passes with one hit each.
//! - Only the part of a pass inside the period is reported: `starts_at` is
//!   `None` when the body was already in orb at the period's start, `ends_at`
//!   `None` when it is still in orb at its end, and `exact_at` lists the
//!   exact hits inside the period (a pass may have none: it perfects outside
//!   the period, or turns back before perfecting).
//! - `orb` is the tightest orb reached during the pass inside the period
//!   (0 when exact); `applying` is true when the orb was still shrinking at
//!   the last moment of the pass inside the period (the pass perfects after
//!   the period ends).
//! - Each aspect is searched on its own: with wide orbs a moment can be in
//!   orb of two aspects (as a conjunction and a semisextile at 15° each).

use std::collections::BTreeSet;

use crate::astro::aspect::{Aspect, AspectKind, Orbs, Placement, aspect_between};
use crate::astro::chart::{ChartInput, MoonCenter, NatalChart};
use crate::astro::ephemeris::{Body, BodyPosition, Ephemeris, EphemerisError, EphemerisSource, Observer};
use crate::astro::frame::{Frame, Perspective};
use crate::astro::house::house_of;
use crate::astro::point::{AngleId, ChartPoint, PointId};
use crate::astro::time::JulianDay;
use crate::astro::zodiac::signed_arc;

/// Default transit orbs: 1° for the five major aspects. Transits are read
/// with tight orbs because the moving body reaches every aspect anyway;
/// a wide orb would only stretch each pass over weeks.
pub fn default_transit_orbs() -> Orbs {
    Orbs::from_client(AspectKind::MAJOR.map(|kind| (kind, 1.0)))
}

/// A natal point the transits aspect: a chart point or an angle.
pub type NatalTarget = ChartPoint;

/// How a transiting point is computed: a body, possibly seen opposite
/// (the south node is the true node + 180°), in a frame.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TransitingBody {
    pub point: PointId,
    pub body: Body,
    pub opposite: bool,
    /// The zodiac of the chart; transiting bodies are seen from the Earth's
    /// centre (or the Sun's in heliocentric charts), never from a place.
    pub frame: Frame,
}

impl TransitingBody {
    /// The bodies that move on their own. The Part of Fortune and the vertex
    /// depend on the houses of a place and race round the zodiac daily, so
    /// they are not transiting points.
    pub fn of(point: PointId) -> Option<Self> {
        match point {
            PointId::SouthNode => Some(Self { point, body: Body::TrueNode, opposite: true, frame: Frame::default() }),
            // The Earth moves only in heliocentric charts, which transits are not.
            PointId::PartOfFortune | PointId::Vertex | PointId::Earth => None,
            other => other.body().map(|body| Self { point: other, body, opposite: false, frame: Frame::default() }),
        }
    }

    /// The same point in `frame`.
    pub fn in_frame(self, frame: Frame) -> Self {
        Self { frame, ..self }
    }

    fn position(self, ephemeris: &Ephemeris, t: f64) -> Result<BodyPosition, EphemerisError> {
        let observer = if self.frame.perspective == Perspective::Heliocentric { Observer::Heliocentric } else { Observer::Geocentric };
        ephemeris.position_in(JulianDay(t), self.body, observer, self.frame.zodiac)
    }
}

/// The sampling step for a body, in days. Chosen so that the cubic Hermite
/// track stays within about 10⁻⁵ degree of the ephemeris (well under a
/// second of the body's motion), which the unit tests verify. The Moon's
/// short-period terms and the true node's fortnightly wobble need the finest
/// steps; the outer planets are smooth over days.
pub fn sample_step_days(body: Body) -> f64 {
    match body {
        Body::Moon | Body::Mercury => 0.5,
        Body::TrueNode => 0.5,
        Body::Venus => 1.0,
        Body::Sun | Body::Earth | Body::Mars | Body::MeanLilith => 2.0,
        // The main asteroids move up to half a degree a day, like Mars.
        Body::Ceres | Body::Pallas | Body::Juno | Body::Vesta => 2.0,
        Body::Jupiter | Body::Saturn | Body::Uranus | Body::Neptune | Body::Pluto | Body::MeanNode | Body::Chiron | Body::Pholus => 4.0,
    }
}

/// The transits asked for.
#[derive(Debug, Clone, PartialEq)]
pub struct TransitInput {
    /// Start of the period (inclusive), UT.
    pub start: JulianDay,
    /// End of the period (inclusive), UT; not before `start`.
    pub end: JulianDay,
    pub transiting: Vec<TransitingBody>,
    /// Natal targets and their longitudes (degrees).
    pub natal: Vec<(NatalTarget, f64)>,
    pub orbs: Orbs,
}

/// One pass of a transiting point through the orb of an aspect to a natal point.
#[derive(Debug, Clone, PartialEq)]
pub struct Pass {
    pub transiting: PointId,
    /// Index into [`TransitInput::natal`].
    pub natal: usize,
    pub aspect: AspectKind,
    /// Which side of the natal point: +1 for natal + angle, −1 for natal −
    /// angle (conjunction and opposition have only +1).
    pub side: i8,
    /// Entering orb; `None` when already in orb at the period's start.
    pub starts_at: Option<JulianDay>,
    /// Exact hits inside the period, in time order.
    pub exact_at: Vec<JulianDay>,
    /// Leaving orb; `None` when still in orb at the period's end.
    pub ends_at: Option<JulianDay>,
    /// Tightest orb reached inside the period (0 when exact).
    pub orb: f64,
    /// The orb was still shrinking at the pass's last moment inside the period.
    pub applying: bool,
}

impl Pass {
    /// When the pass is first seen inside the period (for ordering).
    pub fn first_seen(&self, period_start: JulianDay) -> f64 {
        self.starts_at.unwrap_or(period_start).0
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct Transits {
    /// Every pass, ordered by the time it is first seen in the period, then
    /// by transiting point, natal point and aspect (input order).
    pub passes: Vec<Pass>,
    pub sources: BTreeSet<EphemerisSource>,
    /// Calls to the ephemeris made (for tests and benchmarks).
    pub ephemeris_calls: usize,
}

/// A body's sampled track over the period: positions and speeds at the
/// sample times, longitude unwrapped so that it is continuous.
#[derive(Debug, Clone)]
pub struct Track {
    times: Vec<f64>,
    /// Unwrapped longitude (continuous, may exceed 360 or go negative).
    values: Vec<f64>,
    speeds: Vec<f64>,
    pub sources: BTreeSet<EphemerisSource>,
}

impl Track {
    /// Samples `body` from `start` to `end` (both included) at its step.
    pub fn sample(ephemeris: &Ephemeris, body: TransitingBody, start: JulianDay, end: JulianDay) -> Result<Self, EphemerisError> {
        Self::sample_every(ephemeris, body, start, end, sample_step_days(body.body))
    }

    /// Samples at most `step_days` apart.
    pub fn sample_every(
        ephemeris: &Ephemeris,
        body: TransitingBody,
        start: JulianDay,
        end: JulianDay,
        step_days: f64,
    ) -> Result<Self, EphemerisError> {
        let grid = Grid::new(start, end, step_days);
        let mut track = Self::empty(grid.steps + 1);
        for i in 0..=grid.steps {
            track.push(ephemeris, body, grid.time(i))?;
        }
        Ok(track)
    }

    /// Samples every body, each at its own step, on one common time grid
    /// visited time by time. The C library keeps the Earth's position (and
    /// nutation) of the last instant it computed, so the second and later
    /// bodies at the same instant cost about a third of the first: this is
    /// what makes a year of ten planets fast.
    pub fn sample_all(
        ephemeris: &Ephemeris,
        bodies: &[TransitingBody],
        start: JulianDay,
        end: JulianDay,
    ) -> Result<Vec<Self>, EphemerisError> {
        let finest = bodies.iter().map(|b| sample_step_days(b.body)).fold(f64::INFINITY, f64::min);
        let grid = Grid::new(start, end, if finest.is_finite() { finest } else { 1.0 });
        // Each body samples every `stride`-th grid point, and the last one.
        let strides: Vec<usize> =
            bodies.iter().map(|b| ((sample_step_days(b.body) / grid.step.max(1e-9)).round() as usize).max(1)).collect();
        let mut tracks: Vec<Self> = strides.iter().map(|stride| Self::empty(grid.steps / stride + 2)).collect();
        for i in 0..=grid.steps {
            let t = grid.time(i);
            for ((body, stride), track) in bodies.iter().zip(&strides).zip(tracks.iter_mut()) {
                if i % stride == 0 || i == grid.steps {
                    track.push(ephemeris, *body, t)?;
                }
            }
        }
        Ok(tracks)
    }

    fn empty(capacity: usize) -> Self {
        Self {
            times: Vec::with_capacity(capacity),
            values: Vec::with_capacity(capacity),
            speeds: Vec::with_capacity(capacity),
            sources: BTreeSet::new(),
        }
    }

    fn push(&mut self, ephemeris: &Ephemeris, body: TransitingBody, t: f64) -> Result<(), EphemerisError> {
        let position = body.position(ephemeris, t)?;
        self.sources.insert(position.source);
        let longitude = if body.opposite { position.longitude + 180.0 } else { position.longitude };
        let value = match self.values.last() {
            // No body moves 180° in one step, so the shortest arc is the motion.
            Some(&previous) => previous + signed_arc(longitude - previous),
            None => longitude.rem_euclid(360.0),
        };
        self.times.push(t);
        self.values.push(value);
        self.speeds.push(position.speed_longitude);
        Ok(())
    }

    pub fn calls(&self) -> usize {
        self.times.len()
    }

    /// The samples: (time, unwrapped longitude, speed).
    pub fn samples(&self) -> impl Iterator<Item = (f64, f64, f64)> + '_ {
        self.times.iter().zip(&self.values).zip(&self.speeds).map(|((t, v), s)| (*t, *v, *s))
    }

    /// The interpolated longitude (unwrapped) and speed at `t`, inside the track.
    pub fn at(&self, t: f64) -> (f64, f64) {
        let i = match self.times.partition_point(|&x| x <= t) {
            0 => 0,
            n => (n - 1).min(self.times.len().saturating_sub(2)),
        };
        match self.cubic(i) {
            Some(cubic) => {
                let s = (t - cubic.t0) / cubic.dt;
                (cubic.value(s), cubic.slope(s) / cubic.dt)
            }
            None => (self.values.first().copied().unwrap_or(0.0), self.speeds.first().copied().unwrap_or(0.0)),
        }
    }

    /// The separation `self − other` as a track of its own, sampled at the
    /// union of both tracks' sample times where they overlap. Exact, not a
    /// second interpolation: between consecutive times of the union each
    /// track is one cubic, so their difference is one cubic, and the Hermite
    /// cubic through its end values and slopes is that cubic.
    pub fn minus(&self, other: &Track) -> Track {
        let (Some(&first), Some(&last)) = (self.times.first(), self.times.last()) else { return Self::empty(0) };
        let (Some(&other_first), Some(&other_last)) = (other.times.first(), other.times.last()) else { return Self::empty(0) };
        let (start, end) = (first.max(other_first), last.min(other_last));
        let mut times: Vec<f64> = self.times.iter().chain(&other.times).copied().filter(|t| (start..=end).contains(t)).collect();
        times.sort_by(f64::total_cmp);
        // Tracks sampled on one grid share their times bit for bit; on
        // others, a step of a billionth of a day would be a cubic of
        // rounding noise.
        times.dedup_by(|later, earlier| *later - *earlier < 1e-9);
        let mut difference = Self::empty(times.len());
        for t in times {
            let ((a, a_speed), (b, b_speed)) = (self.at(t), other.at(t));
            difference.times.push(t);
            difference.values.push(a - b);
            difference.speeds.push(a_speed - b_speed);
        }
        difference.sources = self.sources.union(&other.sources).copied().collect();
        difference
    }

    /// Every instant the track crosses `offset + k × period` (any integer k,
    /// any of `offsets`), in time order: the track is cut where it turns
    /// (its stations), and each level inside a monotonic piece is solved on
    /// the piece's cubic. A retrograde loop through a level gives three
    /// crossings. The half-open rule of the transits (a value equal to the
    /// level counts as above it) makes a crossing at a piece boundary count
    /// once.
    pub fn crossings(&self, period: f64, offsets: &[f64]) -> Vec<Crossing> {
        let mut found = Vec::new();
        // (A zero, negative or NaN period would never pass the last level.)
        if period.is_nan() || period <= 0.0 {
            return found;
        }
        for piece in self.monotonic_pieces() {
            let Some(cubic) = self.cubic(piece.cubic) else { continue };
            if !(piece.v0.is_finite() && piece.v1.is_finite()) {
                continue;
            }
            let (low, high) = (piece.v0.min(piece.v1), piece.v0.max(piece.v1));
            let bracket = (cubic.t0 + piece.s0 * cubic.dt, cubic.t0 + piece.s1 * cubic.dt);
            for &offset in offsets {
                // k in offset + k × period, from the first level in the piece.
                let mut cycle = ((low - offset) / period).ceil();
                loop {
                    let level = offset + cycle * period;
                    if level > high {
                        break;
                    }
                    if (piece.v0 >= level) != (piece.v1 >= level) {
                        let s = cubic.solve(level, piece.s0, piece.s1, piece.v0);
                        found.push(Crossing { at: cubic.t0 + s * cubic.dt, level, rising: piece.v1 > piece.v0, bracket });
                    }
                    cycle += 1.0;
                }
            }
        }
        found.sort_by(|a, b| a.at.total_cmp(&b.at));
        found
    }

    fn cubic(&self, i: usize) -> Option<Cubic> {
        let (t0, t1) = (*self.times.get(i)?, *self.times.get(i + 1)?);
        let dt = t1 - t0;
        let (p0, p1) = (self.values[i], self.values[i + 1]);
        let (m0, m1) = (self.speeds[i] * dt, self.speeds[i + 1] * dt);
        Some(Cubic { t0, dt, a: p0, b: m0, c: 3.0 * (p1 - p0) - 2.0 * m0 - m1, d: 2.0 * (p0 - p1) + m0 + m1, p1 })
    }

    /// The track cut into pieces on which it is monotonic (split at the
    /// stations of the cubic), each with exact end values shared with its
    /// neighbours so that sign tests agree on both sides of a boundary.
    fn monotonic_pieces(&self) -> Vec<Piece> {
        let mut pieces = Vec::with_capacity(self.times.len() + 8);
        for i in 0..self.times.len().saturating_sub(1) {
            let Some(cubic) = self.cubic(i) else { continue };
            let mut cuts: Vec<(f64, f64)> = vec![(0.0, cubic.a)];
            for s in cubic.stations() {
                cuts.push((s, cubic.value(s)));
            }
            cuts.push((1.0, cubic.p1));
            for pair in cuts.windows(2) {
                let (s0, v0) = pair[0];
                let (s1, v1) = pair[1];
                if s1 > s0 {
                    pieces.push(Piece { cubic: i, s0, s1, v0, v1, starts_at_station: s0 > 0.0 });
                }
            }
        }
        pieces
    }
}

/// Where a track passes a level, and which way.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Crossing {
    pub at: f64,
    /// The level crossed, unwrapped as the track's values are.
    pub level: f64,
    /// The track was increasing.
    pub rising: bool,
    /// The monotonic piece of the track it lies on (start, end): the
    /// track crosses the level once in it.
    pub bracket: (f64, f64),
}

/// Equal steps from `start` that land on `end` exactly (a zero-length
/// period is one sample).
struct Grid {
    start: f64,
    end: f64,
    step: f64,
    steps: usize,
}

impl Grid {
    fn new(start: JulianDay, end: JulianDay, at_most: f64) -> Self {
        let span = (end.0 - start.0).max(0.0);
        let steps = if span == 0.0 { 0 } else { ((span / at_most.max(1e-3)).ceil() as usize).max(1) };
        Self { start: start.0, end: end.0, step: if steps == 0 { 0.0 } else { span / steps as f64 }, steps }
    }

    /// The same index always gives the same instant, bit for bit, so the
    /// C library's cache of the last instant is hit across bodies.
    fn time(&self, i: usize) -> f64 {
        if i == self.steps { self.end } else { self.start + self.step * i as f64 }
    }
}

/// Hermite cubic on one step: value(s) = a + b s + c s² + d s³, s ∈ [0, 1].
#[derive(Debug, Clone, Copy)]
struct Cubic {
    t0: f64,
    dt: f64,
    a: f64,
    b: f64,
    c: f64,
    d: f64,
    /// The sample value at s = 1 (stored, not re-evaluated, to stay exact).
    p1: f64,
}

impl Cubic {
    fn value(&self, s: f64) -> f64 {
        self.a + s * (self.b + s * (self.c + s * self.d))
    }

    /// d value / ds.
    fn slope(&self, s: f64) -> f64 {
        self.b + s * (2.0 * self.c + s * 3.0 * self.d)
    }

    /// Where the slope is zero strictly inside (0, 1), in order.
    fn stations(&self) -> Vec<f64> {
        let (qa, qb, qc) = (3.0 * self.d, 2.0 * self.c, self.b);
        let mut roots = Vec::with_capacity(2);
        if qa.abs() < 1e-14 * (qb.abs() + qc.abs()).max(1e-300) {
            if qb != 0.0 {
                roots.push(-qc / qb);
            }
        } else {
            let discriminant = qb * qb - 4.0 * qa * qc;
            if discriminant > 0.0 {
                // The numerically stable pair of quadratic roots.
                let q = -0.5 * (qb + qb.signum() * discriminant.sqrt());
                if q != 0.0 {
                    roots.push(q / qa);
                    roots.push(qc / q);
                } else {
                    roots.push(0.0);
                }
            }
        }
        roots.retain(|s| *s > 0.0 && *s < 1.0 && s.is_finite());
        roots.sort_by(f64::total_cmp);
        roots.dedup();
        roots
    }

    /// The s in [s0, s1] where value(s) = level, given that the cubic is
    /// monotonic there and the level lies between the end values: Newton
    /// steps kept inside a shrinking bracket (bisection when Newton strays).
    fn solve(&self, level: f64, s0: f64, s1: f64, v0: f64) -> f64 {
        let (mut lo, mut hi) = (s0, s1);
        let rising = v0 < level;
        let mut s = 0.5 * (lo + hi);
        for _ in 0..100 {
            let f = self.value(s) - level;
            if f == 0.0 {
                break;
            }
            if (f < 0.0) == rising {
                lo = s;
            } else {
                hi = s;
            }
            let slope = self.slope(s);
            let newton = if slope != 0.0 { s - f / slope } else { f64::NAN };
            let next = if newton.is_finite() && newton > lo && newton < hi { newton } else { 0.5 * (lo + hi) };
            let converged = (next - s).abs() < 1e-12 || hi - lo < 1e-12;
            s = next;
            // 1e-12 of a step of at most four days: well under a microsecond.
            if converged {
                break;
            }
        }
        s.clamp(s0, s1)
    }
}

#[derive(Debug, Clone, Copy)]
struct Piece {
    cubic: usize,
    s0: f64,
    s1: f64,
    v0: f64,
    v1: f64,
    /// The piece begins at a station (a turning point of the track).
    starts_at_station: bool,
}

/// One exact aspect longitude to search for: natal point ± aspect angle.
#[derive(Debug, Clone, Copy)]
struct Target {
    natal: usize,
    aspect: AspectKind,
    side: i8,
    longitude: f64,
    orb: f64,
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum EventKind {
    /// Crossing into the orb at target longitude + the offset (±orb).
    Enter(f64),
    Leave(f64),
    Exact,
    /// A station of the track: the orb may be tightest here.
    Station(f64),
}

/// Which of a target's three longitudes a level is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Offset {
    /// exact − orb
    Below,
    Exact,
    /// exact + orb
    Above,
}

/// A longitude to watch for, in [0, 360).
#[derive(Debug, Clone, Copy)]
struct Level {
    value: f64,
    target: usize,
    offset: Offset,
}

/// The three longitudes of every target, sorted.
fn levels(targets: &[Target]) -> Vec<Level> {
    let mut levels = Vec::with_capacity(3 * targets.len());
    for (target, t) in targets.iter().enumerate() {
        for (offset, delta) in [(Offset::Below, -t.orb), (Offset::Exact, 0.0), (Offset::Above, t.orb)] {
            levels.push(Level { value: (t.longitude + delta).rem_euclid(360.0), target, offset });
        }
    }
    levels.sort_by(|a, b| a.value.total_cmp(&b.value));
    levels
}

fn targets(input: &TransitInput) -> Vec<Target> {
    let mut targets = Vec::new();
    for (natal, &(_, longitude)) in input.natal.iter().enumerate() {
        for &(aspect, orb) in input.orbs.entries() {
            let angle = aspect.angle();
            targets.push(Target { natal, aspect, side: 1, longitude: (longitude + angle).rem_euclid(360.0), orb });
            // Conjunction and opposition have a single exact longitude.
            if angle != 0.0 && angle != 180.0 {
                targets.push(Target { natal, aspect, side: -1, longitude: (longitude - angle).rem_euclid(360.0), orb });
            }
        }
    }
    targets
}

/// Whether a body's event times are refined on the ephemeris itself. The
/// slow bodies cover a small fraction of a degree per day, so an
/// interpolation error of 10⁻⁵° is already a minute of time; Jupiter and
/// Uranus also carry a wobble of ~10⁻⁴° with a period of days (their
/// centre of light moves with their moons), which no smooth track through
/// samples days apart can follow. They have few events, so one or two
/// ephemeris calls per event cost little. The fast bodies move far enough per
/// day that the track alone is well under a second.
pub fn needs_refinement(body: Body) -> bool {
    !matches!(body, Body::Sun | Body::Moon | Body::Mercury | Body::Venus | Body::Mars)
}

/// Newton's method on the ephemeris from a time found on the track: the
/// time where the body's longitude equals `level`. Returns the time and the
/// ephemeris calls used.
pub fn refine_crossing(
    ephemeris: &Ephemeris,
    body: TransitingBody,
    start: JulianDay,
    level: f64,
) -> Result<(JulianDay, usize), EphemerisError> {
    let mut t = start.0;
    let mut calls = 0;
    for _ in 0..4 {
        let position = body.position(ephemeris, t)?;
        calls += 1;
        let longitude = if body.opposite { position.longitude + 180.0 } else { position.longitude };
        let residual = signed_arc(longitude - level);
        if position.speed_longitude.abs() < 1e-7 {
            break;
        }
        let step = -residual / position.speed_longitude;
        // The track's time is within minutes of the truth; a larger step
        // means Newton is running away near a station: keep the track's.
        if step.abs() > 0.05 {
            break;
        }
        t += step;
        // Below 0.1 s the quadratic convergence has done its work.
        if step.abs() < 1e-6 {
            break;
        }
    }
    Ok((JulianDay(t), calls))
}

/// Every pass of every transiting point through every aspect to every natal
/// point during the period.
pub fn find_transits(ephemeris: &Ephemeris, input: &TransitInput) -> Result<Transits, EphemerisError> {
    let tracks = Track::sample_all(ephemeris, &input.transiting, input.start, input.end)?;
    find_transits_on(ephemeris, input, &tracks)
}

/// [`find_transits`] on tracks already sampled: `tracks` are
/// `Track::sample_all(ephemeris, &input.transiting, input.start,
/// input.end)`, perhaps kept from an earlier request for the same period
/// (they depend on the sky alone, not on the natal chart).
pub fn find_transits_on(ephemeris: &Ephemeris, input: &TransitInput, tracks: &[Track]) -> Result<Transits, EphemerisError> {
    let targets = targets(input);
    let levels = levels(&targets);
    let mut passes = Vec::new();
    let mut sources = BTreeSet::new();
    let mut calls = 0;
    debug_assert_eq!(tracks.len(), input.transiting.len(), "one track a transiting body");
    for (body, track) in input.transiting.iter().zip(tracks) {
        calls += track.calls();
        sources.extend(track.sources.iter().copied());
        for found in passes_of_track(track, body.point, &targets, &levels, input) {
            let mut pass = found.pass;
            if needs_refinement(body.body) {
                let mut refine = |t: JulianDay, level: f64| -> Result<JulianDay, EphemerisError> {
                    let (refined, used) = refine_crossing(ephemeris, *body, t, level)?;
                    calls += used;
                    Ok(JulianDay(refined.0.clamp(input.start.0, input.end.0)))
                };
                if let Some(t) = pass.starts_at {
                    pass.starts_at = Some(refine(t, found.levels.0)?);
                }
                for t in &mut pass.exact_at {
                    *t = refine(*t, found.exact_level)?;
                }
                if let Some(t) = pass.ends_at {
                    pass.ends_at = Some(refine(t, found.levels.1)?);
                }
            }
            passes.push(pass);
        }
    }
    let order = |p: &Pass| (p.first_seen(input.start), p.exact_at.first().map_or(f64::INFINITY, |t| t.0));
    passes.sort_by(|a, b| {
        let (x, y) = (order(a), order(b));
        x.0.total_cmp(&y.0).then(x.1.total_cmp(&y.1))
    });
    Ok(Transits { passes, sources, ephemeris_calls: calls })
}

/// A pass with the longitudes its events cross (for refinement).
struct FoundPass {
    pass: Pass,
    exact_level: f64,
    /// Longitudes crossed on entering and on leaving the orb.
    levels: (f64, f64),
}

/// The passes of one track through all targets.
fn passes_of_track(track: &Track, point: PointId, targets: &[Target], levels: &[Level], input: &TransitInput) -> Vec<FoundPass> {
    let pieces = track.monotonic_pieces();
    let mut events: Vec<Vec<(f64, EventKind)>> = vec![Vec::new(); targets.len()];
    let cubics: Vec<Option<Cubic>> = (0..track.times.len().saturating_sub(1)).map(|i| track.cubic(i)).collect();

    let stations: Vec<(f64, f64)> = pieces
        .iter()
        .filter(|piece| piece.starts_at_station)
        .filter_map(|piece| cubics.get(piece.cubic).copied().flatten().map(|c| (c.t0 + piece.s0 * c.dt, piece.v0)))
        .collect();
    for list in &mut events {
        list.extend(stations.iter().map(|&(t, value)| (t, EventKind::Station(value))));
    }

    for piece in &pieces {
        let Some(Some(cubic)) = cubics.get(piece.cubic) else { continue };
        let (low, high) = if piece.v0 <= piece.v1 { (piece.v0, piece.v1) } else { (piece.v1, piece.v0) };
        let rising = piece.v1 > piece.v0;
        // Every level (mod 360, sorted) inside the piece's range, one turn
        // of the zodiac at a time: a binary search, not a scan of all targets.
        let first_turn = (low / 360.0).floor() as i64;
        let last_turn = (high / 360.0).floor() as i64;
        for turn in first_turn..=last_turn {
            let base = 360.0 * turn as f64;
            let from = levels.partition_point(|l| l.value < low - base);
            for level in levels[from..].iter().take_while(|l| l.value <= high - base) {
                let value = base + level.value;
                // Half-open convention (value >= level counts as above), the
                // same on every piece, so no crossing is counted twice or lost
                // at a piece boundary.
                if (piece.v0 >= value) == (piece.v1 >= value) {
                    continue;
                }
                let s = cubic.solve(value, piece.s0, piece.s1, piece.v0);
                let orb = targets[level.target].orb;
                let kind = match (level.offset, rising) {
                    (Offset::Below, true) => EventKind::Enter(-orb),
                    (Offset::Below, false) => EventKind::Leave(-orb),
                    (Offset::Exact, _) => EventKind::Exact,
                    (Offset::Above, true) => EventKind::Leave(orb),
                    (Offset::Above, false) => EventKind::Enter(orb),
                };
                events[level.target].push((cubic.t0 + s * cubic.dt, kind));
            }
        }
    }

    let (first_value, _) = track.at(input.start.0);
    let (last_value, last_speed) = track.at(input.end.0);
    let mut passes = Vec::new();
    for (index, target) in targets.iter().enumerate() {
        let events = &mut events[index];
        events.sort_by(|a, b| a.0.total_cmp(&b.0));
        let offset_of = |value: f64| signed_arc(value - target.longitude);
        let new_pass = |starts_at: Option<JulianDay>, orb: f64| FoundPass {
            pass: Pass {
                transiting: point,
                natal: target.natal,
                aspect: target.aspect,
                side: target.side,
                starts_at,
                exact_at: Vec::new(),
                ends_at: None,
                orb,
                applying: false,
            },
            exact_level: target.longitude,
            levels: (target.longitude, target.longitude),
        };
        // In orb at the start: the same half-open rule as the crossings.
        let in_orb_at_start = (first_value - target.longitude + target.orb).rem_euclid(360.0) < 2.0 * target.orb;
        let mut open: Option<FoundPass> = in_orb_at_start.then(|| new_pass(None, offset_of(first_value).abs()));
        for &(t, kind) in events.iter() {
            match kind {
                EventKind::Enter(offset) => {
                    if open.is_none() {
                        let mut pass = new_pass(Some(JulianDay(t)), target.orb);
                        pass.levels.0 = target.longitude + offset;
                        open = Some(pass);
                    }
                }
                EventKind::Leave(offset) => {
                    if let Some(mut pass) = open.take() {
                        pass.pass.ends_at = Some(JulianDay(t));
                        pass.levels.1 = target.longitude + offset;
                        passes.push(pass);
                    }
                }
                EventKind::Exact => {
                    if let Some(pass) = open.as_mut() {
                        pass.pass.exact_at.push(JulianDay(t));
                        pass.pass.orb = 0.0;
                    }
                }
                EventKind::Station(value) => {
                    if let Some(pass) = open.as_mut() {
                        pass.pass.orb = pass.pass.orb.min(offset_of(value).abs());
                    }
                }
            }
        }
        if let Some(mut pass) = open.take() {
            let offset = offset_of(last_value);
            pass.pass.orb = pass.pass.orb.min(offset.abs());
            // Shrinking: moving toward the exact longitude.
            pass.pass.applying = offset * last_speed < 0.0;
            passes.push(pass);
        }
    }
    passes
}

/// The sky at one moment over a natal chart: what a transit chart wheel
/// shows (the period search above says when; this says where, now).
#[derive(Debug, Clone)]
pub struct TransitMoment {
    pub natal: NatalChart,
    /// The transiting points, geocentric; each `house` is the natal house
    /// it crosses (the moment's own houses would belong to nobody).
    pub transiting: NatalChart,
    /// Each transiting point's aspect to a natal point or angle within
    /// `orbs`, the natal chart held still (so `applying` is the transiting
    /// point's own approach), tightest first. `point_a` is the transiting
    /// point, always a [`NatalTarget::Point`].
    pub aspects: Vec<Aspect<NatalTarget>>,
}

/// The transits at `at` to the natal chart of `natal`: `transiting_points`
/// (each with a [`TransitingBody`]), aspects within `orbs` to the natal
/// points and to the ascendant and midheaven.
pub fn transits_at(
    ephemeris: &Ephemeris,
    natal: &ChartInput,
    at: JulianDay,
    transiting_points: Vec<PointId>,
    orbs: &Orbs,
) -> Result<TransitMoment, EphemerisError> {
    ephemeris.check_supported(at)?;
    let natal_chart = NatalChart::compute(ephemeris, natal)?;
    // Transiting bodies are seen from the Earth's centre (or the Sun's), not
    // from the birth place, as for the period search.
    let perspective = match natal.frame.perspective {
        Perspective::Topocentric => Perspective::Geocentric,
        other => other,
    };
    let frame = Frame { perspective, ..natal.frame };
    let moving = ChartInput { instant: at, moon_center: MoonCenter::Geocentric, points: transiting_points, frame, ..natal.clone() };
    let mut transiting = NatalChart::compute(ephemeris, &moving)?;
    for placement in &mut transiting.points {
        placement.house = house_of(placement.position.longitude, &natal_chart.houses.cusps);
    }
    let still: Vec<Placement<NatalTarget>> = natal_chart
        .points
        .iter()
        .map(|p| Placement { point: NatalTarget::Point(p.point), longitude: p.position.longitude, speed: 0.0 })
        .chain(
            natal_chart
                .angles
                .iter()
                .filter(|(angle, _)| matches!(angle, AngleId::Ascendant | AngleId::Midheaven))
                .map(|(angle, longitude)| Placement { point: NatalTarget::Angle(*angle), longitude: *longitude, speed: 0.0 }),
        )
        .collect();
    let mut aspects: Vec<Aspect<NatalTarget>> = transiting
        .points
        .iter()
        .map(|p| Placement { point: NatalTarget::Point(p.point), longitude: p.position.longitude, speed: p.position.speed_longitude })
        .flat_map(|moving| still.iter().filter_map(move |target| aspect_between(&moving, target, orbs)).collect::<Vec<_>>())
        .collect();
    aspects.sort_by(|a, b| a.orb.total_cmp(&b.orb));
    Ok(TransitMoment { natal: natal_chart, transiting, aspects })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ephemeris() -> Ephemeris {
        Ephemeris::with_embedded_files().expect("ephemeris")
    }

    /// 2025-01-01T00:00Z.
    const JAN_2025: f64 = 2_460_676.5;

    fn body(point: PointId) -> TransitingBody {
        TransitingBody::of(point).expect("a body")
    }

    #[test]
    fn the_interpolated_track_of_the_fast_bodies_stays_within_a_second_of_the_ephemeris() {
        let ephemeris = ephemeris();
        let start = JulianDay(JAN_2025);
        let end = JulianDay(JAN_2025 + 366.0);
        let points = [PointId::Sun, PointId::Moon, PointId::Mercury, PointId::Venus, PointId::Mars];
        for point in points {
            let body = body(point);
            let track = Track::sample(&ephemeris, body, start, end).unwrap();
            let mut worst_seconds: f64 = 0.0;
            let mut worst_degrees: f64 = 0.0;
            // Check at odd fractions of the step, where interpolation is worst.
            let checks = 2000;
            for i in 0..checks {
                let t = start.0 + (end.0 - start.0) * (i as f64 + 0.37) / checks as f64;
                let truth = ephemeris.position(JulianDay(t), body.body, Observer::Geocentric).unwrap();
                let expected = if body.opposite { truth.longitude + 180.0 } else { truth.longitude };
                let (value, _) = track.at(t);
                let error = signed_arc(value - expected).abs();
                worst_degrees = worst_degrees.max(error);
                // As time: the error over the body's speed (ignoring stations,
                // where any timing is ill-conditioned).
                if truth.speed_longitude.abs() > 0.2 {
                    worst_seconds = worst_seconds.max(error / truth.speed_longitude.abs() * 86_400.0);
                }
            }
            assert!(!needs_refinement(body.body));
            assert!(worst_seconds < 1.0 && worst_degrees < 2e-5, "{point:?}: {worst_seconds} s, {worst_degrees} deg");
        }
    }

    #[test]
    fn slow_bodies_are_refined_on_the_ephemeris_to_a_fraction_of_a_second() {
        let ephemeris = ephemeris();
        for point in
            [PointId::Jupiter, PointId::Saturn, PointId::Uranus, PointId::Neptune, PointId::Pluto, PointId::TrueNode, PointId::SouthNode]
        {
            let body = body(point);
            assert!(needs_refinement(body.body));
            // Away from stations (mid-March 2025 none of these is stationary
            // within days), a crossing three minutes off converges.
            let t0 = JAN_2025 + 74.3;
            let truth = ephemeris.position(JulianDay(t0), body.body, Observer::Geocentric).unwrap();
            let level = if body.opposite { truth.longitude + 180.0 } else { truth.longitude };
            let (found, calls) = refine_crossing(&ephemeris, body, JulianDay(t0 + 0.002), level).unwrap();
            assert!((found.0 - t0).abs() * 86_400.0 < 0.1, "{point:?}: {} s", (found.0 - t0) * 86_400.0);
            assert!(calls <= 3, "{point:?}: {calls}");
        }
    }

    #[test]
    #[ignore = "diagnostic: prints the interpolation error per body and step"]
    fn interpolation_error_by_step() {
        let ephemeris = ephemeris();
        let start = JulianDay(JAN_2025);
        let end = JulianDay(JAN_2025 + 366.0);
        let mut points = PointId::PLANETS.to_vec();
        points.extend([PointId::TrueNode, PointId::MeanNode, PointId::MeanLilith]);
        for point in points {
            for step in [0.25, 0.5, 1.0, 2.0, 4.0, 8.0] {
                let body = body(point);
                let track = Track::sample_every(&ephemeris, body, start, end, step).unwrap();
                let mut worst: f64 = 0.0;
                let mut worst_fast: f64 = 0.0;
                for i in 0..3000 {
                    let t = start.0 + (end.0 - start.0) * (i as f64 + 0.37) / 3000.0;
                    let truth = ephemeris.position(JulianDay(t), body.body, Observer::Geocentric).unwrap();
                    let error = signed_arc(track.at(t).0 - truth.longitude).abs();
                    worst = worst.max(error);
                    if truth.speed_longitude.abs() > 0.2 {
                        worst_fast = worst_fast.max(error / truth.speed_longitude.abs() * 86400.0);
                    }
                }
                println!("{point:?} step {step}: {worst:.2e} deg, {worst_fast:.3} s (speed > 0.2)");
            }
        }
    }

    #[test]
    fn a_conjunction_is_found_entering_exact_and_leaving_in_order() {
        let ephemeris = ephemeris();
        let start = JulianDay(JAN_2025);
        let end = JulianDay(JAN_2025 + 40.0);
        // The Sun's longitude twenty days in: a natal point the Sun must cross.
        let target = ephemeris.position(JulianDay(JAN_2025 + 20.0), Body::Sun, Observer::Geocentric).unwrap().longitude;
        let input = TransitInput {
            start,
            end,
            transiting: vec![body(PointId::Sun)],
            natal: vec![(NatalTarget::Point(PointId::Moon), target)],
            orbs: default_transit_orbs(),
        };
        let found = find_transits(&ephemeris, &input).unwrap();
        let conjunctions: Vec<_> = found.passes.iter().filter(|p| p.aspect == AspectKind::Conjunction).collect();
        assert_eq!(conjunctions.len(), 1, "{:?}", found.passes);
        let pass = conjunctions[0];
        assert_eq!(pass.exact_at.len(), 1);
        assert!((pass.exact_at[0].0 - (JAN_2025 + 20.0)).abs() < 1.0 / 86_400.0, "{:?}", pass.exact_at);
        let (starts, ends) = (pass.starts_at.unwrap().0, pass.ends_at.unwrap().0);
        // About one degree each side at a degree a day.
        assert!(starts < pass.exact_at[0].0 && pass.exact_at[0].0 < ends);
        assert!((pass.exact_at[0].0 - starts - 1.0).abs() < 0.05 && (ends - pass.exact_at[0].0 - 1.0).abs() < 0.05);
        assert_eq!(pass.orb, 0.0);
        assert!(!pass.applying);
    }

    #[test]
    fn passes_cut_by_the_period_have_open_ends() {
        let ephemeris = ephemeris();
        // The Sun is at the natal point at the period's start (separating)
        // and reaches the opposite point... never in 10 days; and a point half
        // a degree ahead of its position at the end is applying.
        let sun_start = ephemeris.position(JulianDay(JAN_2025), Body::Sun, Observer::Geocentric).unwrap().longitude;
        let sun_end = ephemeris.position(JulianDay(JAN_2025 + 10.0), Body::Sun, Observer::Geocentric).unwrap().longitude;
        let input = TransitInput {
            start: JulianDay(JAN_2025),
            end: JulianDay(JAN_2025 + 10.0),
            transiting: vec![body(PointId::Sun)],
            natal: vec![(NatalTarget::Point(PointId::Sun), sun_start - 0.3), (NatalTarget::Point(PointId::Moon), sun_end + 0.5)],
            orbs: Orbs::from_client([(AspectKind::Conjunction, 1.0)]),
        };
        let found = find_transits(&ephemeris, &input).unwrap();
        assert_eq!(found.passes.len(), 2, "{:?}", found.passes);
        let first = found.passes.iter().find(|p| p.natal == 0).unwrap();
        assert_eq!(first.starts_at, None);
        assert!(first.ends_at.is_some() && first.exact_at.is_empty());
        assert!((first.orb - 0.3).abs() < 1e-6 && !first.applying);
        let second = found.passes.iter().find(|p| p.natal == 1).unwrap();
        assert!(second.starts_at.is_some() && second.ends_at.is_none() && second.exact_at.is_empty());
        assert!((second.orb - 0.5).abs() < 1e-6 && second.applying);
    }

    #[test]
    fn a_retrograde_loop_inside_the_orb_is_one_pass_with_three_exact_hits() {
        let ephemeris = ephemeris();
        // Saturn in 2025: a natal point midway between its two stations.
        let start = JulianDay(JAN_2025 + 60.0);
        let end = JulianDay(JAN_2025 + 425.0);
        let track = Track::sample(&ephemeris, body(PointId::Saturn), start, end).unwrap();
        let stations: Vec<f64> = track.monotonic_pieces().iter().filter(|p| p.starts_at_station).map(|p| p.v0).collect();
        assert_eq!(stations.len(), 2, "Saturn stations twice a year: {stations:?}");
        let middle = 0.5 * (stations[0] + stations[1]);
        let half_loop = 0.5 * (stations[0] - stations[1]).abs();
        let input = TransitInput {
            start,
            end,
            transiting: vec![body(PointId::Saturn)],
            natal: vec![(NatalTarget::Point(PointId::Sun), middle.rem_euclid(360.0))],
            orbs: Orbs::from_client([(AspectKind::Conjunction, half_loop + 1.0)]),
        };
        let found = find_transits(&ephemeris, &input).unwrap();
        let hits: Vec<_> = found.passes.iter().filter(|p| p.exact_at.len() == 3).collect();
        assert_eq!(hits.len(), 1, "{:?}", found.passes);
        // With a 1° orb the same loop is three passes of one hit each.
        let narrow = TransitInput { orbs: Orbs::from_client([(AspectKind::Conjunction, 1.0)]), ..input };
        let found = find_transits(&ephemeris, &narrow).unwrap();
        assert_eq!(found.passes.len(), 3, "{:?}", found.passes);
        assert!(found.passes.iter().all(|p| p.exact_at.len() == 1 && p.starts_at.is_some() && p.ends_at.is_some()));
    }

    #[test]
    fn the_south_node_is_opposite_the_true_node_and_angles_are_targets() {
        let south = TransitingBody::of(PointId::SouthNode).unwrap();
        assert!(south.opposite && south.body == Body::TrueNode);
        assert!(TransitingBody::of(PointId::PartOfFortune).is_none() && TransitingBody::of(PointId::Vertex).is_none());
        assert_eq!(NatalTarget::Angle(AngleId::Midheaven).id(), "midheaven");
    }

    #[test]
    fn a_one_day_period_and_a_zero_length_period_do_not_fail() {
        let ephemeris = ephemeris();
        for days in [0.0, 1.0] {
            let input = TransitInput {
                start: JulianDay(JAN_2025),
                end: JulianDay(JAN_2025 + days),
                transiting: PointId::PLANETS.iter().map(|p| body(*p)).collect(),
                natal: vec![(NatalTarget::Angle(AngleId::Ascendant), 100.0)],
                orbs: default_transit_orbs(),
            };
            assert!(find_transits(&ephemeris, &input).is_ok());
        }
    }

    #[test]
    fn cubic_stations_and_solutions() {
        // value = s³ − 1.5 s² + 0.5 s: stations at s = 0.5 ± 1/√12.
        let cubic = Cubic { t0: 0.0, dt: 1.0, a: 0.0, b: 0.5, c: -1.5, d: 1.0, p1: 0.0 };
        let stations = cubic.stations();
        assert_eq!(stations.len(), 2);
        assert!((stations[0] - (0.5 - 1.0 / 12f64.sqrt())).abs() < 1e-12);
        let s = cubic.solve(0.02, 0.0, stations[0], 0.0);
        assert!((cubic.value(s) - 0.02).abs() < 1e-12);
    }

    /// A track of f(t) = t³ − 3t (stations at t = ±1) sampled with its
    /// exact speeds: the Hermite cubics are f itself.
    fn loop_track(times: &[f64]) -> Track {
        let mut track = Track::empty(times.len());
        for &t in times {
            track.times.push(t);
            track.values.push(t * t * t - 3.0 * t);
            track.speeds.push(3.0 * t * t - 3.0);
        }
        track
    }

    #[test]
    fn a_loop_through_a_level_crosses_it_three_times_each_in_its_bracket() {
        let track = loop_track(&[-2.0, -1.5, -0.5, 0.25, 1.0, 1.75, 2.0]);
        let found = track.crossings(360.0, &[0.0]);
        let expected = [(-3f64.sqrt(), true), (0.0, false), (3f64.sqrt(), true)];
        assert_eq!(found.len(), 3, "{found:?}");
        for (crossing, (at, rising)) in found.iter().zip(expected) {
            assert!((crossing.at - at).abs() < 1e-9 && crossing.rising == rising, "{crossing:?}");
            assert!(crossing.bracket.0 <= crossing.at && crossing.at <= crossing.bracket.1);
        }
        // A bracket is the monotonic part of one step.
        assert_eq!([found[0].bracket, found[1].bracket, found[2].bracket], [(-2.0, -1.5), (-0.5, 0.25), (1.0, 1.75)]);
        let cut = loop_track(&[-2.0, -0.5, 2.0]).crossings(360.0, &[0.0]);
        assert!((cut[0].bracket.1 + 1.0).abs() < 1e-9, "the station at −1 ends the first piece: {cut:?}");
        // The loop spans −2…2: a level inside it is crossed three times, one
        // beyond it never (f reaches 2 at t = −1 and at t = 2 only).
        assert_eq!(track.crossings(360.0, &[1.0]).len(), 3);
        assert!(track.crossings(360.0, &[2.5]).is_empty());
        assert!(track.crossings(0.0, &[0.0]).is_empty() && track.crossings(f64::NAN, &[0.0]).is_empty());
    }

    #[test]
    fn the_difference_of_two_tracks_is_exact_on_the_union_of_their_times() {
        // Two tracks on different grids: a − b with b a straight line.
        let a = loop_track(&[-2.0, -1.0, 0.0, 1.0, 2.0]);
        let mut b = Track::empty(3);
        for t in [-2.0, 0.5, 2.0] {
            b.times.push(t);
            b.values.push(0.5 * t);
            b.speeds.push(0.5);
        }
        let difference = a.minus(&b);
        assert_eq!(difference.times, [-2.0, -1.0, 0.0, 0.5, 1.0, 2.0]);
        for t in [-1.7, -0.2, 0.3, 0.9, 1.6] {
            let (value, speed) = difference.at(t);
            assert!((value - (t * t * t - 3.5 * t)).abs() < 1e-12 && (speed - (3.0 * t * t - 3.5)).abs() < 1e-12, "{t}");
        }
        assert!(a.minus(&Track::empty(0)).times.is_empty());
    }
}
