#!/usr/bin/env python3
"""Pack the system's compiled tz database into shared/tzdata/zoneinfo.bin.

Standard library only. Usage (from anywhere):

    python3 shared/tzdata/build.py [--zoneinfo /usr/share/zoneinfo] [--out PATH]

Every zone name under the zoneinfo directory whose file is TZif data (starts
with the magic b"TZif") is packed, links included (Europe/Oslo, US/Eastern,
...), so names resolve exactly as they do on the build machine. Skipped:
the posix/ and right/ trees, posixrules, localtime, Factory and every non-TZif
file (zone.tab, tzdata.zi, leapseconds, ...). Identical TZif files (links,
hard links) are stored once and share their bytes.

File format (all integers little-endian):

    offset  size  field
    0       8     magic b"TZPACK01"
    8       2     u16 V: length of the version string
    10      V     version string, UTF-8 (Debian tzdata package version,
                  plus the upstream release from tzdata.zi)
    10+V    4     u32 N: number of zones
    ...           N index entries, sorted by name (bytewise, ascending):
                    u16 L: name length
                    L   name, UTF-8 (e.g. "Europe/Oslo")
                    u32 offset of the TZif bytes, from the start of the data
                    u32 length of the TZif bytes
    ...           data: the TZif files, concatenated

The output is deterministic: the same zoneinfo tree gives the same bytes.
"""

import argparse
import hashlib
import os
import struct
import subprocess
import sys

MAGIC = b"TZPACK01"
SKIP_DIRS = {"posix", "right"}
SKIP_NAMES = {"posixrules", "localtime", "Factory"}


def tzdata_version(zoneinfo):
    debian = None
    try:
        debian = subprocess.run(
            ["dpkg-query", "-W", "-f=${Version}", "tzdata"],
            check=True, capture_output=True, text=True,
        ).stdout.strip() or None
    except (OSError, subprocess.CalledProcessError):
        pass
    upstream = None
    try:
        with open(os.path.join(zoneinfo, "tzdata.zi"), encoding="utf-8") as f:
            first = f.readline().strip()
            if first.startswith("# version "):
                upstream = first[len("# version "):]
    except OSError:
        pass
    parts = []
    if debian:
        parts.append(f"debian tzdata {debian}")
    if upstream:
        parts.append(f"upstream tz {upstream}")
    return "; ".join(parts)


def has_backzone(zoneinfo):
    """Without backzone, Europe/Oslo is a link to Europe/Berlin (same bytes)."""
    try:
        with open(os.path.join(zoneinfo, "Europe/Oslo"), "rb") as a, open(os.path.join(zoneinfo, "Europe/Berlin"), "rb") as b:
            return a.read() != b.read()
    except OSError:
        return False


def zone_files(zoneinfo):
    for dirpath, dirnames, filenames in os.walk(zoneinfo):
        rel_dir = os.path.relpath(dirpath, zoneinfo)
        if rel_dir == ".":
            dirnames[:] = sorted(d for d in dirnames if d not in SKIP_DIRS)
        else:
            dirnames.sort()
        for filename in sorted(filenames):
            name = filename if rel_dir == "." else f"{rel_dir}/{filename}"
            name = name.replace(os.sep, "/")
            if rel_dir == "." and filename in SKIP_NAMES:
                continue
            path = os.path.join(dirpath, filename)
            try:
                with open(path, "rb") as f:
                    data = f.read()
            except OSError:
                continue
            if data[:4] != b"TZif":
                continue
            yield name, data


def build(zoneinfo, version):
    zones = sorted(zone_files(zoneinfo), key=lambda item: item[0].encode("utf-8"))
    data = bytearray()
    stored = {}
    index = []
    for name, blob in zones:
        digest = hashlib.sha256(blob).digest()
        if digest not in stored:
            stored[digest] = (len(data), len(blob))
            data += blob
        offset, length = stored[digest]
        index.append((name, offset, length))

    out = bytearray(MAGIC)
    version_bytes = version.encode("utf-8")
    out += struct.pack("<H", len(version_bytes)) + version_bytes
    out += struct.pack("<I", len(index))
    for name, offset, length in index:
        name_bytes = name.encode("utf-8")
        out += struct.pack("<H", len(name_bytes)) + name_bytes
        out += struct.pack("<II", offset, length)
    out += data
    return bytes(out), len(index), len(stored)


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--zoneinfo", default="/usr/share/zoneinfo")
    parser.add_argument("--out", default=os.path.join(here, "zoneinfo.bin"))
    parser.add_argument("--version", help="override the recorded tzdata version")
    parser.add_argument("--allow-no-backzone", action="store_true", help="pack a zoneinfo built without backzone")
    args = parser.parse_args()

    version = args.version or tzdata_version(args.zoneinfo)
    if has_backzone(args.zoneinfo):
        version += "; with backzone"
    else:
        print("warning: this zoneinfo looks built WITHOUT backzone (Europe/Oslo == Europe/Berlin)", file=sys.stderr)
        if not args.allow_no_backzone:
            sys.exit("refusing to pack it; pass --allow-no-backzone to override")
    packed, names, blobs = build(args.zoneinfo, version)
    if names == 0:
        sys.exit(f"no TZif files found under {args.zoneinfo}")
    with open(args.out, "wb") as f:
        f.write(packed)
    print(f"{args.out}: {names} zone names, {blobs} distinct TZif files, {len(packed)} bytes ({len(packed) / 1024:.1f} KiB)")
    print(f"version: {version}")


if __name__ == "__main__":
    main()
