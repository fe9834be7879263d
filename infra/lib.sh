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
