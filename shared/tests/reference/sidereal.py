#!/usr/bin/env python3
"""Reference values for the sidereal zodiac and the perspective options
(heliocentric, topocentric), from pyswisseph (the same C library the service
calls), so the tests check *wiring*: sidereal mode number, flags, house
letters, the observer's position.  No independent sidereal implementation is
available offline; the bound is the library's own (~1e-7 deg).

  /tmp/refvenv/bin/python shared/tests/reference/sidereal.py \
      --ephe-path ~/.cargo/registry/src/*/swiss-eph-data-0.1.1/ephe/

Writes sidereal_reference.json next to this file and prints a consistency
report (sidereal - (tropical - ayanamsa), per mode) to stdout; the report is
not written to the JSON.  Deterministic: no clock, no randomness, no network
(sockets are disabled before anything is loaded).
"""

import argparse
import glob
import hashlib
import json
import os
import socket
import sys


def _no_network(*_args, **_kwargs):
    raise RuntimeError("sidereal.py must not use the network")


socket.socket.connect = _no_network
socket.create_connection = _no_network
socket.getaddrinfo = _no_network

import swisseph as swe  # noqa: E402

try:
    from importlib.metadata import version as _pkg_version
except ImportError:  # pragma: no cover
    _pkg_version = None

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "sidereal_reference.json")
DEFAULT_EPHE_GLOB = os.path.expanduser(
    "~/.cargo/registry/src/*/swiss-eph-data-0.1.1/ephe/")
EPHE_FILES = ("sepl_18.se1", "semo_18.se1")
# If present in the ephemeris directory, the star-based ayanamsas (True Citra,
# True Revati, galactic centre ...) read their stars from it instead of the
# library's built-in list; recorded so a difference can be traced.
OPTIONAL_FILES = ("sefstars.txt",)

# label, (year, month, day, hour UT), latitude (north +), longitude (east +)
CASES = [
    ("new_delhi_1947", (1947, 8, 15, 0.0), 28.6139, 77.2090),
    ("rome_1990", (1990, 5, 11, 12.5), 41.9028, 12.4964),
    ("buenos_aires_2024", (2024, 3, 20, 3.1), -34.6037, -58.3816),
    ("new_york_1875", (1875, 2, 2, 18.0), 40.7128, -74.0060),
]

BODIES = [
    ("sun", swe.SUN), ("moon", swe.MOON), ("mercury", swe.MERCURY),
    ("venus", swe.VENUS), ("mars", swe.MARS), ("jupiter", swe.JUPITER),
    ("saturn", swe.SATURN), ("uranus", swe.URANUS), ("neptune", swe.NEPTUNE),
    ("pluto", swe.PLUTO), ("mean_node", swe.MEAN_NODE),
    ("true_node", swe.TRUE_NODE), ("mean_lilith", swe.MEAN_APOG),
]
HELIO_BODIES = [
    ("mercury", swe.MERCURY), ("venus", swe.VENUS), ("earth", swe.EARTH),
    ("mars", swe.MARS), ("jupiter", swe.JUPITER), ("saturn", swe.SATURN),
    ("uranus", swe.URANUS), ("neptune", swe.NEPTUNE), ("pluto", swe.PLUTO),
]
HOUSES = [("placidus", b"P"), ("whole_sign", b"W"), ("equal", b"E")]

BASE = swe.FLG_SWIEPH | swe.FLG_SPEED


def sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def resolve_ephe_path(arg):
    if arg is None:
        hits = sorted(glob.glob(DEFAULT_EPHE_GLOB))
        if not hits:
            sys.exit("no --ephe-path given and %s matched nothing" % DEFAULT_EPHE_GLOB)
        arg = hits[0]
    for f in EPHE_FILES:
        if not os.path.isfile(os.path.join(arg, f)):
            sys.exit("%s not found in %s" % (f, arg))
    return arg


