#!/usr/bin/env python3
"""Reference positions of Chiron from pyswisseph (the same C library) with the
asteroid file seas_18.se1, to check the service's wiring of an extra
ephemeris directory. No independent Chiron ephemeris is available offline;
the bound is therefore the library's own (0.001").

  python chiron.py --ephe-path DIR   # DIR holds seas_18.se1, sepl_18.se1, semo_18.se1
  (infra/asteroid-file.sh fetches seas_18.se1 into .test-run/ephe-extra)
"""
import argparse
import json
import pathlib

import swisseph as swe

DATES = [(1900, 1, 1, 0.0), (1950, 6, 15, 12.0), (1977, 11, 1, 0.0), (1990, 5, 11, 12.5), (2000, 1, 1, 12.0), (2023, 4, 30, 10.0), (2049, 12, 31, 23.0)]

parser = argparse.ArgumentParser()
parser.add_argument("--ephe-path", required=True)
args = parser.parse_args()
swe.set_ephe_path(args.ephe_path)
cases = []
for year, month, day, hour in DATES:
    jd = swe.julday(year, month, day, hour)
    xx, flags = swe.calc_ut(jd, swe.CHIRON, swe.FLG_SWIEPH | swe.FLG_SPEED)
    assert flags & swe.FLG_SWIEPH, "seas_18.se1 was not read"
    cases.append({"jd_ut": jd, "longitude": xx[0], "latitude": xx[1], "distance": xx[2], "speed_longitude": xx[3]})
out = {"generated_by": "shared/tests/reference/chiron.py", "pyswisseph": swe.version, "cases": cases}
pathlib.Path(__file__).with_name("chiron_reference.json").write_text(json.dumps(out, indent=1) + "\n")
print(f"wrote {len(cases)} cases")
