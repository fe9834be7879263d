#!/usr/bin/env python3
"""Generate panchang_reference.json: reference values for the Vedic panchang
feature -- sunrise/sunset (two conventions), moonrise/moonset, vara, tithi,
nakshatra, yoga and karana at sunrise with their end instants, and Rahu
kalam / Yamaganda / Gulika kalam -- for 23 local dates (1950-2045,
India-heavy, both hemispheres, both sides of Greenwich, two kshaya and one
vriddhi tithi found by scanning with ``--scan``).

Per case (a local civil date at a place, IANA zone) four things are kept
apart on purpose:

1. ``sky``: pyswisseph ``rise_trans`` called directly (geopos altitude 0,
   atpress 1013.25 hPa, attemp 15 C), searching from the UT instant of the
   local 00:00 that starts the date (zoneinfo):
   ``apparent`` = default flags (upper limb, refraction: the "civil"
   sunrise of almanacs); ``centre`` = BIT_DISC_CENTER | BIT_NO_REFRACTION
   (centre of the disc on the geometric horizon: the usual Hindu/drik
   convention).  sunrise, sunset, next_sunrise (searched from the next local
   00:00) for both; moonrise/moonset (apparent convention) within the local
   day [00:00, next 00:00), null when there is none that day.
2. ``stated``: the stated rules, implemented here from pyswisseph positions
   and nothing else (Lahiri, FLG_SWIEPH|FLG_SIDEREAL|FLG_SPEED: apparent,
   geocentric, sidereal), evaluated at the sunrise of each convention:
   tithi = floor(elong/12)+1 (1-30), karana = floor(elong/6)+1 (1-60: 1 =
   Kimstughna, 2-57 = Bava, Balava, Kaulava, Taitila, Gara, Vanija, Vishti
   eight times, 58 Shakuni, 59 Chatushpada, 60 Naga; see KARANA_NAMES),
   elong = (Moon - Sun) mod 360 (needs no ayanamsa); nakshatra = floor(sidMoon/(40/3))+1 (1-27); yoga =
   floor(((sidSun+sidMoon) mod 360)/(40/3))+1 (1-27).  A limb's ``end`` is
   the first instant after sunrise at which its number changes, found by
   hourly stepping and bisection on the JD UT axis to 0.01 s.  ``sequence``
   lists every limb from the one at sunrise to the one current at the next
   sunrise (same convention) with its end; ``kshaya`` = numbers that begin
   and end between the two sunrises; ``vriddhi`` = the number at sunrise is
   also the number at the next sunrise.  vara = weekday of the local date
   (0 Sunday..6 Saturday).  Daytime (sunrise->sunset) split into 8 equal
   parts; part by weekday Sun..Sat: Rahu 8,2,7,5,6,4,3; Yamaganda
   5,4,3,2,1,7,6; Gulika 7,6,5,4,3,2,1; each as [start, end].
3. ``program``: PyJHora 4.8.7 (PyPI ``pyjhora``, a Python port of
   Jagannatha Hora; module ``jhora.panchanga.drik``), driven through its
   public functions: sunrise, sunset, vaara, tithi(...,
   force_tithi_at_sunrise=True), nakshatra, yogam, karana, raahu_kaalam,
   yamaganda_kaalam, gulikai_kaalam.  Settings: ayanamsa LAHIRI
   (drik.set_ayanamsa_mode; its default is TRUE_PUSHYA), apparent positions
   (const.PLANET_POSITIONS_TRUE = False + drik.refresh_planet_flags(), i.e.
   FLG_SWIEPH|FLG_SIDEREAL|FLG_SPEED like the stated rules; its default is
   FLG_TRUEPOS), everything else as shipped, in particular its default
   end-time method const.use_planet_speed_for_panchangam_end_timings = True
   (linear extrapolation with the daily speeds at the given instant).  Place
   = drik.Place(name, lat, lon, UTC offset in hours at local noon,
   elevation=0.0).  Two variants are recorded the same way in
   ``program_variants``: ``lagrange`` (use_planet_speed_... = False: its
   JHora-style inverse-Lagrange interpolation from sunrise) and
   ``out_of_the_box`` (speed method and FLG_TRUEPOS positions: every setting
   as shipped except the ayanamsa).  Its quirks are listed in
   ``program.quirks`` in the output (tithi/yoga numbers of the Lagrange code
   taken at sunrise + UTC offset; karana halves split at the time midpoint
   of the tithi; broken second entries; ...).
   Its sunrise convention: rise_trans with BIT_HINDU_RISING (= disc centre,
   no refraction, Sun's ecliptic latitude ignored), altitude 0, i.e.
   ``centre`` (b) to about a second.  It reports local clock hours past the
   local midnight of the date (may be > 24 or < 0); converted here as
   jd_ut = julday(y, m, d, 0) + (hours - offset) / 24.  Its kalam times
   are strings rounded to the second.  The limbs are asked at the program's
   own sunrise (sunrise()[2], its local-clock JD rounded to the second);
   vara and the kalams at local noon (its vara is sunrise-to-sunrise, and
   at its rounded sunrise it can still give the previous weekday).
4. ``comparison`` (per program block): end-instant differences program -
   stated(centre) in seconds and whether the numbers agree; the program's
   second entry (when it reports the limb after the first) is compared with
   ``stated.centre.<limb>.second``.  ``summary``: the worst differences.

All instants are Julian days (UT) as full-precision floats; differences in
seconds.  Nakshatras 1 = Ashwini..27 = Revati; yogas 1 = Vishkambha..27 =
Vaidhriti; tithis 1-15 shukla (15 = purnima), 16-30 krishna (30 = amavasya).

Run:  /tmp/panvenv/bin/python shared/tests/reference/panchang.py
      (optional: --ephe-path DIR; default is the swiss-eph-data-0.1.1 crate's
      ephe/ directory in ~/.cargo/registry, i.e. the Rust service's files;
      --scan PLACE_INDEX START_YEAR YEARS lists kshaya/vriddhi tithi days)

Install (see requirements-panchang.txt): python3.11 -m venv /tmp/panvenv &&
/tmp/panvenv/bin/pip install --no-deps -r requirements-panchang.txt.
pyjhora's wheel declares no dependencies (its own jhora/requirements.txt
lists a GUI/PDF stack -- PyQt6, pyqtgraph, img2pdf, reverse_geocode -- that
jhora.panchanga.drik never imports); the file pins the closure that drik
does import (numpy, pytz, python-dateutil, and requests, geocoder, geopy,
timezonefinder which jhora.utils imports at module level for network
helpers that are never called here) plus tzdata for zoneinfo.
pyswisseph==2.10.3.2 (Swiss Ephemeris C library 2.10.03).  PyJHora's
bundled data/ephe/ has no planetary files (it would silently fall back to
Moshier), so this script sets the ephemeris path after importing it and
asserts that every calc_ut result (PyJHora's included) came from the SWIEPH
files.  The zone database is the pinned tzdata package
(zoneinfo.reset_tzpath(to=[])).

Writes panchang_reference.json next to this file and prints a short summary.
Deterministic (no clock, no randomness); no network (sockets are disabled
before anything is imported).
"""

