#!/usr/bin/env python3
"""Generate ashtakoota_reference.json: reference values for the Vedic
Ashtakoota (guna milan, 36-point) marriage-matching feature -- the eight
koota points (varna 1, vashya 2, tara 3, yoni 4, graha maitri 5, gana 6,
bhakoot 7, nadi 8) and their total for every ordered (groom, bride) pair of
110 Moon longitudes, from three independent third-party programs and from
the conventions stated in our issue, with each program's TABLES recorded as
data and a comparison of where they differ.

Moon longitudes (sidereal, degrees): the 108 pada midpoints -- pada k of
nakshatra n at (n-1)*40/3 + (k-0.5)*10/3 -- except the two padas that
contain the vashya split at 15 deg Sagittarius (255, Purva Ashadha pada 1)
and 15 deg Capricorn (285, Shravana pada 2), each of which is replaced by two
longitudes 1 deg either side of the split (254, 256 and 284, 286): N = 110.
``moons`` lists them in increasing longitude with rashi (1-12, Aries = 1),
nakshatra (1-27, Ashwini = 1, floor(lon / 13d20') + 1) and pada (1-4).

Scores: ``sources.<name>.scores`` is an N*N list, row-major with index
groom_index * N + bride_index, each row
[varna, vashya, tara, yoni, maitri, gana, bhakoot, nadi, total]
(whole numbers written as integers).  person1 = groom, person2 = bride.

Sources (all driven through their own public functions; none of them is
given anything but a Moon position):

1. ``pyjhora`` -- PyJHora 4.8.7 (Python port of Jagannatha Hora, AGPL),
   ``jhora.horoscope.match.compatibility.Ashtakoota(boy_nakshatra,
   boy_pada, girl_nakshatra, girl_pada, method="North")
   .compatibility_score()``.  It takes nakshatra + pada only (the rashi is
   re-derived from the pada's midpoint), so 254/256 and 284/286 reach it as
   the same input.  Its North-Indian scores contain no dosha cancellations
   (nothing to switch off); its nadi/bhakoot exceptions do not exist in this
   module.  Its settings file (jhora/data/*_settings.json) does not enter the
   North ashtakoota.  Tables are read from the module
   (vasiya_raasi_list = varna per rashi, yoni_mappings, YoniArray,
   VasiyaArray, gana_array, raasi_adhipathi_mappings/array, raasi_array,
   NadiArray, Ashtakoota._find_gana) or, where they are local to a method
   (vashya groups, the nadi list), found by probing its methods with anchor
   Moons and then verified against every one of the N*N scores.  Also
   recorded: whether its shipped match database
   (jhora/data/all_nak_pad_boy_girl.csv, read by its Match class) agrees
   with the live class.
2. ``astro_skill`` -- astro-skill 2.0.1 (MIT),
   ``astro.scripts.guna_milan.compatibility_from_persons(bride, groom)``
   with persons {"rashi_idx", "nak_idx"} (0-based) from the Moon.  Its
   tables are JSON data (astro/data/compatibility_data.json,
   nakshatra_db.json, graha_data.json) and are copied here.  Its nadi and
   bhakoot dosha cancellations are reported beside the points and never
   change them, so its points are raw.
3. ``vedic_astro_engine_lite`` -- vedic-astro-engine-lite 1.2.0 (AGPL),
   ``vedic_astro_engine.matchmaking.calculate_guna_milan(boy_moon_lon,
   girl_moon_lon)`` (the only one that takes longitudes).  DEFECT: its graha
   maitri calls ``ShadbalaCalculator.get_relationship``, which does not
   exist in the package, so the call raises AttributeError for every pair
   whose rashi lords differ (counted in ``unpatched_errors``).  To obtain its
   other kootas this script adds that one missing classmethod, reading the
   package's own ShadbalaCalculator.PERMANENT_MAITRI (1 friend, 0 neutral,
   -1 enemy); its maitri column is therefore "its point map on its own
   natural-friendship table", flagged ``maitri_patched``.  Its yoni uses a
   non-standard animal list and a 4/3/2/0 tier rule; vashya has no 15-degree
   split.  Treat it as the weakest source.

``stated`` is our issue's rules, implemented below in ``stated_*`` functions
that use no package code, on exact rational longitudes.  Where the issue
leaves a value open ("others per the standard table": vashya points between
different groups, yoni points between different, non-enemy animals, gana
deva/manushya and deva/rakshasa) the stated koota is null rather than a
guessed table, and its total is null when any koota is; ``comparison``
counts agreement with ``stated`` over the pairs it decides and lists, for
each undecided table cell, what each source gives.

Other koota programs looked at and not used: jyotishganit 0.1.7,
kundli-ai 0.1.2, vedicastro 0.2.1, jyotish-engine 0.2.0 (none computes
ashtakoota).  Manglik (kuja dosha) rules of the three sources are written in
``conventions`` (no data).

Run:  python3.11 -m venv /tmp/matchvenv
      /tmp/matchvenv/bin/pip install --no-deps \
          -r shared/tests/reference/requirements-ashtakoota.txt
      /tmp/matchvenv/bin/python shared/tests/reference/ashtakoota.py
(--no-deps: pyjhora's wheel declares no dependencies -- the list it ships
in jhora/requirements.txt is for its PyQt6 GUI -- and astro-skill declares
mcp for its MCP server; none of those is imported here.  The requirements
file is the complete set installed: what the three packages import.)

Writes ashtakoota_reference.json next to this file and prints a short
summary.  Deterministic (no clock, no randomness); no network (sockets are
disabled before anything is imported); nothing is downloaded at run time.
"""

import contextlib
import io
import json
import os
import socket
import sys
from fractions import Fraction
from itertools import combinations


def _no_network(*_args, **_kwargs):
    raise RuntimeError("ashtakoota.py must not use the network")


socket.socket.connect = _no_network
socket.create_connection = _no_network
socket.getaddrinfo = _no_network

# pyjhora prints a line when imported; keep stdout clean.
with contextlib.redirect_stdout(io.StringIO()):
    from jhora import const as pj_const  # noqa: E402
    from jhora.horoscope.match import compatibility as pj  # noqa: E402
    from astro.scripts import guna_milan as ask  # noqa: E402
    from vedic_astro_engine import matchmaking as vae  # noqa: E402
    from vedic_astro_engine.shadbala import ShadbalaCalculator  # noqa: E402

from importlib.metadata import version as _pkg_version  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "ashtakoota_reference.json")

KOOTAS = ["varna", "vashya", "tara", "yoni", "maitri", "gana", "bhakoot",
          "nadi", "total"]
SIGNS = ["aries", "taurus", "gemini", "cancer", "leo", "virgo", "libra",
         "scorpio", "sagittarius", "capricorn", "aquarius", "pisces"]
NAKSHATRAS = ["Ashwini", "Bharani", "Krittika", "Rohini", "Mrigashira",
              "Ardra", "Punarvasu", "Pushya", "Ashlesha", "Magha",
              "Purva Phalguni", "Uttara Phalguni", "Hasta", "Chitra", "Swati",
              "Vishakha", "Anuradha", "Jyeshtha", "Mula", "Purva Ashadha",
              "Uttara Ashadha", "Shravana", "Dhanishta", "Shatabhisha",
              "Purva Bhadrapada", "Uttara Bhadrapada", "Revati"]
