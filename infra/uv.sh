#!/usr/bin/env bash
# `infra/uv.sh`: prints the path of uv (pinned), installing it the first time
# into .test-run/uv-venv with pip. The test virtualenvs are made with uv: pip
# took about a CPU minute for the SAM CLI's 87 pins alone, taken from cargo's
# build while they were made beside it; uv makes the same virtualenv in a few
# seconds (`uv venv`, `uv pip install -r`, the same pinned requirements).
# Several `make test` steps may ask at once: the first installs, under a lock.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
UV_VERSION=0.13.9
VENV="$ROOT/.test-run/uv-venv"
mkdir -p "$ROOT/.test-run"
exec 9>"$ROOT/.test-run/uv-venv.lock"
flock 9
if [[ "$("$VENV/bin/uv" --version 2>/dev/null)" != "uv $UV_VERSION"* ]]; then
    echo "uv.sh: installing uv $UV_VERSION into $VENV (pip)" >&2
    rm -rf "$VENV"
    python3 -m venv "$VENV"
    "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check "uv==$UV_VERSION" >&2
fi
printf '%s\n' "$VENV/bin/uv"
