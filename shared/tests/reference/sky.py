#!/usr/bin/env python3
"""Generate sky_reference.json: Sun and Moon rise/set/transit/twilight and
lunar phase for local calendar days at many places, from Skyfield + JPL DE421.

Independent of the Swiss Ephemeris: another ephemeris (DE421), other
precession/nutation, aberration, light-time and Delta-T code, and another
event finder (Skyfield's find_discrete: sampling every 10 minutes, then
bisection to 1 ms).  See README.md ("Sun and Moon reference") for the
conventions; they are chosen to match the service's, like with like.

Run:  /tmp/refvenv/bin/python shared/tests/reference/sky.py
Writes sky_reference.json next to this file.  Deterministic, no network.
"""

import datetime as dt
import json
import math
import os
import socket
import warnings
import zoneinfo


def _no_network(*_args, **_kwargs):
    raise RuntimeError("sky.py must not use the network")


socket.socket.connect = _no_network
socket.create_connection = _no_network
socket.getaddrinfo = _no_network
warnings.filterwarnings("ignore", message=".*has expired.*")

import numpy as np  # noqa: E402
import skyfield  # noqa: E402
import skyfield_data  # noqa: E402
from skyfield import almanac  # noqa: E402
from skyfield.api import Loader, wgs84  # noqa: E402
from skyfield.searchlib import find_discrete, find_minima  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "sky_reference.json")

# --- Conventions, identical to the service's (see README.md) ---------------
# Refraction at the horizon: what Swiss Ephemeris' swe_refrac_extended gives
# for an apparent altitude of 0 at 1013.25 hPa and 15 °C (swetest's default
# atmosphere, which the service passes to swe_rise_trans).  Recorded here as a
# constant so that the reference does not depend on pyswisseph.
REFRACTION_DEG = 0.5598874331123389
SUN_RADIUS_KM = 696000.0     # Swiss Ephemeris pla_diam[SE_SUN] / 2
MOON_RADIUS_KM = 1737.5      # Swiss Ephemeris pla_diam[SE_MOON] / 2
TWILIGHT_DEG = {"civil": -6.0, "nautical": -12.0, "astronomical": -18.0}
STEP_DAYS = 10.0 / 1440.0    # sampling step of find_discrete
AU_KM = 149597870.7

PLACES = [
    # name, latitude, longitude, IANA zone
    ("london", 51.5074, -0.1278, "Europe/London"),
    ("new_york", 40.7128, -74.0060, "America/New_York"),
    ("los_angeles", 34.0522, -118.2437, "America/Los_Angeles"),
    ("quito", -0.1807, -78.4678, "America/Guayaquil"),
    ("nairobi", -1.2921, 36.8219, "Africa/Nairobi"),
    ("sydney", -33.8688, 151.2093, "Australia/Sydney"),
    ("auckland", -36.8485, 174.7633, "Pacific/Auckland"),
    ("tokyo", 35.6762, 139.6503, "Asia/Tokyo"),
    ("mumbai", 19.0760, 72.8777, "Asia/Kolkata"),
    ("cape_town", -33.9249, 18.4241, "Africa/Johannesburg"),
    ("rome", 41.9028, 12.4964, "Europe/Rome"),
    ("honolulu", 21.3069, -157.8583, "Pacific/Honolulu"),
    ("buenos_aires", -34.6037, -58.3816, "America/Argentina/Buenos_Aires"),
    ("moscow", 55.7558, 37.6173, "Europe/Moscow"),
    ("anchorage", 61.2181, -149.9003, "America/Anchorage"),
    ("reykjavik", 64.1466, -21.9426, "Atlantic/Reykjavik"),
    ("fairbanks", 64.8378, -147.7164, "America/Anchorage"),
    ("murmansk", 68.9585, 33.0827, "Europe/Moscow"),
    ("tromso", 69.6492, 18.9553, "Europe/Oslo"),
    ("ushuaia", -54.8019, -68.3030, "America/Argentina/Ushuaia"),
    ("longyearbyen", 78.2232, 15.6267, "Arctic/Longyearbyen"),
    ("mcmurdo", -77.8460, 166.6760, "Antarctica/McMurdo"),
]