PLANETS = ["sun", "moon", "mars", "mercury", "jupiter", "venus", "saturn"]
ANIMALS = ["horse", "elephant", "sheep", "serpent", "dog", "cat", "rat",
           "cow", "buffalo", "tiger", "deer", "monkey", "mongoose", "lion"]
GANAS = ["deva", "manushya", "rakshasa"]
NADIS = ["adi", "madhya", "antya"]
VARNAS = ["brahmin", "kshatriya", "vaishya", "shudra"]
VASHYA_GROUPS = ["chatushpada", "manava", "jalachara", "vanachara", "keeta"]

NAK_SPAN = Fraction(40, 3)
PADA_SPAN = Fraction(10, 3)


def num(x):
    """JSON-friendly number: integers as int, halves as float."""
    if x is None:
        return None
    if isinstance(x, bool):
        raise TypeError("boolean score")
    f = float(x)
    return int(f) if f == int(f) else f


# --------------------------------------------------------------------------
# Moons
# --------------------------------------------------------------------------

def moon_longitudes():
    out = []
    for n in range(1, 28):
        for k in range(1, 5):
            lo = (n - 1) * NAK_SPAN + (k - 1) * PADA_SPAN
            hi = lo + PADA_SPAN
            split = None
            for s in (Fraction(255), Fraction(285)):
                if lo <= s < hi:
                    split = s
            if split is not None:
                out += [split - 1, split + 1]
            else:
                out.append(lo + PADA_SPAN / 2)
    return out