def body(jd, ipl, flags):
    xx, ret = swe.calc_ut(jd, ipl, flags)
    if not ret & swe.FLG_SWIEPH:
        raise RuntimeError("Swiss Ephemeris did not use the .se1 files "
                           "(ipl=%d flags=%d ret=%d)" % (ipl, flags, ret))
    return {"longitude": xx[0], "latitude": xx[1], "distance": xx[2],
            "speed_longitude": xx[3]}


def bodies(jd, table, flags):
    return {name: body(jd, ipl, flags) for name, ipl in table}


def houses(jd, lat, lon, hsys, flags):
    cusps, ascmc, _cs, _as = swe.houses_ex2(jd, lat, lon, hsys, flags)
    assert len(cusps) == 12, cusps
    return {"cusps": list(cusps), "ascendant": ascmc[0], "midheaven": ascmc[1],
            "armc": ascmc[2], "vertex": ascmc[3]}


def ayanamsa(jd, flags):
    ret, aya = swe.get_ayanamsa_ex_ut(jd, flags)
    if not ret & swe.FLG_SWIEPH:
        raise RuntimeError("ayanamsa not from the .se1 files (ret=%d)" % ret)
    return aya


def dang(a, b):
    """|a - b| for angles in degrees, wrapped into [0, 180]."""
    d = abs((a - b) % 360.0)
    return min(d, 360.0 - d)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ephe-path", default=None,
                        help="directory holding sepl_18.se1 and semo_18.se1 "
                             "(default: the glob %s)" % DEFAULT_EPHE_GLOB)
    args = parser.parse_args()
    ephe = resolve_ephe_path(args.ephe_path)
    swe.set_ephe_path(ephe)

    files = {f: sha256(os.path.join(ephe, f)) for f in EPHE_FILES}
    for f in OPTIONAL_FILES:
        if os.path.isfile(os.path.join(ephe, f)):
            files[f] = sha256(os.path.join(ephe, f))

    modes = list(range(swe.NSIDM_PREDEF))
    cases = []
    for label, (y, mo, d, h), lat, lon in CASES:
        jd = swe.julday(y, mo, d, h, swe.GREG_CAL)
        tropical = {
            "bodies": bodies(jd, BODIES, BASE),
            "houses_placidus": houses(jd, lat, lon, b"P", 0),
        }
        sidereal = []
        for m in modes:
            swe.set_sid_mode(m, 0, 0)
            sflags = BASE | swe.FLG_SIDEREAL
            sidereal.append({
                "mode": m,
                "ayanamsa_ut": ayanamsa(jd, swe.FLG_SWIEPH),
                "ayanamsa_ut_no_nutation": ayanamsa(jd, swe.FLG_SWIEPH | swe.FLG_NONUT),
                "bodies": bodies(jd, BODIES, sflags),
                "houses": {name: houses(jd, lat, lon, hsys, swe.FLG_SIDEREAL)
                           for name, hsys in HOUSES},
            })
        swe.set_sid_mode(swe.SIDM_LAHIRI, 0, 0)
        helio = BASE | swe.FLG_HELCTR
        heliocentric = {
            "tropical": bodies(jd, HELIO_BODIES, helio),
            "lahiri": bodies(jd, HELIO_BODIES, helio | swe.FLG_SIDEREAL),
        }
        swe.set_topo(lon, lat, 0)
        topo = BASE | swe.FLG_TOPOCTR
        topocentric = {
            "tropical": bodies(jd, BODIES, topo),
            "lahiri": bodies(jd, BODIES, topo | swe.FLG_SIDEREAL),
        }
        cases.append({
            "label": label, "jd_ut": jd, "latitude": lat, "longitude": lon,
            "altitude_m": 0, "tropical": tropical, "sidereal": sidereal,
            "heliocentric": heliocentric, "topocentric": topocentric,
        })

    doc = {
        "generated_by": "shared/tests/reference/sidereal.py",
        "pyswisseph": _pkg_version("pyswisseph") if _pkg_version else None,
        "swisseph_c_library": swe.version,
        "ephemeris_files": files,
        "flags": {
            "geocentric": "FLG_SWIEPH|FLG_SPEED; sidereal adds FLG_SIDEREAL after set_sid_mode(mode, 0, 0)",
            "heliocentric": "adds FLG_HELCTR (sidereal: Lahiri, mode 1)",
            "topocentric": "adds FLG_TOPOCTR after set_topo(longitude, latitude, 0) (sidereal: Lahiri, mode 1)",
            "houses": "houses_ex2(jd_ut, latitude, longitude, hsys, 0) tropical, FLG_SIDEREAL sidereal; "
                      "ascendant/midheaven/armc/vertex = ascmc[0..3]",
            "ayanamsa_ut": "get_ayanamsa_ex_ut(jd_ut, FLG_SWIEPH)[1] (true: includes nutation in longitude)",
            "ayanamsa_ut_no_nutation": "get_ayanamsa_ex_ut(jd_ut, FLG_SWIEPH|FLG_NONUT)[1] (mean)",
        },
        "ayanamsas": [{"mode": m, "se_name": swe.get_ayanamsa_name(m)} for m in modes],
        "cases": cases,
    }
    text = json.dumps(doc, indent=1, allow_nan=False) + "\n"
    with open(OUT, "w") as f:
        f.write(text)
    print("wrote %s (%d cases, %d modes, %d bytes)" % (OUT, len(cases), len(modes), len(text)))
    report(cases)


