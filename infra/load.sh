#!/usr/bin/env bash
# Load runs: the release local server on loopback, driven by wrk on the same
# machine. Prints requests/s, latency percentiles, status counts and the
# server's resident memory.
#   infra/load.sh [mix|natal|image|summary]
#   mix (default, `make load`): the realistic mix of infra/load-mix.lua:
#     natal and transit calculations, content reads, chart images (GET of
#     signed chart links), requests with a wrong key (401 expected) and
#     summaries when the API serves their links; status counts per kind.
#   natal: POST /api/calc/natal only, the same birth moment every request
#     and then a new random one per request, each LOAD_ROUNDS times, ours
#     and the open-source peer's (infra/peer_natal.py: FastAPI + kerykeion,
#     LOAD_PEER=0 to leave it out) in turn; a table of the medians.
#   image: GET /api/chart/image.svg only, fresh renders: LOAD_LINKS natal
#     chart links of distinct birth moments round-robin, no If-None-Match, so
#     neither 304s nor the ephemeris's cache of its last instant help.
#   widget: POST /api/widget-api/transit/{id} only, as browsers on an allowed
#     site send it (Origin, a random client address in X-Forwarded-For, a
#     random birth moment); the run lifts the per-widget minute limit
#     (WIDGET_REQUESTS_PER_MINUTE) as an operator of a busy widget would.
#   summary: GET /api/calc/natal/summary only, cached summaries: the
#     LOAD_LINKS natal charts' summary links, each opened once first (the
#     write, ten units), then round-robin (read from the store, one unit).
#   catalogue: every other calculation with new random inputs on every
#     request (infra/load-catalogue.lua: natal, synastry, a year of transits,
#     a year of events, solar and lunar returns, progressions, chart SVG and
#     PNG of distinct charts, natal PDF reports, natal summaries each written
#     once), LOAD_ROUNDS runs of LOAD_SECONDS (10) each, and the peer's
#     equivalent where it has one; a table of the medians (LOAD_KINDS picks
#     kinds; LOAD_SUMMARY_LINKS (12000) summary links a round are made
#     first, and summary runs last LOAD_SUMMARY_SECONDS (3)). Two kinds
#     outside the default list measure the floor under every calculation:
#     `numerology` (a keyed request that computes next to nothing) and
#     `health` (no key): LOAD_KINDS="health numerology natal" LOAD_PEER=0.
# Environment:
#   LOAD_BACKEND   embedded (default) | moto: DynamoDB through a moto server
#                  (infra/moto.sh, MOTO_PORT; started and stopped here unless
#                  one already answers), STORAGE_BACKEND=aws as deployed
#   LOAD_SECONDS (20) LOAD_CONNECTIONS (32; 8 on moto) LOAD_THREADS (2) LOAD_PORT (3950)
#   LOAD_ROUNDS (3) LOAD_PEER (1) LOAD_PEER_PORT (3951): the natal mode
#   LOAD_LINKS (256) chart links; LOAD_ORGS (1) organizations (deluxe) whose
#   keys share the mix, each with its own monthly quota (a long run at
#   thousands of requests/s outgrows one); LOAD_LOG (warn; info logs every
#   request); LOAD_MIX (natal=35,transit=10,content=20,chart=25,summary=5,bad_key=5)
#   LOAD_RSS_BUDGET_MB: the run fails when the server's resident memory
#                  after it is over this many MB (embedded store: image 60,
#                  natal 30, other modes none; on moto none; 0: none)
#   LOAD_SERVER_BIN: the server to load (another build, to compare two);
#                  unset: target/release/local-server, built first
# Sourced (infra/soak.sh), it only defines the functions.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
LOAD_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SECONDS_TO_RUN="${LOAD_SECONDS:-20}"
BACKEND="${LOAD_BACKEND:-embedded}"
# moto answers one request at a time: more connections only queue (and
# past wrk's 2 s timeout, fail).
if [[ "$BACKEND" == moto ]]; then CONNECTIONS="${LOAD_CONNECTIONS:-8}"; else CONNECTIONS="${LOAD_CONNECTIONS:-32}"; fi
THREADS="${LOAD_THREADS:-2}"
PORT="${LOAD_PORT:-3950}"
LINKS="${LOAD_LINKS:-256}"
ORGS="${LOAD_ORGS:-1}"
MIX="${LOAD_MIX:-natal=35,transit=10,content=20,chart=25,summary=5,bad_key=5}"
BASE="http://127.0.0.1:$PORT"
SERVER_BIN="${LOAD_SERVER_BIN:-$LOAD_ROOT/target/release/local-server}"
RUN_DIR="$LOAD_ROOT/.test-run"
# The load run's own origin: its keys accept only this site (the Origin
# check runs as in production).
ORIGIN="https://app.example.com"

SERVER_PID=""
WORK=""
ROUNDS="${LOAD_ROUNDS:-3}"
PEER_PORT="${LOAD_PEER_PORT:-3951}"
# natal mode: the peer runs beside ours unless LOAD_PEER=0.
RUN_PEER="${LOAD_PEER:-1}"
STARTED_MOTO=""
TABLE=""

