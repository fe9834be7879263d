#!/usr/bin/env python3
"""Generate astrocartography_reference.json: MC, IC, ASC and DSC lines of the
Sun ... Pluto at nine birth instants (1900-2040), in `mundo` and `zodiacal`
mode, for shared/src/astro/astrocartography.rs.

Part 1, the reference (Skyfield 1.55 + JPL DE421, no Swiss Ephemeris code):

* Instant.  Each case's UTC is read as UT1, like swe_julday: jd_ut is
  calendar arithmetic on the date, Skyfield gets ts.ut1_jd(jd_ut) and
  applies its own Delta T (skyfield-data's finals2000A.all via
  Loader(path, expire=False), timescale(builtin=False); after the table's
  end in 2026, Skyfield's long-term model).  No polar motion (asserted).
* Positions.  earth.at(t).observe(body).apparent(): geocentric, apparent
  (light time, aberration, deflection), the Moon geocentric too.  Jupiter ...
  Pluto are DE421 system barycentres (as Swiss Ephemeris returns by default).
  `mundo`: the body's own RA and declination, true equator and equinox of
  date (.radec(epoch='date')).  `zodiacal`: the point (lambda, 0) of the true
  ecliptic of date, lambda = the body's apparent ecliptic longitude of date
  (frame_latlon(ecliptic_frame), which is ecliptic_latlon(epoch='date')).
  The unit vector (cos lambda, sin lambda, 0) is taken out of Skyfield's
  `framelib.ecliptic_frame` (rot_x(-eps) . M, eps = IAU 2006 mean obliquity
  + IAU 2000A nutation in obliquity, i.e. the TRUE obliquity of date) back
  to the GCRS and into `true_equator_and_equinox_of_date`; RA and Dec are
  read from that vector.  The closed rotation by the same eps is a check
  (summary.checks.zodiacal_rotation_vs_formula_deg).
* Sidereal time.  GAST = Skyfield's t.gast (ERA-based GMST + IAU 2000A
  equation of the equinoxes), degrees.
* Lines.  MC longitude = RA - GAST (hour angle 0), IC = MC + 180, normalised
  to (-180, 180].  Check: the longitude of the sub-point of the body's
  direction in Skyfield's `itrs` frame (the Earth-fixed frame of date).
  ASC / DSC at latitudes -60, -55, ..., 60: found by ROOT FINDING, not by
  cos H0 = -tan(phi) tan(delta).  The altitude of the direction is taken from
  Skyfield's own observer frame, wgs84.latlon(phi, L).rotation_at(t)
  (GCRS -> north, east, up; the geodetic vertical, sea level, no
  refraction, parallax or semi-diameter: the point's centre at geometric
  altitude 0).  For each latitude the altitude is sampled at every whole
  degree of longitude, each sign change is bisected to < 1e-11 degree, and
  each root is classified by its azimuth from that frame: between 0 and 180
  (east of the meridian, rising) = ASC, between 180 and 360 = DSC.  At every
  root the altitude is recomputed both from the frame and from
  sin h = sin phi sin delta + cos phi cos delta cos H with H = GAST + L - RA
  (summary.checks), and the hour angle is asserted to be in (-180, 0) for
  ASC and (0, 180) for DSC.  Where |phi| >= 90 - |delta| the value is null
  (no crossing is found there, asserted).  The closed formula on the same
  Skyfield RA/Dec/GAST is only a check (summary.checks.root_vs_closed_formula_deg).
* Polar limit.  For the body with the largest |delta| in each mode, the
  latitude limit 90 - |delta|.  ASC and DSC meet where the body touches the
  horizon on the meridian: at latitude sign(delta)*limit on its lower
  culmination (the IC longitude), at -sign(delta)*limit on its upper one (the
  MC longitude).  Found by bisection on the east component of the direction
  in the observer frame (zero on the meridian), with the altitude there
  recorded (it should be ~0), and checked against the ASC and DSC roots
  0.01 degree inside the limit (found on a 0.02-degree grid).

Part 2, the comparison (pyswisseph 2.10.3.2, the C library the service calls,
files sepl_18.se1 / semo_18.se1 from --ephe-path): RA/Dec from
swe.calc_ut(FLG_SWIEPH | FLG_EQUATORIAL), ecliptic longitude from
swe.calc_ut(FLG_SWIEPH), zodiacal RA/Dec by swe.cotrans with the true
obliquity of swe.calc_ut(ECL_NUT), GAST from swe.sidtime, and the closed
formula (MC = RA - GAST, ASC/DSC = RA -/+ H0 - GAST, cos H0 = -tan phi tan
delta).  The largest differences to part 1 are in `swisseph_comparison`,
both with each library's own Delta T ("same_ut", what a test sees) and with
swisseph's Delta T set to Skyfield's ("same_tt", model differences only).

Run:
  /tmp/acgvenv/bin/python shared/tests/reference/astrocartography.py \
      [--ephe-path ~/.cargo/registry/src/*/swiss-eph-data-0.1.1/ephe/]
Writes astrocartography_reference.json next to this file.  Deterministic
(no clock, no randomness, no paths in the output; running twice gives
byte-identical output).  No network: sockets are disabled at start-up.
"""