import argparse
import contextlib
import datetime as dt
import glob
import io
import json
import math
import os
import socket
import sys


def _no_network(*_args, **_kwargs):
    raise RuntimeError("panchang.py must not use the network")


socket.socket.connect = _no_network
socket.create_connection = _no_network
socket.getaddrinfo = _no_network

import zoneinfo  # noqa: E402

zoneinfo.reset_tzpath(to=[])          # only the pinned tzdata package

import swisseph as swe  # noqa: E402

try:
    from importlib.metadata import version as _pkg_version
except ImportError:  # pragma: no cover
    _pkg_version = None

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "panchang_reference.json")
DEFAULT_EPHE_GLOB = os.path.expanduser(
    "~/.cargo/registry/src/*/swiss-eph-data-0.1.1/ephe/")
EPHE_FILES = ("sepl_18.se1", "semo_18.se1")

ATPRESS, ATTEMP = 1013.25, 15.0
SID_FLAGS = swe.FLG_SWIEPH | swe.FLG_SIDEREAL | swe.FLG_SPEED
RISE_APPARENT = 0
RISE_CENTRE = swe.BIT_DISC_CENTER | swe.BIT_NO_REFRACTION
CONVENTIONS = {"apparent": RISE_APPARENT, "centre": RISE_CENTRE}
SECONDS = 86400.0
STEP = 1.0 / 24.0            # bracketing step (every limb lasts > 1 h)
TOL = 0.01 / SECONDS         # bisection tolerance on the JD UT axis

NAK = 40.0 / 3.0
LIMBS = {  # name -> (step in degrees, count)
    "tithi": (12.0, 30),
    "karana": (6.0, 60),
    "nakshatra": (NAK, 27),
    "yoga": (NAK, 27),
}
LIMB_ORDER = ["tithi", "nakshatra", "yoga", "karana"]
# Daytime eighth (1-8) by weekday, Sunday first.
KALAM_PARTS = {
    "rahu_kalam": [8, 2, 7, 5, 6, 4, 3],
    "yamaganda": [5, 4, 3, 2, 1, 7, 6],
    "gulika": [7, 6, 5, 4, 3, 2, 1],
}
MOVABLE = ["bava", "balava", "kaulava", "taitila", "gara", "vanija", "vishti"]
KARANA_NAMES = (["kimstughna"] + [MOVABLE[i % 7] for i in range(56)]
                + ["shakuni", "chatushpada", "naga"])

