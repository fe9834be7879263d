#!/usr/bin/env bash
# Tests of infra/lib.sh, the strict mode and machine probes every infra
# script sources. Run by `make test` before anything is built:
#   bash tests/infra/lib.test.sh
# Each case builds the apt layout of a kind of machine in a temporary
# directory and points APT_DIR at it.
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT
failures=0
pass() { printf 'ok   %s\n' "$1"; }
fail() { printf 'FAIL %s\n' "$1" >&2; failures=$((failures + 1)); }

# A layout of the machine issue 27 was found on: no sources.list, no *.list,
# one deb822 file whose second stanza is the security mirror.
layout_deb822_only() {
    local dir="$TMP/$1"
    mkdir -p "$dir/sources.list.d"
    cat >"$dir/sources.list.d/debian.sources" <<'EOF'
Types: deb
# http://snapshot.debian.org/archive/debian/20250520T000000Z
URIs: http://deb.debian.org/debian
Suites: bookworm bookworm-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb
URIs: http://deb.debian.org/debian-security
Suites: bookworm-security
Components: main
EOF
    # A disabled file of another name is not a source.
    echo 'deb https://packages.example.com/apt stable main' >"$dir/sources.list.d/other.list.disabled"
    printf '%s\n' "$dir"
}

# As sam-local.sh calls it: in a condition, so that "none" is no failure.
mirror_of() { (APT_DIR="$1" bash -c 'source "$0/infra/lib.sh"; if debian_mirror; then exit 0; else exit 1; fi' "$ROOT" 2>"$TMP/stderr"); }

# 1. The look-up of sam-local.sh before the fix, on that layout, under the
#    strict mode the script ran in: it found the mirror yet failed, silently.
dir="$(layout_deb822_only before)"
old_status=0
old_output="$(APT_DIR="$dir" bash -c 'set -euo pipefail
MIRROR="$(grep -hE "^(URIs:|deb )" $APT_DIR/sources.list $APT_DIR/sources.list.d/*.sources $APT_DIR/sources.list.d/*.list 2>/dev/null | grep -v security | awk "{print \$2; exit}")"
echo "reached: $MIRROR"' 2>&1)" || old_status=$?
if [[ "$old_status" -ne 0 && -z "$old_output" ]]; then
    pass "the old look-up exits $old_status without a word on a machine without sources.list (the bug reproduced)"
else
    fail "the old look-up was expected to exit silently; it exited $old_status and printed: $old_output"
fi

# 2. debian_mirror on the same layout.
output="$(mirror_of "$dir")" && status=0 || status=$?
if [[ "$status" -eq 0 && "$output" == "http://deb.debian.org/debian" ]]; then
    pass "deb822 only: http://deb.debian.org/debian (the security stanza skipped)"
else
    fail "deb822 only: status $status, output '$output', stderr $(cat "$TMP/stderr")"
fi

# 3. A classic sources.list with options, security first, deb-src and comments.
dir="$TMP/classic"
mkdir -p "$dir/sources.list.d"
cat >"$dir/sources.list" <<'EOF'
# deb http://commented.example.org/debian bookworm main
deb http://security.debian.org/debian-security bookworm-security main
deb-src http://src.example.org/debian bookworm main
deb [arch=amd64 signed-by=/usr/share/keyrings/debian.gpg] http://ftp.fr.debian.org/debian bookworm main
EOF
output="$(mirror_of "$dir")" && status=0 || status=$?
if [[ "$status" -eq 0 && "$output" == "http://ftp.fr.debian.org/debian" ]]; then
    pass "sources.list with [options]: http://ftp.fr.debian.org/debian"
else
    fail "sources.list with [options]: status $status, output '$output'"
fi

# 4. Only a *.list file in sources.list.d.
dir="$TMP/list-only"
mkdir -p "$dir/sources.list.d"
echo 'deb http://mirror.example.net/debian bookworm main' >"$dir/sources.list.d/mirror.list"
output="$(mirror_of "$dir")" && status=0 || status=$?
if [[ "$status" -eq 0 && "$output" == "http://mirror.example.net/debian" ]]; then
    pass "*.list only: http://mirror.example.net/debian"
else
    fail "*.list only: status $status, output '$output'"
fi

