#!/usr/bin/env bash
# `make package`: one Lambda zip per function of template.yaml, built with
# `cargo lambda build --release` (cargo-lambda and zig from the pinned deploy
# virtualenv, infra/venv.sh deploy) for the architecture template.yaml states
# in its Globals, into target/lambda/<family>/bootstrap.zip: each function's
# CodeUri. Each zip carries ephe/seas_18.se1 (Chiron) with its licence
# (infra/asteroid-file.sh).
#
#   infra/package.sh                 every family, the template's architecture
#   infra/package.sh calc ...        only these families
#
# PACKAGE_ARCH=x86_64|arm64 overrides the architecture and then writes to
# target/lambda-<arch>/ instead, leaving the deployable zips alone: `make test`
# builds x86_64 packages that way to run them on this x86_64 machine.
#
# PACKAGE_LTO=false (what `make test` sets) builds without the release
# profile's thin LTO: the same optimization level, code and dependencies, but
# no cross-crate optimization at link time, which costs about four CPU
# minutes per family (docs/deploy.md, "Build time"). Deployable packages
# (`make package`, `make deploy`) never set it.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

# The one statement of the architecture: Globals.Function.Architectures.
TEMPLATE_ARCH="$(sed -n 's/^ *Architectures: *\[ *\([a-z0-9_]*\) *\].*/\1/p' template.yaml | head -1)"
[[ -n "$TEMPLATE_ARCH" ]] || { echo "package.sh: no 'Architectures: [...]' in template.yaml" >&2; exit 1; }
ARCH="${PACKAGE_ARCH:-$TEMPLATE_ARCH}"
LAMBDA_DIR="target/lambda"
[[ "$ARCH" == "$TEMPLATE_ARCH" ]] || LAMBDA_DIR="target/lambda-$ARCH"
case "$ARCH" in
    arm64) TRIPLE=aarch64-unknown-linux-gnu ;;
    x86_64) TRIPLE=x86_64-unknown-linux-gnu ;;
    *) echo "package.sh: unknown architecture '$ARCH' (arm64 or x86_64)" >&2; exit 1 ;;
esac
# The glibc the binaries are linked against (zig links against that version's
# symbols, whatever the build machine has): 2.17, the oldest Rust supports, so
# a package runs on provided.al2023 (glibc 2.34), provided.al2 (2.26) and the
# Debian image `make sam-local` imports (2.36) alike. Checked after the build.
GLIBC_TARGET=2.17
# Lambda's provided.al2023 runtime has glibc 2.34: no package may need more.
GLIBC_RUNTIME=2.34

# The families: every CodeUri target/lambda/<family>/bootstrap.zip of the
# template, once (the chat family's package serves two functions).
if [[ $# -gt 0 ]]; then
    FAMILIES=("$@")
else
    mapfile -t FAMILIES < <(sed -n 's#^ *CodeUri: *target/lambda/\([a-z0-9_-]*\)/bootstrap\.zip *$#\1#p' template.yaml | sort -u)
fi
[[ ${#FAMILIES[@]} -gt 0 ]] || { echo "package.sh: no function packages named in template.yaml" >&2; exit 1; }

VENV="$(bash infra/venv.sh deploy)"
# cargo-lambda drives cargo-zigbuild, which finds zig as `python3 -m ziglang`
# (the ziglang wheel): the venv's python first on PATH.
export PATH="$VENV/bin:$PATH"
if ! rustup target list --installed | grep -qx "$TRIPLE"; then
    echo "package.sh: adding the Rust standard library for $TRIPLE" >&2
    rustup target add "$TRIPLE"
fi

if [[ -n "${PACKAGE_LTO:-}" ]]; then
    export CARGO_PROFILE_RELEASE_LTO="$PACKAGE_LTO"
    echo "package.sh: LTO '$PACKAGE_LTO' for this build, not the release profile's (PACKAGE_LTO)" >&2
fi

PACKAGES=()
for family in "${FAMILIES[@]}"; do PACKAGES+=(-p "$family"); done
echo "package.sh: ${FAMILIES[*]} for $ARCH ($TRIPLE) into $LAMBDA_DIR/" >&2
# One cargo invocation for every family: the dependencies compile once.
cargo lambda build --release --target "$TRIPLE.$GLIBC_TARGET" --output-format zip --lambda-dir "$LAMBDA_DIR" "${PACKAGES[@]}"

# The asteroid file (Chiron) and its licence, into every zip as ephe/ beside
# bootstrap: /var/task/ephe, where the code looks when EPHEMERIS_EXTRA_DIR is
# unset (shared/src/config.rs).
EPHE_DIR="$(bash infra/asteroid-file.sh)"

for family in "${FAMILIES[@]}"; do
    zip="$LAMBDA_DIR/$family/bootstrap.zip"
    [[ -f "$zip" ]] || { echo "package.sh: $zip was not built" >&2; exit 1; }
    python3 - "$zip" "$EPHE_DIR" <<'PY'
import os, sys, zipfile
with zipfile.ZipFile(sys.argv[1], "a", zipfile.ZIP_DEFLATED) as z:
    present = set(z.namelist())
    for name in ("seas_18.se1", "LICENSE", "SOURCE"):
        if "ephe/" + name not in present:
            z.write(os.path.join(sys.argv[2], name), "ephe/" + name)
PY
    # The newest GLIBC_x.y symbol version the bootstrap asks for must exist on Lambda.
    # (readelf reads either architecture's ELF.)
    unzip -p "$zip" bootstrap >"$LAMBDA_DIR/$family/bootstrap.glibc-check"
    newest="$(readelf -W --version-info "$LAMBDA_DIR/$family/bootstrap.glibc-check" | grep -o 'GLIBC_[0-9][0-9.]*' | sed 's/GLIBC_//' | sort -uV | tail -1)"
    rm -f "$LAMBDA_DIR/$family/bootstrap.glibc-check"
    [[ -n "$newest" ]] || { echo "package.sh: no glibc symbol versions found in $zip" >&2; exit 1; }
    if [[ "$(printf '%s\n%s\n' "$newest" "$GLIBC_RUNTIME" | sort -V | tail -1)" != "$GLIBC_RUNTIME" ]]; then
        echo "package.sh: $zip needs glibc $newest, newer than Lambda's provided.al2023 ($GLIBC_RUNTIME)" >&2
        exit 1
    fi
    awk -v f="$family" -v z="$zip" -v b="$(stat -c %s "$zip")" 'BEGIN { printf "%-11s %s  %7.2f MiB\n", f, z, b / 1048576 }'
done
