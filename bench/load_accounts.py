#!/usr/bin/env python3
"""bench/load_accounts.py: fill a multi-account quickactiond through its API, for section (7).

    load_accounts.py --port P --admin-token T --accounts N --out FILE
                     [--contacts 5] [--favorites 2] [--threads 24] [--without-accounts]

Each account is made with `POST /accounts` (admin token), then gets --contacts contacts with
`POST /contacts` (its own token; the first --favorites are favorites), then one `GET /shortcuts`
with its token records the list's ETag and size. Names are of fixed width, so every account's
list has the same number of bytes (the C baseline serves one of them).

--threads worker threads, each with its own keep-alive http.client connection (reopened after
an error), take accounts from a shared counter. A 503 or 429 is retried after its Retry-After
(at most 5 times); any other unexpected status stops the run.

Writes FILE with one line per account, in creation order: `TOKEN ETAG BYTES`, and prints one
JSON object: accounts, contacts, favorites, requests, retries, threads, seconds, requests_per_s,
and list_bytes_min, list_bytes_max, list_sizes (how many distinct list sizes were seen: 1 when
every account's list has the same size).

--without-accounts skips POST /accounts and sends a made-up token: for trying the loader against
a single-account server started without --token (which ignores Authorization).
"""
import argparse
import http.client
import json
import sys
import threading
import time

PROGRESS_EVERY = 10_000


class Loader:
    def __init__(self, args):
        self.args = args
        self.lock = threading.Lock()
        self.next_index = 0
        self.rows = [None] * args.accounts
        self.requests = 0
        self.retries = 0
        self.failure = None
        self.done = 0

    def take(self):
        with self.lock:
            if self.failure is not None or self.next_index >= self.args.accounts:
                return None
            index = self.next_index
            self.next_index += 1
            return index

    def worker(self):
        connection = None
        requests = retries = 0
        try:
            while True:
                index = self.take()
                if index is None:
                    break
                connection, row, made, again = self.load_one(connection, index)
                requests += made
                retries += again
                self.rows[index] = row
                with self.lock:
                    self.done += 1
                    if self.done % PROGRESS_EVERY == 0:
                        print(f"load_accounts: {self.done:,} accounts", file=sys.stderr, flush=True)
        except Exception as error:  # reported once, and every worker stops at its next take()
            with self.lock:
                if self.failure is None:
                    self.failure = f"{type(error).__name__}: {error}"
        finally:
            if connection is not None:
                connection.close()
            with self.lock:
                self.requests += requests
                self.retries += retries

    def send(self, connection, method, path, token, body=None, expect=(200,)):
        """(connection, status, headers, body bytes, retries); retries 503/429 and broken connections."""
        headers = {"Authorization": f"Bearer {token}"}
        payload = None
        if body is not None:
            payload = json.dumps(body, ensure_ascii=False).encode()
            headers["Content-Type"] = "application/json"
        retries = 0
        while True:
            try:
                if connection is None:
                    connection = http.client.HTTPConnection("127.0.0.1", self.args.port, timeout=30)
                connection.request(method, path, body=payload, headers=headers)
                response = connection.getresponse()
                data = response.read()
            except (OSError, http.client.HTTPException) as error:
                if connection is not None:
                    connection.close()
                connection = None
                retries += 1
                if retries > 5:
                    raise RuntimeError(f"{method} {path}: {error}") from error
                time.sleep(0.2)
                continue
            if response.status in (429, 503) and retries < 5:
                retries += 1
                time.sleep(min(float(response.getheader("Retry-After") or 1), 5))
                continue
            if response.status not in expect:
                raise RuntimeError(f"{method} {path} answered {response.status}: {data[:300]!r}")
            if response.getheader("Connection", "").lower() == "close":
                connection.close()
                connection = None
            return connection, response.status, response, data, retries

    def load_one(self, connection, index):
        args = self.args
        made = retries = 0
        if args.without_accounts:
            token = "qa_" + f"{index:036d}"
        else:
            connection, _, _, data, again = self.send(
                connection, "POST", "/accounts", args.admin_token, {"name": f"bench account {index:06d}"}, expect=(201,))
            made += 1
            retries += again
            token = json.loads(data)["token"]
        for number in range(args.contacts):
            contact = {
                "name": f"Contact {index:06d}-{number}",
                "email": f"c{index:06d}.{number}@example.com",
                "favorite": number < args.favorites,
            }
            connection, _, _, _, again = self.send(connection, "POST", "/contacts", token, contact, expect=(201,))
            made += 1
            retries += again
        connection, _, response, data, again = self.send(connection, "GET", "/shortcuts", token)
        made += 1
        retries += again
        etag = response.getheader("ETag")
        if not etag or " " in etag:
            raise RuntimeError(f"GET /shortcuts for account {index} has no usable ETag: {etag!r}")
        return connection, f"{token} {etag} {len(data)}", made, retries


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--admin-token", default="")
    parser.add_argument("--accounts", type=int, required=True)
    parser.add_argument("--contacts", type=int, default=5)
    parser.add_argument("--favorites", type=int, default=2)
    parser.add_argument("--threads", type=int, default=24)
    parser.add_argument("--out", required=True)
    parser.add_argument("--without-accounts", action="store_true")
    args = parser.parse_args()
    if not args.without_accounts and not args.admin_token:
        parser.error("--admin-token is required (or --without-accounts)")

    loader = Loader(args)
    started = time.monotonic()
    threads = [threading.Thread(target=loader.worker, daemon=True) for _ in range(args.threads)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    seconds = time.monotonic() - started
    if loader.failure is not None:
        raise SystemExit(f"load_accounts: {loader.failure}")
    if any(row is None for row in loader.rows):
        raise SystemExit("load_accounts: some accounts were not loaded")
    with open(args.out, "w") as out:
        out.write("\n".join(loader.rows) + "\n")
    sizes = sorted({int(row.rsplit(" ", 1)[1]) for row in loader.rows})
    print(json.dumps({
        "accounts": args.accounts,
        "contacts": args.accounts * args.contacts,
        "favorites": args.accounts * args.favorites,
        "requests": loader.requests,
        "retries": loader.retries,
        "threads": args.threads,
        "seconds": round(seconds, 1),
        "requests_per_s": round(loader.requests / seconds) if seconds else None,
        "list_bytes_min": sizes[0],
        "list_bytes_max": sizes[-1],
        "list_sizes": len(sizes),
    }))


if __name__ == "__main__":
    main()
