#!/usr/bin/env python3
"""Generate fixed_stars_reference.json: apparent geocentric ecliptic positions
(true ecliptic and equinox of date) of the 24 fixed stars in
shared/stars/sefstars.txt at four instants, from two programs:

  * skyfield  - Skyfield + JPL DE421 (skyfield-data): skyfield.api.Star built
                from the catalogue record (ICRS, epoch J2000.0, proper motion,
                parallax, radial velocity), observed from the Earth,
                .apparent().frame_latlon(ecliptic_frame).  Independent
                reduction (space motion, light deflection, aberration,
                precession, nutation), so it checks *correctness*.
  * swisseph  - pyswisseph swe.fixstar_ut(name, jd, FLG_SWIEPH) reading the
                same subset sefstars.txt (copied into a temporary ephemeris
                directory next to links to sepl_18.se1 / semo_18.se1), plus the
                Lahiri sidereal longitude (FLG_SIDEREAL) and swe.fixstar_mag.
                Same C library as the service, so it checks *wiring*.

Run:  python fixed_stars.py [--ephe-path DIR]
      (DIR holds sepl_18.se1 and semo_18.se1; default: the glob
      ~/.cargo/registry/src/*/swiss-eph-data-0.1.1/ephe/)
Writes fixed_stars_reference.json next to this file and prints the largest
|skyfield - swisseph| per star.  Deterministic: no clock, no randomness, no
network (sockets are disabled before anything is loaded).
"""

import argparse
import glob
import hashlib
import json
import math
import os
import socket
import sys
import tempfile
import warnings


def _no_network(*_args, **_kwargs):
    raise RuntimeError("fixed_stars.py must not use the network")


socket.socket.connect = _no_network
socket.create_connection = _no_network
socket.getaddrinfo = _no_network

# skyfield-data's finals2000A.all is pinned on purpose (see README).
warnings.filterwarnings("ignore", message=".*has expired.*")

import skyfield  # noqa: E402
import skyfield_data  # noqa: E402
import swisseph as swe  # noqa: E402
from skyfield.api import Loader, Star  # noqa: E402
from skyfield.framelib import ecliptic_frame  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "fixed_stars_reference.json")
STARS_FILE = os.path.normpath(os.path.join(HERE, "..", "..", "stars", "sefstars.txt"))
DEFAULT_EPHE_GLOB = os.path.expanduser(
    "~/.cargo/registry/src/*/swiss-eph-data-0.1.1/ephe/")

# UT Julian days: 1900-01-01 0h, 1990-01-0x, J2000.0 (2000-01-01 12h UT),
# 2024-03-2x.  Read as UT1 by both libraries.
JD_UT = [2415020.5, 2447893.0208333335, 2451545.0, 2460389.629166667]


