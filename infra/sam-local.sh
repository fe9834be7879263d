#!/usr/bin/env bash
# `sam local start-api` on the packaged functions of template.yaml, offline.
#
#   infra/sam-local.sh          `make sam-local`: serve on 127.0.0.1:$SAM_PORT
#                               until Ctrl-C, with a fresh organization and
#                               API key printed
#   infra/sam-local.sh test     `make test`: the same, then the calls of
#                               infra/sam_local_check.py (a route of every
#                               family, a keyed natal chart), then stop
#   infra/sam-local.sh forget-images
#                               remove the images this script imports and
#                               the SAM CLI builds on them (astro-api-sam-*),
#                               so that the next run takes the first-run path
#
# What it does (after ../shared/recipes/sam-local-offline.sh, made cheaper):
#   1. the packages: infra/package.sh for this machine's architecture
#      (target/lambda-<arch>/ unless template.yaml states the same one), or
#      the directory SAM_PACKAGES_DIR names (`make test` passes the test
#      packages of infra/test-packages.sh, already built)
#   2. a container engine: the one that answers, else Debian's docker.io
#      started here, by its own pid, and stopped on exit
#   3. the SAM CLI, pinned (infra/venv.sh sam)
#   4. no registry, and no name anyone else uses: the functions' image is a
#      root file system of this machine's own files (its C library and
#      loader, what the packages link, the CA bundle, and the shell, mv and
#      chmod the SAM CLI's image build runs), seconds to assemble, imported as
#      astro-api-sam-base:<hash of those files> and handed to the SAM CLI
#      with `--invoke-image`; the SAM CLI builds astro-api-sam-base:rapid-<arch>
#      on it (its runtime interface emulator added). Both stay for the next
#      run (`forget-images` removes them).
#   5. storage: a moto server (DynamoDB, S3; infra/moto.sh, the conformance
#      suite's virtualenv) on the host, bound to the gateway address of a
#      docker network this run creates: the functions reach it there, and so
#      does the host. Nothing goes to any other address. The table made as
#      template.yaml defines it (the corpus is not loaded, see below).
#      (`--docker-network host` gives no loopback: SAM CLI 1.170 connects its
#      containers to the network named, but for `host` it connects them to
#      none, so they stay on docker's default bridge and 127.0.0.1 there is
#      the container itself.)
#   6. secrets by value, random for this run, in an `--env-vars` file that is
#      deleted on exit; the ARN variables emptied
#   7. `sam local start-api --warm-containers EAGER` on a template derived
#      from template.yaml (infra/sam_local.py)
# On any exit it stops, by their ids, what it started: the SAM CLI, the
# function containers on its network, the moto server, the network and
# dockerd.
#
# Needs root for the container engine (apt-get install docker.io iptables
# when it is missing, dockerd when none answers; it says so and stops when
# it has neither root nor sudo), a Rust toolchain, python3, the Debian
# mirror (only to install docker.io), PyPI and crates.io. No container registry.
# Env: SAM_PORT (3300), SAM_MOTO_PORT (SAM_PORT+1), ARCH (this machine's),
#      DOCKERD_ARGS (--storage-driver=overlay2), SAM_PACKAGES_DIR.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
MODE="${1:-serve}"
[[ "$MODE" == serve || "$MODE" == test || "$MODE" == forget-images ]] || { echo "usage: $0 [serve|test|forget-images]" >&2; exit 2; }

SAM_PORT="${SAM_PORT:-3300}"
WORK="$ROOT/.test-run/sam"
LOG="$WORK/sam.log"
DOCKERD_ARGS="${DOCKERD_ARGS:---storage-driver=overlay2}"
case "$(uname -m)" in
    x86_64) HOST_ARCH=x86_64 ;;
    aarch64 | arm64) HOST_ARCH=arm64 ;;
    *) echo "sam-local.sh: unsupported machine $(uname -m)" >&2; exit 1 ;;
