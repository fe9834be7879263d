#!/usr/bin/env python3
"""Generate vedic_reference.json: reference values for the Vedic (Jyotish)
feature -- lagna and the nine grahas (sidereal longitude, rashi, nakshatra,
pada, retrograde flag) and their signs in the sixteen vargas D1 D2 D3 D4 D7
D9 D10 D12 D16 D20 D24 D27 D30 D40 D45 D60 -- for 24 births (1900-2020,
India-heavy, both hemispheres, both sides of Greenwich, four of them placed
on purpose a few arcseconds/arcminutes from a sign and nakshatra boundary).

Three things are recorded per birth, kept apart on purpose:

1. ``jyotishyamitra``: what the third-party package jyotishyamitra 1.4.0
   computes, driven through its public API (input_birthdata,
   validate_birthdata, generate_astrologicalData(..., returnval=
   "ASTRODATA_DICTIONARY")).  Its own conventions (Lahiri, mean node,
   Placidus houses_ex ascendant, arcsecond truncation before the vargas, its
   varga rules) are described in the ``conventions`` object.
2. ``pyswisseph``: an independent direct call of the Swiss Ephemeris (jd_ut,
   Lahiri ayanamsa, sidereal longitude and speed of each graha with
   FLG_SWIEPH|FLG_SIDEREAL|FLG_SPEED, mean node for Rahu, Ketu = Rahu + 180,
   sidereal ascendant of houses_ex(jd, lat, lon, b'P', FLG_SIDEREAL)).
3. ``convention``: the varga signs, rashi, nakshatra and pada given by the
   conventions stated in the issue (BPHS as Jagannatha Hora; a longitude
   exactly on a boundary belongs to the next part), implemented below in
   ``stated_*`` functions that use no jyotishyamitra code, applied to the
   pyswisseph longitude with exact rational arithmetic; plus whether
   jyotishyamitra agrees, and a per-varga summary.  ``boundary_probes``
   calls jyotishyamitra's varga functions exactly on every part boundary
   (integral arcseconds) to show its tie-breaking.

Each case also has a ``dasha`` object (Vimshottari, three levels):

- ``jyotishyamitra``: its dasha (support/dashas.py) as it reports it: first
  lord, the Moon arcseconds it uses, balance (days, years, and its own y/m/d
  text), year_days (its year length), and ``mahadashas`` (all nine) each
  with ``antardashas`` each with ``pratyantardashas`` (its paryantardasha):
  lord, its own local date-time text (start, end) and start_jd/end_jd (JD
  UT); it omits sub-periods that end before birth.
- ``stated``: the stated rules implemented here (``stated_dasha``) on the
  pyswisseph Moon: nakshatra, lord, fraction remaining r, balance, the true
  first start before birth, and the same nested periods as JD UT floats
  (365.25-day years).
- ``comparison``: per level, the largest difference in hours between the
  two, whether the lord sequences agree, and what it omits.
- ``stated_with_their_year`` (its year length) and
  ``stated_with_their_year_and_moon`` (also its whole-arcsecond Moon): the
  stated rules re-run to show what the differences come from (level-1
  periods and a comparison of levels 1-3 each).
``dasha_conventions`` describes both conventions; ``dasha_summary`` gives
the worst differences over all cases.  Level-3 periods are written one per
line.

Signs are numbered 1-12 (Aries = 1); nakshatras 1-27 (Ashwini = 1).  Graha
ids: sun moon mars mercury jupiter venus saturn rahu ketu; the ascendant is
``lagna``.  Longitudes in degrees, speeds in degrees/day, margins in arcsec.
Dasha dates are Julian days (UT); differences in hours.

Run:  /tmp/vedvenv/bin/python shared/tests/reference/vedic.py
      (optional: --ephe-path DIR; default is the swiss-eph-data-0.1.1 crate's
      ephe/ directory in ~/.cargo/registry, i.e. the Rust service's files)

Pinned versions (the venv): jyotishyamitra==1.4.0, pyswisseph==2.10.3.2
(Swiss Ephemeris C library 2.10.03), python-dateutil==2.9.0.post0 (needed
by jyotishyamitra, undeclared), Python 3.11.  jyotishyamitra never calls
set_ephe_path; without it pyswisseph silently falls back to the Moshier
ephemeris (Moon ~0.2" off), so this script sets the path first and asserts
that every result came from the SWIEPH files.

Writes vedic_reference.json next to this file and prints a short summary.
Deterministic (no clock, no randomness in the output); no network (sockets
are disabled before anything is imported).
"""

import argparse
import copy
import glob
import hashlib
import io
import json
import math
import os
import socket
import sys
from contextlib import redirect_stdout
from fractions import Fraction


def _no_network(*_args, **_kwargs):
    raise RuntimeError("vedic.py must not use the network")


socket.socket.connect = _no_network
socket.create_connection = _no_network
socket.getaddrinfo = _no_network

import swisseph as swe  # noqa: E402

try:
    from importlib.metadata import version as _pkg_version
except ImportError:  # pragma: no cover
    _pkg_version = None

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "vedic_reference.json")
DEFAULT_EPHE_GLOB = os.path.expanduser(
    "~/.cargo/registry/src/*/swiss-eph-data-0.1.1/ephe/")
EPHE_FILES = ("sepl_18.se1", "semo_18.se1")

SIGNS = ["aries", "taurus", "gemini", "cancer", "leo", "virgo", "libra",
         "scorpio", "sagittarius", "capricorn", "aquarius", "pisces"]
POINTS = ["lagna", "sun", "moon", "mars", "mercury", "jupiter", "venus",
          "saturn", "rahu", "ketu"]
GRAHAS = POINTS[1:]
VARGAS = [1, 2, 3, 4, 7, 9, 10, 12, 16, 20, 24, 27, 30, 40, 45, 60]

