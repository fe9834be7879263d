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
# - API-key routes use the bootstrap key of the bootstrap organization
#   (deluxe plan: every module; no per-minute limit; a quota far above the run).
# - Dashboard routes use a bearer token of a separate user, "fuzz-owner", who
#   owns a separate organization created here; X-Organization-Id names it on
#   every request. Whatever the fuzzer revokes, deletes or demotes is that
#   organization's (its keys, its texts, its invitations): the bootstrap key
#   lives in another organization the fuzz user is no member of, and the
#   organization's last owner cannot be removed or demoted (409 last_owner).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BASE_URL="$1"
DATA_DIR="$2"
VENV="$ROOT/.test-run/venv"
LOCK="$ROOT/infra/schemathesis-requirements.txt"

# The virtualenv is rebuilt when the lock file changes.
if ! cmp -s "$LOCK" "$VENV/.lock" 2>/dev/null; then
    rm -rf "$VENV"
    python3 -m venv "$VENV"
    "$VENV/bin/pip" install -q --disable-pip-version-check -r "$LOCK"
    cp "$LOCK" "$VENV/.lock"
fi

export SCHEMATHESIS_API_KEY
SCHEMATHESIS_API_KEY="$(cat "$DATA_DIR/bootstrap-api-key")"
export SCHEMATHESIS_BEARER
SCHEMATHESIS_BEARER="$(DATA_DIR="$DATA_DIR" STORAGE_BACKEND=embedded "$ROOT/target/debug/local-server" dev-token fuzz-owner)"
ORG_ID="$(curl -sf -X POST "$BASE_URL/api/orgs" -H "Authorization: Bearer $SCHEMATHESIS_BEARER" -H 'Content-Type: application/json' \
    -d '{"data":{"type":"organizations","attributes":{"name":"Fuzz organization"}}}' |
    python3 -c 'import json,sys; print(json.load(sys.stdin)["data"]["id"])')"

# Findings not fixed yet are listed, each by name, in the baseline file: a
# new finding fails the run, a listed one is reported but does not. Fixing
# one and running with CONTRACT_BASELINE=prune drops it from the list;
# CONTRACT_BASELINE=update records the current findings (review the diff).
BASELINE_ARGS=(--baseline infra/schemathesis-baseline.json)
case "${CONTRACT_BASELINE:-}" in
    update) BASELINE_ARGS+=(--baseline-update) ;;
    prune) BASELINE_ARGS+=(--baseline-prune) ;;
esac

mkdir -p "$ROOT/.test-run/schemathesis"
cd "$ROOT"
"$VENV/bin/schemathesis" --config-file infra/schemathesis.toml run docs/openapi.yaml \
    --url "$BASE_URL" \
    -H "X-Organization-Id: $ORG_ID" \
    "${BASELINE_ARGS[@]}" \
    --report junit --report-dir .test-run/schemathesis
