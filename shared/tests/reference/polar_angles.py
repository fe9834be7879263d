#!/usr/bin/env python3
"""Independent ascendants and midheavens beyond the polar circles, from
Skyfield alone (no Swiss Ephemeris), for shared/tests/polar_ascendant.rs.

For 240 instants (1900-2049, UT) at latitudes 60-89 degrees north and south,
the ascendant is the point of the true ecliptic of date on the eastern
horizon. It is found without the textbook formula: Skyfield's own frames
(true ecliptic of date -> ICRS -> the observer's horizon) give the altitude
of every ecliptic point; the two zero crossings are bracketed on a 1-degree
grid and refined by bisection, and the one whose azimuth lies between north
and south through east is kept. The midheaven is the ecliptic point on the
upper meridian (hour angle 0), found the same way from the local hour angle.

  /tmp/refvenv/bin/python polar_angles.py     # writes polar_angles_reference.json

Deterministic: a fixed grid, no randomness, no network.
"""
import json
import math
import pathlib
import warnings

import numpy
import skyfield_data
from skyfield.api import Loader, wgs84
from skyfield.framelib import ecliptic_frame
from skyfield.framelib import true_equator_and_equinox_of_date as true_equator

warnings.filterwarnings("ignore", message=".*has expired.*")
load = Loader(skyfield_data.get_skyfield_data_path(), expire=False, verbose=False)
# builtin=False: skyfield-data's finals2000A.all, as generate.py uses.
ts = load.timescale(builtin=False)

LATITUDES = [60.0, 64.0, 66.0, 66.6, 67.5, 70.0, 74.0, 78.0, 82.0, 85.0, 87.5, 89.0]


def horizon_vectors(t, lat, lon, longitudes_deg):
    """(north, east, up) components of unit vectors along the true ecliptic
    of date at the given longitudes."""
    lam = numpy.radians(longitudes_deg)
    in_ecliptic = numpy.array([numpy.cos(lam), numpy.sin(lam), numpy.zeros_like(lam)])
    in_icrs = ecliptic_frame.rotation_at(t).T @ in_ecliptic
    return wgs84.latlon(lat, lon).rotation_at(t) @ in_icrs


def refine(f, low, high):
    f_low = f(low)
    for _ in range(60):
        mid = 0.5 * (low + high)
        f_mid = f(mid)
        if (f_mid < 0) == (f_low < 0):
            low, f_low = mid, f_mid
        else:
            high = mid
    return 0.5 * (low + high)


def ascendant(t, lat, lon):
    grid = numpy.arange(0.0, 361.0, 1.0)
    up = horizon_vectors(t, lat, lon, grid)[2]
    altitude = lambda x: float(horizon_vectors(t, lat, lon, numpy.array([x]))[2][0])
    found = []
    for i in range(360):
        if (up[i] < 0) != (up[i + 1] < 0):
            x = refine(altitude, grid[i], grid[i + 1]) % 360.0
            north, east, _ = horizon_vectors(t, lat, lon, numpy.array([x]))[:, 0]
            azimuth = math.degrees(math.atan2(east, north)) % 360.0
            found.append((x, azimuth))
    eastern = [(x, az) for x, az in found if 0.0 < az < 180.0]
    assert len(found) == 2 and len(eastern) == 1, found
    return eastern[0]


def midheaven(t, lat, lon):
    """Ecliptic point whose local hour angle is zero (upper meridian):
    right ascension on the true equator of date against the local apparent
    sidereal time."""

    def hour_angle(x):
        lam = math.radians(x)
        in_icrs = ecliptic_frame.rotation_at(t).T @ numpy.array([math.cos(lam), math.sin(lam), 0.0])
        in_equator = true_equator.rotation_at(t) @ in_icrs
        ra = math.degrees(math.atan2(in_equator[1], in_equator[0]))
        return ((float(t.gast) * 15.0 + lon - ra + 180.0) % 360.0) - 180.0

    grid = numpy.arange(0.0, 361.0, 1.0)
    values = [hour_angle(x) for x in grid]
    for i in range(360):
        a, b = values[i], values[i + 1]
        # A zero crossing, not the +-180 wrap.
        if (a < 0) != (b < 0) and abs(a - b) < 90.0:
            return refine(hour_angle, grid[i], grid[i + 1]) % 360.0
    raise AssertionError("no upper meridian crossing")


def main():
    cases = []
    for index in range(240):
        lat = LATITUDES[index % len(LATITUDES)] * (1 if index % 2 == 0 else -1)
        lon = -180.0 + (index * 137.507764) % 360.0
        # 1900-01-01 .. 2049-12-31, spread with an irrational step.
        jd_ut = 2415020.5 + (index * 229.3215637) % 54786.0
        t = ts.ut1_jd(jd_ut)
        asc, azimuth = ascendant(t, lat, lon)
        cases.append({
            "jd_ut": jd_ut, "latitude": lat, "longitude": lon,
            "armc": (float(t.gast) * 15.0 + lon) % 360.0,
            "ascendant": asc, "ascendant_azimuth": azimuth,
            "midheaven": midheaven(t, lat, lon),
        })
    out = {
        "generator": "shared/tests/reference/polar_angles.py",
        "sources": {"skyfield": __import__("skyfield").__version__,
                    "skyfield_data": "finals2000A.all (skyfield-data), no JPL ephemeris needed"},
        "cases": cases,
    }
    path = pathlib.Path(__file__).with_name("polar_angles_reference.json")
    path.write_text(json.dumps(out, indent=1) + "\n")
    print(f"{len(cases)} cases written to {path}")


if __name__ == "__main__":
    main()
