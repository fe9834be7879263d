#!/usr/bin/env bash
# Prints the path of the SAM CLI's virtualenv (.test-run/sam-venv),
# creating it or reinstalling the pins of infra/sam-requirements.txt when
# they changed (a stamp keeps a warm run from calling pip at all).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="$ROOT/.test-run/sam-venv"
REQUIREMENTS="$ROOT/infra/sam-requirements.txt"
STAMP="$VENV/.requirements.sha256"
want="$(sha256sum "$REQUIREMENTS" | cut -d' ' -f1)"
if [[ ! -x "$VENV/bin/python" ]] || [[ "$(cat "$STAMP" 2>/dev/null)" != "$want" ]]; then
    echo "sam-venv.sh: installing the SAM CLI into $VENV" >&2
    mkdir -p "$ROOT/.test-run"
    python3 -m venv "$VENV"
    "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check -r "$REQUIREMENTS" >&2
    echo "$want" >"$STAMP"
fi
printf '%s\n' "$VENV"
