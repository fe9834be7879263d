#!/usr/bin/env python3
"""Generate local_space_reference.json: the local space azimuth and altitude
of the Sun ... Pluto at nine birth instants and places, in `mundo` and
`zodiacal` mode, and the local space line (great circle) of each, for the
service's local space module (shared/src/astro/).

Method (Skyfield 1.55 + JPL DE421 from skyfield-data, geographiclib 2.1; no
Swiss Ephemeris code):

* Instants.  The nine cases of astrocartography.py, recomputed exactly as it
  does: each case's UTC is read as UT1 (like swe_julday), jd_ut is calendar
  arithmetic on the date, Skyfield gets ts.ut1_jd(jd_ut) with its own Delta T
  (skyfield-data's finals2000A.all via Loader(path, expire=False),
  timescale(builtin=False); after the table's end in 2026, Skyfield's
  long-term model).  No polar motion (asserted).  jd_ut, RA, Dec and GAST
  are asserted equal to astrocartography_reference.json where it exists
  (summary.checks.*_vs_astrocartography_reference).
* Places.  One birth place per case (PLACES below, in case order), geodetic
  latitude and longitude in degrees, east positive, sea level.  Chosen to
  spread hemispheres and include high latitudes (Tromsoe 69.6, Reykjavik
  64.1, Ushuaia -54.8), so that some bodies are below the horizon and some
  circumpolar.
* Directions.  earth.at(t).observe(body).apparent(): geocentric, apparent
  (light time, aberration, deflection), the Moon geocentric too; Jupiter ...
  Pluto are DE421 system barycentres.  `mundo`: the body's own apparent
  direction (its GCRS unit vector; RA/Dec of the true equator and equinox of
  date via framelib.true_equator_and_equinox_of_date, checked against
  .radec(epoch='date')).  `zodiacal`: the point (lambda, 0) of the true
  ecliptic of date, lambda = the body's apparent ecliptic longitude of date
  (frame_latlon(ecliptic_frame)); the unit vector (cos lambda, sin lambda, 0)
  is taken out of framelib.ecliptic_frame (true obliquity of date) back to
  the GCRS, exactly as astrocartography.py constructs it.
* Horizon.  The GCRS unit vector u is rotated by Skyfield's own observer
  frame, wgs84.latlon(lat, lon).rotation_at(t) (GCRS -> north, east, up;
  itrs.rotation_at(t) = rot_z(-GAST) . M, then the geodetic vertical of the
  WGS84 ellipsoid at the place): azimuth = atan2(east, north) in [0, 360),
  measured from north through east; altitude = asin(up).  GEOCENTRIC
  direction: no topocentric parallax (matters for the Moon, up to ~1 deg),
  no refraction, no semi-diameter, no polar motion.
* Checks (summary.checks, each the largest absolute difference in degrees
  with where it occurs):
  - the closed spherical formula on Skyfield's RA/Dec/GAST, phi = the
    geodetic latitude: H = GAST + L - RA, sin alt = sin phi sin dec +
    cos phi cos dec cos H, az = atan2(-sin H cos dec, sin dec cos phi -
    cos dec sin phi cos H) (frame_vs_formula_altitude_deg / _azimuth_deg);
  - Skyfield's frame_latlon(place) on the same unit vector (altitude =
    latitude, azimuth = longitude of that frame);
  - mundo RA/Dec vs .radec(epoch='date'); zodiacal rotation vs the closed
    rotation by the true obliquity;
  - the circle: geographiclib vs the closed spherical destination formula,
    geographiclib's own initial azimuth at the 10-degree point (Inverse) vs
    az, and the point of the circle at distance 90 - alt vs the body's
    sub-point (lat = dec, lon = RA - GAST), which it is on a sphere.
* Local space line.  The great circle through the birth place whose initial
  bearing is the azimuth: points at angular distances d = 10, 45, 90, 135,
  180, 225, 270, 315 degrees along it, from
  Geodesic(6371000.0, 0).Direct(lat, lon, az, d * pi/180 * 6371000) (a
  sphere: exact great circles), each written [d, lon, lat], lon normalised
  to (-180, 180].  d = 180 is the antipode of the place whatever az is.

What the Rust test compares:
* azimuth and altitude of every (case, mode, body): within 1 arcsecond
  (1/3600 degree), the Moon within 3 arcseconds, since the Rust side uses
  DE431 positions (azimuth compared modulo 360, i.e. wrap the difference to
  [-180, 180) before taking its absolute value);
* the circle's points within 1e-6 degree in lat and lon (lon difference
  wrapped modulo 360), computed on the Rust side FROM THIS FILE'S azimuth and
  place (not from its own azimuth, which may differ by up to 1-3 arcseconds
  and would move far points by more than 1e-6 degree).  summary.stats gives
  the smallest cos(lat) among all circle points (how close any point comes
  to a pole, where longitude is ill-conditioned).

JSON layout: generator, conventions, versions, cases: [{name, utc, jd_ut,
place_name, place: [lon, lat], gast_degrees, modes: {mundo|zodiacal: {body:
{ra, dec, azimuth, altitude, circle: [[d, lon, lat], ...]}}}}] (zodiacal
blocks also carry ecliptic_longitude), summary: {checks, stats}.  Values are
unrounded floats.

Run:
  python3.11 -m venv /tmp/lsvenv && /tmp/lsvenv/bin/pip install \\
      -r shared/tests/reference/requirements-local-space.txt
  /tmp/lsvenv/bin/python shared/tests/reference/local_space.py
Writes local_space_reference.json next to this file.  Deterministic (no
clock, no randomness, no paths in the output; running twice gives
byte-identical output).  No network: sockets are disabled at start-up.
"""

