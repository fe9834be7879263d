//! The Swiss Ephemeris, wrapped so that concurrent requests are correct.
//!
//! # Why this is thread-safe
//! The C library keeps all its state (search path, open files, observer
//! position for topocentric positions, caches of recent results) in one
//! global struct `swed`. The vendored build declares it `TLS` (`__thread` on
//! Linux, see `sweodef.h`), so every OS thread has a private copy. This
//! wrapper therefore:
//! 1. sets the search path on each thread the first time that thread uses an
//!    [`Ephemeris`] (tracked in a thread-local; a second instance with another
//!    path simply re-sets it), and
//! 2. performs every multi-step sequence (set the observer, then compute) in
//!    one synchronous call. Async tasks can only move between threads at an
//!    `.await`, and there is none inside a call, so no other request can run
//!    on this thread between the steps.
//!
//! # Data files
//! `sepl_18.se1` and `semo_18.se1` (1800–2400 CE) are compiled into the
//! binary (crate `swiss-eph-data`) and read from memory: the vendored C
//! library is patched to open a registered file with `fmemopen`
//! (`vendor/swiss-eph/PATCHES.md`), so a file segment costs no system call
//! and nothing is written to disk at start. Outside their range the library
//! falls back to the analytical Moshier ephemeris, which [`EphemerisSource`]
//! reports. An optional extra directory (`EPHEMERIS_EXTRA_DIR`) may add
//! files such as `seas_18.se1` (main asteroids, needed for Chiron).
#![allow(unsafe_code)]

use std::cell::Cell;
use std::ffi::{CStr, CString, c_char};
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};

use swiss_eph as sys;

use super::frame::{Ayanamsa, Zodiac};
use super::house::HouseSystem;
use super::time::JulianDay;
use super::zodiac::{angular_distance, normalize_degrees, signed_arc};

/// The instants the ephemeris serves: 1000-01-01 to 2999-12-31 (proleptic
/// Gregorian calendar). 1800–2399 come from the Swiss files, the rest from
/// the Moshier ephemeris.
pub const FIRST_SUPPORTED_YEAR: i32 = 1000;
pub const LAST_SUPPORTED_YEAR: i32 = 2999;
const SUPPORTED_JD: (f64, f64) = (2_086_302.5, 2_816_787.5);
/// Range of the Swiss asteroid file `seas_18.se1` (as of the main files).
const ASTEROID_FILE_JD: (f64, f64) = (2_378_496.5, 2_597_641.5);

const ERROR_BUFFER: usize = 256;

/// Bodies the C library computes directly.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Body {
    Sun,
    Moon,
    Mercury,
    Venus,
    Mars,
    Jupiter,
    Saturn,
    Uranus,
    Neptune,
    Pluto,
    MeanNode,
    TrueNode,
    /// Black Moon Lilith: the mean lunar apogee.
    MeanLilith,
    Chiron,
    /// Only meaningful seen from the Sun (heliocentric charts).
    Earth,
    /// A centaur, like Chiron.
    Pholus,
    Ceres,
    Pallas,
    Juno,
    Vesta,
}

impl Body {
    fn code(self) -> i32 {
        match self {
            Self::Sun => sys::SE_SUN,
            Self::Moon => sys::SE_MOON,
            Self::Mercury => sys::SE_MERCURY,
            Self::Venus => sys::SE_VENUS,
            Self::Mars => sys::SE_MARS,
            Self::Jupiter => sys::SE_JUPITER,
            Self::Saturn => sys::SE_SATURN,
            Self::Uranus => sys::SE_URANUS,
            Self::Neptune => sys::SE_NEPTUNE,
            Self::Pluto => sys::SE_PLUTO,
            Self::MeanNode => sys::SE_MEAN_NODE,
            Self::TrueNode => sys::SE_TRUE_NODE,
            Self::MeanLilith => sys::SE_MEAN_APOG,
            Self::Chiron => sys::SE_CHIRON,
            Self::Earth => sys::SE_EARTH,
            Self::Pholus => sys::SE_PHOLUS,
            Self::Ceres => sys::SE_CERES,
            Self::Pallas => sys::SE_PALLAS,
            Self::Juno => sys::SE_JUNO,
            Self::Vesta => sys::SE_VESTA,
        }
    }

    /// Whether the body's positions come from the asteroid file
    /// `seas_18.se1` (Chiron, Pholus and the four main asteroids).
    pub fn needs_asteroid_file(self) -> bool {
        matches!(self, Self::Chiron | Self::Pholus | Self::Ceres | Self::Pallas | Self::Juno | Self::Vesta)
    }
}

/// Where the observer stands.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Observer {
    /// The centre of the Earth.
    Geocentric,
    /// A place on the surface (parallax matters for the Moon, up to ~1°).
    Topocentric { longitude: f64, latitude: f64, altitude_m: f64 },
    /// The centre of the Sun.
    Heliocentric,
}

/// Which ephemeris produced a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum EphemerisSource {
    /// The Swiss Ephemeris files (JPL-based, ~0.001″).
    SwissFiles,
    /// The analytical Moshier ephemeris (~0.1″ planets, ~3″ Moon), used
    /// outside the range of the files.
    Moshier,
}

/// Apparent geocentric (or topocentric) ecliptic position of date.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BodyPosition {
    pub longitude: f64,
    pub latitude: f64,
    /// Astronomical units.
    pub distance: f64,
    /// Degrees per day.
    pub speed_longitude: f64,
    pub speed_latitude: f64,
    /// AU per day.
    pub speed_distance: f64,
    pub source: EphemerisSource,
}

impl BodyPosition {
    /// A position as the library's calculation returns it: `xx` (longitude,
    /// latitude, distance and their speeds) and the flags it answered with,
    /// which say whether the Swiss Ephemeris files or Moshier's were read.
    fn from_swiss(xx: &[f64; 6], returned: i32) -> Self {
        let source = if returned & sys::SEFLG_SWIEPH != 0 { EphemerisSource::SwissFiles } else { EphemerisSource::Moshier };
        Self {
            longitude: xx[0],
            latitude: xx[1],
            distance: xx[2],
            speed_longitude: xx[3],
            speed_latitude: xx[4],
            speed_distance: xx[5],
            source,
        }
    }
}

/// House cusps and the angles of the chart, degrees of ecliptic longitude.
#[derive(Debug, Clone, PartialEq)]
pub struct HouseCusps {
    /// Cusps of houses 1..=12.
    pub cusps: [f64; 12],
    pub ascendant: f64,
    pub midheaven: f64,
    /// Sidereal time as an angle (right ascension of the midheaven).
    pub armc: f64,
    pub vertex: f64,
    /// The system actually drawn: differs from the one asked for when it
    /// cannot be drawn at this latitude (Placidus and Koch in polar circles).
    pub system_used: HouseSystem,
    /// Inside a polar circle some house systems put the IC on their tenth
    /// cusp; the angles above are still the true ones.
    pub angles_differ_from_system: bool,
}

