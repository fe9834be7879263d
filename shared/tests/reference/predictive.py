#!/usr/bin/env python3
"""Reference values for the predictive techniques: solar arc directions
(solar-arc, naibod and one-degree arcs, directed-to-natal aspects), annual and
monthly profections, and firdaria.  Natal positions, the Sun for the solar arc
and the Sun's altitude come from pyswisseph (the same C library the service
calls); everything else (arcs, aspects, applying/separating, ages, birthdays,
profected signs and months, firdaria periods) is implemented here from the
rules written below, independently of the Rust code.

  /tmp/refvenv/bin/python shared/tests/reference/predictive.py \
      --ephe-path ~/.cargo/registry/src/*/swiss-eph-data-0.1.1/ephe/

Writes predictive_reference.json next to this file (sorted keys, indent 1,
floats as Python repr) and prints a short summary to stdout.  Deterministic:
no clock, no randomness, no network (sockets are disabled before anything is
loaded).
"""

import argparse
import datetime
import glob
import hashlib
import json
import math
import os
import socket
import sys


def _no_network(*_args, **_kwargs):
    raise RuntimeError("predictive.py must not use the network")


socket.socket.connect = _no_network
socket.create_connection = _no_network
socket.getaddrinfo = _no_network

import swisseph as swe  # noqa: E402

try:
    from importlib.metadata import version as _pkg_version
except ImportError:  # pragma: no cover
    _pkg_version = None

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "predictive_reference.json")
DEFAULT_EPHE_GLOB = os.path.expanduser(
    "~/.cargo/registry/src/*/swiss-eph-data-0.1.1/ephe/")
EPHE_FILES = ("sepl_18.se1", "semo_18.se1")

# label, (year, month, day, hour, minute) UT, latitude (north +),
# longitude (east +), local calendar date of birth
CASES = [
    ("rome_1990", (1990, 5, 11, 12, 30), 41.9028, 12.4964, (1990, 5, 11)),
    ("sydney_1975", (1975, 12, 2, 22, 10), -33.8688, 151.2093, (1975, 12, 3)),
    ("new_york_1948", (1948, 8, 16, 0, 45), 40.7128, -74.0060, (1948, 8, 15)),
    ("tokyo_2000_leap", (2000, 2, 29, 14, 50), 35.6762, 139.6503, (2000, 2, 29)),
    ("buenos_aires_2001", (2001, 1, 1, 3, 30), -34.6037, -58.3816, (2001, 1, 1)),
    ("tromso_1985", (1985, 6, 21, 10, 0), 69.6492, 18.9553, (1985, 6, 21)),
    ("nairobi_2010", (2010, 9, 23, 15, 20), -1.2921, 36.8219, (2010, 9, 23)),
    ("reykjavik_1961", (1961, 3, 20, 6, 5), 64.1466, -21.9426, (1961, 3, 20)),
]

BASE = swe.FLG_SWIEPH | swe.FLG_SPEED

# ---------------------------------------------------------------- solar arc
TROPICAL_YEAR = 365.2422
NAIBOD = 0.98564733
STEP = 1e-6  # arc increment for the numerical applying test, degrees
ORB = 1.0
BODIES = [
    ("sun", swe.SUN), ("moon", swe.MOON), ("mercury", swe.MERCURY),
    ("venus", swe.VENUS), ("mars", swe.MARS), ("jupiter", swe.JUPITER),
    ("saturn", swe.SATURN), ("uranus", swe.URANUS), ("neptune", swe.NEPTUNE),
    ("pluto", swe.PLUTO), ("true_node", swe.TRUE_NODE),
]
ANGLES = ("ascendant", "midheaven")
ASPECTS = [("conjunction", 0.0), ("sextile", 60.0), ("square", 90.0),
           ("trine", 120.0), ("opposition", 180.0)]
METHODS = ("solar-arc", "naibod", "one-degree")
FIXED_TARGET = (2026, 11, 27, 12.0)
SECOND_TARGET_YEARS = 18.5

# ---------------------------------------------------------------- profections
SIGNS = ("aries", "taurus", "gemini", "cancer", "leo", "virgo", "libra",
         "scorpio", "sagittarius", "capricorn", "aquarius", "pisces")
RULERS = ("mars", "venus", "mercury", "moon", "sun", "mercury", "venus",
          "mars", "jupiter", "saturn", "saturn", "jupiter")
