#!/usr/bin/env bash
# Load run: the release local server with a fresh embedded store, driven by
# wrk on the same machine. Prints requests/s, latency percentiles and the
# server's resident memory.
#   infra/load.sh [natal|image]
#   natal (default): POST /api/calc/natal with a valid key, a random birth moment per request.
#   image: GET /api/chart/image.svg, fresh renders: LOAD_LINKS (256) natal chart links
#     of distinct birth moments fetched round-robin, no If-None-Match, so neither
#     304s nor the ephemeris's cache of its last instant help.
#   LOAD_SECONDS (20) LOAD_CONNECTIONS (32) LOAD_THREADS (2) LOAD_PORT (3950) LOAD_LOG (warn; info logs every request)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
SECONDS_TO_RUN="${LOAD_SECONDS:-20}"
CONNECTIONS="${LOAD_CONNECTIONS:-32}"
THREADS="${LOAD_THREADS:-2}"
PORT="${LOAD_PORT:-3950}"
MODE="${1:-natal}"
LINKS="${LOAD_LINKS:-256}"
[[ "$MODE" == natal || "$MODE" == image ]] || { echo "usage: infra/load.sh [natal|image]" >&2; exit 2; }

if ! command -v wrk >/dev/null; then
    echo "load.sh: installing wrk (Debian package)" >&2
    if [[ $(id -u) -eq 0 ]]; then apt-get update -qq && apt-get install -y -qq wrk >/dev/null; else sudo apt-get update -qq && sudo apt-get install -y -qq wrk >/dev/null; fi
fi

cargo build -q --release -p local-server
DATA="$(mktemp -d)"
mkdir -p .test-run
DATA_DIR="$DATA" PORT="$PORT" STORAGE_BACKEND=embedded RUST_LOG="${LOAD_LOG:-warn}" ./target/release/local-server serve >.test-run/load-server.out 2>.test-run/load-server.err &
PID=$!
LUA=""
trap 'kill $PID 2>/dev/null || true; wait $PID 2>/dev/null || true; rm -rf "$DATA" "$LUA"' EXIT
for _ in $(seq 1 100); do curl -s -o /dev/null "http://127.0.0.1:$PORT/" && break; sleep 0.1; done
# A key as production would use it: rate-limited (so every request is charged
# to its minute window as well as to the monthly quota and its usage) and
# restricted to a site (so the Origin check runs too).
TOKEN="$(DATA_DIR="$DATA" STORAGE_BACKEND=embedded ./target/release/local-server dev-token)"
ORG="$(curl -s "http://127.0.0.1:$PORT/api/orgs" -H "Authorization: Bearer $TOKEN" | python3 -c 'import json,sys; print(json.load(sys.stdin)["data"][0]["id"])')"
KEY="$(curl -s -X POST "http://127.0.0.1:$PORT/api/api-keys" -H "Authorization: Bearer $TOKEN" -H 'Content-Type: application/json' \
    -d "{\"data\":{\"type\":\"api-keys\",\"attributes\":{\"name\":\"load\",\"organizationId\":\"$ORG\",\"rateLimitPerMinute\":1000000,\"allowedDomains\":[\"*.example.com\"]}}}" \
    | python3 -c 'import json,sys; print(json.load(sys.stdin)["data"]["key"])')"

LUA="$(mktemp --suffix .lua)"
if [[ "$MODE" == image ]]; then
    # Distinct natal charts (a birth moment each, 1930–2020), their SVG links as paths.
    PATHS="$(python3 - "$PORT" "$KEY" "$LINKS" <<'PY'
