# Sourced by every infra script (`source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"`).
#
# Strict mode with a voice: `set -e` alone ends a script without a word when
# a command fails (a command substitution under pipefail did exactly that in
# sam-local.sh, issue 27). The ERR trap names the script, the line and the
# command before the script ends; errtrace (-E) carries it into functions
# and command substitutions.
set -Eeuo pipefail
trap 'infra_failed $? "${BASH_SOURCE[0]:-$0}" "$LINENO" "$BASH_COMMAND"' ERR

infra_failed() {
    printf '%s: line %s: `%s` exited %s\n' "${2#"$INFRA_ROOT"/}" "$3" "$4" "$1" >&2
}

INFRA_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

# The first Debian mirror among this machine's apt sources, printed; nothing
# printed (status 1) when there is none. Reads only the files that exist: a
# machine may have any of sources.list, sources.list.d/*.sources (deb822) and
# sources.list.d/*.list, or none. Security mirrors and deb-src lines are
# skipped; one-line entries may carry [options].
#   APT_DIR  where to look (/etc/apt), for tests
debian_mirror() {
    local apt_dir="${APT_DIR:-/etc/apt}" file
    local files=()
    [[ -f "$apt_dir/sources.list" ]] && files+=("$apt_dir/sources.list")
    for file in "$apt_dir"/sources.list.d/*.sources "$apt_dir"/sources.list.d/*.list; do
        [[ -f "$file" ]] && files+=("$file")
    done
    ((${#files[@]})) || return 1
    # awk reads the files itself: no pipe whose writer could be cut off
    # (SIGPIPE under pipefail) when the first mirror is found.
    awk '
        /^[[:space:]]*#/ { next }
        /^URIs:/ { for (i = 2; i <= NF; i++) if ($i !~ /security/) { print $i; found = 1; exit } }
        /^deb[[:space:]]/ {
            sub(/^deb[[:space:]]+(\[[^]]*\][[:space:]]+)?/, "")
            if ($1 !~ /security/) { print $1; found = 1; exit }
        }
        END { exit found ? 0 : 1 }
    ' "${files[@]}"
}

# Lints while compiling: clippy-driver wraps rustc for the workspace's own
# crates (what `cargo clippy` does in check mode) in the builds that follow,
# so that `cargo test --workspace --all-targets --no-run` both lints every
# target and compiles the tests. The dependencies are compiled once instead
# of once checked for clippy and once built for the tests (on two cores the
# check alone was 4.5 to 11 minutes of a cold `make test`). CLIPPY_ARGS is
# how `cargo clippy -- -D warnings` hands its arguments to the driver. Every
# later cargo call of the run keeps the wrapper: without it the workspace's
# crates would compile again (the dependencies not).
lint_while_compiling() {
    local driver
    driver="$(rustup which clippy-driver 2>/dev/null || command -v clippy-driver)" \
        || { echo "clippy-driver not found: rustup component add clippy" >&2; return 1; }
    export RUSTC_WORKSPACE_WRAPPER="$driver"
    export CLIPPY_ARGS="-D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__"
}

# The steps of a long script (make test, make check) and their wall-clock
# times: `step "what it does: why"` starts one, `step_times [LABEL]` prints
# the table (each step named up to its first colon) and the whole run.
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
    for i in "${!BESIDE_NAMES[@]}"; do
        printf '%6ss  %s (beside %s)\n' "${BESIDE_SECONDS[$i]}" "${BESIDE_NAMES[$i]%%:*}" "${BESIDE_OF[$i]}" >&2
    done
    printf '%6ss  %s\n' "$((now - RUN_START))" "${1:-whole run}" >&2
}

# Steps that run beside another one, in the background: on two cores a cold
# build leaves about a third of the CPU idle (a crate waiting on the one it
# needs, the links), and a check that needs no build, or only its own, fills
# it. `beside NAME "what: why" OF command...` starts one, niced so that it
# takes what the foreground step leaves; its output goes to
# .test-run/beside-NAME.log (BESIDE_DIR). `joined NAME` waits for it, prints its log
# (whole when it failed) and records its own time for the table; a failure
# ends the script there. `beside_stop` (for the EXIT trap) stops those still
# running, letting each one's own trap clean up.
BESIDE_DIR="${BESIDE_DIR:-$INFRA_ROOT/.test-run}"

# The exit status of a background job, read from the file it writes when it
# ends (`FILE`), not from `wait PID`: a long run (a cold build starts tens of
# thousands of processes) wraps the process ids, a new child of this shell
# can take a finished job's id, and bash then forgets the finished job's
# status ("wait: pid N is not a child of this shell": a fresh-clone run
# failed so after its MCP virtualenv had been made). Waits while the job
# runs; a job gone without its file (killed) counts as failed.
status_of() {
    local file="$1" pid="$2"
    while [[ ! -f "$file" ]]; do
        if ! kill -0 "$pid" 2>/dev/null && [[ ! -f "$file" ]]; then
            echo 137
            return
        fi
        sleep 0.2
    done
    cat "$file"
}
declare -A BESIDE_PIDS=() BESIDE_TITLES=() BESIDE_WHILE=()
BESIDE_NAMES=()
BESIDE_SECONDS=()
BESIDE_OF=()
beside() {
    local name="$1" title="$2" of="$3"
    shift 3
    mkdir -p "$BESIDE_DIR"
    rm -f "$BESIDE_DIR/beside-$name.status" "$BESIDE_DIR/beside-$name.seconds"
    (
        start=$(date +%s)
        nice -n 10 "$@" &
        child=$!
        # Stopped (beside_stop), it stops its command and waits for it.
        trap 'kill "$child" 2>/dev/null; wait "$child" || true; exit 143' TERM
        status=0
        wait "$child" || status=$?
        echo "$(($(date +%s) - start))" >"$BESIDE_DIR/beside-$name.seconds"
        echo "$status" >"$BESIDE_DIR/beside-$name.status"
        exit "$status"
    ) >"$BESIDE_DIR/beside-$name.log" 2>&1 </dev/null &
    BESIDE_PIDS[$name]=$!
    BESIDE_TITLES[$name]="$title"
    BESIDE_WHILE[$name]="$of"
    echo "== beside $of: $title"
}
joined() {
    local name="$1" pid status
    pid="${BESIDE_PIDS[$name]}"
    status="$(status_of "$BESIDE_DIR/beside-$name.status" "$pid")"
    unset "BESIDE_PIDS[$name]"
    BESIDE_NAMES+=("${BESIDE_TITLES[$name]}")
    BESIDE_SECONDS+=("$(cat "$BESIDE_DIR/beside-$name.seconds" 2>/dev/null || echo '?')")
    BESIDE_OF+=("${BESIDE_WHILE[$name]}")
    echo "== ${BESIDE_TITLES[$name]} (run beside ${BESIDE_WHILE[$name]}; ${BESIDE_DIR#"$INFRA_ROOT"/}/beside-$name.log)"
    cat "$BESIDE_DIR/beside-$name.log"
    if ((status)); then
        echo "${BESIDE_TITLES[$name]%%:*}: failed (exit $status)" >&2
        exit "$status"
    fi
}
beside_stop() {
    local name pid
    for name in "${!BESIDE_PIDS[@]}"; do
        pid="${BESIDE_PIDS[$name]}"
        kill "$pid" 2>/dev/null || true
    done
    for name in "${!BESIDE_PIDS[@]}"; do
        # Up to 30 s each for its own clean-up (sam local stops dockerd).
        pid="${BESIDE_PIDS[$name]}"
        for _ in $(seq 1 120); do kill -0 "$pid" 2>/dev/null || break; sleep 0.25; done
    done
}
