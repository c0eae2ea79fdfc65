#!/usr/bin/env python3
"""bench/sse_fanout.py: open many GET /events streams on one epoll loop and measure fan-out.

1. Opens --streams raw keep-alive sockets to quickactiond on 127.0.0.1 (RLIMIT_NOFILE is raised
   first), sends GET /events on each, and waits until every stream has its first
   `event: shortcuts` frame.
2. With --ready-file/--go-file: writes the ready file, then keeps draining every stream until
   the go file appears (so bench/run.sh can load the server meanwhile, e.g. wrk on /healthz).
3. Fan-out: --changes times, POST /contacts/{id}/favorite then DELETE /contacts/{id}/favorite
   (sent on its own non-blocking socket, so the loop never stops reading the streams), and for
   each change the time from just before the request is sent until each stream has the new
   `event: shortcuts` frame complete. The client's own reading (Python, one thread, sharing the
   2 cores with the server) is inside these figures: they are an upper bound.

Prints one JSON object. Every deadline is bounded; only loopback addresses are accepted.
"""
import argparse
import ipaddress
import json
import math
import os
import resource
import selectors
import socket
import sys
import time

EVENT_LINE = b"event: shortcuts"


class Stream:
    """One GET /events connection: HTTP head, chunked decoding, SSE frames."""

    __slots__ = ("sock", "raw", "head", "status", "chunked", "need", "body", "frames", "closed")

    def __init__(self, sock):
        self.sock = sock
        self.raw = b""
        self.head = None
        self.status = None
        self.chunked = False
        self.need = None  # bytes still to take from the current chunk (None: at a size line)
        self.body = b""
        self.frames = []  # arrival time of each complete `event: shortcuts` frame
        self.closed = False

    def feed(self, data, now):
        self.raw += data
        if self.head is None:
            end = self.raw.find(b"\r\n\r\n")
            if end < 0:
                return
            self.head = self.raw[:end].decode("latin-1")
            self.raw = self.raw[end + 4:]
            first = self.head.split("\r\n", 1)[0].split()
            self.status = int(first[1]) if len(first) > 1 and first[1].isdigit() else None
            self.chunked = "transfer-encoding: chunked" in self.head.lower()
        if self.chunked:
            while True:
                if self.need is None:
                    line_end = self.raw.find(b"\r\n")
                    if line_end < 0:
                        break
                    size = int(self.raw[:line_end].split(b";")[0].strip() or b"0", 16)
                    self.raw = self.raw[line_end + 2:]
                    if size == 0:
                        self.closed = True
                        break
                    self.need = size
                take = min(self.need, len(self.raw))
                self.body += self.raw[:take]
                self.raw = self.raw[take:]
                self.need -= take
                if self.need:
                    break
                if len(self.raw) < 2:  # the CRLF after the chunk data
                    self.need = 0
                    break
                self.raw = self.raw[2:]
                self.need = None
        else:
            self.body += self.raw
            self.raw = b""
        while True:
            end = self.body.find(b"\n\n")
            if end < 0:
                break
            frame, self.body = self.body[:end], self.body[end + 2:]
            if frame.startswith(EVENT_LINE) or (b"\n" + EVENT_LINE) in frame:
                self.frames.append(now)


class Trigger:
    """A one-shot request on its own socket; records when its answer is complete."""

    __slots__ = ("sock", "raw", "status", "done_at")

    def __init__(self, sock):
        self.sock = sock
        self.raw = b""
        self.status = None
        self.done_at = None

    def feed(self, data, now):
        self.raw += data
        if not data:
            self.done_at = now
            first = self.raw.split(b"\r\n", 1)[0].split()
            self.status = int(first[1]) if len(first) > 1 and first[1].isdigit() else None