import datetime as dt
import hashlib
import json
import math
import os
import re
import socket
import sys
import warnings


def _no_network(*_args, **_kwargs):
    raise RuntimeError("local_space.py must not use the network")


socket.socket.connect = _no_network
socket.create_connection = _no_network
socket.getaddrinfo = _no_network

# skyfield-data's finals2000A.all is pinned on purpose (determinism).
warnings.filterwarnings("ignore", message=".*has expired.*")

from importlib.metadata import version as package_version  # noqa: E402

import numpy as np  # noqa: E402
import skyfield  # noqa: E402
import skyfield_data  # noqa: E402
from geographiclib.geodesic import Geodesic  # noqa: E402
from skyfield.api import Loader, wgs84  # noqa: E402
from skyfield.framelib import ecliptic_frame  # noqa: E402
from skyfield.framelib import true_equator_and_equinox_of_date as true_equator  # noqa: E402
from skyfield.positionlib import build_position  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "local_space_reference.json")
ACG = os.path.join(HERE, "astrocartography_reference.json")
UNIX_EPOCH_JD = 2440587.5

# DE421 segment names.  Outer planets exist only as system barycentres.
BODIES = {
    "sun": "sun", "moon": "moon", "mercury": "mercury", "venus": "venus",
    "mars": "mars", "jupiter": "jupiter barycenter",
    "saturn": "saturn barycenter", "uranus": "uranus barycenter",
    "neptune": "neptune barycenter", "pluto": "pluto barycenter",
}
MODES = ["mundo", "zodiacal"]

# The cases of astrocartography.py (name, UTC read as UT1), in its order.
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
# One birth place per case, in order: (name, geodetic latitude, longitude east).
PLACES = [
    ("Edinburgh", 55.9533, -3.1883),
    ("New York", 40.7128, -74.006),
    ("Sydney", -33.8688, 151.2093),
    ("Tromso", 69.6492, 18.9553),
    ("Nairobi", -1.2921, 36.8219),
    ("Tokyo", 35.6762, 139.6503),
    ("Reykjavik", 64.1466, -21.9426),
    ("Ushuaia", -54.8019, -68.303),
    ("Honolulu", 21.3069, -157.8583),
]
EARTH_RADIUS_M = 6371000.0
CIRCLE_DISTANCES = [10.0, 45.0, 90.0, 135.0, 180.0, 225.0, 270.0, 315.0]
SPHERE = Geodesic(EARTH_RADIUS_M, 0.0)


# ---------------------------------------------------------------------------
# Helpers
# ---------------------------------------------------------------------------
def jd_of_iso(text):
    """'YYYY-MM-DDTHH:MM:SSZ' -> Julian day by calendar arithmetic only
    (the same arithmetic as astrocartography.py)."""
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
    # Keep arrays of plain numbers (place, circle rows) on one line.
    text = re.sub(r"\[\n\s*([^\[\]{}\"]*?)\n\s*\]",
                  lambda m: "[" + ", ".join(p.strip() for p in m.group(1).split(",")) + "]", text)
    # And the circle lists of such arrays on one line each.
    text = re.sub(r"\[\n\s*((?:\[[^\[\]\n]*\],?\n\s*)+)\]",
                  lambda m: "[" + " ".join(p.strip() for p in m.group(1).split("\n") if p.strip()) + "]", text)
    with open(path, "w") as out:
        out.write(text + "\n")


