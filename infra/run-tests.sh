#!/usr/bin/env bash
# `make test`: every test of the workspace, with the services they need.
# Starts a moto server (DynamoDB + S3) for the storage conformance suite and
# stops it by its own process id on exit, whatever happens.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
mkdir -p .test-run

# Each step's wall-clock time, printed on exit (pass or fail): the figures
# of docs/benchmarks.md's cold runs come from this table.
STEP_NAMES=()
STEP_STARTS=()
RUN_START=$(date +%s)
step() {
    STEP_NAMES+=("$1")
    STEP_STARTS+=("$(date +%s)")
    echo "== $1"
}
step_times() {
    local now i end
    now=$(date +%s)
    ((${#STEP_NAMES[@]})) || return 0
    echo "== step times (wall clock)" >&2
    for i in "${!STEP_NAMES[@]}"; do
        end="${STEP_STARTS[$((i + 1))]:-$now}"
        printf '%6ss  %s\n' "$((end - STEP_STARTS[i]))" "${STEP_NAMES[$i]%%:*}" >&2
    done
    printf '%6ss  whole run\n' "$((now - RUN_START))" >&2
}

cleanup() {
    step_times || true
    bash infra/moto.sh stop || true
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
if ((${#missing[@]})); then
    echo "run-tests.sh: installing ${missing[*]} (apt-get)" >&2
    SUDO=""; [[ $(id -u) -eq 0 ]] || SUDO=sudo
    $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# A fresh clone gains nothing from incremental compilation but its disk use
# (several GB under target/debug/incremental); a developer's repeated runs keep it.
if [[ -n "${CI:-}" ]]; then export CARGO_INCREMENTAL=0; fi

step "infra scripts: the machine probes and strict mode of infra/lib.sh (tests/infra/lib.test.sh)"
bash tests/infra/lib.test.sh

step "documents: OpenAPI examples against their schemas, error codes, families, licence, README endpoint table (infra/check-docs.sh)"
bash infra/check-docs.sh

step "moto and the asteroid file: DynamoDB and S3 in a virtualenv, Chiron's ephemeris"
bash infra/moto.sh start
# (Assigned apart from `export`, which would hide a failed substitution.)
MOTO_ENDPOINT="$(bash infra/moto.sh url)"
export MOTO_ENDPOINT REQUIRE_MOTO=1
# The asteroid file for Chiron, from a pinned PyPI wheel (checksum verified).
ASTEROID_EPHE_DIR="$(bash infra/asteroid-file.sh)"
export ASTEROID_EPHE_DIR

step "formatting and lints"
cargo fmt --all -- --check
cargo clippy -q --workspace --all-targets -- -D warnings

step "widget embed script: the committed embed.min.js is terser's build of embed.js, under 15 KB"
bash infra/embed.sh check

step "template.yaml deploys: cfn-lint on it and on its SAM expansion"
bash infra/check-template.sh

step "pure core: shared without default features builds and pulls in no runtime, database, token, HTTP or AWS crate (infra/check-core.sh)"
bash infra/check-core.sh

step "unit, conformance and API tests"
cargo test --workspace

step "release packages: every family with cargo lambda build --release (infra/package.sh), calc and edge-metering through the Lambda Runtime API, the chat streamed through it"
# Built for this machine's architecture (template.yaml states the deployed
# one; another lands in target/lambda-<arch>/), linked for glibc 2.17 and
# checked against provided.al2023's 2.34. One cargo invocation for all
# families: the dependencies compile once. Without the release profile's thin
# LTO (PACKAGE_LTO=false): it would add about four CPU minutes per family to
# a cold run (docs/deploy.md, "Build time"); everything else is the release
# build as deployed. The same zips serve `sam local` below.
export PACKAGE_LTO=false
case "$(uname -m)" in aarch64 | arm64) HOST_ARCH=arm64 ;; *) HOST_ARCH=x86_64 ;; esac
PACKAGE_ARCH="$HOST_ARCH" bash infra/package.sh
TEMPLATE_ARCH="$(sed -n 's/^ *Architectures: *\[ *\([a-z0-9_]*\) *\].*/\1/p' template.yaml | head -1)"
LAMBDA_DIR=target/lambda; [[ "$HOST_ARCH" == "$TEMPLATE_ARCH" ]] || LAMBDA_DIR="target/lambda-$HOST_ARCH"
rm -rf .test-run/calc-package && mkdir -p .test-run/calc-package
unzip -q "$LAMBDA_DIR/calc/bootstrap.zip" -d .test-run/calc-package
python3 infra/lambda_start.py .test-run/calc-package/bootstrap 3
# The edge-metering package the same way, on moto: an S3 notification of a
# CloudFront log file, delivered twice, charged once.
rm -rf .test-run/edge-package && mkdir -p .test-run/edge-package
unzip -q "$LAMBDA_DIR/edge-metering/bootstrap.zip" -d .test-run/edge-package
.venv/bin/python infra/edge_metering_check.py .test-run/edge-package/bootstrap "$MOTO_ENDPOINT"
# The chat package as ChatStreamFunction runs it (LAMBDA_INVOKE_MODE=
# RESPONSE_STREAM, a REST API event): its answer streamed through the Runtime
# API, the first delta out before a stand-in model writes the rest. The
# local server (built here, used again below) makes the chatbot.
rm -rf .test-run/chat-package && mkdir -p .test-run/chat-package
unzip -q "$LAMBDA_DIR/chat/bootstrap.zip" -d .test-run/chat-package
cargo build -q -p local-server
python3 infra/chat_lambda_check.py .test-run/chat-package/bootstrap target/debug/local-server

step "smoke test: the local server as 'make run' starts it"
cargo build -q -p local-server
SMOKE_DIR="$(mktemp -d)"
SMOKE_PORT="${SMOKE_PORT:-3917}"
# With the asteroid file, as deployed: the contract fuzzing below asks for Chiron.
DATA_DIR="$SMOKE_DIR" PORT="$SMOKE_PORT" STORAGE_BACKEND=embedded EPHEMERIS_EXTRA_DIR="$ASTEROID_EPHE_DIR" ./target/debug/local-server serve >.test-run/smoke.out 2>.test-run/smoke.err &
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
    -d '{"dateTime":"1990-05-11T14:30","location":{"latitude":41.9028,"longitude":12.4964,"timezone":"Europe/Rome"}}')"
if [[ "$STATUS" != 200 ]]; then
    echo "smoke test: natal answered $STATUS" >&2
    cat .test-run/smoke.json >&2
    exit 1
fi
# The log of the whole run must not carry the key.
if grep -q "$KEY" .test-run/smoke.err; then
    echo "smoke test: the API key appeared in the server log" >&2
    exit 1
fi
echo "smoke test: natal 200 through the local server"

step "quick start: the curl blocks of docs/api.md's Quick start against the same server (infra/quickstart-test.sh)"
bash infra/quickstart-test.sh "http://127.0.0.1:$SMOKE_PORT" "$SMOKE_DIR"

step "MCP server: the official Python SDK lists the tools, calls each one (each answer equal to its REST twin's), a bad argument, no key (infra/mcp_client_check.py)"
MCP_VENV="$(bash infra/venv.sh mcp)"
"$MCP_VENV/bin/python" infra/mcp_client_check.py "http://127.0.0.1:$SMOKE_PORT" "$SMOKE_DIR"

step "contract: every operation of docs/openapi.yaml fuzzed against the same server (schemathesis)"
bash infra/contract-test.sh "http://127.0.0.1:$SMOKE_PORT" "$SMOKE_DIR"
# Nothing the fuzzer sent may have put a key into the log either.
if grep -q "$KEY" .test-run/smoke.err; then
    echo "contract test: the API key appeared in the server log" >&2
    exit 1
fi
step "widget embed in headless Chromium: an allowed site, a foreign site, a disabled widget (infra/browser-test.sh)"
bash infra/browser-test.sh "http://127.0.0.1:$SMOKE_PORT" "$SMOKE_DIR"
kill "$SERVER_PID"; wait "$SERVER_PID" 2>/dev/null || true; SERVER_PID=""
rm -rf "$SMOKE_DIR"

step "sam local start-api on the packages: a route of every family, a keyed natal chart (infra/sam-local.sh)"
# Its own container engine (started and stopped here if none answers), moto
# container, network and random secrets; all stopped by id on exit.
SAM_PORT="${SAM_PORT:-3300}" bash infra/sam-local.sh test
echo "== all tests passed ($(du -sh target 2>/dev/null | cut -f1) under target/)"