esac
ARCH="${ARCH:-$HOST_ARCH}"
TEMPLATE_ARCH="$(sed -n 's/^ *Architectures: *\[ *\([a-z0-9_]*\) *\].*/\1/p' template.yaml | head -1)"
if [[ "$ARCH" == "$TEMPLATE_ARCH" ]]; then LAMBDA_DIR=target/lambda; else LAMBDA_DIR="target/lambda-$ARCH"; fi
if [[ -n "${SAM_PACKAGES_DIR:-}" ]]; then LAMBDA_DIR="$SAM_PACKAGES_DIR"; fi
SAM_MOTO_PORT="${SAM_MOTO_PORT:-$((SAM_PORT + 1))}"
# Every image this script imports, and the SAM CLI builds on it, is named so.
IMAGE_REPO="astro-api-sam-base"
TABLE=astro-sam-local
BUCKET=astro-sam-local-reports
JWT_ISSUER=astro-sam-local

T0=$(date +%s.%N)
log() { printf '[sam-local %s +%ss] %s\n' "$(date +%H:%M:%S)" "$(python3 -c "import sys; print(f'{float(sys.argv[2]) - float(sys.argv[1]):.1f}')" "$T0" "$(date +%s.%N)")" "$*" >&2; }

DOCKERD_PID=""
SAM_PID=""
NETWORK=""
MOTO_STARTED=""
mkdir -p "$WORK"
cleanup() {
    local status=$?
    set +e
    trap - ERR
    if [[ -n "$SAM_PID" ]] && kill -0 "$SAM_PID" 2>/dev/null; then
        log "stopping the SAM CLI (pid $SAM_PID)"
        kill "$SAM_PID"
        for _ in $(seq 1 40); do kill -0 "$SAM_PID" 2>/dev/null || break; sleep 0.25; done
        kill -0 "$SAM_PID" 2>/dev/null && kill -9 "$SAM_PID"
        wait "$SAM_PID" 2>/dev/null
    fi
    if [[ -n "$NETWORK" ]]; then
        # Every container on this run's network is this run's: the SAM CLI's
        # function containers (if it left any) and moto.
        local left
        left="$(docker ps -aq --filter "network=$NETWORK")"
        if [[ -n "$left" ]]; then
            log "removing this run's containers: $(echo $left)"
            # shellcheck disable=SC2086
            docker rm -f $left >/dev/null
        fi
        docker network rm "$NETWORK" >/dev/null
    fi
    if [[ -n "$MOTO_STARTED" ]]; then MOTO_PORT="$SAM_MOTO_PORT" bash infra/moto.sh stop >/dev/null 2>&1; fi
    rm -f "$WORK/env-vars.json"
    if [[ -n "$DOCKERD_PID" ]] && kill -0 "$DOCKERD_PID" 2>/dev/null; then
        log "stopping dockerd (pid $DOCKERD_PID)"
        kill "$DOCKERD_PID"
        wait "$DOCKERD_PID" 2>/dev/null
    fi
    exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# ---------------------------------------------------------------- 2. engine
# (before the packages in this file: `forget-images` needs the engine alone)
start_engine() {
    if docker info >/dev/null 2>&1; then
        log "a container engine already answers; using it"
        return
    fi
    # Installing docker.io and running dockerd need root: said plainly, not
    # an obscure failure further on. (A user in the docker group with a
    # daemon running never gets here.)
    if [[ $(id -u) -ne 0 ]]; then
        echo "sam-local.sh: no container engine answers, and this step would install (apt-get install docker.io iptables) and start dockerd, which needs root. Run it as root (sudo make test), or start docker yourself with your user in the docker group." >&2
        exit 1
    fi
    if ! command -v dockerd >/dev/null || ! command -v iptables >/dev/null; then
        log "installing docker.io and iptables (apt-get)"
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -qq
        apt-get install -y -qq --no-install-recommends docker.io iptables >/dev/null
    fi
    # shellcheck disable=SC2086
    nohup dockerd $DOCKERD_ARGS >"$WORK/dockerd.log" 2>&1 </dev/null &
    DOCKERD_PID=$!
    for _ in $(seq 1 120); do
        docker info >/dev/null 2>&1 && break
        kill -0 "$DOCKERD_PID" 2>/dev/null || break
        sleep 0.5
    done
    if ! docker info >/dev/null 2>&1; then
        echo "sam-local.sh: dockerd did not come up; last log lines:" >&2
        tail -n 30 "$WORK/dockerd.log" >&2
        exit 1
    fi
    log "dockerd started (pid $DOCKERD_PID)"
}

# `forget-images`: this machine as a new one finds it, for this step: no
# image it imports or the SAM CLI builds on it (astro-api-sam-base:*), nor
# those of earlier versions of this script (astro-sam-*). `.ci/run` does this
# under CI=true and `make test-fresh` always, so that the first-run path
# (assemble, import, the SAM CLI's build) is what they test (issue 27).
# Never an image another project may use: earlier versions imported a Debian
# root as public.ecr.aws/lambda/provided:al2023-<arch>, AWS's own name; that
# one is left alone (README, "What `make test` installs and changes", says
# how to remove it).
if [[ "$MODE" == forget-images ]]; then
    # No engine installed and none answering: no image can be here (a
    # docker client alone, as this machine kind has, holds none).
    if ! command -v dockerd >/dev/null && ! docker info >/dev/null 2>&1; then
        log "no container engine on this machine: no images to forget"
    else
        start_engine
        mapfile -t images < <(docker images --format '{{.Repository}}:{{.Tag}}' \
            | awk '/^(astro-api-sam-base:|astro-sam-)/')
        if ((${#images[@]})); then
            log "removing the images this step imports and builds: ${images[*]}"
            docker rmi -f "${images[@]}" >/dev/null
        else
            log "none of the images this step imports and builds is here"
        fi
    fi
    rm -rf "$WORK/rootfs"
    exit 0
fi

# ---------------------------------------------------------------- 1. packages
if [[ -z "${SAM_PACKAGES_DIR:-}" ]]; then
    PACKAGE_ARCH="$ARCH" bash infra/package.sh >&2
fi
log "packages for $ARCH in $LAMBDA_DIR/"
start_engine

# ---------------------------------------------------------------- 3. SAM CLI
SAM_VENV="$(bash infra/venv.sh sam)"
SAM="$SAM_VENV/bin/sam"
log "$("$SAM" --version)"

# ---------------------------------------------------------------- 4. base image
[[ "$ARCH" == "$HOST_ARCH" ]] || { echo "sam-local.sh: the functions' image is made of this machine's files ($HOST_ARCH); ARCH=$ARCH cannot run on it" >&2; exit 1; }
# What the packages link (the loader, the C library, libgcc_s, ...; ldd
# reads the glibc-2.17 packages of `make package` and the test packages
# alike) and what the SAM CLI's image build runs (`RUN mv ... && chmod ...`
# under /bin/sh). The tag is a hash of those files: a new C library makes a
# new image, an unchanged machine reuses it.
ROOTFS="$WORK/rootfs"
rm -rf "$ROOTFS" "$WORK/bootstraps"
mkdir -p "$ROOTFS" "$WORK/bootstraps"
for zip in "$LAMBDA_DIR"/*/bootstrap.zip; do
    unzip -p "$zip" bootstrap >"$WORK/bootstraps/$(basename "$(dirname "$zip")")"
done
chmod +x "$WORK/bootstraps"/*
# The CA bundle too: the AWS SDK's client will not start without trusted
# roots (Lambda's image has them), though nothing here leaves the machine.
CA_BUNDLE=/etc/ssl/certs/ca-certificates.crt
[[ -f "$CA_BUNDLE" ]] || { echo "sam-local.sh: no $CA_BUNDLE on this machine (apt-get install ca-certificates): the functions' AWS client needs a CA bundle to start" >&2; exit 1; }
mapfile -t ROOT_FILES < <(
    {
        printf '%s\n' /bin/sh /bin/mv /bin/chmod "$CA_BUNDLE"
        for binary in /bin/sh /bin/mv /bin/chmod "$WORK/bootstraps"/*; do
            ldd "$binary" | awk '$2 == "=>" && $3 ~ /^\// { print $3 } $1 ~ /^\// { print $1 }'
        done
    } | sort -u
)
rm -rf "$WORK/bootstraps"
# -h: a link's target stored under the link's own name (/bin/sh is dash).
tar -C / -chf - "${ROOT_FILES[@]#/}" 2>/dev/null | tar -C "$ROOTFS" -xf -
mkdir -p "$ROOTFS/var/task" "$ROOTFS/var/runtime" "$ROOTFS/opt" "$ROOTFS/tmp"
chmod 1777 "$ROOTFS/tmp"
IMAGE_HASH="$(cd "$ROOTFS" && find . -type f -print0 | sort -z | xargs -0 sha256sum | sha256sum | cut -c1-12)"
BASE_IMAGE="$IMAGE_REPO:$IMAGE_HASH"
if ! docker image inspect "$BASE_IMAGE" >/dev/null 2>&1; then
    # The SAM CLI's image on the old base (its tag has no hash) goes too.
    mapfile -t stale < <(docker images --format '{{.Repository}}:{{.Tag}}' | awk -v repo="$IMAGE_REPO" 'index($0, repo ":") == 1')
    if ((${#stale[@]})); then docker rmi -f "${stale[@]}" >/dev/null; fi
    tar -C "$ROOTFS" -c . | docker import \
        -c 'ENV LAMBDA_TASK_ROOT=/var/task' -c 'ENV LAMBDA_RUNTIME_DIR=/var/runtime' -c 'WORKDIR /var/task' \
        - "$BASE_IMAGE" >/dev/null
    log "imported $BASE_IMAGE: ${#ROOT_FILES[@]} files of this machine ($(du -sh "$ROOTFS" | cut -f1))"
fi
rm -rf "$ROOTFS"
log "base image $BASE_IMAGE (this machine's C library: $(ldd --version | sed -n 1p))"

# ---------------------------------------------------------------- 5. storage
NETWORK="astro-sam-$$"
docker network create "$NETWORK" >/dev/null
GATEWAY="$(docker network inspect -f '{{range .IPAM.Config}}{{.Gateway}}{{end}}' "$NETWORK")"
[[ -n "$GATEWAY" ]] || { echo "sam-local.sh: network $NETWORK has no gateway address" >&2; exit 1; }
MOTO_STARTED=1
MOTO_PORT="$SAM_MOTO_PORT" MOTO_HOST="$GATEWAY" bash infra/moto.sh start
MOTO_URL="http://$GATEWAY:$SAM_MOTO_PORT"
log "moto on this machine at $MOTO_URL, the gateway of network $NETWORK"

export AWS_REGION=us-east-1 AWS_DEFAULT_REGION=us-east-1 AWS_ACCESS_KEY_ID=test AWS_SECRET_ACCESS_KEY=test
unset AWS_SESSION_TOKEN AWS_PROFILE
"$SAM_VENV/bin/python" infra/sam_local.py storage "$MOTO_URL" "$TABLE" "$BUCKET"

# This run's secrets: random, by value, never written outside $WORK/env-vars.json.
random_secret() { head -c 36 /dev/urandom | base64 | tr -d '/+='; }
JWT_SECRET="$(random_secret)"
URL_SECRET="$(random_secret)"

# Built already by `make test` (with the workspace's features, which
# `-p local-server` alone would compile again).
[[ -n "${SAM_PACKAGES_DIR:-}" ]] || cargo build -q -p local-server
LOCAL_SERVER="${CARGO_TARGET_DIR:-target}/debug/local-server"
run_local_server() {
    env STORAGE_BACKEND=aws TABLE_NAME="$TABLE" BUCKET_NAME="$BUCKET" AWS_ENDPOINT_URL="$MOTO_URL" \
        JWT_HS256_SECRET="$JWT_SECRET" JWT_ISSUER="$JWT_ISSUER" URL_SIGNING_SECRET="$URL_SECRET" \
        RUST_LOG=warn "$LOCAL_SERVER" "$@"
}
# The interpretation corpus is not loaded: `local-server load-content` into
# this moto (5.2.5) had not finished after 8 minutes, moto's memory at
# 10 GiB and each write request taking about 4 s. The base texts the routes
# serve are compiled into the functions; the table holds only what
# organizations write.
log "table $TABLE and bucket $BUCKET made as template.yaml defines them"

# ---------------------------------------------------------------- 6. variables
(
    umask 077
    "$SAM_VENV/bin/python" - "$WORK/env-vars.json" <<PY
import json, sys
variables = {
    "TABLE_NAME": "$TABLE", "BUCKET_NAME": "$BUCKET", "AWS_ENDPOINT_URL": "$MOTO_URL",
    "JWT_HS256_SECRET": "$JWT_SECRET", "URL_SIGNING_SECRET": "$URL_SECRET",
    "JWT_HS256_SECRET_ARN": "", "URL_SIGNING_SECRET_ARN": "",
}
json.dump({"Parameters": variables}, open(sys.argv[1], "w"), indent=2)
PY
)

# ---------------------------------------------------------------- 7. SAM
"$SAM_VENV/bin/python" infra/sam_local.py template "$WORK/template.yaml" "$ARCH" "$LAMBDA_DIR"
export SAM_CLI_TELEMETRY=0
(
    cd "$WORK"
    exec "$SAM" local start-api --template template.yaml --skip-pull-image --invoke-image "$BASE_IMAGE" --warm-containers EAGER \
        --docker-network "$NETWORK" --env-vars env-vars.json \
        --parameter-overrides "JwtIssuer=$JWT_ISSUER UrlSigningSecretArn=arn:aws:secretsmanager:us-east-1:000000000000:secret:unused JwtSecretArn=arn:aws:secretsmanager:us-east-1:000000000000:secret:unused" \
        --host 127.0.0.1 --port "$SAM_PORT"
) >"$LOG" 2>&1 </dev/null &
SAM_PID=$!
BASE="http://127.0.0.1:$SAM_PORT"
for _ in $(seq 1 600); do
    curl -s -o /dev/null --max-time 2 "$BASE/" && break
    kill -0 "$SAM_PID" 2>/dev/null || break
    sleep 0.5
done
if ! curl -s -o /dev/null --max-time 2 "$BASE/"; then
    echo "sam-local.sh: sam local start-api did not come up; last log lines:" >&2
    tail -n 40 "$LOG" >&2
    exit 1
fi
log "sam local start-api answers at $BASE (pid $SAM_PID, log $LOG)"

SAM_BEARER_TOKEN="$(run_local_server dev-token)"
export SAM_BEARER_TOKEN
if [[ "$MODE" == test ]]; then
    SAM_LOG="$LOG" python3 infra/sam_local_check.py "$BASE" test || { echo "sam-local.sh: the checks failed; last SAM log lines:" >&2; tail -n 40 "$LOG" >&2; exit 1; }
    log "all checks passed through sam local start-api"
    exit 0
fi

python3 infra/sam_local_check.py "$BASE" bootstrap
cat <<EOF

sam local start-api serves template.yaml's functions at $BASE (storage: moto at $MOTO_URL).
Try:
  curl -s -X POST $BASE/api/calc/natal -H 'Content-Type: application/json' -H 'X-Api-Key: <the key above>' \\
    -d '{"dateTime":"1990-05-11T14:30","location":{"latitude":41.9028,"longitude":12.4964,"timezone":"Europe/Rome"}}'
A dashboard bearer token for this run (orgs and keys routes): $SAM_BEARER_TOKEN
The functions' logs: $LOG. Ctrl-C stops everything.
EOF
wait "$SAM_PID"