# Every place on these days (solstices, equinoxes, 1950-2040) ...
DATES = [
    "1950-03-21", "1969-07-20", "1987-12-22", "2003-09-23",
    "2012-06-20", "2024-06-21", "2024-12-21", "2040-03-20",
]
# ... plus days that test something particular.
EXTRA = [
    ("rome", "2024-03-31"),        # spring forward: a 23-hour day
    ("rome", "2024-10-27"),        # fall back: a 25-hour day
    ("new_york", "2024-11-03"),
    ("sydney", "2024-10-06"),
    ("london", "2024-05-01"),
    ("tromso", "2024-01-15"),      # polar night ending: civil twilight only
    ("tromso", "2024-05-19"),      # polar day starting
    ("tromso", "2024-07-25"),      # polar day ending
    ("longyearbyen", "2024-02-16"),
    ("murmansk", "2024-12-10"),
    ("mcmurdo", "2024-02-20"),
    ("reykjavik", "2024-06-21"),
    ("quito", "2024-01-11"),       # near new moon
    ("honolulu", "2024-01-25"),    # full moon
]
NOON = dt.time(12, 0)


def local_midnight(zone, date):
    """First instant of the local calendar day (a midnight that the clocks
    skip starts the day at the first existing minute after it)."""
    for minutes in range(0, 24 * 60, 1):
        naive = dt.datetime.combine(date, dt.time(0, 0)) + dt.timedelta(minutes=minutes)
        aware = naive.replace(tzinfo=zone, fold=0)
        back = aware.astimezone(dt.timezone.utc).astimezone(zone)
        if back.replace(tzinfo=None) == naive:
            return aware
    raise RuntimeError("no local midnight")


def jd_ut_of(aware):
    """Julian day, treating UTC as UT like the service (and swe_julday)."""
    utc = aware.astimezone(dt.timezone.utc)
    epoch = dt.datetime(1970, 1, 1, tzinfo=dt.timezone.utc)
    return 2440587.5 + (utc - epoch).total_seconds() / 86400.0


def iso_utc(jd_ut):
    seconds = (jd_ut - 2440587.5) * 86400.0
    instant = dt.datetime(1970, 1, 1, tzinfo=dt.timezone.utc) + dt.timedelta(seconds=seconds)
    return instant.strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3] + "Z"


class Sky:
    def __init__(self):
        load = Loader(skyfield_data.get_skyfield_data_path(), verbose=False, expire=False)
        self.ts = load.timescale(builtin=False)
        self.eph = load("de421.bsp")
        self.earth, self.sun, self.moon = self.eph["earth"], self.eph["sun"], self.eph["moon"]

    def t(self, jd_ut):
        return self.ts.ut1_jd(jd_ut)

    def above(self, observer, body, horizon):
        """A find_discrete function: True while the body's centre (apparent,
        topocentric, no refraction) is above `horizon(distance_km)` degrees."""
        def f(t):
            alt, _, distance = observer.at(t).observe(body).apparent().altaz()
            return alt.degrees > horizon(distance.km)
        f.step_days = STEP_DAYS
        return f

    def crossings(self, observer, body, horizon, start, end):
        """First rise and first set in [start, end), and the state when there is none."""
        f = self.above(observer, body, horizon)
        times, values = find_discrete(self.t(start), self.t(end), f)
        rise = next((float(t.ut1) for t, v in zip(times, values) if v), None)
        sett = next((float(t.ut1) for t, v in zip(times, values) if not v), None)
        samples = f(self.t(np.linspace(start, end, 200)))
        state = "crosses" if len(times) else ("always_above" if samples.all() else "always_below")
        return rise, sett, state

    def transit(self, observer, body, start, end):
        times = almanac.find_transits(observer, body, self.t(start), self.t(end))
        return float(times[0].ut1) if len(times) else None

    def phase(self, jd_ut):
        t = self.t(jd_ut)
        angle = float(almanac.moon_phase(self.eph, t).degrees) % 360.0
        e = self.earth.at(t)
        moon = e.observe(self.moon).apparent()
        illum = float(moon.fraction_illuminated(self.sun))
        sun = e.observe(self.sun).apparent()
        return angle, illum, float(moon.distance().km), float(sun.distance().km)

    def previous_new_moon(self, jd_ut):
        t0, t1 = self.t(jd_ut - 31.0), self.t(jd_ut)
        times, phases = find_discrete(t0, t1, almanac.moon_phases(self.eph))
        news = [float(t.ut1) for t, p in zip(times, phases) if p == 0]
        return news[-1]


def event(jd):
    return None if jd is None else {"jd_ut": jd, "utc": iso_utc(jd)}