PROFECTION_DATE = datetime.date(2026, 11, 27)
PROFECTION_AGE = 30
EXTRA_DATES = {
    "tokyo_2000_leap": [datetime.date(2025, 2, 27), datetime.date(2025, 2, 28),
                        datetime.date(2028, 2, 28), datetime.date(2028, 2, 29)],
}

# ---------------------------------------------------------------- firdaria
JULIAN_YEAR = 365.25
DAY_ORDER = [("sun", 10), ("venus", 8), ("mercury", 13), ("moon", 9),
             ("saturn", 11), ("jupiter", 12), ("mars", 7),
             ("north_node", 3), ("south_node", 2)]
NIGHT_ORDER = [("moon", 9), ("saturn", 11), ("jupiter", 12), ("mars", 7),
               ("sun", 10), ("venus", 8), ("mercury", 13),
               ("north_node", 3), ("south_node", 2)]
CHALDEAN = ("saturn", "jupiter", "mars", "sun", "venus", "mercury", "moon")
FIRDARIA_AT_YEARS = (73, 80)


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


def calc(jd, ipl):
    xx, ret = swe.calc_ut(jd, ipl, BASE)
    if not ret & swe.FLG_SWIEPH:
        raise RuntimeError("Swiss Ephemeris did not use the .se1 files "
                           "(ipl=%d flags=%d ret=%d)" % (ipl, BASE, ret))
    return xx


def norm360(x):
    """x mod 360 in [0, 360); guards Python's -tiny % 360 == 360.0."""
    r = x % 360.0
    return 0.0 if r >= 360.0 else r


def fold180(x):
    """x folded into (-180, 180]."""
    r = norm360(x)
    return r - 360.0 if r > 180.0 else r


def separation(a, b):
    """Unsigned shortest arc between two longitudes, in [0, 180]."""
    d = norm360(a - b)
    return min(d, 360.0 - d)


def julday(y, mo, d, h):
    return swe.julday(y, mo, d, h, swe.GREG_CAL)


def angles(jd, lat, lon, polar):
    """Ascendant and midheaven from Placidus houses_ex.  Inside the polar
    circles pyswisseph raises (houses_ex2: "within polar circle, switched to
    Porphyry")
    while the C library returns ERR with Porphyry cusps and the same ascmc;
    there the angles are taken from houses_ex(..., b"O") (Porphyry), which is
    what the C call returned, and the case is listed in `polar`."""
    try:
        _cusps, ascmc = swe.houses_ex(jd, lat, lon, b"P")
    except swe.Error:
        # houses_ex's message is only "error"; houses_ex2 says why.
        try:
            swe.houses_ex2(jd, lat, lon, b"P")
        except swe.Error as e:
            if "polar circle" not in str(e):
                raise
            polar.append(str(e))
        else:
            raise
        _cusps, ascmc = swe.houses_ex(jd, lat, lon, b"O")
    asc, mc = ascmc[0], ascmc[1]
    # Independent check that ascmc[0] is the eastern crossing and ascmc[1] the
    # upper meridian: azalt azimuth is from the south towards the west, so the
    # eastern half is (180, 360); the MC's altitude is above the IC's.
    az_asc = swe.azalt(jd, swe.ECL2HOR, (lon, lat, 0), 0, 10, (asc, 0.0, 1.0))[0]
    alt_mc = swe.azalt(jd, swe.ECL2HOR, (lon, lat, 0), 0, 10, (mc, 0.0, 1.0))[1]
    alt_ic = swe.azalt(jd, swe.ECL2HOR, (lon, lat, 0), 0, 10, (mc + 180.0, 0.0, 1.0))[1]
    if not (180.0 < az_asc < 360.0 and alt_mc > alt_ic):
        raise RuntimeError("ascmc is not the eastern ascendant / upper MC "
                           "(azimuth %r, MC alt %r, IC alt %r)" % (az_asc, alt_mc, alt_ic))
    return asc, mc


def natal_points(jd, lat, lon, polar):
    pts = {name: calc(jd, ipl)[0] for name, ipl in BODIES}
    pts["ascendant"], pts["midheaven"] = angles(jd, lat, lon, polar)
    return pts


# ---------------------------------------------------------------- solar arc
def arcs_for(jd_birth, years, sun_natal):
    sun_then = calc(jd_birth + years, swe.SUN)[0]
    return {
        "solar-arc": fold180(sun_then - sun_natal),
        "naibod": years * NAIBOD,
        "one-degree": years,
    }


