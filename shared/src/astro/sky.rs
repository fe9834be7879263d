//! Sun and Moon for a place and day: rise, set, transit, twilight, lunar phase.
//!
//! # Conventions (the public contract of `POST /api/calc/moon-sun`)
//! * **The day** is the local calendar day: from local 00:00 to the next
//!   local 00:00 in the place's time zone ([`local_day`]), so daylight-saving
//!   days last 23 or 25 hours. Where the clocks skip midnight, the day starts
//!   at the first local minute that exists. Every event is searched in that
//!   window; a field holds the *first* such event of the day, or is absent
//!   with an [`Absence`] saying why. A time outside the day is never given.
//! * **Sunrise / sunset**: the Sun's upper limb on the sea-level horizon,
//!   with refraction for 1013.25 hPa and 15 °C (swetest's default
//!   atmosphere; 33.6′ at the horizon, from `swe_refrac_extended`): the
//!   model of `swe_rise_trans` with its defaults (topocentric apparent
//!   position, disc radius from the topocentric distance, Sun 696 000 km,
//!   Moon 1 737.5 km as in the Swiss Ephemeris). The USNO rule (centre at
//!   −50′) differs from this by the refraction (34′ vs 33.6′) and the
//!   varying solar radius: seconds at mid latitudes, more where the Sun
//!   grazes the horizon. The search itself is ours (`Track` below), for speed
//!   and because the C fast method can skip an event.
//! * **Moonrise / moonset**: the same rule for the Moon (upper limb,
//!   refraction, topocentric parallax).
//! * **Twilight**: the Sun's centre at −6° (civil), −12° (nautical), −18°
//!   (astronomical), geometric altitude (no refraction). `begin` is the
//!   morning crossing (rising through the line), `end` the evening one.
//! * **Solar transit**: the upper meridian transit of the Sun's centre
//!   (local apparent noon). It exists every day, even in polar night.
//! * **Phase**: `phase` is the elongation in longitude, Moon minus Sun,
//!   apparent geocentric ecliptic of date, in [0, 360). The eight names are
//!   45° sectors; the four principal phases are centred on their exact
//!   angle: `new_moon` [337.5, 22.5), `waxing_crescent` [22.5, 67.5),
//!   `first_quarter` [67.5, 112.5), `waxing_gibbous` [112.5, 157.5),
//!   `full_moon` [157.5, 202.5), `waning_gibbous` [202.5, 247.5),
//!   `last_quarter` [247.5, 292.5), `waning_crescent` [292.5, 337.5).
//! * **Illumination**: the illuminated fraction of the disc, 0–1, geocentric,
//!   from the phase angle (Sun–Moon–Earth) of the apparent positions.
//! * **Age**: days from the last new moon (geocentric conjunction in
//!   longitude, found by Newton iteration backwards from the instant, not a
//!   mean synodic month) to the instant.
//! * **Distance** (km, centre to centre) and **apparent diameter** (degrees)
//!   are geocentric, at the instant.
//! * Phase, illumination, age, distances and diameters are for the instant
//!   asked; rise, set, transit and twilight for the whole local day.
//!
//! * **Precision**: events are located to 1 ms on a cubic through hourly
//!   ephemeris samples; against Skyfield + DE421 (190 days, 22 places from
//!   the equator to 78°) every time agrees within 0.2 s. A touch of a line
//!   shorter than 5 minutes (a grazing Sun at the edge of polar day) can be
//!   missed; then the field is null as if it had not happened.
//!
//! # Thread safety
//! Each C sequence (set the observer, then sample) runs inside one
//! synchronous function after [`Ephemeris::configure_thread`], as in
//! `ephemeris.rs`.
#![allow(unsafe_code)]

use std::ffi::{CStr, c_char};

use chrono::NaiveDate;
use swiss_eph as sys;

use super::ephemeris::{Body, BodyPosition, Ephemeris, EphemerisError, EphemerisSource, Observer};
use super::time::{JulianDay, Repeated, TimeZoneSpec, local_time_on};
use super::zodiac::{normalize_degrees, signed_arc};

