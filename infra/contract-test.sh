#!/usr/bin/env bash
# Contract fuzzing: schemathesis (pinned, in its own virtualenv under
# .test-run/) runs every operation of docs/openapi.yaml against a running
# local server, with every check on, and fails on any finding.
#
# usage: infra/contract-test.sh BASE_URL DATA_DIR
#   BASE_URL  the local server (embedded storage), e.g. http://127.0.0.1:3917
#   DATA_DIR  its data directory (bootstrap key, JWT secret)
#
# Credentials, kept apart so that no operation can sabotage the rest:
# - API-key routes use a key issued here in the bootstrap organization
#   (deluxe plan: every module; no per-minute limit; a quota far above the run).
# - Dashboard routes use a bearer token of a separate user, "fuzz-owner", who
#   owns a separate organization created here; X-Organization-Id names it on
#   every request. Whatever the fuzzer revokes, deletes or demotes is that
#   organization's (its keys, its texts, its invitations): the bootstrap key
#   lives in another organization the fuzz user is no member of, and the
#   organization's last owner cannot be removed or demoted (409 last_owner).
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# `contract-test.sh --prepare`: only the virtualenv (`make test` makes it in
# the background while cargo compiles).
PREPARE_ONLY=""
if [[ "${1:-}" == --prepare ]]; then
    PREPARE_ONLY=1
else
    BASE_URL="$1"
    DATA_DIR="$2"
    shift 2
    EXTRA_ARGS=("$@")
fi
VENV="$ROOT/.test-run/venv"
LOCK="$ROOT/infra/schemathesis-requirements.txt"

PYTHON=python3

# The virtualenv is rebuilt when the lock file or the interpreter changes.
STAMP="$(cat "$LOCK"; "$PYTHON" --version)"
if [[ "$STAMP" != "$(cat "$VENV/.lock" 2>/dev/null)" ]]; then
    rm -rf "$VENV"
    UV="$(bash "$ROOT/infra/uv.sh")"
    "$UV" venv --quiet --python "$PYTHON" "$VENV"
    "$UV" pip install --quiet --python "$VENV/bin/python" -r "$LOCK"
    printf '%s' "$STAMP" >"$VENV/.lock"
fi
[[ -z "$PREPARE_ONLY" ]] || exit 0

# The fuzzer's API key is its own, issued here by the bootstrap organization's
# owner through the dashboard route, with every permission that reads and
# none that manages keys: nothing the fuzzer sends can revoke or rotate it.
OWNER_TOKEN="$(DATA_DIR="$DATA_DIR" STORAGE_BACKEND=embedded "$ROOT/target/debug/local-server" dev-token)"
BOOTSTRAP_ORG_ID="$(curl -sf "$BASE_URL/api/orgs" -H "Authorization: Bearer $OWNER_TOKEN" |
    python3 -c 'import json,sys; print(json.load(sys.stdin)["data"][0]["id"])')"
export SCHEMATHESIS_API_KEY
SCHEMATHESIS_API_KEY="$(curl -sf -X POST "$BASE_URL/api/api-keys" -H "Authorization: Bearer $OWNER_TOKEN" -H 'Content-Type: application/json' \
    -d '{"data":{"type":"api-keys","attributes":{"name":"Contract fuzzing","organizationId":"'"$BOOTSTRAP_ORG_ID"'","permissions":["calc:read","content:read","chart:read","modules:read"]}}}' |
    python3 -c 'import json,sys; print(json.load(sys.stdin)["data"]["key"])')"
export SCHEMATHESIS_BEARER
SCHEMATHESIS_BEARER="$(DATA_DIR="$DATA_DIR" STORAGE_BACKEND=embedded "$ROOT/target/debug/local-server" dev-token fuzz-owner)"
ORG_ID="$(curl -sf -X POST "$BASE_URL/api/orgs" -H "Authorization: Bearer $SCHEMATHESIS_BEARER" -H 'Content-Type: application/json' \
    -d '{"data":{"type":"organizations","attributes":{"name":"Fuzz organization"}}}' |
    python3 -c 'import json,sys; print(json.load(sys.stdin)["data"]["id"])')"

# Two schemathesis processes side by side, each on half of the operations
# (the chart calculations, the rest), each with one worker: the fuzzer, not
# the server, is what keeps a core busy, and a second worker thread in one
# process is not safe on CPython before 3.11.8 and 3.12.2, which keep one AST
# recursion counter for all threads (python/cpython#106905: hypothesis's
# ast.parse of a filter's source then fails now and then with "AST
# constructor recursion depth mismatch"). Processes share nothing. Each half
# keeps whole resources together, so the stateful phase still follows the
# links from a POST to the GET, PATCH and DELETE of what it made.
CHARTS='^/api/(calc|legacy|numerology|vedic|chart|places|content)/'
rm -rf "$ROOT/.test-run/schemathesis"
mkdir -p "$ROOT/.test-run/schemathesis/charts" "$ROOT/.test-run/schemathesis/rest"
cd "$ROOT"
fuzz() {
    local half="$1"
    shift
    "$VENV/bin/schemathesis" --config-file infra/schemathesis.toml run docs/openapi.yaml \
        --url "$BASE_URL" \
        -H "X-Organization-Id: $ORG_ID" \
        --workers 1 \
        "$@" \
        --report junit --report-dir ".test-run/schemathesis/$half" \
        >".test-run/schemathesis/$half.log" 2>&1
}
fuzz charts --include-path-regex "$CHARTS" "${EXTRA_ARGS[@]}" &
CHARTS_PID=$!
fuzz rest --exclude-path-regex "$CHARTS" "${EXTRA_ARGS[@]}" &
REST_PID=$!
status=0
wait "$CHARTS_PID" || status=1
wait "$REST_PID" || status=1
for half in charts rest; do
    echo "== contract test, $half (.test-run/schemathesis/$half.log)"
    cat ".test-run/schemathesis/$half.log"
done
exit "$status"