def case(sky, name, lat, lon, zone_name, date_text):
    zone = zoneinfo.ZoneInfo(zone_name)
    date = dt.date.fromisoformat(date_text)
    start_local = local_midnight(zone, date)
    end_local = local_midnight(zone, date + dt.timedelta(days=1))
    start, end = jd_ut_of(start_local), jd_ut_of(end_local)
    noon = dt.datetime.combine(date, NOON).replace(tzinfo=zone)
    jd_noon = jd_ut_of(noon)
    observer = sky.earth + wgs84.latlon(lat, lon, elevation_m=0.0)

    def limb(radius_km):
        return lambda d_km: -REFRACTION_DEG - np.degrees(np.arcsin(radius_km / d_km))

    sun_rise, sun_set, sun_state = sky.crossings(observer, sky.sun, limb(SUN_RADIUS_KM), start, end)
    twilight = {}
    for kind, depth in TWILIGHT_DEG.items():
        begin, end_, state = sky.crossings(observer, sky.sun, lambda _d, h=depth: h, start, end)
        twilight[kind] = {"begin": event(begin), "end": event(end_), "state": state}
    moon_rise, moon_set, moon_state = sky.crossings(observer, sky.moon, limb(MOON_RADIUS_KM), start, end)
    angle, illum, moon_km, sun_km = sky.phase(jd_noon)
    new_moon = sky.previous_new_moon(jd_noon)
    return {
        "name": f"{name}_{date_text}",
        "place": name,
        "latitude": lat,
        "longitude": lon,
        "timezone": zone_name,
        "date": date_text,
        "window": {
            "start_jd_ut": start, "end_jd_ut": end,
            "start_local": start_local.isoformat(), "end_local": end_local.isoformat(),
            "hours": round((end - start) * 24.0, 6),
        },
        "instant": {"local": f"{date_text}T12:00", "jd_ut": jd_noon},
        "sun": {
            "rise": event(sun_rise), "set": event(sun_set), "state": sun_state,
            "transit": event(sky.transit(observer, sky.sun, start, end)),
            "distance_km": sun_km,
            "twilight": twilight,
        },
        "moon": {
            "rise": event(moon_rise), "set": event(moon_set), "state": moon_state,
            "phase_angle": angle, "illumination": illum,
            "age_days": jd_noon - new_moon, "previous_new_moon": event(new_moon),
            "distance_km": moon_km,
        },
    }


def main():
    sky = Sky()
    by_name = {p[0]: p for p in PLACES}
    work = [(p, d) for p in PLACES for d in DATES] + [(by_name[n], d) for n, d in EXTRA]
    cases = [case(sky, name, lat, lon, zone, d) for (name, lat, lon, zone), d in work]
    moon_skips = [c["name"] for c in cases if c["moon"]["state"] == "crosses"
                  and (c["moon"]["rise"] is None or c["moon"]["set"] is None)]
    document = {
        "generator": "shared/tests/reference/sky.py",
        "sources": {
            "skyfield": skyfield.__version__,
            "ephemeris": "JPL DE421 (de421.bsp from skyfield-data)",
            "timescale": "finals2000A.all bundled in skyfield-data; UTC read as UT1",
        },
        "conventions": {
            "refraction_deg": REFRACTION_DEG,
            "sun_radius_km": SUN_RADIUS_KM,
            "moon_radius_km": MOON_RADIUS_KM,
            "rise_set": "apparent topocentric centre altitude (no refraction) = -(refraction_deg + asin(radius/topocentric distance))",
            "twilight": "Sun centre, apparent topocentric, no refraction, at -6/-12/-18 degrees; begin = morning crossing, end = evening crossing",
            "transit": "Skyfield find_transits: upper meridian transit of the apparent Sun",
            "phase_angle": "almanac.moon_phase: Moon minus Sun apparent geocentric ecliptic longitude of date, [0, 360)",
            "illumination": "fraction 0..1 of the geocentric apparent Moon (phase angle from the Sun)",
            "age_days": "instant minus the previous geocentric new moon (almanac.moon_phases)",
            "window": "local midnight to next local midnight in the IANA zone (Python zoneinfo)",
            "instant": "local noon of the day, for phase, illumination, age and distances",
            "step_minutes": STEP_DAYS * 1440.0,
        },
        "summary": {"cases": len(cases), "places": len(PLACES), "moon_skips_rise_or_set": moon_skips},
        "cases": cases,
    }
    with open(OUT, "w") as out:
        json.dump(document, out, indent=1, sort_keys=False)
        out.write("\n")
    print(f"wrote {len(cases)} cases to {OUT}; moon skips: {moon_skips}")


if __name__ == "__main__":
    main()