/// Ascendant (ecliptic on the eastern horizon) and midheaven (ecliptic on
/// the upper meridian) from the sidereal angle, latitude and obliquity.
///
/// The horizon cuts the ecliptic at two opposite points. Outside the polar
/// circles the textbook formula (Meeus, *Astronomical Algorithms* 14.2) gives
/// the eastern one; inside them the ecliptic can tilt past the horizon so
/// that the same formula lands on the western point (the descendant). So the
/// candidate is checked: a point on the eastern horizon has not yet reached
/// the meridian, its hour angle lies between 180° and 360° (sin H < 0), and
/// otherwise the opposite point is the ascendant.
pub fn astronomical_angles(armc: f64, latitude: f64, obliquity: f64) -> (f64, f64) {
    let (ramc, eps) = (armc.to_radians(), obliquity.to_radians());
    // At the poles the horizon and the ecliptic do not cross at a defined
    // east point; a hair off the pole the formula stays finite.
    let phi = latitude.clamp(-89.999_999, 89.999_999).to_radians();
    let midheaven = ramc.sin().atan2(ramc.cos() * eps.cos()).to_degrees();
    let candidate = ramc.cos().atan2(-(ramc.sin() * eps.cos() + phi.tan() * eps.sin()));
    let right_ascension = (candidate.sin() * eps.cos()).atan2(candidate.cos());
    let hour_angle = ramc - right_ascension;
    let ascendant = if hour_angle.sin() <= 0.0 { candidate } else { candidate + std::f64::consts::PI };
    (normalize_degrees(ascendant.to_degrees()), normalize_degrees(midheaven))
}

/// Right ascension and declination, degrees, of an ecliptic position of date
/// (longitude, latitude) under `obliquity`: the library's `swe_cotrans`.
pub fn equatorial_of(longitude: f64, latitude: f64, obliquity: f64) -> (f64, f64) {
    let mut ecliptic = [longitude, latitude, 1.0];
    let mut equatorial = [0.0f64; 3];
    // SAFETY: swe_cotrans reads three doubles and writes three; both buffers
    // hold three. A negative obliquity turns ecliptic into equatorial.
    unsafe { sys::swe_cotrans(ecliptic.as_mut_ptr(), equatorial.as_mut_ptr(), -obliquity) };
    (normalize_degrees(equatorial[0]), equatorial[1])
}

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum EphemerisError {
    #[error("the ephemeris serves dates from {FIRST_SUPPORTED_YEAR}-01-01 to {LAST_SUPPORTED_YEAR}-12-31")]
    OutOfRange,
    #[error("Chiron, Pholus and the asteroids need the asteroid file seas_18.se1, which this server does not have")]
    ChironUnavailable,
    #[error("Chiron, Pholus and the asteroids are available from 1800 to 2399 only")]
    ChironOutOfRange,
    #[error("the ephemeris data directory could not be prepared: {0}")]
    Setup(String),
    /// The C library reported an error (message kept for logs only).
    #[error("ephemeris computation failed: {0}")]
    Computation(String),
}

static NEXT_INSTANCE_ID: AtomicU64 = AtomicU64::new(1);

thread_local! {
    /// Which `Ephemeris` instance last set this thread's search path.
    static CONFIGURED_FOR: Cell<u64> = const { Cell::new(0) };
    /// The sidereal mode last set on this thread (-1: none yet).
    static SIDEREAL_MODE: Cell<i32> = const { Cell::new(-1) };
    /// The last ayanamsa computed on this thread: (mode, jd, value): the
    /// points of one chart share one instant, so they share one computation.
    static LAST_AYANAMSA: Cell<(i32, f64, AyanamsaValue)> = const { Cell::new((-1, f64::NAN, AyanamsaValue { degrees: 0.0, speed: 0.0 })) };
    /// The last ayanamsa speed: (mode, 64-day span, degrees a day).
    static AYANAMSA_SPEED: Cell<(i32, i64, f64)> = const { Cell::new((-1, 0, 0.0)) };
}

/// The ayanamsa at an instant: how far the sidereal zodiac's origin lies
/// ahead of the vernal equinox of date (nutation included, as the library
/// subtracts it from positions of date).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct AyanamsaValue {
    pub degrees: f64,
    /// Degrees per day (of precession alone: what the library subtracts
    /// from speeds).
    pub speed: f64,
}

/// A handle to the Swiss Ephemeris. Cheap to share (`Arc`) across tasks.
#[derive(Debug)]
pub struct Ephemeris {
    id: u64,
    search_path: CString,
    /// The embedded files this instance reads from memory (name, bytes);
    /// `None` where the extra directory has its own file of that name.
    memory_files: Vec<(CString, Option<&'static [u8]>)>,
    chiron_available: bool,
}

/// The search path when there is no extra directory: nothing can exist
/// under `/dev/null`, so the library finds no stray file (a `sedeltat.txt`
/// in the working directory would change ΔT) and reads only the embedded
/// files, from memory.
const NO_DIRECTORY: &str = "/dev/null/no-ephemeris-files";

impl Ephemeris {
    /// The embedded data files, read from memory, and an optional extra
    /// directory whose files come first (a full `sefstars.txt`) or add to
    /// them (`seas_18.se1` for Chiron). Nothing is written to disk.
    pub fn new(extra_dir: Option<&Path>) -> Result<Self, EphemerisError> {
        let path = extra_dir.map_or_else(|| NO_DIRECTORY.to_owned(), |dir| dir.display().to_string());
        let search_path = CString::new(path).map_err(|_| EphemerisError::Setup("path contains NUL".into()))?;
        let in_extra_dir = |name: &str| extra_dir.is_some_and(|dir| dir.join(name).is_file());
        let memory_files = embedded_files()
            .map(|(name, bytes)| {
                let c_name = CString::new(name).map_err(|_| EphemerisError::Setup("file name contains NUL".into()))?;
                Ok((c_name, (!in_extra_dir(name)).then_some(bytes)))
            })
            .collect::<Result<_, EphemerisError>>()?;
        let ephemeris = Self {
            id: NEXT_INSTANCE_ID.fetch_add(1, Ordering::Relaxed),
            search_path,
            memory_files,
            chiron_available: in_extra_dir("seas_18.se1"),
        };
        // A build whose C library cannot read the embedded files (a file
        // missing, an `fmemopen` that misreads them) would answer from the
        // Moshier ephemeris without a word: refuse to start instead.
        match ephemeris.position(JulianDay(2_451_545.0), Body::Sun, Observer::Geocentric) {
            Ok(sun) if sun.source == EphemerisSource::SwissFiles => Ok(ephemeris),
            Ok(_) => Err(EphemerisError::Setup("the embedded Swiss Ephemeris files cannot be read".into())),
            Err(error) => Err(EphemerisError::Setup(format!("the embedded Swiss Ephemeris files cannot be read: {error}"))),
        }
    }