log() { printf 'load.sh: %s\n' "$*" >&2; }

ensure_wrk() {
    command -v wrk >/dev/null && return 0
    log "installing wrk (Debian package)"
    if [[ $(id -u) -eq 0 ]]; then apt-get update -qq && apt-get install -y -qq wrk >/dev/null; else sudo apt-get update -qq && sudo apt-get install -y -qq wrk >/dev/null; fi
}

# The environment of every local-server command of this run: the backend's
# variables; on moto, secrets by value (a deployed stack gives ARNs).
server_env() {
    if [[ "$BACKEND" == moto ]]; then
        echo STORAGE_BACKEND=aws TABLE_NAME="$TABLE" BUCKET_NAME="$TABLE" AWS_ENDPOINT_URL="$MOTO_URL" AWS_REGION=us-east-1 \
            AWS_ACCESS_KEY_ID=test AWS_SECRET_ACCESS_KEY=test URL_SIGNING_SECRET="url-$WORK_SECRET" JWT_HS256_SECRET="jwt-$WORK_SECRET"
    else
        echo STORAGE_BACKEND=embedded DATA_DIR="$WORK/data"
    fi
}

local_server() {
    # shellcheck disable=SC2046 # the variables are words without spaces
    env $(server_env) "$SERVER_BIN" "$@"
}

# Creates the run's store: a data directory, or a table (and bucket) on
# moto with the first organization made by `local-server bootstrap` as on a
# deployed stack.
prepare_store() {
    WORK="$(mktemp -d)"
    mkdir -p "$WORK/data" "$RUN_DIR"
    WORK_SECRET="$(head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n')"
    if [[ "$BACKEND" != moto ]]; then return 0; fi
    MOTO_URL="$(bash "$LOAD_ROOT/infra/moto.sh" url)"
    if ! curl -s -o /dev/null --max-time 2 "$MOTO_URL/"; then
        bash "$LOAD_ROOT/infra/moto.sh" start
        STARTED_MOTO=1
    fi
    TABLE="load-$(date +%s)-$$"
    "$LOAD_ROOT/.venv/bin/python" - "$MOTO_URL" "$TABLE" create <<'PY'
import sys, boto3
url, name, action = sys.argv[1:4]
session = dict(endpoint_url=url, region_name="us-east-1", aws_access_key_id="test", aws_secret_access_key="test")
dynamo, s3 = boto3.client("dynamodb", **session), boto3.client("s3", **session)
if action == "create":
    # The layout of template.yaml's table (shared/src/store/dynamo.rs).
    dynamo.create_table(TableName=name, BillingMode="PAY_PER_REQUEST",
                        AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"}, {"AttributeName": "sk", "AttributeType": "S"}],
                        KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "sk", "KeyType": "RANGE"}])
    s3.create_bucket(Bucket=name)
else:
    dynamo.delete_table(TableName=name)
    s3.delete_bucket(Bucket=name)
PY
    local_server bootstrap --owner-email load@example.test --owner-name "Load owner" --owner-id local-owner >/dev/null
}

start_server() {
    # shellcheck disable=SC2046
    env $(server_env) PORT="$PORT" RUST_LOG="${LOAD_LOG:-warn}" "$SERVER_BIN" serve >>"$RUN_DIR/load-server.out" 2>>"$RUN_DIR/load-server.err" &
    SERVER_PID=$!
    # Up to two minutes: the first start loads the text corpus (on moto,
    # thousands of writes through one lock).
    await_answer "$BASE/" "$SERVER_PID" 1200 "the server (see $RUN_DIR/load-server.err)"
}

stop_server() { stop_process SERVER_PID; }

# `await_answer URL PID TENTHS WHAT`: waits up to TENTHS tenths of a second
# for URL to answer while the process PID lives.
await_answer() {
    local url="$1" pid="$2" tenths="$3" what="$4" _
    for _ in $(seq 1 "$tenths"); do
        curl -s -o /dev/null "$url" && return 0
        kill -0 "$pid" 2>/dev/null || { log "$what exited"; return 1; }
        sleep 0.1
    done
    log "$what did not answer within $((tenths / 10)) s"
    return 1
}

# `stop_process NAME`: stops the process whose id the variable NAME holds,
# and empties it.
stop_process() {
    local -n pid="$1"
    [[ -n "$pid" ]] || return 0
    kill "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
    pid=""
}

cleanup() {
    stop_server
    stop_peer
    if [[ -n "$TABLE" ]]; then
        "$LOAD_ROOT/.venv/bin/python" - "$MOTO_URL" "$TABLE" delete <<'PY' 2>/dev/null || true
import sys, boto3
url, name, _ = sys.argv[1:4]
session = dict(endpoint_url=url, region_name="us-east-1", aws_access_key_id="test", aws_secret_access_key="test")
boto3.client("dynamodb", **session).delete_table(TableName=name)
boto3.client("s3", **session).delete_bucket(Bucket=name)
PY
    fi
    [[ -n "$STARTED_MOTO" ]] && bash "$LOAD_ROOT/infra/moto.sh" stop || true
    [[ -n "$WORK" ]] && rm -rf "$WORK"
    return 0
}

