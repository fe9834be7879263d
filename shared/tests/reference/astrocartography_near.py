#!/usr/bin/env python3
"""Generate astrocartography_near_reference.json: how far a place is from
each astrocartography line, and the line's point nearest it, for
shared/src/astro/astrocartography/near.rs (tests in
shared/tests/astrocartography_reference.rs compare the service's distanceKm
within 0.1 km, and its nearest point within 0.002 degree where the distance
exceeds 1 km).

Input: astrocartography_reference.json next to this file (written by
astrocartography.py with Skyfield 1.55 + DE421).  Only cases[*].name, jd_ut,
gast_degrees and bodies[body][mode].ra / .dec are read (degrees; RA and
declination on the true equator and equinox of date, GAST = Greenwich
apparent sidereal time).  Nine cases x modes mundo / zodiacal x ten bodies x
the angles mc, ic, asc, dsc x thirteen places.

The Earth is a SPHERE of radius 6371.0 km (the service's EARTH_RADIUS_KM).

Method: each line is built from its own definition and the distance to it is
MINIMISED numerically; no closed-form great-circle result (semicircle,
perpendicular foot, endpoints) is used anywhere.

* Lines.  Hour angle H = GAST + longitude - RA.
  - MC: the meridian where H = 0, longitude RA - GAST, every latitude
    phi in [-90, 90] (poles included), parameter phi.  IC: H = 180,
    longitude RA - GAST + 180, parameter phi.
  - ASC / DSC: where the body's centre is at geometric altitude 0,
    sin(alt) = sin(phi) sin(dec) + cos(phi) cos(dec) cos(H) = 0, rising
    (H in (-180, 0)) for ASC, setting (H in (0, 180)) for DSC.  Parameter:
    the semi-diurnal arc H0 in [0, 180]: phi = atan(-cos(H0) / tan(dec)),
    ASC longitude = RA - H0 - GAST (H = -H0), DSC longitude = RA + H0 - GAST
    (H = +H0).  H0 = 0 and 180 are the two ends (phi = -/+ sign(dec) *
    (90 - |dec|)), shared by ASC and DSC.  At EVERY point the script uses
    (samples and refinement evaluations) sin(alt) is recomputed from the
    point's normalised longitude and latitude and asserted < 1e-9 in
    magnitude, and H (wrapped to (-180, 180]) is asserted in (-180, 0) for
    ASC / (0, 180) for DSC (at the two ends H is 0 or 180: |sin H| < 1e-9).
* Samples.  MC / IC: 3601 latitudes, every 0.05 degree.  ASC / DSC: the
  union of 3601 values of H0 (every 0.05 degree; dense near the ends, where
  the longitude changes fast with latitude) and the H0 of 3601 latitudes
  evenly spaced over [-L, L], L = 90 - |dec| (H0 = acos(-tan(phi) tan(dec));
  dense where the latitude changes fast with H0, i.e. for small |dec|).
  The samples are only ranked, by the dot product of unit vectors (the
  chord, a monotone function of the great-circle distance; cheap in pure
  Python), to find the candidates: every local minimum among the samples
  (at most 8, the best ones) and the two ends.
* Refinement.  Each local minimum is bracketed by its two neighbouring
  samples and refined by golden-section search on the parameter until the
  bracket is < 1e-10 degree; the distance minimised there is geographiclib's
  Geodesic(6371000.0, 0) (a sphere: flattening 0) .Inverse(...)['s12'] / 1000
  (km), a different code path from haversine or vector formulas.  The two
  exact ends are evaluated too; the smallest distance of all candidates is
  the answer.
* Self-checks (summary.checks; the script asserts the counts of
  violations are 0): sin(alt) and the sign of H at all points used and at
  the nearest points (the range of H over nearest points not at an end,
  |sin H| at those on an end); H at the nearest points of MC / IC; the
  distance recomputed (geographiclib) to the ROUNDED nearest point; a
  coarse scan (every 40th sample, geographiclib) finding nothing closer;
  the nearest point is a local minimum (a parameter step of 1e-7 degree
  either side is not closer by more than 1e-9 km; the largest gain seen,
  ~1e-11 km, is the noise of the minimised distance); the gap to the best
  other local minimum more than 0.01 degree away (a tiny gap would mean
  two almost equally near points); "flatness": how much the distance grows
  0.002 degree of arc along the line either side of the nearest point, for
  distances over 1 km, turned into an estimate of how well the nearest
  point is determined, 0.002 * sqrt(1e-11 km / flatness) degree (flatness
  is small only near the pole of the line's great circle, where every
  point of the line is about equally far).  summary.minima_at_ends counts
  the minima on an end: |nearest latitude| within 1e-6 degree of L (ASC /
  DSC) or of 90 (MC / IC), and, the same count by the parameter, within
  1e-8 degree of its bound.

Output (astrocartography_near_reference.json):
  places: [{"name", "point": [longitude, latitude]}] (degrees, east / north)
  cases: [{"name", "jd_ut", "gast_degrees",
           "modes": {"mundo" | "zodiacal": {body: {"ra", "dec",
                    "mc" | "ic" | "asc" | "dsc": [entry per place, in the
                    order of places]}}}}]
  entry: [distance_km, nearest_longitude, nearest_latitude, at_end]:
    km rounded to 1e-7, degrees rounded to 1e-7, longitude in (-180, 180],
    at_end = 1 when the nearest point is an end of the line (a pole for
    MC / IC, where the longitude given is the meridian's and any longitude
    names the same point; the ASC / DSC meeting point otherwise), else 0.
    ra, dec, gast_degrees, jd_ut are copied unrounded from the input.

Run from the repository root:
  /tmp/nearvenv/bin/python shared/tests/reference/astrocartography_near.py
Deterministic (no clock, no randomness, no paths in the output).  No
network: sockets are disabled at start-up.  About a minute or two.
"""