    /// An ephemeris of the embedded files alone: for tests and benchmarks.
    pub fn with_embedded_files() -> Result<Self, EphemerisError> {
        Self::new(None)
    }

    pub fn chiron_available(&self) -> bool {
        self.chiron_available
    }

    /// Whether Chiron can be computed at `jd` (file present, date in its range).
    pub fn chiron_available_at(&self, jd: JulianDay) -> bool {
        self.chiron_available && (ASTEROID_FILE_JD.0..ASTEROID_FILE_JD.1).contains(&jd.0)
    }

    pub fn check_supported(&self, jd: JulianDay) -> Result<(), EphemerisError> {
        if jd.0 >= SUPPORTED_JD.0 && jd.0 < SUPPORTED_JD.1 { Ok(()) } else { Err(EphemerisError::OutOfRange) }
    }

    /// Points this thread's C-library state at this instance's files. Call it
    /// first in any function that calls the C library directly.
    pub(crate) fn configure_thread(&self) {
        CONFIGURED_FOR.with(|configured| {
            if configured.get() != self.id {
                for (name, bytes) in &self.memory_files {
                    let (data, len) = bytes.map_or((std::ptr::null(), 0), |bytes| (bytes.as_ptr().cast(), bytes.len()));
                    // SAFETY: `name` is a NUL-terminated string the library
                    // copies; `data` is 'static (compiled in) or null, which
                    // removes the name from the thread's registry.
                    let registered = unsafe { sys::swe_set_memory_file(name.as_ptr(), data, len) };
                    // Refused only for a name with a path or past the
                    // library's 16: never for the names compiled in.
                    debug_assert_eq!(registered, 0, "{name:?} not registered");
                }
                // SAFETY: the pointer is a valid NUL-terminated string that
                // outlives the call; the library copies it into its state.
                // It closes the thread's open files, so the streams opened
                // next read the files just registered.
                unsafe { sys::swe_set_ephe_path(self.search_path.as_ptr()) };
                configured.set(self.id);
            }
        });
    }

    pub fn position(&self, jd: JulianDay, body: Body, observer: Observer) -> Result<BodyPosition, EphemerisError> {
        self.check_body(jd, body)?;
        self.configure_thread();
        self.calculate(jd, body, observer, 0)
    }

    /// The position of `body` in `zodiac`. Sidereal longitudes are the
    /// library's own: for most ayanamsas the tropical longitude less the
    /// ayanamsa of the instant (computed once per instant and thread), for
    /// those measured on another epoch's ecliptic the library's projection.
    pub fn position_in(&self, jd: JulianDay, body: Body, observer: Observer, zodiac: Zodiac) -> Result<BodyPosition, EphemerisError> {
        match zodiac {
            Zodiac::Tropical => self.position(jd, body, observer),
            Zodiac::Sidereal(ayanamsa) if ayanamsa.projects_onto_epoch_ecliptic() => {
                self.check_body(jd, body)?;
                self.configure_thread();
                set_sidereal_mode(ayanamsa);
                self.calculate(jd, body, observer, sys::SEFLG_SIDEREAL)
            }
            Zodiac::Sidereal(ayanamsa) => {
                let tropical = self.position(jd, body, observer)?;
                let offset = self.ayanamsa(jd, ayanamsa)?;
                Ok(BodyPosition {
                    longitude: normalize_degrees(tropical.longitude - offset.degrees),
                    speed_longitude: tropical.speed_longitude - offset.speed,
                    ..tropical
                })
            }
        }
    }

    /// The ayanamsa at `jd` (UT).
    pub fn ayanamsa(&self, jd: JulianDay, ayanamsa: Ayanamsa) -> Result<AyanamsaValue, EphemerisError> {
        self.check_supported(jd)?;
        let (mode, at, value) = LAST_AYANAMSA.with(Cell::get);
        if mode == ayanamsa.mode() && at == jd.0 {
            return Ok(value);
        }
        self.configure_thread();
        set_sidereal_mode(ayanamsa);
        let degrees = ayanamsa_ut(jd.0, sys::SEFLG_SWIEPH)?;
        // The library's speed includes nutation's rate: precession's rate
        // (smooth, kept for 64 days) plus nutation's over 0.001 day.
        const INTERVAL: f64 = 0.001;
        let nutation_rate = (nutation_in_longitude(jd.0)? - nutation_in_longitude(jd.0 - INTERVAL)?) / INTERVAL;
        let value = AyanamsaValue { degrees, speed: self.ayanamsa_speed(jd, ayanamsa)? + nutation_rate };
        LAST_AYANAMSA.with(|last| last.set((ayanamsa.mode(), jd.0, value)));
        Ok(value)
    }

    /// The speed the library subtracts: the precession-only ayanamsa's
    /// change over 0.001 day. Precession is smooth (its rate changes by
    /// about 10⁻¹² degree a day per day), so one speed serves a 64-day
    /// span, sparing two library calls per chart.
    fn ayanamsa_speed(&self, jd: JulianDay, ayanamsa: Ayanamsa) -> Result<f64, EphemerisError> {
        const INTERVAL: f64 = 0.001;
        let bucket = (jd.0 / 64.0).floor() as i64;
        let (mode, cached_bucket, speed) = AYANAMSA_SPEED.with(Cell::get);
        if mode == ayanamsa.mode() && cached_bucket == bucket {
            return Ok(speed);
        }
        let flags = sys::SEFLG_SWIEPH | sys::SEFLG_NONUT;
        let speed = signed_arc(ayanamsa_ut(jd.0, flags)? - ayanamsa_ut(jd.0 - INTERVAL, flags)?) / INTERVAL;
        AYANAMSA_SPEED.with(|cached| cached.set((ayanamsa.mode(), bucket, speed)));
        Ok(speed)
    }

    fn check_body(&self, jd: JulianDay, body: Body) -> Result<(), EphemerisError> {
        self.check_supported(jd)?;
        if body.needs_asteroid_file() {
            if !self.chiron_available {
                return Err(EphemerisError::ChironUnavailable);
            }
            if !self.chiron_available_at(jd) {
                return Err(EphemerisError::ChironOutOfRange);
            }
        }
        Ok(())
    }

