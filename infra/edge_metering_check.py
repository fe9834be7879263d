#!/usr/bin/env python3
"""The edge-metering package as Lambda runs it, on moto.

  .venv/bin/python infra/edge_metering_check.py BOOTSTRAP MOTO_URL

Makes a table and a bucket on the moto server at MOTO_URL, puts a gzipped
CloudFront log file there (the first requests of
shared/tests/fixtures/cloudfront-standard-log.txt, their tokens signed here
with Python's own HS256, not the service's code), plays the Lambda Runtime
API on a free local port and starts BOOTSTRAP (the packaged function) with
the environment Lambda gives it. It hands the function the S3 notification
of that file twice, as S3 may, and checks the answers and the table: the
three hits (two `Hit`s and a `RefreshHit`; the `Miss` and the error are the
origin's) charged once, the marker of the file written. Stops the function
by its pid whatever happens.
"""
import base64
import gzip
import hashlib
import hmac
import json
import subprocess
import sys
import threading
import time
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import boto3

from lambda_env import lambda_environment

ROOT = Path(__file__).resolve().parent.parent
FIXTURE = ROOT / "shared/tests/fixtures/cloudfront-standard-log.txt"
SIGNING_SECRET = "edge-metering-check-signing-secret-" + uuid.uuid4().hex


def b64(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def link_token(claims):
    """A link token as the service makes them: HS256, `kid` default."""
    head = b64(json.dumps({"alg": "HS256", "kid": "default"}, separators=(",", ":")).encode())
    body = b64(json.dumps(claims, separators=(",", ":")).encode())
    signature = b64(hmac.new(SIGNING_SECRET.encode(), f"{head}.{body}".encode(), hashlib.sha256).digest())
    return f"{head}.{body}.{signature}"


def main(bootstrap, moto_url):
    aws = dict(endpoint_url=moto_url, region_name="us-east-1", aws_access_key_id="test", aws_secret_access_key="test")
    dynamodb, s3 = boto3.client("dynamodb", **aws), boto3.client("s3", **aws)
    name = f"edge-check-{uuid.uuid4().hex[:12]}"
    dynamodb.create_table(
        TableName=name,
        BillingMode="PAY_PER_REQUEST",
        AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"}, {"AttributeName": "sk", "AttributeType": "S"}],
        KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "sk", "KeyType": "RANGE"}],
    )
    s3.create_bucket(Bucket=name)
    # Header, two hits and a refresh hit of link A (o1/k1, then o1/k2), a
    # miss, an error: the fixture's first seven lines.
    lines = FIXTURE.read_text().splitlines()[:7]
    text = "\n".join(lines).replace("{{A}}", link_token({"o": "org-check", "k": "key-1", "exp": 1893456000}))
    text = text.replace("{{S}}", link_token({"o": "org-check", "k": "key-2", "exp": 1893456000, "u": "s"})) + "\n"
    key = "cloudfront/E2EXAMPLE.2026-11-30-10.check.gz"
    s3.put_object(Bucket=name, Key=key, Body=gzip.compress(text.encode()))
    record = {
        "eventVersion": "2.1", "eventSource": "aws:s3", "awsRegion": "us-east-1", "eventTime": "2026-11-30T11:05:12.345Z",
        "eventName": "ObjectCreated:Put", "userIdentity": {"principalId": "AWS:AROAEXAMPLE"},
        "requestParameters": {"sourceIPAddress": "192.0.2.1"}, "responseElements": {},
        "s3": {"s3SchemaVersion": "1.0", "configurationId": "edge-metering", "bucket": {"name": name, "arn": f"arn:aws:s3:::{name}"},
               "object": {"key": key, "size": 1}},
    }
    events = [json.dumps({"Records": [record]}).encode()] * 2
    answers = []
    lock = threading.Lock()

    class RuntimeApi(BaseHTTPRequestHandler):
        def log_message(self, *args):
            pass

        def do_GET(self):
            with lock:
                event = events.pop(0) if events else None
                number = len(answers) + len(events)
            if event is None:
                time.sleep(5)  # nothing more to hand out: the function waits, as on Lambda
                self.send_response(500)
                self.end_headers()
                return
            self.send_response(200)
            self.send_header("Lambda-Runtime-Aws-Request-Id", f"check-{number}")
            self.send_header("Lambda-Runtime-Deadline-Ms", str(int(time.time() * 1000) + 60_000))
            self.send_header("Lambda-Runtime-Invoked-Function-Arn", "arn:aws:lambda:us-east-1:123456789012:function:edge-metering")
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(event)))
            self.end_headers()
            self.wfile.write(event)

        def do_POST(self):
            body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
            with lock:
                answers.append((self.path.rsplit("/", 1)[-1], json.loads(body or b"null")))
            self.send_response(202)
            self.send_header("Content-Length", "0")
            self.end_headers()

    server = ThreadingHTTPServer(("127.0.0.1", 0), RuntimeApi)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    env = lambda_environment(
        server.server_address[1], "edge-metering", region="us-east-1",
        AWS_ENDPOINT_URL=moto_url, STORAGE_BACKEND="aws", TABLE_NAME=name, BUCKET_NAME=name,
        URL_SIGNING_SECRET=SIGNING_SECRET, JWT_HS256_SECRET=uuid.uuid4().hex, RUST_LOG="warn",
    )
    process = subprocess.Popen([bootstrap], env=env)
    try:
        deadline = time.time() + 60
        while len(answers) < 2 and time.time() < deadline and process.poll() is None:
            time.sleep(0.05)
    finally:
        process.terminate()
        process.wait()
        server.shutdown()
    if len(answers) < 2:
        sys.exit(f"edge_metering_check: {len(answers)} of 2 invocations answered (exit status {process.returncode})")
    expected = [
        {"files": 1, "charged": 3, "alreadyCharged": 0, "unreadable": 0},
        {"files": 1, "charged": 0, "alreadyCharged": 3, "unreadable": 0},
    ]
    got = [answer for _, answer in answers]
    if got != expected:
        sys.exit(f"edge_metering_check: answers {got}, expected {expected}")
    counters = {
        (item["pk"]["S"], item["sk"]["S"]): int(item["count"]["N"])
        for item in dynamodb.scan(TableName=name)["Items"]
        if "count" in item
    }
    want = {
        ("USAGE#org-check#2026-11", "TOTAL"): 3,
        ("USAGE#org-check#2026-11", "KEY#key-1"): 2,
        ("USAGE#org-check#2026-11", "KEY#key-2"): 1,
        (f"EDGELOG#{name}/{key}", "org-check#2026-11#0"): 1,
    }
    if counters != want:
        sys.exit(f"edge_metering_check: counters {counters}, expected {want}")
    dynamodb.delete_table(TableName=name)
    print(f"edge_metering_check: the package charged the log's 3 edge hits once over 2 deliveries ({bootstrap})")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2])
