#!/usr/bin/env python3
"""The chat family's Lambda binary streams its answer through the Lambda
Runtime API (response streaming), as ChatStreamFunction runs it.

  python3 infra/chat_lambda_check.py BOOTSTRAP LOCAL_SERVER

BOOTSTRAP is the chat binary (target/debug/chat, or the bootstrap of the
unzipped release package); LOCAL_SERVER is target/debug/local-server.

1. The local server, on the embedded store of a fresh DATA_DIR, bootstraps
   an organization (a plan with the chat module) and makes a chatbot for
   shop.example.com with the owner's dev token; then it is stopped (the
   embedded store is one process's at a time).
2. A stand-in language model (OpenAI-compatible, `stream: true`, the real
   wire format) writes its first piece, then holds the rest back until this
   script has seen the function's first `delta` event come through the
   Runtime API: an answer that is buffered anywhere on the way cannot pass.
3. This script plays the Lambda Runtime API and starts BOOTSTRAP with
   Lambda's environment and LAMBDA_INVOKE_MODE=RESPONSE_STREAM, hands it one
   API Gateway REST API (payload v1) event for the chat, and reads the
   streamed response (`Transfer-Encoding: chunked`: the JSON prelude, eight
   NUL bytes, the body) chunk by chunk as it arrives.
4. Checks the prelude (200, text/event-stream, CORS for the chatbot's
   site), the events (`conversation`, `delta`s, `done` by `llm:stand-in`,
   the deltas joined being what the model wrote), that the body came in
   several chunks with the first delta before the model's last pieces, and
   that no error was reported. Every process is stopped by its pid
   whatever happens.

What lambda_runtime 1.5 sends for a streamed answer (requests.rs): a POST to
/runtime/invocation/{id}/response with `Lambda-Runtime-Function-Response-Mode:
streaming`, `Transfer-Encoding: chunked`, `Content-Type:
application/vnd.awslambda.http-integration-response` and `Trailer:
Lambda-Runtime-Function-Error-Type, Lambda-Runtime-Function-Error-Body`. A
mid-stream error is announced as trailers but written as body bytes
(`Lambda-Runtime-Function-Error-Type: Runtime.StreamError\\r\\n...`, sent with
send_data, not send_trailers), so both places are checked here.
"""
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from lambda_env import lambda_environment

QUESTION = "What is my moon sign?"
SITE = "https://shop.example.com"
# What the stand-in writes: the first piece before it waits, the rest after.
FIRST_PIECE = "Your Moon is "
LATER_PIECES = ["in Virgo", " today."]
# How long the stand-in holds its later pieces back for the function's
# first delta: past it, it writes them anyway and the check fails, clearly,
# rather than hang.
RELEASE_WAIT = 10
ERROR_TRAILERS = ("lambda-runtime-function-error-type", "lambda-runtime-function-error-body")
# urllib to the local server only, never through a proxy of the environment.
LOCAL = urllib.request.build_opener(urllib.request.ProxyHandler({}))