# id, place, local date-time (civil, at the given offset), UTC offset in hours
# (jyotishyamitra accepts only multiples of 0.5 and rejects 0), latitude
# (north +), longitude (east +), IANA zone whose offset at that instant equals
# the given one (None where the tz database disagrees, e.g. pre-1942 India on
# local mean time: the offset given here is then simply the input), note.
CASES = [
    ("mumbai_1900", "Mumbai", "1900-03-15T06:10:00", 5.5, 19.0760, 72.8777, None, ""),
    ("kolkata_1915", "Kolkata", "1915-08-20T23:45:00", 5.5, 22.5726, 88.3639, None, ""),
    ("chennai_1931", "Chennai", "1931-01-26T04:20:00", 5.5, 13.0827, 80.2707, None, ""),
    ("london_1936", "London", "1936-07-04T13:20:00", 1.0, 51.5074, -0.1278, "Europe/London",
     "BST; west of Greenwich by 0.13 deg"),
    ("new_delhi_1947", "New Delhi", "1947-08-15T00:00:00", 5.5, 28.6139, 77.2090, "Asia/Kolkata", ""),
    ("port_of_spain_1955", "Port of Spain", "1955-05-30T07:07:00", -4.0, 10.6549, -61.5019,
     "America/Port_of_Spain", ""),
    ("varanasi_1957_moon_before_sagittarius", "Varanasi", "1957-06-12T19:27:00", 5.5, 25.3176, 82.9739,
     "Asia/Kolkata", "Moon ~28 arcsec before 240 deg (end of Scorpio / Jyeshtha, gandanta)"),
    ("colombo_1962", "Colombo", "1962-11-03T15:05:00", 5.5, 6.9271, 79.8612, "Asia/Colombo", ""),
    ("new_york_1965", "New York", "1965-02-21T15:10:00", -5.0, 40.7128, -74.0060, "America/New_York", ""),
    ("bengaluru_1969", "Bengaluru", "1969-07-20T21:48:00", 5.5, 12.9716, 77.5946, "Asia/Kolkata", ""),
    ("lima_1971", "Lima", "1971-08-09T04:05:00", -5.0, -12.0464, -77.0428, "America/Lima", ""),
    ("hyderabad_1975", "Hyderabad", "1975-12-05T08:15:30", 5.5, 17.3850, 78.4867, "Asia/Kolkata", ""),
    ("durban_1977", "Durban", "1977-09-02T03:12:00", 2.0, -29.8587, 31.0218, "Africa/Johannesburg", ""),
    ("kathmandu_1980", "Kathmandu", "1980-04-14T05:30:00", 5.5, 27.7172, 85.3240, "Asia/Kathmandu",
     "Nepal used +05:30 until 1986"),
    ("rio_de_janeiro_1985", "Rio de Janeiro", "1985-06-12T22:30:00", -3.0, -22.9068, -43.1729,
     "America/Sao_Paulo", ""),
    ("sydney_1988", "Sydney", "1988-01-26T09:00:00", 11.0, -33.8688, 151.2093, "Australia/Sydney",
     "daylight saving time"),
    ("port_louis_1991", "Port Louis", "1991-01-19T12:00:00", 4.0, -20.1609, 57.5012, "Indian/Mauritius", ""),
    ("jaipur_1993", "Jaipur", "1993-02-11T17:02:00", 5.5, 26.9124, 75.7873, "Asia/Kolkata", ""),
    ("pune_1999_moon_after_leo", "Pune", "1999-03-28T10:34:50", 5.5, 18.5204, 73.8567, "Asia/Kolkata",
     "Moon ~30 arcsec after 120 deg (0 Leo = start of Magha, gandanta)"),
    ("suva_2003", "Suva", "2003-06-30T18:45:00", 12.0, -18.1416, 178.4419, "Pacific/Fiji", ""),
    ("chennai_2005_lagna_after_sagittarius", "Chennai", "2005-09-12T12:40:02", 5.5, 13.0827, 80.2707,
     "Asia/Kolkata", "lagna ~2 arcmin after 240 deg (0 Sagittarius = start of Mula)"),
    ("guwahati_2010", "Guwahati", "2010-10-10T10:10:10", 5.5, 26.1445, 91.7362, "Asia/Kolkata", ""),
    ("ahmedabad_2016_sun_after_capricorn", "Ahmedabad", "2016-01-15T01:40:00", 5.5, 23.0225, 72.5714,
     "Asia/Kolkata", "Sun ~35 arcsec after 270 deg (Makara sankranti)"),
    ("amritsar_2020", "Amritsar", "2020-03-21T14:59:00", 5.5, 31.6340, 74.8723, "Asia/Kolkata", ""),
]


# ---------------------------------------------------------------------------
# The stated conventions (from the issue), independent of jyotishyamitra.
# All arithmetic on Fractions: a float longitude is converted exactly, so a
# longitude exactly on a boundary is treated as exactly on it (-> next part).
# Signs are 0-based inside these functions, 1-based in the output.
# ---------------------------------------------------------------------------

ARCSEC = Fraction(1, 3600)
NAK = Fraction(40, 3)      # 13 deg 20'
PADA = Fraction(10, 3)     # 3 deg 20'
# D30: (upper bound of the part in degrees within the sign, sign 0-based)
D30_ODD = [(5, 0), (10, 10), (18, 8), (25, 2), (30, 6)]     # Ar Aq Sg Ge Li
D30_EVEN = [(5, 1), (12, 5), (20, 11), (25, 9), (30, 7)]    # Ta Vi Pi Cp Sc


def _frac(lon):
    lon = Fraction(lon) % 360
    return lon