# Keys as production would use them, created through the API by the
# owner: rate-limited (every request is charged to its minute window as
# well as to the monthly quota and its usage) and restricted to a site (the
# Origin check runs too). One per organization, LOAD_ORGS of them, all on
# the deluxe plan; their keys go to $WORK/keys.
make_keys() {
    TOKEN="$(local_server dev-token)"
    local orgs
    orgs="$(curl -s "$BASE/api/orgs" -H "Authorization: Bearer $TOKEN" | python3 -c 'import json,sys; print(json.load(sys.stdin)["data"][0]["id"])')"
    FIRST_ORG="$orgs"
    local i
    for ((i = 2; i <= ORGS; i++)); do
        orgs+=" $(curl -s -X POST "$BASE/api/orgs" -H "Authorization: Bearer $TOKEN" -H 'Content-Type: application/json' \
            -d "{\"data\":{\"type\":\"organizations\",\"attributes\":{\"name\":\"Load $i\"}}}" | python3 -c 'import json,sys; print(json.load(sys.stdin)["data"]["id"])')"
    done
    if ((ORGS > 1)); then
        # New organizations are on the free plan; billing's command moves
        # them (the embedded store allows one process: the server stops).
        [[ "$BACKEND" == moto ]] || stop_server
        for org in ${orgs#* }; do local_server set-plan "$org" deluxe >/dev/null; done
        [[ "$BACKEND" == moto ]] || start_server
    fi
    : >"$WORK/keys"
    for org in $orgs; do
        curl -s -X POST "$BASE/api/api-keys" -H "Authorization: Bearer $TOKEN" -H 'Content-Type: application/json' \
            -d "{\"data\":{\"type\":\"api-keys\",\"attributes\":{\"name\":\"load\",\"organizationId\":\"$org\",\"rateLimitPerMinute\":1000000,\"allowedDomains\":[\"*.example.com\"]}}}" \
            | python3 -c 'import json,sys; print(json.load(sys.stdin)["data"]["key"])' >>"$WORK/keys"
    done
}

# The data file of infra/load-mix.lua ($WORK/mix): keys, LOAD_LINKS chart
# links of distinct natal charts (made with the keys in turn), summary links
# if the natal response carries one, the weights. Then one request of each
# kind by hand: a load run of errors measures nothing.
prepare_mix() {
    python3 - "$BASE" "$WORK/keys" "$LINKS" "$MIX" "$ORIGIN" >"$WORK/mix" <<'PY'
import json, random, sys, urllib.error, urllib.parse, urllib.request
base, keys_file, count, mix, origin = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4], sys.argv[5]
keys = [k.strip() for k in open(keys_file) if k.strip()]
random.seed(11)

def call(method, path, key=None, body=None, headers=None):
    h = {"Origin": origin, **(headers or {})}
    if key:
        h["X-Api-Key"] = key
    if body is not None:
        h["Content-Type"] = "application/json"
    request = urllib.request.Request(base + path, data=None if body is None else json.dumps(body).encode(), method=method, headers=h)
    try:
        with urllib.request.urlopen(request) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()

def path_of(url):
    parts = urllib.parse.urlsplit(url)
    return parts.path + ("?" + parts.query if parts.query else "")

def expect(kind, status, wanted, body=b""):
    if status != wanted:
        sys.exit("load.sh: %s answered %s (expected %s): %s" % (kind, status, wanted, body[:300].decode(errors="replace")))

charts, summaries = [], []
for i in range(count):
    body = {"dateTime": "%04d-%02d-%02dT%02d:%02d" % (random.randint(1930, 2020), random.randint(1, 12), random.randint(1, 28),
                                                     random.randint(0, 23), random.randint(0, 59)),
            "location": {"latitude": round(random.uniform(-50, 60), 4), "longitude": round(random.uniform(-120, 140), 4), "timezone": "UTC"}}
    status, text = call("POST", "/api/calc/natal", keys[i % len(keys)], body)
    expect("natal", status, 200, text)
    data = json.loads(text)["data"]
    charts.append(path_of(data["chart"]["url"]))
    summary = data.get("summary")
    if isinstance(summary, dict) and summary.get("url"):
        summaries.append(path_of(summary["url"]))

weights = dict((kind, int(n)) for kind, n in (entry.split("=") for entry in mix.split(",") if entry))
checks = [
    ("transit", call("POST", "/api/calc/transit", keys[0], {
        "birthDateTime": "1990-05-11T14:30", "birthLocation": {"latitude": 41.9, "longitude": 12.5, "timezone": "Europe/Rome"},
        "startDate": "2025-03-01", "endDate": "2025-03-28", "transitLocation": {"latitude": 41.9, "longitude": 12.5, "timezone": "Europe/Rome"}}), 200),
    ("content", call("GET", "/api/content/natal/planet-in-sign?filter%5Bpoint%5D=venus&language=es", keys[0]), 200),
    ("chart", call("GET", charts[0], headers={"Referer": origin + "/chart"}), 200),
    ("bad_key", call("POST", "/api/calc/natal", keys[0][:-8] + "00000000", {"dateTime": "1990-05-11T14:30",
        "location": {"latitude": 41.9, "longitude": 12.5, "timezone": "Europe/Rome"}}), 401),
]
if summaries:
    checks.append(("summary", call("GET", summaries[0], keys[0]), 200))
for kind, (status, text), wanted in checks:
    if weights.get(kind, 0) > 0:
        expect(kind, status, wanted, text)

for key in keys:
    print("key", key)
for path in charts:
    print("chart", path)
for path in summaries:
    print("summary", path)
for kind, n in weights.items():
    print("weight", kind, n)
print("load.sh: %d keys, %d chart links, %s" % (len(keys), len(charts),
      "%d summary links" % len(summaries) if summaries else "no summary link in natal responses (not served yet): no summaries in the mix"),
      file=sys.stderr)
PY
}

