"""The MCP server as an agent meets it, through the official Python SDK
(`mcp`, infra/mcp-requirements.txt): the tool list, one call of every tool,
each answer compared with its REST twin's for the same input, a bad
argument as a tool error naming the field, and no key as a 401.

    python infra/mcp_client_check.py URL DATA_DIR [--transcript docs/mcp-session.md]

URL is a running local server (make run, or the smoke server of make test);
its key is DATA_DIR/bootstrap-api-key. Exits non-zero on the first failure.
"""

import asyncio
import json
import sys
from pathlib import Path

import httpx2
from mcp import Client
from mcp.client.streamable_http import streamable_http_client

ROME = {"latitude": 41.9028, "longitude": 12.4964, "timezone": "Europe/Rome"}
SYDNEY = {"place": "Sydney, AU"}
BIRTH = {"dateTime": "1990-05-11T14:30", "location": ROME}

# Every tool, its arguments, and its REST twin: (method, path, body or None).
CALLS = {
    "natal_chart": (BIRTH, ("POST", "/api/calc/natal", BIRTH)),
    "transits": (
        t := {"birthDateTime": "1990-05-11T14:30", "birthLocation": ROME, "startDate": "2026-01-01", "endDate": "2026-01-31"},
        ("POST", "/api/calc/transit", t),
    ),
    "synastry": (
        s := {"dateTime1": "1990-05-11T14:30", "location1": ROME, "dateTime2": "1988-02-03T08:15", "location2": SYDNEY},
        ("POST", "/api/calc/synastry", s),
    ),
    "composite_chart": (s, ("POST", "/api/calc/composite", s)),
    "progressions": (
        p := {"birthDateTime": "1990-05-11T14:30", "birthLocation": ROME, "targetDate": "2026-11-27"},
        ("POST", "/api/calc/progressions", p),
    ),
    "solar_arc": (
        sa := {"birthDateTime": "1990-05-11T14:30", "birthLocation": ROME, "targetDate": "2026-11-27"},
        ("POST", "/api/calc/solar-arc", sa),
    ),
    "profections": (
        pr := {"birthDateTime": "1990-05-11T14:30", "birthLocation": ROME, "date": "2026-11-27"},
        ("POST", "/api/calc/profections", pr),
    ),
    "firdaria": (pr, ("POST", "/api/calc/firdaria", pr)),
    "harmonic_chart": (
        h := {"birthDateTime": "1990-05-11T14:30", "birthLocation": ROME, "harmonic": 5},
        ("POST", "/api/calc/harmonic", h),
    ),
    "primary_directions": (
        pd := {"birthDateTime": "1990-05-11T14:30", "birthLocation": ROME, "fromAge": 30, "toAge": 40},
        ("POST", "/api/calc/primary-directions", pd),
    ),
    "solar_return": (
        r := {"birthDateTime": "1990-05-11T14:30", "birthLocation": ROME, "returnYear": 2026},
        ("POST", "/api/calc/solar-return", r),
    ),
    "lunar_return": (
        lr := {"birthDateTime": "1990-05-11T14:30", "birthLocation": ROME, "returnDate": "2026-11-27"},
        ("POST", "/api/calc/lunar-return", lr),
    ),
    "sky_events": (
        e := {"startDate": "2026-03-01", "endDate": "2026-03-31", "timezone": "Europe/Rome",
              "types": ["ingress", "station", "lunar_phase", "eclipse", "void_of_course", "aspect"]},
        ("POST", "/api/calc/events", e),
    ),
    "moon_and_sun": (BIRTH, ("POST", "/api/calc/moon-sun", BIRTH)),
    "chinese_forecast": (
        c := {"birthDate": "1990-05-11", "forecastYear": 2026},
        ("POST", "/api/calc/chinese-forecast", c),
    ),
    "astrocartography": (
        a := {"dateTime": "1990-05-11T14:30", "location": ROME, "points": ["sun", "moon", "venus"]},
        ("POST", "/api/calc/astrocartography", a),
    ),
    "relocation": (
        r := {"birthDateTime": "1990-05-11T14:30", "birthLocation": ROME, "relocatedTo": {"place": "New York, US"}},
        ("POST", "/api/calc/relocation", r),
    ),
    "vedic_chart": (
        v := {"dateTime": "1990-05-11T14:30", "location": {"latitude": 28.6139, "longitude": 77.209, "timezone": "Asia/Kolkata"},
              "vargas": ["D1", "D9", "D60"]},
        ("POST", "/api/vedic/chart", v),
    ),
    "vimshottari_dasha": (
        vd := {"dateTime": "1990-05-11T14:30", "location": {"latitude": 28.6139, "longitude": 77.209, "timezone": "Asia/Kolkata"},
               "date": "2026-11-27"},
        ("POST", "/api/vedic/dasha", vd),
    ),
    "panchang": (
        p := {"date": "2024-01-15", "location": {"latitude": 28.6139, "longitude": 77.209, "timezone": "Asia/Kolkata"}},
        ("POST", "/api/vedic/panchang", p),
    ),
    "kundli_match": (
        km := {"person1": {"dateTime": vd["dateTime"], "location": vd["location"]}, "person2": {"dateTime": "1992-08-03T06:10", "location": {"place": "Mumbai, IN"}}},
        ("POST", "/api/vedic/match", km),
    ),
    "life_path_number": (n := {"dateTime": "1990-05-11T14:30"}, ("POST", "/api/numerology/life-path", n)),
    "birthday_number": (n, ("POST", "/api/numerology/birthday", n)),
    "find_places": ({"query": "Rome", "limit": 3}, ("GET", "/api/places?query=Rome&limit=3", None)),
    "interpretation_texts": (
        {"horoscopeType": "natal", "contentType": "planet-in-sign", "point": "sun", "pageSize": 3},
        ("GET", "/api/content/natal/planet-in-sign?filter%5Bpoint%5D=sun&page%5Bsize%5D=3", None),
    ),
    "chart_image_link": (BIRTH, ("POST", "/api/calc/natal", BIRTH)),
}