import json
import math
import os
import re
import socket
import sys
import time


def _no_network(*_args, **_kwargs):
    raise RuntimeError("astrocartography_near.py must not use the network")


socket.socket.connect = _no_network
socket.create_connection = _no_network
socket.getaddrinfo = _no_network

from importlib.metadata import version as package_version  # noqa: E402

from geographiclib.geodesic import Geodesic  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
INPUT = os.path.join(HERE, "astrocartography_reference.json")
OUT = os.path.join(HERE, "astrocartography_near_reference.json")

EARTH_RADIUS_KM = 6371.0
SPHERE = Geodesic(EARTH_RADIUS_KM * 1000.0, 0.0)
BODIES = ["sun", "moon", "mercury", "venus", "mars", "jupiter", "saturn", "uranus", "neptune", "pluto"]
MODES = ["mundo", "zodiacal"]
ANGLES = ["mc", "ic", "asc", "dsc"]
N_SAMPLES = 3601
GOLDEN_TOL = 1e-10           # degrees of the parameter
MAX_CANDIDATES = 8
SIN_ALT_TOL = 1e-9
END_LAT_TOL = 1e-6           # |phi| within this of L (or 90) counts as an end
CHECK_EVERY = 40             # coarse geographiclib scan: every 40th sample
LOCAL_STEP = 1e-7            # degrees of the parameter, local-minimum check
FLAT_ARC = 0.002             # degrees of arc along the line, flatness check
NOISE_KM = 1e-11             # assumed noise of the minimised distance (>= the observed local gain)
DIGITS = 7

# (name, latitude, longitude)
PLACES = [
    ("paris", 48.8566, 2.3522),
    ("lisbon", 38.7223, -9.1393),
    ("new_york", 40.7128, -74.0060),
    ("sydney", -33.8688, 151.2093),
    ("reykjavik", 64.1466, -21.9426),
    ("nairobi", -1.2921, 36.8219),
    ("tokyo", 35.6762, 139.6503),
    ("honolulu", 21.3069, -157.8583),
    ("ushuaia", -54.8019, -68.3030),
    ("tromso", 69.6492, 18.9553),
    ("singapore", 1.3521, 103.8198),
    ("arctic_80n_10e", 80.0, 10.0),
    ("antarctic_85s_120w", -85.0, -120.0),
]

D2R = math.pi / 180.0
R2D = 180.0 / math.pi
INV_PHI = (math.sqrt(5.0) - 1.0) / 2.0


def east_longitude(x):
    """Degrees -> (-180, 180]."""
    d = math.fmod(x, 360.0)
    if d < 0.0:
        d += 360.0
    return d - 360.0 if d > 180.0 else d


def unit(lon, lat):
    cl = math.cos(lat * D2R)
    return (cl * math.cos(lon * D2R), cl * math.sin(lon * D2R), math.sin(lat * D2R))