/// Atmosphere for refraction at the horizon (swetest's defaults).
pub const PRESSURE_HPA: f64 = 1013.25;
pub const TEMPERATURE_C: f64 = 15.0;
/// The standard lapse rate the C library uses (K/m).
const LAPSE_RATE: f64 = 0.0065;
pub const AU_KM: f64 = 149_597_870.7;
/// Radii the Swiss Ephemeris uses for the limb (`pla_diam` / 2), so that
/// the diameter we report is the one the rise times were computed with.
pub const SUN_RADIUS_KM: f64 = 696_000.0;
pub const MOON_RADIUS_KM: f64 = 1_737.5;
/// Mean rate of the elongation (360° per mean synodic month), only the first
/// guess of the new-moon search.
const MEAN_ELONGATION_RATE: f64 = 360.0 / 29.530_589;
const ERROR_BUFFER: usize = 256;

/// A place on the Earth's surface (sea level), degrees, east and north positive.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GeoPlace {
    pub latitude: f64,
    pub longitude: f64,
}

/// The UT instants bounding a local calendar day: `[start, end)`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DayWindow {
    pub start: JulianDay,
    pub end: JulianDay,
}

impl DayWindow {
    pub fn contains(&self, jd: JulianDay) -> bool {
        jd.0 >= self.start.0 && jd.0 < self.end.0
    }

    pub fn hours(&self) -> f64 {
        (self.end.0 - self.start.0) * 24.0
    }
}

/// The first local minute of `date` in `zone` (00:00, or the first minute
/// that exists when the clocks skip midnight; a repeated midnight starts the
/// day at its first occurrence), as UT.
pub fn day_start(zone: &TimeZoneSpec, date: NaiveDate) -> Option<JulianDay> {
    local_time_on(date, chrono::NaiveTime::MIN, zone, Repeated::Earlier).map(|start| start.julian_day_ut())
}

/// The local calendar day `date` in `zone`.
pub fn local_day(zone: &TimeZoneSpec, date: NaiveDate) -> Option<DayWindow> {
    let start = day_start(zone, date)?;
    let end = day_start(zone, date.succ_opt()?)?;
    (end.0 > start.0).then_some(DayWindow { start, end })
}

/// Why a field has no time on this day.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Absence {
    /// Above the line the whole day (polar day, midnight sun, white night).
    AlwaysAbove,
    /// Below the line the whole day (polar night).
    AlwaysBelow,
    /// It crosses the line the other way this day, but not this way; the
    /// next such crossing (if found within about a day) falls after the day.
    NotThisDay { next: Option<JulianDay> },
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub enum SkyEvent {
    At(JulianDay),
    Missing(Absence),
}

