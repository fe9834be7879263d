#!/usr/bin/env python3
"""Reference declinations, out-of-bounds flags, parallels and midpoints.

For each birth below, the default natal points (Sun to Pluto, the true node,
mean Lilith; the Moon topocentric at the birth place, altitude 0, as the
service's natal default) and the four angles:

- declination: straight from the Swiss Ephemeris in equatorial coordinates,
  `calc_ut(jd, body, FLG_SWIEPH | FLG_EQUATORIAL [| FLG_TOPOCTR])[0][1]`
  (true equator and equinox of date), not converted from the ecliptic; the
  angles (ecliptic points without latitude) by `cotrans(-eps)`;
- out of bounds: |declination| > the true obliquity (`ECL_NUT`);
- parallels: same sign and |d1 - d2| <= 1, contraparallels: opposite signs
  and |d1 + d2| <= 1, among the points and the ascendant and midheaven;
- midpoints: for every pair among the ten planets, the ascendant and the
  midheaven, halfway along the shorter arc (an exact opposition: 90 degrees
  after the first of the pair), and every point of the chart or angle
  (ascendant, midheaven) other than the pair within 1.5 degrees of it
  (conjunction) or of the point opposite (opposition).

  /tmp/refvenv/bin/python shared/tests/reference/declinations.py \
      --ephe-path ~/.cargo/registry/src/*/swiss-eph-data-0.1.1/ephe/

Writes declinations_reference.json next to this file. Deterministic, no
network.
"""

import argparse
import glob
import json
import os
import socket
import sys


def _no_network(*_args, **_kwargs):
    raise RuntimeError("declinations.py must not use the network")


socket.socket.connect = _no_network
socket.create_connection = _no_network
socket.getaddrinfo = _no_network

import swisseph as swe  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "declinations_reference.json")
DEFAULT_EPHE_GLOB = os.path.expanduser("~/.cargo/registry/src/*/swiss-eph-data-0.1.1/ephe/")

# label, (year, month, day, hour, minute) UT, latitude, longitude
CASES = [
    ("rome_1990", (1990, 5, 11, 12, 30), 41.9028, 12.4964),
    ("sydney_1975", (1975, 12, 2, 22, 10), -33.8688, 151.2093),
    ("new_york_1948", (1948, 8, 16, 0, 45), 40.7128, -74.0060),
    ("nairobi_2010", (2010, 9, 23, 15, 20), -1.2921, 36.8219),
    # The Moon far out of bounds (major lunar standstill, declination ~ -28.6).
    ("moon_oob_2006", (2006, 9, 15, 3, 0), 51.5074, -0.1278),
    ("mexico_city_2025", (2025, 1, 9, 18, 40), 19.4326, -99.1332),
]
PLANETS = [
    ("sun", swe.SUN), ("moon", swe.MOON), ("mercury", swe.MERCURY),
    ("venus", swe.VENUS), ("mars", swe.MARS), ("jupiter", swe.JUPITER),
    ("saturn", swe.SATURN), ("uranus", swe.URANUS), ("neptune", swe.NEPTUNE),
    ("pluto", swe.PLUTO),
]
OTHERS = [("true_node", swe.TRUE_NODE), ("mean_lilith", swe.MEAN_APOG)]
PARALLEL_ORB = 1.0
MIDPOINT_ORB = 1.5


def norm360(x):
    r = x % 360.0
    return 0.0 if r >= 360.0 else r


def signed_arc(x):
    """x into (-180, 180]."""
    r = norm360(x)
    return r - 360.0 if r > 180.0 else r


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ephe-path", default=None)
    args = parser.parse_args()
    ephe = args.ephe_path or (sorted(glob.glob(DEFAULT_EPHE_GLOB)) or [None])[0]
    if not ephe:
        sys.exit("no ephemeris path")
    swe.set_ephe_path(ephe)

    cases = []
    for label, (y, mo, d, hh, mm), lat, lon in CASES:
        jd = swe.julday(y, mo, d, hh + mm / 60.0)
        eps = swe.calc_ut(jd, swe.ECL_NUT)[0][0]
        swe.set_topo(lon, lat, 0.0)
        declination, longitude = {}, {}
        for name, ipl in PLANETS + OTHERS:
            flags = swe.FLG_SWIEPH | (swe.FLG_TOPOCTR if name == "moon" else 0)
            eq, ret = swe.calc_ut(jd, ipl, flags | swe.FLG_EQUATORIAL)
            assert ret & swe.FLG_SWIEPH
            declination[name] = eq[1]
            longitude[name] = swe.calc_ut(jd, ipl, flags)[0][0]
        _, ascmc = swe.houses_ex(jd, lat, lon, b"P")
        angles = {"ascendant": ascmc[0], "midheaven": ascmc[1],
                  "descendant": norm360(ascmc[0] + 180.0), "imum_coeli": norm360(ascmc[1] + 180.0)}
        for name, lam in angles.items():
            declination[name] = swe.cotrans((lam, 0.0, 1.0), -eps)[1]
            longitude[name] = lam
        out_of_bounds = sorted(n for n, dec in declination.items() if abs(dec) > eps)

        paired = [n for n in declination if n not in ("descendant", "imum_coeli")]
        parallels = []
        for i, a in enumerate(paired):
            for b in paired[i + 1:]:
                da, db = declination[a], declination[b]
                if (da >= 0) == (db >= 0):
                    kind, orb = "parallel", abs(da - db)
                else:
                    kind, orb = "contraparallel", abs(da + db)
                if orb <= PARALLEL_ORB:
                    parallels.append({"a": a, "b": b, "type": kind, "orb": orb})

        pair_points = [n for n, _ in PLANETS] + ["ascendant", "midheaven"]
        contact_points = [n for n, _ in PLANETS + OTHERS] + ["ascendant", "midheaven"]
        midpoints = []
        for i, a in enumerate(pair_points):
            for b in pair_points[i + 1:]:
                la, lb = longitude[a], longitude[b]
                mid = norm360(la + signed_arc(lb - la) / 2.0)
                contacts = []
                for c in contact_points:
                    if c in (a, b):
                        continue
                    sep = abs(signed_arc(longitude[c] - mid))
                    if sep <= MIDPOINT_ORB:
                        contacts.append({"point": c, "aspect": "conjunction", "orb": sep})
                    elif 180.0 - sep <= MIDPOINT_ORB:
                        contacts.append({"point": c, "aspect": "opposition", "orb": 180.0 - sep})
                midpoints.append({"a": a, "b": b, "longitude": mid, "contacts": contacts})

        cases.append({
            "case": label, "jd_ut": jd, "latitude": lat, "longitude": lon, "obliquity": eps,
            "declination": declination, "out_of_bounds": out_of_bounds,
            "parallels": parallels, "midpoints": midpoints,
        })

    doc = {
        "generated_by": "shared/tests/reference/declinations.py",
        "swisseph_c_library": swe.version,
        "parallel_orb": PARALLEL_ORB,
        "midpoint_orb": MIDPOINT_ORB,
        "cases": cases,
    }
    text = json.dumps(doc, indent=1, sort_keys=True, allow_nan=False) + "\n"
    with open(OUT, "w") as f:
        f.write(text)
    print("wrote %s (%d bytes)" % (OUT, len(text)))
    for c in cases:
        print("  %-17s out of bounds %-30s %2d parallels, %3d midpoint contacts"
              % (c["case"], ",".join(c["out_of_bounds"]) or "-", len(c["parallels"]),
                 sum(len(m["contacts"]) for m in c["midpoints"])))


if __name__ == "__main__":
    main()