class Checks:
    def __init__(self):
        self.values = {}

    def note(self, key, value, where):
        value = abs(float(value))
        if key not in self.values or value > self.values[key][0]:
            self.values[key] = (value, where)

    def as_json(self):
        return {k: {"max": v[0], "where": v[1]} for k, v in sorted(self.values.items())}


# ---------------------------------------------------------------------------
# Skyfield
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


def ra_dec_of(t, u):
    x, y, z = true_equator.rotation_at(t) @ u
    return math.degrees(math.atan2(y, x)) % 360.0, math.degrees(math.asin(max(-1.0, min(1.0, z))))


def horizon_frame(t, place, u):
    """(azimuth in [0, 360), altitude) of GCRS unit vector u in Skyfield's
    observer frame of the place."""
    north, east, up = place.rotation_at(t) @ u
    az = math.degrees(math.atan2(east, north)) % 360.0
    if az == 360.0:  # -tiny % 360 rounds to 360.0
        az = 0.0
    return az, math.degrees(math.asin(max(-1.0, min(1.0, up))))


def horizon_formula(ra, dec, gast, lat, lon):
    """Closed spherical formula; phi = the geodetic latitude."""
    phi, d, h = (math.radians(v) for v in (lat, dec, gast + lon - ra))
    s = math.sin(phi) * math.sin(d) + math.cos(phi) * math.cos(d) * math.cos(h)
    alt = math.degrees(math.asin(max(-1.0, min(1.0, s))))
    az = math.degrees(math.atan2(-math.sin(h) * math.cos(d),
                                 math.sin(d) * math.cos(phi) - math.cos(d) * math.sin(phi) * math.cos(h))) % 360.0
    return az, alt


def destination_formula(lat, lon, az, d):
    """Closed spherical destination point: (lon in (-180, 180], lat)."""
    p, b, s = math.radians(lat), math.radians(az), math.radians(d)
    sin_lat2 = math.sin(p) * math.cos(s) + math.cos(p) * math.sin(s) * math.cos(b)
    lat2 = math.asin(max(-1.0, min(1.0, sin_lat2)))
    dlon = math.atan2(math.sin(b) * math.sin(s) * math.cos(p), math.cos(s) - math.sin(p) * sin_lat2)
    return east_longitude(lon + math.degrees(dlon)), math.degrees(lat2)


def circle_of(lat, lon, az, checks, stats, where):
    rows = []
    for d in CIRCLE_DISTANCES:
        g = SPHERE.Direct(lat, lon, az, math.radians(d) * EARTH_RADIUS_M)
        lon2, lat2 = east_longitude(g["lon2"]), g["lat2"]
        f_lon, f_lat = destination_formula(lat, lon, az, d)
        checks.note("circle_geographiclib_vs_formula_lat_deg", lat2 - f_lat, where)
        checks.note("circle_geographiclib_vs_formula_lon_deg", wrap180(lon2 - f_lon), where)
        checks.note("circle_arc_length_vs_d_deg", g["a12"] - d, where)
        c = math.cos(math.radians(lat2))
        if c < stats["min_cos_lat_on_circles"][0]:
            stats["min_cos_lat_on_circles"] = (c, "%s d=%g" % (where, d))
        rows.append([d, lon2, lat2])
    # The initial bearing of the circle, read back by geographiclib.
    inv = SPHERE.Inverse(lat, lon, rows[0][2], rows[0][1])
    checks.note("circle_inverse_azimuth_vs_az_deg", wrap180(inv["azi1"] - az), where)
    return rows