# id, place, local date, latitude (north +), longitude (east +), IANA zone, note
CASES = [
    ("new_delhi_1950", "New Delhi", "1950-01-26", 28.6139, 77.2090, "Asia/Kolkata",
     "Republic Day"),
    ("johannesburg_1957", "Johannesburg", "1957-09-02", -26.2041, 28.0473,
     "Africa/Johannesburg", "southern hemisphere"),
    ("mumbai_1962", "Mumbai", "1962-08-15", 19.0760, 72.8777, "Asia/Kolkata", ""),
    ("london_1969", "London", "1969-12-21", 51.5074, -0.1278, "Europe/London",
     "British Standard Time: UTC+1 all year 1968-1971; west of Greenwich"),
    ("chennai_1974", "Chennai", "1974-04-14", 13.0827, 80.2707, "Asia/Kolkata", ""),
    ("singapore_1979", "Singapore", "1979-03-10", 1.3521, 103.8198, "Asia/Singapore",
     "UTC+7:30 before 1982"),
    ("kolkata_1985", "Kolkata", "1985-10-22", 22.5726, 88.3639, "Asia/Kolkata", ""),
    ("varanasi_1991", "Varanasi", "1991-11-14", 25.3176, 82.9739, "Asia/Kolkata", ""),
    ("kathmandu_1994", "Kathmandu", "1994-05-25", 27.7172, 85.3240, "Asia/Kathmandu",
     "UTC+5:45"),
    ("colombo_2000", "Colombo", "2000-02-18", 6.9271, 79.8612, "Asia/Colombo",
     "UTC+6:00 (1996-2006)"),
    ("new_york_2001", "New York", "2001-07-04", 40.7128, -74.0060, "America/New_York",
     "EDT UTC-4"),
    ("bengaluru_2003", "Bengaluru", "2003-09-30", 12.9716, 77.5946, "Asia/Kolkata", ""),
    ("sao_paulo_2010", "Sao Paulo", "2010-12-05", -23.5505, -46.6333, "America/Sao_Paulo",
     "daylight saving time UTC-2"),
    ("honolulu_2013", "Honolulu", "2013-06-21", 21.3069, -157.8583, "Pacific/Honolulu",
     "UTC-10"),
    ("ujjain_2016", "Ujjain", "2016-04-22", 23.1765, 75.7885, "Asia/Kolkata",
     "Simhastha Kumbh, Chaitra purnima"),
    ("sydney_2020", "Sydney", "2020-12-25", -33.8688, 151.2093, "Australia/Sydney",
     "AEDT UTC+11"),
    ("new_delhi_2024_kshaya", "New Delhi", "2024-01-14", 28.6139, 77.2090, "Asia/Kolkata",
     "kshaya: tithi 3 at this sunrise, 5 at the next (4 skipped), both conventions"),
    ("mumbai_2024_kshaya_amavasya", "Mumbai", "2024-02-09", 19.0760, 72.8777,
     "Asia/Kolkata", "kshaya across the month end: tithi 29 -> 1 (30 = amavasya skipped)"),
    ("chennai_2024_vriddhi", "Chennai", "2024-03-22", 13.0827, 80.2707, "Asia/Kolkata",
     "vriddhi: tithi 13 at this sunrise and at the next, both conventions"),
    ("hyderabad_2031", "Hyderabad", "2031-03-07", 17.3850, 78.4867, "Asia/Kolkata", ""),
    ("suva_2036", "Suva", "2036-08-11", -18.1416, 178.4419, "Pacific/Fiji", "UTC+12"),
    ("auckland_2039", "Auckland", "2039-01-20", -36.8485, 174.7633, "Pacific/Auckland",
     "NZDT UTC+13"),
    ("jaipur_2045", "Jaipur", "2045-11-04", 26.9124, 75.7873, "Asia/Kolkata", ""),
]


# ---------------------------------------------------------------------------
# Time helpers.
# ---------------------------------------------------------------------------

def parse_date(s):
    y, m, d = (int(x) for x in s.split("-"))
    return dt.date(y, m, d)


def jd_ut_of_local(day, hour, minute, zone):
    """JD UT of the local civil time day hour:minute in `zone`."""
    local = dt.datetime(day.year, day.month, day.day, hour, minute,
                        tzinfo=zoneinfo.ZoneInfo(zone))
    u = local.astimezone(dt.timezone.utc)
    return swe.julday(u.year, u.month, u.day,
                      u.hour + u.minute / 60.0 + u.second / 3600.0)


def utc_offset_hours(day, zone, hour=12):
    local = dt.datetime(day.year, day.month, day.day, hour, 0,
                        tzinfo=zoneinfo.ZoneInfo(zone))
    return local.utcoffset().total_seconds() / 3600.0


def vara_of(day):
    return (day.weekday() + 1) % 7      # Python Monday=0 -> Sunday=0


# ---------------------------------------------------------------------------
# pyswisseph, called directly: rise/set and the stated rules.
# ---------------------------------------------------------------------------

def rise_set(jd_start, body, rsmi, lat, lon):
    res, tret = swe.rise_trans(jd_start, body, rsmi, (lon, lat, 0.0),
                               ATPRESS, ATTEMP, swe.FLG_SWIEPH)
    if res != 0:
        return None
    return tret[0]


def sky_case(day, lat, lon, zone):
    m0 = jd_ut_of_local(day, 0, 0, zone)
    m1 = jd_ut_of_local(day + dt.timedelta(days=1), 0, 0, zone)
    out = {"local_midnight": m0, "next_local_midnight": m1}
    for name, flag in CONVENTIONS.items():
        out[name] = {
            "sunrise": rise_set(m0, swe.SUN, swe.CALC_RISE | flag, lat, lon),
            "sunset": rise_set(m0, swe.SUN, swe.CALC_SET | flag, lat, lon),
            "next_sunrise": rise_set(m1, swe.SUN, swe.CALC_RISE | flag, lat, lon),
        }
        for k in ("sunrise", "sunset"):
            t = out[name][k]
            assert t is not None and m0 <= t < m1, (day, name, k, t)
    for key, rsmi in (("moonrise", swe.CALC_RISE), ("moonset", swe.CALC_SET)):
        t = rise_set(m0, swe.MOON, rsmi, lat, lon)
        out[key] = t if t is not None and t < m1 else None
    return out


def sid_lon(jd, body):
    xx, ret = swe.calc_ut(jd, body, SID_FLAGS)
    assert ret & swe.FLG_SWIEPH, "not from the SWIEPH files"
    return xx[0]


def limb_angle(limb, jd):
    sun, moon = sid_lon(jd, swe.SUN), sid_lon(jd, swe.MOON)
    if limb in ("tithi", "karana"):
        return (moon - sun) % 360.0
    if limb == "nakshatra":
        return moon % 360.0
    return (sun + moon) % 360.0


def limb_number(limb, jd):
    step, count = LIMBS[limb]
    return min(int(math.floor(limb_angle(limb, jd) / step)), count - 1) + 1