def distance_km(lat1, lon1, lat2, lon2):
    return SPHERE.Inverse(lat1, lon1, lat2, lon2, Geodesic.DISTANCE)["s12"] / 1000.0


def arc_deg(lat1, lon1, lat2, lon2):
    return SPHERE.Inverse(lat1, lon1, lat2, lon2, Geodesic.DISTANCE)["a12"]


class Stats:
    def __init__(self):
        self.max_sin_alt_all = 0.0
        self.points_checked = 0
        self.hour_angle_sign_violations = 0


class Line:
    """One line: a body's MC / IC / ASC / DSC at one instant."""

    def __init__(self, angle, ra, dec, gast, stats):
        self.angle, self.ra, self.dec, self.gast, self.stats = angle, ra, dec, gast, stats
        if angle in ("mc", "ic"):
            self.low, self.high = -90.0, 90.0
            self.limit = 90.0
        else:
            assert abs(dec) > 1e-6, "a body on the equator: ASC/DSC would be meridians"
            self.low, self.high = 0.0, 180.0
            self.limit = 90.0 - abs(dec)
            self.tan_dec = math.tan(dec * D2R)
        self.sin_dec = math.sin(dec * D2R)
        self.cos_dec = math.cos(dec * D2R)

    def hour_angle(self, lon):
        return east_longitude(self.gast + lon - self.ra)

    def point(self, t):
        """Parameter -> (longitude, latitude), checked against the definition."""
        if self.angle == "mc":
            return east_longitude(self.ra - self.gast), t
        if self.angle == "ic":
            return east_longitude(self.ra - self.gast + 180.0), t
        lat = math.atan(-math.cos(t * D2R) / self.tan_dec) * R2D
        if self.angle == "asc":
            lon = east_longitude(self.ra - t - self.gast)
        else:
            lon = east_longitude(self.ra + t - self.gast)
        self.check(t, lon, lat)
        return lon, lat

    def sin_alt(self, lon, lat):
        h = self.hour_angle(lon) * D2R
        return math.sin(lat * D2R) * self.sin_dec + math.cos(lat * D2R) * self.cos_dec * math.cos(h)

    def check(self, t, lon, lat):
        s = abs(self.sin_alt(lon, lat))
        st = self.stats
        st.points_checked += 1
        if s > st.max_sin_alt_all:
            st.max_sin_alt_all = s
        assert s < SIN_ALT_TOL, (self.angle, t, lon, lat, s)
        h = self.hour_angle(lon)
        if t == self.low or t == self.high:
            ok = abs(math.sin(h * D2R)) < 1e-9
        elif self.angle == "asc":
            ok = -180.0 < h < 0.0
        else:
            ok = 0.0 < h < 180.0
        if not ok:
            st.hour_angle_sign_violations += 1
        assert ok, (self.angle, t, lon, lat, h)

    def samples(self):
        ts = [self.low + (self.high - self.low) * k / (N_SAMPLES - 1) for k in range(N_SAMPLES)]
        if self.angle in ("asc", "dsc"):
            extra = []
            for k in range(N_SAMPLES):
                phi = -self.limit + 2.0 * self.limit * k / (N_SAMPLES - 1)
                c = -math.tan(phi * D2R) * self.tan_dec
                extra.append(math.acos(max(-1.0, min(1.0, c))) * R2D)
            ts = sorted(set(ts + extra))
            assert ts[0] == 0.0 and ts[-1] == 180.0
        return ts


def golden(f, a, b):
    """Minimum of f on [a, b] by golden-section search, to GOLDEN_TOL."""
    c = b - INV_PHI * (b - a)
    d = a + INV_PHI * (b - a)
    fc, fd = f(c), f(d)
    while b - a > GOLDEN_TOL:
        if fc <= fd:
            b, d, fd = d, c, fc
            c = b - INV_PHI * (b - a)
            fc = f(c)
        else:
            a, c, fc = c, d, fd
            d = a + INV_PHI * (b - a)
            fd = f(d)
    t = 0.5 * (a + b)
    return t, f(t)