def stated_rashi(lon):
    return int(lon // 30) + 1


def stated_nakshatra(lon):
    return int(lon // NAK_SPAN) + 1


def stated_pada(lon):
    return int(lon // PADA_SPAN) % 4 + 1


# --------------------------------------------------------------------------
# Stated rules (our issue); no package code below this line until SOURCES
# --------------------------------------------------------------------------

SIGN_LORD = ["mars", "venus", "mercury", "moon", "sun", "mercury", "venus",
             "mars", "jupiter", "saturn", "saturn", "jupiter"]
# BPHS naisargika (natural) friendship: planet -> (friends, enemies); the
# rest neutral.
BPHS_FRIENDS = {
    "sun": ({"moon", "mars", "jupiter"}, {"venus", "saturn"}),
    "moon": ({"sun", "mercury"}, set()),
    "mars": ({"sun", "moon", "jupiter"}, {"mercury"}),
    "mercury": ({"sun", "venus"}, {"moon"}),
    "jupiter": ({"sun", "moon", "mars"}, {"mercury", "venus"}),
    "venus": ({"mercury", "saturn"}, {"sun", "moon"}),
    "saturn": ({"mercury", "venus"}, {"sun", "moon", "mars"}),
}
MAITRI_POINTS = {("friend", "friend"): 5, ("friend", "neutral"): 4,
                 ("neutral", "neutral"): 3, ("enemy", "friend"): 1,
                 ("enemy", "neutral"): 0.5, ("enemy", "enemy"): 0}
# Varna by the Moon's rashi: water Brahmin, fire Kshatriya, earth Vaishya,
# air Shudra.
STATED_VARNA = ["kshatriya", "vaishya", "shudra", "brahmin"] * 3
VARNA_RANK = {"brahmin": 4, "kshatriya": 3, "vaishya": 2, "shudra": 1}
# The classical nakshatra animal (yoni), gana and nadi.
STATED_YONI = ["horse", "elephant", "sheep", "serpent", "serpent", "dog",
               "cat", "sheep", "cat", "rat", "rat", "cow", "buffalo", "tiger",
               "buffalo", "tiger", "deer", "deer", "dog", "monkey",
               "mongoose", "monkey", "lion", "horse", "lion", "cow",
               "elephant"]
STATED_YONI_ENEMIES = [{"horse", "buffalo"}, {"elephant", "lion"},
                       {"sheep", "monkey"}, {"serpent", "mongoose"},
                       {"dog", "deer"}, {"cat", "rat"}, {"cow", "tiger"}]
_D, _M, _R = "deva", "manushya", "rakshasa"
STATED_GANA = [_D, _M, _R, _M, _D, _M, _D, _D, _R, _R, _M, _M, _D, _R, _D,
               _R, _D, _R, _R, _M, _M, _D, _R, _R, _M, _M, _D]
STATED_NADI = [NADIS[[0, 1, 2, 2, 1, 0][i % 6]] for i in range(27)]


def stated_varna_of(lon):
    return STATED_VARNA[stated_rashi(lon) - 1]


def stated_varna(groom, bride):
    return 1 if (VARNA_RANK[stated_varna_of(groom)]
                 >= VARNA_RANK[stated_varna_of(bride)]) else 0


def stated_vashya_group(lon):
    r = stated_rashi(lon)
    first_half = (lon - 30 * (r - 1)) < 15
    if r in (1, 2):
        return "chatushpada"
    if r in (3, 6, 7, 11):
        return "manava"
    if r in (4, 12):
        return "jalachara"
    if r == 5:
        return "vanachara"
    if r == 8:
        return "keeta"
    if r == 9:
        return "manava" if first_half else "chatushpada"
    return "chatushpada" if first_half else "jalachara"  # r == 10


def stated_vashya(groom, bride):
    """2 for the same group; the points between groups are not stated."""
    return 2 if stated_vashya_group(groom) == stated_vashya_group(bride) \
        else None


def _tara_dir(frm, to):
    count = (to - frm) % 27 + 1
    return 0 if count % 9 in (3, 5, 7) else Fraction(3, 2)


def stated_tara(groom, bride):
    g, b = stated_nakshatra(groom), stated_nakshatra(bride)
    return _tara_dir(b, g) + _tara_dir(g, b)


def stated_yoni(groom, bride):
    a = STATED_YONI[stated_nakshatra(groom) - 1]
    b = STATED_YONI[stated_nakshatra(bride) - 1]
    if a == b:
        return 4
    if {a, b} in STATED_YONI_ENEMIES:
        return 0
    return None


def stated_relation(of, to):
    friends, enemies = BPHS_FRIENDS[of]
    return "friend" if to in friends else "enemy" if to in enemies \
        else "neutral"


def stated_maitri_lords(lg, lb):
    if lg == lb:
        return 5
    key = tuple(sorted([stated_relation(lg, lb), stated_relation(lb, lg)]))
    return MAITRI_POINTS[key]


def stated_maitri(groom, bride):
    return stated_maitri_lords(SIGN_LORD[stated_rashi(groom) - 1],
                               SIGN_LORD[stated_rashi(bride) - 1])


def stated_gana(groom, bride):
    a = STATED_GANA[stated_nakshatra(groom) - 1]
    b = STATED_GANA[stated_nakshatra(bride) - 1]
    if a == b:
        return 6
    if {a, b} == {_M, _R}:
        return 0
    return None


def stated_bhakoot(groom, bride):
    g, b = stated_rashi(groom), stated_rashi(bride)
    pair = {(g - b) % 12 + 1, (b - g) % 12 + 1}
    return 0 if pair in ({2, 12}, {5, 9}, {6, 8}) else 7


def stated_nadi(groom, bride):
    return 0 if (STATED_NADI[stated_nakshatra(groom) - 1]
                 == STATED_NADI[stated_nakshatra(bride) - 1]) else 8


def stated_scores(groom, bride):
    parts = [stated_varna(groom, bride), stated_vashya(groom, bride),
             stated_tara(groom, bride), stated_yoni(groom, bride),
             stated_maitri(groom, bride), stated_gana(groom, bride),
             stated_bhakoot(groom, bride), stated_nadi(groom, bride)]
    total = None if any(p is None for p in parts) else sum(parts)
    return [num(p) for p in parts] + [num(total)]


# --------------------------------------------------------------------------
# SOURCES
# --------------------------------------------------------------------------

# --- pyjhora --------------------------------------------------------------

def pyjhora_scores(g, b):
    """g, b: (nakshatra, pada)."""
    a = pj.Ashtakoota(g[0], g[1], b[0], b[1], method="North")
    s = a.compatibility_score()
    # its order: varna, vasiya, gana, dina/tara, yoni, adhipathi, raasi, nadi,
    # total, then the four South-Indian booleans
    row = [s[0], s[1], s[3], s[4], s[5], s[2], s[6], s[7], s[8]]
    return [num(x) for x in row], a


PJ_ANIMALS = [x.lower().replace("serpant", "serpent")
              for x in pj.yoni_categories]
PJ_PLANET_IDX = list(range(7))  # 0 Sun ... 6 Saturn, as raasi_adhipathi_*


def pyjhora_vashya_groups(moons_np):
    """Vashya group of each (nakshatra, pada) as pyjhora's vasiya_porutham
    sees it, found by probing with anchor Moons whose group is fixed by the
    rashi alone (Aries, Gemini, Cancer, Leo, Scorpio), then checked."""
    anchors = [(1, 1), (5, 3), (7, 4), (10, 1), (16, 4)]
    va = pj.VasiyaArray
    # anchors against each other must reproduce VasiyaArray[girl][boy]
    for gi, ga in enumerate(anchors):
        for bi, ba in enumerate(anchors):
            s = pj.Ashtakoota(ba[0], ba[1], ga[0], ga[1]).vasiya_porutham()[0]
            assert s == va[gi][bi], ("anchor", gi, bi, s)
    cols = [tuple(va[r][c] for r in range(5)) for c in range(5)]
    rows = [tuple(va[r][c] for c in range(5)) for r in range(5)]
    assert len(set(cols)) == 5 and len(set(rows)) == 5
    out = []
    for (n, p) in moons_np:
        as_boy = tuple(pj.Ashtakoota(n, p, a[0], a[1]).vasiya_porutham()[0]
                       for a in anchors)
        as_girl = tuple(pj.Ashtakoota(a[0], a[1], n, p).vasiya_porutham()[0]
                        for a in anchors)
        gb, gg = cols.index(as_boy), rows.index(as_girl)
        assert gb == gg, (n, p, gb, gg)
        out.append(gb)
    return out


def pyjhora_nadi_classes():
    """Nadi class of each nakshatra from naadi_porutham (its list is local
    to the method), labelled adi/madhya/antya by Ashwini/Bharani/Krittika."""
    out = []
    for n in range(1, 28):
        zero = [a for a in (1, 2, 3)
                if pj.Ashtakoota(n, 1, a, 1).naadi_porutham()[0] == 0]
        assert len(zero) == 1, (n, zero)
        out.append(NADIS[zero[0] - 1])
    return out


def pyjhora_tables(moons_np, vashya_group_idx):
    varna = [VARNAS[pj.vasiya_raasi_list[r]] for r in range(12)]
    yoni = [PJ_ANIMALS[pj.yoni_mappings[n]] for n in range(27)]
    gana = [GANAS[pj.Ashtakoota._find_gana(None, n)] for n in range(27)]
    nadi = pyjhora_nadi_classes()
    # YoniArray is indexed [girl animal][boy animal] in yoni_categories order
    yoni_m = [[pj.YoniArray[PJ_ANIMALS.index(ba)][PJ_ANIMALS.index(ga)]
               for ga in ANIMALS] for ba in ANIMALS]
    lords = [PLANETS[pj.raasi_adhipathi_mappings[r]] for r in range(12)]
    maitri_m = [[num(pj.raasi_adhipathi_array[PLANETS.index(bl)]
                     [PLANETS.index(gl)]) for gl in PLANETS] for bl in PLANETS]
    rel = {3: "friend", 2: "neutral", 1: "enemy"}
    friendship = {PLANETS[i]: {PLANETS[j]: rel[pj_const.planet_relations[i][j]]
                               for j in range(7) if j != i}
                  for i in range(7)}
    return {
        "inputs": "nakshatra and pada only (rashi re-derived from the pada "
                  "midpoint); 254/256 and 284/286 are the same input",
        "varna_by_rashi": varna,
        "vashya_group_by_moon": [VASHYA_GROUPS[i] for i in vashya_group_idx],
        "vashya_matrix": [[num(x) for x in row] for row in pj.VasiyaArray],
        "vashya_matrix_alt_astroyogi_unused": [[num(x) for x in row] for row
                                               in pj.VasiyaArray_AstroYogi],
        "tara_rule": "count_from_girl = count_stars(girl, boy) and "
                     "count_from_boy = count_stars(boy, girl) (inclusive, "
                     "1..27); each direction gives 1.5 WHEN count % 9 is 3, 5 "
                     "or 7 and 0 otherwise -- the inverse of the usual rule "
                     "(module constant NakshathraConst is unused)",
        "yoni_by_nakshatra": yoni,
        "yoni_matrix": yoni_m,
        "gana_by_nakshatra": gana,
        "gana_matrix": [[pj.gana_array[GANAS.index(bg)][GANAS.index(gg)]
                         for gg in GANAS] for bg in GANAS],
        "nadi_by_nakshatra": nadi,
        "nadi_matrix": pj.NadiArray,
        "rashi_lord": lords,
        "maitri_matrix": maitri_m,
        "natural_friendship_const_planet_relations": friendship,
        "bhakoot_matrix": pj.raasi_array,
        "_note": "every matrix here is [bride row][groom column], rows and "
                 "columns in the top-level orders (animals, ganas, "
                 "vashya_groups, planets, signs); pyjhora's own arrays are "
                 "indexed [girl][boy] as well",
    }


def pyjhora_database_check():
    """Compare jhora/data/all_nak_pad_boy_girl.csv (its Match class's
    database) with the live Ashtakoota class on all 108 x 108 padas."""
    path = pj._DATABASE_FILE
    cols = {"varna": pj._VARNA_COL, "vashya": pj._VASIYA_COL,
            "tara": pj._STAR_COL, "yoni": pj._YONI_COL,
            "maitri": pj._ADHIPATHI_COL, "gana": pj._GANA_COL,
            "bhakoot": pj._RASI_COL, "nadi": pj._NADI_COL,
            "total": pj._SCORE_COL}
    diff = {k: 0 for k in cols}
    rows = 0
    examples = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            r = line.strip().split(",")
            if len(r) < 13:
                continue
            bn, bp, gn, gp = (int(x) for x in r[:4])
            a = pj.Ashtakoota(bn, bp, gn, gp).compatibility_score()
            mine = dict(zip(["varna", "vashya", "gana", "tara", "yoni",
                             "maitri", "bhakoot", "nadi", "total"], a[:9]))
            rows += 1
            for k, c in cols.items():
                if float(r[c]) != float(mine[k]):
                    diff[k] += 1
                    if len(examples) < 5:
                        examples.append({"boy": [bn, bp], "girl": [gn, gp],
                                         "koota": k, "csv": float(r[c]),
                                         "live": float(mine[k])})
    return {"file": "jhora/data/all_nak_pad_boy_girl.csv", "rows": rows,
            "rows_differing_from_live_class_by_koota": diff,
            "examples": examples}


# --- astro-skill ----------------------------------------------------------

ASK_PLANET = {"Surya": "sun", "Chandra": "moon", "Mangal": "mars",
              "Budh": "mercury", "Guru": "jupiter", "Shukra": "venus",
              "Shani": "saturn"}
ASK_KOOTA = {"Varna": "varna", "Vashya": "vashya", "Tara": "tara",
             "Yoni": "yoni", "Graha Maitri": "maitri", "Gana": "gana",
             "Bhakoot": "bhakoot", "Nadi": "nadi"}


def astro_skill_person(lon):
    return {"rashi_idx": stated_rashi(lon) - 1,
            "nak_idx": stated_nakshatra(lon) - 1}


def astro_skill_scores(groom_lon, bride_lon):
    res = ask.compatibility_from_persons(astro_skill_person(bride_lon),
                                         astro_skill_person(groom_lon))
    pts = {ASK_KOOTA[k["name"]]: k["points"] for k in res["kutas"]}
    return [num(pts[k]) for k in KOOTAS[:8]] + [num(res["total"])]


def astro_skill_tables():
    varna_rank = ask.COMPAT["element_varna"]
    rank_name = {4: "brahmin", 3: "kshatriya", 2: "vaishya", 1: "shudra"}
    varna = [rank_name[varna_rank[ask._rashi_element(r)]] for r in range(12)]
    yoni = [ask._nak(n)["yoni"].lower() for n in range(27)]
    gana = [ask._nak(n)["gana"].lower() for n in range(27)]
    nadi = [{"Aadi": "adi", "Madhya": "madhya", "Antya": "antya"}
            [ask.NADI_OF_INDEX[n]] for n in range(27)]

    def person(r=0, n=0):
        return {"rashi_idx": r, "nak_idx": n}

    rep_nak = {a: yoni.index(a) for a in ANIMALS}
    yoni_m = [[ask.yoni_points(person(n=rep_nak[ba]), person(n=rep_nak[ga]))
               for ga in ANIMALS] for ba in ANIMALS]
    rep_gana = {g: gana.index(g) for g in GANAS}
    gana_m = [[ask.gana_points(person(n=rep_gana[bg]), person(n=rep_gana[gg]))
               for gg in GANAS] for bg in GANAS]
    lords = [ASK_PLANET[ask._rashi_lord(r)] for r in range(12)]
    rep_sign = {p: lords.index(p) for p in PLANETS}
    maitri_m = [[num(ask.graha_maitri_points(person(r=rep_sign[bl]),
                                             person(r=rep_sign[gl])))
                 for gl in PLANETS] for bl in PLANETS]
    friendship = {}
    for k, v in ask.COMPAT["planet_friends"].items():
        p = ASK_PLANET[k]
        friendship[p] = {}
        for q in PLANETS:
            if q == p:
                continue
            qk = [x for x, y in ASK_PLANET.items() if y == q][0]
            friendship[p][q] = ("friend" if qk in v["friends"] else "enemy"
                                if qk in v["enemies"] else "neutral")
    vashya_sign_m = [[num(ask.vashya_points(person(r=b), person(r=g)))
                      for g in range(12)] for b in range(12)]
    bhakoot_m = [[ask.bhakoot_points(person(r=b), person(r=g))
                  for g in range(12)] for b in range(12)]
    return {
        "inputs": "rashi and nakshatra of the Moon (0-based indices)",
        "varna_by_rashi": varna,
        "varna_rule": "element rank Water 4 > Fire 3 > Earth 2 > Air 1; 1 "
                      "when groom's rank >= bride's",
        "vashya_scheme": "no five groups: a sign-to-sign 'controls' list "
                         "(compatibility_data.json vashya_controls); same sign "
                         "2, mutual control 2, one-way control 1, else 0; no "
                         "15-degree split",
        "vashya_controls": ask.COMPAT["vashya_controls"],
        "vashya_sign_matrix": vashya_sign_m,
        "tara_rule": "count = (to - from) % 27 + 1 from bride to groom and "
                     "groom to bride; 1.5 each direction unless count % 9 is "
                     "3, 5 or 7",
        "yoni_by_nakshatra": yoni,
        "yoni_rule": "same animal 4, the 7 enemy pairs 0, every other pair 2",
        "yoni_enemies": ask.COMPAT["yoni_enemies"],
        "yoni_matrix": yoni_m,
        "gana_by_nakshatra": gana,
        "gana_points": ask.COMPAT["gana_points"],
        "gana_matrix": gana_m,
        "nadi_by_nakshatra": nadi,
        "rashi_lord": lords,
        "natural_friendship": friendship,
        "maitri_points": ask.COMPAT["graha_maitri_points"],
        "maitri_matrix": maitri_m,
        "bhakoot_matrix": bhakoot_m,
        "doshas_reported_not_scored": "nadi dosha cancelled when same rashi "
                                      "and different nakshatra; bhakoot dosha "
                                      "cancelled when the rashi lords are the "
                                      "same or mutual friends; neither changes "
                                      "the points",
    }


# --- vedic-astro-engine-lite ----------------------------------------------

VAE_ANIMAL = {"Ashwa": "horse", "Gaja": "elephant", "Mesha": "sheep",
              "Sarpa": "serpent", "Swa": "dog", "Marjara": "cat",
              "Mushaka": "rat", "Gau": "cow", "Mahisha": "buffalo",
              "Vyaghra": "tiger", "Mriga": "deer", "Vanara": "monkey",
              "Nakula": "mongoose", "Simha": "lion"}
VAE_GROUP = {"Chatushpada": "chatushpada", "Manava": "manava",
             "Jalchar": "jalachara", "Vanachara": "vanachara",
             "Keeta": "keeta"}
VAE_KOOTA = {"Varna": "varna", "Vashya": "vashya", "Tara": "tara",
             "Yoni": "yoni", "GrahaMaitri": "maitri", "Gana": "gana",
             "Bhakoot": "bhakoot", "Nadi": "nadi"}
_VAE_REL = {1: "friend", 0: "neutral", -1: "enemy"}


def _vae_get_relationship(cls, a, b):
    """The classmethod matchmaking.get_maitri_score calls and the package
    lacks: its own PERMANENT_MAITRI, 1/0/-1 -> friend/neutral/enemy."""
    return _VAE_REL[cls.PERMANENT_MAITRI[a][b]]


def vae_scores(groom_lon, bride_lon):
    res = vae.calculate_guna_milan(float(groom_lon), float(bride_lon))
    return ([num(res[k]["score"]) for k in VAE_KOOTA]
            + [num(res["Total"]["score"])])


def vae_tables():
    varna = [VARNAS[vae.VARNA_MAP[r] - 1] for r in range(1, 13)]
    groups = [VAE_GROUP[vae.VASHYA_GROUPS[r]] for r in range(1, 13)]
    yoni = [VAE_ANIMAL[vae.YONI_MAP[n]] for n in range(1, 28)]
    gana = [GANAS[vae.GANA_MAP[n]] for n in range(1, 28)]
    nadi = [NADIS[vae.NADI_MAP[n]] for n in range(27)]
    rep_nak = {a: (yoni.index(a) + 1 if a in yoni else None) for a in ANIMALS}
    yoni_m = [[(vae._yoni_score(rep_nak[ga], rep_nak[ba])
                if rep_nak[ga] and rep_nak[ba] else None)
               for ga in ANIMALS] for ba in ANIMALS]
    rep_gana = {g: gana.index(g) + 1 for g in GANAS}
    lon_of_nak = {n: (n - 1) * 40 / 3 + 1 for n in range(1, 28)}

    def gana_pts(bg, gg):
        r = vae.calculate_guna_milan(lon_of_nak[rep_gana[gg]],
                                     lon_of_nak[rep_gana[bg]])
        return num(r["Gana"]["score"])
    gana_m = [[gana_pts(bg, gg) for gg in GANAS] for bg in GANAS]
    rep_sign_of_group = {g: groups.index(g) + 1 for g in VASHYA_GROUPS
                         if g in groups}

    def vashya_pts(bg, gg):
        if bg not in rep_sign_of_group or gg not in rep_sign_of_group:
            return None
        r = vae.calculate_guna_milan(30.0 * rep_sign_of_group[gg] - 15,
                                     30.0 * rep_sign_of_group[bg] - 15)
        return num(r["Vashya"]["score"])
    vashya_m = [[vashya_pts(bg, gg) for gg in VASHYA_GROUPS]
                for bg in VASHYA_GROUPS]
    lords = [vae.SIGN_OWNERS[r].lower() for r in range(1, 13)]
    rep_sign = {p: lords.index(p) + 1 for p in PLANETS}
    maitri_m = [[num(vae.get_maitri_score(rep_sign[gl], rep_sign[bl]))
                 for gl in PLANETS] for bl in PLANETS]
    friendship = {p.lower(): {q.lower(): _VAE_REL[v] for q, v in d.items()}
                  for p, d in ShadbalaCalculator.PERMANENT_MAITRI.items()}
    bhakoot_m = [[num(vae.calculate_guna_milan(30.0 * g + 15, 30.0 * b + 15)
                      ["Bhakoot"]["score"]) for g in range(12)]
                 for b in range(12)]
    return {
        "inputs": "Moon longitudes of groom and bride (degrees)",
        "varna_by_rashi": varna,
        "vashya_group_by_rashi": groups,
        "vashya_rule": "same group 2, else VASHYA_SCORES[(groom, bride)] or "
                       "[(bride, groom)] or 0; no 15-degree split (Leo is "
                       "chatushpada, Sagittarius and Capricorn wholly "
                       "chatushpada, Taurus manava; no vanachara group)",
        "vashya_scores": {"%s|%s" % (VAE_GROUP[a], VAE_GROUP[b]): v
                          for (a, b), v in sorted(vae.VASHYA_SCORES.items())},
        "vashya_matrix": vashya_m,
        "tara_rule": "t1 = (groom - bride) % 9 + 1, t2 = (bride - groom) % 9 "
                     "+ 1; 1.5 each unless t is 3, 5 or 7",
        "yoni_by_nakshatra": yoni,
        "yoni_rule": "same animal 4, YONI_ENEMIES 0, (cow, monkey) 3, every "
                     "other pair 2; rat and deer are given to no nakshatra",
        "yoni_enemies": sorted([[VAE_ANIMAL[a], VAE_ANIMAL[b]]
                                for a, b in vae.YONI_ENEMIES]),
        "yoni_matrix": yoni_m,
        "gana_by_nakshatra": gana,
        "gana_matrix": gana_m,
        "nadi_by_nakshatra": nadi,
        "rashi_lord": lords,
        "natural_friendship": friendship,
        "maitri_matrix": maitri_m,
        "maitri_patched": "get_maitri_score calls the missing "
                          "ShadbalaCalculator.get_relationship; supplied here "
                          "from the package's PERMANENT_MAITRI",
        "bhakoot_matrix": bhakoot_m,
    }


# --------------------------------------------------------------------------
# Stated tables (for the comparison)
# --------------------------------------------------------------------------

def stated_tables(moons):
    rep_y = {a: STATED_YONI.index(a) for a in ANIMALS}
    lon_of_nak = [n * NAK_SPAN + 1 for n in range(27)]
    yoni_m = [[num(stated_yoni(lon_of_nak[rep_y[ga]], lon_of_nak[rep_y[ba]]))
               for ga in ANIMALS] for ba in ANIMALS]
    rep_g = {g: STATED_GANA.index(g) for g in GANAS}
    gana_m = [[num(stated_gana(lon_of_nak[rep_g[gg]], lon_of_nak[rep_g[bg]]))
               for gg in GANAS] for bg in GANAS]
    vashya_m = [[2 if a == b else None for a in VASHYA_GROUPS]
                for b in VASHYA_GROUPS]
    maitri_m = [[num(stated_maitri_lords(gl, bl)) for gl in PLANETS]
                for bl in PLANETS]
    bhakoot_m = [[stated_bhakoot(30 * g + 15, 30 * b + 15) for g in range(12)]
                 for b in range(12)]
    friendship = {p: {q: stated_relation(p, q) for q in PLANETS if q != p}
                  for p in PLANETS}
    return {
        "varna_by_rashi": STATED_VARNA,
        "vashya_group_by_moon": [stated_vashya_group(m) for m in moons],
        "vashya_matrix": vashya_m,
        "tara_rule": "count inclusive from bride to groom and groom to bride, "
                     "each mod 9; 1.5 each unless 3, 5 or 7",
        "yoni_by_nakshatra": STATED_YONI,
        "yoni_matrix": yoni_m,
        "gana_by_nakshatra": STATED_GANA,
        "gana_matrix": gana_m,
        "nadi_by_nakshatra": STATED_NADI,
        "rashi_lord": SIGN_LORD,
        "natural_friendship": friendship,
        "maitri_matrix": maitri_m,
        "bhakoot_matrix": bhakoot_m,
        "_null": "null = not fixed by the issue ('others per the standard "
                 "table')",
    }


# --------------------------------------------------------------------------
# Comparison
# --------------------------------------------------------------------------

def _list_diff(names, tables, key, labels):
    """Entries whose non-null values differ between the named tables."""
    out = []
    for i, lab in enumerate(labels):
        vals = {n: tables[n][key][i] for n in names if key in tables[n]}
        if len(set(json.dumps(v) for v in vals.values()
                   if v is not None)) > 1:
            out.append(dict({"entry": lab}, **vals))
    return out


def _matrix_diff(names, tables, key, rows, cols):
    out = []
    for i, r in enumerate(rows):
        for j, c in enumerate(cols):
            vals = {n: tables[n][key][i][j] for n in names if key in tables[n]}
            if len(set(json.dumps(v) for v in vals.values()
                       if v is not None)) > 1:
                out.append(dict({"bride": r, "groom": c}, **vals))
    return out


def _tara_by_distance(scores, moons, n_moons):
    """Tara points as a function of d = (groom nakshatra - bride
    nakshatra) mod 27, read from the scores (must be single-valued)."""
    out = {}
    for gi in range(n_moons):
        for bi in range(n_moons):
            d = (stated_nakshatra(moons[gi]) - stated_nakshatra(moons[bi])) % 27
            v = scores[gi * n_moons + bi][2]
            assert out.setdefault(d, v) == v
    return [out[d] for d in range(27)]


def compare(sources, tables, moons):
    n = len(moons)
    names = list(sources)
    pairs = n * n
    agreement = {}
    for k, koota in enumerate(KOOTAS):
        entry = {}
        for a, b in combinations(names, 2):
            sa, sb = sources[a], sources[b]
            decided = [i for i in range(pairs)
                       if sa[i][k] is not None and sb[i][k] is not None]
            same = sum(1 for i in decided if sa[i][k] == sb[i][k])
            entry["%s|%s" % (a, b)] = {"agree": same, "of": len(decided)}
        third = [x for x in names if x != "stated"]
        all_same = sum(1 for i in range(pairs)
                       if len({sources[x][i][k] for x in third}) == 1)
        entry["all_three_programs"] = {"agree": all_same, "of": pairs}
        agreement[koota] = entry

    vash_moons = ["%.0f" % float(m) if m.denominator == 1 else "%.4f" %
                  float(m) for m in moons]
    table_names = list(tables)
    diffs = {
        "varna_by_rashi": _list_diff(table_names, tables, "varna_by_rashi",
                                     SIGNS),
        "vashya_group_by_moon (pyjhora, stated)": _list_diff(
            ["pyjhora", "stated"], tables, "vashya_group_by_moon",
            vash_moons),
        "vashya_group_by_rashi (vedic_astro_engine_lite vs stated, "
        "Sagittarius/Capricorn compared by half)": [],
        "vashya_matrix": _matrix_diff(
            ["pyjhora", "vedic_astro_engine_lite", "stated"], tables,
            "vashya_matrix", VASHYA_GROUPS, VASHYA_GROUPS),
        "tara_by_distance": [],
        "yoni_by_nakshatra": _list_diff(table_names, tables,
                                        "yoni_by_nakshatra", NAKSHATRAS),
        "yoni_matrix": _matrix_diff(table_names, tables, "yoni_matrix",
                                    ANIMALS, ANIMALS),
        "gana_by_nakshatra": _list_diff(table_names, tables,
                                        "gana_by_nakshatra", NAKSHATRAS),
        "gana_matrix": _matrix_diff(table_names, tables, "gana_matrix",
                                    GANAS, GANAS),
        "nadi_by_nakshatra": _list_diff(table_names, tables,
                                        "nadi_by_nakshatra", NAKSHATRAS),
        "rashi_lord": _list_diff(table_names, tables, "rashi_lord", SIGNS),
        "maitri_matrix": _matrix_diff(table_names, tables, "maitri_matrix",
                                      PLANETS, PLANETS),
        "bhakoot_matrix": _matrix_diff(table_names, tables, "bhakoot_matrix",
                                       SIGNS, SIGNS),
    }
    # natural friendship, planet by planet
    fr = []
    for p in PLANETS:
        for q in PLANETS:
            if p == q:
                continue
            vals = {}
            for nm, key in (("pyjhora",
                             "natural_friendship_const_planet_relations"),
                            ("astro_skill", "natural_friendship"),
                            ("vedic_astro_engine_lite", "natural_friendship"),
                            ("stated", "natural_friendship")):
                vals[nm] = tables[nm][key][p][q]
            if len(set(vals.values())) > 1:
                fr.append(dict({"of": p, "towards": q}, **vals))
    diffs["natural_friendship"] = fr
    # vae vashya groups vs stated, per moon
    vg = tables["vedic_astro_engine_lite"]["vashya_group_by_rashi"]
    for i, m in enumerate(moons):
        a = vg[stated_rashi(m) - 1]
        b = tables["stated"]["vashya_group_by_moon"][i]
        if a != b:
            diffs["vashya_group_by_rashi (vedic_astro_engine_lite vs stated, "
                  "Sagittarius/Capricorn compared by half)"].append(
                {"entry": vash_moons[i], "vedic_astro_engine_lite": a,
                 "stated": b})
    # tara as a function of nakshatra distance
    tara = {nm: _tara_by_distance(sources[nm], moons, n) for nm in names}
    for d in range(27):
        vals = {nm: tara[nm][d] for nm in names}
        if len(set(vals.values())) > 1:
            diffs["tara_by_distance"].append(
                dict({"groom_minus_bride_mod_27": d}, **vals))
    # the cells the issue leaves open, with each source's value
    undecided = {
        "vashya_matrix": [d for d in _matrix_diff(
            ["pyjhora", "vedic_astro_engine_lite", "stated"], tables,
            "vashya_matrix", VASHYA_GROUPS, VASHYA_GROUPS)
            if d["stated"] is None],
        "yoni_matrix_cells": sum(1 for row in tables["stated"]["yoni_matrix"]
                                 for x in row if x is None),
        "gana_matrix": [d for d in _matrix_diff(
            table_names, tables, "gana_matrix", GANAS, GANAS)
            if d["stated"] is None],
    }
    return {"agreement": agreement, "table_differences": diffs,
            "undecided_by_issue": undecided,
            "tara_by_distance": tara}


# --------------------------------------------------------------------------

CONVENTIONS = {
    "common": "person1 = groom, person2 = bride; everything from each "
              "person's Moon (sidereal longitude). All matrices are "
              "[bride row][groom column] in the orders given in 'orders'.",
    "pyjhora": [
        "Varna: vasiya_raasi_list (used as the varna list) gives Aries/Leo/"
        "Sagittarius Kshatriya, Cancer/Scorpio/Pisces Brahmin, but earth signs "
        "(Taurus, Virgo, Capricorn) SHUDRA and air signs (Gemini, Libra, "
        "Aquarius) VAISHYA (saravali.de / Maitreya convention), the reverse "
        "of ours; 1 when the groom's varna >= the bride's.",
        "Vashya: five groups, but the Sagittarius/Capricorn halves are decided "
        "by PADA NUMBER ALONE (Sagittarius: padas 1-2 manava, 3-4 "
        "chatushpada, of whichever nakshatra; Capricorn: padas 1-2 "
        "chatushpada, 3-4 jalachara), not at 15 degrees; the point matrix "
        "is VasiyaArray ('from saravali.de'), asymmetric, with 0.5 and 0 "
        "entries unlike the common symmetric table; an AstroYogi matrix and "
        "a _vasiya_porutham_new variant exist but are not used by "
        "compatibility_score.",
        "Tara: inclusive counts both ways, each % 9, but 1.5 is given when "
        "the remainder IS 3, 5 or 7 (the usual rule inverted, a change "
        "marked V3.1.1 in its code); since the two directions can never "
        "both be 3/5/7, ours is always 1.5 or 3 and pyjhora's is exactly 3 "
        "minus ours (same nakshatra: 0).",
        "Yoni: the classical animal per nakshatra; 14x14 YoniArray, "
        "symmetric, with same 4, the 7 sworn-enemy pairs 0 and 1/2/3 "
        "elsewhere: the saravali.de/Maitreya table except two cells made "
        "symmetric (bride horse/groom deer 1 where Maitreya has 3, bride "
        "lion/groom buffalo 1 where it has 2).",
        "Graha maitri: raasi_adhipathi_array, equal to the BPHS natural "
        "friendship points (its const.planet_relations is BPHS).",
        "Gana: gana_array [girl][boy] = [[6,6,0],[5,6,0],[1,0,6]]: groom "
        "deva/bride manushya 5, groom manushya/bride deva 6, groom deva/bride "
        "rakshasa 1, groom rakshasa/bride deva 0, manushya/rakshasa 0.",
        "Bhakoot: raasi_array, 0 for 2/12, 5/9, 6/8, else 7, EXCEPT one "
        "wrong cell: bride Aquarius, groom Cancer gives 7 (a 6/8 pair; the "
        "reverse, bride Cancer/groom Aquarius, is 0): 81 of the pairs here.",
        "Nadi: classical adi/madhya/antya; same 0 else 8.",
        "No dosha cancellations in the North scores.",
        "Manglik (jhora.horoscope.chart.dosha.manglik): Mars in houses "
        "[2,4,7,8,12] counted from the lagna by default "
        "(manglik_reference_planet='L'; the Moon or Venus may be passed "
        "instead; include_lagna_house=False so the 1st is excluded by "
        "default, include_2nd_house=True); houses are whole signs. With "
        "apply_exceptions=True it returns [True, has_exceptions, indices] "
        "where the 17 B.V. Raman-style exceptions are: 1 Mars in Leo or "
        "Aquarius; 2 Mars 2nd from lagna in Gemini/Virgo; 3 4th in Aries/"
        "Scorpio; 4 7th in Cancer/Capricorn; 5 8th in Sagittarius/Pisces; 6 "
        "12th in Taurus/Libra; 7 Mars associated with any planet; 8 Mars "
        "retrograde; 9 Mars combust or within 1 degree of a sign edge; 10 "
        "Mars the lagna lord; 11 (always False); 12 Mars in own, exalted or "
        "friendly sign; 13 Mars in a movable sign; 14 (always False); 15 "
        "lagna Cancer or Leo; 16 Mars with Jupiter or Venus; 17 Jupiter or "
        "Venus in the lagna. Exceptions are reported, not netted into a "
        "score."],
    "astro_skill": [
        "Varna: by element, Water Brahmin > Fire Kshatriya > Earth Vaishya > "
        "Air Shudra (same as ours); 1 when groom >= bride.",
        "Vashya: not the five groups; a sign-to-sign 'vashya controls' list "
        "(Aries controls Leo, Scorpio; Taurus Cancer, Libra; ...), same sign "
        "2, mutual 2, one-way 1, else 0; no 15-degree split.",
        "Tara: as ours (1.5 per direction unless the remainder is 3, 5, 7).",
        "Yoni: classical animals; same 4, the 7 sworn-enemy pairs 0, all "
        "other pairs 2 (no 1 or 3).",
        "Graha maitri: BPHS natural friendship, points as ours.",
        "Gana: symmetric, same 6, deva/manushya 5, deva/rakshasa 1, "
        "manushya/rakshasa 0.",
        "Bhakoot, nadi: as ours. Nadi/bhakoot cancellations only reported.",
        "Manglik (astro.scripts.kundali_calculator.detect_mangalik): Mars in "
        "houses 1, 2, 4, 7, 8, 12 (whole signs) from the lagna or from the "
        "Moon; 'full' if 7 or 8 from either, else 'partial'; cancelled when "
        "Mars is in Aries/Scorpio (own) or Capricorn (exalted), Jupiter "
        "aspects Mars's sign (5th, 7th, 9th from Jupiter), or Mars shares "
        "its house with Jupiter, Venus or a waxing, non-combust Moon. In "
        "matching: both manglik = compatible, one = dosha present."],
    "vedic_astro_engine_lite": [
        "Varna: Cancer/Scorpio/Pisces Brahmin, fire Kshatriya, earth "
        "Vaishya, air Shudra (as ours).",
        "Vashya: groups by sign only (Aries, Leo, Sagittarius, Capricorn "
        "chatushpada; Taurus, Gemini, Virgo, Libra, Aquarius manava; Cancer, "
        "Pisces jalachara; Scorpio keeta; no vanachara, no split); same "
        "group 2; groom manava with bride jalachara or chatushpada 2, the "
        "reverse 1; manava/keeta 2 and chatushpada/keeta 1 either way; "
        "every other pair 0 (VASHYA_SCORES, looked up both ways).",
        "Tara: as ours.",
        "Yoni: a non-classical animal list (e.g. Punarvasu buffalo, Pushya "
        "tiger, Magha dog, Chitra tiger; no rat or deer); same 4, its 6 "
        "enemy pairs 0, cow/monkey 3, else 2.",
        "Graha maitri: raises AttributeError when the lords differ (missing "
        "ShadbalaCalculator.get_relationship); patched here from its own "
        "PERMANENT_MAITRI (BPHS), giving our point map.",
        "Gana: symmetric, deva/manushya 5, deva/rakshasa 1, manushya/"
        "rakshasa 0, same 6.",
        "Bhakoot, nadi: as ours.",
        "Manglik (matchmaking.detect_kuja_dosha): Mars in houses 1, 2, 4, 7, "
        "8, 12 counted by 30-degree arcs (not whole signs) from the lagna, "
        "the Moon and Venus; severity high for 7/8, moderate for 1/4, mild "
        "for 2/12; cancellations: Mars in Aries/Scorpio, Mars exalted in "
        "Capricorn, Mars 2nd from a Gemini/Virgo lagna, Jupiter or Venus "
        "aspects Mars (by sign), Mars in the 1st with an Aries/Scorpio lagna, "
        "Mars in the 4th with an Aries lagna, Mars in the 8th with a Cancer/"
        "Aquarius lagna; 2+ cancellations 'Cancelled', 1 'Reduced'; both "
        "partners manglik cancels (in calculate_papa_samya)."],
}


def main():
    moons = moon_longitudes()
    n = len(moons)
    moons_np = [(stated_nakshatra(m), stated_pada(m)) for m in moons]

    stated = [stated_scores(g, b) for g in moons for b in moons]

    pj_scores = []
    for gi, g in enumerate(moons):
        for bi, b in enumerate(moons):
            row, a = pyjhora_scores(moons_np[gi], moons_np[bi])
            assert a.boy_raasi_number == stated_rashi(g)
            assert a.girl_raasi_number == stated_rashi(b)
            pj_scores.append(row)
    pj_groups = pyjhora_vashya_groups(moons_np)
    pj_tab = pyjhora_tables(moons_np, pj_groups)
    # verify the probed/read tables reproduce every pyjhora score
    for gi in range(n):
        for bi in range(n):
            row = pj_scores[gi * n + bi]
            gn, bn = moons_np[gi][0] - 1, moons_np[bi][0] - 1
            gr, br = stated_rashi(moons[gi]) - 1, stated_rashi(moons[bi]) - 1
            assert row[1] == num(pj.VasiyaArray[pj_groups[bi]][pj_groups[gi]])
            assert row[3] == pj_tab["yoni_matrix"][
                ANIMALS.index(pj_tab["yoni_by_nakshatra"][bn])][
                ANIMALS.index(pj_tab["yoni_by_nakshatra"][gn])]
            assert row[5] == pj_tab["gana_matrix"][
                GANAS.index(pj_tab["gana_by_nakshatra"][bn])][
                GANAS.index(pj_tab["gana_by_nakshatra"][gn])]
            assert row[7] == (0 if pj_tab["nadi_by_nakshatra"][bn]
                              == pj_tab["nadi_by_nakshatra"][gn] else 8)
            assert row[6] == pj_tab["bhakoot_matrix"][br][gr]
    pj_db = pyjhora_database_check()

    ask_scores = [astro_skill_scores(g, b) for g in moons for b in moons]
    ask_tab = astro_skill_tables()

    # vedic-astro-engine-lite: first as shipped, counting the failures
    unpatched_errors = 0
    for g in moons:
        for b in moons:
            try:
                vae_scores(g, b)
            except AttributeError:
                unpatched_errors += 1
    assert not hasattr(ShadbalaCalculator, "get_relationship")
    ShadbalaCalculator.get_relationship = classmethod(_vae_get_relationship)
    vae_sc = [vae_scores(g, b) for g in moons for b in moons]
    vae_tab = vae_tables()

    sources = {"pyjhora": pj_scores, "astro_skill": ask_scores,
               "vedic_astro_engine_lite": vae_sc, "stated": stated}
    tables = {"pyjhora": pj_tab, "astro_skill": ask_tab,
              "vedic_astro_engine_lite": vae_tab,
              "stated": stated_tables(moons)}
    comparison = compare(sources, tables, moons)

    doc = {
        "description": "Ashtakoota (guna milan) reference: the eight koota "
                       "points and total for every ordered (groom, bride) "
                       "pair of the Moon longitudes in 'moons', from pyjhora, "
                       "astro-skill and vedic-astro-engine-lite and from our "
                       "stated rules (null where the issue leaves the value "
                       "open). See ashtakoota.py's docstring.",
        "generator": "shared/tests/reference/ashtakoota.py",
        "versions": {p: _pkg_version(p) for p in
                     ("pyjhora", "astro-skill", "vedic-astro-engine-lite")},
        "python": "%d.%d" % sys.version_info[:2],
        "layout": {"score_row": KOOTAS,
                   "index": "groom_index * N + bride_index",
                   "N": n,
                   "max": [1, 2, 3, 4, 5, 6, 7, 8, 36]},
        "orders": {"signs": SIGNS, "nakshatras": NAKSHATRAS,
                   "planets": PLANETS, "animals": ANIMALS, "ganas": GANAS,
                   "nadis": NADIS, "varnas": VARNAS,
                   "vashya_groups": VASHYA_GROUPS},
        "conventions": CONVENTIONS,
        "moons": [{"lon": float(m), "rashi": stated_rashi(m),
                   "nakshatra": stated_nakshatra(m), "pada": stated_pada(m)}
                  for m in moons],
        "sources": {
            "pyjhora": {"call": "Ashtakoota(groom_nak, groom_pada, bride_nak, "
                                "bride_pada, method='North')"
                                ".compatibility_score()",
                        "tables": pj_tab, "match_database_check": pj_db,
                        "scores": pj_scores},
            "astro_skill": {"call": "astro.scripts.guna_milan."
                                    "compatibility_from_persons(bride, groom)",
                            "tables": ask_tab, "scores": ask_scores},
            "vedic_astro_engine_lite": {
                "call": "vedic_astro_engine.matchmaking.calculate_guna_milan("
                        "groom_lon, bride_lon) with the missing "
                        "ShadbalaCalculator.get_relationship supplied",
                "unpatched_errors": {"pairs": unpatched_errors, "of": n * n,
                                     "error": "AttributeError: type object "
                                              "'ShadbalaCalculator' has no "
                                              "attribute 'get_relationship'"},
                "tables": vae_tab, "scores": vae_sc},
            "stated": {"call": "stated_scores(groom_lon, bride_lon) in this "
                               "script",
                       "tables": tables["stated"], "scores": stated},
        },
        "comparison": comparison,
    }
    text = _dump(doc)
    with open(OUT, "w", encoding="utf-8") as f:
        f.write(text)

    print("wrote %s (%d bytes), N = %d moons, %d pairs"
          % (os.path.relpath(OUT), len(text.encode()), n, n * n))
    print("vedic-astro-engine-lite unpatched AttributeError pairs: %d"
          % unpatched_errors)
    print("pyjhora match database rows differing:",
          pj_db["rows_differing_from_live_class_by_koota"])
    for k in KOOTAS:
        print("%-8s" % k, "  ".join(
            "%s %d/%d" % (p.replace("vedic_astro_engine_lite", "vael")
                          .replace("astro_skill", "ask"), v["agree"], v["of"])
            for p, v in comparison["agreement"][k].items()))


def _dump(doc):
    """JSON with each score row on one line (compact, diffable)."""
    placeholders = {}

    def walk(o, path=()):
        if isinstance(o, dict):
            return {k: walk(v, path + (k,)) for k, v in o.items()}
        if isinstance(o, list):
            if o and all(isinstance(x, list) and all(
                    not isinstance(y, (list, dict)) for y in x) for x in o):
                key = "@@%d@@" % len(placeholders)
                placeholders[key] = "[\n" + ",\n".join(
                    json.dumps(x, separators=(",", ":")) for x in o) + "\n]"
                return key
            if o and all(not isinstance(x, (list, dict)) for x in o):
                key = "@@%d@@" % len(placeholders)
                placeholders[key] = json.dumps(o, separators=(",", ":"))
                return key
            return [walk(x, path) for x in o]
        return o

    text = json.dumps(walk(doc), indent=1, ensure_ascii=False)
    for key, val in placeholders.items():
        text = text.replace('"%s"' % key, val, 1)
    return text + "\n"


if __name__ == "__main__":
    main()
