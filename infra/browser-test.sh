#!/usr/bin/env bash
# The widget embed in headless Chromium against a running local server:
#   bash infra/browser-test.sh BASE_URL DATA_DIR [SCREENSHOT_DIR]
# Creates two widgets of the server's bootstrap organization (one styled and
# allowed on 127.0.0.1, one disabled) with the owner's dev token, then runs
# tests/browser/widget.mjs (playwright-core from npm, pinned; Debian's
# /usr/bin/chromium, never a downloaded browser). Screenshots go to
# SCREENSHOT_DIR (default .test-run/browser; `docs/widgets` for the docs).
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BASE="${1:?base url}"
DATA_DIR="${2:?data dir}"
SHOTS="${3:-$ROOT/.test-run/browser}"
mkdir -p "$SHOTS"

command -v chromium >/dev/null || { echo "browser-test.sh: /usr/bin/chromium is missing (apt-get install chromium)" >&2; exit 1; }
(cd "$ROOT/tests/browser" && { [[ -d node_modules/playwright-core ]] || npm ci --no-audit --no-fund --silent; })

TOKEN="$(DATA_DIR="$DATA_DIR" STORAGE_BACKEND=embedded "$ROOT/target/debug/local-server" dev-token)"
create() {
    curl -sf -X POST "$BASE/api/widgets" -H "Authorization: Bearer $TOKEN" -H 'Content-Type: application/json' -d "$1" |
        python3 -c 'import json,sys; print(json.load(sys.stdin)["data"]["id"])'
}
ALLOWED="$(create '{"data":{"type":"widgets","attributes":{"name":"Browser test","allowedDomains":["127.0.0.1"],"customization":{
  "colors":{"primary":"#2e5b8c","accent":"#c46d1f","background":"#fffdf8","surface":"#f3efe6","border":"#d8cfbd"},
  "fonts":{"family":"DejaVu Sans","sizeBase":15},"borders":{"radius":14,"width":1,"style":"solid"},
  "spacing":{"padding":20},"shadows":{"preset":"medium"},"layout":{"variant":"side-by-side"},
  "branding":{"companyName":"Stargazer Transits","showPoweredBy":false},
  "interaction":{"tooltipEnabled":true,"clickThroughEnabled":true,"clickThroughUrl":"https://stargazer.example.com/readings"},
  "widgetOptions":{"showAspects":true,"showPoints":true,"chartSize":"medium"},
  "labels":{"sun":"Sun ☉"}}}}}')"
DISABLED="$(create '{"data":{"type":"widgets","attributes":{"name":"Switched off","allowedDomains":["127.0.0.1"],"enabled":false,"customization":{"language":"es"}}}}')"

node "$ROOT/tests/browser/widget.mjs" "$BASE" "$ALLOWED" "$DISABLED" "$SHOTS"
