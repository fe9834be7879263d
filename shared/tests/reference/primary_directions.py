#!/usr/bin/env python3
"""Reference arcs of primary directions, found by turning the sky.

For every birth below, every promissor (Sun to Pluto), aspect point
(conjunction, opposition, both sides of the sextile, square and trine) and
significator (ascendant, midheaven, Sun, Moon), zodiacal and mundane, by
Placidus and by Regiomontanus, direct and converse: the arc is found
numerically, not by formula. The Swiss Ephemeris' own `swe_house_pos` (house
systems b'P' and b'R') says where a point stands among the houses for a given
ARMC; the script turns the ARMC (forward for a direct direction, backward for
a converse one) until the promissor's house position equals the place the
significator held at birth (moved by the aspect among the houses, in mundo),
by a scan in 0.25° steps and bisection to 1e-10°. Positions, the ARMC and the
obliquity come from pyswisseph; nothing of the service's formulas (semi-arcs,
the Regiomontanus pole, their inverses) is used.

A second, independent check of the semi-arc arcs: flatlib's
`primarydirections.arc` (flatlib 0.2.3, the proportional semi-arc formula),
given the same right ascensions and declinations, for the zodiacal Placidus
direct directions whose promissor stays in one half of the sky (above or
below the horizon) from birth to the significator's place: flatlib measures
both points in the significator's semi-arc, which is the whole path only then.

  /tmp/refvenv/bin/pip install -r shared/tests/reference/requirements.txt
  /tmp/refvenv/bin/pip install --no-deps flatlib==0.2.3
  /tmp/refvenv/bin/python shared/tests/reference/primary_directions.py \
      --ephe-path ~/.cargo/registry/src/*/swiss-eph-data-0.1.1/ephe/

(flatlib pins an old pyswisseph; only its pure-Python `arc` is used, so it
is installed without dependencies.) Writes primary_directions_reference.json
next to this file. Deterministic, no network.
"""

import argparse
import glob
import json
import math
import os
import re
import socket
import sys


def _no_network(*_args, **_kwargs):
    raise RuntimeError("primary_directions.py must not use the network")


socket.socket.connect = _no_network
socket.create_connection = _no_network
socket.getaddrinfo = _no_network

import swisseph as swe  # noqa: E402
from flatlib.predictives import primarydirections as flatlib_pd  # noqa: E402

try:
    from importlib.metadata import version as _pkg_version
except ImportError:  # pragma: no cover
    _pkg_version = None

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "primary_directions_reference.json")
DEFAULT_EPHE_GLOB = os.path.expanduser("~/.cargo/registry/src/*/swiss-eph-data-0.1.1/ephe/")

# label, (year, month, day, hour, minute) UT, latitude, longitude
CASES = [
    ("rome_1990", (1990, 5, 11, 12, 30), 41.9028, 12.4964),
    ("sydney_1975", (1975, 12, 2, 22, 10), -33.8688, 151.2093),
    ("nairobi_2010", (2010, 9, 23, 15, 20), -1.2921, 36.8219),
    ("reykjavik_1961", (1961, 3, 20, 6, 5), 64.1466, -21.9426),
    ("tromso_1985", (1985, 6, 21, 10, 0), 69.6492, 18.9553),
]
BODIES = [
    ("sun", swe.SUN), ("moon", swe.MOON), ("mercury", swe.MERCURY),
    ("venus", swe.VENUS), ("mars", swe.MARS), ("jupiter", swe.JUPITER),
    ("saturn", swe.SATURN), ("uranus", swe.URANUS), ("neptune", swe.NEPTUNE),
    ("pluto", swe.PLUTO),
]
SIGNIFICATORS = ("ascendant", "midheaven", "sun", "moon")
# aspect, side, degrees cast forward in the order of signs (or of houses)
ASPECT_POINTS = [
    ("conjunction", None, 0.0),
    ("sextile", "sinister", 60.0), ("sextile", "dexter", -60.0),
    ("square", "sinister", 90.0), ("square", "dexter", -90.0),
    ("trine", "sinister", 120.0), ("trine", "dexter", -120.0),
    ("opposition", None, 180.0),
]
SYSTEMS = {"placidus": b"P", "regiomontanus": b"R"}
SCAN_STEP = 0.25
TOLERANCE = 1e-10