def sha256(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def dang(a, b):
    """Signed difference a-b of two angles in degrees, in (-180, 180]."""
    d = math.fmod(a - b, 360.0)
    if d > 180.0:
        d -= 360.0
    elif d <= -180.0:
        d += 360.0
    return d


def resolve_ephe_path(arg):
    if arg is None:
        hits = sorted(glob.glob(DEFAULT_EPHE_GLOB))
        if not hits:
            sys.exit("no --ephe-path given and %s matched nothing; see README"
                     % DEFAULT_EPHE_GLOB)
        arg = hits[0]
    for f in ("sepl_18.se1", "semo_18.se1"):
        if not os.path.isfile(os.path.join(arg, f)):
            sys.exit("%s not found in %s" % (f, arg))
    return arg


def parse_stars(path):
    """Records of the subset catalogue, in file order."""
    stars = []
    with open(path, encoding="latin-1") as f:
        for line in f:
            if line.startswith("#") or "," not in line:
                continue
            fld = [x.strip() for x in line.rstrip("\n").split(",")]
            name, nomenclature, equinox = fld[0], fld[1], fld[2]
            assert equinox == "ICRS", (name, equinox)
            ra_h = float(fld[3]) + float(fld[4]) / 60.0 + float(fld[5]) / 3600.0
            # The sign is in the degrees field (it may be "-00").
            dec_sign = -1.0 if fld[6].startswith("-") else 1.0
            dec_d = dec_sign * (abs(float(fld[6])) + float(fld[7]) / 60.0
                                + float(fld[8]) / 3600.0)
            stars.append({
                "name": name,
                "nomenclature": nomenclature,
                "ra_hours": ra_h,
                "dec_degrees": dec_d,
                # already multiplied by cos(dec), as Skyfield expects
                "pm_ra_mas": float(fld[9]),
                "pm_dec_mas": float(fld[10]),
                "rv_km_s": float(fld[11]),
                "parallax_mas": float(fld[12]),
                "magnitude": float(fld[13]),
            })
    return stars


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--ephe-path")
    args = parser.parse_args()
    ephe = resolve_ephe_path(args.ephe_path)
    stars = parse_stars(STARS_FILE)
    assert len(stars) == 24, len(stars)

    # Skyfield, loaded like generate.py.
    load = Loader(skyfield_data.get_skyfield_data_path(), verbose=False, expire=False)
    ts = load.timescale(builtin=False)
    eph = load("de421.bsp")
    earth = eph["earth"]
    sky_stars = {
        s["name"]: Star(ra_hours=s["ra_hours"], dec_degrees=s["dec_degrees"],
                        ra_mas_per_year=s["pm_ra_mas"],
                        dec_mas_per_year=s["pm_dec_mas"],
                        parallax_mas=s["parallax_mas"],
                        radial_km_per_s=s["rv_km_s"],
                        epoch=ts.tt_jd(2451545.0))  # J2000.0 TT
        for s in stars
    }

    cases = []
    with tempfile.TemporaryDirectory() as tmp:
        for f in ("sepl_18.se1", "semo_18.se1"):
            os.symlink(os.path.abspath(os.path.join(ephe, f)), os.path.join(tmp, f))
        with open(STARS_FILE, "rb") as src, open(os.path.join(tmp, "sefstars.txt"), "wb") as dst:
            dst.write(src.read())
        swe.set_ephe_path(tmp)
        swe.set_sid_mode(swe.SIDM_LAHIRI, 0, 0)
        for jd in JD_UT:
            t = ts.ut1_jd(jd)
            e = earth.at(t)
            out = {}
            for s in stars:
                name = s["name"]
                lat, lon, _ = e.observe(sky_stars[name]).apparent().frame_latlon(ecliptic_frame)

                xx, stnam, ret = swe.fixstar_ut(name, jd, swe.FLG_SWIEPH)
                assert ret & swe.FLG_SWIEPH, (name, ret)
                found = stnam.split(",")[0].strip()
                assert found == name, ("library found another star", name, stnam)
                xs, stnam_s, ret_s = swe.fixstar_ut(name, jd, swe.FLG_SWIEPH | swe.FLG_SIDEREAL)
                assert ret_s & swe.FLG_SWIEPH and ret_s & swe.FLG_SIDEREAL, (name, ret_s)
                mag, stnam_m = swe.fixstar_mag(name)
                assert stnam_m.split(",")[0].strip() == name, (name, stnam_m)
                assert mag == s["magnitude"], (name, mag, s["magnitude"])

                out[name] = {
                    "skyfield": {"longitude": lon.degrees, "latitude": lat.degrees},
                    "swisseph": {"longitude": xx[0], "latitude": xx[1],
                                 "lahiri_longitude": xs[0], "magnitude": mag},
                }
            cases.append({"jd_ut": jd, "stars": out})
        swe.close()

    result = {
        "generated_by": "shared/tests/reference/fixed_stars.py",
        "skyfield": skyfield.__version__,
        "pyswisseph": swe.version,
        "stars_file_sha256": sha256(STARS_FILE),
        "cases": cases,
    }
    with open(OUT, "w") as f:
        f.write(json.dumps(result, indent=1) + "\n")

    # Summary (stdout only): max |skyfield - swisseph| per star, arcsec.
    print("star              max|dlon|\"  max|dlat|\"  (worst jd for lon)")
    for s in stars:
        name = s["name"]
        worst = max(cases, key=lambda c: abs(dang(c["stars"][name]["skyfield"]["longitude"],
                                                  c["stars"][name]["swisseph"]["longitude"])))
        dl = max(abs(dang(c["stars"][name]["skyfield"]["longitude"],
                          c["stars"][name]["swisseph"]["longitude"])) for c in cases) * 3600.0
        db = max(abs(c["stars"][name]["skyfield"]["latitude"]
                     - c["stars"][name]["swisseph"]["latitude"]) for c in cases) * 3600.0
        print("%-16s %10.4f  %10.4f   %s" % (name, dl, db, worst["jd_ut"]))
    print("wrote %s (%d instants x %d stars)" % (OUT, len(cases), len(stars)))


if __name__ == "__main__":
    main()
