-- wrk script of the realistic mix (infra/load.sh mix, infra/soak.sh).
--   wrk ... -s infra/load-mix.lua http://127.0.0.1:PORT -- DATA_FILE
-- DATA_FILE, written by infra/load.sh, has one entry per line:
--   key <api key>              keys to spread the keyed kinds over
--   chart <path?query>         signed chart image links (GET, no key)
--   summary <path?query>       signed summary links, when the API serves them
--   weight <kind> <n>          share of each kind (natal transit content chart summary bad_key)
-- Every request carries `X-Request-Id: <kind>-<n>`; the server echoes it,
-- so each response is counted under its kind (wrk does not say which
-- request a response answers).
-- At the end: one line per kind with its status counts, then one line
--   RESULT requests=… seconds=… rps=… p50_ms=… p99_ms=… …
-- for the scripts to read.

local KINDS = { "natal", "transit", "content", "chart", "summary", "bad_key" }
-- The status a kind is expected to answer: anything else is an error.
local EXPECTED = { bad_key = 401 }

local threads = {}

function setup(thread)
  thread:set("id", #threads + 1)
  table.insert(threads, thread)
end

local function read_data(file)
  local data = { key = {}, chart = {}, summary = {}, weight = {} }
  for line in io.lines(file) do
    local what, rest = line:match("^(%S+)%s+(.+)$")
    if what == "weight" then
      local kind, n = rest:match("^(%S+)%s+(%d+)$")
      data.weight[kind] = tonumber(n)
    elseif what and data[what] then
      table.insert(data[what], rest)
    end
  end
  return data
end

-- Thread state (each wrk thread runs its own copy of this script).
-- `counts` is flat ("natal 2xx" -> n): wrk copies a thread's table to
-- done() one level deep only (a nested table crashes it).
local data, plan, serial
counts = {}

function init(args)
  data = read_data(args[1])
  math.randomseed(os.time() * 1000 + id)
  -- A cumulative table of the kinds that can run: a kind without its
  -- links (no summary in this API yet) gets no share.
  plan = {}
  local total = 0
  for _, kind in ipairs(KINDS) do
    local n = data.weight[kind] or 0
    if (kind == "chart" and #data.chart == 0) or (kind == "summary" and #data.summary == 0) then n = 0 end
    if n > 0 then
      total = total + n
      table.insert(plan, { kind = kind, upto = total })
    end
  end
  plan.total = total
  serial = 0
end

local function pick(list) return list[math.random(1, #list)] end

local function birth()
  return string.format('"%04d-%02d-%02dT%02d:%02d"', math.random(1930, 2020), math.random(1, 12), math.random(1, 28),
    math.random(4, 23), math.random(0, 59))
end

local function location()
  return string.format('{"latitude":%.4f,"longitude":%.4f,"timezone":"Europe/Rome"}', math.random() * 20 + 36, math.random() * 10 + 7)
end

local function headers(kind, key)
  serial = serial + 1
  local h = { ["X-Request-Id"] = string.format("%s-%d-%d", kind, id, serial), ["Origin"] = "https://app.example.com" }
  if key then h["X-Api-Key"] = key end
  return h
end

local POINTS = { "sun", "moon", "mercury", "venus", "mars", "jupiter", "saturn" }
local LANGUAGES = { "en", "es" }

local build = {
  -- A different birth moment each time: the ephemeris's cache of its last
  -- instant never helps (a real stream of clients).
  natal = function()
    local h = headers("natal", pick(data.key))
    h["Content-Type"] = "application/json"
    return wrk.format("POST", "/api/calc/natal", h, string.format('{"dateTime":%s,"location":%s}', birth(), location()))
  end,
  -- A month of transits to a random chart.
  transit = function()
    local h = headers("transit", pick(data.key))
    h["Content-Type"] = "application/json"
    local month = math.random(1, 12)
    local body = string.format('{"birthDateTime":%s,"birthLocation":%s,"startDate":"2025-%02d-01","endDate":"2025-%02d-28","transitLocation":%s}',
      birth(), location(), month, month, location())
    return wrk.format("POST", "/api/calc/transit", h, body)
  end,
  content = function()
    local h = headers("content", pick(data.key))
    local path
    if math.random() < 0.5 then
      path = string.format("/api/content/natal/planet-in-sign?filter%%5Bpoint%%5D=%s&language=%s", pick(POINTS), pick(LANGUAGES))
    else
      path = string.format("/api/content/natal/aspect?page%%5Bnumber%%5D=%d&page%%5Bsize%%5D=20", math.random(1, 5))
    end
    return wrk.format("GET", path, h)
  end,
  -- An embedded chart: no key, the link's signature; a fresh render each
  -- time (no If-None-Match).
  chart = function()
    local h = headers("chart", nil)
    h["Referer"] = "https://app.example.com/chart"
    return wrk.format("GET", pick(data.chart), h)
  end,
  summary = function()
    return wrk.format("GET", pick(data.summary), headers("summary", pick(data.key)))
  end,
  -- A key that is not one: a typo, a revoked key, a scanner.
  bad_key = function()
    local key = pick(data.key)
    local wrong = key:sub(1, #key - 8) .. string.format("%08x", math.random(0, 0x7fffffff))
    local h = headers("bad_key", wrong)
    h["Content-Type"] = "application/json"
    return wrk.format("POST", "/api/calc/natal", h, string.format('{"dateTime":%s,"location":%s}', birth(), location()))
  end,
}

function request()
  local r = math.random() * plan.total
  for _, step in ipairs(plan) do
    if r <= step.upto then return build[step.kind]() end
  end
  return build[plan[#plan].kind]()
end

function response(status, headers, body)
  local request_id = headers["x-request-id"] or headers["X-Request-Id"] or ""
  local kind = request_id:match("^([%a_]+)%-")
  if not kind then kind = "unknown" end
  local class
  if status >= 200 and status < 300 then class = "2xx"
  elseif status == 401 then class = "401"
  elseif status >= 500 then class = "5xx"
  else class = "4xx" end
  local name = kind .. " " .. class
  counts[name] = (counts[name] or 0) + 1
end

function done(summary, latency, requests)
  local total = {}
  for _, thread in ipairs(threads) do
    for name, n in pairs(thread:get("counts")) do total[name] = (total[name] or 0) + n end
  end
  local function count(kind, class) return total[kind .. " " .. class] or 0 end
  local unexpected, server_errors = 0, 0
  io.write(string.format("%-9s %9s %9s %9s %9s\n", "kind", "2xx", "401", "other 4xx", "5xx"))
  for _, kind in ipairs({ "natal", "transit", "content", "chart", "summary", "bad_key", "unknown" }) do
    local ok, unauthorized, client, server = count(kind, "2xx"), count(kind, "401"), count(kind, "4xx"), count(kind, "5xx")
    local n = ok + unauthorized + client + server
    if n > 0 then
      io.write(string.format("%-9s %9d %9d %9d %9d\n", kind, ok, unauthorized, client, server))
      server_errors = server_errors + server
      if EXPECTED[kind] == 401 then unexpected = unexpected + n - unauthorized else unexpected = unexpected + n - ok end
    end
  end
  local e = summary.errors
  local socket_errors = e.connect + e.read + e.write + e.timeout
  local seconds = summary.duration / 1e6
  io.write(string.format("RESULT requests=%d seconds=%.3f rps=%.1f p50_ms=%.3f p90_ms=%.3f p99_ms=%.3f max_ms=%.3f unexpected=%d server_errors=%d socket_errors=%d\n",
    summary.requests, seconds, summary.requests / seconds, latency:percentile(50) / 1000, latency:percentile(90) / 1000,
    latency:percentile(99) / 1000, latency.max / 1000, unexpected, server_errors, socket_errors))
end