import argparse
import datetime as dt
import glob
import hashlib
import json
import math
import os
import re
import socket
import sys
import warnings


def _no_network(*_args, **_kwargs):
    raise RuntimeError("astrocartography.py must not use the network")


socket.socket.connect = _no_network
socket.create_connection = _no_network
socket.getaddrinfo = _no_network

# skyfield-data's finals2000A.all is pinned on purpose (determinism).
warnings.filterwarnings("ignore", message=".*has expired.*")

from importlib.metadata import version as package_version  # noqa: E402

import numpy as np  # noqa: E402
import skyfield  # noqa: E402
import skyfield_data  # noqa: E402
from skyfield.api import Loader, wgs84  # noqa: E402
from skyfield.framelib import ecliptic_frame, itrs  # noqa: E402
from skyfield.framelib import true_equator_and_equinox_of_date as true_equator  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "astrocartography_reference.json")
DEFAULT_EPHE_GLOB = os.path.expanduser("~/.cargo/registry/src/*/swiss-eph-data-0.1.1/ephe/")
UNIX_EPOCH_JD = 2440587.5

# DE421 segment names.  Outer planets exist only as system barycentres.
BODIES = {
    "sun": "sun", "moon": "moon", "mercury": "mercury", "venus": "venus",
    "mars": "mars", "jupiter": "jupiter barycenter",
    "saturn": "saturn barycenter", "uranus": "uranus barycenter",
    "neptune": "neptune barycenter", "pluto": "pluto barycenter",
}
MODES = ["mundo", "zodiacal"]
LATITUDES = [float(x) for x in range(-60, 61, 5)]
BISECT_TOL = 1e-11        # degrees of longitude
LIMIT_INSIDE = 0.01       # degrees inside the polar limit for the convergence check

# (name, UTC read as UT1).  Two cases sit at the Moon's extreme declinations
# of the 2006 and 2025 major lunar standstills (+28.72, -28.73 degrees).
CASES = [
    ("edinburgh_1900", "1900-03-15T06:30:00Z"),
    ("new_york_1921", "1921-07-04T18:00:00Z"),
    ("delhi_1947", "1947-08-14T18:30:00Z"),
    ("apollo_11_1969", "1969-07-20T20:17:40Z"),
    ("greenwich_j2000", "2000-01-01T12:00:00Z"),
    ("moon_north_standstill_2006", "2006-09-15T01:26:24Z"),
    ("moon_south_standstill_2025", "2025-03-22T06:43:12Z"),
    ("sydney_2031", "2031-10-09T22:05:00Z"),
    ("future_2040", "2040-11-03T09:15:00Z"),
]