# One wrk run: run_wrk SECONDS LUA URL [script args...]; its output is
# printed and kept in $WORK/wrk.out.
run_wrk() {
    local seconds="$1" lua="$2" url="$3"
    shift 3
    wrk -t"$THREADS" -c"$CONNECTIONS" -d"${seconds}s" --timeout "$WRK_TIMEOUT" --latency -s "$lua" "$url" ${1:+--} "$@" | tee "$WORK/wrk.out"
}

# The RESULT line of the last run as `name=value` words.
wrk_result() { sed -n 's/^RESULT //p' "$WORK/wrk.out"; }

# wrk's own time limit per request (2 s) would count the peer's slowest
# answers (a year of transits) as errors; its latency is the figure wanted.
WRK_TIMEOUT="${LOAD_WRK_TIMEOUT:-60s}"

# A wrk script for one route (natal or image modes): the requests of
# `request`, a summary line at the end.
single_route_lua() {
    cat <<'LUA'
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format("non-2xx or errors: %d\n", e.status + e.connect + e.read + e.write + e.timeout))
  io.write(string.format("p50 %.2f ms, p90 %.2f ms, p99 %.2f ms, max %.2f ms\n",
    latency:percentile(50) / 1000, latency:percentile(90) / 1000, latency:percentile(99) / 1000, latency.max / 1000))
end
LUA
}

