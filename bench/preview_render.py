#!/usr/bin/env python3
"""bench/preview_render.py: how long the menu picture with HIG warnings takes to draw after a
change, and what a health probe sees meanwhile.

    preview_render.py --port P --ids FILE --count N [--fetchers 2]

For each of N favorites (from FILE): unfavorite it and favorite it again (the list changed, so
its picture must be drawn again), then fetch GET /shortcuts/preview.svg?warnings=true from
--fetchers connections at once (the first to arrive draws it), timing each. A probe thread sends
GET /healthz every 5 ms on its own connection the whole time. Prints one JSON object: the
render times (the slowest fetch of each change: p50/max in ms), the picture's bytes and height,
and the probe's p50/p99/max in ms.
"""
import argparse
import http.client
import json
import re
import threading
import time


def fetch(port, path, results, index):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    started = time.perf_counter()
    connection.request("GET", path)
    response = connection.getresponse()
    body = response.read()
    results[index] = ((time.perf_counter() - started) * 1000, response.status, body)
    connection.close()


def probe(port, stop, samples, errors):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    while not stop.is_set():
        started = time.perf_counter()
        try:
            connection.request("GET", "/healthz")
            response = connection.getresponse()
            response.read()
            if response.status != 200:
                errors.append(response.status)
        except OSError as error:
            errors.append(str(error))
            connection.close()
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            continue
        samples.append((time.perf_counter() - started) * 1000)
        time.sleep(0.005)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--ids", required=True)
    parser.add_argument("--count", type=int, default=20)
    parser.add_argument("--fetchers", type=int, default=2)
    args = parser.parse_args()
    with open(args.ids) as data:
        ids = [line.strip() for line in data if line.strip()]
    path = "/shortcuts/preview.svg?warnings=true"
    writer = http.client.HTTPConnection("127.0.0.1", args.port, timeout=60)
    stop, probe_samples, probe_errors = threading.Event(), [], []
    prober = threading.Thread(target=probe, args=(args.port, stop, probe_samples, probe_errors))
    prober.start()
    renders, size, height, statuses = [], 0, 0.0, set()
    try:
        for contact in ids[: args.count]:
            for method in ("DELETE", "POST"):
                writer.request(method, f"/contacts/{contact}/favorite")
                response = writer.getresponse()
                response.read()
                assert response.status == 200, (method, response.status)
            results = [None] * args.fetchers
            threads = [threading.Thread(target=fetch, args=(args.port, path, results, i)) for i in range(args.fetchers)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            renders.append(max(result[0] for result in results))
            statuses.update(result[1] for result in results)
            body = results[0][2]
            size = len(body)
            match = re.search(rb'<svg[^>]* height="([0-9.]+)"', body)
            height = float(match.group(1)) if match else -1
    finally:
        stop.set()
        prober.join()
    renders.sort()
    probe_samples.sort()
    pick = lambda values, q: round(values[min(len(values) - 1, int(q * len(values)))], 2) if values else None
    print(json.dumps({
        "count": len(renders), "fetchers": args.fetchers, "statuses": sorted(statuses),
        "p50_ms": pick(renders, 0.5), "max_ms": round(renders[-1], 2) if renders else None, "bytes": size, "height": height,
        "healthz_count": len(probe_samples), "healthz_errors": len(probe_errors), "healthz_p50_ms": pick(probe_samples, 0.5),
        "healthz_p99_ms": pick(probe_samples, 0.99), "healthz_max_ms": round(probe_samples[-1], 2) if probe_samples else None,
    }))


if __name__ == "__main__":
    main()