    /// One `swe_calc_ut` call; the thread is configured.
    fn calculate(&self, jd: JulianDay, body: Body, observer: Observer, extra_flags: i32) -> Result<BodyPosition, EphemerisError> {
        let mut flags = sys::SEFLG_SWIEPH | sys::SEFLG_SPEED | extra_flags;
        match observer {
            Observer::Geocentric => {}
            Observer::Topocentric { longitude, latitude, altitude_m } => {
                // SAFETY: plain values; the state written is this thread's own.
                unsafe { sys::swe_set_topo(longitude, latitude, altitude_m) };
                // With aberration the library takes a topocentric speed from
                // three positions whatever is asked; SEFLG_SPEED3 says so,
                // and spares each of the three the speed it would throw away.
                flags = (flags & !sys::SEFLG_SPEED) | sys::SEFLG_SPEED3 | sys::SEFLG_TOPOCTR;
            }
            Observer::Heliocentric => flags |= sys::SEFLG_HELCTR,
        }
        let mut xx = [0.0f64; 6];
        let mut serr = [0 as c_char; ERROR_BUFFER];
        // SAFETY: `xx` has the 6 doubles and `serr` the 256 bytes the API writes.
        let returned = unsafe { sys::swe_calc_ut(jd.0, body.code(), flags, xx.as_mut_ptr(), serr.as_mut_ptr()) };
        if returned < 0 {
            return Err(EphemerisError::Computation(message(&serr)));
        }
        let position = BodyPosition::from_swiss(&xx, returned);
        if body.needs_asteroid_file() && position.source != EphemerisSource::SwissFiles {
            return Err(EphemerisError::ChironOutOfRange);
        }
        Ok(position)
    }

    pub fn houses(&self, jd: JulianDay, latitude: f64, longitude: f64, system: HouseSystem) -> Result<HouseCusps, EphemerisError> {
        self.check_supported(jd)?;
        self.configure_thread();
        // What `swe_houses_ex2` does, with the obliquity and nutation of the
        // library's own cache: computed here once for the instant (with
        // their rates), the planets of the same instant reuse them instead
        // of the houses computing nutation again (issue 37).
        let (obliquity, nutation) = self.obliquity_and_nutation(jd)?;
        // SAFETY: plain values in and out.
        let armc = unsafe { sys::swe_degnorm(sys::swe_sidtime0(jd.0, obliquity, nutation) * 15.0 + longitude) };
        self.houses_from_armc(armc, latitude, obliquity, system)
    }

    /// The houses at `jd` in `zodiac`. Most sidereal houses are the
    /// tropical ones less the ayanamsa (the library does the same), whole
    /// signs counted from the sidereal ascendant's sign; for the ayanamsas
    /// on another epoch's ecliptic the library draws the cusps on that
    /// ecliptic, and the astronomical angles move as the library's do.
    pub fn houses_in(
        &self,
        jd: JulianDay,
        latitude: f64,
        longitude: f64,
        system: HouseSystem,
        zodiac: Zodiac,
    ) -> Result<HouseCusps, EphemerisError> {
        match zodiac {
            Zodiac::Tropical => self.houses(jd, latitude, longitude, system),
            Zodiac::Sidereal(ayanamsa) if ayanamsa.projects_onto_epoch_ecliptic() => {
                self.check_supported(jd)?;
                self.configure_thread();
                let raw = library_houses(jd, 0, latitude, longitude, system);
                let obliquity = self.true_obliquity(jd)?;
                let tropical = finish_houses(raw.returned, &raw.cusps, &raw.ascmc, &raw.serr, latitude, obliquity, system)?;
                set_sidereal_mode(ayanamsa);
                // A system that cannot be drawn here comes back as Porphyry,
                // which `tropical` already says.
                let sidereal = library_houses(jd, sys::SEFLG_SIDEREAL, latitude, longitude, system);
                let (cusps, ascmc) = (&sidereal.cusps, &sidereal.ascmc);
                if cusps[1..].iter().chain(ascmc[..4].iter()).any(|v| !v.is_finite()) {
                    return Err(EphemerisError::Computation(message(&sidereal.serr)));
                }
                let mut twelve = [0.0; 12];
                twelve.copy_from_slice(&cusps[1..13]);
                // The library's tropical angles less its sidereal ones: the
                // projection's shift at each angle (antipodes shift alike).
                Ok(HouseCusps {
                    cusps: twelve,
                    ascendant: normalize_degrees(tropical.ascendant - signed_arc(raw.ascmc[0] - ascmc[0])),
                    midheaven: normalize_degrees(tropical.midheaven - signed_arc(raw.ascmc[1] - ascmc[1])),
                    vertex: ascmc[3],
                    ..tropical
                })
            }
            Zodiac::Sidereal(ayanamsa) => {
                let tropical = self.houses(jd, latitude, longitude, system)?;
                let offset = self.ayanamsa(jd, ayanamsa)?.degrees;
                Ok(shift_houses(tropical, offset, system))
            }
        }
    }

    /// Houses from an ARMC (progressions) in `zodiac`, with the ayanamsa of
    /// `jd`. There is no library call for sidereal houses from an ARMC; for
    /// the ayanamsas on another epoch's ecliptic the shift is the one the
    /// library applies to the Sun at `jd` (the Sun stays within a second of
    /// the ecliptic, so this is the projection's shift along it).
    pub fn houses_from_armc_in(
        &self,
        armc: f64,
        latitude: f64,
        obliquity: f64,
        system: HouseSystem,
        zodiac: Zodiac,
        jd: JulianDay,
    ) -> Result<HouseCusps, EphemerisError> {
        let tropical = self.houses_from_armc(armc, latitude, obliquity, system)?;
        match zodiac {
            Zodiac::Tropical => Ok(tropical),
            Zodiac::Sidereal(ayanamsa) => {
                let offset = if ayanamsa.projects_onto_epoch_ecliptic() {
                    let tropical_sun = self.position(jd, Body::Sun, Observer::Geocentric)?.longitude;
                    let sidereal_sun = self.position_in(jd, Body::Sun, Observer::Geocentric, zodiac)?.longitude;
                    signed_arc(tropical_sun - sidereal_sun)
                } else {
                    self.ayanamsa(jd, ayanamsa)?.degrees
                };
                Ok(shift_houses(tropical, offset, system))
            }
        }
    }