def fail(message):
    sys.exit(f"chat_lambda_check: {message}")


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def stop(process):
    """Stops a process this script started, by its pid: SIGTERM first (the
    local server then flushes its usage counters and releases the store),
    SIGKILL if it lingers."""
    if process is None or process.poll() is not None:
        return
    process.terminate()
    try:
        process.wait(10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def tail(path, size=3000):
    try:
        with open(path, "rb") as file:
            file.seek(0, os.SEEK_END)
            file.seek(max(0, file.tell() - size))
            return file.read().decode(errors="replace")
    except OSError:
        return ""


# ---------------------------------------------------------------- 1. setup


def make_chatbot(local_server, data_dir, logs, started):
    """A chatbot of the local organization, made through the local server as
    infra/browser-test.sh makes its widgets; returns its id. The server is
    stopped here, and put in `started` first so that the caller's `finally`
    stops it should anything here fail."""
    port = free_port()
    env = dict(os.environ, DATA_DIR=data_dir, PORT=str(port), STORAGE_BACKEND="embedded", RUST_LOG="warn")
    out, err = open(os.path.join(logs, "local-server.out"), "wb"), open(os.path.join(logs, "local-server.err"), "wb")
    server = subprocess.Popen([local_server, "serve"], env=env, stdout=out, stderr=err)
    started.append(server)
    out.close()
    err.close()
    base = f"http://127.0.0.1:{port}"
    # Up to 90 s: the first start bootstraps the organization and loads the
    # text corpus into the store before it listens. Any HTTP answer will do.
    deadline = time.time() + 90
    while True:
        if server.poll() is not None:
            fail(f"the local server exited ({server.returncode}): {tail(os.path.join(logs, 'local-server.err'))}")
        try:
            LOCAL.open(base + "/", timeout=2).close()
            break
        except urllib.error.HTTPError:
            break
        except OSError:
            if time.time() > deadline:
                fail("the local server did not answer within 90 s")
            time.sleep(0.2)
    # The owner's token, signed with the JWT secret the server keeps in
    # DATA_DIR (the same command infra/browser-test.sh runs).
    token = subprocess.run(
        [local_server, "dev-token"], env=dict(os.environ, DATA_DIR=data_dir, STORAGE_BACKEND="embedded", RUST_LOG="warn"),
        check=True, capture_output=True, text=True,
    ).stdout.strip()
    body = {"data": {"type": "chatbots", "attributes": {"name": "Lambda check", "allowedDomains": ["shop.example.com"], "requireUserHash": False}}}
    request = urllib.request.Request(
        base + "/api/chatbots", data=json.dumps(body).encode(), method="POST",
        headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"},
    )
    try:
        with LOCAL.open(request, timeout=30) as response:
            status, answer = response.status, json.load(response)
    except urllib.error.HTTPError as error:
        fail(f"POST /api/chatbots answered {error.code}: {error.read()[:500]!r}")
    if status != 201:
        fail(f"POST /api/chatbots answered {status}, expected 201")
    # The function opens the same store next: one process at a time.
    stop(server)
    return answer["data"]["id"]


# ------------------------------------------------------- 2. the stand-in model


class StandIn:
    """What the stand-in model saw and did."""

    def __init__(self):
        self.release = threading.Event()  # set by the Runtime API on the first delta
        self.request = None
        self.released_at = None
        self.released_by_timeout = False
        self.written = ""  # the text of every piece it wrote


def stand_in_handler(model):
    class Handler(BaseHTTPRequestHandler):
        # HTTP/1.1 and a chunked body, as OpenAI answers a streamed request.
        protocol_version = "HTTP/1.1"

        def log_message(self, *args):
            pass

        def chunk(self, data):
            self.wfile.write(b"%x\r\n%s\r\n" % (len(data), data))

        def piece(self, delta, finish=None):
            chunk = {
                "id": "chatcmpl-1", "object": "chat.completion.chunk", "created": int(time.time()), "model": "stand-in",
                "choices": [{"index": 0, "delta": delta, "finish_reason": finish}],
            }
            self.chunk(b"data: " + json.dumps(chunk).encode() + b"\n\n")
            model.written += delta.get("content", "")

        def do_POST(self):
            body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
            model.request = json.loads(body or b"null")
            if self.path != "/v1/chat/completions" or not (model.request or {}).get("stream"):
                # Anything else is not what the chat asks: answered as an
                # error the function falls back from, which the checks catch.
                self.send_response(400)
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream")
            self.send_header("Transfer-Encoding", "chunked")
            self.send_header("Connection", "close")
            self.end_headers()
            try:
                self.piece({"role": "assistant", "content": ""})
                self.piece({"content": FIRST_PIECE})
                # The rest only once the function's first delta came out of
                # the Runtime API: proof that it was not waiting for these.
                model.released_by_timeout = not model.release.wait(RELEASE_WAIT)
                model.released_at = time.perf_counter()
                for text in LATER_PIECES:
                    self.piece({"content": text})
                self.piece({}, finish="stop")
                self.chunk(b"data: [DONE]\n\n")
                self.wfile.write(b"0\r\n\r\n")
            except (BrokenPipeError, ConnectionResetError):
                pass  # the function went away; the checks say why

    return Handler


# --------------------------------------------------- 3. the Lambda Runtime API


def rest_event(chatbot_id):
    """An API Gateway REST API proxy event (payload v1) for the chat, in
    stage `live`, as ChatStreamApi invokes ChatStreamFunction: `path`
    without the stage (AWS_LAMBDA_HTTP_IGNORE_STAGE_IN_PATH keeps lambda_http
    from adding it back), requestContext.path with it."""
    path = f"/widget/chat/{chatbot_id}/user/u1"
    resource = "/widget/chat/{chatbotId}/user/{externalUserId}"
    headers = {
        "Content-Type": "application/json", "Origin": SITE, "X-Forwarded-For": "203.0.113.7",
        "Host": "abc123.execute-api.eu-west-1.amazonaws.com", "Accept": "text/event-stream",
    }
    body = {
        "message": QUESTION,
        "birthData": {"date": "1990-05-11", "time": "14:30", "latitude": 41.9028, "longitude": 12.4964,
                      "timezone": "Europe/Rome", "placeName": "Roma"},
    }
    return {
        "resource": resource,
        "path": path,
        "httpMethod": "POST",
        "headers": headers,
        "multiValueHeaders": {name: [value] for name, value in headers.items()},
        "queryStringParameters": None,
        "multiValueQueryStringParameters": None,
        "pathParameters": {"chatbotId": chatbot_id, "externalUserId": "u1"},
        "stageVariables": None,
        "requestContext": {
            "resourceId": "abc1", "resourcePath": resource, "httpMethod": "POST", "extendedRequestId": "e1",
            "requestTime": "22/Nov/2026:12:00:00 +0000", "path": f"/live{path}", "accountId": "123456789012",
            "protocol": "HTTP/1.1", "stage": "live", "domainPrefix": "abc123", "requestTimeEpoch": 1795000000000,
            "requestId": "r1", "domainName": "abc123.execute-api.eu-west-1.amazonaws.com", "apiId": "abc123",
            "identity": {"sourceIp": "203.0.113.7", "userAgent": "chat-lambda-check"},
        },
        "body": json.dumps(body),
        "isBase64Encoded": False,
    }


class Invocation:
    """What came back through the Runtime API, each part timestamped."""

    def __init__(self, event, model):
        self.event = event
        self.model = model
        self.handed_out = False
        self.handed_at = None
        self.finished = threading.Event()  # the response read to its end (or an error posted)
        self.stopping = threading.Event()  # the check is over: let a blocked poll go
        self.error = None  # (path, body) of an /error post
        self.headers = None
        self.chunks = []  # (time, size, body bytes in it) of every HTTP chunk
        self.prelude = None
        self.prelude_at = None
        self.events = []  # (time, name, data) of every SSE event of the body
        self.first_delta_at = None
        self.body = b""
        self.trailers = {}


class SseReader:
    """The body's server-sent events, parsed as they arrive: a block ends
    at a blank line; `event:` names it, `data:` lines hold its data, lines
    starting with `:` are comments (the keep-alive)."""

    def __init__(self, on_event):
        self.buffer = ""
        self.on_event = on_event

    def feed(self, text):
        self.buffer += text.replace("\r\n", "\n")
        while "\n\n" in self.buffer:
            block, self.buffer = self.buffer.split("\n\n", 1)
            name, data = "message", []
            for line in block.split("\n"):
                if not line or line.startswith(":"):
                    continue
                field, _, value = line.partition(":")
                value = value[1:] if value.startswith(" ") else value
                if field == "event":
                    name = value
                elif field == "data":
                    data.append(value)
            if data:
                self.on_event(name, "\n".join(data))


def runtime_handler(invocation):
    class RuntimeApi(BaseHTTPRequestHandler):
        def log_message(self, *args):
            pass

        def do_GET(self):
            if not self.path.endswith("/runtime/invocation/next"):
                self.send_response(404)
                self.end_headers()
                return
            if invocation.handed_out:
                # One event only: the next poll waits, as on Lambda, until
                # the check is over and the process is stopped.
                invocation.stopping.wait(120)
                return
            invocation.handed_out = True
            body = json.dumps(invocation.event).encode()
            self.send_response(200)
            self.send_header("Lambda-Runtime-Aws-Request-Id", "req-1")
            self.send_header("Lambda-Runtime-Deadline-Ms", str(int(time.time() * 1000) + 60_000))
            self.send_header("Lambda-Runtime-Invoked-Function-Arn", "arn:aws:lambda:eu-west-1:123456789012:function:chat-stream")
            self.send_header("Lambda-Runtime-Trace-Id", "Root=1-00000000-000000000000000000000000;Sampled=0")
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            invocation.handed_at = time.perf_counter()

        def do_POST(self):
            if not self.path.endswith("/runtime/invocation/req-1/response"):
                # /invocation/req-1/error or /init/error: the function failed
                # before it could stream anything.
                length = int(self.headers.get("Content-Length", 0))
                invocation.error = (self.path, self.rfile.read(length)[:2000])
                self.answer(202)
                invocation.finished.set()
                return
            # Repeated headers joined (the runtime sends `Trailer` twice).
            invocation.headers = {name.lower(): ", ".join(self.headers.get_all(name)) for name in self.headers.keys()}
            if "chunked" not in self.headers.get("Transfer-Encoding", "").lower():
                # A buffered answer (Content-Length): read whole, and the
                # checks below report it.
                invocation.body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                invocation.chunks.append((time.perf_counter(), len(invocation.body), len(invocation.body)))
            else:
                self.read_chunked()
            self.answer(202)
            invocation.finished.set()

        def read_chunked(self):
            """The chunked body, one chunk at a time as it arrives (the
            handler's rfile is the raw connection: nothing de-chunks it)."""
            separator = b"\0" * 8
            head = b""  # the prelude, until the separator is seen
            sse = SseReader(self.on_event)
            while True:
                size_line = self.rfile.readline(1024)
                if not size_line:
                    raise ConnectionError("the function closed the connection mid-body")
                size = int(size_line.split(b";", 1)[0].strip(), 16)
                if size == 0:
                    break
                data = self.rfile.read(size)
                if self.rfile.read(2) != b"\r\n":
                    raise ValueError("a chunk not followed by CRLF")
                now = time.perf_counter()
                in_body = 0
                if invocation.prelude_at is None:
                    head += data
                    if separator in head:
                        prelude, rest = head.split(separator, 1)
                        invocation.prelude, invocation.prelude_at = prelude, now
                        data, in_body = rest, len(rest)
                    else:
                        data = b""
                else:
                    in_body = len(data)
                invocation.chunks.append((now, size, in_body))
                if data:
                    invocation.body += data
                    sse.feed(data.decode("utf-8", errors="replace"))
            # The trailer section: header lines up to a blank one.
            while True:
                line = self.rfile.readline(8192)
                if line in (b"\r\n", b"\n", b""):
                    break
                name, _, value = line.decode(errors="replace").partition(":")
                invocation.trailers[name.strip().lower()] = value.strip()

        def on_event(self, name, data):
            now = time.perf_counter()
            invocation.events.append((now, name, data))
            if name == "delta" and invocation.first_delta_at is None:
                invocation.first_delta_at = now
                invocation.model.release.set()

        def answer(self, status):
            self.send_response(status)
            self.send_header("Content-Length", "0")
            self.end_headers()

    return RuntimeApi


def lambda_env(runtime_port, model_port, data_dir, tmp_dir):
    """Lambda's environment, with the settings ChatStreamFunction gets in
    template.yaml and the embedded store (nothing of AWS is used)."""
    return lambda_environment(
        runtime_port, "chat-stream",
        STORAGE_BACKEND="embedded", DATA_DIR=data_dir,
        LAMBDA_INVOKE_MODE="RESPONSE_STREAM", AWS_LAMBDA_HTTP_IGNORE_STAGE_IN_PATH="true",
        LLM_BASE_URL=f"http://127.0.0.1:{model_port}/v1", LLM_MODEL="stand-in",
        # Longer than the stand-in's RELEASE_WAIT: a function that buffers
        # then still gets the whole answer, and fails on its timing, not
        # on the model's time limit.
        LLM_TIMEOUT_MS="20000",
        URL_SIGNING_SECRET="chat-lambda-check-signing-secret", JWT_HS256_SECRET="chat-lambda-check-jwt-secret-0000",
        TMPDIR=tmp_dir,
        RUST_LOG="warn", AWS_LAMBDA_LOG_FORMAT="JSON",
    )


# ---------------------------------------------------------------- 4. checks


def check(invocation, model, bootstrap):
    if invocation.error:
        fail(f"the function reported an error instead of answering: {invocation.error[0]} {invocation.error[1]!r}")
    headers = invocation.headers
    if headers.get("lambda-runtime-function-response-mode") != "streaming":
        fail(f"the response was not posted in streaming mode (headers {headers})")
    if "chunked" not in headers.get("transfer-encoding", "").lower():
        fail(f"the response was not chunked (headers {headers})")
    if headers.get("content-type") != "application/vnd.awslambda.http-integration-response":
        fail(f"the response's content type is {headers.get('content-type')!r}, not the HTTP integration response")
    if invocation.prelude is None:
        fail(f"no prelude: the body never held the eight NUL bytes ({invocation.body[:300]!r})")
    try:
        prelude = json.loads(invocation.prelude)
    except ValueError:
        fail(f"the prelude is not JSON: {invocation.prelude[:300]!r}")
    prelude_headers = {name.lower(): value for name, value in prelude.get("headers", {}).items()}

    def header(name):
        value = prelude_headers.get(name)
        return value[0] if isinstance(value, list) else value

    if prelude.get("statusCode") != 200:
        fail(f"the prelude's status is {prelude.get('statusCode')}, not 200 (body {invocation.body[:500]!r})")
    if not (header("content-type") or "").startswith("text/event-stream"):
        fail(f"the prelude's content type is {header('content-type')!r}, not text/event-stream")
    if header("access-control-allow-origin") != SITE:
        fail(f"the prelude allows origin {header('access-control-allow-origin')!r}, not {SITE}")

    # Errors: as trailers (what the request announces) and inline in the
    # body (what lambda_runtime actually writes), and as an `error` event.
    reported = {name: value for name, value in invocation.trailers.items() if name in ERROR_TRAILERS}
    if reported:
        fail(f"the stream ended with error trailers {reported}")
    if b"Lambda-Runtime-Function-Error-Type" in invocation.body:
        fail(f"the body carries a stream error: {invocation.body[-500:]!r}")
    names = [name for _, name, _ in invocation.events]
    if "error" in names:
        fail(f"the stream has an error event: {[data for _, name, data in invocation.events if name == 'error']}")
    if not names or names[0] != "conversation" or names[-1] != "done" or set(names[1:-1]) != {"delta"}:
        fail(f"events {names}, expected conversation, delta..., done")
    done = json.loads(invocation.events[-1][2])
    if done.get("model") != "llm:stand-in":
        fail(f"done says the answer is by {done.get('model')!r}, not llm:stand-in (the model was not used)")
    answer = "".join(json.loads(data)["text"] for _, name, data in invocation.events if name == "delta")
    if answer != model.written or answer != FIRST_PIECE + "".join(LATER_PIECES):
        fail(f"the deltas joined are {answer!r}; the stand-in wrote {model.written!r}")

    # The model was asked as the chat asks: streamed, the facts in the
    # system message, the user's question last.
    request = model.request or {}
    messages = request.get("messages") or [{}]
    if request.get("stream") is not True or request.get("model") != "stand-in":
        fail(f"the model was asked without stream: true or under another name: {json.dumps(request)[:300]}")
    if messages[0].get("role") != "system" or "Facts:" not in messages[0].get("content", ""):
        fail(f"the model's first message is not the system prompt with its facts: {json.dumps(messages[0])[:300]}")
    if messages[-1] != {"role": "user", "content": QUESTION}:
        fail(f"the model's last message is {messages[-1]}, not the user's question")

    # Streamed, not buffered: several body chunks, and the first delta out
    # of the function before the model wrote its remaining pieces.
    body_chunks = [chunk for chunk in invocation.chunks if chunk[2] > 0]
    if len(body_chunks) < 2:
        fail(f"the body came in {len(body_chunks)} chunk(s): not streamed")
    if model.released_by_timeout or model.released_at is None or invocation.first_delta_at > model.released_at:
        fail(f"the first delta did not come through before the model's remaining pieces (the stand-in waited {RELEASE_WAIT} s): buffered")

    def ms(at):
        return f"{(at - invocation.handed_at) * 1000:.0f} ms"

    deltas = names.count("delta")
    print(f"chat_lambda_check: {bootstrap} streamed the chat through the Lambda Runtime API")
    print(f"  invocation -> prelude {ms(invocation.prelude_at)}, -> first delta {ms(invocation.first_delta_at)}, "
          f"-> model released {ms(model.released_at)}, -> done {ms(invocation.events[-1][0])}")
    print(f"  {len(invocation.chunks)} HTTP chunks, {len(body_chunks)} of them body; events: conversation, {deltas} delta, done; "
          f"answer {answer!r} by {done['model']}")


def main(bootstrap, local_server):
    work = tempfile.mkdtemp(prefix="chat-lambda-check-")
    data_dir, logs, tmp_dir = (os.path.join(work, name) for name in ("data", "logs", "tmp"))
    for directory in (data_dir, logs, tmp_dir):
        os.makedirs(directory)
    processes = []  # every process started, stopped by pid at the end
    servers = []
    invocation = None
    try:
        chatbot_id = make_chatbot(local_server, data_dir, logs, processes)

        model = StandIn()
        model_server = ThreadingHTTPServer(("127.0.0.1", 0), stand_in_handler(model))
        servers.append(model_server)
        invocation = Invocation(rest_event(chatbot_id), model)
        runtime_server = ThreadingHTTPServer(("127.0.0.1", 0), runtime_handler(invocation))
        servers.append(runtime_server)
        for server in servers:
            threading.Thread(target=server.serve_forever, daemon=True).start()

        env = lambda_env(runtime_server.server_address[1], model_server.server_address[1], data_dir, tmp_dir)
        with open(os.path.join(logs, "function.err"), "wb") as err:
            function = subprocess.Popen([bootstrap], env=env, stdout=subprocess.DEVNULL, stderr=err)
        processes.append(function)
        deadline = time.time() + 60
        while not invocation.finished.wait(0.1):
            if function.poll() is not None:
                fail(f"the function exited ({function.returncode}) before answering: {tail(os.path.join(logs, 'function.err'))}")
            if time.time() > deadline:
                fail(f"no complete response within 60 s (events so far {[e[1] for e in invocation.events]}): "
                     f"{tail(os.path.join(logs, 'function.err'))}")
        check(invocation, model, bootstrap)
    finally:
        if invocation is not None:
            invocation.stopping.set()
            invocation.model.release.set()  # a stand-in still holding back: let it end
        for process in processes:
            stop(process)
        for server in servers:
            server.shutdown()
            server.server_close()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2])
