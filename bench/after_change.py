#!/usr/bin/env python3
"""bench/after_change.py: how long the first GET /shortcuts takes right after a change.

    after_change.py --port P --ids FILE --count N

For each of N favorites (from FILE): unfavorite it, favorite it again, then time one
GET /shortcuts (the list was changed, so this request is the one that renders it). Prints one
JSON object: count, p50/max in ms, and the body size.
"""
import argparse
import http.client
import json
import time


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--ids", required=True)
    parser.add_argument("--count", type=int, default=20)
    args = parser.parse_args()
    with open(args.ids) as data:
        ids = [line.strip() for line in data if line.strip()]
    connection = http.client.HTTPConnection("127.0.0.1", args.port, timeout=30)
    samples, size = [], 0
    for contact in ids[: args.count]:
        for method in ("DELETE", "POST"):
            connection.request(method, f"/contacts/{contact}/favorite")
            response = connection.getresponse()
            response.read()
            assert response.status == 200, (method, response.status)
        started = time.perf_counter()
        connection.request("GET", "/shortcuts")
        response = connection.getresponse()
        size = len(response.read())
        samples.append((time.perf_counter() - started) * 1000)
    samples.sort()
    print(json.dumps({"count": len(samples), "p50_ms": round(samples[len(samples) // 2], 1),
                      "max_ms": round(samples[-1], 1), "bytes": size}))


if __name__ == "__main__":
    main()