# ---------------------------------------------------------------------------
# Helpers
# ---------------------------------------------------------------------------
def jd_of_iso(text):
    """'YYYY-MM-DDTHH:MM:SSZ' -> Julian day by calendar arithmetic only."""
    instant = dt.datetime.strptime(text, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=dt.timezone.utc)
    epoch = dt.datetime(1970, 1, 1, tzinfo=dt.timezone.utc)
    return UNIX_EPOCH_JD + (instant - epoch).total_seconds() / 86400.0


def wrap180(x):
    """Degrees -> [-180, 180)."""
    return (x + 180.0) % 360.0 - 180.0


def east_longitude(x):
    """Degrees -> (-180, 180]."""
    d = x % 360.0
    return d - 360.0 if d > 180.0 else d


def sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def dump(path, document):
    text = json.dumps(document, indent=1, ensure_ascii=False)
    # Keep arrays of plain numbers (the [lat, lon] pairs, azimuth rows) on one line.
    text = re.sub(r"\[\n\s*([^\[\]{}\"]*?)\n\s*\]",
                  lambda m: "[" + ", ".join(p.strip() for p in m.group(1).split(",")) + "]", text)
    # And the asc / dsc lists of such arrays on one line each.
    text = re.sub(r"\[\n\s*((?:\[[^\[\]\n]*\],?\n\s*)+)\]",
                  lambda m: "[" + " ".join(p.strip() for p in m.group(1).split("\n") if p.strip()) + "]", text)
    with open(path, "w") as out:
        out.write(text + "\n")


def bisect(f, low, high):
    """A sign change of f in [low, high], to BISECT_TOL."""
    f_low = f(low)
    f_high = f(high)
    assert (f_low < 0) != (f_high < 0), (low, high, f_low, f_high)
    while high - low > BISECT_TOL:
        mid = 0.5 * (low + high)
        f_mid = f(mid)
        if (f_mid < 0) == (f_low < 0):
            low, f_low = mid, f_mid
        else:
            high = mid
    return 0.5 * (low + high)


# ---------------------------------------------------------------------------
# Part 1: Skyfield
# ---------------------------------------------------------------------------
class Sky:
    def __init__(self):
        self.path = skyfield_data.get_skyfield_data_path()
        load = Loader(self.path, verbose=False, expire=False)
        # builtin=False: skyfield-data's finals2000A.all for UT1 / Delta T.
        self.ts = load.timescale(builtin=False)
        assert self.ts.polar_motion_table is None
        self.eph = load("de421.bsp")
        self.earth = self.eph["earth"]
        self.body = {k: self.eph[v] for k, v in BODIES.items()}


class Point:
    """A direction in the sky at instant t: unit vector in the GCRS, its RA
    and declination of date, and the case's GAST."""

    def __init__(self, t, gast, u_gcrs):
        self.t = t
        self.gast = gast
        self.u = u_gcrs / np.linalg.norm(u_gcrs)
        x, y, z = true_equator.rotation_at(t) @ self.u
        self.ra = math.degrees(math.atan2(y, x)) % 360.0
        self.dec = math.degrees(math.asin(max(-1.0, min(1.0, z))))
        # Direction in Skyfield's Earth-fixed frame of date (GAST rotation).
        self.u_itrs = itrs.rotation_at(t) @ self.u

    def local(self, lat, lon):
        """(north, east, up) in Skyfield's observer frame; lon may be an array."""
        if np.ndim(lon):
            r = wgs84.latlon(np.full_like(lon, lat), lon).rotation_at(self.t)
            return np.einsum("ijn,j->in", r, self.u)
        return wgs84.latlon(lat, lon).rotation_at(self.t) @ self.u

    def altitude(self, lat, lon):
        up = self.local(lat, lon)[2]
        return np.degrees(np.arcsin(np.clip(up, -1.0, 1.0)))

    def azimuth(self, lat, lon):
        north, east, _ = self.local(lat, lon)
        return float(np.degrees(np.arctan2(east, north)) % 360.0)

    def hour_angle(self, lon):
        return wrap180(self.gast + lon - self.ra)

    def altitude_formula(self, lat, lon):
        phi, dec, h = (math.radians(v) for v in (lat, self.dec, self.hour_angle(lon)))
        s = math.sin(phi) * math.sin(dec) + math.cos(phi) * math.cos(dec) * math.cos(h)
        return math.degrees(math.asin(max(-1.0, min(1.0, s))))