def direct(natal, arc):
    return {name: norm360(lon + arc) for name, lon in natal.items()}


def aspects_for(natal, arc, near_exact):
    directed = direct(natal, arc)
    nudged = direct(natal, arc + STEP)
    out = []
    for a in sorted(natal):
        for b in sorted(natal):
            s = separation(directed[a], natal[b])
            for aname, exact in ASPECTS:
                o = abs(s - exact)
                if o <= ORB:
                    o2 = abs(separation(nudged[a], natal[b]) - exact)
                    if o2 == o or o < STEP:
                        near_exact.append((a, b, aname, o, o2))
                    out.append({"directed": a, "natal": b, "aspect": aname,
                                "separation": s, "orb": o, "applying": o2 < o})
    out.sort(key=lambda r: (r["directed"], r["natal"]))
    return out


def solar_arc_records(label, jd_birth, lat, lon, natal, near_exact):
    targets = [julday(*FIXED_TARGET), jd_birth + SECOND_TARGET_YEARS * TROPICAL_YEAR]
    recs = []
    for jd_t in targets:
        years = (jd_t - jd_birth) / TROPICAL_YEAR
        arcs = arcs_for(jd_birth, years, natal["sun"])
        recs.append({
            "case": label, "birth_jd_ut": jd_birth, "latitude": lat,
            "longitude": lon, "target_jd_ut": jd_t, "years": years,
            "natal": dict(natal), "arcs": arcs,
            "directed": {m: direct(natal, arcs[m]) for m in METHODS},
            "aspects": {m: aspects_for(natal, arcs[m], near_exact) for m in METHODS},
        })
    return recs


# ---------------------------------------------------------------- profections
def birthday(birth, year):
    """Birthday in `year`; 29 February falls on 28 February in a common year."""
    if birth.month == 2 and birth.day == 29:
        leap = year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)
        return datetime.date(year, 2, 29 if leap else 28)
    return datetime.date(year, birth.month, birth.day)


def age_on(birth, date):
    age = date.year - birth.year
    if date < birthday(birth, date.year):
        age -= 1
    if age < 0:
        raise ValueError("date %s is before birth %s" % (date, birth))
    return age