def limb_end(limb, t0):
    """First instant after t0 at which the limb number changes (to TOL)."""
    n0 = limb_number(limb, t0)
    a = t0
    while limb_number(limb, a + STEP) == n0:
        a += STEP
    b = a + STEP
    while b - a > TOL:
        m = 0.5 * (a + b)
        if limb_number(limb, m) == n0:
            a = m
        else:
            b = m
    return n0, b


def stated_limb(limb, sunrise, next_sunrise):
    seq = []
    t = sunrise
    while True:
        n, e = limb_end(limb, t)
        seq.append({"number": n, "end": e})
        if e >= next_sunrise:
            break
        t = e
    first, last = seq[0]["number"], seq[-1]["number"]
    if len(seq) >= 2:
        second = dict(seq[1])
    else:
        n, e = limb_end(limb, seq[0]["end"])
        second = {"number": n, "end": e}
    return {
        "number": first,
        "end": seq[0]["end"],
        "second": second,
        "sequence": seq,
        "kshaya": [s["number"] for s in seq[1:-1]],
        "vriddhi": len(seq) == 1,
        "number_at_next_sunrise": last,
    }


def kalams(vara, sunrise, sunset):
    part = (sunset - sunrise) / 8.0
    return {k: [sunrise + (p[vara] - 1) * part, sunrise + p[vara] * part]
            for k, p in KALAM_PARTS.items()}


def stated_case(day, sky):
    swe.set_sid_mode(swe.SIDM_LAHIRI, 0, 0)
    vara = vara_of(day)
    out = {}
    for conv in CONVENTIONS:
        s = sky[conv]
        block = {"vara": vara, "sunrise": s["sunrise"], "sunset": s["sunset"]}
        for limb in LIMB_ORDER:
            block[limb] = stated_limb(limb, s["sunrise"], s["next_sunrise"])
        block["karana"]["name"] = KARANA_NAMES[block["karana"]["number"] - 1]
        block.update(kalams(vara, s["sunrise"], s["sunset"]))
        out[conv] = block
    return out


# ---------------------------------------------------------------------------
# PyJHora.
# ---------------------------------------------------------------------------

_PJ = {}
_NON_SWIEPH = []


def load_pyjhora(ephe):
    # jhora.panchanga prints sys.path on import; keep stdout clean.
    with contextlib.redirect_stdout(io.StringIO()):
        from jhora import const, utils          # noqa: F401
        from jhora.panchanga import drik
    # jhora.const set the path to its own data/ephe (no planetary files).
    swe.set_ephe_path(ephe)
    real_calc_ut = swe.calc_ut

    def checked_calc_ut(*args, **kwargs):
        res = real_calc_ut(*args, **kwargs)
        if not res[1] & swe.FLG_SWIEPH:
            _NON_SWIEPH.append(args[:2])
        return res

    swe.calc_ut = checked_calc_ut
    _PJ.update(const=const, utils=utils, drik=drik)
    return drik


def configure_pyjhora(variant):
    const, drik = _PJ["const"], _PJ["drik"]
    drik.set_ayanamsa_mode("LAHIRI")
    const.PLANET_POSITIONS_TRUE = variant == "out_of_the_box"
    const.use_planet_speed_for_panchangam_end_timings = variant != "lagrange"
    drik.refresh_planet_flags()
    return {"ayanamsa": "LAHIRI", "PLANET_FLAGS": drik.PLANET_FLAGS,
            "RISE_FLAGS": drik.RISE_FLAGS, "SET_FLAGS": drik.SET_FLAGS,
            "use_planet_speed_for_panchangam_end_timings":
                const.use_planet_speed_for_panchangam_end_timings,
            "PLANET_POSITIONS_TRUE": const.PLANET_POSITIONS_TRUE}


def _plain(x):
    if isinstance(x, (list, tuple)):
        return [_plain(v) for v in x]
    if isinstance(x, float):
        return x
    if isinstance(x, (int, str)) or x is None:
        return x
    return float(x)


def hms_to_hours(s):
    h, m, sec = s.split(":")
    return int(h) + int(m) / 60.0 + float(sec) / 3600.0