def horizon_roots(point, lat, step=1.0):
    """Every longitude at latitude lat where the point's altitude is 0, each
    with its azimuth: (longitude in (-180, 180], azimuth)."""
    n = int(round(360.0 / step))
    grid = -180.0 + step * np.arange(n + 1)
    up = point.local(lat, grid)[2]
    f = lambda x: float(point.local(lat, x)[2])  # noqa: E731
    roots = []
    for i in range(n):
        if (up[i] < 0) != (up[i + 1] < 0):
            x = bisect(f, float(grid[i]), float(grid[i + 1]))
            roots.append((east_longitude(x), point.azimuth(lat, x)))
    return roots


def meridian_touch(point, lat):
    """Longitude in (-180, 180] where the point is on the meridian and its
    altitude is closest to 0 at latitude lat: the bisected zero of the east
    component of the direction in the observer frame."""
    grid = -180.0 + np.arange(361.0)
    east = point.local(lat, grid)[1]
    f = lambda x: float(point.local(lat, x)[1])  # noqa: E731
    found = []
    for i in range(360):
        if (east[i] < 0) != (east[i + 1] < 0):
            x = bisect(f, float(grid[i]), float(grid[i + 1]))
            found.append((abs(float(point.altitude(lat, x))), east_longitude(x), float(point.altitude(lat, x))))
    assert len(found) == 2, found
    _, lon, alt = min(found)
    return lon, alt


class Checks:
    def __init__(self):
        self.values = {}

    def note(self, key, value, where):
        value = abs(value)
        if key not in self.values or value > self.values[key][0]:
            self.values[key] = (value, where)

    def as_json(self):
        return {k: {"max": v[0], "where": v[1]} for k, v in sorted(self.values.items())}


def lines_of(point, checks, where):
    """MC, IC, ASC and DSC of one point (see the module docstring)."""
    mc = east_longitude(point.ra - point.gast)
    ic = east_longitude(mc + 180.0)
    sub_longitude = math.degrees(math.atan2(point.u_itrs[1], point.u_itrs[0]))
    checks.note("mc_vs_itrs_subpoint_deg", wrap180(sub_longitude - mc), where)
    checks.note("hour_angle_at_mc_deg", point.hour_angle(mc), where)
    limit = 90.0 - abs(point.dec)
    asc, dsc, asc_az, dsc_az = [], [], [], []
    for lat in LATITUDES:
        roots = horizon_roots(point, lat)
        if abs(lat) >= limit:
            assert not roots, (where, lat, roots)
            asc.append([lat, None])
            dsc.append([lat, None])
            asc_az.append(None)
            dsc_az.append(None)
            continue
        east = [r for r in roots if 0.0 < r[1] < 180.0]
        west = [r for r in roots if 180.0 < r[1] < 360.0]
        assert len(roots) == 2 and len(east) == 1 and len(west) == 1, (where, lat, roots)
        for (lon, az), kind, sign in ((east[0], "asc", -1.0), (west[0], "dsc", 1.0)):
            h = point.hour_angle(lon)
            assert sign * h > 0.0, (where, lat, kind, h)
            checks.note("altitude_at_root_frame_deg", float(point.altitude(lat, lon)), where)
            checks.note("altitude_at_root_formula_deg", point.altitude_formula(lat, lon), where)
            # The closed formula on the same Skyfield RA/Dec/GAST.
            h0 = math.degrees(math.acos(-math.tan(math.radians(lat)) * math.tan(math.radians(point.dec))))
            closed = east_longitude(point.ra + sign * h0 - point.gast)
            checks.note("root_vs_closed_formula_deg", wrap180(lon - closed), where + " " + kind)
        # Rounded for size: 1e-10 deg is ten times the bisection tolerance.
        asc.append([lat, round(east[0][0], 10)])
        dsc.append([lat, round(west[0][0], 10)])
        asc_az.append(round(east[0][1], 4))
        dsc_az.append(round(west[0][1], 4))
    return {"mc": mc, "ic": ic, "latitude_limit": limit, "asc": asc, "dsc": dsc,
            "asc_azimuth": asc_az, "dsc_azimuth": dsc_az}


