#!/usr/bin/env bash
# `make test-fresh`: `make test` as a new machine runs it. A clone of this
# checkout's HEAD (committed work only) in a new directory, so no target/,
# no virtualenvs, no .test-run/; the sam local step's images and root file
# system removed first (infra/sam-local.sh forget-images); then `.ci/run`
# with CI=true, as CI runs it. The clone is removed afterwards unless
# KEEP_CLONE=1. What stays warm: the caches outside the checkout (cargo's
# registry under ~/.cargo, pip's under ~/.cache/pip, npm's under ~/.npm);
# remove those by hand for a colder run.
#   FRESH_DIR  where to clone (a new temporary directory)
#   MOTO_PORT, SMOKE_PORT, SAM_PORT  passed on (to run beside another make test)
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
ROOT="$INFRA_ROOT"
FRESH_DIR="${FRESH_DIR:-$(mktemp -d /tmp/astro-fresh.XXXXXX)}"
CLONE="$FRESH_DIR/clone"
git clone -q --no-local "$ROOT" "$CLONE"
echo "test-fresh.sh: $(git -C "$CLONE" log -1 --format='%h %s') cloned into $CLONE" >&2
status=0
(cd "$CLONE" && CI=true bash .ci/run) || status=$?
if [[ "${KEEP_CLONE:-}" != 1 ]]; then
    rm -rf "$FRESH_DIR"
fi
echo "test-fresh.sh: .ci/run in a fresh clone exited $status" >&2
exit "$status"