def report(cases):
    """max |sidereal - (tropical - ayanamsa)| per mode, in arcseconds."""
    print()
    print("max |sid - (trop - aya)| over the 4 cases, arcsec; aya = ayanamsa_ut (true) / _no_nutation (mean)")
    print("%4s  %-38s %12s %12s   %12s %12s" % (
        "mode", "SE name", "bodies,true", "bodies,mean", "placidus,true", "placidus,mean"))
    exact, other = [], []
    for i in range(len(cases[0]["sidereal"])):
        worst = {"bt": 0.0, "bm": 0.0, "ht": 0.0, "hm": 0.0}
        for c in cases:
            s = c["sidereal"][i]
            at, am = s["ayanamsa_ut"], s["ayanamsa_ut_no_nutation"]
            for name, t in c["tropical"]["bodies"].items():
                sl = s["bodies"][name]["longitude"]
                worst["bt"] = max(worst["bt"], dang(sl, t["longitude"] - at) * 3600)
                worst["bm"] = max(worst["bm"], dang(sl, t["longitude"] - am) * 3600)
            tp, sp = c["tropical"]["houses_placidus"], s["houses"]["placidus"]
            pairs = list(zip(tp["cusps"], sp["cusps"])) + [
                (tp[k], sp[k]) for k in ("ascendant", "midheaven")]
            for t, sl in pairs:
                worst["ht"] = max(worst["ht"], dang(sl, t - at) * 3600)
                worst["hm"] = max(worst["hm"], dang(sl, t - am) * 3600)
        m = cases[0]["sidereal"][i]["mode"]
        print("%4d  %-38s %12.6f %12.6f   %12.6f %12.6f" % (
            m, swe.get_ayanamsa_name(m), worst["bt"], worst["bm"], worst["ht"], worst["hm"]))
        (exact if max(worst["bt"], worst["ht"]) < 1e-3 else other).append(m)
    print("tropical minus true ayanamsa (< 0.001\" for bodies and Placidus):", exact)
    print("not:", other)

    print()
    print("perspective, Lahiri: max |sid - (trop - aya_true)| arcsec")
    for key in ("heliocentric", "topocentric"):
        w = 0.0
        for c in cases:
            at = c["sidereal"][1]["ayanamsa_ut"]
            for name, t in c[key]["tropical"].items():
                w = max(w, dang(c[key]["lahiri"][name]["longitude"], t["longitude"] - at) * 3600)
        print("  %-13s %.6f" % (key, w))

    print()
    print("sidereal armc - tropical armc, arcsec (max over modes, cases, systems):",
          "%.6f" % max(dang(s["houses"][h]["armc"], c["tropical"]["houses_placidus"]["armc"]) * 3600
                       for c in cases for s in c["sidereal"] for h in s["houses"]))


if __name__ == "__main__":
    main()