def polar_limit(points, mc_ic, checks, where):
    """ASC meets DSC for the point with the largest |dec| (see docstring)."""
    name = max(points, key=lambda k: (abs(points[k].dec), k))
    p = points[name]
    limit = 90.0 - abs(p.dec)
    s = 1.0 if p.dec >= 0 else -1.0
    out = {"body": name, "dec": p.dec, "latitude_limit": limit, "meetings": []}
    for lat, culmination, expected in ((s * limit, "lower (IC)", mc_ic[name][1]),
                                       (-s * limit, "upper (MC)", mc_ic[name][0])):
        lon, alt = meridian_touch(p, lat)
        checks.note("polar_meeting_vs_mc_ic_deg", wrap180(lon - expected), where)
        inside = lat - math.copysign(LIMIT_INSIDE, lat)
        roots = horizon_roots(p, inside, step=0.02)
        east = [r for r in roots if 0.0 < r[1] < 180.0]
        west = [r for r in roots if 180.0 < r[1] < 360.0]
        assert len(east) == 1 and len(west) == 1, (where, roots)
        mid = east_longitude(east[0][0] + 0.5 * wrap180(west[0][0] - east[0][0]))
        checks.note("polar_meeting_vs_inside_midpoint_deg", wrap180(mid - lon), where)
        out["meetings"].append({
            "latitude": lat, "culmination": culmination, "longitude": lon,
            "altitude_there_deg": alt,
            "inside": {"latitude": inside, "asc": east[0][0], "dsc": west[0][0],
                       "gap_deg": abs(wrap180(west[0][0] - east[0][0]))},
        })
    return out


def skyfield_case(sky, name, utc, checks):
    jd_ut = jd_of_iso(utc)
    t = sky.ts.ut1_jd(jd_ut)
    gast = float(t.gast) * 15.0 % 360.0
    _, d_eps = t._nutation_angles_radians
    eps = float(t._mean_obliquity_radians + d_eps)
    r_ecl = ecliptic_frame.rotation_at(t)
    bodies, points = {}, {m: {} for m in MODES}
    for body in BODIES:
        app = sky.earth.at(t).observe(sky.body[body]).apparent()
        ra, dec, _ = app.radec(epoch="date")
        _, lam, _ = app.frame_latlon(ecliptic_frame)
        _, lam2, _ = app.ecliptic_latlon(epoch="date")
        checks.note("frame_latlon_vs_ecliptic_latlon_deg", wrap180(lam.degrees - lam2.degrees), name + " " + body)
        lam = lam.degrees % 360.0
        mundo = Point(t, gast, app.position.au)
        checks.note("mundo_ra_vs_radec_deg", wrap180(mundo.ra - ra._degrees), name + " " + body)
        checks.note("mundo_dec_vs_radec_deg", mundo.dec - dec.degrees, name + " " + body)
        lr = math.radians(lam)
        zodiacal = Point(t, gast, r_ecl.T @ np.array([math.cos(lr), math.sin(lr), 0.0]))
        ra_f = math.degrees(math.atan2(math.sin(lr) * math.cos(eps), math.cos(lr))) % 360.0
        dec_f = math.degrees(math.asin(math.sin(eps) * math.sin(lr)))
        checks.note("zodiacal_rotation_vs_formula_deg",
                    max(abs(wrap180(zodiacal.ra - ra_f)), abs(zodiacal.dec - dec_f)), name + " " + body)
        entry = {}
        for mode, point in (("mundo", mundo), ("zodiacal", zodiacal)):
            points[mode][body] = point
            where = "%s %s %s" % (name, body, mode)
            block = {"ra": point.ra, "dec": point.dec}
            if mode == "zodiacal":
                block = {"ecliptic_longitude": lam, **block}
            block.update(lines_of(point, checks, where))
            entry[mode] = block
        bodies[body] = entry
    case = {
        "name": name, "utc": utc, "jd_ut": jd_ut, "jd_tt": float(t.tt),
        "delta_t_seconds": {"skyfield": float(t.delta_t)},
        "gast_degrees": gast,
        "true_obliquity_degrees": math.degrees(eps),
        "bodies": bodies,
        "polar_limit": {},
    }
    for mode in MODES:
        mc_ic = {b: (bodies[b][mode]["mc"], bodies[b][mode]["ic"]) for b in BODIES}
        case["polar_limit"][mode] = polar_limit(points[mode], mc_ic, checks, "%s %s" % (name, mode))
    return case