def stated_sign(lon, n):
    """Sign (1-12) of longitude `lon` (degrees) in varga Dn, stated rules."""
    lon = _frac(lon)
    s = int(lon // 30)                 # 0-based rashi
    d = lon - 30 * s                   # 0 <= d < 30
    odd = (s % 2 == 0)                 # Aries, Gemini, ... are odd signs
    modality = s % 3                   # 0 movable, 1 fixed, 2 dual
    part = int(d * n // 30)            # 0-based part; boundary -> next part
    if n == 1:
        r = s
    elif n == 2:
        r = (4 if part == 0 else 3) if odd else (3 if part == 0 else 4)
    elif n == 3:
        r = s + 4 * part
    elif n == 4:
        r = s + 3 * part
    elif n == 7:
        r = (s if odd else s + 6) + part
    elif n == 9:
        r = int(lon // PADA)           # continuous from Aries
    elif n == 10:
        r = (s if odd else s + 8) + part
    elif n == 12:
        r = s + part
    elif n in (16, 45):
        r = (0, 4, 8)[modality] + part
    elif n == 20:
        r = (0, 8, 4)[modality] + part
    elif n == 24:
        r = (4 if odd else 3) + part
    elif n == 27:
        r = (0, 3, 6, 9)[s % 4] + part     # fire, earth, air, water
    elif n == 30:
        table = D30_ODD if odd else D30_EVEN
        r = next(sign for upper, sign in table if d < upper)
    elif n == 40:
        r = (0 if odd else 6) + part
    elif n == 60:
        r = s + part
    else:
        raise ValueError(n)
    return r % 12 + 1


def stated_nakshatra_pada(lon):
    lon = _frac(lon)
    nak = int(lon // NAK)
    pada = int((lon - nak * NAK) // PADA)
    return nak + 1, pada + 1


def boundaries_in_sign(n):
    """Part boundaries (degrees within a sign, 0 and 30 included) of Dn."""
    if n == 30:
        return {"odd": [Fraction(0)] + [Fraction(u) for u, _ in D30_ODD],
                "even": [Fraction(0)] + [Fraction(u) for u, _ in D30_EVEN]}
    b = [Fraction(30 * k, n) for k in range(n + 1)]
    return {"odd": b, "even": b}


def margin_arcsec(lon, n):
    """Distance (arcsec) from `lon` to the nearest Dn part boundary."""
    lon = _frac(lon)
    s = int(lon // 30)
    d = lon - 30 * s
    b = boundaries_in_sign(n)["odd" if s % 2 == 0 else "even"]
    return float(min(abs(d - x) for x in b) * 3600)


def margin_step_arcsec(lon, step):
    lon = _frac(lon)
    x = lon % step
    return float(min(x, step - x) * 3600)


# ---------------------------------------------------------------------------
# pyswisseph, called directly.
# ---------------------------------------------------------------------------

SWE_IDS = [("sun", swe.SUN), ("moon", swe.MOON), ("mars", swe.MARS),
           ("mercury", swe.MERCURY), ("jupiter", swe.JUPITER),
           ("venus", swe.VENUS), ("saturn", swe.SATURN),
           ("rahu", swe.MEAN_NODE)]
SWE_FLAGS = swe.FLG_SWIEPH | swe.FLG_SIDEREAL | swe.FLG_SPEED


def parse_local(s):
    date, time = s.split("T")
    y, mo, d = (int(x) for x in date.split("-"))
    h, mi, se = (int(x) for x in time.split(":"))
    return y, mo, d, h, mi, se


def jd_ut_of(local, offset):
    """UT Julian day as jyotishyamitra forms it: julday of the local civil
    time minus offset/24 (UTC taken as UT, no leap-second/UT1 handling)."""
    y, mo, d, h, mi, se = parse_local(local)
    return swe.julday(y, mo, d, h + mi / 60.0 + se / 3600.0) - offset / 24.0


def pyswisseph_case(jd, lat, lon):
    swe.set_sid_mode(swe.SIDM_LAHIRI, 0, 0)   # jyotishyamitra leaves Fagan/Bradley set
    # get_ayanamsa_ut is the mean ayanamsa (no nutation); the sidereal
    # positions and houses_ex's sidereal ascendant are tropical minus the
    # ayanamsa *with* nutation (get_ayanamsa_ex_ut), recorded as well.
    _fl, ayan_true = swe.get_ayanamsa_ex_ut(jd, swe.FLG_SWIEPH)
    out = {"jd_ut": jd, "ayanamsa_lahiri": swe.get_ayanamsa_ut(jd),
           "ayanamsa_lahiri_with_nutation": ayan_true}
    grahas = {}
    for gid, body in SWE_IDS:
        xx, flag = swe.calc_ut(jd, body, SWE_FLAGS)
        assert flag & swe.FLG_SWIEPH, (gid, flag)   # not a Moshier fallback
        grahas[gid] = {"longitude": xx[0], "speed": xx[3]}
    rahu = grahas["rahu"]
    grahas["ketu"] = {"longitude": (rahu["longitude"] + 180.0) % 360.0,
                      "speed": rahu["speed"]}
    out["grahas"] = grahas
    cusps, ascmc = swe.houses_ex(jd, lat, lon, b"P", swe.FLG_SIDEREAL)
    out["ascendant"] = ascmc[0]
    # Information only: the tropical ascendant of the same call without
    # FLG_SIDEREAL (ascendant == ascendant_tropical - ayanamsa_lahiri_with_nutation).
    _c, ascmc_t = swe.houses_ex(jd, lat, lon, b"P", 0)
    out["ascendant_tropical"] = ascmc_t[0]
    return out


# ---------------------------------------------------------------------------
# jyotishyamitra, through its public API.
# ---------------------------------------------------------------------------

JM_NAMES = {"sun": "Sun", "moon": "Moon", "mars": "Mars", "mercury": "Mercury",
            "jupiter": "Jupiter", "venus": "Venus", "saturn": "Saturn",
            "rahu": "Rahu", "ketu": "Ketu"}


def jm_run(jm, case):
    cid, place, local, offset, lat, lon, _zone, _note = case
    y, mo, d, h, mi, se = parse_local(local)
    jm.input_birthdata(name=cid, gender="female", place=place,
                       longitude=repr(lon), lattitude=repr(lat),
                       timezone=repr(offset), year=str(y), month=str(mo),
                       day=str(d), hour=str(h), min=str(mi), sec=str(se))
    status = jm.validate_birthdata()
    if status != "SUCCESS":
        raise SystemExit("%s: jyotishyamitra rejected the input: %s" % (cid, status))
    # The package never clears charts["Dashas"] between runs (its reset
    # only covers the chart data), so antardashas/paryantardashas dropped
    # for one birth (they end before it) would survive from the previous
    # birth, and the mahadasha dict would keep the first run's key order.
    # Start every run from the package's initial (empty) dasha state.
    import support.mod_astrodata as jm_data
    vim = jm_data.charts["Dashas"]["Vimshottari"]
    vim["mahadashas"], vim["antardashas"], vim["paryantardashas"] = {}, {}, {}
    with redirect_stdout(io.StringIO()):
        charts = jm.generate_astrologicalData(jm.get_birthdata(),
                                              returnval="ASTRODATA_DICTIONARY")
    # The returned dict is a shallow copy of module state reused by the next
    # run: deep-copy it now.
    return copy.deepcopy(charts)


def jm_extract(charts, gen, lagna_mod):
    sign_names = list(gen.signs)            # "Aries" ... "Saggitarius" ...
    nak_names = list(lagna_mod.get_nakshatra_name)
    out = {}
    for pid in POINTS:
        if pid == "lagna":
            d1 = charts["D1"]["ascendant"]
        else:
            d1 = charts["D1"]["planets"][JM_NAMES[pid]]
        sign = sign_names.index(d1["sign"]) + 1
        rec = {
            "longitude": (sign - 1) * 30 + d1["pos"]["dec_deg"],
            "sign": sign,
            "dms_in_sign": [d1["pos"]["deg"], d1["pos"]["min"], d1["pos"]["sec"]],
            "nakshatra": nak_names.index(d1["nakshatra"]) + 1,
            "nakshatra_name": d1["nakshatra"],
            "pada": d1["pada"],
            "retrograde": None if pid == "lagna" else bool(d1["retro"]),
            "vargas": {},
        }
        for n in VARGAS:
            chart = charts["D%d" % n]
            node = chart["ascendant"] if pid == "lagna" else chart["planets"][JM_NAMES[pid]]
            rec["vargas"]["D%d" % n] = sign_names.index(node["sign"]) + 1
        out[pid] = rec
    return out


def jm_boundary_probes(mdiv):
    """Call jyotishyamitra's varga functions exactly on each part boundary
    that is a whole number of arcseconds (the resolution its pipeline feeds
    them) and compare with the stated convention (boundary -> next part)."""
    funcs = {2: mdiv.hora_from_long, 3: mdiv.Drekkana_from_long,
             4: mdiv.Chaturtamsa_from_long, 7: mdiv.Saptamsa_from_long,
             9: mdiv.navamsa_from_long, 10: mdiv.dasamsa_from_long,
             12: mdiv.Dwadasamsa_from_long, 16: mdiv.Shodasamsa_from_long,
             20: mdiv.Vimsamsa_from_long, 24: mdiv.ChaturVimsamsa_from_long,
             27: mdiv.SaptaVimsamsa_from_long, 30: mdiv.Trimsamsa_from_long,
             40: mdiv.Khavedamsa_from_long, 45: mdiv.Akshavedamsa_from_long,
             60: mdiv.Shashtiamsa_from_long}
    result = {}
    for n in VARGAS[1:]:
        agree = disagree = skipped = 0
        examples = []
        for sign in range(1, 13):
            bounds = boundaries_in_sign(n)["odd" if sign % 2 == 1 else "even"]
            for b in bounds[:-1]:                # 0 .. last internal boundary
                secs = b * 3600
                if secs.denominator != 1:        # e.g. D7: 30/7 deg
                    skipped += 1
                    continue
                secs = int(secs)
                dd, rem = divmod(secs, 3600)
                mm, ss = divmod(rem, 60)
                jm_sign = funcs[n](sign, dd, mm, ss)[1]
                want = stated_sign(Fraction(30 * (sign - 1)) + b, n)
                if jm_sign == want:
                    agree += 1
                else:
                    disagree += 1
                    if len(examples) < 6:
                        examples.append({"sign": sign, "dms_in_sign": [dd, mm, ss],
                                         "jyotishyamitra": jm_sign, "convention": want})
        result["D%d" % n] = {"agree": agree, "disagree": disagree,
                             "boundaries_not_whole_arcsec": skipped,
                             "examples": examples}
    return result


# ---------------------------------------------------------------------------
# Vimshottari dasha: jyotishyamitra's (support/dashas.py, read back from
# charts["Dashas"]["Vimshottari"]) and the stated rules, implemented here.
# ---------------------------------------------------------------------------

VIM_ORDER = ["ketu", "venus", "sun", "moon", "mars", "rahu", "jupiter", "saturn", "mercury"]
VIM_YEARS = {"ketu": 7, "venus": 20, "sun": 6, "moon": 10, "mars": 7, "rahu": 18,
             "jupiter": 16, "saturn": 19, "mercury": 17}
JULIAN_YEAR = Fraction(36525, 100)
NAK_ARCSEC = 48000                  # 13 deg 20' in arcseconds
LEVEL_KEYS = {1: "mahadashas", 2: "antardashas", 3: "pratyantardashas"}
US_PER_DAY = 86400 * 10 ** 6

# Level-3 period objects are written one per line (see write_json) to keep
# the file small; this list collects them while the document is built.
_COMPACT = []


def _compact(obj):
    _COMPACT.append(obj)
    return "@@compact:%d@@" % (len(_COMPACT) - 1)


def vim_from(lord):
    i = VIM_ORDER.index(lord)
    return [VIM_ORDER[(i + k) % 9] for k in range(9)]


def parse_jm_datetime(text):
    """'YYYY-MM-DD HH:MM:SS[.ffffff]' (str() of a naive datetime) -> parts."""
    date, time = text.split(" ")
    y, mo, d = (int(x) for x in date.split("-"))
    hms, _dot, frac = time.partition(".")
    h, mi, se = (int(x) for x in hms.split(":"))
    return y, mo, d, h, mi, se, int(frac.ljust(6, "0")) if frac else 0


def local_text_to_jd(text, offset):
    """jyotishyamitra's dasha dates are naive datetimes in the birth's local
    civil time (birth date-time plus timedelta/relativedelta), microsecond
    resolution: JD UT = julday(date, 0h) + time of day - offset/24, exact
    rationals until the final float."""
    y, mo, d, h, mi, se, us = parse_jm_datetime(text)
    day0 = Fraction(swe.julday(y, mo, d, 0.0))
    assert (2 * day0).denominator == 1, day0
    tod = Fraction(((h * 60 + mi) * 60 + se) * 10 ** 6 + us, US_PER_DAY)
    return float(day0 + tod - Fraction(offset) / 24)


def _jm_datetime(text):
    import datetime as dt
    y, mo, d, h, mi, se, us = parse_jm_datetime(text)
    return dt.datetime(y, mo, d, h, mi, se, us)


def jm_dasha(charts, offset, birth_jd, local):
    """jyotishyamitra's Vimshottari dasha for one run, nested, with its own
    text and the JD UT of every date.  The package drops the sub-periods that
    end before birth (relativedelta(end, birth) with a negative year, month or
    day field); its "current" entry (datetime.now()) is not recorded."""
    import datetime as dt
    from dateutil.relativedelta import relativedelta
    vim = charts["Dashas"]["Vimshottari"]
    moon = charts["D1"]["planets"]["Moon"]
    sign_names = ["Aries", "Taurus", "Gemini", "Cancer", "Leo", "Virgo", "Libra",
                  "Scorpio", "Saggitarius", "Capricorn", "Aquarius", "Pisces"]
    moon_sec = (sign_names.index(moon["sign"]) * 30 * 3600 + moon["pos"]["deg"] * 3600
                + moon["pos"]["min"] * 60 + moon["pos"]["sec"])
    low = {v: k for k, v in JM_NAMES.items()}

    def period(e, level):
        p = {"lord": low[e["lord"]], "start": e["startDate"], "end": e["endDate"],
             "start_jd": local_text_to_jd(e["startDate"], offset),
             "end_jd": local_text_to_jd(e["endDate"], offset)}
        if level < 3:
            p.update({"duration": e["duration"], "startage": e["startage"], "endage": e["endage"]})
        return p

    mahas = []
    for e in vim["mahadashas"].values():
        md = period(e, 1)
        md["antardashas"] = []
        mahas.append(md)
        for a in vim["antardashas"].values():
            if a["dashaLord"] != e["lord"]:
                continue
            ad = period(a, 2)
            ad["pratyantardashas"] = [
                period(x, 3) for x in vim["paryantardashas"].values()
                if x["dashaLord"] == e["lord"] and x["bhuktiLord"] == a["lord"]]
            md["antardashas"].append(ad)
    first = mahas[0]
    # The whole cycle is start + relativedelta(years=120) (a calendar add);
    # every level divides its span by 120 (timedelta, microseconds).
    t0 = _jm_datetime(first["start"])
    span = (t0 + relativedelta(years=120)) - t0
    last_end = _jm_datetime(mahas[-1]["end"])
    assert last_end - t0 == span, (last_end - t0, span)
    span_us = span // dt.timedelta(microseconds=1)
    year_days = Fraction(span_us, 120 * US_PER_DAY)
    birth_dt = _jm_datetime(local.replace("T", " "))
    elapsed = birth_dt - t0
    lord = low[moon["nak-ruler"]]
    y = VIM_YEARS[lord]
    # its computeStartDate_FirstDashaLord: elapsed days = (moon arcsec mod
    # 48000) * 365.25 * years / 48000, as timedelta(days=float)
    want = dt.timedelta(days=((moon_sec % NAK_ARCSEC) * (365.25 * y)) / NAK_ARCSEC)
    assert elapsed == want, (elapsed, want)
    bal_days = first["end_jd"] - birth_jd
    return {
        "moon_nakshatra": moon["nakshatra"],
        "moon_longitude_arcsec_used": moon_sec,
        "first_lord": lord,
        "first_start": first["start"], "first_start_jd": first["start_jd"],
        "elapsed_at_birth_days": elapsed / dt.timedelta(days=1),
        "balance_days": bal_days,
        "balance_years_of_365_25_days": bal_days / 365.25,
        "balance_years_of_its_year": bal_days / float(year_days),
        "balance_reported_endage": first["endage"],
        "balance_reported_duration": first["duration"],
        "cycle_days": span_us / US_PER_DAY,
        "year_days": float(year_days),
        "mahadashas": mahas,
    }, year_days, Fraction(moon_sec % NAK_ARCSEC, NAK_ARCSEC)


def stated_dasha(lam, birth_jd, year_days=JULIAN_YEAR, elapsed_fraction=None, levels=3):
    """Vimshottari by the stated rules.  lam: sidereal Moon (deg); the
    first mahadasha starts (1 - r) * Y * 365.25 days before birth
    (elapsed_fraction = 1 - r overrides the Moon's); each mahadasha lasts
    Y * year_days; sub-periods nest as duration * Y_sub / 120 from the
    period's own lord.  Exact rationals, floats only on output."""
    lam = _frac(lam)
    n = int(lam // NAK)
    lord = VIM_ORDER[n % 9]
    f = (lam - n * NAK) / NAK if elapsed_fraction is None else elapsed_fraction
    r = 1 - f
    y = VIM_YEARS[lord]
    birth = Fraction(birth_jd)
    start = birth - f * y * JULIAN_YEAR

    def nest(t, dur, first_lord, level):
        out = []
        for lo in vim_from(first_lord):
            d = dur * VIM_YEARS[lo] / (120 if level > 1 else 1)
            p = {"lord": lo, "start": float(t), "end": float(t + d)}
            if level == 1:
                p = {"lord": lo, "years": VIM_YEARS[lo], "start": float(t), "end": float(t + d)}
            if level < levels:
                p[LEVEL_KEYS[level + 1]] = nest(t, d, lo, level + 1)
            out.append(p)
            t += d
        return out

    return {
        "moon_longitude": float(lam), "nakshatra": n + 1, "first_lord": lord,
        "fraction_remaining": float(r),
        "balance_years": float(r * y), "balance_days": float(r * y * JULIAN_YEAR),
        "first_start_jd": float(start),
        "year_days": float(year_days),
        "mahadashas": nest(start, year_days, lord, 1),
    }


def flatten(mahas, get_start="start", get_end="end"):
    """{level: [(path, start_jd, end_jd), ...]} in the order given."""
    out = {1: [], 2: [], 3: []}

    def walk(periods, level, prefix):
        for p in periods:
            path = prefix + (p["lord"],)
            out[level].append((path, p[get_start], p[get_end]))
            sub = p.get(LEVEL_KEYS.get(level + 1, ""))
            if sub:
                walk(sub, level + 1, path)
    walk(mahas, 1, ())
    return out


def compare_dasha(jm_flat, st_flat, birth_jd, levels=(1, 2, 3)):
    res = {}
    for k in levels:
        smap = {p: (s, e) for p, s, e in st_flat[k]}
        jpaths = [p for p, _s, _e in jm_flat[k]]
        jset = set(jpaths)
        worst, at = 0.0, None
        for p, s, e in jm_flat[k]:
            ss, se = smap[p]
            for which, a, b in (("start", s, ss), ("end", e, se)):
                d = abs(a - b) * 24.0
                if at is None or d > worst:
                    worst, at = d, {"path": "/".join(p), "boundary": which}
        omitted = [(p, e) for p, _s, e in st_flat[k] if p not in jset]
        res["level%d" % k] = {
            "compared": len(jpaths),
            "max_abs_difference_hours": worst,
            "worst": at,
            "lords_sequence_agrees": jpaths == [p for p, _s, _e in st_flat[k] if p in jset]
                                     and jset <= set(smap),
            "omitted_by_jyotishyamitra": len(omitted),
            "omitted_min_hours_before_birth":
                min((birth_jd - e) * 24.0 for _p, e in omitted) if omitted else None,
            "reported_though_ending_before_birth":
                sum(1 for _p, _s, e in jm_flat[k] if e < birth_jd),
        }
    return res


# The third level is written for these births only (the comparisons cover it
# for all 24): written for every birth it made the file 5.9 MB.
LEVEL3_WRITTEN_FOR = {"mumbai_1900", "sydney_1988", "amritsar_2020"}


def dasha_case(charts, sw, birth_jd, offset, local, keep_level3=True):
    """The `dasha` object of one case (see the module docstring)."""
    jmd, their_year, their_elapsed = jm_dasha(charts, offset, birth_jd, local)
    moon = sw["grahas"]["moon"]["longitude"]
    st = stated_dasha(moon, birth_jd)
    jflat = flatten(jmd["mahadashas"], "start_jd", "end_jd")
    comp = compare_dasha(jflat, flatten(st["mahadashas"]), birth_jd)
    comp["first_lord_agrees"] = jmd["first_lord"] == st["first_lord"]
    comp["first_start_difference_hours"] = (jmd["first_start_jd"] - st["first_start_jd"]) * 24.0
    variants = {}
    for name, kw in (("stated_with_their_year", {"year_days": their_year}),
                     ("stated_with_their_year_and_moon",
                      {"year_days": their_year, "elapsed_fraction": their_elapsed})):
        v = stated_dasha(moon, birth_jd, **kw)
        c = compare_dasha(jflat, flatten(v["mahadashas"]), birth_jd)
        for md in v["mahadashas"]:          # keep only level 1 in the file
            md.pop("antardashas")
        v["comparison"] = c
        variants[name] = v
    variants["stated_with_their_year_and_moon"]["elapsed_fraction_from_arcsec"] = \
        "%d/%d" % (their_elapsed.numerator, their_elapsed.denominator)
    for tree in (jmd, st):
        for md in tree["mahadashas"]:
            for ad in md["antardashas"]:
                if keep_level3:
                    ad["pratyantardashas"] = [_compact(x) for x in ad["pratyantardashas"]]
                else:
                    ad.pop("pratyantardashas", None)
    out = {"jyotishyamitra": jmd, "stated": st, "comparison": comp}
    out.update(variants)
    return out


def dasha_summary(cases_out):
    summ = {}
    for variant in ("comparison", "stated_with_their_year", "stated_with_their_year_and_moon"):
        per = {}
        for k in (1, 2, 3):
            lv = "level%d" % k
            worst = {"max_abs_difference_hours": 0.0, "case": None, "worst": None,
                     "compared": 0, "omitted_by_jyotishyamitra": 0,
                     "lords_sequence_agrees_in_all_cases": True}
            for c in cases_out:
                d = c["dasha"]
                comp = d["comparison"] if variant == "comparison" else d[variant]["comparison"]
                x = comp[lv]
                worst["compared"] += x["compared"]
                worst["omitted_by_jyotishyamitra"] += x["omitted_by_jyotishyamitra"]
                worst["lords_sequence_agrees_in_all_cases"] &= x["lords_sequence_agrees"]
                if worst["case"] is None or x["max_abs_difference_hours"] > worst["max_abs_difference_hours"]:
                    worst.update({"max_abs_difference_hours": x["max_abs_difference_hours"],
                                  "case": c["id"], "worst": x["worst"]})
            per[lv] = worst
        key = "stated" if variant == "comparison" else variant
        summ[key] = per
    summ["first_lord_agrees_in_all_cases"] = all(
        c["dasha"]["comparison"]["first_lord_agrees"] for c in cases_out)
    summ["year_days_by_case"] = {c["id"]: c["dasha"]["jyotishyamitra"]["year_days"] for c in cases_out}
    return summ


DASHA_CONVENTIONS = {
    "lords_and_years": "ketu 7, venus 20, sun 6, moon 10, mars 7, rahu 18, jupiter 16, "
                       "saturn 19, mercury 17 (both); lord ids are lower-case graha ids",
    "jyotishyamitra": {
        "source": "support/dashas.py (Vimshottari(charts['D1'], birthdata)), read back from "
                  "charts['Dashas']['Vimshottari'] {mahadashas, antardashas, paryantardashas}",
        "levels": "3: mahadasha, antardasha, paryantardasha (= pratyantardasha; recorded here "
                  "under 'pratyantardashas')",
        "first_lord": "ruler of the Moon's nakshatra (float D1 longitude)",
        "moon_longitude": "the D1 Moon truncated to whole arcseconds (to_dms), "
                          "moon_longitude_arcsec_used",
        "first_start": "true start before birth: birth (naive local datetime) - "
                       "timedelta(days=(arcsec mod 48000) * 365.25 * Y / 48000)",
        "year_length": "the 120-year cycle is first_start + relativedelta(years=120), a calendar-"
                       "year add; every level divides its span by 120 (timedelta, rounded to "
                       "microseconds) and multiplies by the lord's years.  So a year is 365.25 days "
                       "unless the cycle passes 29 Feb of a non-leap century year (1900, 2100): then "
                       "43829/120 = 365.241667 days (year_days).  The start offset always uses 365.25.",
        "sub_periods": "antardasha = mahadasha span / 120 * Y_sub from the mahadasha's lord; "
                       "paryantardasha the same within the antardasha",
        "dropped_periods": "antardashas and paryantardashas whose relativedelta(end, birth) has a "
                           "negative year, month or day field (they end before birth) are not "
                           "reported; all nine mahadashas are",
        "dates": "naive local civil datetimes (the birth's UTC offset; no DST changes), "
                 "str() with microseconds; start_jd/end_jd = julday(date, 0h) + time/24 - "
                 "offset/24 (exact rational until the float), so JD UT to the float's ~40 us",
        "balance": "balance_days = first mahadasha end - birth; reported as the first "
                   "mahadasha's 'endage' (relativedelta(end, birth), y/m/d, hours dropped) and "
                   "'duration' (endage - startage with only its y/m/d clamped to 0, so it can read "
                   "one day more)",
        "state": "the package never clears charts['Dashas'] between runs (stale sub-periods of "
                 "the previous birth survive, key order is the first run's); vedic.py empties it "
                 "before every run.  The 'current' entry (datetime.now()) is not recorded.",
    },
    "stated": {
        "nakshatra": "n = floor(moon / (40/3)) (pyswisseph sidereal Moon, Lahiri), lord = "
                     "order[n mod 9] from ketu; r = 1 - (moon mod 40/3) / (40/3)",
        "balance": "balance_years = r * Y, balance_days = r * Y * 365.25",
        "first_start": "birth_jd - (1 - r) * Y * 365.25",
        "periods": "mahadasha Y * year_days (365.25); antardasha = mahadasha * Y_sub / 120 from "
                   "its own lord; pratyantardasha = antardasha * Y_sub / 120 likewise; exact "
                   "rationals, JD UT floats",
    },
    "stated_with_their_year": "the stated rules with year_days = jyotishyamitra's (its cycle / "
                              "120) for the durations; first start still (1 - r) * Y * 365.25 "
                              "(as the package); only level-1 periods are written, comparisons "
                              "cover levels 1-3",
    "stated_with_their_year_and_moon": "as stated_with_their_year, with 1 - r = (its whole-"
                                       "arcsecond Moon mod 48000) / 48000",
    "comparison": "per level: max |jyotishyamitra - stated| in hours over the starts and ends of "
                  "the periods jyotishyamitra reports (matched by lord path), whether its lords "
                  "follow the stated sequence, how many stated periods it omits and how long "
                  "before birth the latest of them ends",
}


def write_json(path, doc):
    """json.dumps(indent=1), except that each level-3 period is one line."""
    import re
    text = json.dumps(doc, indent=1, allow_nan=False) + "\n"
    text = re.sub(r'"@@compact:(\d+)@@"',
                  lambda m: json.dumps(_COMPACT[int(m.group(1))], allow_nan=False), text)
    with open(path, "w") as f:
        f.write(text)
    return text


# ---------------------------------------------------------------------------


def sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def check_zone(case):
    cid, _place, local, offset, _lat, _lon, zone, _note = case
    if zone is None:
        return
    try:
        import datetime as dt
        import zoneinfo
        tz = zoneinfo.ZoneInfo(zone)
    except Exception:        # no tz database here: nothing to check
        return
    y, mo, d, h, mi, se = parse_local(local)
    off = dt.datetime(y, mo, d, h, mi, se, tzinfo=tz).utcoffset().total_seconds() / 3600
    if off != offset:
        raise SystemExit("%s: %s gives UTC%+g, case says %+g" % (cid, zone, off, offset))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--ephe-path", default=None)
    args = ap.parse_args()
    ephe = args.ephe_path
    if ephe is None:
        hits = sorted(glob.glob(DEFAULT_EPHE_GLOB))
        if not hits:
            sys.exit("no --ephe-path given and %s matched nothing" % DEFAULT_EPHE_GLOB)
        ephe = hits[0]
    # Before jyotishyamitra is imported/used: it shares this swisseph module.
    swe.set_ephe_path(ephe)

    import jyotishyamitra as jm                 # noqa: E402  (top-level module)
    import support.mod_divisional as mdiv       # noqa: E402
    import support.mod_general as gen           # noqa: E402
    import support.mod_lagna as lagna_mod       # noqa: E402

    cases_out = []
    summary = {k: {"agree": 0, "disagree": 0, "examples": []}
               for k in ["rashi", "nakshatra", "pada", "retrograde"] + ["D%d" % n for n in VARGAS]}
    worst = {pid: {"arcsec": 0.0, "case": None} for pid in POINTS}
    ayan_check = {"max_abs_sidereal_asc_minus_tropical_asc_minus_true_ayanamsa_arcsec": 0.0,
                  "max_abs_sidereal_asc_minus_tropical_asc_minus_mean_ayanamsa_arcsec": 0.0,
                  "max_abs_sidereal_sun_minus_tropical_sun_minus_true_ayanamsa_arcsec": 0.0}

    def tally(key, ok, example):
        s = summary[key]
        if ok:
            s["agree"] += 1
        else:
            s["disagree"] += 1
            if len(s["examples"]) < 8:
                s["examples"].append(example)

    for case in CASES:
        cid, place, local, offset, lat, lon, zone, note = case
        check_zone(case)
        jd = jd_ut_of(local, offset)
        charts = jm_run(jm, case)
        jmx = jm_extract(charts, gen, lagna_mod)
        sw = pyswisseph_case(jd, lat, lon)
        dasha = dasha_case(charts, sw, jd, offset, local, keep_level3=cid in LEVEL3_WRITTEN_FOR)
        sun_trop = swe.calc_ut(jd, swe.SUN, swe.FLG_SWIEPH)[0][0]
        for key, val in [
                ("max_abs_sidereal_asc_minus_tropical_asc_minus_true_ayanamsa_arcsec",
                 sw["ascendant"] - sw["ascendant_tropical"] + sw["ayanamsa_lahiri_with_nutation"]),
                ("max_abs_sidereal_asc_minus_tropical_asc_minus_mean_ayanamsa_arcsec",
                 sw["ascendant"] - sw["ascendant_tropical"] + sw["ayanamsa_lahiri"]),
                ("max_abs_sidereal_sun_minus_tropical_sun_minus_true_ayanamsa_arcsec",
                 sw["grahas"]["sun"]["longitude"] - sun_trop + sw["ayanamsa_lahiri_with_nutation"])]:
            val = abs(((val + 180.0) % 360.0) - 180.0) * 3600.0
            ayan_check[key] = max(ayan_check[key], val)

        conv, agree, margins, diffs = {}, {}, {}, {}
        for pid in POINTS:
            lam = sw["ascendant"] if pid == "lagna" else sw["grahas"][pid]["longitude"]
            jm_lam = jmx[pid]["longitude"]
            d = abs(((jm_lam - lam + 180.0) % 360.0) - 180.0) * 3600.0
            diffs[pid] = d
            if d > worst[pid]["arcsec"] or worst[pid]["case"] is None:
                worst[pid] = {"arcsec": d, "case": cid}
            nak, pada = stated_nakshatra_pada(lam)
            c = {"sign": stated_sign(lam, 1), "nakshatra": nak, "pada": pada,
                 "retrograde": None if pid == "lagna" else sw["grahas"][pid]["speed"] < 0,
                 "vargas": {"D%d" % n: stated_sign(lam, n) for n in VARGAS}}
            conv[pid] = c
            a = {}
            ex = {"case": cid, "point": pid, "longitude": lam}
            for key, jv, cv in [("rashi", jmx[pid]["sign"], c["sign"]),
                                ("nakshatra", jmx[pid]["nakshatra"], c["nakshatra"]),
                                ("pada", jmx[pid]["pada"], c["pada"]),
                                ("retrograde", jmx[pid]["retrograde"], c["retrograde"])]:
                if pid == "lagna" and key == "retrograde":
                    continue
                a[key] = jv == cv
                tally(key, jv == cv, dict(ex, jyotishyamitra=jv, convention=cv))
            for n in VARGAS:
                k = "D%d" % n
                jv, cv = jmx[pid]["vargas"][k], c["vargas"][k]
                a[k] = jv == cv
                e = dict(ex, jyotishyamitra=jv, convention=cv,
                         position_in_sign=float(_frac(lam) % 30))
                if jv != cv:
                    # Same rule on jyotishyamitra's arcsecond-truncated input?
                    dd, mm, ss = jmx[pid]["dms_in_sign"]
                    trunc = Fraction(30 * (jmx[pid]["sign"] - 1) + dd) + Fraction(mm, 60) + Fraction(ss, 3600)
                    e["cause"] = ("arcsecond truncation" if stated_sign(trunc, n) == jv
                                  else "rule")
                tally(k, jv == cv, e)
            agree[pid] = a
            m = {"sign": margin_arcsec(lam, 1),
                 "nakshatra": margin_step_arcsec(lam, NAK),
                 "pada": margin_step_arcsec(lam, PADA)}
            m.update({"D%d" % n: margin_arcsec(lam, n) for n in VARGAS[1:]})
            margins[pid] = m

        cases_out.append({
            "id": cid, "place": place, "local_time": local,
            "utc_offset_hours": offset, "latitude": lat, "longitude": lon,
            "iana_zone": zone, "note": note,
            "pyswisseph": sw,
            "jyotishyamitra": jmx,
            "convention": conv,
            "agreement": agree,
            "longitude_difference_arcsec": diffs,
            "boundary_margin_arcsec": margins,
            "dasha": dasha,
        })

    probes = jm_boundary_probes(mdiv)

    doc = {
        "meta": {
            "generator": "shared/tests/reference/vedic.py",
            "python": "%d.%d" % sys.version_info[:2],
            "jyotishyamitra": _pkg_version("jyotishyamitra") if _pkg_version else None,
            "pyswisseph": _pkg_version("pyswisseph") if _pkg_version else None,
            "python_dateutil": _pkg_version("python-dateutil") if _pkg_version else None,
            "swisseph_c_library": swe.version,
            "ephemeris_files": {f: sha256(os.path.join(ephe, f)) for f in EPHE_FILES},
            "signs": SIGNS,
            "sign_numbering": "1-12, aries = 1",
            "nakshatra_numbering": "1-27, ashwini = 1",
            "points": POINTS,
            "vargas": ["D%d" % n for n in VARGAS],
            "units": "longitudes and ayanamsa in degrees, speeds in degrees/day, "
                     "differences and margins in arcseconds",
        },
        "conventions": {
            "jyotishyamitra": {
                "ayanamsa": "Lahiri (swe.set_sid_mode(SIDM_LAHIRI), reset to FAGAN_BRADLEY after each call)",
                "position_flags": "FLG_SWIEPH | FLG_SIDEREAL (no FLG_SPEED for the longitude; "
                                  "a second call with FLG_SPEED for the retrograde flag)",
                "ephemeris_path": "never set by the package; this script sets it (else Moshier fallback)",
                "time": "jd = swe.julday(local civil date, h + m/60 + s/3600) - offset/24, used as UT "
                        "(calc_ut / houses_ex); offset must be a non-zero multiple of 0.5 h; "
                        "integer seconds only",
                "rahu": "MEAN_NODE; retrograde = speed < 0",
                "ketu": "(rahu + 180) mod 360; retrograde always True",
                "lagna": "swe.houses_ex(jd_ut, lat, lon, b'P', FLG_SIDEREAL) ascmc[0]",
                "rashi_nakshatra_pada": "int(lon/30), int(lon/(360/27)), int(rem/(360/108)) on the float "
                                        "longitude (boundary -> next part)",
                "varga_input": "position in sign truncated to whole arcseconds (to_dms: int deg, int min, "
                               "int(round(sec, 6))) before every varga",
                "varga_rules": {
                    "D2": "continuous 15-degree parts from Aries: sign = floor(lon/15) mod 12 + 1 "
                          "(Aries -> Aries, Taurus; Taurus -> Gemini, Cancer; ... Virgo -> Aquarius, "
                          "Pisces; Libra -> Aries, Taurus ...) -- NOT the Leo/Cancer Parashara hora",
                    "D3": "sign, 5th, 9th",
                    "D4": "sign, 4th, 7th, 10th",
                    "D7": "odd from the sign, even from the 7th",
                    "D9": "continuous from Aries (3deg20' parts)",
                    "D10": "odd from the sign, even from the 9th",
                    "D12": "from the sign",
                    "D16": "movable Aries, fixed Leo, dual Sagittarius",
                    "D20": "movable Aries, fixed Sagittarius, dual Leo",
                    "D24": "odd Leo, even Cancer",
                    "D27": "fire Aries, earth Cancer, air Libra, water Capricorn",
                    "D30": "odd Ar/Aq/Sg/Ge/Li at 5/10/18/25, even Ta/Vi/Pi/Cp/Sc at 5/12/20/25, but "
                           "compared with <=, so a position exactly on 5, 10, ... (whole arcsec) "
                           "stays in the earlier part",
                    "D40": "odd from Aries, even from Libra",
                    "D45": "movable Aries, fixed Leo, dual Sagittarius",
                    "D60": "half-degree parts counted from the sign itself",
                },
            },
            "stated": {
                "positions": "Swiss sidereal (FLG_SIDEREAL), Lahiri, apparent, geocentric; "
                             "Rahu mean node; Ketu = Rahu + 180; retrograde = speed < 0",
                "lagna": "sidereal ascendant of swe_houses_ex",
                "boundaries": "a longitude exactly on a boundary belongs to the next part",
                "nakshatra": "floor(lon / 13deg20') + 1, pada floor((lon mod 13deg20') / 3deg20') + 1",
                "varga_rules": "BPHS as Jagannatha Hora (see stated_sign() in vedic.py); D2 odd Leo "
                               "then Cancer, even Cancer then Leo",
                "applied_to": "the pyswisseph longitude, exact rational arithmetic",
            },
            "pyswisseph_path": {
                "flags": "FLG_SWIEPH | FLG_SIDEREAL | FLG_SPEED, set_sid_mode(SIDM_LAHIRI, 0, 0)",
                "jd_ut": "same formula as jyotishyamitra (julday(local) - offset/24)",
                "ascendant": "houses_ex(jd_ut, lat, lon, b'P', FLG_SIDEREAL) ascmc[0]; "
                             "ascendant_tropical (same call, iflag 0) is for information only",
                "ayanamsa": "ayanamsa_lahiri = get_ayanamsa_ut (mean, no nutation); "
                            "ayanamsa_lahiri_with_nutation = get_ayanamsa_ex_ut(jd, FLG_SWIEPH)[1]; "
                            "sidereal = tropical - ayanamsa_lahiri_with_nutation",
            },
        },
        "cases": cases_out,
        "summary": {
            "per_item": summary,
            "worst_longitude_difference_arcsec": worst,
            "ayanamsa_checks": ayan_check,
        },
        "boundary_probes": probes,
        "dasha_conventions": DASHA_CONVENTIONS,
        "dasha_summary": dasha_summary(cases_out),
    }
    text = write_json(OUT, doc)

    print("wrote %s (%d cases, %d bytes)" % (OUT, len(cases_out), len(text)))
    for k, v in summary.items():
        print("  %-10s agree %3d  disagree %3d" % (k, v["agree"], v["disagree"]))
    print("  worst |jyotishyamitra - pyswisseph| (arcsec):",
          ", ".join("%s %.3g" % (p, worst[p]["arcsec"]) for p in POINTS))
    for k, v in ayan_check.items():
        print("  %s: %.3g" % (k, v))
    for k, v in probes.items():
        if v["disagree"]:
            print("  boundary probe %s: %d of %d boundaries disagree"
                  % (k, v["disagree"], v["agree"] + v["disagree"]))
    ds = doc["dasha_summary"]
    print("  dasha: first lord agrees in all cases:", ds["first_lord_agrees_in_all_cases"])
    for variant in ("stated", "stated_with_their_year", "stated_with_their_year_and_moon"):
        print("  dasha vs %s: %s" % (variant, ", ".join(
            "L%s max %.6g h (%s) lords %s" % (lv[-1], x["max_abs_difference_hours"], x["case"],
                                              "agree" if x["lords_sequence_agrees_in_all_cases"]
                                              else "DIFFER")
            for lv, x in ds[variant].items())))


if __name__ == "__main__":
    main()