def percentile(values, p):
    if not values:
        return None
    ordered = sorted(values)
    return ordered[max(0, math.ceil(p / 100 * len(ordered)) - 1)]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--streams", type=int, default=1000)
    parser.add_argument("--contact-id", required=True, help="a contact that is NOT a favorite now")
    parser.add_argument("--changes", type=int, default=3, help="favorite/unfavorite cycles")
    parser.add_argument("--ready-file")
    parser.add_argument("--go-file")
    parser.add_argument("--hold-timeout", type=float, default=120, help="longest wait for the go file")
    parser.add_argument("--fanout-timeout", type=float, default=10, help="longest wait for one change")
    args = parser.parse_args()
    if not ipaddress.ip_address(args.host).is_loopback:
        sys.exit("sse_fanout: only loopback addresses")

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = args.streams + 256
    if soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(max(wanted, soft), hard), hard))

    selector = selectors.EpollSelector()
    streams = []
    request = f"GET /events HTTP/1.1\r\nHost: {args.host}:{args.port}\r\nAccept: text/event-stream\r\n\r\n".encode()

    def pump(timeout):
        for key, _ in selector.select(timeout):
            owner = key.data
            try:
                data = owner.sock.recv(262144)
            except (BlockingIOError, InterruptedError):
                continue
            except OSError:
                data = b""
            now = time.perf_counter()
            owner.feed(data, now)
            if not data:
                selector.unregister(owner.sock)
                owner.sock.close()
                if isinstance(owner, Stream):
                    owner.closed = True

    def open_count():
        return sum(1 for s in streams if not s.closed)

    result = {"streams_requested": args.streams}
    started = time.perf_counter()
    connect_errors = 0
    for i in range(args.streams):
        try:
            sock = socket.create_connection((args.host, args.port), timeout=5)
            sock.sendall(request)
            sock.setblocking(False)
        except OSError as error:
            connect_errors += 1
            result.setdefault("connect_error", str(error))
            continue
        stream = Stream(sock)
        streams.append(stream)
        selector.register(sock, selectors.EVENT_READ, stream)
        if i % 50 == 49:
            pump(0)
    deadline = time.perf_counter() + 30
    while time.perf_counter() < deadline and any(not s.frames and not s.closed for s in streams):
        pump(0.05)
    result["connect_errors"] = connect_errors
    result["established"] = sum(1 for s in streams if s.status == 200 and s.frames)
    result["seconds_to_all_first_frames"] = round(time.perf_counter() - started, 3)
    statuses = {}
    for s in streams:
        statuses[str(s.status)] = statuses.get(str(s.status), 0) + 1
    result["statuses"] = statuses

    if args.ready_file:
        with open(args.ready_file, "w") as ready:
            ready.write(f"{result['established']}\n")
        deadline = time.perf_counter() + args.hold_timeout
        while time.perf_counter() < deadline and not (args.go_file and os.path.exists(args.go_file)):
            pump(0.05)
        result["open_after_hold"] = open_count()

    changes = []
    for cycle in range(args.changes):
        for method in ("POST", "DELETE"):
            live = [s for s in streams if not s.closed and s.frames]
            before = {id(s): len(s.frames) for s in live}
            sock = socket.create_connection((args.host, args.port), timeout=5)
            sock.setblocking(False)
            trigger = Trigger(sock)
            selector.register(sock, selectors.EVENT_READ, trigger)
            message = (f"{method} /contacts/{args.contact_id}/favorite HTTP/1.1\r\nHost: {args.host}:{args.port}\r\n"
                       "Content-Length: 0\r\nConnection: close\r\n\r\n").encode()
            t0 = time.perf_counter()
            sock.sendall(message)
            deadline = t0 + args.fanout_timeout
            while time.perf_counter() < deadline and (
                    trigger.done_at is None or any(len(s.frames) <= before[id(s)] and not s.closed for s in live)):
                pump(0.05)
            latencies = [(s.frames[before[id(s)]] - t0) * 1000 for s in live if len(s.frames) > before[id(s)]]
            changes.append({
                "method": method,
                "status": trigger.status,
                "answer_ms": round((trigger.done_at - t0) * 1000, 2) if trigger.done_at else None,
                "streams": len(live),
                "received": len(latencies),
                "p50_ms": round(percentile(latencies, 50), 2) if latencies else None,
                "p99_ms": round(percentile(latencies, 99), 2) if latencies else None,
                "max_ms": round(max(latencies), 2) if latencies else None,
                "all_ms": latencies,
            })
            settle = time.perf_counter() + 0.2
            while time.perf_counter() < settle:
                pump(0.02)

    everything = [v for c in changes for v in c.pop("all_ms")]
    result["changes"] = changes
    result["all_received"] = all(c["received"] == c["streams"] == args.streams and c["status"] in (200, 204)
                                 for c in changes)
    result["p99_ms"] = round(percentile(everything, 99), 2) if everything else None
    result["max_ms"] = round(max(everything), 2) if everything else None
    result["median_of_max_ms"] = round(sorted(c["max_ms"] for c in changes if c["max_ms"] is not None)[
        len(changes) // 2], 2) if changes and all(c["max_ms"] is not None for c in changes) else None
    for s in streams:
        if not s.closed:
            s.sock.close()
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
