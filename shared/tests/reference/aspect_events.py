#!/usr/bin/env python3
"""Generate aspect_events_reference.json: every exact Ptolemaic aspect
between two of the Sun ... Pluto in 2024 and 2025, from Skyfield + JPL DE421,
for the `aspect` events of POST /api/calc/events.

Independent of the Swiss Ephemeris: another ephemeris (DE421), other
precession, nutation, aberration, light-time and Delta T code, and another
root finder (Skyfield's find_discrete on the sector of the pair's angle).
Positions are those of events.py (imported from it: geocentric, apparent,
true ecliptic and equinox of date; Jupiter ... Pluto as system barycentres).
See README.md ("Aspect events reference").

Run:  /tmp/refvenv/bin/python shared/tests/reference/aspect_events.py
Writes aspect_events_reference.json next to this file. Deterministic, no
network (events.py disables sockets when imported).
"""

import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from events import Sky, dump, sources, window, wrap180  # noqa: E402
from skyfield.searchlib import find_discrete  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "aspect_events_reference.json")

# Fastest to slowest by mean geocentric motion; a pair's angle is the
# faster body's longitude minus the slower's.
BY_MEAN_MOTION = ["moon", "mercury", "venus", "sun", "mars", "jupiter",
                  "saturn", "uranus", "neptune", "pluto"]
ASPECTS = {0: "conjunction", 60: "sextile", 90: "square", 120: "trine",
           180: "opposition", 240: "trine", 270: "square", 300: "sextile"}
# The pair's angle moves at most ~14 deg a day with the Moon, ~3 without:
# a 30-degree sector cannot be passed within one step.
STEP_MOON = 0.125
STEP_PLANETS = 0.25
WINDOWS = [("2024-01-01T00:00:00Z", "2025-01-01T00:00:00Z"),
           ("2025-01-01T00:00:00Z", "2026-01-01T00:00:00Z")]


def pair_aspects(sky, faster, slower, t0, t1):
    def sector(t):
        angle = (sky.lon(faster, t) - sky.lon(slower, t)) % 360.0
        return (angle // 30.0).astype(int) % 12
    sector.step_days = STEP_MOON if faster == "moon" else STEP_PLANETS
    times, values = find_discrete(t0, t1, sector)
    out, previous = [], int(sector(t0))
    for t, new in zip(times, values):
        new = int(new)
        rising = new == (previous + 1) % 12
        if not rising:
            assert new == (previous - 1) % 12, (faster, slower, previous, new)
        previous = new
        # The boundary between the two sectors.
        cycle_angle = (30 * new) % 360 if rising else (30 * (new + 1)) % 360
        if cycle_angle not in ASPECTS:
            continue
        if cycle_angle == 0:
            waxing = rising
        elif cycle_angle == 180:
            waxing = not rising
        else:
            waxing = cycle_angle < 180
        t = sky.fresh(t)
        lon_f, lon_s = float(sky.lon(faster, t)), float(sky.lon(slower, t))
        event = {"faster": faster, "slower": slower, "aspect": ASPECTS[cycle_angle],
                 "cycle_angle": cycle_angle, "phase": "waxing" if waxing else "waning"}
        event.update(sky.instant(t))
        event.update({
            "longitude_faster": lon_f,
            "longitude_slower": lon_s,
            "residual_arcsec": wrap180(lon_f - lon_s - cycle_angle) * 3600.0,
            "relative_speed_deg_per_day": float(sky.speed(faster, t) - sky.speed(slower, t)),
        })
        out.append(event)
    return out


def main():
    started = time.monotonic()
    sky = Sky()
    windows, events = [], []
    for start, end in WINDOWS:
        described, t0, t1 = window(sky, (start, end))
        windows.append(described)
        for i, faster in enumerate(BY_MEAN_MOTION):
            for slower in BY_MEAN_MOTION[i + 1:]:
                events.extend(pair_aspects(sky, faster, slower, t0, t1))
    events.sort(key=lambda e: (e["jd_tt"], BY_MEAN_MOTION.index(e["faster"]), BY_MEAN_MOTION.index(e["slower"])))
    document = {
        "generator": "shared/tests/reference/aspect_events.py",
        "conventions": {
            "position": "geocentric apparent longitude, true ecliptic and equinox of date (events.py); Jupiter..Pluto DE421 system barycentres",
            "cycle_angle": "longitude of the faster body (by mean motion: moon, mercury, venus, sun, mars, jupiter, saturn, uranus, neptune, pluto) minus the slower's, 0..360; the aspect is exact when it equals 0, 60, 90, 120, 180, 240, 270 or 300",
            "phase": "waxing for 60, 90, 120; waning for 240, 270, 300; a conjunction passed with the angle increasing starts the waxing half (decreasing: waning), an opposition passed increasing starts the waning half",
            "search": "skyfield find_discrete on the 30-degree sector of the angle, steps of 0.125 day (Moon pairs) and 0.25 day, bisection to 1 ms TT",
            "time": "jd_ut = t.ut1, utc that JD written as a date to 0.1 s, jd_tt",
        },
        "windows": windows,
        "sources": sources(),
        "summary": {
            "events": len(events),
            "worst_residual_arcsec": max(abs(e["residual_arcsec"]) for e in events),
        },
        "aspects": events,
    }
    dump(OUT, document)
    print(json.dumps(document["summary"], indent=1))
    print("took %.1f s" % (time.monotonic() - started))


if __name__ == "__main__":
    main()