import json, random, sys, urllib.parse, urllib.request
port, key, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
random.seed(11)
for _ in range(count):
    body = {"dateTime": "%04d-%02d-%02dT%02d:%02d" % (random.randint(1930, 2020), random.randint(1, 12), random.randint(1, 28),
                                                     random.randint(0, 23), random.randint(0, 59)),
            "location": {"latitude": round(random.uniform(-50, 60), 4), "longitude": round(random.uniform(-120, 140), 4), "timezone": "UTC"}}
    request = urllib.request.Request("http://127.0.0.1:%s/api/calc/natal" % port, data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json", "X-Api-Key": key, "Origin": "https://app.example.com"})
    url = json.load(urllib.request.urlopen(request))["data"]["chart"]["url"]
    parts = urllib.parse.urlsplit(url)
    print(parts.path + "?" + parts.query)
PY
)"
    FIRST="$(head -1 <<<"$PATHS")"
    STATUS="$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$PORT$FIRST" -H 'Referer: https://app.example.com/chart')"
    [[ "$STATUS" == 200 ]] || { echo "load.sh: the chart image answered $STATUS" >&2; exit 1; }
    {
        echo 'wrk.headers["Referer"] = "https://app.example.com/chart"'
        echo 'local paths = {'
        sed 's/.*/  "&",/' <<<"$PATHS"
        echo '}'
        cat <<'LUA'
-- Round-robin over the links, each thread starting elsewhere.
local next_link = math.random(1, #paths)
request = function()
  next_link = next_link % #paths + 1
  return wrk.format("GET", paths[next_link])
end
done = function(summary, latency, requests)
  io.write(string.format("non-2xx or errors: %d\n", summary.errors.status + summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout))
  io.write(string.format("p50 %.2f ms, p90 %.2f ms, p99 %.2f ms, max %.2f ms\n",
    latency:percentile(50) / 1000, latency:percentile(90) / 1000, latency:percentile(99) / 1000, latency.max / 1000))
end
LUA
    } >"$LUA"
    echo "wrk -t$THREADS -c$CONNECTIONS -d${SECONDS_TO_RUN}s chart image SVG, $LINKS natal links round-robin, fresh renders (release local server, embedded store)"
    wrk -t"$THREADS" -c"$CONNECTIONS" -d"${SECONDS_TO_RUN}s" --latency -s "$LUA" "http://127.0.0.1:$PORT/"
else
cat >"$LUA" <<LUA
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.headers["X-Api-Key"] = "$KEY"
wrk.headers["Origin"] = "https://app.example.com"
-- A different birth moment per request, so the ephemeris's cache of the
-- last instant never helps (a real stream of clients).
request = function()
  local body = string.format('{"dateTime":"%04d-%02d-%02dT%02d:%02d","location":{"latitude":%.4f,"longitude":%.4f,"timezone":"Europe/Rome"}}',
    math.random(1930, 2020), math.random(1, 12), math.random(1, 28), math.random(4, 23), math.random(0, 59),
    math.random() * 20 + 36, math.random() * 10 + 7)
  return wrk.format(nil, nil, nil, body)
end
done = function(summary, latency, requests)
  io.write(string.format("non-2xx or errors: %d\n", summary.errors.status + summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout))
  io.write(string.format("p50 %.2f ms, p90 %.2f ms, p99 %.2f ms, max %.2f ms\n",
    latency:percentile(50) / 1000, latency:percentile(90) / 1000, latency:percentile(99) / 1000, latency.max / 1000))
end
LUA

# Check one request by hand first: a load run of errors measures nothing.
STATUS="$(curl -s -o /dev/null -w '%{http_code}' -X POST "http://127.0.0.1:$PORT/api/calc/natal" -H 'Content-Type: application/json' -H "X-Api-Key: $KEY" -H 'Origin: https://app.example.com' \
    -d '{"dateTime":"1990-05-11T14:30","location":{"latitude":41.9028,"longitude":12.4964,"timezone":"Europe/Rome"}}')"
[[ "$STATUS" == 200 ]] || { echo "load.sh: natal answered $STATUS" >&2; exit 1; }

echo "wrk -t$THREADS -c$CONNECTIONS -d${SECONDS_TO_RUN}s natal, random birth moments (release local server, embedded store)"
wrk -t"$THREADS" -c"$CONNECTIONS" -d"${SECONDS_TO_RUN}s" --latency -s "$LUA" "http://127.0.0.1:$PORT/api/calc/natal"
fi
echo "server memory: $(grep -E 'VmRSS|VmHWM' /proc/$PID/status | tr -s ' ' | tr '\n' ' ')"
# Every answered request was charged: the usage the API reports.
sleep 1.2
curl -s "http://127.0.0.1:$PORT/api/org/usage" -H "Authorization: Bearer $TOKEN" | python3 -c '
import json, sys
a = json.load(sys.stdin)["data"]["attributes"]
print("metered this month:", a["used"], "units;", ", ".join("%s: %s" % (k["name"], k["used"]) for k in a["keys"]))'
