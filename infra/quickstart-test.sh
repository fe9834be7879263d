#!/usr/bin/env bash
# docs/api.md's Quick start, run as a reader would run it: its ```bash blocks,
# in order, in one shell and an empty folder, against a running local server.
# Fails on any error answer (every curl there must carry -f, checked here),
# any failing command, or a broken chain: the chart, its SVG and PNG, and the
# summary that the blocks fetch must be what they claim to be.
#
# usage: infra/quickstart-test.sh BASE_URL DATA_DIR
#   BASE_URL  the local server, http://127.0.0.1:PORT (the blocks read PORT)
#   DATA_DIR  its data directory (the blocks read the bootstrap key there)
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BASE_URL="${1:?usage: infra/quickstart-test.sh BASE_URL DATA_DIR}"
DATA_DIR="$(cd "${2:?usage: infra/quickstart-test.sh BASE_URL DATA_DIR}" && pwd)"
# The blocks build their address as `make run` does, from PORT alone.
PORT="${BASE_URL#http://127.0.0.1:}"
PORT="${PORT%/}"
[[ "$PORT" =~ ^[0-9]+$ ]] || { echo "quickstart-test: BASE_URL must be http://127.0.0.1:PORT, not $BASE_URL" >&2; exit 2; }

WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
SCRIPT="$WORK/quickstart.sh"
# The ```bash blocks between "## Quick start" and the next "## " heading,
# each announced by its number so a failure names its block.
python3 - "$ROOT/docs/api.md" "$SCRIPT" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
section = re.search(r"^## Quick start\n(.*?)(?=^## )", text, re.M | re.S)
if not section:
    sys.exit("quickstart-test: docs/api.md has no '## Quick start' section")
blocks = re.findall(r"^```bash\n(.*?)^```$", section.group(1), re.M | re.S)
if len(blocks) < 4:
    sys.exit(f"quickstart-test: {len(blocks)} bash blocks in the Quick start, expected the four tasks")
lines = ["set -Eeuo pipefail"]
for number, block in enumerate(blocks, 1):
    # A curl without -f would let an error answer through as a success.
    for command in re.findall(r"^curl .*(?:\\\n.*)*", block, re.M):
        if not re.search(r"(^|\s)(-[a-zA-Z]*f[a-zA-Z]*|--fail)(\s|$)", command):
            sys.exit(f"quickstart-test: block {number} has a curl without -f: {command.splitlines()[0]}")
    lines += [f"printf '\\n== quick start block {number}\\n' >&2", block]
open(sys.argv[2], "w").write("\n".join(lines) + "\n")
print(f"quickstart-test: {len(blocks)} blocks", file=sys.stderr)
PY

cd "$WORK"
if ! env -i PATH="$PATH" HOME="$WORK" PORT="$PORT" DATA_DIR="$DATA_DIR" bash "$SCRIPT" >"$WORK/out.txt" 2>&1; then
    cat "$WORK/out.txt" >&2
    echo "quickstart-test: the Quick start of docs/api.md failed (the last '== quick start block' above)" >&2
    exit 1
fi
# The chain: what the blocks fetched is what the Quick start says it is.
python3 - <<'PY'
import json, sys
natal = json.load(open("natal.json"))
assert "sun" in natal["data"]["points"], "natal.json: no Sun"
assert open("chart.svg", "rb").read(200).lstrip().startswith((b"<svg", b"<?xml")), "chart.svg is not an SVG"
assert open("chart.png", "rb").read(8) == b"\x89PNG\r\n\x1a\n", "chart.png is not a PNG"
assert json.load(open("summary.json"))["data"]["summary"], "summary.json: no summary"
PY
grep -qx 304 out.txt || { cat out.txt >&2; echo "quickstart-test: revalidating the summary with its ETag did not answer 304" >&2; exit 1; }
echo "quickstart-test: the Quick start's blocks ran against $BASE_URL (chart, SVG, PNG, summary, 304)"