def program_case(day, lat, lon, zone, name):
    drik, utils = _PJ["drik"], _PJ["utils"]
    tz = utc_offset_hours(day, zone)
    place = drik.Place(name, lat, lon, tz, elevation=0.0)
    jd0 = swe.julday(day.year, day.month, day.day, 0.0)   # its "jd_utc"

    def ut(hours):
        return jd0 + (hours - tz) / 24.0

    noon = utils.julian_day_number((day.year, day.month, day.day), (12, 0, 0))
    sr = drik.sunrise(noon, place)
    ss = drik.sunset(noon, place)
    nsr = drik.sunrise(noon + 1, place)
    at = sr[2]                       # its local-clock JD of sunrise (whole second)
    raw = {
        "utc_offset_hours": tz,
        "sunrise": _plain(sr), "sunset": _plain(ss), "next_sunrise": _plain(nsr),
        "vaara_at_noon": drik.vaara(noon, place),
        "tithi": _plain(drik.tithi(at, place, force_tithi_at_sunrise=True)),
        "nakshatra": _plain(drik.nakshatra(at, place)),
        "yogam": _plain(drik.yogam(at, place)),
        "karana": _plain(drik.karana(at, place)),
        "raahu_kaalam": _plain(drik.raahu_kaalam(noon, place)),
        "yamaganda_kaalam": _plain(drik.yamaganda_kaalam(noon, place)),
        "gulikai_kaalam": _plain(drik.gulikai_kaalam(noon, place)),
    }
    out = {
        "sunrise": ut(sr[0]), "sunset": ut(ss[0]),
        "next_sunrise": jd0 + 1 + (nsr[0] - tz) / 24.0,
        "vara": raw["vaara_at_noon"],
    }
    t = raw["tithi"]
    out["tithi"] = {"number": t[0], "end": ut(t[2])}
    if len(t) >= 6:
        out["tithi"]["next"] = {"number": t[3], "end": ut(t[5])}
    n = raw["nakshatra"]
    out["nakshatra"] = {"number": n[0], "end": ut(n[3])}
    if len(n) >= 7:
        out["nakshatra"]["next"] = {"number": n[4], "end": ut(n[6])}
    y = raw["yogam"]
    if len(y) in (4, 8):          # speed method: [no, start, end, frac, (next...)]
        out["yoga"] = {"number": y[0], "end": ut(y[2])}
        if len(y) == 8:
            out["yoga"]["next"] = {"number": y[4], "end": ut(y[6])}
    else:                         # lagrange: [no, start, end, (no, end)]
        out["yoga"] = {"number": y[0], "end": ut(y[2])}
        if len(y) >= 5:
            out["yoga"]["next"] = {"number": y[3], "end": ut(y[4])}
    k = raw["karana"]
    out["karana"] = {"number": k[0], "end": ut(k[2])}
    for key, rk in (("rahu_kalam", "raahu_kaalam"), ("yamaganda", "yamaganda_kaalam"),
                    ("gulika", "gulikai_kaalam")):
        out[key] = [ut(hms_to_hours(x)) for x in raw[rk]]
    out["raw"] = raw
    return out


# ---------------------------------------------------------------------------
# Comparison.
# ---------------------------------------------------------------------------

def secs(a, b):
    return (a - b) * SECONDS


def compare(prog, stated, sky, tz):
    c = {
        "sunrise_vs_centre_s": secs(prog["sunrise"], sky["centre"]["sunrise"]),
        "sunrise_vs_apparent_s": secs(prog["sunrise"], sky["apparent"]["sunrise"]),
        "sunset_vs_centre_s": secs(prog["sunset"], sky["centre"]["sunset"]),
        "sunset_vs_apparent_s": secs(prog["sunset"], sky["apparent"]["sunset"]),
        "next_sunrise_vs_centre_s": secs(prog["next_sunrise"], sky["centre"]["next_sunrise"]),
        "vara_agrees": prog["vara"] == stated["vara"],
    }
    for limb in LIMB_ORDER:
        p, s = prog[limb], stated[limb]
        d = {"number_agrees": p["number"] == s["number"],
             "end_diff_s": secs(p["end"], s["end"]) if p["number"] == s["number"] else None}
        if p["number"] != s["number"]:
            # which stated limb does the program's number correspond to?
            hit = [x for x in s["sequence"] if x["number"] == p["number"]]
            d["stated_number"] = s["number"]
            d["end_diff_vs_same_number_in_sequence_s"] = (
                secs(p["end"], hit[0]["end"]) if hit else None)
        if limb in ("tithi", "yoga"):
            # the number of the stated rules one UTC offset after sunrise
            # (the instant PyJHora's inverse-Lagrange code really uses)
            d["stated_number_at_sunrise_plus_utc_offset"] = limb_number(
                limb, stated["sunrise"] + tz / 24.0)
        if "next" in p:
            sec = s["second"]
            ok = sec["number"] == p["next"]["number"]
            d["next_number_agrees"] = ok
            d["next_end_diff_s"] = secs(p["next"]["end"], sec["end"]) if ok else None
        c[limb] = d
    for k in KALAM_PARTS:
        c[k + "_diff_s"] = [secs(prog[k][i], stated[k][i]) for i in (0, 1)]
    return c


def summarise(cases, key):
    """Worst |difference| (s) per quantity and every number disagreement, for
    the program block `key` of the comparison."""
    worst = {}

    def upd(name, val, cid):
        if val is None:
            return
        w = worst.setdefault(name, {"max_abs_s": 0.0, "case": None})
        if abs(val) > w["max_abs_s"]:
            w["max_abs_s"], w["case"] = abs(val), cid

    disagreements, next_disagreements = [], []
    for c in cases:
        cmp_ = c["comparison"][key]
        prog = c["program"] if key == "program" else c["program_variants"][key]
        cid = c["name"]
        for k in ("sunrise_vs_centre_s", "sunset_vs_centre_s", "next_sunrise_vs_centre_s",
                  "sunrise_vs_apparent_s", "sunset_vs_apparent_s"):
            upd(k, cmp_[k], cid)
        for limb in LIMB_ORDER:
            d = cmp_[limb]
            upd(limb + "_end", d["end_diff_s"], cid)
            upd(limb + "_end_incl_mismatched_number",
                d["end_diff_s"] if d["number_agrees"]
                else d["end_diff_vs_same_number_in_sequence_s"], cid)
            if d.get("next_number_agrees"):
                upd(limb + "_next_end", d["next_end_diff_s"], cid)
            if not d["number_agrees"]:
                disagreements.append({"case": cid, "limb": limb,
                                      "stated": d["stated_number"],
                                      "program": prog[limb]["number"]})
            if "next_number_agrees" in d and not d["next_number_agrees"]:
                next_disagreements.append({
                    "case": cid, "limb": limb,
                    "stated": c["stated"]["centre"][limb]["second"]["number"],
                    "program": prog[limb]["next"]["number"]})
        for k in KALAM_PARTS:
            for v in cmp_[k + "_diff_s"]:
                upd(k, v, cid)
        if not cmp_["vara_agrees"]:
            disagreements.append({"case": cid, "limb": "vara",
                                  "stated": c["stated"]["centre"]["vara"],
                                  "program": prog["vara"]})
    within = {limb: worst.get(limb + "_end", {"max_abs_s": 0.0})["max_abs_s"] <= 60.0
              for limb in LIMB_ORDER}
    return {"worst": dict(sorted(worst.items())),
            "limb_ends_within_60_s_where_numbers_agree": within,
            "number_disagreements": disagreements,
            "next_entry_number_disagreements": next_disagreements}