# ---------------------------------------------------------------------------
# Part 2: pyswisseph, closed formula
# ---------------------------------------------------------------------------
SWE_BODIES = ["SUN", "MOON", "MERCURY", "VENUS", "MARS", "JUPITER", "SATURN",
              "URANUS", "NEPTUNE", "PLUTO"]


def resolve_ephe_path(arg):
    if arg:
        return arg
    hits = sorted(glob.glob(DEFAULT_EPHE_GLOB))
    if not hits:
        sys.exit("no --ephe-path given and %s matched nothing; see README" % DEFAULT_EPHE_GLOB)
    return hits[0]


def swisseph_places(swe, jd_ut):
    """{body: {mode: (ra, dec)}}, gast (degrees), true obliquity, delta T (s),
    and the largest mundo difference FLG_EQUATORIAL vs cotrans(lon, lat)."""
    eps = swe.calc_ut(jd_ut, swe.ECL_NUT, 0)[0][0]
    gast = swe.sidtime(jd_ut) * 15.0
    out, worst_cotrans = {}, 0.0
    for body, key in zip(BODIES, SWE_BODIES):
        code = getattr(swe, key)
        (ra, dec, *_), flag = swe.calc_ut(jd_ut, code, swe.FLG_SWIEPH | swe.FLG_EQUATORIAL)
        assert flag & swe.FLG_SWIEPH, (body, flag)
        (lon, lat, *_), flag = swe.calc_ut(jd_ut, code, swe.FLG_SWIEPH)
        assert flag & swe.FLG_SWIEPH, (body, flag)
        ra_c, dec_c, _ = swe.cotrans((lon, lat, 1.0), -eps)
        worst_cotrans = max(worst_cotrans, abs(wrap180(ra_c - ra)), abs(dec_c - dec))
        ra_z, dec_z, _ = swe.cotrans((lon, 0.0, 1.0), -eps)
        out[body] = {"mundo": (ra, dec), "zodiacal": (ra_z, dec_z)}
    return out, gast, eps, swe.deltat(jd_ut) * 86400.0, worst_cotrans


def closed_formula(ra, dec, gast, lat):
    mc = east_longitude(ra - gast)
    ic = east_longitude(mc + 180.0)
    c = -math.tan(math.radians(lat)) * math.tan(math.radians(dec))
    if abs(c) >= 1.0:
        return mc, ic, None, None
    h0 = math.degrees(math.acos(c))
    return mc, ic, east_longitude(ra - h0 - gast), east_longitude(ra + h0 - gast)


