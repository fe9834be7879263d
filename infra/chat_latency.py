#!/usr/bin/env python3
"""Chat latency as a client reads the stream: a raw socket, the time from
sending the request to the `conversation` event (the first) and to the
`done` event (the last), for a few questions, N requests each.

    python3 infra/chat_latency.py BASE_URL CHATBOT_ID ORIGIN [N]

The chatbot must allow ORIGIN's host, be open to anonymous chat
(`requireUserHash` false: the run sends no `userHash`) and its user `u1`
must have a profile (send one message with `birthData` first). Run the server with a high
CHAT_USER_REQUESTS_PER_MINUTE: the run sends 3 × N messages as one user.
"""
import json
import socket
import statistics
import sys
import time
from urllib.parse import urlparse


def one(host, port, chatbot, origin, message):
    body = json.dumps({"message": message}).encode()
    head = (
        f"POST /widget/chat/{chatbot}/user/u1 HTTP/1.1\r\nHost: {host}\r\nOrigin: {origin}\r\n"
        f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\nConnection: close\r\n\r\n"
    ).encode()
    sock = socket.create_connection((host, port))
    start = time.perf_counter()
    sock.sendall(head + body)
    seen, first, last = b"", None, None
    while True:
        chunk = sock.recv(65536)
        if not chunk:
            break
        seen += chunk
        if first is None and b"event: conversation" in seen:
            first = time.perf_counter() - start
        if last is None and b"event: done" in seen:
            last = time.perf_counter() - start
    sock.close()
    if first is None or last is None:
        raise SystemExit(f"no complete stream for {message!r}: {seen[:300]!r}")
    return first * 1000, last * 1000


def main():
    base, chatbot, origin = sys.argv[1], sys.argv[2], sys.argv[3]
    count = int(sys.argv[4]) if len(sys.argv) > 4 else 40
    url = urlparse(base)
    for message in ["What is my moon sign?", "What are my transits today?", "and this month?"]:
        runs = [one(url.hostname, url.port or 80, chatbot, origin, message) for _ in range(count)]
        firsts = sorted(r[0] for r in runs)
        print(
            f"{message!r}: first event median {statistics.median(firsts):.2f} ms, "
            f"p90 {firsts[int(0.9 * (count - 1))]:.2f} ms; done median {statistics.median(r[1] for r in runs):.2f} ms"
        )


if __name__ == "__main__":
    main()