    /// Houses for a sidereal angle (ARMC) instead of a moment: progressed
    /// charts move the midheaven by an arc, not by a time.
    pub fn houses_from_armc(&self, armc: f64, latitude: f64, obliquity: f64, system: HouseSystem) -> Result<HouseCusps, EphemerisError> {
        self.configure_thread();
        let mut cusps = [0.0f64; 13];
        let mut ascmc = [0.0f64; 10];
        let mut serr = [0 as c_char; ERROR_BUFFER];
        // SAFETY: buffer sizes as documented for swe_houses_armc_ex2 (13
        // cusps, 10 ascmc; null speed buffers are allowed).
        let returned = unsafe {
            sys::swe_houses_armc_ex2(
                armc,
                latitude,
                obliquity,
                i32::from(system.letter()),
                cusps.as_mut_ptr(),
                ascmc.as_mut_ptr(),
                std::ptr::null_mut(),
                std::ptr::null_mut(),
                serr.as_mut_ptr(),
            )
        };
        finish_houses(returned, &cusps, &ascmc, &serr, latitude, obliquity, system)
    }

    /// Greenwich apparent sidereal time at `jd` (UT), degrees.
    pub fn apparent_sidereal_degrees(&self, jd: JulianDay) -> f64 {
        self.configure_thread();
        // SAFETY: a plain value in and out.
        normalize_degrees(unsafe { sys::swe_sidtime(jd.0) } * 15.0)
    }

    /// True obliquity of the ecliptic of date, degrees.
    pub fn true_obliquity(&self, jd: JulianDay) -> Result<f64, EphemerisError> {
        self.configure_thread();
        Ok(self.obliquity_and_nutation(jd)?.0)
    }

    /// The true obliquity and the nutation in longitude at `jd` (UT),
    /// degrees; the thread is configured. Asked with the flags the planets
    /// use (speeds included), so the library keeps them for the instant and
    /// its positions reuse them: nutation is a quarter of a chart's time.
    fn obliquity_and_nutation(&self, jd: JulianDay) -> Result<(f64, f64), EphemerisError> {
        let mut xx = [0.0f64; 6];
        let mut serr = [0 as c_char; ERROR_BUFFER];
        let flags = sys::SEFLG_SWIEPH | sys::SEFLG_SPEED;
        // SAFETY: as in `position`; SE_ECL_NUT writes obliquity and nutation into `xx`.
        let returned = unsafe { sys::swe_calc_ut(jd.0, sys::SE_ECL_NUT, flags, xx.as_mut_ptr(), serr.as_mut_ptr()) };
        if returned < 0 { Err(EphemerisError::Computation(message(&serr))) } else { Ok((xx[0], xx[2])) }
    }
}

/// What kind of eclipse the library found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EclipseKind {
    Total,
    Annular,
    /// Annular along part of the path, total along the rest.
    Hybrid,
    Partial,
    /// Lunar only: the Moon in the Earth's penumbra alone.
    Penumbral,
}

impl EclipseKind {
    fn of_flags(flags: i32) -> Self {
        if flags & sys::SE_ECL_ANNULAR_TOTAL != 0 {
            Self::Hybrid
        } else if flags & sys::SE_ECL_TOTAL != 0 {
            Self::Total
        } else if flags & sys::SE_ECL_ANNULAR != 0 {
            Self::Annular
        } else if flags & sys::SE_ECL_PENUMBRAL != 0 {
            Self::Penumbral
        } else {
            Self::Partial
        }
    }

    pub fn id(self) -> &'static str {
        match self {
            Self::Total => "total",
            Self::Annular => "annular",
            Self::Hybrid => "hybrid",
            Self::Partial => "partial",
            Self::Penumbral => "penumbral",
        }
    }
}

/// A solar eclipse at its greatest (the instant the axis of the Moon's
/// shadow passes closest to the Earth's centre).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SolarEclipse {
    pub greatest: JulianDay,
    pub kind: EclipseKind,
    /// The magnitude where the eclipse is greatest (NASA's definition: the
    /// fraction of the Sun's diameter covered).
    pub magnitude: f64,
    /// Where on the Earth it is greatest (degrees; east and north positive).
    pub latitude: f64,
    pub longitude: f64,
}

/// A lunar eclipse at its greatest.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LunarEclipse {
    pub greatest: JulianDay,
    pub kind: EclipseKind,
    pub umbral_magnitude: f64,
    pub penumbral_magnitude: f64,
}

/// The library's eclipse searches (`swe_sol_eclipse_when_glob`,
/// `swe_lun_eclipse_when`) and descriptions (`swe_sol_eclipse_where`,
/// `swe_lun_eclipse_how`) share their signatures.
type EclipseSearch = unsafe extern "C" fn(f64, i32, i32, *mut f64, i32, *mut c_char) -> i32;
type EclipseDescription = unsafe extern "C" fn(f64, i32, *mut f64, *mut f64, *mut c_char) -> i32;

/// An eclipse found: greatest instant, the library's type flags, the
/// place (geographic position array) and attributes of the description.
struct FoundEclipse {
    greatest: f64,
    flags: i32,
    place: [f64; 10],
    attributes: [f64; 20],
}

impl Ephemeris {
    /// The first solar eclipse (anywhere on the Earth) after `after`.
    pub fn solar_eclipse_after(&self, after: JulianDay) -> Result<SolarEclipse, EphemerisError> {
        let found = self.eclipse_after(after, sys::swe_sol_eclipse_when_glob, sys::swe_sol_eclipse_where)?;
        Ok(SolarEclipse {
            greatest: JulianDay(found.greatest),
            kind: EclipseKind::of_flags(found.flags),
            magnitude: found.attributes[8],
            longitude: found.place[0],
            latitude: found.place[1],
        })
    }

    /// The first lunar eclipse after `after`.
    pub fn lunar_eclipse_after(&self, after: JulianDay) -> Result<LunarEclipse, EphemerisError> {
        let found = self.eclipse_after(after, sys::swe_lun_eclipse_when, sys::swe_lun_eclipse_how)?;
        Ok(LunarEclipse {
            greatest: JulianDay(found.greatest),
            kind: EclipseKind::of_flags(found.flags),
            umbral_magnitude: found.attributes[0],
            penumbral_magnitude: found.attributes[1],
        })
    }

    fn eclipse_after(&self, after: JulianDay, search: EclipseSearch, describe: EclipseDescription) -> Result<FoundEclipse, EphemerisError> {
        self.check_supported(after)?;
        self.configure_thread();
        let mut tret = [0.0f64; 10];
        let mut serr = [0 as c_char; ERROR_BUFFER];
        // SAFETY: `tret` has the 10 doubles and `serr` the 256 bytes the API writes.
        let flags = unsafe { search(after.0, sys::SEFLG_SWIEPH, 0, tret.as_mut_ptr(), 0, serr.as_mut_ptr()) };
        if flags <= 0 || !tret[0].is_finite() {
            return Err(EphemerisError::Computation(message(&serr)));
        }
        let mut place = [0.0f64; 10];
        let mut attributes = [0.0f64; 20];
        // SAFETY: 10 doubles of position and 20 of attributes, as documented.
        let returned = unsafe { describe(tret[0], sys::SEFLG_SWIEPH, place.as_mut_ptr(), attributes.as_mut_ptr(), serr.as_mut_ptr()) };
        if returned < 0 {
            return Err(EphemerisError::Computation(message(&serr)));
        }
        Ok(FoundEclipse { greatest: tret[0], flags, place, attributes })
    }