def compare(swe, cases, delta_t_mode):
    """Largest |skyfield - swisseph| per kind, and per kind, mode and body."""
    kinds = ["ra", "dec", "gast", "mc", "ic", "asc", "dsc"]
    worst = {k: [0.0, None] for k in kinds}
    by_body = {}
    for case in cases:
        jd_ut = case["jd_ut"]
        if delta_t_mode == "same_tt":
            swe.set_delta_t_userdef(case["delta_t_seconds"]["skyfield"] / 86400.0)
        else:
            swe.set_delta_t_userdef(swe.DELTAT_AUTOMATIC)
        places, gast, _, _, _ = swisseph_places(swe, jd_ut)

        def note(kind, mode, body, diff, where):
            diff = abs(diff)
            if diff > worst[kind][0]:
                worst[kind] = [diff, where]
            slot = by_body.setdefault(mode, {}).setdefault(body, {})
            slot[kind] = max(slot.get(kind, 0.0), diff)

        note("gast", "-", "-", wrap180(case["gast_degrees"] - gast), case["name"])
        for body in BODIES:
            for mode in MODES:
                ref = case["bodies"][body][mode]
                ra, dec = places[body][mode]
                where = "%s %s %s" % (case["name"], body, mode)
                note("ra", mode, body, wrap180(ref["ra"] - ra), where)
                note("dec", mode, body, ref["dec"] - dec, where)
                mc, ic, _, _ = closed_formula(ra, dec, gast, 0.0)
                note("mc", mode, body, wrap180(ref["mc"] - mc), where)
                note("ic", mode, body, wrap180(ref["ic"] - ic), where)
                for i, lat in enumerate(LATITUDES):
                    _, _, asc, dsc = closed_formula(ra, dec, gast, lat)
                    for kind, mine, theirs in (("asc", ref["asc"][i][1], asc), ("dsc", ref["dsc"][i][1], dsc)):
                        if mine is None or theirs is None:
                            assert mine is None and theirs is None, (where, lat, kind)
                            continue
                        note(kind, mode, body, wrap180(mine - theirs), "%s lat %g" % (where, lat))
    swe.set_delta_t_userdef(swe.DELTAT_AUTOMATIC)
    return {
        "max_abs_deg": {k: {"deg": v[0], "arcsec": v[0] * 3600.0, "where": v[1]} for k, v in worst.items()},
        "max_abs_arcsec_by_mode_and_body": {
            mode: {body: {k: v * 3600.0 for k, v in kinds_.items()} for body, kinds_ in bodies.items()}
            for mode, bodies in by_body.items() if mode != "-"
        },
    }


