#!/usr/bin/env python3
"""Calls the API that `sam local start-api` serves, as a new customer would.

  sam_local_check.py BASE_URL test        a route of every family with routes,
                                          statuses and bodies checked; exits 1
                                          on the first wrong answer
  sam_local_check.py BASE_URL bootstrap   only the first two steps; prints the
                                          organization id and the API key

The dashboard bearer token is read from $SAM_BEARER_TOKEN (minted by
`local-server dev-token` with the run's JWT secret and issuer). With that
token an organization is founded (orgs) and an API key made in it (keys);
the key then asks for a natal chart (calc), a life path number (numerology),
an interpretation text and the organization's own texts (content), a PDF
report (pdf: refused on the free plan), a Vedic chart (vedic: refused on the free plan too), a natal chart through the MCP
server's tool (mcp) and the modules of its plan (orgs again).
Timing lines (`timing: ...`) are for docs/benchmarks.md.
"""
import json
import os
import statistics
import sys
import time
import urllib.error
import urllib.request

# Each request goes through the SAM CLI's proxy and a container; the first
# one into a fresh container may wait for the function's start.
TIMEOUT_SECONDS = 120
VENUS_LIBRA = "urn:astro:natal:planet-in-sign:venus:libra:en"
ROME_1990 = {"dateTime": "1990-05-11T14:30", "location": {"latitude": 41.9028, "longitude": 12.4964, "timezone": "Europe/Rome"}}


class WrongAnswer(Exception):
    pass


def call(base, method, path, body=None, headers=None):
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, method=method)
    if data is not None:
        request.add_header("Content-Type", "application/json")
    for name, value in (headers or {}).items():
        request.add_header(name, value)
    started = time.perf_counter()
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT_SECONDS) as response:
            status, raw = response.status, response.read()
    except urllib.error.HTTPError as error:
        status, raw = error.code, error.read()
    elapsed = time.perf_counter() - started
    try:
        parsed = json.loads(raw) if raw else None
    except ValueError:
        parsed = None
    return status, parsed, raw, elapsed


def expect(what, answer, status):
    got, body, raw, elapsed = answer
    if got != status:
        raise WrongAnswer(f"{what}: expected {status}, got {got}: {raw[:600]!r}")
    print(f"ok   {what}: {got} ({elapsed * 1000:.0f} ms)")
    return body


def check(condition, what):
    if not condition:
        raise WrongAnswer(what)


def bootstrap(base, token):
    bearer = {"Authorization": f"Bearer {token}"}
    founded = expect(
        "orgs: POST /api/orgs founds an organization (bearer token)",
        call(base, "POST", "/api/orgs", {"data": {"type": "organizations", "attributes": {"name": "SAM local check"}}}, bearer),
        201,
    )
    organization = founded["data"]
    check(organization.get("type") == "organizations" and organization.get("id"), f"organization answer: {founded}")
    made = expect(
        "keys: POST /api/api-keys makes a key in it (bearer token)",
        call(base, "POST", "/api/api-keys", {"data": {"type": "api-keys", "attributes": {"name": "sam local", "organizationId": organization["id"]}}}, bearer),
        201,
    )
    key = made["data"].get("key")
    check(isinstance(key, str) and len(key) > 20, "the creation answer carries the key")
    return organization["id"], made["data"]["id"], key


