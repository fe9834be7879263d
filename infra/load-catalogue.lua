-- One calculation of the catalogue with new random inputs on every request
-- (issue 37, goal 3), for `infra/load.sh catalogue`:
--   wrk ... -s infra/load-catalogue.lua URL -- KIND KEY ORIGIN [LINKS_FILE THREADS ROUND ROUNDS]
-- KIND: natal synastry transit_year events_year solar_return lunar_return
--   progressions pdf (POSTs with random birth moments, years and dates);
--   the floor under them: numerology (a life-path number of a random birth
--   date: parsing, key, metering and a 290-byte answer, next to no
--   computation) and health (GET /health: no key, the server's own layers);
--   svg png summary (GETs of signed links from LINKS_FILE, lines
--   "svg|png|summary PATH": chart images of distinct charts round-robin, and
--   summary links each opened once, so every summary is written, not read
--   back: thread k of THREADS takes every THREADS-th link of ROUND's share
--   of the file's); peer_svg (the peer's POST /api/chart/svg with a natal body).
-- Birth moments 1930-2020 between 04:00 and 23:59 Rome time: no local time
-- falls in a daylight-saving gap (a 422).

local kind, key, origin, links_file
local paths = {}
local next_link = 0

local function moment()
  return string.format("%04d-%02d-%02dT%02d:%02d", math.random(1930, 2020), math.random(1, 12), math.random(1, 28),
    math.random(4, 23), math.random(0, 59))
end

local function place()
  return string.format('{"latitude":%.4f,"longitude":%.4f,"timezone":"Europe/Rome"}', math.random() * 20 + 36, math.random() * 10 + 7)
end

local function date(from, to)
  return string.format("%04d-%02d-%02d", math.random(from, to), math.random(1, 12), math.random(1, 28))
end

local bodies = {
  natal = function()
    return "/api/calc/natal", string.format('{"dateTime":"%s","location":%s}', moment(), place())
  end,
  synastry = function()
    return "/api/calc/synastry", string.format('{"dateTime1":"%s","location1":%s,"dateTime2":"%s","location2":%s}',
      moment(), place(), moment(), place())
  end,
  -- A whole calendar year of transits (the longest period allowed).
  transit_year = function()
    local year = math.random(2000, 2040)
    return "/api/calc/transit", string.format('{"birthDateTime":"%s","birthLocation":%s,"startDate":"%04d-01-01","endDate":"%04d-12-31"}',
      moment(), place(), year, year)
  end,
  -- A whole calendar year of the sky's events, default types.
  events_year = function()
    local year = math.random(1930, 2040)
    return "/api/calc/events", string.format('{"startDate":"%04d-01-01","endDate":"%04d-12-31","timezone":"Europe/Rome"}', year, year)
  end,
  solar_return = function()
    return "/api/calc/solar-return", string.format('{"birthDateTime":"%s","birthLocation":%s,"returnYear":%d}',
      moment(), place(), math.random(2021, 2060))
  end,
  lunar_return = function()
    return "/api/calc/lunar-return", string.format('{"birthDateTime":"%s","birthLocation":%s,"returnDate":"%s"}',
      moment(), place(), date(2021, 2060))
  end,
  progressions = function()
    return "/api/calc/progressions", string.format('{"birthDateTime":"%s","birthLocation":%s,"targetDate":"%s"}',
      moment(), place(), date(2021, 2060))
  end,
  pdf = function()
    return "/api/pdf-reports/generate", string.format(
      '{"reportType":"natal","subject":{"name":"Load %d","birthDate":{"year":%d,"month":%d,"day":%d,"hour":%d,"minute":%d},'
        .. '"birthPlace":{"name":"Somewhere","latitude":%.4f,"longitude":%.4f,"timezone":"Europe/Rome"}}}',
      math.random(1, 1000000), math.random(1930, 2020), math.random(1, 12), math.random(1, 28), math.random(4, 23),
      math.random(0, 59), math.random() * 20 + 36, math.random() * 10 + 7)
  end,
  numerology = function()
    return "/api/numerology/life-path", string.format('{"dateTime":"%s","includeText":false}', moment())
  end,
  peer_svg = function()
    return "/api/chart/svg", string.format('{"dateTime":"%s","location":%s}', moment(), place())
  end,
}

-- Threads numbered, so that each takes its own share of the summary links.
local threads = 0
setup = function(thread)
  threads = threads + 1
  thread:set("thread_number", threads)
end

init = function(args)
  kind, key, origin, links_file = args[1], args[2], args[3], args[4]
  math.randomseed(os.time() + tonumber(tostring({}):match("0x(%x+)") or "0", 16))
  if links_file then
    for line in io.lines(links_file) do
      local link_kind, path = line:match("^(%S+) (.+)$")
      if link_kind == kind then paths[#paths + 1] = path end
    end
  end
  if bodies[kind] == nil and #paths == 0 and kind ~= "health" then
    error("load-catalogue.lua: no request for kind " .. tostring(kind))
  end
  if kind == "summary" then
    -- Thread k of n opens links k, k + n, ...: each summary once (written),
    -- until the links run out (then they are read back: see `done`).
    local threads_total, round, rounds = tonumber(args[5] or "1"), tonumber(args[6] or "1"), tonumber(args[7] or "1")
    local per_round = math.floor(#paths / rounds)
    local own = {}
    for i = (round - 1) * per_round + thread_number, round * per_round, threads_total do own[#own + 1] = paths[i] end
    paths = own
  else
    -- Each thread starts elsewhere in the chart links.
    next_link = (#paths > 0) and math.random(0, #paths - 1) or 0
  end
end

request = function()
  if kind == "health" then return wrk.format("GET", "/health") end
  local headers = { ["X-Api-Key"] = key, ["Origin"] = origin, ["Referer"] = origin .. "/chart" }
  local make = bodies[kind]
  if make then
    headers["Content-Type"] = "application/json"
    local path, body = make()
    return wrk.format("POST", path, headers, body)
  end
  next_link = next_link % #paths + 1
  return wrk.format("GET", paths[next_link], headers)
end

done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format("non-2xx or errors: %d\n", e.status + e.connect + e.read + e.write + e.timeout))
  io.write(string.format("p50 %.2f ms, p90 %.2f ms, p99 %.2f ms, max %.2f ms\n",
    latency:percentile(50) / 1000, latency:percentile(90) / 1000, latency:percentile(99) / 1000, latency.max / 1000))
  io.write(string.format("requests %d\n", summary.requests))
end