def swisseph_comparison(cases, ephe):
    import swisseph as swe
    swe.set_ephe_path(ephe)
    worst_cotrans = 0.0
    for case in cases:
        _, _, eps, delta_t, w = swisseph_places(swe, case["jd_ut"])
        case["delta_t_seconds"]["swisseph"] = delta_t
        case["true_obliquity_degrees_swisseph"] = eps
        worst_cotrans = max(worst_cotrans, w)
    files = sorted(f for f in os.listdir(ephe) if f in ("sepl_18.se1", "semo_18.se1"))
    assert files == ["semo_18.se1", "sepl_18.se1"], files
    result = {
        "pyswisseph": package_version("pyswisseph"),
        "swiss_ephemeris": swe.version,
        "files": {f: {"sha256": sha256(os.path.join(ephe, f))} for f in files},
        "method": "RA/Dec: calc_ut(FLG_SWIEPH|FLG_EQUATORIAL) (mundo), cotrans((lon, 0), -eps_true) with lon "
                  "from calc_ut(FLG_SWIEPH) and eps_true from calc_ut(ECL_NUT) (zodiacal); GAST: sidtime*15; "
                  "MC = RA - GAST, IC = MC + 180, ASC/DSC = RA -/+ H0 - GAST, cos H0 = -tan(phi) tan(dec)",
        "mundo_equatorial_flag_vs_cotrans_of_lon_lat_deg": worst_cotrans,
        "same_ut": compare(swe, cases, "same_ut"),
        "same_tt": compare(swe, cases, "same_tt"),
    }
    swe.close()
    return result


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--ephe-path", default=None,
                    help="directory with sepl_18.se1 / semo_18.se1 (default: %s)" % DEFAULT_EPHE_GLOB)
    ap.add_argument("--no-swisseph", action="store_true", help="skip part 2")
    args = ap.parse_args()

    sky = Sky()
    checks = Checks()
    cases = [skyfield_case(sky, name, utc, checks) for name, utc in CASES]
    de421 = os.path.join(sky.path, "de421.bsp")
    document = {
        "generator": "shared/tests/reference/astrocartography.py",
        "conventions": {
            "instant": "utc read as UT1 (like swe_julday); jd_ut by calendar arithmetic; Skyfield ts.ut1_jd(jd_ut) with its own Delta T",
            "positions": "geocentric apparent (earth.at(t).observe(body).apparent()), Moon geocentric; jupiter..pluto are DE421 system barycentres",
            "mundo": "the body's RA and declination, true equator and equinox of date",
            "zodiacal": "the point (ecliptic_longitude, 0) of the true ecliptic of date: Skyfield framelib.ecliptic_frame (eps = IAU 2006 mean obliquity + IAU 2000A delta-eps = true obliquity, recorded as true_obliquity_degrees) -> GCRS -> true equator of date",
            "gast_degrees": "Skyfield t.gast * 15, in [0, 360)",
            "ra": "degrees in [0, 360), dec degrees",
            "longitudes": "degrees east, normalised to (-180, 180]",
            "mc_ic": "mc = longitude where the hour angle GAST + lon - RA is 0, ic = mc + 180",
            "asc_dsc": "[latitude, longitude or null] for latitudes -60..60 step 5: roots (bisection to < 1e-11 deg, written rounded to 1e-10 deg) of the geometric altitude (centre at altitude 0, no refraction/parallax/semi-diameter, sea level, geodetic vertical) from Skyfield's wgs84 observer frame; asc = root with azimuth in (0, 180) (hour angle in (-180, 0)), dsc = azimuth in (180, 360); null where |lat| >= latitude_limit = 90 - |dec|",
            "asc_azimuth_dsc_azimuth": "azimuth (degrees east of north, rounded to 1e-4) at each root, same order as asc / dsc",
            "polar_limit": "per mode, the body with the largest |dec|: at lat = sign(dec)*latitude_limit ASC and DSC meet on the IC longitude (lower culmination), at -sign(dec)*latitude_limit on the MC longitude (upper culmination); found by bisection on the east component in the observer frame; 'inside' = the asc/dsc roots 0.01 deg inside the limit",
            "swisseph_comparison": "skyfield minus pyswisseph closed formula; same_ut: each library's own Delta T; same_tt: swisseph Delta T set to Skyfield's",
        },
        "versions": {
            "python": "%d.%d" % sys.version_info[:2],
            "skyfield": skyfield.__version__,
            "skyfield_data": package_version("skyfield-data"),
            "numpy": package_version("numpy"),
            "jplephem": package_version("jplephem"),
            "ephemeris": {"file": "de421.bsp (skyfield-data)", "sha256": sha256(de421)},
            "timescale": "finals2000A.all bundled in skyfield-data (Loader(expire=False), timescale(builtin=False)), no polar motion",
        },
        "latitudes": LATITUDES,
        "summary": {"checks": checks.as_json()},
        "cases": cases,
    }
    if not args.no_swisseph:
        document["swisseph_comparison"] = swisseph_comparison(cases, resolve_ephe_path(args.ephe_path))
        document["versions"]["pyswisseph"] = document["swisseph_comparison"]["pyswisseph"]
    dump(OUT, document)
    print(json.dumps(document["summary"], indent=1))
    if "swisseph_comparison" in document:
        for mode in ("same_ut", "same_tt"):
            print(mode, json.dumps({k: round(v["arcsec"], 4) for k, v in
                                    document["swisseph_comparison"][mode]["max_abs_deg"].items()}))
    print("wrote %s (%d bytes)" % (OUT, os.path.getsize(OUT)))


if __name__ == "__main__":
    main()