# ---------------------------------------------------------------------------
# Descriptions written into the JSON.
# ---------------------------------------------------------------------------

def versions():
    v = {"python": "%d.%d" % sys.version_info[:2], "swisseph_c": swe.version}
    for pkg in ("pyjhora", "pyswisseph", "tzdata"):
        try:
            v[pkg] = _pkg_version(pkg) if _pkg_version else None
        except Exception:
            v[pkg] = None
    return v


CONVENTIONS_DOC = {
    "instants": "Julian days UT (float, full precision); differences in seconds "
                "(program - stated)",
    "local_date": "civil date in the case's IANA zone (pinned tzdata); local_midnight = JD "
                  "UT of its 00:00, next_local_midnight of the next day's 00:00",
    "sky": {
        "rise_trans": "swe.rise_trans(start, body, rsmi, (lon, lat, 0), 1013.25, 15, "
                      "FLG_SWIEPH); sunrise and sunset searched from local_midnight, "
                      "next_sunrise from next_local_midnight",
        "apparent": "rsmi = CALC_RISE/CALC_SET only: upper limb, with refraction",
        "centre": "rsmi |= BIT_DISC_CENTER | BIT_NO_REFRACTION: centre of the disc on the "
                  "geometric horizon",
        "moonrise_moonset": "apparent convention, first event after local_midnight; null "
                            "unless before next_local_midnight",
    },
    "stated": {
        "positions": "swe.calc_ut, FLG_SWIEPH|FLG_SIDEREAL|FLG_SPEED (apparent, geocentric), "
                     "SIDM_LAHIRI; elong = (moon - sun) mod 360",
        "evaluated_at": "the sunrise of the block's convention (stated.apparent / "
                        "stated.centre)",
        "tithi": "floor(elong / 12) + 1, 1-30 (1-15 shukla, 15 purnima, 16-30 krishna, 30 "
                 "amavasya)",
        "karana": "floor(elong / 6) + 1, 1-60: 1 kimstughna, 2-57 bava balava kaulava "
                  "taitila gara vanija vishti x8, 58 shakuni, 59 chatushpada, 60 naga "
                  "(name given)",
        "nakshatra": "floor(sidMoon / (40/3)) + 1, 1 ashwini .. 27 revati",
        "yoga": "floor(((sidSun + sidMoon) mod 360) / (40/3)) + 1, 1 vishkambha .. 27 "
                "vaidhriti",
        "end": "first instant after sunrise at which the number changes: hourly steps, "
               "then bisection to 0.01 s on JD UT (the end is the first instant of the "
               "next number)",
        "second": "the limb after the one at sunrise, with its end (even when that end "
                  "is after the next sunrise)",
        "sequence": "limbs from the one at sunrise up to the one current at the next "
                    "sunrise of the same convention, each with its end",
        "kshaya": "numbers that begin and end between the two sunrises (skipped)",
        "vriddhi": "the number at sunrise is still current at the next sunrise",
        "vara": "weekday of the local date, 0 Sunday .. 6 Saturday",
        "kalams": "daytime sunrise->sunset in 8 equal parts; part (1-8) by weekday Sun..Sat: "
                  "rahu_kalam 8,2,7,5,6,4,3; yamaganda 5,4,3,2,1,7,6; gulika 7,6,5,4,3,2,1; "
                  "[start, end]",
    },
    "comparison": {
        "against": "stated.centre (the program's sunrise convention) and sky",
        "end_diff_s": "program end - stated end, only when the numbers agree (else null, "
                      "and end_diff_vs_same_number_in_sequence_s compares with the stated "
                      "limb of the program's number, if it occurs in the sequence)",
        "next_end_diff_s": "the program's second entry against stated.second",
        "stated_number_at_sunrise_plus_utc_offset": "the stated number at centre sunrise "
                                                    "+ UTC offset (see program.quirks)",
        "kalam_diff_s": "[start, end] differences",
    },
    "summary": "per program block: worst |difference| per quantity (with its case), "
               "whether the first-limb ends are within 60 s where the numbers agree, the "
               "number disagreements on the first limb and vara, and those on the "
               "program's second entry",
}