# A wrk script GETting the `kind` links of $WORK/mix (chart, summary)
# round-robin, each thread starting elsewhere, with the run's Referer.
round_robin_lua() {
    local kind="$1"
    echo "wrk.headers[\"Referer\"] = \"$ORIGIN/chart\""
    echo 'local paths = {'
    sed -n "s/^$kind \(.*\)/  \"\1\",/p" "$WORK/mix"
    echo '}'
    cat <<'LUA'
local next_link = math.random(1, #paths)
request = function()
  next_link = next_link % #paths + 1
  return wrk.format("GET", paths[next_link])
end
LUA
    single_route_lua
}

server_memory() { grep -E 'VmRSS|VmHWM' "/proc/$SERVER_PID/status" | tr -s ' ' | tr '\n' ' '; }

# Every answered request was charged: the usage the API reports (after the
# embedded meter's next write-behind).
report_usage() {
    sleep 1.2
    curl -s "$BASE/api/org/usage" -H "Authorization: Bearer $TOKEN" -H "X-Organization-Id: $FIRST_ORG" | python3 -c '
import json, sys
a = json.load(sys.stdin)["data"]["attributes"]
print("metered this month (first organization):", a["used"], "units;", ", ".join("%s: %s" % (k["name"], k["used"]) for k in a["keys"]))' \
        || log "the usage route did not answer as expected"
}

# The natal wrk script: `natal_lua KEY random|same`. random draws a new
# birth moment per request (1930-2020, 04:00-23:59 Rome time: no local time
# falls in a daylight-saving gap, which is a 422), so neither the
# ephemeris's memory of its last instant nor anything else is reused, as
# with real clients; same sends one moment every time.
natal_lua() {
    local key="$1" moments="$2"
    cat <<LUA
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.headers["X-Api-Key"] = "$key"
wrk.headers["Origin"] = "$ORIGIN"
wrk.body = '{"dateTime":"1990-05-11T14:30","location":{"latitude":41.9028,"longitude":12.4964,"timezone":"Europe/Rome"}}'
LUA
    [[ "$moments" == random ]] && cat <<'LUA'
request = function()
  local body = string.format('{"dateTime":"%04d-%02d-%02dT%02d:%02d","location":{"latitude":%.4f,"longitude":%.4f,"timezone":"Europe/Rome"}}',
    math.random(1930, 2020), math.random(1, 12), math.random(1, 28), math.random(4, 23), math.random(0, 59),
    math.random() * 20 + 36, math.random() * 10 + 7)
  return wrk.format(nil, nil, nil, body)
end
LUA
    single_route_lua
}

# `requests/s p99_ms non2xx` of the last wrk run.
wrk_figures() {
    local rps p99 bad
    rps="$(sed -n 's/^Requests\/sec: *\([0-9.]*\).*/\1/p' "$WORK/wrk.out")"
    p99="$(sed -n 's/.*p99 \([0-9.]*\) ms.*/\1/p' "$WORK/wrk.out")"
    bad="$(sed -n 's/^non-2xx or errors: \([0-9]*\).*/\1/p' "$WORK/wrk.out")"
    echo "${rps:-0} ${p99:-0} ${bad:-0}"
}

# The peer (infra/peer_natal.py: FastAPI + kerykeion) on PEER_PORT, one
# uvicorn worker a core.
PEER_PID=""
PEER_KEY="peer-load-key"
start_peer() {
    local venv
    venv="$(bash "$LOAD_ROOT/infra/venv.sh" peer)"
    (cd "$LOAD_ROOT/infra" && PEER_API_KEY="$PEER_KEY" exec "$venv/bin/uvicorn" peer_natal:app --host 127.0.0.1 --port "$PEER_PORT" \
        --workers "$(nproc)" --log-level warning --no-access-log) >>"$RUN_DIR/load-peer.out" 2>&1 &
    PEER_PID=$!
    await_answer "http://127.0.0.1:$PEER_PORT/docs" "$PEER_PID" 300 "the peer (see $RUN_DIR/load-peer.out)"
}
stop_peer() { stop_process PEER_PID; }

# Each figure: the median of LOAD_ROUNDS runs (3), ours and the peer's in
# turn, every run checked for non-2xx answers.
median() { sort -n | awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }

natal_comparison() {
    local key="$1" status
    (( $(wc -l <"$WORK/keys") >= 2 * ROUNDS )) || { log "the natal mode needs LOAD_ORGS >= $((2 * ROUNDS))"; exit 1; }
    status="$(curl -s -o /dev/null -w '%{http_code}' -X POST "$BASE/api/calc/natal" -H 'Content-Type: application/json' -H "X-Api-Key: $key" -H "Origin: $ORIGIN" \
        -d '{"dateTime":"1990-05-11T14:30","location":{"latitude":41.9028,"longitude":12.4964,"timezone":"Europe/Rome"}}')"
    [[ "$status" == 200 ]] || { log "natal answered $status"; exit 1; }
    local moments server round figures failed=0
    for moments in same random; do
        : >"$WORK/figures-ours-$moments"
        : >"$WORK/figures-peer-$moments"
        # Ours and the peer's in turn, round by round: this machine's speed
        # drifts from minute to minute, and a ratio wants both in the same.
        for ((round = 1; round <= ROUNDS; round++)); do
            for server in ours peer; do
                [[ "$server" == peer && "$RUN_PEER" != 1 ]] && continue
                local url="$BASE/api/calc/natal"
                [[ "$server" == peer ]] && url="http://127.0.0.1:$PEER_PORT/api/calc/natal"
                # Each of our runs on its own organization's key: a run
                # spends up to a million requests, a deluxe month's quota.
                local lua_key="$PEER_KEY" offset=0
                [[ "$moments" == random ]] && offset="$ROUNDS"
                [[ "$server" == ours ]] && lua_key="$(sed -n "$((offset + round))p" "$WORK/keys")"
                natal_lua "$lua_key" "$moments" >"$WORK/natal-$moments.lua"
                # The peer slows down run after run (from about 200 to 100
                # requests/s on a 2-vCPU machine): each of its runs gets a
                # fresh process, its best figure.
                [[ "$server" == peer ]] && { stop_peer; start_peer; }
                echo "== $server, $moments birth moment, run $round of $ROUNDS: wrk -t$THREADS -c$CONNECTIONS -d${SECONDS_TO_RUN}s"
                run_wrk "$SECONDS_TO_RUN" "$WORK/natal-$moments.lua" "$url" >/dev/null
                figures="$(wrk_figures)"
                echo "   requests/s, p99 ms, non-2xx: $figures"
                [[ "${figures##* }" == 0 ]] || failed=1
                echo "$figures" >>"$WORK/figures-$server-$moments"
            done
        done
    done
    echo "server memory after the runs: $(server_memory)"
    stop_peer
    echo
    echo "| Natal request (key + metering), $CONNECTIONS connections, medians of $ROUNDS runs | This service | The peer (FastAPI + kerykeion) | Ratio |"
    echo "|---|---|---|---|"
    for moments in same random; do
        local ours_rps ours_p99 peer_rps="" peer_p99="" ratio="" label="the same birth moment every request"
        [[ "$moments" == random ]] && label="a new random moment every request (1930-2020)"
        ours_rps="$(cut -d' ' -f1 "$WORK/figures-ours-$moments" | median)"
        ours_p99="$(cut -d' ' -f2 "$WORK/figures-ours-$moments" | median)"
        if [[ -s "$WORK/figures-peer-$moments" ]]; then
            peer_rps="$(cut -d' ' -f1 "$WORK/figures-peer-$moments" | median)"
            peer_p99="$(cut -d' ' -f2 "$WORK/figures-peer-$moments" | median)"
            ratio="$(awk -v a="$ours_rps" -v b="$peer_rps" 'BEGIN {printf "%.1f×", a / b}')"
        fi
        printf '| %s | %.0f req/s, p99 %s ms | %s | %s |\n' "$label" "$ours_rps" "$ours_p99" \
            "${peer_rps:+$(printf '%.0f req/s, p99 %s ms' "$peer_rps" "$peer_p99")}" "$ratio"
    done
    ((failed == 0)) || { log "some runs had non-2xx answers or socket errors"; exit 1; }
}

# The links of the catalogue's GET kinds ($WORK/links): "svg PATH" and
# "png PATH" of LOAD_LINKS natal charts of distinct random moments, and
# "summary PATH" of LOAD_SUMMARY_LINKS (12000) natal charts a round.
prepare_catalogue_links() {
    python3 - "$BASE" "$WORK/keys" "$LINKS" "$((${LOAD_SUMMARY_LINKS:-12000} * ROUNDS))" "$ORIGIN" >"$WORK/links" <<'PY'
import concurrent.futures, json, random, sys, urllib.parse, urllib.request
base, keys_file, images, summaries, origin = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
keys = [k.strip() for k in open(keys_file) if k.strip()]
random.seed(37)

def path_of(url):
    parts = urllib.parse.urlsplit(url)
    return parts.path + "?" + parts.query

def natal(i):
    body = {"dateTime": "%04d-%02d-%02dT%02d:%02d" % (random.randint(1930, 2020), random.randint(1, 12), random.randint(1, 28),
                                                     random.randint(4, 23), random.randint(0, 59)),
            "location": {"latitude": round(random.uniform(36, 56), 4), "longitude": round(random.uniform(7, 17), 4), "timezone": "Europe/Rome"}}
    request = urllib.request.Request(base + "/api/calc/natal", data=json.dumps(body).encode(), method="POST",
                                     headers={"Origin": origin, "X-Api-Key": keys[i % len(keys)], "Content-Type": "application/json"})
    with urllib.request.urlopen(request) as response:
        return json.load(response)["data"]

with concurrent.futures.ThreadPoolExecutor(16) as pool:
    charts = list(pool.map(natal, range(max(images, summaries))))
for data in charts[:images]:
    print("svg", path_of(data["chart"]["url"]))
    print("png", path_of(data["chart"]["pngUrl"]))
for data in charts[:summaries]:
    print("summary", path_of(data["summary"]["url"]))
PY
}

# The peer's route for a catalogue kind (none: the peer has no such thing).
peer_kind() {
    case "$1" in
        natal | synastry | transit_year | solar_return | lunar_return) echo "$1" ;;
        svg) echo peer_svg ;;
        *) echo "" ;;
    esac
}