# 5. No sources at all (no /etc/apt): status 1, nothing printed, no error.
output="$(mirror_of "$TMP/nothing-here")" && status=0 || status=$?
if [[ "$status" -eq 1 && -z "$output" && ! -s "$TMP/stderr" ]]; then
    pass "no apt sources: status 1, nothing printed"
else
    fail "no apt sources: status $status, output '$output', stderr $(cat "$TMP/stderr")"
fi

# 6. A failing command in a script that sources lib.sh names the script, the
#    line and the command before the script ends.
cat >"$TMP/failing.sh" <<EOF
source "$ROOT/infra/lib.sh"
echo before
value="\$(false)"
echo "never reached"
EOF
output="$(bash "$TMP/failing.sh" 2>&1)" && status=0 || status=$?
if [[ "$status" -ne 0 && "$output" == *"failing.sh: line 3: \`value=\"\$(false)\"\` exited 1"* && "$output" != *"never reached"* ]]; then
    pass "a failing command substitution is named with its line: $(tail -1 <<<"$output")"
else
    fail "the ERR trap did not name the failing line (status $status): $output"
fi

# 7. ...and a function's failure names the line inside the function.
cat >"$TMP/failing-function.sh" <<EOF
source "$ROOT/infra/lib.sh"
probe() {
    grep -q anything /no/such/file
}
probe
EOF
output="$(bash "$TMP/failing-function.sh" 2>&1)" && status=0 || status=$?
if [[ "$status" -eq 2 && "$output" == *"failing-function.sh: line 3: \`grep -q anything /no/such/file\` exited 2"* ]]; then
    pass "a failure inside a function is named at its own line"
else
    fail "a failure inside a function (status $status): $output"
fi

# 9. A step beside another: its time is its own, its log is shown when joined,
#    and its failure ends the script with its status after the log.
cat >"$TMP/beside.sh" <<EOF
source "$ROOT/infra/lib.sh"
BESIDE_DIR="$TMP/beside"
beside quick "quick: passes" "the build" bash -c 'sleep 1; echo quick-output'
beside broken "broken: fails" "the build" bash -c 'echo broken-output; exit 3'
step "the build: four seconds"
sleep 4
joined quick
step_times 2>&1
joined broken
echo not-reached
EOF
output="$(bash "$TMP/beside.sh" 2>&1)" && status=0 || status=$?
# Its own time, not the build's: 1 s asleep, up to 3 s on a loaded machine
# (a cold build beside the test run once made it 2 s), never the build's 4.
if [[ "$status" -eq 3 && "$output" == *quick-output* && "$output" =~ [[:space:]][123]s\ \ quick\ \(beside\ the\ build\) \
    && "$output" == *broken-output* && "$output" == *"broken: failed (exit 3)"* && "$output" != *not-reached* ]]; then
    pass "a step beside another is timed alone, shows its log, and its failure ends the script"
else
    fail "beside/joined (status $status): $output"
fi

# 10. A background job's status comes from its file, even once bash has
#     forgotten the job (reaped here by a first wait, as a reused process id
#     made it forget one in a fresh-clone run); a job killed before writing
#     its file counts as failed.
cat >"$TMP/status.sh" <<EOF
source "$ROOT/infra/lib.sh"
( sleep 0.3; echo 4 >"$TMP/job.status" ) &
pid=\$!
wait "\$pid"
echo "status \$(status_of "$TMP/job.status" "\$pid")"
sleep 30 &
killed=\$!
kill "\$killed"
echo "killed \$(status_of "$TMP/never.status" "\$killed")"
EOF
output="$(bash "$TMP/status.sh" 2>&1)" && status=0 || status=$?
if [[ "$status" -eq 0 && "$output" == *"status 4"* && "$output" == *"killed 137"* ]]; then
    pass "a job's status is read from its file, and a job killed without one failed"
else
    fail "status_of (status $status): $output"
fi

# 8. Every infra script run by make test sources lib.sh (none ends silently).
for script in "$ROOT"/infra/*.sh; do
    [[ "$script" == */lib.sh ]] && continue
    grep -q '^source "$(dirname "${BASH_SOURCE\[0\]}")/lib.sh"$' "$script" || fail "${script#"$ROOT"/} does not source lib.sh"
done
pass "every infra/*.sh sources lib.sh"

if ((failures)); then
    echo "lib.test.sh: $failures failure(s)" >&2
    exit 1
fi
