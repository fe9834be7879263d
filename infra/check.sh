#!/usr/bin/env bash
# `make check`: the contributor's loop. Formatting, the pure core
# (infra/check-core.sh), clippy on every target (in the same build as the
# tests: infra/lib.sh, lint_while_compiling) and every unit and API test on
# the embedded store.
# No root, no Docker, no moto: the DynamoDB/S3 conformance tests print a
# notice and pass (shared/tests/common/moto.rs; `make test` runs them).
# Network only the first time (crates, the asteroid file from PyPI).
#
# It installs nothing on the machine. The tests read their output with
# openssl, poppler-utils and qpdf: when one is missing it says which and
# stops (`make test` installs them with apt-get).
#
# Each step's wall-clock time is printed at the end, pass or fail.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
mkdir -p .test-run

trap 'beside_stop || true; step_times "make check" || true' EXIT

missing=()
command -v openssl >/dev/null || missing+=(openssl)
command -v pdftotext >/dev/null && command -v pdffonts >/dev/null || missing+=(poppler-utils)
command -v qpdf >/dev/null || missing+=(qpdf)
if ((${#missing[@]})); then
    echo "make check: the tests read their output with ${missing[*]}, not installed here." >&2
    echo "  Install them once (root): apt-get install --no-install-recommends ${missing[*]}" >&2
    echo "  (or run \`make test\`, which installs them)." >&2
    exit 1
fi

# Chiron's reference tests read the asteroid file from here (PyPI the first time).
ASTEROID_EPHE_DIR="$(bash infra/asteroid-file.sh)"
export ASTEROID_EPHE_DIR
# Not the moto-backed suite: whatever the caller's shell has set.
unset MOTO_ENDPOINT REQUIRE_MOTO

step "formatting"
cargo fmt --all -- --check

# Beside the build (infra/lib.sh, `beside`): its own check build of `shared`
# alone, in target/core, without the lint wrapper (started before it).
beside pure-core "pure core: infra/check-core.sh" "the build" bash infra/check-core.sh

step "lints while compiling: clippy on every target (-D warnings), the tests built"
lint_while_compiling
cargo test -q --workspace --all-targets --no-run

step "the pure core, run beside the build: what is left of its time"
joined pure-core

step "unit and API tests on the embedded store"
# The API suite beside the other test binaries, as `make test` runs them
# (infra/run-tests.sh says why); both select the whole workspace, so
# nothing compiles again.
rm -f .test-run/check-api-tests.status
(
    status=0
    cargo test -q --workspace --test api || status=$?
    echo "$status" >.test-run/check-api-tests.status
) >.test-run/check-api-tests.log 2>&1 &
api_pid=$!
others=0
cargo test -q --workspace --exclude api-tests && cargo test -q --workspace --test logs || others=1
api=0
[[ "$(status_of .test-run/check-api-tests.status "$api_pid")" == 0 ]] || api=1
if ((api)); then cat .test-run/check-api-tests.log; else grep -E '^test result' .test-run/check-api-tests.log || true; fi
((others == 0 && api == 0)) || { echo "make check: unit or API tests failed" >&2; exit 1; }
