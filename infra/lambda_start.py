#!/usr/bin/env python3
"""Measures a Lambda binary's start: process start to ready.

Plays the AWS Lambda Runtime API (the HTTP interface a custom runtime polls)
on a local port, starts the function binary with the environment Lambda
gives it, and records:
  ready   = first `GET /runtime/invocation/next` (the runtime finished init)
  first   = the response to one API Gateway v2 event posted back
Repeats N times and prints the median and all samples.

  python3 infra/lambda_start.py target/release/calc [runs]

Storage is the aws backend pointed at a closed port: clients are built at
start (as on Lambda) but the measured invocation (natal without a key, a 401)
does not touch the store.
"""
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from lambda_env import lambda_environment

EVENT = {
    "version": "2.0",
    "routeKey": "POST /api/calc/natal",
    "rawPath": "/api/calc/natal",
    "rawQueryString": "",
    "headers": {"content-type": "application/json", "host": "abc.execute-api.eu-west-1.amazonaws.com"},
    "requestContext": {
        "accountId": "123456789012", "apiId": "abc", "domainName": "abc.execute-api.eu-west-1.amazonaws.com",
        "domainPrefix": "abc", "requestId": "r1", "routeKey": "POST /api/calc/natal", "stage": "$default",
        "time": "22/Nov/2026:12:00:00 +0000", "timeEpoch": 1795000000000,
        "http": {"method": "POST", "path": "/api/calc/natal", "protocol": "HTTP/1.1", "sourceIp": "203.0.113.7", "userAgent": "t"},
    },
    "body": json.dumps({"dateTime": "1990-05-11T14:30", "location": {"latitude": 41.9, "longitude": 12.5, "timezone": "Europe/Rome"}}),
    "isBase64Encoded": False,
}


class Runtime:
    def __init__(self):
        self.ready = threading.Event()
        self.answered = threading.Event()
        self.ready_at = None
        self.answered_at = None
        self.response = None
        self.served = False


def handler_for(runtime):
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args):
            pass

        def do_GET(self):
            if self.path.endswith("/runtime/invocation/next"):
                if runtime.served:
                    time.sleep(30)  # no second event; the process is killed first
                    return
                runtime.ready_at = time.perf_counter()
                runtime.ready.set()
                runtime.served = True
                body = json.dumps(EVENT).encode()
                self.send_response(200)
                self.send_header("Lambda-Runtime-Aws-Request-Id", "req-1")
                self.send_header("Lambda-Runtime-Deadline-Ms", str(int(time.time() * 1000) + 30000))
                self.send_header("Lambda-Runtime-Invoked-Function-Arn", "arn:aws:lambda:eu-west-1:123456789012:function:calc")
                self.send_header("Lambda-Runtime-Trace-Id", "Root=1-00000000-000000000000000000000000")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
            else:
                self.send_response(404)
                self.end_headers()

        def do_POST(self):
            length = int(self.headers.get("Content-Length", 0))
            payload = self.rfile.read(length)
            runtime.answered_at = time.perf_counter()
            runtime.response = (self.path, payload)
            self.send_response(202)
            self.end_headers()
            runtime.answered.set()

    return Handler


def one_run(binary):
    runtime = Runtime()
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler_for(runtime))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    env = lambda_environment(
        server.server_address[1], "calc",
        STORAGE_BACKEND="aws", TABLE_NAME="astro", BUCKET_NAME="reports",
        URL_SIGNING_SECRET="start-measurement-secret", JWT_HS256_SECRET="start-measurement-jwt-secret-000",
        # A fresh, empty temporary directory per run, as on a new Lambda
        # container: whatever a start writes is written in every measured
        # start (the ephemeris files are read from memory since issue 37).
        TMPDIR=tempfile.mkdtemp(prefix="astro-start-"),
        RUST_LOG="warn", AWS_LAMBDA_LOG_FORMAT="JSON",
    )
    started = time.perf_counter()
    process = subprocess.Popen([binary], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        if not runtime.ready.wait(10):
            raise SystemExit("the function never polled for an invocation: " + process.stderr.read1(4000).decode(errors="replace"))
        if not runtime.answered.wait(10):
            raise SystemExit("no response to the invocation")
    finally:
        process.kill()
        process.wait()
        server.shutdown()
        shutil.rmtree(env["TMPDIR"], ignore_errors=True)
    path, payload = runtime.response
    if not path.endswith("/invocation/req-1/response"):
        raise SystemExit(f"the function reported an error: {path} {payload[:500]!r}")
    answer = json.loads(payload)
    return (runtime.ready_at - started) * 1000, (runtime.answered_at - started) * 1000, answer.get("statusCode")


def main():
    binary = sys.argv[1]
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 15
    samples = [one_run(binary) for _ in range(runs)]
    ready = [s[0] for s in samples]
    first = [s[1] for s in samples]
    statuses = sorted({s[2] for s in samples})
    print(f"{binary}: {runs} cold starts")
    print(f"  process start -> ready (first poll): median {statistics.median(ready):.1f} ms, min {min(ready):.1f}, max {max(ready):.1f}")
    print(f"  process start -> first response:     median {statistics.median(first):.1f} ms, min {min(first):.1f}, max {max(first):.1f}")
    print(f"  response status codes: {statuses}")
    # natal without a key: the function must answer through the runtime
    # with the API's 401, never crash or hang.
    if statuses != [401]:
        raise SystemExit(f"expected every invocation to answer 401, got {statuses}")


if __name__ == "__main__":
    main()