def nearest_on(line, ts, pts, vecs, place, summary):
    """(distance_km, t, lon, lat) of the line's point nearest the place."""
    name, plat, plon = place
    pv = unit(plon, plat)
    px, py, pz = pv
    dots = [px * v[0] + py * v[1] + pz * v[2] for v in vecs]
    n = len(dots)
    local = [i for i in range(n)
             if (i == 0 or dots[i] >= dots[i - 1]) and (i == n - 1 or dots[i] >= dots[i + 1])]
    summary["max_local_minima_among_samples"] = max(summary["max_local_minima_among_samples"], len(local))
    local.sort(key=lambda i: (-dots[i], i))
    local = local[:MAX_CANDIDATES]

    def f(t):
        lon, lat = line.point(t)
        return distance_km(plat, plon, lat, lon)

    refined = []
    for i in local:
        a = ts[max(i - 1, 0)]
        b = ts[min(i + 1, n - 1)]
        d, t = golden(f, a, b)[::-1]
        refined.append((d, t))
    d, t = min(refined + [(f(ts[0]), ts[0]), (f(ts[-1]), ts[-1])])
    lon, lat = line.point(t)
    # How much farther the best OTHER local minimum (> 0.01 deg away) is:
    # small would mean two nearly equidistant nearest points.
    gap = math.inf
    for d2, t2 in refined:
        lon2, lat2 = line.point(t2)
        if arc_deg(lat, lon, lat2, lon2) > 0.01:
            gap = min(gap, d2 - d)

    # Coarse geographiclib scan: nothing closer than the answer.
    margin = min(distance_km(plat, plon, pts[i][1], pts[i][0]) - d
                 for i in list(range(0, n, CHECK_EVERY)) + [n - 1])
    summary["coarse_scan_min_margin_km"] = min(summary["coarse_scan_min_margin_km"], margin)
    if margin < -1e-9:
        summary["coarse_scan_violations"] += 1
    # Local minimum in the parameter.
    for s in (t - LOCAL_STEP, t + LOCAL_STEP):
        if line.low <= s <= line.high:
            gain = d - f(s)
            summary["local_minimum_max_gain_km"] = max(summary["local_minimum_max_gain_km"], gain)
            if gain > 1e-9:
                summary["local_minimum_violations"] += 1
                print("local-minimum violation", line.angle, line.ra, line.dec, line.gast, place, t, d, gain, file=sys.stderr)
    return d, t, lon, lat, gap


def flatness(line, t, lon, lat, place, d):
    """Growth of the distance FLAT_ARC degrees of arc along the line either side (km)."""
    _, plat, plon = place
    grow = []
    for sign in (-1.0, 1.0):
        step = 1e-4
        s = t + sign * step
        if not (line.low <= s <= line.high):
            continue
        lon1, lat1 = line.point(s)
        sep = arc_deg(lat, lon, lat1, lon1)
        if sep <= 0.0:
            continue
        s = t + sign * step * FLAT_ARC / sep
        if not (line.low <= s <= line.high):
            s = line.high if sign > 0 else line.low
        lon2, lat2 = line.point(s)
        grow.append(distance_km(plat, plon, lat2, lon2) - d)
    return min(grow) if grow else float("inf")


def rounded_lon(x):
    r = round(x, DIGITS)
    return 180.0 if r == -180.0 else r + 0.0


def dump(path, document):
    text = json.dumps(document, indent=1, ensure_ascii=False)
    # Arrays of plain numbers on one line.
    text = re.sub(r"\[\n\s*([^\[\]{}\"]*?)\n\s*\]",
                  lambda m: "[" + ",".join(p.strip() for p in m.group(1).split(",")) + "]", text)
    # And lists of such arrays on one line each.
    text = re.sub(r"\[\n\s*((?:\[[^\[\]\n]*\],?\n\s*)+)\]",
                  lambda m: "[" + "".join(p.strip() for p in m.group(1).split("\n") if p.strip()) + "]", text)
    with open(path, "w") as out:
        out.write(text + "\n")


