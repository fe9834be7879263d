#!/usr/bin/env python3
"""Reference positions of Pholus, Ceres, Pallas, Juno and Vesta from pyswisseph
(the same C library) with the asteroid file seas_18.se1, at the dates of
chiron.py, to check the service's wiring of an extra ephemeris directory. No
independent asteroid ephemeris is available offline (Skyfield would need
MPC elements or a JPL SPK for each body); the bound is therefore the library's
own (0.001").

  python asteroids.py --ephe-path "$(bash infra/asteroid-file.sh):$(echo ~/.cargo/registry/src/*/swiss-eph-data-0.1.1/ephe)"
  (the path must reach seas_18.se1 AND sepl_18.se1 / semo_18.se1: with
  seas_18.se1 alone the library computes the Earth with Moshier and the
  returned flag has FLG_MOSEPH instead of FLG_SWIEPH, which is refused here)
"""
import argparse
import json
import pathlib

import swisseph as swe

# The dates of chiron.py (UT).
DATES = [(1900, 1, 1, 0.0), (1950, 6, 15, 12.0), (1977, 11, 1, 0.0), (1990, 5, 11, 12.5), (2000, 1, 1, 12.0), (2023, 4, 30, 10.0), (2049, 12, 31, 23.0)]
BODIES = [("pholus", swe.PHOLUS), ("ceres", swe.CERES), ("pallas", swe.PALLAS), ("juno", swe.JUNO), ("vesta", swe.VESTA)]

parser = argparse.ArgumentParser()
parser.add_argument("--ephe-path", required=True)
args = parser.parse_args()
swe.set_ephe_path(args.ephe_path)
cases = []
for year, month, day, hour in DATES:
    jd = swe.julday(year, month, day, hour)
    bodies = {}
    for name, ipl in BODIES:
        xx, flags = swe.calc_ut(jd, ipl, swe.FLG_SWIEPH | swe.FLG_SPEED)
        assert flags & swe.FLG_SWIEPH and not flags & swe.FLG_MOSEPH, f"{name}: seas_18.se1 / sepl_18.se1 were not read (flags {flags})"
        bodies[name] = {"longitude": xx[0], "latitude": xx[1], "speed_longitude": xx[3], "distance": xx[2]}
    cases.append({"jd_ut": jd, "bodies": bodies})
out = {"generated_by": "shared/tests/reference/asteroids.py", "pyswisseph": swe.version,
       "bodies": {name: ipl for name, ipl in BODIES}, "cases": cases}
pathlib.Path(__file__).with_name("asteroids_reference.json").write_text(json.dumps(out, indent=1) + "\n")
print(f"wrote {len(cases)} cases x {len(BODIES)} bodies")