PROGRAM_DOC = {
    "name": "PyJHora",
    "pypi": "pyjhora",
    "version": "4.8.7",
    "module": "jhora.panchanga.drik",
    "install": "pip install --no-deps -r requirements-panchang.txt (pyjhora's wheel declares "
               "no dependencies; its own jhora/requirements.txt lists a GUI/PDF stack, "
               "PyQt6 pyqtgraph img2pdf reverse_geocode, that drik never imports; the file "
               "pins what drik and jhora.utils import)",
    "sunrise_convention": "swe.rise_trans with rsmi BIT_HINDU_RISING = BIT_DISC_CENTER | "
                          "BIT_NO_REFRACTION | BIT_GEOCTR_NO_ECL_LAT, geopos altitude 0: the "
                          "centre convention (b) except that the Sun's ecliptic latitude is "
                          "ignored (about 1 s at most here); minutes after apparent (a) at "
                          "sunrise, before it at sunset (see summary)",
    "calls": {
        "place": "drik.Place(name, lat, lon, UTC offset hours at local noon, elevation=0.0)",
        "noon": "utils.julian_day_number(date, (12, 0, 0)) (its jd = local clock JD)",
        "sunrise": "drik.sunrise(noon, place)[0] (local hours; [2] is its local-clock JD "
                   "rounded to the second)",
        "sunset": "drik.sunset(noon, place)[0]",
        "next_sunrise": "drik.sunrise(noon + 1, place)[0] (hours of the next date)",
        "vara": "drik.vaara(noon, place)",
        "tithi": "drik.tithi(sunrise()[2], place, force_tithi_at_sunrise=True): [number, "
                 "start, end, (next number, next start, next end)]",
        "nakshatra": "drik.nakshatra(sunrise()[2], place): [number, pada, start, end, next "
                     "number, pada, next end]",
        "yoga": "drik.yogam(sunrise()[2], place): speed method [number, start, end, "
                "fraction left, (next number, start, end, fraction)]; lagrange [number, "
                "start, end, (next number, next end)]",
        "karana": "drik.karana(sunrise()[2], place): (number, start, end)",
        "kalams": "drik.raahu_kaalam / yamaganda_kaalam / gulikai_kaalam(noon, place): "
                  "['HH:MM:SS', 'HH:MM:SS'] local, rounded to the second",
    },
    "time_conversion": "local hours h past the local midnight of the date (may be < 0 or "
                       "> 24) -> jd_ut = julday(y, m, d, 0) + (h - offset) / 24",
    "settings_common": "drik.set_ayanamsa_mode('LAHIRI') (its default TRUE_PUSHYA); "
                       "swe.set_ephe_path(--ephe-path) after import (jhora.const points "
                       "it at its bundled data/ephe, which has no planetary files: it "
                       "would silently use Moshier); every calc_ut result is checked for "
                       "FLG_SWIEPH",
    "blocks": {
        "program": "const.PLANET_POSITIONS_TRUE = False (apparent positions, like stated), "
                   "const.use_planet_speed_for_panchangam_end_timings = True (its default)",
        "program_variants.lagrange": "apparent positions, "
                                     "use_planet_speed_for_panchangam_end_timings = False "
                                     "(inverse-Lagrange interpolation over sunrise .. "
                                     "sunrise + 1 day)",
        "program_variants.out_of_the_box": "its defaults except the ayanamsa: FLG_TRUEPOS "
                                           "positions and the speed method",
    },
    "quirks": [
        "Default (speed) method, tithi and yoga: the number is taken at the given instant "
        "(correct) but the end is a linear extrapolation with the instantaneous daily "
        "speeds (tithi: degrees left / (moon speed - sun speed) * (day + night length) "
        "hours), so ends are minutes off.",
        "Nakshatra always uses drik.nakshatra (5-point inverse Lagrange on sunrise .. "
        "sunrise + 1 day) whatever the setting; it always appends the following nakshatra "
        "(pada repeated) with a less accurate end.",
        "Inverse-Lagrange code (lagrange variant, and the nakshatra grid): it passes "
        "sunrise()[2], a local-clock JD, to calc_ut as if it were UT, so tithi and yoga "
        "numbers are evaluated at sunrise + UTC offset (5.5 h late in India, 10 h early in "
        "Honolulu).  When the limb changes inside that window it reports the next (or "
        "previous) limb, with an accurate end for that limb; "
        "stated_number_at_sunrise_plus_utc_offset reproduces every such disagreement.",
        "Karana: number = 2 * tithi - 1, + 1 when the instant is past the TIME midpoint of "
        "its tithi (start .. end); end = that time midpoint or the tithi end: not the 6-deg "
        "elongation midpoint.  Its numbering is the stated 1-60 (1 kimstughna .. 60 naga): "
        "no conversion.  In the lagrange variant the tithi start is reported as minus the "
        "previous date's end hour (-20.8 = 20:48 yesterday, not -3.2), so the midpoint and "
        "often the karana half are wrong.",
        "Second entries: tithi adds the next tithi when the first ends before 24 h, "
        "computing it at (sunrise JD + end hours / 24), i.e. from the wrong instant (the "
        "lagrange variant's next end can be hours off); the speed-method yoga's second "
        "entry is computed the same way and its number is wrong in most cases.  Kshaya: "
        "the speed method lists the skipped tithi as the second entry (number right); the "
        "lagrange variant lists only one.  Vriddhi: an end after the next sunrise comes "
        "as hours > 24 (correct).",
        "Vara is sunrise-to-sunrise; asked at its own rounded sunrise JD it can give the "
        "previous weekday (the JD is rounded down past the unrounded sunrise hour), so "
        "vara and the kalams are asked at local noon.",
        "Rahu kalam / yamaganda / gulika: the stated rule (eighths of its sunrise..sunset, "
        "same part table); strings rounded to the second.",
        "Positions default to FLG_TRUEPOS (no light-time, no aberration): tithi and yoga "
        "ends move by about half a minute (out_of_the_box vs program).",
        "One UTC offset for the whole day (taken at local noon here); no case is on a DST "
        "change day.",
        "Importing jhora.panchanga prints sys.path and appends a directory derived from "
        "the working directory to sys.path (stdout is swallowed here).",
    ],
}