    /// A fixed star's apparent geocentric position of date at `jd`, in
    /// `zodiac`, by its name in the catalogue ("Aldebaran"), and its visual
    /// magnitude.
    pub fn fixed_star(&self, jd: JulianDay, name: &str, zodiac: Zodiac) -> Result<(BodyPosition, f64), EphemerisError> {
        self.check_supported(jd)?;
        self.configure_thread();
        let mut flags = sys::SEFLG_SWIEPH | sys::SEFLG_SPEED;
        if let Zodiac::Sidereal(ayanamsa) = zodiac {
            set_sidereal_mode(ayanamsa);
            flags |= sys::SEFLG_SIDEREAL;
        }
        // The library writes the star's full name back into the buffer.
        let mut star = [0 as c_char; 2 * sys::SE_MAX_STNAME + 1];
        for (slot, byte) in star.iter_mut().zip(name.bytes().take(sys::SE_MAX_STNAME)) {
            *slot = byte as c_char;
        }
        let mut xx = [0.0f64; 6];
        let mut serr = [0 as c_char; ERROR_BUFFER];
        // SAFETY: `star` is NUL-terminated with room for the name written
        // back, `xx` has 6 doubles and `serr` 256 bytes.
        let returned = unsafe { sys::swe_fixstar_ut(star.as_mut_ptr(), jd.0, flags, xx.as_mut_ptr(), serr.as_mut_ptr()) };
        if returned < 0 {
            return Err(EphemerisError::Computation(message(&serr)));
        }
        let mut magnitude = 0.0f64;
        // SAFETY: as above; one double for the magnitude.
        if unsafe { sys::swe_fixstar_mag(star.as_mut_ptr(), &mut magnitude, serr.as_mut_ptr()) } < 0 {
            return Err(EphemerisError::Computation(message(&serr)));
        }
        Ok((BodyPosition::from_swiss(&xx, returned), magnitude))
    }

    /// ΔT (TT − UT) at `jd`, in seconds, as the library models it.
    pub fn delta_t_seconds(&self, jd: JulianDay) -> f64 {
        self.configure_thread();
        // SAFETY: a pure function of its argument.
        unsafe { sys::swe_deltat(jd.0) * 86_400.0 }
    }
}

/// Shared by both house entry points.
fn finish_houses(
    returned: i32,
    cusps: &[f64; 13],
    ascmc: &[f64; 10],
    serr: &[c_char],
    latitude: f64,
    obliquity: f64,
    system: HouseSystem,
) -> Result<HouseCusps, EphemerisError> {
    // The library answers an impossible system with an error code and
    // Porphyry cusps (Placidus, Koch inside the polar circles).
    let system_used = if returned < 0 { HouseSystem::Porphyry } else { system };
    if cusps[1..].iter().chain(ascmc[..4].iter()).any(|v| !v.is_finite()) {
        return Err(EphemerisError::Computation(message(serr)));
    }
    let mut twelve = [0.0; 12];
    twelve.copy_from_slice(&cusps[1..13]);
    // The chart's angles are the astronomical ones: the ecliptic on the
    // eastern horizon and on the upper meridian. Inside the polar circles
    // Regiomontanus, Campanus and Topocentric keep their houses in zodiacal
    // order by putting the IC on the tenth cusp; the midheaven stays the
    // upper meridian and the chart says so. The library's own ascendant is
    // the eastern one at every latitude, which a test holds it to.
    let (ascendant, midheaven) = astronomical_angles(ascmc[2], latitude, obliquity);
    let angles_differ_from_system = angular_distance(ascendant, ascmc[0]) > 90.0 || angular_distance(midheaven, ascmc[1]) > 90.0;
    Ok(HouseCusps { cusps: twelve, ascendant, midheaven, armc: ascmc[2], vertex: ascmc[3], system_used, angles_differ_from_system })
}

/// What `swe_houses_ex2` wrote: its return code, 13 cusps (index 0
/// unused), ascendant, midheaven, ARMC, vertex and the rest, and the error.
struct LibraryHouses {
    returned: i32,
    cusps: [f64; 13],
    ascmc: [f64; 10],
    serr: [c_char; ERROR_BUFFER],
}

/// One `swe_houses_ex2` call; the thread is configured.
fn library_houses(jd: JulianDay, flags: i32, latitude: f64, longitude: f64, system: HouseSystem) -> LibraryHouses {
    let mut raw = LibraryHouses { returned: 0, cusps: [0.0; 13], ascmc: [0.0; 10], serr: [0; ERROR_BUFFER] };
    // SAFETY: buffer sizes as documented for swe_houses_ex2 (13 cusps, 10
    // ascmc; null speed buffers are allowed).
    raw.returned = unsafe {
        sys::swe_houses_ex2(
            jd.0,
            flags,
            latitude,
            longitude,
            i32::from(system.letter()),
            raw.cusps.as_mut_ptr(),
            raw.ascmc.as_mut_ptr(),
            std::ptr::null_mut(),
            std::ptr::null_mut(),
            raw.serr.as_mut_ptr(),
        )
    };
    raw
}

/// Tropical houses moved back by `offset` degrees; whole-sign houses start
/// at the sign of the moved ascendant.
fn shift_houses(tropical: HouseCusps, offset: f64, system: HouseSystem) -> HouseCusps {
    let ascendant = normalize_degrees(tropical.ascendant - offset);
    let cusps = if system == HouseSystem::WholeSign {
        let first = (ascendant / 30.0).floor() * 30.0;
        std::array::from_fn(|house| normalize_degrees(first + 30.0 * house as f64))
    } else {
        tropical.cusps.map(|cusp| normalize_degrees(cusp - offset))
    };
    HouseCusps {
        cusps,
        ascendant,
        midheaven: normalize_degrees(tropical.midheaven - offset),
        vertex: normalize_degrees(tropical.vertex - offset),
        ..tropical
    }
}

/// Sets the thread's sidereal mode unless it is set already (the library
/// keeps it in its thread-local state).
fn set_sidereal_mode(ayanamsa: Ayanamsa) {
    SIDEREAL_MODE.with(|current| {
        if current.get() != ayanamsa.mode() {
            // SAFETY: plain values; the state written is this thread's own.
            unsafe { sys::swe_set_sid_mode(ayanamsa.mode(), 0.0, 0.0) };
            current.set(ayanamsa.mode());
        }
    });
}

