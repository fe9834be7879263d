#!/usr/bin/env bash
# `make check-core`: the pure core is `shared` without default features (no
# `services`, `http`, `aws`, `llm`). It must build, alone and with `png`, and
# its normal dependencies (either way) must hold none of the crates below: no
# async runtime, no embedded database, no token library, no HTTP client or
# server, no AWS SDK. A module that needs one of them belongs behind the
# `services` feature (shared/Cargo.toml).
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

# Its own target directory: it runs beside the tests' build (make test, make
# check), and two cargo processes on one directory wait for each other's lock.
# Check artifacts are not build artifacts, so sharing one saved nothing but
# the build scripts.
export CARGO_TARGET_DIR="$ROOT/target/core"

FORBIDDEN=(tokio redb jsonwebtoken axum lambda_http hyper reqwest aws-config aws-sdk-dynamodb aws-sdk-s3 aws-sdk-secretsmanager)

status=0
for features in "" png; do
    flags=(-p shared --no-default-features)
    [[ -n "$features" ]] && flags+=(--features "$features")
    label="shared --no-default-features${features:+ --features $features}"
    cargo check -q "${flags[@]}"
    echo "check-core: cargo check $label: builds"
    # One crate name a line (`name vX.Y.Z ...`), each once.
    crates="$(cargo tree "${flags[@]}" -e normal --prefix none | awk '{print $1}' | sort -u)"
    found=()
    for crate in "${FORBIDDEN[@]}"; do
        if grep -qx -- "$crate" <<<"$crates"; then found+=("$crate"); fi
    done
    if ((${#found[@]})); then
        echo "check-core: $label pulls in ${found[*]}:" >&2
        for crate in "${found[@]}"; do
            cargo tree "${flags[@]}" -e normal -i "$crate" >&2
        done
        status=1
    else
        echo "check-core: $label: $(wc -l <<<"$crates") crates, none of ${FORBIDDEN[*]}"
    fi
done
exit "$status"