def local_block(t, gast, place_ll, place, u, checks, stats, where):
    """RA/Dec, azimuth, altitude and circle of GCRS direction u."""
    lat, lon = place_ll
    u = u / np.linalg.norm(u)
    ra, dec = ra_dec_of(t, u)
    az, alt = horizon_frame(t, place, u)
    f_az, f_alt = horizon_formula(ra, dec, gast, lat, lon)
    checks.note("frame_vs_formula_altitude_deg", alt - f_alt, where)
    checks.note("frame_vs_formula_azimuth_deg", wrap180(az - f_az), where)
    # Skyfield's own frame_latlon in the observer frame (latitude = altitude).
    p_alt, p_az, _ = build_position(u, t=t, center=399).frame_latlon(place)
    checks.note("frame_vs_skyfield_frame_latlon_altitude_deg", alt - p_alt.degrees, where)
    checks.note("frame_vs_skyfield_frame_latlon_azimuth_deg", wrap180(az - p_az.degrees), where)
    circle = circle_of(lat, lon, az, checks, stats, where)
    # On a sphere the circle passes through the sub-point at distance 90 - alt.
    s_lon, s_lat = destination_formula(lat, lon, az, 90.0 - alt)
    checks.note("circle_at_zenith_distance_vs_subpoint_deg",
                max(abs(s_lat - dec), abs(wrap180(s_lon - (ra - gast)))), where)
    return {"ra": ra, "dec": dec, "azimuth": az, "altitude": alt, "circle": circle}


def skyfield_case(sky, name, utc, place_spec, checks, stats):
    place_name, lat, lon = place_spec
    place = wgs84.latlon(lat, lon)
    jd_ut = jd_of_iso(utc)
    t = sky.ts.ut1_jd(jd_ut)
    gast = float(t.gast) * 15.0 % 360.0
    _, d_eps = t._nutation_angles_radians
    eps = float(t._mean_obliquity_radians + d_eps)
    r_ecl = ecliptic_frame.rotation_at(t)
    modes = {m: {} for m in MODES}
    for body in BODIES:
        app = sky.earth.at(t).observe(sky.body[body]).apparent()
        ra, dec, _ = app.radec(epoch="date")
        _, lam, _ = app.frame_latlon(ecliptic_frame)
        lam = lam.degrees % 360.0
        where = "%s %s" % (name, body)
        mundo = local_block(t, gast, (lat, lon), place, app.position.au, checks, stats, where + " mundo")
        checks.note("mundo_ra_vs_radec_deg", wrap180(mundo["ra"] - ra._degrees), where)
        checks.note("mundo_dec_vs_radec_deg", mundo["dec"] - dec.degrees, where)
        lr = math.radians(lam)
        zodiacal = local_block(t, gast, (lat, lon), place,
                               r_ecl.T @ np.array([math.cos(lr), math.sin(lr), 0.0]),
                               checks, stats, where + " zodiacal")
        ra_f = math.degrees(math.atan2(math.sin(lr) * math.cos(eps), math.cos(lr))) % 360.0
        dec_f = math.degrees(math.asin(math.sin(eps) * math.sin(lr)))
        checks.note("zodiacal_rotation_vs_formula_deg",
                    max(abs(wrap180(zodiacal["ra"] - ra_f)), abs(zodiacal["dec"] - dec_f)), where)
        modes["mundo"][body] = mundo
        modes["zodiacal"][body] = {"ecliptic_longitude": lam, **zodiacal}
    return {
        "name": name, "utc": utc, "jd_ut": jd_ut,
        "place_name": place_name, "place": [lon, lat],
        "gast_degrees": gast,
        "modes": modes,
    }


def compare_with_astrocartography(cases, checks):
    """The instants, RA/Dec and GAST must be those of astrocartography_reference.json."""
    if not os.path.exists(ACG):
        return False
    with open(ACG) as f:
        acg = json.load(f)
    assert [c["name"] for c in acg["cases"]] == [c["name"] for c in cases]
    for mine, theirs in zip(cases, acg["cases"]):
        assert mine["utc"] == theirs["utc"] and mine["jd_ut"] == theirs["jd_ut"], mine["name"]
        checks.note("gast_vs_astrocartography_reference_deg",
                    wrap180(mine["gast_degrees"] - theirs["gast_degrees"]), mine["name"])
        for mode in MODES:
            for body in BODIES:
                a, b = mine["modes"][mode][body], theirs["bodies"][body][mode]
                where = "%s %s %s" % (mine["name"], body, mode)
                checks.note("ra_dec_vs_astrocartography_reference_deg",
                            max(abs(wrap180(a["ra"] - b["ra"])), abs(a["dec"] - b["dec"])), where)
    return True


