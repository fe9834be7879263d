#!/usr/bin/env bash
# `make package`: one Lambda zip per function of template.yaml, built with
# `cargo lambda build --release` (cargo-lambda and zig from the pinned deploy
# virtualenv, infra/deploy-venv.sh) for the architecture template.yaml states
# in its Globals, into target/lambda/<family>/bootstrap.zip: each function's
# CodeUri.
#
#   infra/package.sh                 every family, the template's architecture
#   infra/package.sh calc ...        only these families
#
# PACKAGE_ARCH=x86_64|arm64 overrides the architecture and then writes to
# target/lambda-<arch>/ instead, leaving the deployable zips alone: `make test`
# builds an x86_64 package of calc that way to run it on this x86_64 machine.
set -euo pipefail
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

# The families: every CodeUri target/lambda/<family>/bootstrap.zip of the template.
if [[ $# -gt 0 ]]; then
    FAMILIES=("$@")
else
    mapfile -t FAMILIES < <(sed -n 's#^ *CodeUri: *target/lambda/\([a-z0-9_-]*\)/bootstrap\.zip *$#\1#p' template.yaml)
fi
[[ ${#FAMILIES[@]} -gt 0 ]] || { echo "package.sh: no function packages named in template.yaml" >&2; exit 1; }

VENV="$(bash infra/deploy-venv.sh)"
# cargo-lambda drives cargo-zigbuild, which finds zig as `python3 -m ziglang`
# (the ziglang wheel): the venv's python first on PATH.
export PATH="$VENV/bin:$PATH"
if ! rustup target list --installed | grep -qx "$TRIPLE"; then
    echo "package.sh: adding the Rust standard library for $TRIPLE" >&2
    rustup target add "$TRIPLE"
fi

PACKAGES=()
for family in "${FAMILIES[@]}"; do PACKAGES+=(-p "$family"); done
echo "package.sh: ${FAMILIES[*]} for $ARCH ($TRIPLE) into $LAMBDA_DIR/" >&2
cargo lambda build --release --target "$TRIPLE" --output-format zip --lambda-dir "$LAMBDA_DIR" "${PACKAGES[@]}"

for family in "${FAMILIES[@]}"; do
    zip="$LAMBDA_DIR/$family/bootstrap.zip"
    [[ -f "$zip" ]] || { echo "package.sh: $zip was not built" >&2; exit 1; }
    awk -v f="$family" -v z="$zip" -v b="$(stat -c %s "$zip")" 'BEGIN { printf "%-11s %s  %7.2f MiB\n", f, z, b / 1048576 }'
done
