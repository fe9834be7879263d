#!/usr/bin/env bash
# `infra/venv.sh NAME`: prints the path of the virtualenv .test-run/NAME-venv,
# creating it or reinstalling the pins of infra/NAME-requirements.txt when
# they changed (a stamp keeps a warm run from calling uv at all; infra/uv.sh).
#   deploy   cfn-lint, the SAM translator, cargo-lambda and zig
#   sam      the SAM CLI (apart: it pins its own boto3 and cfn-lint)
#   mcp      the official MCP Python SDK, the MCP server's client in tests
#   docs     the documents' check: jsonschema and PyYAML (infra/check-docs.sh)
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
NAME="${1:?usage: infra/venv.sh NAME (deploy, sam, docs)}"
VENV="$ROOT/.test-run/$NAME-venv"
REQUIREMENTS="$ROOT/infra/$NAME-requirements.txt"
[[ -f "$REQUIREMENTS" ]] || { echo "venv.sh: no $REQUIREMENTS" >&2; exit 2; }
STAMP="$VENV/.requirements.sha256"
want="$(sha256sum "$REQUIREMENTS" | cut -d' ' -f1)"
if [[ ! -x "$VENV/bin/python" ]] || [[ "$(cat "$STAMP" 2>/dev/null)" != "$want" ]]; then
    echo "venv.sh: installing infra/$NAME-requirements.txt into $VENV" >&2
    mkdir -p "$ROOT/.test-run"
    UV="$(bash "$ROOT/infra/uv.sh")"
    rm -rf "$VENV"
    "$UV" venv --quiet --python python3 "$VENV" >&2
    "$UV" pip install --quiet --python "$VENV/bin/python" -r "$REQUIREMENTS" >&2
    echo "$want" >"$STAMP"
fi
printf '%s\n' "$VENV"
