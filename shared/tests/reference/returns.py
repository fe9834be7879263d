#!/usr/bin/env python3
"""Independent solar and lunar return instants from Skyfield (JPL DE421),
for tests/api/returns.rs. A return is the instant the apparent geocentric
ecliptic longitude of date of the Sun (Moon) equals its value at birth;
solved here by bisection on Skyfield's own positions (no Swiss Ephemeris).

  /tmp/refvenv/bin/python returns.py      # writes returns_reference.json

Skyfield and the Swiss Ephemeris use different ΔT models (up to 0.6 s apart
for 1950-2026, README.md): both the natal longitude and the return are read
in UT, so most of the difference cancels; the test states its bound.
"""
import json
import pathlib

from skyfield.api import Loader
import skyfield_data

load = Loader(skyfield_data.get_skyfield_data_path(), expire=False, verbose=False)
ts = load.timescale(builtin=True)
eph = load("de421.bsp")
earth, sun, moon = eph["earth"], eph["sun"], eph["moon"]


def longitude(body, jd_ut):
    t = ts.ut1_jd(jd_ut)
    _, lon, _ = earth.at(t).observe(body).apparent().ecliptic_latlon(epoch="date")
    return lon.degrees


def signed(a, b):
    d = (a - b) % 360.0
    return d - 360.0 if d > 180.0 else d


def crossing(body, target, low, high):
    """Bisection on a bracket where the body passes `target` once."""
    f_low = signed(longitude(body, low), target)
    for _ in range(60):
        mid = (low + high) / 2
        f_mid = signed(longitude(body, mid), target)
        if (f_mid < 0) == (f_low < 0):
            low, f_low = mid, f_mid
        else:
            high = mid
    return (low + high) / 2


def jd_of(iso):
    y, m, d = int(iso[0:4]), int(iso[5:7]), int(iso[8:10])
    hh, mm = int(iso[11:13]), int(iso[14:16])
    return ts.ut1(y, m, d, hh, mm).ut1


SOLAR = [
    ("rome_1990", "1990-05-11T12:30", 2026),
    ("sydney_1975", "1975-12-03T22:10", 2030),
    ("reykjavik_1961", "1961-03-20T06:05", 2024),
    ("buenos_aires_2001", "2001-01-01T03:00", 2025),
    ("tokyo_1948", "1948-08-15T00:45", 2000),
    ("leap_day_1996", "1996-02-29T18:00", 2027),
]
LUNAR = [
    ("rome_1990", "1990-05-11T12:30", "2026-11-22"),
    ("sydney_1975", "1975-12-03T22:10", "2024-02-29"),
    ("reykjavik_1961", "1961-03-20T06:05", "2000-01-01"),
    ("buenos_aires_2001", "2001-01-01T03:00", "2031-07-15"),
]

out = {"generated_by": "shared/tests/reference/returns.py", "solar": [], "lunar": []}
for name, birth, year in SOLAR:
    jd_birth = jd_of(birth)
    natal = longitude(sun, jd_birth)
    guess = jd_birth + (year - int(birth[:4])) * 365.242189
    jd = crossing(sun, natal, guess - 3, guess + 3)
    out["solar"].append({"name": name, "birth_utc": birth, "return_year": year, "return_jd_ut": jd})
for name, birth, start in LUNAR:
    jd_birth = jd_of(birth)
    natal = longitude(moon, jd_birth)
    jd_start = jd_of(start + "T00:00")
    # Step half a day until the Moon passes the natal longitude, then bisect.
    low = jd_start
    while True:
        high = low + 0.5
        if signed(longitude(moon, low), natal) < 0 <= signed(longitude(moon, high), natal):
            break
        low = high
    jd = crossing(moon, natal, low, high)
    out["lunar"].append({"name": name, "birth_utc": birth, "search_from_utc_date": start, "return_jd_ut": jd})

pathlib.Path(__file__).with_name("returns_reference.json").write_text(json.dumps(out, indent=1) + "\n")
print(json.dumps(out, indent=1))
