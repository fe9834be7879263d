#!/usr/bin/env bash
# template.yaml must deploy: cfn-lint on it as written (SAM), then the SAM
# transform expanded offline (infra/expand_template.py, the library
# CloudFormation runs) and cfn-lint on that plain CloudFormation. Zero
# findings, errors and warnings alike, in both.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
VENV="$(bash infra/venv.sh deploy)"
EXPANDED=.test-run/template.expanded.json
"$VENV/bin/cfn-lint" --version
"$VENV/bin/cfn-lint" template.yaml
echo "cfn-lint template.yaml: no findings"
"$VENV/bin/python" infra/expand_template.py template.yaml "$EXPANDED"
"$VENV/bin/cfn-lint" "$EXPANDED"
echo "cfn-lint $EXPANDED: no findings"