def equatorial(lon, lat, eps):
    ra, dec, _ = swe.cotrans((lon, lat, 1.0), -eps)
    return ra % 360.0, dec


def circumpolar(dec, geolat):
    return abs(math.tan(math.radians(geolat)) * math.tan(math.radians(dec))) >= 1.0


def house_position(armc, geolat, eps, lon, lat, hsys):
    return swe.house_pos(armc % 360.0, geolat, eps, (lon, lat), hsys)


def wrapped(x):
    """x into (-6, 6]: a difference of house positions."""
    r = math.fmod(x, 12.0)
    if r > 6.0:
        r -= 12.0
    elif r <= -6.0:
        r += 12.0
    return r


def turn_until(armc, geolat, eps, lon, lat, hsys, target, sign):
    """The smallest a in [0, 360) for which the point's house position at
    ARMC + sign * a equals target, or None if it never does. The difference
    (position - target), wrapped into (-6, 6], changes sign where the point
    crosses the target's circle (a jump of about 12 is the opposite circle,
    not a crossing); a point that rises and sets crosses each circle once a
    day, a circumpolar one some circles twice and others never."""
    def offset(a):
        return wrapped(house_position(armc + sign * a, geolat, eps, lon, lat, hsys) - target)

    f0 = offset(0.0)
    if f0 == 0.0:
        return 0.0
    a0 = 0.0
    steps = int(round(360.0 / SCAN_STEP))
    for i in range(1, steps + 1):
        a1 = i * SCAN_STEP
        f1 = offset(a1)
        if (f1 == 0.0 or (f0 > 0) != (f1 > 0)) and abs(f1 - f0) < 6.0:
            lo, hi, flo = a0, a1, f0
            while hi - lo > TOLERANCE:
                mid = 0.5 * (lo + hi)
                fm = offset(mid)
                if fm == 0.0 or (fm > 0) != (flo > 0):
                    hi = mid
                else:
                    lo, flo = mid, fm
            return 0.5 * (lo + hi)
        a0, f0 = a1, f1
    return None


def meridian_arc(ra, armc, target_hour_angle, sign):
    """A circumpolar point has no Placidian place but the meridians: it is
    on them when its hour angle (ARMC - RA) is 0 or 180."""
    return ((ra + target_hour_angle - armc) * sign) % 360.0


FIELDS = ("method", "zodiacal", "significator", "promissor", "aspect", "side", "motion", "arc")