catalogue_comparison() {
    local kinds="${LOAD_KINDS:-natal synastry transit_year events_year solar_return lunar_return progressions svg png pdf summary}"
    local kind server round figures failed=0 seconds connections peer_errors=""
    [[ " $kinds " == *" summary "* ]] || LOAD_SUMMARY_LINKS=0
    prepare_catalogue_links
    for kind in $kinds; do
        : >"$WORK/figures-ours-$kind"
        : >"$WORK/figures-peer-$kind"
        # Ours and the peer's in turn, round by round (the machine drifts).
        for ((round = 1; round <= ROUNDS; round++)); do
            for server in ours peer; do
                local lua_kind="$kind" url="$BASE/"
                if [[ "$server" == peer ]]; then
                    [[ "$RUN_PEER" == 1 ]] || continue
                    lua_kind="$(peer_kind "$kind")"
                    [[ -n "$lua_kind" ]] || continue
                    url="http://127.0.0.1:$PEER_PORT/"
                fi
                local key="$PEER_KEY"
                [[ "$server" == ours ]] && key="$(sed -n "${round}p" "$WORK/keys")"
                [[ "$server" == peer ]] && { stop_peer; start_peer; }
                seconds="$SECONDS_TO_RUN" connections="$CONNECTIONS"
                # Summaries are written at thousands a second: a short run,
                # so that every request opens a link of its own.
                [[ "$kind" == summary ]] && seconds="${LOAD_SUMMARY_SECONDS:-3}"
                # The peer's year of transits takes seconds a request: 32 at
                # once on two single-threaded workers would all still be
                # running when the run ends. One connection a worker, longer.
                [[ "$server" == peer && "$kind" == transit_year ]] && { connections="$THREADS"; seconds=$((SECONDS_TO_RUN * 3)); }
                echo "== $server, $kind, run $round of $ROUNDS: wrk -t$THREADS -c$connections -d${seconds}s"
                CONNECTIONS="$connections" run_wrk "$seconds" "$LOAD_ROOT/infra/load-catalogue.lua" "$url" "$lua_kind" "$key" "$ORIGIN" "$WORK/links" "$THREADS" "$round" "$ROUNDS" >/dev/null
                figures="$(wrk_figures) $(sed -n 's/.*p50 \([0-9.]*\) ms.*/\1/p' "$WORK/wrk.out")"
                echo "   requests/s, p99 ms, non-2xx, p50 ms: $figures"
                if [[ "$(echo "$figures" | cut -d' ' -f3)" != 0 ]]; then
                    # Ours must answer every request; the peer's failures
                    # (kerykeion refuses return instants in a DST fold) are
                    # reported beside its figure.
                    if [[ "$server" == ours ]]; then failed=1; else peer_errors+=" $kind"; fi
                fi
                if [[ "$kind" == summary ]]; then
                    # Each round has its own links; past them, summaries
                    # are read back instead of written.
                    local done_requests links
                    done_requests="$(sed -n 's/^requests \([0-9]*\)/\1/p' "$WORK/wrk.out")"
                    links="$(($(grep -c '^summary ' "$WORK/links") / ROUNDS))"
                    ((done_requests <= links)) || { echo "   $done_requests requests for $links summary links: raise LOAD_SUMMARY_LINKS"; failed=1; }
                fi
                echo "$figures" >>"$WORK/figures-$server-$kind"
            done
        done
    done
    echo "server memory after the runs: $(server_memory)"
    stop_peer
    echo
    echo "| Calculation, new random inputs every request, $CONNECTIONS connections, medians of $ROUNDS runs | This service | The peer (FastAPI + kerykeion) | Ratio |"
    echo "|---|---|---|---|"
    for kind in $kinds; do
        local ours_rps ours_p50 ours_p99 peer_cell="no equivalent" ratio=""
        ours_rps="$(cut -d' ' -f1 "$WORK/figures-ours-$kind" | median)"
        ours_p50="$(cut -d' ' -f4 "$WORK/figures-ours-$kind" | median)"
        ours_p99="$(cut -d' ' -f2 "$WORK/figures-ours-$kind" | median)"
        if [[ -s "$WORK/figures-peer-$kind" ]]; then
            local peer_rps peer_p50
            peer_rps="$(cut -d' ' -f1 "$WORK/figures-peer-$kind" | median)"
            peer_p50="$(cut -d' ' -f4 "$WORK/figures-peer-$kind" | median)"
            peer_cell="$(printf '%.1f req/s, p50 %s ms' "$peer_rps" "$peer_p50")"
            [[ " $peer_errors " == *" $kind "* ]] && peer_cell+=" (some of its answers were errors)"
            [[ "$kind" == transit_year ]] && peer_cell+=" ($THREADS connections)"
            ratio="$(awk -v a="$ours_rps" -v b="$peer_rps" 'BEGIN {printf "%.0f×", a / b}')"
        elif [[ "$RUN_PEER" != 1 ]]; then
            peer_cell=""
        fi
        printf '| %s | %.1f req/s, p50 %s ms, p99 %s ms | %s | %s |\n' "$kind" "$ours_rps" "$ours_p50" "$ours_p99" "$peer_cell" "$ratio"
    done
    ((failed == 0)) || { log "some runs had non-2xx answers or socket errors"; exit 1; }
}