impl SkyEvent {
    pub fn time(&self) -> Option<JulianDay> {
        match self {
            Self::At(jd) => Some(*jd),
            Self::Missing(_) => None,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Twilight {
    /// Morning: the Sun's centre rises through the line.
    pub begin: SkyEvent,
    /// Evening: the Sun's centre sets through the line.
    pub end: SkyEvent,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PhaseName {
    NewMoon,
    WaxingCrescent,
    FirstQuarter,
    WaxingGibbous,
    FullMoon,
    WaningGibbous,
    LastQuarter,
    WaningCrescent,
}

impl PhaseName {
    const ORDER: [Self; 8] = [
        Self::NewMoon,
        Self::WaxingCrescent,
        Self::FirstQuarter,
        Self::WaxingGibbous,
        Self::FullMoon,
        Self::WaningGibbous,
        Self::LastQuarter,
        Self::WaningCrescent,
    ];

    /// The name of an elongation (degrees, any value; normalised first).
    pub fn of(elongation: f64) -> Self {
        // Shift by half a sector so that each principal phase is centred
        // on its exact angle; lower bounds are inclusive.
        let shifted = normalize_degrees(elongation + 22.5);
        let index = ((shifted / 45.0).floor() as usize).min(7);
        Self::ORDER[index]
    }

    pub fn id(self) -> &'static str {
        match self {
            Self::NewMoon => "new_moon",
            Self::WaxingCrescent => "waxing_crescent",
            Self::FirstQuarter => "first_quarter",
            Self::WaxingGibbous => "waxing_gibbous",
            Self::FullMoon => "full_moon",
            Self::WaningGibbous => "waning_gibbous",
            Self::LastQuarter => "last_quarter",
            Self::WaningCrescent => "waning_crescent",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LunarPhase {
    /// Elongation Moon − Sun in ecliptic longitude, [0, 360).
    pub angle: f64,
    pub name: PhaseName,
    /// Illuminated fraction of the disc, 0–1.
    pub illumination: f64,
    /// Days since `previous_new_moon`.
    pub age_days: f64,
    pub previous_new_moon: JulianDay,
}

/// Distance and apparent size of a body at the instant.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DiscFacts {
    pub distance_km: f64,
    pub diameter_degrees: f64,
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SunDay {
    pub rise: SkyEvent,
    pub set: SkyEvent,
    pub transit: SkyEvent,
    pub civil: Twilight,
    pub nautical: Twilight,
    pub astronomical: Twilight,
    pub disc: DiscFacts,
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MoonDay {
    pub rise: SkyEvent,
    pub set: SkyEvent,
    pub phase: LunarPhase,
    pub disc: DiscFacts,
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SkyDay {
    pub sun: SunDay,
    pub moon: MoonDay,
    /// The Moshier fallback when the instant is outside the Swiss files.
    pub source: EphemerisSource,
}

/// Everything the moon-sun endpoint shows: events over `window`, phase and
/// discs at `instant`.
pub fn sky_day(ephemeris: &Ephemeris, place: GeoPlace, window: DayWindow, instant: JulianDay) -> Result<SkyDay, EphemerisError> {
    ephemeris.check_supported(window.start)?;
    ephemeris.check_supported(window.end)?;
    ephemeris.check_supported(instant)?;
    let sun = sun_day(ephemeris, place, window, instant)?;
    let (moon, source) = moon_day(ephemeris, place, window, instant)?;
    Ok(SkyDay { sun, moon, source })
}

pub fn sun_day(ephemeris: &Ephemeris, place: GeoPlace, window: DayWindow, instant: JulianDay) -> Result<SunDay, EphemerisError> {
    let search = BodyDay::new(ephemeris, place, Body::Sun, window)?;
    let (rise, set) = search.rise_and_set(Line::UpperLimb)?;
    let twilight = |depth| -> Result<Twilight, EphemerisError> {
        let (begin, end) = search.rise_and_set(Line::CentreAt(depth))?;
        Ok(Twilight { begin, end })
    };
    let sun = ephemeris.position(instant, Body::Sun, Observer::Geocentric)?;
    Ok(SunDay {
        rise,
        set,
        transit: search.transit(),
        civil: twilight(-6.0)?,
        nautical: twilight(-12.0)?,
        astronomical: twilight(-18.0)?,
        disc: disc(sun.distance, SUN_RADIUS_KM),
    })
}

pub fn moon_day(
    ephemeris: &Ephemeris,
    place: GeoPlace,
    window: DayWindow,
    instant: JulianDay,
) -> Result<(MoonDay, EphemerisSource), EphemerisError> {
    let search = BodyDay::new(ephemeris, place, Body::Moon, window)?;
    let (rise, set) = search.rise_and_set(Line::UpperLimb)?;
    let moon = ephemeris.position(instant, Body::Moon, Observer::Geocentric)?;
    let sun = ephemeris.position(instant, Body::Sun, Observer::Geocentric)?;
    let phase = lunar_phase(ephemeris, instant, &moon, &sun)?;
    let source = moon.source.max(sun.source);
    Ok((MoonDay { rise, set, phase, disc: disc(moon.distance, MOON_RADIUS_KM) }, source))
}

/// The line a rising or setting is the crossing of.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum HorizonRule {
    /// The upper limb on the sea-level horizon, with refraction: what an
    /// observer sees, and the moon-sun endpoint's rule.
    #[default]
    UpperLimb,
    /// The centre of the disc on the geometric horizon, no refraction: the
    /// traditional Hindu rising (the Swiss Ephemeris' `SE_BIT_DISC_CENTER |
    /// SE_BIT_NO_REFRACTION`).
    DiscCentre,
}

impl HorizonRule {
    pub fn id(self) -> &'static str {
        match self {
            Self::UpperLimb => "upper_limb",
            Self::DiscCentre => "disc_centre",
        }
    }
}

/// The first rising and the first setting of the Sun or the Moon in
/// `window` by `rule`, with the reason where there is none.
pub fn rise_and_set(
    ephemeris: &Ephemeris,
    place: GeoPlace,
    body: Body,
    window: DayWindow,
    rule: HorizonRule,
) -> Result<(SkyEvent, SkyEvent), EphemerisError> {
    let line = match rule {
        HorizonRule::UpperLimb => Line::UpperLimb,
        HorizonRule::DiscCentre => Line::CentreAt(0.0),
    };
    BodyDay::new(ephemeris, place, body, window)?.rise_and_set(line)
}

fn disc(distance_au: f64, radius_km: f64) -> DiscFacts {
    let distance_km = distance_au * AU_KM;
    DiscFacts { distance_km, diameter_degrees: 2.0 * (radius_km / distance_km).clamp(-1.0, 1.0).asin().to_degrees() }
}

/// Illuminated fraction from geocentric ecliptic positions (Meeus, ch. 48):
/// the elongation ψ in 3-D and the phase angle i at the Moon.
pub fn illuminated_fraction(moon: &BodyPosition, sun: &BodyPosition) -> f64 {
    let (bm, bs) = (moon.latitude.to_radians(), sun.latitude.to_radians());
    let dl = (moon.longitude - sun.longitude).to_radians();
    let cos_psi = (bm.cos() * bs.cos() * dl.cos() + bm.sin() * bs.sin()).clamp(-1.0, 1.0);
    let psi = cos_psi.acos();
    let phase_angle = (sun.distance * psi.sin()).atan2(moon.distance - sun.distance * cos_psi);
    (1.0 + phase_angle.cos()) / 2.0
}

fn lunar_phase(ephemeris: &Ephemeris, instant: JulianDay, moon: &BodyPosition, sun: &BodyPosition) -> Result<LunarPhase, EphemerisError> {
    let angle = normalize_degrees(moon.longitude - sun.longitude);
    let previous_new_moon = previous_new_moon(ephemeris, instant, angle)?;
    Ok(LunarPhase {
        angle,
        name: PhaseName::of(angle),
        illumination: illuminated_fraction(moon, sun),
        // An instant a hair before the conjunction found (float noise) is age 0.
        age_days: (instant.0 - previous_new_moon.0).max(0.0),
        previous_new_moon,
    })
}

/// The last geocentric conjunction in longitude at or before `instant`:
/// Newton's method on the elongation, from the mean-rate first guess. The
/// guess is within a few days of the answer and conjunctions are 29.5 days
/// apart, so the iteration cannot converge on a neighbouring one.
fn previous_new_moon(ephemeris: &Ephemeris, instant: JulianDay, elongation: f64) -> Result<JulianDay, EphemerisError> {
    let mut t = instant.0 - elongation / MEAN_ELONGATION_RATE;
    for _ in 0..12 {
        let moon = ephemeris.position(JulianDay(t), Body::Moon, Observer::Geocentric)?;
        let sun = ephemeris.position(JulianDay(t), Body::Sun, Observer::Geocentric)?;
        let rate = moon.speed_longitude - sun.speed_longitude;
        // The elongation always grows (10–15°/day); guard against a broken value.
        if !rate.is_finite() || rate <= 0.0 {
            return Err(EphemerisError::Computation("lunar elongation rate is not positive".into()));
        }
        let step = -signed_arc(moon.longitude - sun.longitude) / rate;
        t += step;
        // 1e-7 day is 0.009 s.
        if step.abs() < 1e-7 {
            break;
        }
    }
    // Within a millisecond of the instant the conjunction is "now", not a
    // month ago; later than the instant cannot be the previous one.
    Ok(JulianDay(t.min(instant.0)))
}

/// The altitude line an event is the crossing of.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Line {
    /// Upper limb on the horizon, with refraction (rise and set).
    UpperLimb,
    /// Centre at this geometric altitude (twilight), no refraction.
    CentreAt(f64),
}

/// Spacing of the ephemeris samples. The topocentric Moon's right ascension,
/// declination and distance are smooth over hours (parallax included), so a
/// cubic through hourly samples is good to well under an arcsecond.
const SAMPLE_STEP_DAYS: f64 = 1.0 / 24.0;
/// Spacing of the scan for crossings on the interpolated track. A body that
/// pokes above a line for less than this may be missed (only ever a grazing
/// touch at a polar-day or polar-night boundary).
const SCAN_STEP_DAYS: f64 = 5.0 / 1440.0;
/// Bisection ends below a millisecond.
const TIME_PRECISION_DAYS: f64 = 0.001 / 86_400.0;
/// Earth's rotation relative to the equinox, degrees per UT day (IAU 1982 GMST rate).
const SIDEREAL_RATE: f64 = 360.985_647_366_29;

/// Why the search is done by us and not by `swe_rise_trans`: that call
/// costs about 1 ms per event (11 events a day) and its fast method, used
/// below 60–65° latitude, skipped a sunset minutes after the start of the
/// search (Reykjavik, midsummer). Here each body is sampled once per hour
/// over the day (topocentric apparent RA, declination, distance from
/// `swe_calc_ut`, local sidereal time from `swe_sidtime`), and every event
/// is found on the cubic interpolation of those samples with the same
/// model as `swe_rise_trans`: true altitude from the hour angle, the limb
/// from the topocentric distance, refraction at the horizon from
/// `swe_refrac_extended` for the chosen atmosphere.
struct Track {
    /// Time of the first sample (UT).
    first: f64,
    right_ascension: Vec<f64>,
    declination: Vec<f64>,
    distance_au: Vec<f64>,
    /// Local apparent sidereal time at each sample, degrees.
    sidereal: Vec<f64>,
    latitude: f64,
    radius_km: f64,
    /// Refraction at the horizon (degrees): the true altitude of an object
    /// seen on the horizon is minus this.
    refraction: f64,
}

impl Track {
    /// Samples `body` from `from` to at least `to`, one hour apart, with a
    /// sample of margin on each side for the cubic.
    fn sample(ephemeris: &Ephemeris, place: GeoPlace, body: Body, from: f64, to: f64) -> Result<Self, EphemerisError> {
        let first = from - SAMPLE_STEP_DAYS;
        let count = (((to - first) / SAMPLE_STEP_DAYS).ceil() as usize).clamp(1, 24 * 10) + 2;
        let mut track = Self {
            first,
            right_ascension: Vec::with_capacity(count),
            declination: Vec::with_capacity(count),
            distance_au: Vec::with_capacity(count),
            sidereal: Vec::with_capacity(count),
            latitude: place.latitude,
            radius_km: if body == Body::Sun { SUN_RADIUS_KM } else { MOON_RADIUS_KM },
            refraction: 0.0,
        };
        ephemeris.configure_thread();
        let code = if body == Body::Moon { sys::SE_MOON } else { sys::SE_SUN };
        let flags = sys::SEFLG_SWIEPH | sys::SEFLG_EQUATORIAL | sys::SEFLG_TOPOCTR;
        let mut xx = [0.0f64; 6];
        let mut dret = [0.0f64; 4];
        let mut serr = [0 as c_char; ERROR_BUFFER];
        // SAFETY: plain values; `dret` has the 4 doubles swe_refrac_extended
        // writes. The topocentric state set here is this thread's own and is
        // used only by the swe_calc_ut calls below, in this same call.
        let apparent_zero_true = unsafe {
            sys::swe_set_topo(place.longitude, place.latitude, 0.0);
            sys::swe_refrac_extended(1e-6, 0.0, PRESSURE_HPA, TEMPERATURE_C, LAPSE_RATE, sys::SE_APP_TO_TRUE, dret.as_mut_ptr())
        };
        track.refraction = -apparent_zero_true;
        let mut previous_ra: Option<f64> = None;
        for index in 0..count {
            let t = first + index as f64 * SAMPLE_STEP_DAYS;
            // SAFETY: `xx` has the 6 doubles and `serr` the 256 bytes the API writes.
            let (returned, sidereal_hours) =
                unsafe { (sys::swe_calc_ut(t, code, flags, xx.as_mut_ptr(), serr.as_mut_ptr()), sys::swe_sidtime(t)) };
            if returned < 0 {
                return Err(EphemerisError::Computation(message(&serr)));
            }
            // Unwrap the right ascension so that the cubic never sees a 360° jump.
            let ra = match previous_ra {
                Some(previous) => previous + signed_arc(xx[0] - previous),
                None => xx[0],
            };
            previous_ra = Some(ra);
            track.right_ascension.push(ra);
            track.declination.push(xx[1]);
            track.distance_au.push(xx[2]);
            track.sidereal.push(sidereal_hours * 15.0 + place.longitude);
        }
        Ok(track)
    }

    fn last(&self) -> f64 {
        self.first + (self.right_ascension.len() - 1) as f64 * SAMPLE_STEP_DAYS
    }

    /// Four-point Lagrange interpolation at `t`.
    fn interpolate(&self, values: &[f64], t: f64) -> f64 {
        let n = values.len();
        if n < 4 {
            return values[0];
        }
        let x = (t - self.first) / SAMPLE_STEP_DAYS;
        let i = (x.floor() as isize).clamp(1, n as isize - 3) as usize;
        let u = x - i as f64;
        let (y0, y1, y2, y3) = (values[i - 1], values[i], values[i + 1], values[i + 2]);
        -u * (u - 1.0) * (u - 2.0) / 6.0 * y0 + (u + 1.0) * (u - 1.0) * (u - 2.0) / 2.0 * y1 - (u + 1.0) * u * (u - 2.0) / 2.0 * y2
            + (u + 1.0) * u * (u - 1.0) / 6.0 * y3
    }

    /// Hour angle in (−180, 180] and true altitude of the centre, degrees.
    fn hour_angle_and_altitude(&self, t: f64) -> (f64, f64, f64) {
        let n = self.sidereal.len();
        let nearest = (((t - self.first) / SAMPLE_STEP_DAYS).round().max(0.0) as usize).min(n - 1);
        let sidereal = self.sidereal[nearest] + SIDEREAL_RATE * (t - (self.first + nearest as f64 * SAMPLE_STEP_DAYS));
        let ra = self.interpolate(&self.right_ascension, t);
        let dec = self.interpolate(&self.declination, t).to_radians();
        let distance = self.interpolate(&self.distance_au, t);
        let hour_angle = signed_arc(sidereal - ra);
        let phi = self.latitude.to_radians();
        let sin_alt = phi.sin() * dec.sin() + phi.cos() * dec.cos() * hour_angle.to_radians().cos();
        (hour_angle, sin_alt.clamp(-1.0, 1.0).asin().to_degrees(), distance)
    }

    /// Height above the line, degrees (positive: above).
    fn above(&self, t: f64, line: Line) -> f64 {
        let (_, altitude, distance) = self.hour_angle_and_altitude(t);
        match line {
            Line::UpperLimb => {
                let semidiameter = (self.radius_km / (distance * AU_KM)).clamp(-1.0, 1.0).asin().to_degrees();
                altitude + semidiameter + self.refraction
            }
            Line::CentreAt(depth) => altitude - depth,
        }
    }

    /// First upward and first downward crossing of `line` in `[from, to)`.
    fn crossings(&self, line: Line, from: f64, to: f64) -> (Option<f64>, Option<f64>) {
        let f = |t: f64| self.above(t, line);
        let (mut rise, mut set) = (None, None);
        let (mut t0, mut g0) = (from, f(from));
        while t0 < to && (rise.is_none() || set.is_none()) {
            let t1 = (t0 + SCAN_STEP_DAYS).min(to);
            let g1 = f(t1);
            if (g0 < 0.0) != (g1 < 0.0) {
                let t = bisect(f, t0, t1, g0);
                if t < to {
                    if g0 < 0.0 { rise = rise.or(Some(t)) } else { set = set.or(Some(t)) }
                }
            }
            (t0, g0) = (t1, g1);
        }
        (rise, set)
    }

    /// First upper meridian transit (hour angle rising through 0) in `[from, to)`.
    fn transit(&self, from: f64, to: f64) -> Option<f64> {
        let f = |t: f64| self.hour_angle_and_altitude(t).0;
        let (mut t0, mut h0) = (from, f(from));
        while t0 < to {
            let t1 = (t0 + SCAN_STEP_DAYS).min(to);
            let h1 = f(t1);
            // Rising through 0, not wrapping from +180 to −180.
            if h0 < 0.0 && h1 >= 0.0 && h1 - h0 < 180.0 {
                let t = bisect(f, t0, t1, h0);
                if t < to {
                    return Some(t);
                }
            }
            (t0, h0) = (t1, h1);
        }
        None
    }
}

/// Bisection of a sign change of `f` between `a` (value `fa`) and `b`.
fn bisect(f: impl Fn(f64) -> f64, mut a: f64, mut b: f64, mut fa: f64) -> f64 {
    while b - a > TIME_PRECISION_DAYS {
        let m = 0.5 * (a + b);
        let fm = f(m);
        if (fm < 0.0) == (fa < 0.0) {
            (a, fa) = (m, fm);
        } else {
            b = m;
        }
    }
    0.5 * (a + b)
}

/// One body's events over a day, with the reasons for missing ones.
struct BodyDay<'a> {
    ephemeris: &'a Ephemeris,
    place: GeoPlace,
    body: Body,
    window: DayWindow,
    track: Track,
}

impl<'a> BodyDay<'a> {
    fn new(ephemeris: &'a Ephemeris, place: GeoPlace, body: Body, window: DayWindow) -> Result<Self, EphemerisError> {
        let track = Track::sample(ephemeris, place, body, window.start.0, window.end.0)?;
        Ok(Self { ephemeris, place, body, window, track })
    }

    fn rise_and_set(&self, line: Line) -> Result<(SkyEvent, SkyEvent), EphemerisError> {
        let (start, end) = (self.window.start.0, self.window.end.0);
        let (rise, set) = self.track.crossings(line, start, end);
        let event = |found: Option<f64>, other: Option<f64>, rising: bool| -> Result<SkyEvent, EphemerisError> {
            if let Some(t) = found {
                return Ok(SkyEvent::At(JulianDay(t)));
            }
            if other.is_none() {
                // No crossing either way all day: the body stays on one side.
                let above = self.track.above(start, line) >= 0.0;
                return Ok(SkyEvent::Missing(if above { Absence::AlwaysAbove } else { Absence::AlwaysBelow }));
            }
            // It happens on another day: look a day further for the next
            // time (rare, so sampled only when needed).
            let horizon = end + 1.0 + 2.0 / 24.0;
            let later = Track::sample(self.ephemeris, self.place, self.body, end, horizon)?;
            let (next_rise, next_set) = later.crossings(line, end, horizon.min(later.last()));
            let next = if rising { next_rise } else { next_set };
            Ok(SkyEvent::Missing(Absence::NotThisDay { next: next.map(JulianDay) }))
        };
        Ok((event(rise, set, true)?, event(set, rise, false)?))
    }

    fn transit(&self) -> SkyEvent {
        match self.track.transit(self.window.start.0, self.window.end.0) {
            Some(t) => SkyEvent::At(JulianDay(t)),
            None => SkyEvent::Missing(Absence::NotThisDay { next: None }),
        }
    }
}

fn message(serr: &[c_char]) -> String {
    // SAFETY: the buffer is zero-initialised and the library writes a
    // NUL-terminated string shorter than 256 bytes.
    unsafe { CStr::from_ptr(serr.as_ptr()) }.to_string_lossy().into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eph() -> Ephemeris {
        Ephemeris::with_embedded_files().unwrap()
    }

    fn day(zone: &str, date: &str) -> DayWindow {
        let zone = TimeZoneSpec::parse(zone).unwrap();
        local_day(&zone, NaiveDate::parse_from_str(date, "%Y-%m-%d").unwrap()).unwrap()
    }

    fn noon(window: DayWindow) -> JulianDay {
        JulianDay((window.start.0 + window.end.0) / 2.0)
    }

    #[test]
    fn phase_names_are_45_degree_sectors_centred_on_the_principal_phases() {
        let cases = [
            (0.0, "new_moon"),
            (22.4999, "new_moon"),
            (22.5, "waxing_crescent"),
            (67.5, "first_quarter"),
            (90.0, "first_quarter"),
            (112.5, "waxing_gibbous"),
            (157.5, "full_moon"),
            (180.0, "full_moon"),
            (202.5, "waning_gibbous"),
            (247.5, "last_quarter"),
            (292.5, "waning_crescent"),
            (337.4999, "waning_crescent"),
            (337.5, "new_moon"),
            (359.9999, "new_moon"),
            (-10.0, "new_moon"),
            (720.0 + 90.0, "first_quarter"),
        ];
        for (angle, name) in cases {
            assert_eq!(PhaseName::of(angle).id(), name, "{angle}");
        }
    }

    #[test]
    fn days_are_local_and_follow_daylight_saving() {
        assert!((day("Europe/Rome", "2024-03-31").hours() - 23.0).abs() < 1e-6);
        assert!((day("Europe/Rome", "2024-10-27").hours() - 25.0).abs() < 1e-6);
        assert!((day("+05:30", "2024-10-27").hours() - 24.0).abs() < 1e-6);
        // 2024-06-21 00:00 in Oslo (+02:00) is 2024-06-20T22:00Z.
        let start = day("Europe/Oslo", "2024-06-21").start.to_utc().unwrap();
        assert_eq!(start.to_rfc3339(), "2024-06-20T22:00:00+00:00");
        // Santiago skipped midnight on 2022-09-11: the day starts at 01:00 local (04:00Z).
        let start = day("America/Santiago", "2022-09-11").start.to_utc().unwrap();
        assert_eq!(start.to_rfc3339(), "2022-09-11T04:00:00+00:00");
    }

    #[test]
    fn an_ordinary_day_in_rome_has_every_event_in_order() {
        let ephemeris = eph();
        let window = day("Europe/Rome", "2024-06-21");
        let place = GeoPlace { latitude: 41.9028, longitude: 12.4964 };
        let sky = sky_day(&ephemeris, place, window, noon(window)).unwrap();
        let sun = sky.sun;
        let t = |e: SkyEvent| e.time().unwrap().0;
        let order = [
            t(sun.astronomical.begin),
            t(sun.nautical.begin),
            t(sun.civil.begin),
            t(sun.rise),
            t(sun.transit),
            t(sun.set),
            t(sun.civil.end),
            t(sun.nautical.end),
            t(sun.astronomical.end),
        ];
        assert!(order.windows(2).all(|w| w[0] < w[1]), "{order:?}");
        // Rome, 21 June 2024: sunrise 05:35, sunset 20:48 CEST (timeanddate.com).
        let rise = JulianDay(t(sun.rise)).to_utc().unwrap();
        assert_eq!(rise.format("%H:%M").to_string(), "03:35");
        assert!((sun.disc.diameter_degrees - 0.5246).abs() < 0.001, "{}", sun.disc.diameter_degrees);
        assert!((sun.disc.distance_km / 1.0e6 - 152.0).abs() < 0.1);
        assert_eq!(sky.source, EphemerisSource::SwissFiles);
    }

    #[test]
    fn polar_day_and_night_have_no_rise_and_say_why() {
        let ephemeris = eph();
        let tromso = GeoPlace { latitude: 69.6492, longitude: 18.9553 };
        let summer = day("Europe/Oslo", "2024-06-21");
        let sun = sun_day(&ephemeris, tromso, summer, noon(summer)).unwrap();
        assert_eq!(sun.rise, SkyEvent::Missing(Absence::AlwaysAbove));
        assert_eq!(sun.set, SkyEvent::Missing(Absence::AlwaysAbove));
        assert_eq!(sun.civil.begin, SkyEvent::Missing(Absence::AlwaysAbove));
        assert!(sun.transit.time().is_some());
        let winter = day("Europe/Oslo", "2024-12-21");
        let sun = sun_day(&ephemeris, tromso, winter, noon(winter)).unwrap();
        assert_eq!(sun.rise, SkyEvent::Missing(Absence::AlwaysBelow));
        assert_eq!(sun.set, SkyEvent::Missing(Absence::AlwaysBelow));
        // Civil twilight still happens around noon in Tromsø's polar night.
        assert!(sun.civil.begin.time().is_some() && sun.civil.end.time().is_some());
        assert!(sun.transit.time().is_some());
    }

    #[test]
    fn new_moon_age_and_illumination() {
        let ephemeris = eph();
        // New moon 2024-01-11 11:57 UTC (USNO); full moon 2024-01-25 17:54 UTC.
        let full = JulianDay::from_utc(chrono::DateTime::parse_from_rfc3339("2024-01-25T17:54:00Z").unwrap().to_utc());
        let moon = ephemeris.position(full, Body::Moon, Observer::Geocentric).unwrap();
        let sun = ephemeris.position(full, Body::Sun, Observer::Geocentric).unwrap();
        let phase = lunar_phase(&ephemeris, full, &moon, &sun).unwrap();
        assert_eq!(phase.name, PhaseName::FullMoon);
        assert!((phase.angle - 180.0).abs() < 0.05, "{}", phase.angle);
        // Not 1: the Moon was 4.8° off the ecliptic (phase angle ≈ 4.8°).
        assert!((phase.illumination - 0.9983).abs() < 0.0005, "{}", phase.illumination);
        let new = phase.previous_new_moon.to_utc().unwrap();
        assert_eq!(new.format("%Y-%m-%dT%H:%M").to_string(), "2024-01-11T11:57");
        assert!((phase.age_days - 14.247).abs() < 0.001, "{}", phase.age_days);
    }
}
