#!/usr/bin/env python3
"""Generate timezones_reference.json: 30 points -> expected IANA time zone.

Source: the PyPI package timezonefinder (pure Python + numpy, MIT) with its
bundled boundary data package timezonefinder-data (ODbL; built from
timezone-boundary-builder, itself from OpenStreetMap).  No download at run
time: the data is in the wheel.  Every answer is also checked against a zone
written here by hand (HAND below); a disagreement is recorded, not hidden.

For information only, each entry also carries what tzfpy (Python binding of
tzf-rs, the crate the service uses) answers.  That is NOT an independent
source (same Rust code and data family as the service) but shows in advance
where the service might differ.

Ocean points: timezone-boundary-builder covers the sea outside territorial
waters with nautical zones Etc/GMT+N / Etc/GMT-N, 15 degrees wide and centred on
multiples of 15 deg of longitude.  POSIX sign: Etc/GMT+2 is UTC-2.

Run:
  /tmp/placesvenv/bin/python shared/tests/reference/timezones_reference.py
Deterministic; sockets are disabled before anything is loaded.
"""

import json
import os
import socket
import sys


def _no_network(*_args, **_kwargs):
    raise RuntimeError("timezones_reference.py must not use the network")


socket.socket.connect = _no_network
socket.create_connection = _no_network
socket.getaddrinfo = _no_network

from importlib.metadata import version  # noqa: E402

import tzfpy  # noqa: E402
from timezonefinder import TimezoneFinder  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "timezones_reference.json")

# label, latitude (N+), longitude (E+), zone expected from hand knowledge, note
HAND = [
    # 10 big cities
    ("Tokyo JP", 35.6895, 139.6917, "Asia/Tokyo", ""),
    ("New York US", 40.7128, -74.0060, "America/New_York", ""),
    ("London GB", 51.5074, -0.1278, "Europe/London", ""),
    ("Sydney AU", -33.8688, 151.2093, "Australia/Sydney", ""),
    ("São Paulo BR", -23.5505, -46.6333, "America/Sao_Paulo", ""),
    ("Mumbai IN", 19.0760, 72.8777, "Asia/Kolkata", "UTC+5:30"),
    ("Cairo EG", 30.0444, 31.2357, "Africa/Cairo", ""),
    ("Moscow RU", 55.7558, 37.6173, "Europe/Moscow", ""),
    ("Los Angeles US", 34.0522, -118.2437, "America/Los_Angeles", ""),
    ("Beijing CN", 39.9042, 116.4074, "Asia/Shanghai", "there is no Asia/Beijing"),
    # borders and special cases
    ("Strasbourg FR", 48.5734, 7.7521, "Europe/Paris", "west bank of the Rhine"),
    ("Kehl DE", 48.5726, 7.8153, "Europe/Berlin", "east bank, ~4.6 km from Strasbourg"),
    ("El Paso US", 31.7619, -106.4850, "America/Denver", "Texas, but Mountain time"),
    ("Ciudad Juárez MX", 31.6904, -106.4245, "America/Ciudad_Juarez",
     "zone split from America/Ojinaga in tzdata 2022g; follows US DST"),
    ("San Diego US", 32.7157, -117.1647, "America/Los_Angeles", ""),
    ("Tijuana MX", 32.5027, -117.0037, "America/Tijuana", "follows US DST"),
    ("Baarle-Nassau NL", 51.4450, 4.9200, "Europe/Amsterdam",
     "Dutch part of the village, north-west of the Belgian enclaves"),
    ("Baarle-Hertog BE", 51.4380, 4.9300, "Europe/Brussels",
     "inside the main Belgian enclave (H1) of the village"),
    ("Window Rock US (Navajo Nation, AZ)", 35.6806, -109.0526, "America/Denver",
     "Navajo Nation observes DST, rest of Arizona does not"),
    ("Phoenix US", 33.4484, -112.0740, "America/Phoenix", "no DST"),
    ("Kathmandu NP", 27.7017, 85.3206, "Asia/Kathmandu", "UTC+5:45"),
    ("Waitangi, Chatham Islands NZ", -43.9535, -176.5597, "Pacific/Chatham",
     "UTC+12:45 / +13:45"),
    ("Lord Howe Island AU", -31.5553, 159.0821, "Australia/Lord_Howe",
     "UTC+10:30, 30-minute DST"),
    ("Eucla AU", -31.6772, 128.8839, "Australia/Eucla", "UTC+8:45"),
    # open ocean (nautical zones)
    ("mid-Atlantic 30N 30W", 30.0, -30.0, "Etc/GMT+2", "UTC-2"),
    ("mid-Pacific 0N 150W", 0.0, -150.0, "Etc/GMT+10", "UTC-10"),
    ("Indian Ocean 30S 80E", -30.0, 80.0, "Etc/GMT-5", "UTC+5"),
    ("South Pacific 40S 179E", -40.0, 179.0, "Etc/GMT-12",
     "UTC+12; ~100 km east of New Zealand, outside its territorial waters"),
    ("Arctic 88N 0E", 88.0, 0.0, "Etc/GMT", "UTC"),
    ("South Atlantic 45S 20W", -45.0, -20.0, "Etc/GMT+1", "UTC-1"),
]


