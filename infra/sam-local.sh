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
#                               remove the images the step imports and
#                               builds and its cached root file system, so
#                               that the next run takes the first-run path
#
# What it does (the recipe of ../shared/recipes/sam-local-offline.sh, on this
# project):
#   1. the packages: infra/package.sh for this machine's architecture
#      (target/lambda-<arch>/ unless template.yaml states the same one)
#   2. a container engine: the one that answers, else Debian's docker.io
#      started here, by its own pid, and stopped on exit
#   3. the SAM CLI, pinned (infra/venv.sh sam)
#   4. no registry: the base image the SAM CLI asks for (provided.al2023) is a
#      debootstrap Debian root file system imported under that exact name,
#      and `--skip-pull-image`; the SAM CLI's rapid layer adds the runtime
#      interface emulator its package ships
#   5. storage: a moto server (DynamoDB, S3) in a container of a network this
#      run creates; the functions reach it there, the host at the container's
#      address; the table made as template.yaml defines it (the corpus is not
#      loaded, see below). Nothing goes to any other address.
#      (`--docker-network host` gives no loopback: SAM CLI 1.170 connects its
#      containers to the network named, but for `host` it connects them to
#      none, so they stay on docker's default bridge and 127.0.0.1 there is
#      the container itself.)
#   6. secrets by value, random for this run, in an `--env-vars` file that is
#      deleted on exit; the ARN variables emptied
#   7. `sam local start-api --warm-containers EAGER` on a template derived
#      from template.yaml (infra/sam_local.py)
# On any exit it stops, by their ids, what it started: the SAM CLI, the
# function containers on its network, the moto container, the network and
# dockerd.
#
# Needs root (apt-get, dockerd), a Rust toolchain, python3, and the Debian
# mirror, PyPI and crates.io. No container registry.
# Env: SAM_PORT (3300), ARCH (this machine's), DOCKERD_ARGS (--storage-driver=overlay2),
#      DEBIAN_MIRROR (the first of the machine's apt sources).
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
# moto in its own image, the pins of infra/moto.sh (the conformance suite's).
MOTO_PIN="$(sed -n 's/^MOTO_PIN="\(.*\)"$/\1/p' infra/moto.sh)"
MOTO_EXTRA_PINS="$(sed -n 's/^EXTRA_PINS=(\(.*\))$/\1/p' infra/moto.sh | tr -d '"')"
[[ -n "$MOTO_PIN" && -n "$MOTO_EXTRA_PINS" ]] || { echo "sam-local.sh: no moto pins found in infra/moto.sh" >&2; exit 1; }
MOTO_IMAGE="astro-sam-moto:$(printf '%s %s' "$MOTO_PIN" "$MOTO_EXTRA_PINS" | sha256sum | cut -c1-12)"
DEBIAN_IMAGE="astro-sam-debian:bookworm"
TABLE=astro-sam-local
BUCKET=astro-sam-local-reports
JWT_ISSUER=astro-sam-local

T0=$(date +%s.%N)
log() { printf '[sam-local %s +%ss] %s\n' "$(date +%H:%M:%S)" "$(python3 -c "import sys; print(f'{float(sys.argv[2]) - float(sys.argv[1]):.1f}')" "$T0" "$(date +%s.%N)")" "$*" >&2; }

DOCKERD_PID=""
SAM_PID=""
NETWORK=""
MOTO_CONTAINER=""
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
    if [[ -n "$MOTO_CONTAINER" ]]; then docker rm -f "$MOTO_CONTAINER" >/dev/null 2>&1; fi
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
    if ! command -v dockerd >/dev/null || ! command -v debootstrap >/dev/null || ! command -v iptables >/dev/null; then
        log "installing docker.io, debootstrap and iptables (apt-get)"
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -qq
        apt-get install -y -qq --no-install-recommends docker.io debootstrap iptables >/dev/null
    fi
    if docker info >/dev/null 2>&1; then
        log "a container engine already answers; using it"
        return
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
# image it imports or builds (the base image under the SAM CLI's name, the
# SAM CLI's own images built on it, the Debian and moto images) and no
# cached root file system. `.ci/run` does this under CI=true and
# `make test-fresh` always, so that the first-run path (debootstrap, import,
# build) is what they test (issue 27).
if [[ "$MODE" == forget-images ]]; then
    # No engine installed and none answering: no image can be here (a
    # docker client alone, as this machine kind has, holds none).
    if ! command -v dockerd >/dev/null && ! docker info >/dev/null 2>&1; then
        log "no container engine on this machine: no images to forget"
    else
        start_engine
        mapfile -t images < <(docker images --format '{{.Repository}}:{{.Tag}}' \
            | awk '/^(public\.ecr\.aws\/lambda\/provided|public\.ecr\.aws\/sam\/|samcli\/|astro-sam-)/')
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
PACKAGE_ARCH="$ARCH" bash infra/package.sh >&2
log "packages for $ARCH in $LAMBDA_DIR/"
start_engine

# ---------------------------------------------------------------- 3. SAM CLI
SAM_VENV="$(bash infra/venv.sh sam)"
SAM="$SAM_VENV/bin/sam"
log "$("$SAM" --version)"

