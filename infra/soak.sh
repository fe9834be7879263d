#!/usr/bin/env bash
# Soak: the mix of `make load` (infra/load-mix.lua) for SOAK_SECONDS (300)
# against one release local server on the embedded store, measured in
# back-to-back wrk windows of SOAK_WINDOW seconds (5). Each window gives a
# row of SOAK_CSV (docs/soak.csv): requests/s, p50/p99, answers with another
# status than their kind expects, 5xx, socket errors, error rate, and the
# server's resident memory (VmRSS of /proc/PID/status) at the window's end.
# infra/plot_soak.py then draws SOAK_SVG (docs/soak.svg) and checks: no 5xx,
# no unexpected status, and RSS flat within 10 % after SOAK_WARMUP seconds (60).
# The keys of LOAD_ORGS (3) deluxe organizations share the load: one
# organization's monthly quota (1,000,000 units) would run out within five
# minutes at the rates this machine reaches. Other LOAD_* variables as in
# infra/load.sh (LOAD_BACKEND is always embedded here).
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export LOAD_ORGS="${LOAD_ORGS:-3}" LOAD_BACKEND=embedded
# shellcheck source=infra/load.sh
source "$ROOT/infra/load.sh"

TOTAL="${SOAK_SECONDS:-300}"
WINDOW="${SOAK_WINDOW:-5}"
WARMUP="${SOAK_WARMUP:-60}"
CSV="${SOAK_CSV:-$ROOT/docs/soak.csv}"
SVG="${SOAK_SVG:-$ROOT/docs/soak.svg}"

setup_run
prepare_mix
WRK_LOG="$RUN_DIR/soak-wrk.log"
: >"$WRK_LOG"
echo "elapsed_s,requests,rps,p50_ms,p99_ms,unexpected,server_errors,socket_errors,error_rate,rss_kb" >"$CSV"
echo "soak: mix $MIX, wrk -t$THREADS -c$CONNECTIONS in ${WINDOW}s windows for ${TOTAL}s, $LOAD_ORGS organizations (release local server, embedded store)"
echo "soak: server pid $SERVER_PID; start $(server_memory)"
start=$(date +%s.%N)
elapsed=0
while ((${elapsed%.*} < TOTAL)); do
    wrk -t"$THREADS" -c"$CONNECTIONS" -d"${WINDOW}s" --latency -s "$ROOT/infra/load-mix.lua" "$BASE" -- "$WORK/mix" >"$WORK/wrk.out"
    cat "$WORK/wrk.out" >>"$WRK_LOG"
    rss="$(awk '/^VmRSS:/ { print $2 }' "/proc/$SERVER_PID/status")"
    elapsed="$(awk -v s="$start" -v n="$(date +%s.%N)" 'BEGIN { printf "%.1f", n - s }')"
    # RESULT requests=… seconds=… rps=… p50_ms=… p90_ms=… p99_ms=… max_ms=… unexpected=… server_errors=… socket_errors=…
    wrk_result | awk -v t="$elapsed" -v rss="$rss" '{
        for (i = 1; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
        errors = v["unexpected"] + v["socket_errors"]
        printf "%.1f,%d,%.1f,%.3f,%.3f,%d,%d,%d,%.6f,%d\n", t, v["requests"], v["rps"], v["p50_ms"], v["p99_ms"],
            v["unexpected"], v["server_errors"], v["socket_errors"], (v["requests"] > 0 ? errors / v["requests"] : 0), rss
    }' | tee -a "$CSV"
done
echo "soak: end $(server_memory)"
echo "soak: status counts per kind over the whole run"
awk '$1 ~ /^(natal|transit|content|chart|summary|bad_key|unknown)$/ { ok[$1] += $2; u[$1] += $3; c[$1] += $4; s[$1] += $5; seen[$1] = 1 }
    END { printf "%-9s %10s %10s %10s %10s\n", "kind", "2xx", "401", "other 4xx", "5xx";
          n = split("natal transit content chart summary bad_key unknown", order, " ")
          for (i = 1; i <= n; i++) { k = order[i]; if (k in seen) printf "%-9s %10d %10d %10d %10d\n", k, ok[k], u[k], c[k], s[k] } }' "$WRK_LOG"
report_usage
python3 "$ROOT/infra/plot_soak.py" "$CSV" "$SVG" --warmup "$WARMUP"
