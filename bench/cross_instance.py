#!/usr/bin/env python3
"""bench/cross_instance.py: how long a change made on instance A takes to reach an /events stream
held on instance B (two quickactiond processes on one PostgreSQL database).

    cross_instance.py --port-a A --port-b B --contact-id ID --changes 200

Holds one GET /events stream on B and waits for its first `event: shortcuts` frame. Then, --changes
times, alternately POST and DELETE /contacts/ID/favorite on A (each on a socket of its own with
`Connection: close`, read on the same selector as the stream), and times from just before the
request is written until B's stream holds the next complete `event: shortcuts` frame. One change at
a time: the next starts once B showed this one and its answer is complete, after a 10 ms pause
in which any further frame is drained. Prints one JSON object. Every wait is bounded; only
127.0.0.1 is used.
"""
import argparse
import json
import os
import selectors
import socket
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sse_fanout import Stream, Trigger, percentile  # noqa: E402  (the same SSE parsing as the fan-out bench)


def pump(selector, seconds, until):
    """Reads ready sockets until `until()` holds or `seconds` pass; returns whether it held."""
    deadline = time.monotonic() + seconds
    while not until():
        left = deadline - time.monotonic()
        if left <= 0:
            return False
        for key, _ in selector.select(min(left, 0.05)):
            data = key.fileobj.recv(65536)
            now = time.monotonic()
            key.data.feed(data, now)
            if not data:
                selector.unregister(key.fileobj)
    return True


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--port-a", type=int, required=True)
    parser.add_argument("--port-b", type=int, required=True)
    parser.add_argument("--contact-id", required=True)
    parser.add_argument("--changes", type=int, default=200)
    parser.add_argument("--timeout", type=float, default=5.0, help="longest wait for one change, seconds")
    args = parser.parse_args()

    selector = selectors.DefaultSelector()
    stream_socket = socket.create_connection(("127.0.0.1", args.port_b), timeout=5)
    stream_socket.setblocking(False)
    stream = Stream(stream_socket)
    selector.register(stream_socket, selectors.EVENT_READ, stream)
    stream_socket.sendall(b"GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n")
    if not pump(selector, 10, lambda: stream.frames):
        raise SystemExit(f"cross_instance: no first frame on B's stream (status {stream.status})")

    latencies, statuses, missed = [], {}, 0
    for change in range(args.changes):
        method = "POST" if change % 2 == 0 else "DELETE"
        seen = len(stream.frames)
        request = socket.create_connection(("127.0.0.1", args.port_a), timeout=5)
        answer = Trigger(request)
        started = time.monotonic()
        request.sendall(f"{method} /contacts/{args.contact_id}/favorite HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                        "Content-Length: 0\r\nConnection: close\r\n\r\n".encode())
        request.setblocking(False)
        selector.register(request, selectors.EVENT_READ, answer)
        arrived = pump(selector, args.timeout, lambda: len(stream.frames) > seen and answer.done_at is not None)
        if answer.done_at is None:
            selector.unregister(request)
        request.close()
        statuses[str(answer.status)] = statuses.get(str(answer.status), 0) + 1
        if arrived:
            latencies.append((stream.frames[seen] - started) * 1000)
        else:
            missed += 1
        pump(selector, 0.01, lambda: False)  # drain anything else this change caused
        if stream.closed:
            raise SystemExit("cross_instance: B closed the stream")
    stream_socket.close()
    print(json.dumps({
        "changes": args.changes, "received": len(latencies), "missed": missed, "statuses": statuses,
        "p50_ms": round(percentile(latencies, 50), 2) if latencies else None,
        "p99_ms": round(percentile(latencies, 99), 2) if latencies else None,
        "max_ms": round(max(latencies), 2) if latencies else None,
        "mean_ms": round(statistics.mean(latencies), 2) if latencies else None,
    }))


if __name__ == "__main__":
    main()
