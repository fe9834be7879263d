#!/usr/bin/env python3
"""Reference harmonic charts: each point's and angle's longitude times the
harmonic, modulo 360, and the aspects among the harmonic points.

Births below, the default natal points (Sun to Pluto, true node, mean
Lilith; the Moon topocentric at the birth place, altitude 0) from pyswisseph
(`calc_ut`, apparent, of date; `FLG_SPEED` for the speeds), the angles from
`houses_ex(b'P')`, for the harmonics 1, 4, 5, 7, 9, 12, 144 and 360. Aspects
are searched here among the harmonic points with the service's documented
default orbs (conjunction and opposition 8, trine and square 7, sextile 5;
the tightest when two qualify), the speeds times the harmonic for
applying / separating: `applying` when the orb shrinks a moment later.

  /tmp/refvenv/bin/python shared/tests/reference/harmonics.py \
      --ephe-path ~/.cargo/registry/src/*/swiss-eph-data-0.1.1/ephe/

Writes harmonics_reference.json next to this file. Deterministic, no network.
"""

import argparse
import glob
import json
import os
import socket
import sys


def _no_network(*_args, **_kwargs):
    raise RuntimeError("harmonics.py must not use the network")


socket.socket.connect = _no_network
socket.create_connection = _no_network
socket.getaddrinfo = _no_network

import swisseph as swe  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "harmonics_reference.json")
DEFAULT_EPHE_GLOB = os.path.expanduser("~/.cargo/registry/src/*/swiss-eph-data-0.1.1/ephe/")

CASES = [
    ("rome_1990", (1990, 5, 11, 12, 30), 41.9028, 12.4964),
    ("sydney_1975", (1975, 12, 2, 22, 10), -33.8688, 151.2093),
    ("nairobi_2010", (2010, 9, 23, 15, 20), -1.2921, 36.8219),
]
HARMONICS = (1, 4, 5, 7, 9, 12, 144, 360)
POINTS = [
    ("sun", swe.SUN), ("moon", swe.MOON), ("mercury", swe.MERCURY),
    ("venus", swe.VENUS), ("mars", swe.MARS), ("jupiter", swe.JUPITER),
    ("saturn", swe.SATURN), ("uranus", swe.URANUS), ("neptune", swe.NEPTUNE),
    ("pluto", swe.PLUTO), ("true_node", swe.TRUE_NODE), ("mean_lilith", swe.MEAN_APOG),
]
ORBS = [("conjunction", 0.0, 8.0), ("opposition", 180.0, 8.0), ("trine", 120.0, 7.0),
        ("square", 90.0, 7.0), ("sextile", 60.0, 5.0)]
STEP_DAYS = 1e-6


def separation(a, b):
    d = (b - a) % 360.0
    return 360.0 - d if d > 180.0 else d


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
        swe.set_topo(lon, lat, 0.0)
        natal = {}
        for name, ipl in POINTS:
            flags = swe.FLG_SWIEPH | swe.FLG_SPEED | (swe.FLG_TOPOCTR if name == "moon" else 0)
            xx, _ = swe.calc_ut(jd, ipl, flags)
            natal[name] = (xx[0], xx[3])
        _, ascmc = swe.houses_ex(jd, lat, lon, b"P")
        angles = {"ascendant": ascmc[0], "midheaven": ascmc[1],
                  "descendant": (ascmc[0] + 180.0) % 360.0, "imum_coeli": (ascmc[1] + 180.0) % 360.0}
        for n in HARMONICS:
            points = {name: ((lam * n) % 360.0, speed * n) for name, (lam, speed) in natal.items()}
            aspects = []
            names = [name for name, _ in POINTS]
            for i, a in enumerate(names):
                for b in names[i + 1:]:
                    sep = separation(points[a][0], points[b][0])
                    best = None
                    for kind, angle, orb in ORBS:
                        off = abs(sep - angle)
                        if off <= orb and (best is None or off < best[1]):
                            best = (kind, off, angle)
                    if best is None:
                        continue
                    later = separation(points[a][0] + points[a][1] * STEP_DAYS, points[b][0] + points[b][1] * STEP_DAYS)
                    applying = abs(later - best[2]) < best[1]
                    aspects.append({"a": a, "b": b, "aspect": best[0], "orb": best[1], "applying": applying})
            cases.append({
                "case": label, "jd_ut": jd, "latitude": lat, "longitude": lon, "harmonic": n,
                "points": {name: p[0] for name, p in points.items()},
                "angles": {name: (lam * n) % 360.0 for name, lam in angles.items()},
                "aspects": aspects,
            })

    doc = {"generated_by": "shared/tests/reference/harmonics.py", "swisseph_c_library": swe.version, "cases": cases}
    text = json.dumps(doc, indent=1, sort_keys=True, allow_nan=False) + "\n"
    with open(OUT, "w") as f:
        f.write(text)
    print("wrote %s: %d charts, %d aspects, %d bytes"
          % (OUT, len(cases), sum(len(c["aspects"]) for c in cases), len(text)))


if __name__ == "__main__":
    main()
