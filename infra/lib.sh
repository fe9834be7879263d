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
    printf '%6ss  %s\n' "$((now - RUN_START))" "${1:-whole run}" >&2
}
