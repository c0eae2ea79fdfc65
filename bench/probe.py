#!/usr/bin/env python3
"""bench/probe.py: a health probe's view of the server while something else loads it.

    probe.py --port P --path /healthz --seconds S [--interval 0.01]

One keep-alive connection, one GET every --interval seconds (not a load generator: about 100
requests a second), for --seconds. Prints one JSON object: count, errors, p50/p99/max in ms.
"""
import argparse
import http.client
import json
import time


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--path", default="/healthz")
    parser.add_argument("--seconds", type=float, required=True)
    parser.add_argument("--interval", type=float, default=0.01)
    args = parser.parse_args()
    connection = http.client.HTTPConnection("127.0.0.1", args.port, timeout=10)
    samples, errors = [], 0
    end = time.monotonic() + args.seconds
    while time.monotonic() < end:
        started = time.perf_counter()
        try:
            connection.request("GET", args.path)
            response = connection.getresponse()
            response.read()
            if response.status != 200:
                errors += 1
        except OSError:
            errors += 1
            connection.close()
            connection = http.client.HTTPConnection("127.0.0.1", args.port, timeout=10)
            continue
        samples.append((time.perf_counter() - started) * 1000)
        time.sleep(args.interval)
    samples.sort()
    pick = lambda q: round(samples[min(len(samples) - 1, int(q * len(samples)))], 2) if samples else None
    print(json.dumps({"count": len(samples), "errors": errors, "p50_ms": pick(0.5), "p99_ms": pick(0.99),
                      "max_ms": round(samples[-1], 2) if samples else None}))


if __name__ == "__main__":
    main()
