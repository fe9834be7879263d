"""What the MCP door costs, against a running local server (release build):

1. A tool call against its REST twin: natal_chart and POST /api/calc/natal
   in turn, one connection each, a new birth moment per pair (so the
   ephemeris' memory of its last instant helps neither), ROUNDS pairs; the
   medians and the median of the per-pair differences.
2. SESSIONS concurrent sessions of the official Python SDK: each
   initializes, lists the tools and calls natal_chart CALLS times, all at
   once; any error fails the run. The server's RSS is read from /proc before,
   at its peak during the run (VmHWM) and after.

    python infra/mcp_load.py URL DATA_DIR SERVER_PID [ROUNDS=500] [SESSIONS=200] [CALLS=3]
"""

import asyncio
import json
import random
import statistics
import sys
import time
from pathlib import Path

import httpx2
from mcp import Client
from mcp.client.streamable_http import streamable_http_client

ACCEPT = "application/json, text/event-stream"


def rss_kb(pid, field):
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    raise SystemExit(f"no {field} for pid {pid}")


def birth(rng):
    # 1930-2020, local times away from the small hours (no daylight-saving gaps).
    return {
        "dateTime": f"{rng.randint(1930, 2020)}-{rng.randint(1, 12):02}-{rng.randint(1, 28):02}T{rng.randint(6, 22):02}:{rng.randint(0, 59):02}",
        "location": {"latitude": round(rng.uniform(-60, 60), 4), "longitude": round(rng.uniform(-180, 180), 4)},
    }


def latency(base, key, rounds):
    rng = random.Random(31)
    rest = httpx2.Client(headers={"X-Api-Key": key, "Content-Type": "application/json"}, timeout=30)
    mcp = httpx2.Client(headers={"Authorization": f"Bearer {key}", "Accept": ACCEPT, "Content-Type": "application/json",
                                 "MCP-Protocol-Version": "2025-06-18"}, timeout=30)
    rest_ms, mcp_ms = [], []
    for i in range(rounds + 20):
        body = birth(rng)
        call = {"jsonrpc": "2.0", "id": i, "method": "tools/call", "params": {"name": "natal_chart", "arguments": body}}
        order = [("rest", body), ("mcp", call)] if i % 2 == 0 else [("mcp", call), ("rest", body)]
        for kind, payload in order:
            started = time.perf_counter()
            if kind == "rest":
                answer = rest.post(f"{base}/api/calc/natal", content=json.dumps(payload))
                ok = answer.status_code == 200
            else:
                answer = mcp.post(f"{base}/mcp", content=json.dumps(payload))
                ok = answer.status_code == 200 and answer.json()["result"]["isError"] is False
            elapsed = (time.perf_counter() - started) * 1000
            if not ok:
                raise SystemExit(f"{kind}: {answer.status_code} {answer.text[:300]}")
            if i >= 20:  # the first pairs warm both paths
                (rest_ms if kind == "rest" else mcp_ms).append(elapsed)
    differences = [m - r for m, r in zip(mcp_ms, rest_ms)]
    print(f"latency, {rounds} pairs, a new moment each: REST median {statistics.median(rest_ms):.3f} ms, "
          f"MCP median {statistics.median(mcp_ms):.3f} ms, median difference {statistics.median(differences):+.3f} ms "
          f"(p90 REST {statistics.quantiles(rest_ms, n=10)[-1]:.3f}, MCP {statistics.quantiles(mcp_ms, n=10)[-1]:.3f})")
    return statistics.median(differences)


async def session(base, key, calls, rng, errors):
    try:
        async with httpx2.AsyncClient(headers={"Authorization": f"Bearer {key}"}, timeout=120) as http:
            async with Client(streamable_http_client(f"{base}/mcp", http_client=http)) as client:
                tools = (await client.list_tools()).tools
                if len(tools) < 13:
                    errors.append(f"{len(tools)} tools")
                for _ in range(calls):
                    result = await client.call_tool("natal_chart", birth(rng))
                    if result.is_error:
                        errors.append(result.content[0].text[:200])
    except Exception as error:  # noqa: BLE001 - every failure counts
        errors.append(repr(error)[:300])


async def sessions(base, key, pid, count, calls):
    rng = random.Random(200)
    before = rss_kb(pid, "VmRSS")
    errors = []
    started = time.perf_counter()
    await asyncio.gather(*(session(base, key, calls, rng, errors) for _ in range(count)))
    elapsed = time.perf_counter() - started
    peak, after = rss_kb(pid, "VmHWM"), rss_kb(pid, "VmRSS")
    print(f"{count} concurrent sessions x (initialize, tools/list, {calls} natal_chart calls): {len(errors)} errors in "
          f"{elapsed:.1f} s; server RSS {before / 1024:.1f} MB before, peak {peak / 1024:.1f} MB, {after / 1024:.1f} MB after")
    for error in errors[:5]:
        print("  error:", error)
    return errors, peak


def main():
    args = sys.argv[1:]
    if len(args) < 3:
        sys.exit(__doc__)
    base, data_dir, pid = args[0].rstrip("/"), args[1], int(args[2])
    rounds = int(args[3]) if len(args) > 3 else 500
    count = int(args[4]) if len(args) > 4 else 200
    calls = int(args[5]) if len(args) > 5 else 3
    key = (Path(data_dir) / "bootstrap-api-key").read_text().strip()
    latency(base, key, rounds)
    errors, peak = asyncio.run(sessions(base, key, pid, count, calls))
    if errors or peak > 100 * 1024:
        sys.exit(f"mcp load: {len(errors)} errors, peak RSS {peak / 1024:.1f} MB (limit 100 MB)")


if __name__ == "__main__":
    main()