# Builds, starts the store and the server, makes the keys.
setup_run() {
    ensure_wrk
    # A server given by LOAD_SERVER_BIN (another build, for comparing) is
    # run as it is.
    [[ -n "${LOAD_SERVER_BIN:-}" ]] || (cd "$LOAD_ROOT" && cargo build -q --release -p local-server)
    trap cleanup EXIT
    prepare_store
    start_server
    make_keys
}

main() {
    local mode="${1:-mix}"
    [[ "$mode" =~ ^(mix|natal|image|summary|widget|catalogue)$ ]] || { echo "usage: infra/load.sh [mix|natal|image|summary|widget|catalogue]" >&2; exit 2; }
    [[ "$mode" == widget ]] && export WIDGET_REQUESTS_PER_MINUTE=100000000
    [[ "$mode" == natal && -z "${LOAD_ORGS:-}" ]] && ORGS=$((2 * ROUNDS))
    # One organization a round: each run of every kind on its round's key.
    [[ "$mode" == catalogue && -z "${LOAD_ORGS:-}" ]] && ORGS="$ROUNDS"
    [[ "$mode" == catalogue && -z "${LOAD_SECONDS:-}" ]] && SECONDS_TO_RUN=10
    [[ "$BACKEND" == embedded || "$BACKEND" == moto ]] || { echo "load.sh: LOAD_BACKEND is embedded or moto" >&2; exit 2; }
    setup_run
    local store="embedded store"
    [[ "$BACKEND" == moto ]] && store="DynamoDB on moto (requests serialised by its lock)"
    local key
    key="$(head -1 "$WORK/keys")"
    case "$mode" in
        mix)
            prepare_mix
            echo "wrk -t$THREADS -c$CONNECTIONS -d${SECONDS_TO_RUN}s mix $MIX (release local server, $store)"
            run_wrk "$SECONDS_TO_RUN" "$LOAD_ROOT/infra/load-mix.lua" "$BASE" "$WORK/mix"
            local unexpected server_errors socket_errors
            unexpected="$(wrk_result | tr ' ' '\n' | sed -n 's/^unexpected=//p')"
            server_errors="$(wrk_result | tr ' ' '\n' | sed -n 's/^server_errors=//p')"
            socket_errors="$(wrk_result | tr ' ' '\n' | sed -n 's/^socket_errors=//p')"
            if [[ "$unexpected" != 0 || "$socket_errors" != 0 ]]; then
                log "$unexpected answers had another status than their kind expects ($server_errors of them 5xx); $socket_errors socket errors or timeouts"
                echo "server memory: $(server_memory)"
                exit 1
            fi
            ;;
        image)
            MIX="chart=1" prepare_mix
            round_robin_lua chart >"$WORK/image.lua"
            echo "wrk -t$THREADS -c$CONNECTIONS -d${SECONDS_TO_RUN}s chart image SVG, $LINKS natal links round-robin, fresh renders (release local server, $store)"
            run_wrk "$SECONDS_TO_RUN" "$WORK/image.lua" "$BASE/"
            ;;
        summary)
            MIX="summary=1" prepare_mix
            # Every summary written once before the run: the run reads them.
            sed -n 's/^summary \(.*\)/\1/p' "$WORK/mix" | while read -r path; do
                curl -s -o /dev/null -w '%{http_code}\n' "$BASE$path" -H "Referer: $ORIGIN/chart"
            done | sort | uniq -c | sed 's/^/load.sh: summaries written, status count: /' >&2
            round_robin_lua summary >"$WORK/summary.lua"
            echo "wrk -t$THREADS -c$CONNECTIONS -d${SECONDS_TO_RUN}s cached natal summaries, $LINKS links round-robin (release local server, $store)"
            run_wrk "$SECONDS_TO_RUN" "$WORK/summary.lua" "$BASE/"
            ;;
        natal)
            natal_comparison "$key"
            ;;
        catalogue)
            catalogue_comparison
            ;;
        widget)
            local widget
            widget="$(curl -s -X POST "$BASE/api/widgets" -H "Authorization: Bearer $TOKEN" -H 'Content-Type: application/json' \
                -d '{"data":{"type":"widgets","attributes":{"name":"load","allowedDomains":["*.example.com"],"customization":{"colors":{"primary":"#2e5b8c"}}}}}' |
                python3 -c 'import json,sys; print(json.load(sys.stdin)["data"]["id"])')"
            {
                cat <<LUA
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Origin"] = "$ORIGIN"
LUA
                cat <<'LUA'
-- A visitor per request: a random address (each stays far below its
-- per-address limit) and a random birth moment.
request = function()
  wrk.headers["X-Forwarded-For"] = string.format("10.%d.%d.%d", math.random(0, 255), math.random(0, 255), math.random(1, 254))
  local body = string.format('{"birthData":{"dateTime":"%04d-%02d-%02dT%02d:%02d","latitude":%.4f,"longitude":%.4f,"timezone":"Europe/Rome"},"transitDateTime":"2026-%02d-%02dT12:00"}',
    math.random(1930, 2020), math.random(1, 12), math.random(1, 28), math.random(4, 23), math.random(0, 59),
    math.random() * 20 + 36, math.random() * 10 + 7, math.random(1, 12), math.random(1, 28))
  return wrk.format(nil, nil, nil, body)
end
LUA
                single_route_lua
            } >"$WORK/widget.lua"
            local status
            status="$(curl -s -o /dev/null -w '%{http_code}' -X POST "$BASE/api/widget-api/transit/$widget" -H 'Content-Type: application/json' -H "Origin: $ORIGIN" \
                -d '{"birthData":{"dateTime":"1990-05-11T14:30","latitude":41.9028,"longitude":12.4964,"timezone":"Europe/Rome"}}')"
            [[ "$status" == 200 ]] || { log "the widget transit answered $status"; exit 1; }
            echo "wrk -t$THREADS -c$CONNECTIONS -d${SECONDS_TO_RUN}s widget transit, random visitors and birth moments (release local server, $store)"
            run_wrk "$SECONDS_TO_RUN" "$WORK/widget.lua" "$BASE/api/widget-api/transit/$widget"
            ;;
    esac
    echo "server memory: $(server_memory)"
    report_usage
    within_memory_budget "$mode"
}

# Issue 37's memory budgets (goal 5), on the embedded store (the only one
# measured): the server's resident memory after an image run at most 60 MB,
# after the natal runs 30 MB; LOAD_RSS_BUDGET_MB sets one for any mode and
# backend (0: none).
within_memory_budget() {
    local budget_mb=0
    if [[ "$BACKEND" == embedded ]]; then
        case "$1" in
            image) budget_mb=60 ;;
            natal) budget_mb=30 ;;
        esac
    fi
    budget_mb="${LOAD_RSS_BUDGET_MB:-$budget_mb}"
    ((budget_mb > 0)) || return 0
    local rss_kb
    rss_kb="$(awk '/^VmRSS:/ {print $2}' "/proc/$SERVER_PID/status")"
    if ((rss_kb > budget_mb * 1024)); then
        log "the server holds $((rss_kb / 1024)) MB resident, over the $budget_mb MB budget of the $1 mode"
        exit 1
    fi
    log "the server holds $((rss_kb / 1024)) MB resident, within the $budget_mb MB budget of the $1 mode"
}

if [[ "${BASH_SOURCE[0]}" == "$0" ]]; then
    main "$@"
fi