def row_list(records, rows):
    """Markers standing for the records, each replaced by its compact row."""
    markers = []
    for r in records:
        marker = "@row%d" % len(rows)
        rows[marker] = [r.get(f) for f in FIELDS]
        markers.append(marker)
    return markers


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ephe-path", default=None)
    args = parser.parse_args()
    ephe = args.ephe_path or (sorted(glob.glob(DEFAULT_EPHE_GLOB)) or [None])[0]
    if not ephe:
        sys.exit("no ephemeris path")
    swe.set_ephe_path(ephe)

    cases = []
    flatlib_compared = 0
    for label, (y, mo, d, hh, mm), geolat, geolon in CASES:
        jd = swe.julday(y, mo, d, hh + mm / 60.0)
        armc = swe.houses_ex(jd, geolat, geolon, b"O")[1][2]
        eps = swe.calc_ut(jd, swe.ECL_NUT)[0][0]
        bodies = {}
        for name, ipl in BODIES:
            xx, _ = swe.calc_ut(jd, ipl, swe.FLG_SWIEPH)
            bodies[name] = (xx[0], xx[1])

        directions, unreachable, flatlib_arcs = [], [], []
        for method, hsys in SYSTEMS.items():
            for zodiacal in (True, False):
                for sig in SIGNIFICATORS:
                    for prom, (plon, plat) in bodies.items():
                        if prom == sig:
                            continue
                        for aspect, side, offset in ASPECT_POINTS:
                            key = {"method": method, "zodiacal": zodiacal, "significator": sig,
                                   "promissor": prom, "aspect": aspect, "side": side}
                            if sig == "ascendant":
                                sig_pos, sig_coords = 1.0, None
                            elif sig == "midheaven":
                                sig_pos, sig_coords = 10.0, None
                            else:
                                slon, slat = bodies[sig]
                                slat = 0.0 if zodiacal else slat
                                sig_coords = (slon, slat)
                                sig_pos = house_position(armc, geolat, eps, slon, slat, hsys)
                            if zodiacal:
                                lon, lat, target = (plon + offset) % 360.0, 0.0, sig_pos
                            else:
                                lon, lat = plon, plat
                                # The promissor stands `offset` behind the significator among the houses.
                                target = (sig_pos - offset / 30.0 - 1.0) % 12.0 + 1.0
                            ra, dec = equatorial(lon, lat, eps)
                            sig_polar = sig_coords is not None and circumpolar(equatorial(*sig_coords, eps)[1], geolat)
                            # The target on a meridian: the cusp of the 10th (hour angle 0) or the 4th (180).
                            meridian = {10.0: 0.0, 4.0: 180.0}.get(round(target, 9))
                            for motion, sign in (("direct", 1.0), ("converse", -1.0)):
                                if method == "placidus" and (sig_polar or circumpolar(dec, geolat)):
                                    # Placidus: no semi-arc, a place on the meridians only.
                                    arc = None
                                    if meridian is not None and not sig_polar:
                                        arc = meridian_arc(ra, armc, meridian, sign)
                                else:
                                    arc = turn_until(armc, geolat, eps, lon, lat, hsys, target, sign)
                                if arc is None:
                                    unreachable.append(dict(key, motion=motion))
                                else:
                                    directions.append(dict(key, motion=motion, arc=arc))
                            if sig_polar or circumpolar(dec, geolat):
                                continue
                            if method == "placidus" and zodiacal:
                                start = house_position(armc, geolat, eps, lon, lat, hsys)
                                upper = lambda p: 7.0 <= p <= 13.0  # noqa: E731
                                lower = lambda p: 1.0 <= p <= 7.0  # noqa: E731
                                end = 13.0 if sig == "ascendant" and upper(start) else target
                                same_half = (upper(start) and upper(end)) or (lower(start) and lower(end))
                                if same_half and start >= end:
                                    pra, pdec = equatorial(lon, lat, eps)
                                    if sig_coords is None:
                                        angle = swe.houses_ex(jd, geolat, geolon, b"O")[1][0 if sig == "ascendant" else 1]
                                        sra, sdec = equatorial(angle, 0.0, eps)
                                    else:
                                        sra, sdec = equatorial(*sig_coords, eps)
                                    # flatlib needs the significator's semi-arc too (none when circumpolar).
                                    if not circumpolar(sdec, geolat):
                                        arc = flatlib_pd.arc(pra, pdec, sra, sdec, armc, geolat)
                                        flatlib_arcs.append(dict(key, motion="direct", arc=arc))
        flatlib_compared += len(flatlib_arcs)
        cases.append({
            "case": label, "jd_ut": jd, "latitude": geolat, "longitude": geolon,
            "armc": armc, "obliquity": eps, "directions": directions,
            "unreachable": unreachable, "flatlib": flatlib_arcs,
        })

    doc = {
        "generated_by": "shared/tests/reference/primary_directions.py",
        "pyswisseph": _pkg_version("pyswisseph") if _pkg_version else None,
        "flatlib": _pkg_version("flatlib") if _pkg_version else None,
        "swisseph_c_library": swe.version,
        "cases": cases,
    }
    # One direction a line, as an array: FIELDS names its columns.
    doc["fields"] = list(FIELDS)
    rows = {}
    for c in cases:
        for name in ("directions", "unreachable", "flatlib"):
            c[name] = row_list(c[name], rows)
    text = json.dumps(doc, indent=1, sort_keys=True, allow_nan=False)
    text = re.sub(r'"(@row\d+)"', lambda m: json.dumps(rows[m.group(1)], allow_nan=False), text)
    text += "\n"
    with open(OUT, "w") as f:
        f.write(text)
    total = sum(len(c["directions"]) for c in cases)
    print("wrote %s: %d cases, %d arcs by turning the sky, %d flatlib semi-arc arcs, %d bytes"
          % (OUT, len(cases), total, flatlib_compared, len(text)))
    for c in cases:
        print("  %-16s %4d arcs, %3d unreachable, %3d flatlib"
              % (c["case"], len(c["directions"]), len(c["unreachable"]), len(c["flatlib"])))


if __name__ == "__main__":
    main()