def write_json(path, doc):
    """json.dumps(indent=1, sort_keys=True), except that the program's raw
    output, the stated sequences, the kalams and the per-limb comparisons
    are one line each."""
    import re
    compact = []

    def mark(obj):
        compact.append(obj)
        return "@@compact:%d@@" % (len(compact) - 1)

    doc = json.loads(json.dumps(doc))          # deep copy
    for case in doc["cases"]:
        blocks = [case["program"]] + list(case["program_variants"].values())
        for b in blocks:
            b["raw"] = mark(b["raw"])
        for conv in case["stated"].values():
            for limb in LIMB_ORDER:
                conv[limb]["sequence"] = mark(conv[limb]["sequence"])
                conv[limb]["second"] = mark(conv[limb]["second"])
        for b in blocks + list(case["stated"].values()):
            for k in KALAM_PARTS:
                b[k] = mark(b[k])
        for cmp_ in case["comparison"].values():
            for k in list(cmp_):
                if isinstance(cmp_[k], (dict, list)):
                    cmp_[k] = mark(cmp_[k])
    text = json.dumps(doc, indent=1, sort_keys=True, allow_nan=False) + "\n"
    text = re.sub(r'"@@compact:(\d+)@@"',
                  lambda m: json.dumps(compact[int(m.group(1))], sort_keys=True,
                                       allow_nan=False), text)
    with open(path, "w") as f:
        f.write(text)
    return text


# ---------------------------------------------------------------------------

def scan(place_index, start_year, years):
    """Print the dates whose centre-convention sunrise tithi skips one (kshaya)
    or repeats (vriddhi) at both conventions."""
    _cid, name, _d, lat, lon, zone, _n = CASES[place_index]
    day = dt.date(start_year, 1, 1)
    end = dt.date(start_year + years, 1, 1)
    swe.set_sid_mode(swe.SIDM_LAHIRI, 0, 0)
    prev = None
    while day < end:
        m0 = jd_ut_of_local(day, 0, 0, zone)
        nums = tuple(limb_number("tithi", rise_set(m0, swe.SUN, swe.CALC_RISE | f, lat, lon))
                     for f in CONVENTIONS.values())
        if prev is not None:
            kinds = set()
            for a, b in zip(prev[1], nums):
                gap = (b - a) % 30
                kinds.add({0: "vriddhi", 1: "normal", 2: "kshaya"}.get(gap, "?"))
            if len(kinds) == 1 and kinds != {"normal"}:
                print(prev[0], name, kinds.pop(), prev[1], "->", nums)
        prev = (day, nums)
        day += dt.timedelta(days=1)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--ephe-path", default=None)
    ap.add_argument("--scan", nargs=3, type=int, metavar=("PLACE_INDEX", "START_YEAR", "YEARS"))
    args = ap.parse_args()
    ephe = args.ephe_path
    if ephe is None:
        hits = sorted(glob.glob(DEFAULT_EPHE_GLOB))
        if not hits:
            sys.exit("no --ephe-path given and %s matched nothing" % DEFAULT_EPHE_GLOB)
        ephe = hits[0]
    for f in EPHE_FILES:
        if not os.path.exists(os.path.join(ephe, f)):
            sys.exit("%s has no %s" % (ephe, f))
    swe.set_ephe_path(ephe)
    if args.scan:
        scan(*args.scan)
        return

    load_pyjhora(ephe)
    variants = ["default", "lagrange", "out_of_the_box"]
    settings = {}
    cases_out = []
    for cid, name, date_s, lat, lon, zone, note in CASES:
        day = parse_date(date_s)
        sky = sky_case(day, lat, lon, zone)
        stated = stated_case(day, sky)
        progs = {}
        for v in variants:
            settings[v] = configure_pyjhora(v)
            progs[v] = program_case(day, lat, lon, zone, name)
            swe.set_sid_mode(swe.SIDM_LAHIRI, 0, 0)
        case = {
            "name": cid, "place": name, "date": date_s, "latitude": lat, "longitude": lon,
            "timezone": zone, "utc_offset_hours_at_noon": utc_offset_hours(day, zone),
            "note": note, "ayanamsa": "lahiri",
            "sky": sky, "stated": stated,
            "program": progs["default"],
            "program_variants": {v: progs[v] for v in variants[1:]},
            "comparison": {v if v != "default" else "program":
                           compare(progs[v], stated["centre"], sky,
                                   utc_offset_hours(day, zone)) for v in variants},
        }
        cases_out.append(case)
    assert not _NON_SWIEPH, "PyJHora got non-SWIEPH positions: %r" % _NON_SWIEPH[:3]

    doc = {
        "generator": "shared/tests/reference/panchang.py",
        "versions": versions(),
        "ephemeris": {"files": list(EPHE_FILES),
                      "path": "swiss-eph-data-0.1.1/ephe (--ephe-path)"},
        "conventions": CONVENTIONS_DOC,
        "program": dict(PROGRAM_DOC, settings=settings),
        "cases": cases_out,
        "summary": {("program" if v == "default" else v): summarise(cases_out, (
            "program" if v == "default" else v)) for v in variants},
    }
    text = write_json(OUT, doc)
    print("wrote %s (%d bytes, %d cases)" % (OUT, len(text), len(cases_out)))
    for v, summ in doc["summary"].items():
        print("%s:" % v)
        for k, w in summ["worst"].items():
            print("  %-40s %10.3f s  (%s)" % (k, w["max_abs_s"], w["case"]))
        for d in summ["number_disagreements"]:
            print("  number disagreement:", d)
        print("  disagreements on its second entry: %d"
              % len(summ["next_entry_number_disagreements"]))


if __name__ == "__main__":
    main()