def main():
    start = time.monotonic()
    with open(INPUT) as fh:
        source = json.load(fh)
    stats = Stats()
    summary = {
        "max_local_minima_among_samples": 0,
        "coarse_scan_min_margin_km": float("inf"),
        "coarse_scan_violations": 0,
        "local_minimum_violations": 0,
        "local_minimum_max_gain_km": -math.inf,
        "min_gap_to_other_local_minimum_km": [math.inf, None],
    }
    at_end = {a: 0 for a in ANGLES}
    at_end_param = {a: 0 for a in ANGLES}
    near_sin_alt = {"asc": 0.0, "dsc": 0.0}
    near_h = {"asc": [math.inf, -math.inf], "dsc": [math.inf, -math.inf],
              "mc": 0.0, "ic": 0.0, "end_sin": 0.0}
    near_sign_violations = 0
    max_recomputed = 0.0
    flat_min = (math.inf, None)
    uncertainty_max = (0.0, None)
    samples_per_line = {"mc_ic": None, "asc_dsc": [math.inf, 0]}
    entries = 0

    cases = []
    for case in source["cases"]:
        gast = case["gast_degrees"]
        out_case = {"name": case["name"], "jd_ut": case["jd_ut"], "gast_degrees": gast, "modes": {}}
        for mode in MODES:
            out_mode = {}
            for body in BODIES:
                src = case["bodies"][body][mode]
                ra, dec = src["ra"], src["dec"]
                out_body = {"ra": ra, "dec": dec}
                for angle in ANGLES:
                    line = Line(angle, ra, dec, gast, stats)
                    ts = line.samples()
                    pts = [line.point(t) for t in ts]
                    vecs = [unit(lon, lat) for lon, lat in pts]
                    if angle in ("mc", "ic"):
                        samples_per_line["mc_ic"] = len(ts)
                    else:
                        sp = samples_per_line["asc_dsc"]
                        sp[0], sp[1] = min(sp[0], len(ts)), max(sp[1], len(ts))
                    rows = []
                    for place in PLACES:
                        d, t, lon, lat, gap = nearest_on(line, ts, pts, vecs, place, summary)
                        label = "%s/%s/%s/%s/%s" % (case["name"], mode, body, angle, place[0])
                        if gap < summary["min_gap_to_other_local_minimum_km"][0]:
                            summary["min_gap_to_other_local_minimum_km"] = [gap, label]
                        entries += 1
                        end_by_lat = abs(abs(lat) - line.limit) <= END_LAT_TOL
                        end_by_param = min(t - line.low, line.high - t) <= 1e-8
                        at_end[angle] += end_by_lat
                        at_end_param[angle] += end_by_param
                        h = line.hour_angle(lon)
                        if angle in ("asc", "dsc"):
                            near_sin_alt[angle] = max(near_sin_alt[angle], abs(line.sin_alt(lon, lat)))
                            if end_by_param:
                                near_h["end_sin"] = max(near_h["end_sin"], abs(math.sin(h * D2R)))
                            else:
                                rng = near_h[angle]
                                rng[0], rng[1] = min(rng[0], h), max(rng[1], h)
                            inside = -180.0 <= h <= 0.0 if angle == "asc" else 0.0 <= h <= 180.0
                            if not inside and not (end_by_param and abs(math.sin(h * D2R)) < 1e-9):
                                near_sign_violations += 1
                        elif angle == "mc":
                            near_h["mc"] = max(near_h["mc"], abs(h))
                        else:
                            near_h["ic"] = max(near_h["ic"], abs(east_longitude(h - 180.0)))
                        row = [round(d, DIGITS), rounded_lon(lon), round(lat, DIGITS) + 0.0, int(end_by_param)]
                        # Distance to the ROUNDED nearest point.
                        redo = distance_km(place[1], place[2], row[2], row[1])
                        max_recomputed = max(max_recomputed, abs(redo - d))
                        if d > 1.0:
                            fl = flatness(line, t, lon, lat, place, d)
                            if fl < flat_min[0]:
                                flat_min = (fl, label)
                            u = FLAT_ARC * math.sqrt(NOISE_KM / fl) if fl > 0 else math.inf
                            if u > uncertainty_max[0]:
                                uncertainty_max = (u, label)
                        rows.append(row)
                    out_body[angle] = rows
                out_mode[body] = out_body
            out_case["modes"][mode] = out_mode
        cases.append(out_case)
        print("%s done (%.1f s)" % (case["name"], time.monotonic() - start), file=sys.stderr)

    checks = {
        "entries": entries,
        "points_checked_against_definition": stats.points_checked,
        "max_abs_sin_altitude_all_asc_dsc_points": stats.max_sin_alt_all,
        "hour_angle_sign_violations_all_points": stats.hour_angle_sign_violations,
        "max_abs_sin_altitude_at_nearest": near_sin_alt,
        "hour_angle_range_at_nearest_not_at_end_deg": {"asc": near_h["asc"], "dsc": near_h["dsc"]},
        "max_abs_sin_hour_angle_at_nearest_at_end": near_h["end_sin"],
        "hour_angle_sign_violations_at_nearest": near_sign_violations,
        "mc_max_abs_hour_angle_at_nearest_deg": near_h["mc"],
        "ic_max_abs_hour_angle_minus_180_at_nearest_deg": near_h["ic"],
        "max_abs_distance_to_rounded_nearest_minus_distance_km": max_recomputed,
        "coarse_scan_min_margin_km": summary["coarse_scan_min_margin_km"],
        "coarse_scan_violations": summary["coarse_scan_violations"],
        "local_minimum_violations": summary["local_minimum_violations"],
        "local_minimum_max_gain_km": summary["local_minimum_max_gain_km"],
        "min_gap_to_other_local_minimum_km": {"km": summary["min_gap_to_other_local_minimum_km"][0],
                                          "entry": summary["min_gap_to_other_local_minimum_km"][1]},
        "max_local_minima_among_samples": summary["max_local_minima_among_samples"],
        "min_flatness_km_where_distance_over_1km": {"km": flat_min[0], "entry": flat_min[1]},
        "max_nearest_uncertainty_estimate_deg": {
            "deg": uncertainty_max[0], "entry": uncertainty_max[1],
            "estimate": "0.002 * sqrt(1e-11 km / flatness): how far along the line the distance stays within an assumed 1e-11 km noise of its minimum"},
        "samples_per_line": {"mc_ic": samples_per_line["mc_ic"], "asc_dsc_min_max": samples_per_line["asc_dsc"]},
    }
    ends = {
        "criterion": "|nearest latitude| within 1e-6 deg of L = 90 - |dec| (ASC/DSC) or of 90 (MC/IC: a pole)",
        "by_latitude": dict(at_end, total=sum(at_end.values())),
        "by_parameter": dict(at_end_param, total=sum(at_end_param.values()),
                             criterion="parameter within 1e-8 deg of its bound (H0 = 0 / 180, phi = -90 / 90); the at_end flag of the entries"),
    }
    assert checks["coarse_scan_violations"] == 0
    assert checks["local_minimum_violations"] == 0
    assert near_sign_violations == 0

    document = {
        "generator": "shared/tests/reference/astrocartography_near.py",
        "input": "astrocartography_reference.json (cases[*].name, jd_ut, gast_degrees, bodies[body][mode].ra/dec)",
        "conventions": {
            "earth": "sphere of radius 6371.0 km; distances are great-circle (geographiclib Geodesic(6371000, 0).Inverse s12)",
            "lines": "hour angle H = GAST + lon - RA; mc: H = 0, ic: H = 180, every latitude -90..90; asc: altitude 0 and H in (-180, 0); dsc: altitude 0 and H in (0, 180); asc and dsc share their two ends at latitude +-(90 - |dec|)",
            "altitude": "geometric altitude of the body's centre, sin(alt) = sin(lat) sin(dec) + cos(lat) cos(dec) cos(H)",
            "method": "dense samples of the line's own parameter (mc/ic: latitude; asc/dsc: semi-diurnal arc H0, plus H0 of evenly spaced latitudes), ranked by unit-vector dot product, each local minimum refined by golden section on the parameter to 1e-10 deg minimising geographiclib distance; exact ends evaluated too; global minimum",
            "places": "[longitude, latitude] degrees east / north",
            "entry": "[distance_km, nearest_longitude, nearest_latitude, at_end] per place in the order of places; km and degrees rounded to 1e-7; longitude in (-180, 180]; at_end 1 if the nearest point is an end of the line (a pole for mc/ic, where the longitude given is the meridian's and any longitude names the same point)",
            "ra_dec_gast": "copied unrounded from the input, degrees",
        },
        "versions": {
            "python": "%d.%d" % sys.version_info[:2],
            "geographiclib": package_version("geographiclib"),
        },
        "earth_radius_km": EARTH_RADIUS_KM,
        "places": [{"name": name, "point": [lon, lat]} for name, lat, lon in PLACES],
        "summary": {"checks": checks, "minima_at_ends": ends},
        "cases": cases,
    }
    dump(OUT, document)
    print(json.dumps(document["summary"], indent=1))
    print("wrote %s (%d bytes) in %.1f s" % (OUT, os.path.getsize(OUT), time.monotonic() - start))


if __name__ == "__main__":
    main()