def run_checks(base, token):
    bearer = {"Authorization": f"Bearer {token}"}
    organization_id, key_id, key = bootstrap(base, token)
    keyed = {"X-Api-Key": key}

    listed = expect("orgs: GET /api/orgs lists it", call(base, "GET", "/api/orgs", headers=bearer), 200)
    check(any(o.get("id") == organization_id for o in listed["data"]), f"GET /api/orgs: {listed}")
    keys = expect("keys: GET /api/api-keys lists the key", call(base, "GET", f"/api/api-keys?organizationId={organization_id}", headers=bearer), 200)
    check(any(k.get("id") == key_id and "key" not in k for k in keys["data"]), f"the key listed, without its secret: {keys}")

    # Chiron asked for by name: a 422 unless the package carries the asteroid
    # file in ephe/ beside bootstrap, found with no EPHEMERIS_EXTRA_DIR.
    with_chiron = dict(ROME_1990, points=["sun", "moon", "chiron"])
    natal = expect("calc: POST /api/calc/natal with X-Api-Key, Chiron included", call(base, "POST", "/api/calc/natal", with_chiron, keyed), 200)
    check(natal["data"]["points"]["sun"]["sign"] == "taurus", f"natal Sun sign: {natal['data']['points'].get('sun')}")
    check("chiron" in natal["data"]["points"], f"natal Chiron: {sorted(natal['data']['points'])}")
    refused = expect("calc: POST /api/calc/natal without a key", call(base, "POST", "/api/calc/natal", ROME_1990), 401)
    check(refused["errors"][0]["status"] == "401", f"the 401 body is an error document: {refused}")

    life_path = expect("numerology: POST /api/numerology/life-path", call(base, "POST", "/api/numerology/life-path", {"dateTime": "1990-05-11T14:30"}, keyed), 200)
    check(life_path["data"]["value"] == 8, f"life path of 1990-05-11: {life_path['data']}")

    # The Vedic family's own function: the free plan has no Vedic module, so
    # its guard answers (the route reaches the function that serves it).
    vedic = expect(
        "vedic: POST /api/vedic/chart on the free plan",
        call(base, "POST", "/api/vedic/chart", {"dateTime": "1990-05-11T14:30", "location": ROME_1990["location"]}, keyed),
        403,
    )
    check(vedic["errors"][0]["code"] == "module_not_in_plan", f"vedic refusal: {vedic}")

    # The base corpus is not loaded into the table (see infra/sam-local.sh):
    # the function answers with the text compiled into it.
    texts = expect(
        "content: GET /api/content/natal/planet-in-sign with the key",
        call(base, "GET", "/api/content/natal/planet-in-sign?filter%5Bsign%5D=libra&filter%5Bpoint%5D=venus", headers=keyed),
        200,
    )
    check([item.get("id") for item in texts["data"]] == [VENUS_LIBRA], f"Venus in Libra text: {[i.get('id') for i in texts['data']]}")
    own = expect("content: GET /api/org/content (bearer token)", call(base, "GET", f"/api/org/content?organizationId={organization_id}", headers=bearer), 200)
    check(own["data"] == [], f"a new organization has no content of its own: {own}")
    reference = expect("content: GET /api/openapi.json", call(base, "GET", "/api/openapi.json"), 200)
    check(str(reference.get("openapi", "")).startswith("3."), "the OpenAPI document")

    # A new organization is on the free plan, which has no PDF reports: the
    # pdf function answers, refusing with the module's own code.
    report = {"reportType": "natal", "subject": {"name": "SAM", "birthDate": {"year": 1990, "month": 5, "day": 11, "hour": 14, "minute": 30},
              "birthPlace": {"name": "Roma", "latitude": 41.9028, "longitude": 12.4964, "timezone": "Europe/Rome"}}}
    refused = expect("pdf: POST /api/pdf-reports/generate on the free plan", call(base, "POST", "/api/pdf-reports/generate", report, keyed), 403)
    check(refused["errors"][0]["code"] == "module_not_in_plan", f"pdf refusal: {refused}")

    # The MCP server's package: a tool call through API Gateway's event, the
    # key as an MCP client sends it.
    mcp_headers = {"Authorization": f"Bearer {key}", "Accept": "application/json, text/event-stream", "MCP-Protocol-Version": "2025-06-18"}
    tool_call = {"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "natal_chart", "arguments": ROME_1990}}
    answered = expect("mcp: POST /mcp tools/call natal_chart", call(base, "POST", "/mcp", tool_call, mcp_headers), 200)
    result = answered.get("result", {})
    check(result.get("isError") is False and result["structuredContent"]["data"]["points"]["sun"]["sign"] == "taurus", f"mcp natal_chart: {str(answered)[:300]}")
    expect("mcp: POST /mcp without a key", call(base, "POST", "/mcp", tool_call, {"Accept": "application/json, text/event-stream"}), 401)

    modules = expect("orgs: GET /api/modules with the key", call(base, "GET", "/api/modules", headers=keyed), 200)
    check(any(m.get("id") == "numerology" and m.get("available") for m in modules["data"]["attributes"]["modules"]), f"modules: {modules}")
    return key


def warm_timings(base, key, count=20):
    samples = []
    for _ in range(count):
        status, _, raw, elapsed = call(base, "POST", "/api/calc/natal", ROME_1990, {"X-Api-Key": key})
        if status != 200:
            raise WrongAnswer(f"warm natal: {status}: {raw[:300]!r}")
        samples.append(elapsed * 1000)
    print(f"timing: warm keyed natal through sam local, {count} sequential requests: median {statistics.median(samples):.1f} ms, "
          f"min {min(samples):.1f}, max {max(samples):.1f}")


def main(argv):
    if len(argv) != 3 or argv[2] not in ("test", "bootstrap"):
        sys.exit(__doc__)
    base, mode = argv[1].rstrip("/"), argv[2]
    token = os.environ.get("SAM_BEARER_TOKEN", "")
    if not token:
        sys.exit("sam_local_check.py: SAM_BEARER_TOKEN is not set")
    try:
        if mode == "bootstrap":
            organization_id, _, key = bootstrap(base, token)
            print(f"organization: {organization_id}")
            print(f"API key: {key}")
        else:
            key = run_checks(base, token)
            warm_timings(base, key)
            # The functions' logs (the SAM CLI prints them) never carry a key.
            log = os.environ.get("SAM_LOG")
            if log:
                with open(log, errors="replace") as stream:
                    check(key not in stream.read(), f"the API key appeared in {log}")
                print("ok   the API key is not in the functions' logs")
    except (WrongAnswer, KeyError, TypeError, IndexError) as error:
        print(f"FAIL {type(error).__name__}: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