def main():
    tf = TimezoneFinder()
    tzf_data = open(os.path.join(os.path.dirname(__import__(
        "timezonefinder_data").__file__), "data", "data_version.txt")).read().strip()
    src = (f"timezonefinder {version('timezonefinder')} with timezonefinder-data "
           f"{version('timezonefinder-data')} (timezone-boundary-builder {tzf_data}); "
           "checked by hand")
    entries, disagree, tzfpy_differs = [], [], []
    for label, lat, lon, hand, note in HAND:
        got = tf.timezone_at(lng=lon, lat=lat)
        rs = tzfpy.get_tz(lon, lat)
        e = {"label": label, "latitude": lat, "longitude": lon, "zone": got,
             "source": src, "hand": hand}
        if note:
            e["note"] = note
        e["tzfpy"] = rs
        if got != hand:
            disagree.append({"label": label, "timezonefinder": got, "hand": hand})
        if rs != got:
            tzfpy_differs.append({"label": label, "timezonefinder": got, "tzfpy": rs})
        entries.append(e)
    doc = {
        "description": "Points -> IANA zone. 'zone' is timezonefinder's answer, "
                       "'hand' the zone expected from hand knowledge, 'tzfpy' what "
                       "tzfpy (tzf-rs binding, NOT independent of the service) says.",
        "sources": {
            "timezonefinder": version("timezonefinder"),
            "timezonefinder-data": version("timezonefinder-data"),
            "timezone-boundary-builder (timezonefinder-data)": tzf_data,
            "tzfpy": version("tzfpy"),
            "tzfpy data_version": tzfpy.data_version(),
        },
        "summary": {"points": len(entries),
                    "timezonefinder_vs_hand_disagreements": disagree,
                    "tzfpy_differs_from_timezonefinder": tzfpy_differs},
        "points": entries,
    }
    with open(OUT, "w", encoding="utf-8", newline="\n") as f:
        f.write(json.dumps(doc, ensure_ascii=False, indent=1) + "\n")
    for e in entries:
        flag = "" if e["zone"] == e["hand"] else "  <-- hand says " + e["hand"]
        flag += "" if e["tzfpy"] == e["zone"] else "  (tzfpy: " + e["tzfpy"] + ")"
        print(f"{e['label']:<36} {e['zone']}{flag}")
    print(f"{len(entries)} points; disagreements with hand: {len(disagree)}; "
          f"tzfpy differs: {len(tzfpy_differs)}")
    return 1 if disagree else 0


if __name__ == "__main__":
    sys.exit(main())