def statistics(cases, stats):
    out = {}
    for mode in MODES:
        below, circumpolar, never_rises = [], [], []
        quadrants = [0, 0, 0, 0]
        alts = []
        for case in cases:
            lon, lat = case["place"]
            for body, b in case["modes"][mode].items():
                tag = "%s %s" % (case["name"], body)
                alts.append(b["altitude"])
                quadrants[int(b["azimuth"] // 90.0)] += 1
                if b["altitude"] < 0.0:
                    below.append(tag)
                # Never sets / never rises at this latitude (diurnal circle, dec fixed).
                if b["dec"] * lat > 0 and abs(b["dec"]) > 90.0 - abs(lat):
                    circumpolar.append(tag)
                if b["dec"] * lat < 0 and abs(b["dec"]) > 90.0 - abs(lat):
                    never_rises.append(tag)
        out[mode] = {
            "bodies": len(alts),
            "below_horizon": len(below),
            "altitude_range": [min(alts), max(alts)],
            "azimuth_quadrant_counts_N_E_S_W": quadrants,
            "circumpolar": circumpolar,
            "never_rises": never_rises,
        }
    c, where = stats["min_cos_lat_on_circles"]
    out["min_cos_lat_on_circles"] = {"value": c, "where": where}
    return out


def main():
    assert len(PLACES) == len(CASES)
    sky = Sky()
    checks = Checks()
    stats = {"min_cos_lat_on_circles": (2.0, None)}
    cases = [skyfield_case(sky, name, utc, place, checks, stats)
             for (name, utc), place in zip(CASES, PLACES)]
    matched = compare_with_astrocartography(cases, checks)
    de421 = os.path.join(sky.path, "de421.bsp")
    document = {
        "generator": "shared/tests/reference/local_space.py",
        "conventions": {
            "instant": "utc read as UT1 (like swe_julday); jd_ut by calendar arithmetic; Skyfield ts.ut1_jd(jd_ut) with its own Delta T; the cases of astrocartography.py",
            "place": "[longitude, latitude] in degrees, geodetic (WGS84) latitude, longitude east positive, sea level",
            "positions": "geocentric apparent (earth.at(t).observe(body).apparent()), Moon geocentric (no topocentric parallax); jupiter..pluto are DE421 system barycentres",
            "mundo": "the body's apparent direction; ra/dec of the true equator and equinox of date",
            "zodiacal": "the point (ecliptic_longitude, 0) of the true ecliptic of date (Skyfield framelib.ecliptic_frame, true obliquity), ra/dec of it on the true equator of date",
            "gast_degrees": "Skyfield t.gast * 15, in [0, 360)",
            "ra": "degrees in [0, 360), dec degrees",
            "azimuth": "degrees from north through east, [0, 360): atan2(east, north) of the direction in Skyfield's observer frame wgs84.latlon(lat, lon).rotation_at(t) (GCRS -> north, east, up; geodetic vertical; no polar motion)",
            "altitude": "degrees, asin(up) in the same frame: geometric (no refraction), geocentric direction (no parallax), centre of the body (no semi-diameter)",
            "circle": "the local space line: the great circle through the place with initial bearing = azimuth; rows [d, lon, lat] at angular distance d degrees along it, from geographiclib Geodesic(6371000.0, 0).Direct(lat, lon, azimuth, d*pi/180*6371000); lon in (-180, 180]",
            "values": "unrounded floats",
        },
        "versions": {
            "python": "%d.%d" % sys.version_info[:2],
            "skyfield": skyfield.__version__,
            "skyfield_data": package_version("skyfield-data"),
            "numpy": package_version("numpy"),
            "jplephem": package_version("jplephem"),
            "geographiclib": package_version("geographiclib"),
            "ephemeris": {"file": "de421.bsp (skyfield-data)", "sha256": sha256(de421)},
            "timescale": "finals2000A.all bundled in skyfield-data (Loader(expire=False), timescale(builtin=False)), no polar motion",
        },
        "circle_distances_degrees": CIRCLE_DISTANCES,
        "tolerances_for_rust_test": {
            "azimuth_altitude_arcsec": 1.0,
            "moon_azimuth_altitude_arcsec": 3.0,
            "circle_points_deg": 1e-6,
            "note": "azimuth and circle longitudes compared modulo 360; circles recomputed from this file's place and azimuth",
        },
        "cases": cases,
        "summary": {
            "checks": checks.as_json(),
            "matched_astrocartography_reference": matched,
            "stats": statistics(cases, stats),
        },
    }
    dump(OUT, document)
    print(json.dumps(document["summary"], indent=1))
    print("wrote %s (%d bytes)" % (OUT, os.path.getsize(OUT)))


if __name__ == "__main__":
    main()
