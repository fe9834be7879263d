#!/usr/bin/env bash
# The widget embed script: functions/widgets/embed/embed.js minified by terser
# (version pinned in package-lock.json) into embed.min.js, which the widgets
# function compiles in and serves as GET /widget/embed.js.
#   bash infra/embed.sh build   rewrite embed.min.js (`make embed`)
#   bash infra/embed.sh check   fail if the committed embed.min.js is not the build of embed.js (`make test`)
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$(dirname "${BASH_SOURCE[0]}")/../functions/widgets/embed"
command -v npm >/dev/null || { echo "embed.sh: npm (Node.js) is needed" >&2; exit 1; }
[[ -x node_modules/.bin/terser ]] || npm ci --no-audit --no-fund --silent
build() { node_modules/.bin/terser embed.js --compress --mangle --comments "/^!/" --output "$1"; }
case "${1:-}" in
    build)
        build embed.min.js
        echo "embed.sh: embed.min.js $(wc -c < embed.min.js) bytes"
        ;;
    check)
        fresh="$(mktemp)"
        trap 'rm -f "$fresh"' EXIT
        build "$fresh"
        if ! cmp -s "$fresh" embed.min.js; then
            echo "embed.sh: embed.min.js is not the build of embed.js: run 'make embed' and commit it" >&2
            exit 1
        fi
        # What a visitor downloads: the gzip-compressed script.
        size=$(wc -c < embed.min.js)
        gzipped=$(gzip -9c embed.min.js | wc -c)
        if ((gzipped > 15 * 1024)); then
            echo "embed.sh: embed.min.js is $gzipped bytes gzip-compressed, over 15 KB" >&2
            exit 1
        fi
        echo "embed.sh: embed.min.js is current ($size bytes, $gzipped gzip-compressed)"
        ;;
    *) echo "usage: $0 build|check" >&2; exit 2 ;;
esac