/// The ayanamsa of the thread's sidereal mode at `jd_ut` (nutation
/// included unless `flags` has `SEFLG_NONUT`).
fn ayanamsa_ut(jd_ut: f64, flags: i32) -> Result<f64, EphemerisError> {
    let mut degrees = 0.0f64;
    let mut serr = [0 as c_char; ERROR_BUFFER];
    // SAFETY: `degrees` is one double and `serr` the 256 bytes the API writes.
    let returned = unsafe { sys::swe_get_ayanamsa_ex_ut(jd_ut, flags, &mut degrees, serr.as_mut_ptr()) };
    if returned < 0 || !degrees.is_finite() { Err(EphemerisError::Computation(message(&serr))) } else { Ok(degrees) }
}

/// Nutation in longitude at `jd_ut`, degrees.
fn nutation_in_longitude(jd_ut: f64) -> Result<f64, EphemerisError> {
    let mut xx = [0.0f64; 6];
    let mut serr = [0 as c_char; ERROR_BUFFER];
    // SAFETY: as in `true_obliquity`; SE_ECL_NUT writes nutation into xx[2].
    let returned = unsafe { sys::swe_calc_ut(jd_ut, sys::SE_ECL_NUT, 0, xx.as_mut_ptr(), serr.as_mut_ptr()) };
    if returned < 0 { Err(EphemerisError::Computation(message(&serr))) } else { Ok(xx[2]) }
}

/// The library's name of an ayanamsa ("Lahiri", "Fagan/Bradley", ...).
pub fn ayanamsa_name(ayanamsa: Ayanamsa) -> String {
    // SAFETY: the library returns a pointer to a static NUL-terminated
    // string for every predefined mode (or null).
    let name = unsafe { sys::swe_get_ayanamsa_name(ayanamsa.mode()) };
    if name.is_null() { ayanamsa.id().to_owned() } else { unsafe { CStr::from_ptr(name) }.to_string_lossy().into_owned() }
}

fn message(serr: &[c_char]) -> String {
    // SAFETY: the buffer is zero-initialised and the library writes a
    // NUL-terminated string shorter than 256 bytes.
    unsafe { CStr::from_ptr(serr.as_ptr()) }.to_string_lossy().into_owned()
}

/// The fixed stars the service places (`shared/stars/sefstars.txt`: records
/// of the library's own catalogue). A full `sefstars.txt` in the extra
/// directory comes first in the search path and wins.
const FIXED_STARS: &[u8] = include_bytes!("../../stars/sefstars.txt");