# ---------------------------------------------------------------- 4. base image
# The exact name the installed SAM CLI asks for (guards against naming drift).
BASE_IMAGE="$("$SAM_VENV/bin/python" - "$ARCH" <<'PY'
import sys
from samcli.local.docker.lambda_image import LambdaImage, Runtime
print(f"{LambdaImage._INVOKE_REPO_PREFIX}/{Runtime.get_image_name_tag('provided.al2023', sys.argv[1])}")
PY
)"
if ! docker image inspect "$BASE_IMAGE" >/dev/null 2>&1 || ! docker image inspect "$DEBIAN_IMAGE" >/dev/null 2>&1; then
    ROOTFS="$WORK/rootfs"
    if [[ ! -x "$ROOTFS/bin/sh" ]]; then
        MIRROR="${DEBIAN_MIRROR:-}"
        if [[ -n "$MIRROR" ]]; then
            log "debootstrap: the mirror of DEBIAN_MIRROR, $MIRROR"
        elif MIRROR="$(debian_mirror)"; then
            log "debootstrap: the first mirror of this machine's apt sources, $MIRROR"
        else
            log "debootstrap: no mirror in ${APT_DIR:-/etc/apt}'s sources; debootstrap's default mirror"
        fi
        rm -rf "$ROOTFS"
        debootstrap --variant=minbase bookworm "$ROOTFS" ${MIRROR:+"$MIRROR"} >"$WORK/debootstrap.log" 2>&1 \
            || { tail -n 20 "$WORK/debootstrap.log" >&2; exit 1; }
        mkdir -p "$ROOTFS/var/task" "$ROOTFS/var/runtime" "$ROOTFS/opt"
    fi
    tar -C "$ROOTFS" -c . | docker import \
        -c 'ENV LAMBDA_TASK_ROOT=/var/task' -c 'ENV LAMBDA_RUNTIME_DIR=/var/runtime' -c 'WORKDIR /var/task' \
        - "$BASE_IMAGE" >/dev/null
    docker tag "$BASE_IMAGE" "$DEBIAN_IMAGE"
    log "imported the root file system as $BASE_IMAGE"
fi
log "base image $BASE_IMAGE (Debian bookworm, glibc 2.36; packages are linked for glibc 2.17, see infra/package.sh)"

if ! docker image inspect "$MOTO_IMAGE" >/dev/null 2>&1; then
    # The wheels come through the host's pip (and its certificate settings);
    # the image build installs them without reaching PyPI itself.
    log "building $MOTO_IMAGE ($MOTO_PIN $MOTO_EXTRA_PINS)"
    rm -rf "$WORK/moto-image"
    mkdir -p "$WORK/moto-image"
    # shellcheck disable=SC2086
    "$SAM_VENV/bin/python" -m pip download -q --disable-pip-version-check -d "$WORK/moto-image/wheels" "$MOTO_PIN" $MOTO_EXTRA_PINS >&2
    cat >"$WORK/moto-image/Dockerfile" <<DOCKERFILE
FROM $DEBIAN_IMAGE
RUN apt-get update -qq && apt-get install -y -qq --no-install-recommends python3-venv >/dev/null && rm -rf /var/lib/apt/lists/*
COPY wheels /wheels
RUN python3 -m venv /opt/moto && /opt/moto/bin/pip install -q --no-index --find-links /wheels --disable-pip-version-check "$MOTO_PIN" $MOTO_EXTRA_PINS && rm -rf /wheels
ENTRYPOINT ["/opt/moto/bin/moto_server", "-H", "0.0.0.0", "-p", "5000"]
DOCKERFILE
    docker build --rm --force-rm -t "$MOTO_IMAGE" "$WORK/moto-image" >"$WORK/moto-image.log" 2>&1 || { tail -n 30 "$WORK/moto-image.log" >&2; exit 1; }
    rm -rf "$WORK/moto-image"
fi

# ---------------------------------------------------------------- 5. storage
NETWORK="astro-sam-$$"
docker network create "$NETWORK" >/dev/null
MOTO_CONTAINER="$(docker run -d --network "$NETWORK" --name "astro-sam-moto-$$" "$MOTO_IMAGE")"
MOTO_IP="$(docker inspect -f "{{(index .NetworkSettings.Networks \"$NETWORK\").IPAddress}}" "$MOTO_CONTAINER")"
MOTO_URL="http://$MOTO_IP:5000"
for _ in $(seq 1 60); do
    curl -s -o /dev/null --max-time 2 "$MOTO_URL/" && break
    sleep 0.5
done
curl -s -o /dev/null --max-time 2 "$MOTO_URL/" || { docker logs "$MOTO_CONTAINER" >&2; echo "sam-local.sh: moto did not answer" >&2; exit 1; }
log "moto in container ${MOTO_CONTAINER:0:12} at $MOTO_URL (network $NETWORK)"

export AWS_REGION=us-east-1 AWS_DEFAULT_REGION=us-east-1 AWS_ACCESS_KEY_ID=test AWS_SECRET_ACCESS_KEY=test
unset AWS_SESSION_TOKEN AWS_PROFILE
"$SAM_VENV/bin/python" infra/sam_local.py storage "$MOTO_URL" "$TABLE" "$BUCKET"

# This run's secrets: random, by value, never written outside $WORK/env-vars.json.
random_secret() { head -c 36 /dev/urandom | base64 | tr -d '/+='; }
JWT_SECRET="$(random_secret)"
URL_SECRET="$(random_secret)"

cargo build -q -p local-server
LOCAL_SERVER=target/debug/local-server
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
    exec "$SAM" local start-api --template template.yaml --skip-pull-image --warm-containers EAGER \
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
