#!/usr/bin/env bash
# The Lambda packages `make test` runs (through the Runtime API and under
# `sam local`): every family of template.yaml, built by the same cargo, for
# the same target, profile and features as the test build, so that not one
# dependency compiles again (the glibc-2.17 zig target of `make package`
# recompiled all of them, in release: half of a cold `make test`, see
# docs/benchmarks.md). Zipped as `make package` zips them (bootstrap at the
# root, ephe/ with the asteroid file and its licence beside it) into
# target/lambda-test/<family>/bootstrap.zip, the directory printed last.
#
# These are linked against this machine's glibc: they run here and in the
# image infra/sam-local.sh assembles from this machine's libraries, not on
# Lambda. The deployable packages are `make package`'s (infra/package.sh);
# TEST_RELEASE_PACKAGES=1 makes `make test` build and run those instead.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

OUT="target/lambda-test"
mapfile -t FAMILIES < <(sed -n 's#^ *CodeUri: *target/lambda/\([a-z0-9_-]*\)/bootstrap\.zip *$#\1#p' template.yaml | sort -u)
[[ ${#FAMILIES[@]} -gt 0 ]] || { echo "test-packages.sh: no function packages named in template.yaml" >&2; exit 1; }
PACKAGES=()
for family in "${FAMILIES[@]}"; do PACKAGES+=(-p "$family"); done
# With the test build's features too: `--tests` turns on the
# dev-dependencies' features as `cargo test --workspace` does, so the
# dependencies are the ones already built.
cargo build -q --workspace --bins --tests
BIN_DIR="${CARGO_TARGET_DIR:-target}/debug"
EPHE_DIR="$(bash infra/asteroid-file.sh)"
python3 - "$BIN_DIR" "$OUT" "$EPHE_DIR" "${FAMILIES[@]}" <<'PY'
import os, sys, zipfile
bin_dir, out, ephe, families = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
for family in families:
    os.makedirs(f"{out}/{family}", exist_ok=True)
    target = f"{out}/{family}/bootstrap.zip"
    with zipfile.ZipFile(target + ".part", "w", zipfile.ZIP_DEFLATED, compresslevel=1) as z:
        info = zipfile.ZipInfo("bootstrap")
        info.external_attr = 0o755 << 16
        info.compress_type = zipfile.ZIP_DEFLATED
        with open(f"{bin_dir}/{family}", "rb") as binary:
            z.writestr(info, binary.read(), compresslevel=1)
        for name in ("seas_18.se1", "LICENSE", "SOURCE"):
            z.write(os.path.join(ephe, name), "ephe/" + name)
    os.replace(target + ".part", target)
    print(f"{family:<14} {target}  {os.path.getsize(target) / 1048576:7.2f} MiB", file=sys.stderr)
PY
echo "$OUT"