/// The data files compiled into the binary: the Swiss Ephemeris' planet and
/// Moon files (1800–2399) and the star list.
fn embedded_files() -> impl Iterator<Item = (&'static str, &'static [u8])> {
    swiss_eph_data::FILES.iter().map(|(name, bytes)| (*name, *bytes)).chain([("sefstars.txt", FIXED_STARS)])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_swiss_files_inside_their_range_and_falls_back_outside() {
        let ephemeris = Ephemeris::with_embedded_files().unwrap();
        let j2000 = JulianDay(2_451_545.0);
        let sun = ephemeris.position(j2000, Body::Sun, Observer::Geocentric).unwrap();
        assert_eq!(sun.source, EphemerisSource::SwissFiles);
        // Sun at J2000: 280°22′ (Astronomical Almanac 2000).
        assert!((sun.longitude - 280.37).abs() < 0.01, "{}", sun.longitude);
        let year_1500 = JulianDay(2_268_923.5);
        let sun = ephemeris.position(year_1500, Body::Sun, Observer::Geocentric).unwrap();
        assert_eq!(sun.source, EphemerisSource::Moshier);
        assert_eq!(ephemeris.position(JulianDay(1_000_000.0), Body::Sun, Observer::Geocentric), Err(EphemerisError::OutOfRange));
    }

    #[test]
    fn a_star_list_in_the_extra_directory_comes_before_the_embedded_one() {
        // The embedded files are read from memory (vendor/swiss-eph/PATCHES.md)
        // unless the extra directory has a file of the same name. Each on
        // its own thread: the library keeps the last star's record per
        // thread whatever the path (one instance a process, in the service).
        let dir = tempfile::tempdir().unwrap();
        let regulus_dimmed = "Regulus    ,alLeo,ICRS,10,08,22.31099,+11,58,01.9516,-248.73,5.59,5.9,41.13,9.9, 12, 2149\n";
        std::fs::write(dir.path().join("sefstars.txt"), regulus_dimmed).unwrap();
        let j2000 = JulianDay(2_451_545.0);
        let embedded = std::thread::spawn(move || {
            let ephemeris = Ephemeris::with_embedded_files().unwrap();
            ephemeris.fixed_star(j2000, "Regulus", Zodiac::Tropical).unwrap().1
        });
        let path = dir.path().to_owned();
        let extra = std::thread::spawn(move || {
            let ephemeris = Ephemeris::new(Some(&path)).unwrap();
            let magnitude = ephemeris.fixed_star(j2000, "Regulus", Zodiac::Tropical).unwrap().1;
            // The planets still come from the embedded files, in memory.
            (magnitude, ephemeris.position(j2000, Body::Sun, Observer::Geocentric).unwrap().source)
        });
        assert!((embedded.join().unwrap() - 1.4).abs() < 1e-9);
        let (magnitude, source) = extra.join().unwrap();
        assert!((magnitude - 9.9).abs() < 1e-9, "{magnitude}");
        assert_eq!(source, EphemerisSource::SwissFiles);
    }

    #[test]
    fn the_librarys_angle_normalisation_is_the_remainders_to_the_bit() {
        // The vendored library skips fmod where a subtraction gives the same
        // bits (vendor/swiss-eph/PATCHES.md); Rust's `%` is C's fmod.
        let reference = |x: f64, m: f64| {
            let mut y = x % m;
            if y.abs() < 1e-13 {
                y = 0.0;
            }
            if y < 0.0 { y + m } else { y }
        };
        let mut seed: u64 = 0x2545_F491_4F6C_DD1D;
        let mut values: Vec<f64> = vec![0.0, -0.0, 360.0, -360.0, 720.0, -720.0, 1e-300, -1e-300, 1e-14, -1e-14, f64::MAX, f64::MIN];
        for m in [360.0f64, std::f64::consts::TAU] {
            values.extend([m, -m, 2.0 * m, -2.0 * m, m.next_down(), m.next_up(), (2.0 * m).next_down(), (-m).next_up(), (-m).next_down()]);
        }
        for i in 0..200_000 {
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            let unit = (seed >> 11) as f64 / (1u64 << 53) as f64;
            values.push(if i % 2 == 0 { (unit * 8.0 - 4.0) * 360.0 } else { (unit * 8.0 - 4.0) * std::f64::consts::TAU });
            // Many turns, as the nutation's arguments are (the x87 remainder).
            let turns = 10f64.powi(1 + i % 30);
            values.push((unit * 2.0 - 1.0) * turns * if i % 3 == 0 { 360.0 } else { std::f64::consts::TAU });
        }
        for x in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
            // SAFETY: pure functions of a double.
            let (degrees, radians) = unsafe { (sys::swe_degnorm(x), sys::swe_radnorm(x)) };
            assert!(degrees.is_nan() && radians.is_nan(), "{x}: {degrees} {radians}");
        }
        for x in values {
            // SAFETY: pure functions of a double.
            let (degrees, radians) = unsafe { (sys::swe_degnorm(x), sys::swe_radnorm(x)) };
            assert_eq!(degrees.to_bits(), reference(x, 360.0).to_bits(), "{x:e}");
            assert_eq!(radians.to_bits(), reference(x, std::f64::consts::TAU).to_bits(), "{x:e}");
        }
    }

    #[test]
    fn an_ephemeris_whose_files_cannot_be_read_refuses_to_start() {
        // A damaged planet file in the extra directory shadows the embedded
        // one; the library would fall back to Moshier without a word.
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("sepl_18.se1"), b"not an ephemeris file").unwrap();
        let path = dir.path().to_owned();
        let started = std::thread::spawn(move || Ephemeris::new(Some(&path)).map(|_| ())).join().unwrap();
        assert!(matches!(started, Err(EphemerisError::Setup(_))), "{started:?}");
    }

    #[test]
    fn chiron_without_its_file_is_refused() {
        let ephemeris = Ephemeris::with_embedded_files().unwrap();
        assert!(!ephemeris.chiron_available());
        assert_eq!(ephemeris.position(JulianDay(2_451_545.0), Body::Chiron, Observer::Geocentric), Err(EphemerisError::ChironUnavailable));
    }

    /// Moments from 1800 to 2399 and latitudes to ±70°, drawn from a fixed seed.
    fn sample_moments(count: usize) -> impl Iterator<Item = (JulianDay, f64, f64)> {
        let mut seed: u64 = 0x2545_F491_4F6C_DD1D;
        let mut next = move || {
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            (seed >> 11) as f64 / (1u64 << 53) as f64
        };
        (0..count).map(move |_| (JulianDay(2_378_496.5 + next() * 219_000.0), next() * 140.0 - 70.0, next() * 360.0 - 180.0))
    }

    #[test]
    fn houses_are_the_librarys_own_from_its_cached_nutation() {
        // `houses` does what swe_houses_ex2 does with the obliquity and
        // nutation the planets share (issue 37): the same cusps and angles.
        let ephemeris = Ephemeris::with_embedded_files().unwrap();
        ephemeris.configure_thread();
        for (i, (jd, latitude, longitude)) in sample_moments(600).enumerate() {
            let system = HouseSystem::ALL[i % HouseSystem::ALL.len()];
            let ours = ephemeris.houses(jd, latitude, longitude, system).unwrap();
            let raw = library_houses(jd, 0, latitude, longitude, system);
            let obliquity = ephemeris.true_obliquity(jd).unwrap();
            let library = finish_houses(raw.returned, &raw.cusps, &raw.ascmc, &raw.serr, latitude, obliquity, system).unwrap();
            assert_eq!(ours.system_used, library.system_used);
            let pairs = ours.cusps.iter().zip(&library.cusps).chain([(&ours.armc, &library.armc), (&ours.vertex, &library.vertex)]);
            for (a, b) in pairs.chain([(&ours.ascendant, &library.ascendant), (&ours.midheaven, &library.midheaven)]) {
                assert!(angular_distance(*a, *b) < 1e-9, "{jd:?} {latitude} {system:?}: {a} against {b}");
            }
        }
    }

    #[test]
    fn a_topocentric_speed_from_three_positions_is_the_one_the_library_gives() {
        // SEFLG_SPEED3 for topocentric bodies is the library's own method
        // with SEFLG_SPEED (with aberration it takes three positions either
        // way), without the speeds of the three it throws away.
        let ephemeris = Ephemeris::with_embedded_files().unwrap();
        ephemeris.configure_thread();
        for (jd, latitude, longitude) in sample_moments(300) {
            for body in [Body::Moon, Body::Sun, Body::Mars, Body::Pluto] {
                let ours = ephemeris.position(jd, body, Observer::Topocentric { longitude, latitude, altitude_m: 0.0 }).unwrap();
                let mut xx = [0.0f64; 6];
                let mut serr = [0 as c_char; ERROR_BUFFER];
                let flags = sys::SEFLG_SWIEPH | sys::SEFLG_SPEED | sys::SEFLG_TOPOCTR;
                // SAFETY: as in `calculate`.
                assert!(unsafe { sys::swe_calc_ut(jd.0, body.code(), flags, xx.as_mut_ptr(), serr.as_mut_ptr()) } >= 0);
                assert!(angular_distance(ours.longitude, xx[0]) < 1e-10 && (ours.latitude - xx[1]).abs() < 1e-10, "{jd:?} {body:?}");
                assert!((ours.speed_longitude - xx[3]).abs() < 1e-7 && (ours.speed_latitude - xx[4]).abs() < 1e-7, "{jd:?} {body:?}");
            }
        }
    }

    #[test]
    fn threads_do_not_disturb_each_other() {
        // Each thread alternates topocentric Moons for two far-apart places;
        // the answers must match those computed alone.
        let ephemeris = std::sync::Arc::new(Ephemeris::with_embedded_files().unwrap());
        let jd = JulianDay(2_460_000.25);
        let tokyo = Observer::Topocentric { longitude: 139.69, latitude: 35.69, altitude_m: 0.0 };
        let lima = Observer::Topocentric { longitude: -77.04, latitude: -12.05, altitude_m: 0.0 };
        let expected_tokyo = ephemeris.position(jd, Body::Moon, tokyo).unwrap().longitude;
        let expected_lima = ephemeris.position(jd, Body::Moon, lima).unwrap().longitude;
        assert!((expected_tokyo - expected_lima).abs() > 0.1);
        let handles: Vec<_> = (0..8)
            .map(|i| {
                let ephemeris = ephemeris.clone();
                std::thread::spawn(move || {
                    for round in 0..200 {
                        let (observer, expected) = if (i + round) % 2 == 0 { (tokyo, expected_tokyo) } else { (lima, expected_lima) };
                        assert_eq!(ephemeris.position(jd, Body::Moon, observer).unwrap().longitude, expected);
                    }
                })
            })
            .collect();
        for handle in handles {
            handle.join().unwrap();
        }
    }
}
