#!/usr/bin/env python3
"""Open chat streams held at once, and what they cost the server's memory.

    python3 infra/chat_streams.py SERVER_BIN [STREAMS=500] [HOLD_SECONDS=20]

The chat's speed target (issue 16): 500 concurrent open chat streams held
with at most 150 MB of server RSS. One process, standard library only:

1. A stand-in language model (OpenAI-compatible, asyncio, no thread per
   connection) on a free port: `POST /v1/chat/completions` with
   `"stream": true` answers `text/event-stream` chunks of
   `chat.completion.chunk`, the first piece at once (the service waits at
   most LLM_TIMEOUT_MS for it), then one piece a second for HOLD_SECONDS,
   a finish chunk and `data: [DONE]`. During the warm-up it writes its
   pieces without waiting.
2. SERVER_BIN `serve` (the whole API on one port, embedded storage in a
   fresh temporary DATA_DIR) pointed at it (LLM_BASE_URL, LLM_MODEL), with
   the chat's limits lifted (CHAT_REQUESTS_PER_MINUTE,
   CHAT_USER_REQUESTS_PER_MINUTE); a chatbot made through the API with the
   owner's `local-server dev-token`, allowed on shop.example.com.
3. Warm-up: one message for each of the users u0..u{STREAMS-1}, with
   `birthData` (a user's first message makes the profile), 16 at a time.
4. STREAMS streams at once (a raw HTTP/1.1 connection each, one per user):
   each is read until its `conversation` event and first `delta`, so all
   are open together; meanwhile the server's VmRSS and threads
   (/proc/PID/status) are sampled, against the idle figure taken before
   opening. Then every stream is read to its `done`.

The server is measured as it runs day to day: once it has answered, it is
stopped and started again on the same store before the warm-up. The very
first start of a fresh store seeds the interpretation corpus into it (once
in a data directory's life; never on Lambda), and its heap keeps about
55 MB of what that took. CHAT_STREAMS_RESTART=0 measures that first start
instead.

It prints the figures and exits non-zero when the server's RSS with the
streams open exceeded 150 MB (150 x 1024 kB, as VmRSS counts) or any stream
failed (not 200, an `error` event, no `done`, an answer not the stand-in's,
a piece missing). The server is stopped by its pid at the end, always.
"""
import asyncio
import json
import os
import resource
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

RSS_LIMIT_KB = 150 * 1024
ORIGIN = "https://shop.example.com"
QUESTION = "What is my moon sign?"
BIRTH = {"date": "1990-05-11", "time": "14:30", "latitude": 41.9, "longitude": 12.5, "timezone": "Europe/Rome"}
MODEL = "stand-in"
WARM_UP_AT_ONCE = 16
START_LIMIT_SECONDS = 120
SAMPLE_EVERY_SECONDS = 1.0


def log(message):
    print(f"chat_streams: {message}", flush=True)


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def proc_status(pid):
    """VmRSS, VmHWM, RssAnon, RssFile (kB) and Threads of a process."""
    values = {}
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            name, _, rest = line.partition(":")
            if name in ("VmRSS", "VmHWM", "RssAnon", "RssFile", "Threads"):
                values[name] = int(rest.split()[0])
    return values


def mb(kb):
    return f"{kb / 1024:.1f} MB"


# --- the stand-in model -------------------------------------------------