def ceil_div(a, b):
    return -((-a) // b)


def profection(birth, asc_sign, date):
    age = age_on(birth, date)
    last = birthday(birth, birth.year + age)
    nxt = birthday(birth, birth.year + age + 1)
    assert last <= date < nxt, (birth, date, last, nxt)
    span = (nxt - last).days
    k = (date - last).days
    m = (12 * k) // span
    first = last + datetime.timedelta(days=ceil_div(m * span, 12))
    final = last + datetime.timedelta(days=ceil_div((m + 1) * span, 12) - 1)
    assert first <= date <= final, (date, first, final)
    annual_sign = (asc_sign + age % 12) % 12
    month_sign = (annual_sign + m) % 12
    return age, {
        "house": age % 12 + 1, "sign": SIGNS[annual_sign],
        "lord": RULERS[annual_sign], "first_day": last.isoformat(),
        "last_day": (nxt - datetime.timedelta(days=1)).isoformat(),
    }, {
        "month": m, "house": (age + m) % 12 + 1, "sign": SIGNS[month_sign],
        "lord": RULERS[month_sign], "first_day": first.isoformat(),
        "last_day": final.isoformat(),
    }


def profection_records(label, birth, asc):
    asc_sign = int(math.floor(asc / 30.0))
    b30 = birthday(birth, birth.year + PROFECTION_AGE)
    dates = [PROFECTION_DATE, b30, b30 - datetime.timedelta(days=1)]
    dates += EXTRA_DATES.get(label, [])
    recs = []
    for d in dates:
        age, annual, monthly = profection(birth, asc_sign, d)
        recs.append({
            "case": label, "birth_local_date": birth.isoformat(),
            "ascendant": asc, "ascendant_sign": SIGNS[asc_sign],
            "date": d.isoformat(), "age": age, "annual": annual,
            "monthly": monthly,
        })
    return recs


# ---------------------------------------------------------------- firdaria
def sun_altitude(jd, lat, lon):
    xx = calc(jd, swe.SUN)
    _az, true_alt, _app = swe.azalt(jd, swe.ECL2HOR, (lon, lat, 0), 0, 10,
                                    (xx[0], xx[1], xx[2]))
    return true_alt


def firdaria_periods(jd_birth, order):
    periods = []
    cum = 0
    for lord, years in order:
        start = jd_birth + cum * JULIAN_YEAR
        cum += years
        end = jd_birth + cum * JULIAN_YEAR
        sub = []
        if lord in CHALDEAN:
            i0 = CHALDEAN.index(lord)
            bounds = [start + (end - start) * k / 7.0 for k in range(7)] + [end]
            for k in range(7):
                sub.append({"lord": CHALDEAN[(i0 + k) % 7],
                            "start_jd": bounds[k], "end_jd": bounds[k + 1]})
        periods.append({"lord": lord, "start_jd": start, "end_jd": end, "sub": sub})
    assert cum == 75
    return periods


def firdaria_at(periods, t):
    for p in periods:
        if p["start_jd"] <= t < p["end_jd"]:
            for s in p["sub"]:
                if s["start_jd"] <= t < s["end_jd"]:
                    return {"jd": t, "period": p["lord"], "sub": s["lord"]}
            return {"jd": t, "period": p["lord"], "sub": None}
    return {"jd": t, "period": None, "sub": None}


def firdaria_record(label, jd_birth, lat, lon):
    alt = sun_altitude(jd_birth, lat, lon)
    sect = "day" if alt > 0 else "night"
    periods = firdaria_periods(jd_birth, DAY_ORDER if sect == "day" else NIGHT_ORDER)
    instants = [julday(*FIXED_TARGET)] + [jd_birth + y * JULIAN_YEAR
                                          for y in FIRDARIA_AT_YEARS]
    return {
        "case": label, "birth_jd_ut": jd_birth, "latitude": lat,
        "longitude": lon, "sun_altitude": alt, "sect": sect,
        "periods": periods, "at": [firdaria_at(periods, t) for t in instants],
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ephe-path", default=None,
                        help="directory holding sepl_18.se1 and semo_18.se1 "
                             "(default: the glob %s)" % DEFAULT_EPHE_GLOB)
    args = parser.parse_args()
    ephe = resolve_ephe_path(args.ephe_path)
    swe.set_ephe_path(ephe)
    files = {f: sha256(os.path.join(ephe, f)) for f in EPHE_FILES}

    solar_arc, profections, firdaria, near_exact = [], [], [], []
    porphyry_angles = []
    for label, (y, mo, d, hh, mm), lat, lon, local in CASES:
        jd = julday(y, mo, d, hh + mm / 60.0)
        polar = []
        natal = natal_points(jd, lat, lon, polar)
        if polar:
            porphyry_angles.append(label)
        solar_arc += solar_arc_records(label, jd, lat, lon, natal, near_exact)
        profections += profection_records(label, datetime.date(*local),
                                          natal["ascendant"])
        firdaria.append(firdaria_record(label, jd, lat, lon))

    doc = {
        "generated_by": "shared/tests/reference/predictive.py",
        "pyswisseph": _pkg_version("pyswisseph") if _pkg_version else None,
        "swisseph_c_library": swe.version,
        "ephemeris_files": files,
        "solar_arc": solar_arc,
        "profections": profections,
        "firdaria": firdaria,
        "angles_from_porphyry": porphyry_angles,
    }
    text = json.dumps(doc, indent=1, sort_keys=True, allow_nan=False) + "\n"
    with open(OUT, "w") as f:
        f.write(text)

    n_asp = sum(len(v) for r in solar_arc for v in r["aspects"].values())
    print("wrote %s (%d cases: %d solar-arc records, %d aspects, %d profections, "
          "%d firdaria; %d bytes)" % (OUT, len(CASES), len(solar_arc), n_asp,
                                      len(profections), len(firdaria), len(text)))
    for r in firdaria:
        flag = "  <-- within 1 deg of the horizon" if abs(r["sun_altitude"]) < 1.0 else ""
        print("  %-18s sun altitude %+9.4f  %s%s" % (r["case"], r["sun_altitude"],
                                                     r["sect"], flag))
    print("  angles from houses_ex(b'O') (Placidus raised, polar circle):", porphyry_angles)
    for a, b, aname, o, o2 in near_exact:
        print("  applying undecided at 1e-6: %s -> %s %s orb %r nudged %r" % (
            a, b, aname, o, o2))


if __name__ == "__main__":
    main()
