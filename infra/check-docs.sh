#!/usr/bin/env bash
# The documents that cannot drift (issue 31): docs/openapi.yaml's examples
# against their schemas, its error codes against the code's table, its
# families and README.md's endpoint table against template.yaml, one licence
# everywhere (infra/check-docs.py says what each check compares). No build
# needed: a step of `make test`, its virtualenv made while cargo compiles.
#   infra/check-docs.sh [--write] [--only NAME,...]
#   --write  rewrites README.md's endpoint table from template.yaml first
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="$(bash "$ROOT/infra/venv.sh" docs)"
"$VENV/bin/python" "$ROOT/infra/check-docs.py" "$@"
