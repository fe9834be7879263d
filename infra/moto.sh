#!/usr/bin/env bash
# A local moto server (AWS mock: DynamoDB, S3) for the storage conformance tests.
#
#   infra/moto.sh start   create .venv if missing, install the pinned moto, start
#                         it in the background and wait until it answers HTTP
#   infra/moto.sh stop    stop exactly the server this script started
#   infra/moto.sh install only the virtualenv (`make test` makes it early,
#                         in the background)
#   infra/moto.sh url     print the endpoint (http://127.0.0.1:$MOTO_PORT)
#
# Env: MOTO_PORT (default 5055), MOTO_HOST (127.0.0.1; infra/sam-local.sh
# binds its own server to its docker network's gateway). Works without a terminal and under CI=true.
# State: .venv/ (virtualenv), .test-run/moto-$MOTO_PORT.pid and .log (all git-ignored).
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="$ROOT/.venv"
RUN_DIR="$ROOT/.test-run"
PORT="${MOTO_PORT:-5055}"
# One pid file per port: servers on other ports (another checkout's test run)
# are never taken for this one, nor stopped by it.
PID_FILE="$RUN_DIR/moto-$PORT.pid"
LOG_FILE="$RUN_DIR/moto-$PORT.log"
HOST="${MOTO_HOST:-127.0.0.1}"
URL="http://$HOST:$PORT"

# Pinned: the versions the conformance suite was verified against. moto's
# `server` extra pulls flask/werkzeug with loose bounds, so pin those too to keep
# a fresh machine (CI) identical to a developer's.
MOTO_PIN="moto[server]==5.2.5"
EXTRA_PINS=("flask==3.1.3" "werkzeug==3.1.9")

# moto_server serves requests on parallel threads and its in-memory backends
# take no locks, so a conditional write there is not atomic: two racing
# `UpdateItem ADD ... ConditionExpression count <= max` can both pass (the
# 200-way increment conformance test saw 51 or 52 applied in ~7% of runs).
# Real DynamoDB serialises writes per item. To emulate that, we run
# moto_server's own entry point (same flags, same app) with every request
# handled under one global lock. The first argument, `moto_server`, is only a
# marker so `stop` can recognise the process.
SERIAL_LAUNCHER='
import sys, threading
from moto import server
from moto.moto_server.werkzeug_app import DomainDispatcherApplication

_lock = threading.Lock()
_dispatch = DomainDispatcherApplication.__call__

def _serialised(self, environ, start_response):
    # The whole response is produced under the lock (moto builds it in memory).
    with _lock:
        result = _dispatch(self, environ, start_response)
        try:
            return [b"".join(result)]
        finally:
            close = getattr(result, "close", None)
            if close is not None:
                close()

DomainDispatcherApplication.__call__ = _serialised
server.main(sys.argv[2:])
'

log() { printf 'moto.sh: %s\n' "$*" >&2; }

# True when the pid file names a live process whose command line is a moto server
# (guards against killing an unrelated process that reused the pid).
running_pid() {
    [[ -f "$PID_FILE" ]] || return 1
    local pid
    pid="$(tr -dc '0-9' <"$PID_FILE")"
    [[ -n "$pid" ]] || return 1
    kill -0 "$pid" 2>/dev/null || return 1
    if [[ -r "/proc/$pid/cmdline" ]]; then
        tr '\0' ' ' <"/proc/$pid/cmdline" | grep -q 'moto_server' || return 1
    else
        ps -p "$pid" -o args= 2>/dev/null | grep -q 'moto_server' || return 1
    fi
    printf '%s\n' "$pid"
}

answers_http() {
    # Any HTTP answer (moto serves its dashboard/redirect at /) means it is up.
    curl -s -o /dev/null --max-time 2 "$URL/" 2>/dev/null
}

ensure_installed() {
    local uv
    uv="$(bash "$ROOT/infra/uv.sh")"
    if [[ ! -x "$VENV/bin/python" ]]; then
        log "creating virtualenv at $VENV"
        "$uv" venv --quiet --python python3 "$VENV"
    fi
    # Install only when the pinned version is not there yet (a no-op install still costs a start-up).
    local have
    have="$("$VENV/bin/python" -c 'import importlib.metadata as m; print(m.version("moto"))' 2>/dev/null || true)"
    if [[ "$have" != "5.2.5" ]] || [[ ! -x "$VENV/bin/moto_server" ]] \
        || ! "$VENV/bin/python" -c 'import flask, flask_cors' 2>/dev/null; then
        log "installing $MOTO_PIN ${EXTRA_PINS[*]}"
        "$uv" pip install --quiet --python "$VENV/bin/python" "$MOTO_PIN" "${EXTRA_PINS[@]}"
    fi
}

start() {
    mkdir -p "$RUN_DIR"
    if pid="$(running_pid)"; then
        log "already running (pid $pid) at $URL"
        return 0
    fi
    rm -f "$PID_FILE"
    if answers_http; then
        log "something else already answers at $URL; set MOTO_PORT to a free port"
        return 1
    fi
    ensure_installed
    log "starting moto_server (requests serialised) at $URL (log: $LOG_FILE)"
    # setsid + nohup: the server outlives this shell and gets no terminal signals;
    # stdin from /dev/null so it never waits on input under CI.
    # (This script runs without job control, so the background child is no
    # process-group leader and setsid execs in place: $! is the server's pid.)
    nohup setsid "$VENV/bin/python" -c "$SERIAL_LAUNCHER" moto_server -H "$HOST" -p "$PORT" \
        >"$LOG_FILE" 2>&1 </dev/null &
    local pid=$!
    echo "$pid" >"$PID_FILE"
    local i
    for ((i = 0; i < 60; i++)); do   # 60 x 0.5 s = 30 s
        if ! kill -0 "$pid" 2>/dev/null; then
            log "moto_server exited during start-up; last log lines:"
            tail -n 20 "$LOG_FILE" >&2 || true
            rm -f "$PID_FILE"
            return 1
        fi
        if answers_http; then
            log "ready (pid $pid)"
            return 0
        fi
        sleep 0.5
    done
    log "moto_server did not answer within 30 s; stopping it. Last log lines:"
    tail -n 20 "$LOG_FILE" >&2 || true
    stop
    return 1
}

stop() {
    local pid
    if pid="$(running_pid)"; then
        kill "$pid" 2>/dev/null || true
        local i
        for ((i = 0; i < 20; i++)); do
            kill -0 "$pid" 2>/dev/null || break
            sleep 0.25
        done
        if kill -0 "$pid" 2>/dev/null; then
            log "pid $pid did not stop on TERM; sending KILL"
            kill -9 "$pid" 2>/dev/null || true
        fi
        log "stopped (pid $pid)"
    else
        log "not running"
    fi
    rm -f "$PID_FILE"
}

case "${1:-}" in
    install) ensure_installed ;;
    start) start ;;
    stop) stop ;;
    url) printf '%s\n' "$URL" ;;
    *)
        echo "usage: $0 start|stop|url|install" >&2
        exit 2
        ;;
esac