def fail(message):
    print(f"mcp client check: {message}", file=sys.stderr)
    sys.exit(1)


def twin_view(tool, rest):
    """The part of the REST answer the tool gives."""
    if tool == "chart_image_link":
        chart = rest["data"]["chart"]
        return {"svg": chart["url"], "png": chart["pngUrl"], "meta": rest["meta"]}
    return rest


async def main(url, key, transcript):
    base = url.rstrip("/")
    lines = []
    # Each refusal on a connection of its own: a server may close a
    # connection after answering before it read the request's body, and a
    # pooled client would then send the next request into the closed socket
    # (an HTTP race, not the check's subject: what the door answers).
    async with httpx2.AsyncClient(timeout=60) as bare:
        # No key: the door answers 401 before the protocol is spoken.
        refused = await bare.post(f"{base}/mcp", json={"jsonrpc": "2.0", "id": 1, "method": "tools/list"},
                                  headers={"Accept": "application/json, text/event-stream"})
        if refused.status_code != 401 or refused.json()["errors"][0]["code"] != "missing_api_key":
            fail(f"no key: expected 401 missing_api_key, got {refused.status_code} {refused.text[:200]}")
    async with httpx2.AsyncClient(timeout=60) as bare:
        wrong = await bare.post(f"{base}/mcp", json={"jsonrpc": "2.0", "id": 1, "method": "tools/list"},
                                headers={"Authorization": "Bearer ak_wrong", "Accept": "application/json, text/event-stream"})
        if wrong.status_code != 401:
            fail(f"a wrong key: expected 401, got {wrong.status_code}")

    # As MCP clients send a key: Authorization: Bearer.
    async with httpx2.AsyncClient(headers={"Authorization": f"Bearer {key}"}, timeout=60) as http, \
            httpx2.AsyncClient(headers={"X-Api-Key": key}, timeout=60) as rest:
        async with Client(streamable_http_client(f"{base}/mcp", http_client=http)) as client:
            listed = (await client.list_tools()).tools
            names = sorted(tool.name for tool in listed)
            if names != sorted(CALLS):
                fail(f"tools listed {names}, expected {sorted(CALLS)}")
            for tool in listed:
                schema = tool.input_schema
                if schema.get("type") != "object" or not schema.get("properties"):
                    fail(f"{tool.name}: its input schema is not an object with properties")
            documented = (Path(__file__).resolve().parent.parent / "docs" / "mcp.md").read_text()
            undocumented = [name for name in names if f"| `{name}` |" not in documented]
            if undocumented:
                fail(f"docs/mcp.md's tool table lacks {undocumented}")
            lines += [f"## tools/list: {len(listed)} tools", ""]
            lines += [f"- `{t.name}`: {t.title}. {t.description}" for t in sorted(listed, key=lambda t: t.name)]
            lines.append("")
            print(f"mcp client check: {len(listed)} tools listed")

            for name, (arguments, (method, path, body)) in CALLS.items():
                result = await client.call_tool(name, arguments)
                if result.is_error:
                    fail(f"{name}: error {result.content[0].text}")
                structured = result.structured_content
                text = result.content[0].text if result.content else ""
                if not isinstance(structured, dict) or not text.strip():
                    fail(f"{name}: no structured content or no text")
                answer = await rest.request(method, f"{base}{path}", json=body)
                if answer.status_code != 200:
                    fail(f"{name}: the REST twin answered {answer.status_code}: {answer.text[:300]}")
                expected = twin_view(name, answer.json())
                if structured != expected:
                    fail(f"{name}: the tool's answer differs from {method} {path}'s")
                print(f"mcp client check: {name} equals {method} {path.split('?')[0]}: {text.splitlines()[0][:100]}")
                shown = json.dumps(structured, ensure_ascii=False)
                lines += [
                    f"## tools/call `{name}`", "",
                    "```json", json.dumps(arguments, ensure_ascii=False), "```", "",
                    "Text content:", "", "```", text, "```", "",
                    f"Structured content ({len(shown):,} characters, equal to `{method} {path.split('?')[0]}`'s answer): "
                    f"`{shown[:160]}…`", "",
                ]

            # A bad argument: a tool error naming the field, never a protocol error.
            bad = await client.call_tool("natal_chart", {"dateTime": "1990-05-11T14:30", "location": {"latitude": 141.9, "longitude": 12.5}})
            pointers = [e.get("source", {}).get("pointer") for e in (bad.structured_content or {}).get("errors", [])]
            if not bad.is_error or "/location/latitude" not in pointers:
                fail(f"a bad latitude: expected a tool error at /location/latitude, got {bad}")
            unknown = await client.call_tool("find_places", {"query": "Rome", "country": "IT"})
            if not unknown.is_error or "/country" not in json.dumps(unknown.structured_content):
                fail(f"an unknown argument: expected a tool error naming /country, got {unknown}")
            lines += ["## A bad argument", "", "```json", '{"dateTime": "1990-05-11T14:30", "location": {"latitude": 141.9, "longitude": 12.5}}',
                      "```", "", "```", bad.content[0].text, "```", ""]
            print("mcp client check: bad arguments are tool errors naming the field")

    if transcript:
        header = [
            "# An MCP client session",
            "",
            "The official Python SDK (`mcp` 2.3.0) against `make run`'s server, as `infra/mcp_client_check.py"
            " --transcript` records it: the tool list, one call of every tool (each answer equal to its REST"
            " twin's), and a bad argument. Regenerate with",
            "`.test-run/mcp-venv/bin/python infra/mcp_client_check.py http://127.0.0.1:3000 .data --transcript docs/mcp-session.md`.",
            "",
        ]
        Path(transcript).write_text("\n".join(header + lines))
        print(f"mcp client check: transcript written to {transcript}")


if __name__ == "__main__":
    args = sys.argv[1:]
    transcript = None
    if "--transcript" in args:
        i = args.index("--transcript")
        transcript = args[i + 1]
        del args[i : i + 2]
    if len(args) != 2:
        sys.exit(__doc__)
    url, data_dir = args
    key = (Path(data_dir) / "bootstrap-api-key").read_text().strip()
    asyncio.run(main(url, key, transcript))