class StandIn:
    """An OpenAI-compatible streaming endpoint on asyncio."""

    def __init__(self, hold_seconds):
        self.hold_seconds = hold_seconds
        self.slow = False
        self.streaming = 0
        self.max_streaming = 0
        self.answered = 0
        self.server = None
        self.port = None
        self.connections = set()

    async def start(self):
        self.server = await asyncio.start_server(self.connection, "127.0.0.1", 0, backlog=2048)
        self.port = self.server.sockets[0].getsockname()[1]

    async def close(self):
        if self.server is not None:
            self.server.close()
            await self.server.wait_closed()
        # The service's pooled keep-alive connections end with its process.
        await asyncio.sleep(0.2)
        for task in list(self.connections):
            task.cancel()
        await asyncio.gather(*self.connections, return_exceptions=True)

    async def connection(self, reader, writer):
        task = asyncio.current_task()
        self.connections.add(task)
        try:
            while True:  # keep-alive: the service's client pools its connections
                head = await read_head(reader)
                if head is None:
                    return
                request_line, headers = head
                method, path = (request_line.split(" ") + ["", ""])[:2]
                body = await reader.readexactly(int(headers.get("content-length", "0")))
                if method != "POST" or path != "/v1/chat/completions":
                    writer.write(b"HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n")
                    await writer.drain()
                    continue
                request = json.loads(body or b"{}")
                if request.get("stream"):
                    await self.stream(writer)
                else:
                    answer = json.dumps({
                        "id": "chatcmpl-1", "object": "chat.completion", "created": 0, "model": MODEL,
                        "choices": [{"index": 0, "message": {"role": "assistant", "content": "word"}, "finish_reason": "stop"}],
                    }).encode()
                    writer.write(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n" % len(answer) + answer)
                    await writer.drain()
                if headers.get("connection", "").lower() == "close":
                    return
        except (ConnectionError, asyncio.IncompleteReadError, asyncio.CancelledError):
            return
        finally:
            writer.close()
            self.connections.discard(task)

    async def stream(self, writer):
        def chunk(data):
            event = f"data: {data}\n\n".encode()
            return b"%x\r\n%s\r\n" % (len(event), event)

        def piece(delta, finish):
            return json.dumps({
                "id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 0, "model": MODEL,
                "choices": [{"index": 0, "delta": delta, "finish_reason": finish}],
            })

        writer.write(b"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-cache\r\n"
                     b"Transfer-Encoding: chunked\r\n\r\n")
        slow = self.slow
        pieces = self.hold_seconds if slow else 3
        self.streaming += 1
        self.max_streaming = max(self.max_streaming, self.streaming)
        try:
            for index in range(pieces):
                if index and slow:
                    await asyncio.sleep(1)
                writer.write(chunk(piece({"content": "word "}, None)))
                await writer.drain()
            if slow:
                await asyncio.sleep(1)
            writer.write(chunk(piece({}, "stop")) + chunk("[DONE]") + b"0\r\n\r\n")
            await writer.drain()
            self.answered += 1
        finally:
            self.streaming -= 1


# --- a small HTTP/1.1 client ----------------------------------------------


async def read_head(reader):
    """The status or request line and the headers (lower-case names), or
    None at a clean end of the connection."""
    try:
        raw = await reader.readuntil(b"\r\n\r\n")
    except asyncio.IncompleteReadError as partial:
        if not partial.partial:
            return None
        raise
    lines = raw.decode("latin-1").split("\r\n")
    headers = {}
    for line in lines[1:]:
        if ":" in line:
            name, _, value = line.partition(":")
            headers[name.strip().lower()] = value.strip()
    return lines[0], headers


async def body_pieces(reader, headers):
    """The body's bytes as they come (chunked, sized or to the end)."""
    if headers.get("transfer-encoding", "").lower() == "chunked":
        while True:
            size = int((await reader.readline()).split(b";")[0].strip() or b"0", 16)
            if size == 0:
                await reader.readline()
                return
            data = await reader.readexactly(size)
            await reader.readexactly(2)
            yield data
    elif "content-length" in headers:
        yield await reader.readexactly(int(headers["content-length"]))
    else:
        while data := await reader.read(65536):
            yield data


async def send(port, method, path, headers, body=None):
    """One request on a new connection: (reader, writer, status, headers)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    payload = b"" if body is None else json.dumps(body).encode()
    lines = [f"{method} {path} HTTP/1.1", f"Host: 127.0.0.1:{port}", "Connection: close", f"Content-Length: {len(payload)}"]
    if body is not None:
        lines.append("Content-Type: application/json")
    lines += [f"{name}: {value}" for name, value in headers.items()]
    writer.write(("\r\n".join(lines) + "\r\n\r\n").encode() + payload)
    await writer.drain()
    status_line, response_headers = await read_head(reader)
    return reader, writer, int(status_line.split(" ")[1]), response_headers


async def fetch(port, method, path, headers, body=None):
    """One whole answer: (status, body bytes)."""
    reader, writer, status, headers = await send(port, method, path, headers, body)
    try:
        return status, b"".join([piece async for piece in body_pieces(reader, headers)])
    finally:
        writer.close()


class ChatStream:
    """One chat message read as a client reads its events."""

    def __init__(self, port, chatbot, user, body, on_open=None):
        self.port, self.chatbot, self.user, self.body, self.on_open = port, chatbot, user, body, on_open
        self.events = []
        self.deltas = 0
        self.done = None
        self.error = None
        self.opened_at = None

    async def run(self):
        path = f"/widget/chat/{self.chatbot}/user/{self.user}"
        writer = None
        try:
            reader, writer, status, headers = await send(
                self.port, "POST", path, {"Origin": ORIGIN, "Accept": "text/event-stream"}, self.body)
            if status != 200:
                rest = b"".join([piece async for piece in body_pieces(reader, headers)])
                self.error = f"status {status}: {rest[:300]!r}"
                return self
            pending = b""
            async for piece in body_pieces(reader, headers):
                pending += piece
                while b"\n\n" in pending:
                    block, pending = pending.split(b"\n\n", 1)
                    self.event(block.decode())
            if self.done is None and self.error is None:
                self.error = f"the stream ended without done after {self.events}"
        except (OSError, asyncio.IncompleteReadError, ValueError) as failure:
            self.error = f"{type(failure).__name__}: {failure}"
        finally:
            if writer is not None:
                writer.close()
        return self

    def event(self, block):
        name, data = None, ""
        for line in block.split("\n"):
            if line.startswith("event:"):
                name = line[6:].strip()
            elif line.startswith("data:"):
                data += line[5:].strip()
        if name is None:  # a comment (keep-alive)
            return
        self.events.append(name)
        if name == "delta":
            self.deltas += 1
            if self.deltas == 1 and self.events[0] == "conversation" and self.on_open is not None:
                self.opened_at = time.monotonic()
                self.on_open(self)
        elif name == "done":
            self.done = json.loads(data)
        elif name == "error":
            self.error = f"error event: {data}"

    def failure(self, expected_deltas):
        if self.error is not None:
            return self.error
        if self.events[:1] != ["conversation"]:
            return f"events out of order: {self.events[:5]}"
        if self.done.get("model") != f"llm:{MODEL}":
            return f"answered by {self.done.get('model')!r}, not the stand-in"
        if expected_deltas is not None and self.deltas != expected_deltas:
            return f"{self.deltas} deltas, {expected_deltas} expected"
        return None


# --- the run ----------------------------------------------------------------


class Server:
    def __init__(self, binary, data_dir, port, model_port):
        self.binary, self.data_dir, self.port = binary, data_dir, port
        env = {k: v for k, v in os.environ.items() if not k.startswith(("LLM_", "CHAT_", "STORAGE_", "AWS_"))}
        env.update({
            "DATA_DIR": data_dir, "PORT": str(port), "STORAGE_BACKEND": "embedded", "RUST_LOG": "warn",
            "LLM_BASE_URL": f"http://127.0.0.1:{model_port}/v1", "LLM_MODEL": MODEL,
            "CHAT_REQUESTS_PER_MINUTE": "100000", "CHAT_USER_REQUESTS_PER_MINUTE": "100000",
        })
        self.env = env
        self.process = None
        self.stderr_path = os.path.join(data_dir, "server.err")

    def start(self):
        with open(os.path.join(self.data_dir, "server.out"), "ab") as out, open(self.stderr_path, "ab") as err:
            self.process = subprocess.Popen([self.binary, "serve"], env=self.env, stdout=out, stderr=err)

    async def restart(self):
        """Stopped and started again on the same store, on a new port: the
        pid that was stopped."""
        pid = self.process.pid
        self.stop()
        self.port = free_port()
        self.env["PORT"] = str(self.port)
        self.start()
        await self.wait_ready()
        return pid

    def stderr_tail(self):
        try:
            with open(self.stderr_path, "rb") as err:
                return err.read()[-2000:].decode(errors="replace")
        except OSError:
            return ""

    async def wait_ready(self):
        deadline = time.monotonic() + START_LIMIT_SECONDS
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise SystemExit(f"the server exited ({self.process.returncode}):\n{self.stderr_tail()}")
            try:
                status, _ = await fetch(self.port, "GET", "/", {})
                return status
            except OSError:
                await asyncio.sleep(0.25)
        raise SystemExit(f"the server did not answer within {START_LIMIT_SECONDS} s")

    def dev_token(self):
        env = dict(self.env)
        env.pop("PORT")
        done = subprocess.run([self.binary, "dev-token"], env=env, capture_output=True, text=True, timeout=60)
        if done.returncode != 0:
            raise SystemExit(f"dev-token failed: {done.stderr}")
        return done.stdout.strip()

    def stop(self):
        """SIGTERM by pid, SIGKILL after 15 s: the exit status."""
        if self.process is None:
            return None
        if self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(15)
            except subprocess.TimeoutExpired:
                os.kill(self.process.pid, signal.SIGKILL)
                self.process.wait()
        return self.process.returncode


async def make_chatbot(port, token):
    body = {"data": {"type": "chatbots", "attributes": {"name": "Stream load", "allowedDomains": ["shop.example.com"], "requireUserHash": False}}}
    status, answer = await fetch(port, "POST", "/api/chatbots", {"Authorization": f"Bearer {token}"}, body)
    if status != 201:
        raise SystemExit(f"POST /api/chatbots: {status} {answer[:500]!r}")
    return json.loads(answer)["data"]["id"]


async def warm_up(port, chatbot, users):
    gate = asyncio.Semaphore(WARM_UP_AT_ONCE)

    async def first_message(user):
        async with gate:
            return await ChatStream(port, chatbot, user, {"message": QUESTION, "birthData": BIRTH}).run()

    streams = await asyncio.gather(*(first_message(user) for user in users))
    failures = [(s.user, s.failure(None)) for s in streams if s.failure(None)]
    if failures:
        raise SystemExit(f"warm-up: {len(failures)} of {len(users)} first messages failed, e.g. {failures[0]}")


async def run(binary, count, hold, work, restart):
    stand_in = StandIn(hold)
    await stand_in.start()
    server = Server(binary, work, free_port(), stand_in.port)
    report = {}
    try:
        server.start()
        log(f"stand-in model on 127.0.0.1:{stand_in.port} (this process, pid {os.getpid()}); "
            f"server pid {server.process.pid} on 127.0.0.1:{server.port}, DATA_DIR {work}")
        started = time.monotonic()
        await server.wait_ready()
        fresh = proc_status(server.process.pid)
        report["fresh"] = fresh
        log(f"the server answers after {time.monotonic() - started:.1f} s: VmRSS {mb(fresh['VmRSS'])} "
            f"(anon {mb(fresh['RssAnon'])}, file {mb(fresh['RssFile'])}), {fresh['Threads']} threads")
        if restart:
            # The first start seeds the corpus into the fresh store, and the
            # heap keeps what that took; a server started on a store already
            # seeded (as after any restart) holds much less.
            report["seeding"] = fresh
            stopped = await server.restart()
            fresh = proc_status(server.process.pid)
            report["fresh"] = fresh
            log(f"restarted on the seeded store (pid {stopped} stopped): pid {server.process.pid} on 127.0.0.1:{server.port}, "
                f"VmRSS {mb(fresh['VmRSS'])} (anon {mb(fresh['RssAnon'])}, file {mb(fresh['RssFile'])}), {fresh['Threads']} threads")
        chatbot = await make_chatbot(server.port, server.dev_token())
        users = [f"u{i}" for i in range(count)]
        started = time.monotonic()
        await warm_up(server.port, chatbot, users)
        log(f"warm-up: {count} first messages (profiles made) in {time.monotonic() - started:.1f} s")
        await asyncio.sleep(2)
        idle = proc_status(server.process.pid)
        report["idle"] = idle
        log(f"idle: VmRSS {mb(idle['VmRSS'])} (anon {mb(idle['RssAnon'])}, file {mb(idle['RssFile'])}), "
            f"{idle['Threads']} threads")

        # All the streams at once.
        stand_in.slow = True
        state = {"open": 0, "max_open": 0}
        all_open = asyncio.Event()

        def opened(_stream):
            state["open"] += 1
            state["max_open"] = max(state["max_open"], state["open"])
            if state["open"] == count:
                all_open.set()

        async def one(user):
            stream = ChatStream(server.port, chatbot, user, {"message": QUESTION}, on_open=opened)
            try:
                return await stream.run()
            finally:
                if stream.opened_at is not None:
                    state["open"] -= 1
                elif not all_open.is_set() and stream.error:
                    all_open.set()  # one failed before opening: stop waiting for all

        peak = {"Threads": 0, "VmRSS": 0}

        async def watch():  # the peaks over the whole phase, the end's burst included
            while True:
                try:
                    sample = proc_status(server.process.pid)
                except OSError:
                    return
                for name in peak:
                    peak[name] = max(peak[name], sample[name])
                await asyncio.sleep(0.25)

        watcher = asyncio.create_task(watch())
        launched = time.monotonic()
        tasks = [asyncio.create_task(one(user)) for user in users]
        try:
            await asyncio.wait_for(all_open.wait(), timeout=max(hold - 2, 5))
        except asyncio.TimeoutError:
            pass
        open_after = time.monotonic() - launched
        report["open_seconds"] = open_after if state["open"] == count else None
        log(f"{state['open']} of {count} streams open after {open_after:.2f} s "
            f"(the stand-in holds {stand_in.streaming} model streams)")

        samples = []
        window_end = launched + hold - 2
        while state["open"] == count and time.monotonic() < window_end:
            sample = proc_status(server.process.pid)
            samples.append(sample)
            log(f"  {len(samples)}: VmRSS {mb(sample['VmRSS'])} (anon {mb(sample['RssAnon'])}), "
                f"{sample['Threads']} threads, {state['open']} open")
            await asyncio.sleep(SAMPLE_EVERY_SECONDS)
        if not samples:
            samples.append(proc_status(server.process.pid))
        report["samples"] = samples

        streams = await asyncio.wait_for(asyncio.gather(*tasks), timeout=hold + 120)
        finished = time.monotonic() - launched
        await asyncio.sleep(1)
        watcher.cancel()
        end = proc_status(server.process.pid)
        report["end"] = end
        report["peak"] = peak
        failures = [(s.user, s.failure(hold)) for s in streams if s.failure(hold)]
        report.update(max_open=state["max_open"], completed=sum(1 for s in streams if s.done is not None),
                      failures=failures, finished_seconds=finished, model_max=stand_in.max_streaming)
    finally:
        code = server.stop()
        pid = server.process.pid if server.process else None
        await stand_in.close()
        log(f"stopped: server pid {pid} (SIGTERM, exit status {code}); stand-in model closed (in process pid {os.getpid()})")
        report["server_exit"] = code
    return report


def summary(count, hold, report):
    idle, samples, end, fresh, seeding = report["idle"], report["samples"], report["end"], report["fresh"], report.get("seeding")
    open_rss = max(s["VmRSS"] for s in samples)
    failures = report["failures"]
    opened = f"{report['open_seconds']:.2f} s" if report["open_seconds"] is not None else "never all"

    def memory(status):
        return f"{mb(status['VmRSS'])} (anon {mb(status['RssAnon'])}, file {mb(status['RssFile'])}), {status['Threads']} threads"

    rows = [
        ("streams", f"{count} (held {hold} s each by the stand-in model)"),
        ("open at once (max)", f"{report['max_open']} (the stand-in held up to {report['model_max']} model streams)"),
        ("time to open all", f"{opened} (conversation and first delta on every stream)"),
    ]
    if seeding:
        rows.append(("RSS first start", f"{memory(seeding)}: the corpus seeded; restarted on that store"))
    rows += [
        ("RSS just started", memory(fresh)),
        ("RSS idle (warmed up)", memory(idle)),
        (f"RSS with {count} open", f"{mb(open_rss)} max of {len(samples)} samples (anon {mb(max(s['RssAnon'] for s in samples))}), "
                                   f"up to {max(s['Threads'] for s in samples)} threads"),
        ("per stream", f"{(open_rss - idle['VmRSS']) / count:.1f} KB ((open - idle) / {count})"),
        ("after they finished", f"{memory(end)} (1 s after the last done)"),
        ("peak", f"VmHWM {mb(end['VmHWM'])}; up to {report['peak']['Threads']} threads (sampled every 0.25 s)"),
        ("completed", f"{report['completed']} of {count} in {report['finished_seconds']:.1f} s; failed {len(failures)}"),
    ]
    print()
    for label, value in rows:
        print(f"{label:<24}{value}")
    for user, why in failures[:5]:
        print(f"  {user}: {why}")
    problems = []
    if open_rss > RSS_LIMIT_KB:
        problems.append(f"RSS with {count} streams open {mb(open_rss)} > {mb(RSS_LIMIT_KB)}")
    if failures or report["completed"] != count or report["max_open"] != count:
        problems.append(f"{len(failures)} streams failed, {report['max_open']} of {count} open at once")
    print(f"{'result':<24}" + ("; ".join(problems) if problems else f"met: {count} open streams within {mb(RSS_LIMIT_KB)}"))
    return (1 if problems else 0), not failures and report["completed"] == count


def main():
    if len(sys.argv) < 2 or sys.argv[1] in ("-h", "--help"):
        raise SystemExit(__doc__)
    binary = os.path.abspath(sys.argv[1])
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 500
    hold = int(sys.argv[3]) if len(sys.argv) > 3 else 20
    restart = os.environ.get("CHAT_STREAMS_RESTART", "1") not in ("", "0")
    if hold < 5:
        raise SystemExit("HOLD_SECONDS: at least 5 (the RSS is sampled while every stream is open)")
    # Two sockets per stream here (client and stand-in), two in the server.
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = min(hard, max(soft, 4 * count + 256)) if hard != resource.RLIM_INFINITY else max(soft, 4 * count + 256)
    resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
    if wanted < 2 * count + 64:
        raise SystemExit(f"open files limited to {wanted}: too few for {count} streams")
    work = tempfile.mkdtemp(prefix="chat-streams-")
    streams_ok = False
    try:
        report = asyncio.run(run(binary, count, hold, work, restart))
        status, streams_ok = summary(count, hold, report)
        sys.exit(status)
    finally:
        # Kept when something broke (the server's log, the store), not for
        # an RSS over the target alone.
        if streams_ok:
            shutil.rmtree(work, ignore_errors=True)
        else:
            print(f"chat_streams: kept {work} (server.err, the store)", file=sys.stderr)


if __name__ == "__main__":
    main()
