#!/usr/bin/env python3
"""The cases of `make test-faults` (scripts/test-faults.sh sets up what they run in).

Two instances, A and B, each in a network namespace of its own, share one PostgreSQL. Each reaches
it through a TCP relay on the host side of its veth pair (this program runs the relays), so that
its traffic can be delayed: this kernel has no netem qdisc. Faults are applied inside B's (or A's)
namespace to the relay's port only:

- silent: `iptables -j DROP` both ways (no reset: the connections hear nothing);
- reset:  `iptables -j REJECT --reject-with tcp-reset` both ways;
- delay:  500 ms each way, added by the relay to every chunk in both directions.

Each case checks, and prints, what docs/scaling.md promises:
- B's /readyz answers within 1 s throughout (the max is printed) and is 503 during the fault;
- a silent cut is noticed: B's /shortcuts carries `Warning: 110` and its /events streams end
  within the stale bound (6 s);
- requests that need PostgreSQL are answered (503 with Retry-After) within --db-request-timeout;
- after the heal B's list equals A's within 10 s, and a trigger made on A reaches B's /events;
- every contact created with a 201 on either instance is there afterwards;
- a trigger posted to B during the cut and retried on A with the same Idempotency-Key is
  recorded once.
Then the frozen transaction case (A cut while its writer holds a row lock: B's triggers on that
contact work again within idle_in_transaction_session_timeout), and both servers stop cleanly.
"""

import argparse
import collections
import http.client
import json
import queue
import random
import signal
import socket
import subprocess
import sys
import threading
import time

TOKEN = "fault-test-token-0123456789"
STALE_BOUND = 6.0  # s: heartbeat silence limit (5 s) + one interval, docs/scaling.md
CONVERGENCE_BOUND = 10.0  # s after the heal
REQUEST_TIMEOUT = 5.0  # --db-request-timeout's default
IDLE_IN_TRANSACTION = 10.0  # the default idle_in_transaction_session_timeout


def log(message):
    print(f"test-faults: {message}", flush=True)


class Failure(Exception):
    pass


def check(condition, message):
    if not condition:
        raise Failure(message)


# ---------------------------------------------------------------- relay


class Relay:
    """A TCP relay from `listen` to `target` that can delay each chunk by `delay` seconds."""

    def __init__(self, listen, target):
        self.target = target
        self.delay = 0.0
        self.server = socket.create_server(listen, reuse_port=False)
        threading.Thread(target=self.accept, daemon=True).start()

    def accept(self):
        while True:
            try:
                client, _ = self.server.accept()
            except OSError:
                return
            try:
                upstream = socket.create_connection(self.target)
            except OSError:
                client.close()
                continue
            for source, sink in ((client, upstream), (upstream, client)):
                chunks = queue.Queue()
                threading.Thread(target=self.read, args=(source, sink, chunks), daemon=True).start()
                threading.Thread(target=self.write, args=(source, sink, chunks), daemon=True).start()

    def read(self, source, sink, chunks):
        while True:
            try:
                data = source.recv(65536)
            except OSError:
                data = b""
            chunks.put((time.monotonic() + self.delay, data))
            if not data:
                return

    @staticmethod
    def write(source, sink, chunks):
        while True:
            due, data = chunks.get()
            pause = due - time.monotonic()
            if pause > 0:
                time.sleep(pause)
            try:
                if not data:
                    sink.shutdown(socket.SHUT_WR)
                    return
                sink.sendall(data)
            except OSError:
                for end in (source, sink):
                    try:
                        end.close()
                    except OSError:
                        pass
                return


# ---------------------------------------------------------------- HTTP


class Answer:
    def __init__(self, status, headers, body, seconds):
        self.status, self.headers, self.body, self.seconds = status, headers, body, seconds

    def json(self):
        return json.loads(self.body)


def request(base, method, path, body=None, headers=None, timeout=8.0):
    """One request on a new connection; None when it got no answer within `timeout`."""
    host, port = base
    fields = {"Authorization": f"Bearer {TOKEN}"}
    fields.update(headers or {})
    data = None
    if body is not None:
        data = json.dumps(body).encode()
        fields["Content-Type"] = "application/json"
    started = time.monotonic()
    connection = http.client.HTTPConnection(host, port, timeout=timeout)
    try:
        connection.request(method, path, body=data, headers=fields)
        response = connection.getresponse()
        payload = response.read()
        return Answer(response.status, {k.lower(): v for k, v in response.getheaders()}, payload, time.monotonic() - started)
    except (OSError, http.client.HTTPException):
        return None
    finally:
        connection.close()


class Instance:
    def __init__(self, name, namespace, address, database, binary, port=8080):
        self.name, self.namespace, self.base = name, namespace, (address, port)
        self.output = open(f"/tmp/{namespace}.log", "w")
        self.process = subprocess.Popen(
            ["ip", "netns", "exec", namespace, binary, "--host", address, "--port", str(port), "--db", database,
             "--token", TOKEN, "--no-seed", "--log-level", "warning"],
            stdout=self.output, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            answer = request(self.base, "GET", "/readyz", timeout=1)
            if answer is not None and answer.status == 200:
                return
            check(self.process.poll() is None, f"{name} exited at start (see /tmp/{namespace}.log)")
            time.sleep(0.1)
        raise Failure(f"{name} not ready within 30 s")

    def call(self, method, path, body=None, headers=None, timeout=8.0):
        return request(self.base, method, path, body, headers, timeout)

    def items(self):
        answer = self.call("GET", "/shortcuts", timeout=3)
        self.last_items_status = answer.status if answer is not None else None
        return (answer.json()["items"], answer.headers.get("warning")) if answer is not None and answer.status == 200 else (None, None)

    def stop(self):
        """SIGTERM; the exit status (None when it had to be killed after 15 s)."""
        if self.process.poll() is not None:
            return self.process.returncode
        self.process.send_signal(signal.SIGTERM)
        try:
            return self.process.wait(15)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
            return None


# ---------------------------------------------------------------- background clients


class ReadinessProbe(threading.Thread):
    """GET /readyz every 100 ms: the slowest answer, and each answer's time and status."""

    def __init__(self, instance):
        super().__init__(daemon=True)
        self.instance, self.running, self.samples = instance, True, []

    def run(self):
        while self.running:
            answer = self.instance.call("GET", "/readyz", timeout=3)
            self.samples.append((time.monotonic(), answer.status if answer else None, answer.seconds if answer else 3.0))
            time.sleep(0.1)

    def since(self, start):
        return [s for s in self.samples if s[0] >= start]


class EventFollower(threading.Thread):
    """Follows B's /events, resuming with Last-Event-ID after 0.5 s whenever a stream ends.
    Keeps every event id in the order received (across resumes) and how often each trigger came."""

    def __init__(self, instance):
        super().__init__(daemon=True)
        self.instance, self.running = instance, True
        self.trigger_ids, self.closed_at, self.last_id = set(), [], None
        self.event_ids, self.trigger_counts = [], collections.Counter()

    def run(self):
        while self.running:
            self.follow()
            self.closed_at.append(time.monotonic())
            time.sleep(0.5)

    def follow(self):
        host, port = self.instance.base
        headers = {"Authorization": f"Bearer {TOKEN}", "Accept": "text/event-stream"}
        if self.last_id:
            headers["Last-Event-ID"] = self.last_id
        connection = http.client.HTTPConnection(host, port, timeout=30)
        try:
            connection.request("GET", "/events", headers=headers)
            response = connection.getresponse()
            if response.status != 200:
                response.read()
                return
            event = None
            while self.running:
                line = response.readline()
                if not line:
                    return
                line = line.decode().rstrip("\n")
                if line.startswith("id: "):
                    self.last_id = line[4:]
                    self.event_ids.append(int(self.last_id))
                elif line.startswith("event: "):
                    event = line[7:]
                elif line.startswith("data: ") and event == "trigger":
                    trigger = json.loads(line[6:]).get("id")
                    self.trigger_counts[trigger] += 1
                    self.trigger_ids.add(trigger)
        except (OSError, http.client.HTTPException, ValueError):
            return
        finally:
            connection.close()


class TriggerWriter(threading.Thread):
    """Posts a trigger through A every `every` s; keeps the ids answered 200."""

    def __init__(self, instance, tag, every):
        super().__init__(daemon=True)
        self.instance, self.tag, self.every, self.running = instance, tag, every, True
        self.acknowledged = []

    def run(self):
        n = 0
        while self.running:
            n += 1
            answer = self.instance.call("POST", "/trigger", {"type": "SearchAction", "deviceId": f"{self.tag}-{n}"}, timeout=8)
            if answer is not None and answer.status == 200:
                self.acknowledged.append(answer.json()["id"])
            time.sleep(self.every)


class Writer(threading.Thread):
    """Creates a favorite every `every` s and unfavorites the first favorite its list shows:
    each changes the list. Keeps the ids answered 201."""

    def __init__(self, instance, tag, every):
        super().__init__(daemon=True)
        self.instance, self.tag, self.every, self.running = instance, tag, every, True
        self.acknowledged, self.count = [], 0

    def run(self):
        while self.running:
            self.count += 1
            answer = self.instance.call("POST", "/contacts", {"name": f"{self.tag} {self.count}", "favorite": True})
            if answer is not None and answer.status == 201:
                self.acknowledged.append(answer.json()["id"])
            items, _ = self.instance.items()
            favorites = [i for i in items or [] if i.get("type") == "FavoriteAction"]
            if favorites:
                contact = favorites[0].get("userInfo", {}).get("contactId")
                if contact:
                    self.instance.call("DELETE", f"/contacts/{contact}/favorite")
            time.sleep(self.every)


# ---------------------------------------------------------------- faults


class Faults:
    def __init__(self, relay_port):
        self.port = str(relay_port)

    def rules(self, namespace, action, verb):
        """DROP both ways; or REJECT with a reset both ways (the resets the OUTPUT rule makes for
        this namespace's own sockets come in through INPUT: the INPUT rule lets resets pass)."""
        target = ["-j", "DROP"] if action == "silent" else ["-j", "REJECT", "--reject-with", "tcp-reset"]
        spare = [] if action == "silent" else ["--tcp-flags", "RST", "NONE"]
        for chain, direction, extra in (("OUTPUT", "--dport", []), ("INPUT", "--sport", spare)):
            subprocess.run(
                ["ip", "netns", "exec", namespace, "iptables", verb, chain, "-p", "tcp", direction, self.port] + extra + target, check=True)

    def apply(self, namespace, relay, kind):
        if kind == "delay":
            relay.delay = 0.5
        else:
            self.rules(namespace, kind, "-A")

    def heal(self, namespace, relay, kind):
        if kind == "delay":
            relay.delay = 0.0
        else:
            self.rules(namespace, kind, "-D")


def established(namespace, port):
    """The local ports of the instance's established connections to its relay."""
    out = subprocess.run(["ip", "netns", "exec", namespace, "ss", "-Htn", "state", "established", "dport", f"= :{port}"],
                         capture_output=True, text=True).stdout
    return {line.split()[2] for line in out.splitlines() if line.split()}


# ---------------------------------------------------------------- cases


def converge(a, b, bound):
    """Seconds until B's list equals A's (None past `bound`)."""
    started = time.monotonic()
    while time.monotonic() - started < bound:
        items_a, _ = a.items()
        items_b, warning = b.items()
        if items_a is not None and items_a == items_b and warning is None:
            return time.monotonic() - started
        time.sleep(0.1)
    return None


def partition_case(kind, a, b, relay_b, faults, settings, figures):
    duration = settings.cut_seconds[kind]
    log(f"--- {kind}: B's traffic to PostgreSQL {'dropped' if kind == 'silent' else 'reset' if kind == 'reset' else 'delayed 500 ms each way'} for {duration} s")
    check(converge(a, b, CONVERGENCE_BOUND) is not None, "B's list differs from A's before the fault")
    probe, follower = ReadinessProbe(b), EventFollower(b)
    writers = [Writer(a, f"{kind} A", 0.3), Writer(b, f"{kind} B", 0.5)]
    picks = TriggerWriter(a, f"{kind}-picks", 0.25)
    for thread in [probe, follower] + writers:
        thread.start()
    time.sleep(1.5)
    picks.start()  # once B's stream is open: it sees every one live or by its resumes
    before = established(b.namespace, settings.relay_port)
    cut = time.monotonic()
    faults.apply(b.namespace, relay_b, kind)
    key = f"{kind}-{random.getrandbits(32):08x}"
    first_on_b = b.call("POST", "/trigger", {"type": "SearchAction", "deviceId": key}, {"Idempotency-Key": key}, timeout=10)
    warned_at = unready_at = None
    deadline_answers, shortcut_statuses, closed_by_kernel = [], set(), {}

    def read_during_cut():  # requests that need PostgreSQL, 1 s and 4 s into the cut
        for at in (1, 4):
            time.sleep(max(0.0, cut + at - time.monotonic()))
            deadline_answers.append(b.call("GET", "/contacts?limit=5", timeout=10))

    reader = threading.Thread(target=read_during_cut, daemon=True)
    reader.start()
    while time.monotonic() - cut < duration:
        elapsed = time.monotonic() - cut
        _, warning = b.items()
        shortcut_statuses.add(b.last_items_status)
        if warning and warned_at is None:
            warned_at = elapsed
            refused = b.call("GET", "/events", timeout=3)
            check(refused is not None and refused.status == 503 and refused.headers.get("retry-after")
                  and refused.json().get("type", "").endswith("/change-feed-lost"),
                  f"{kind}: /events during the lost feed got {refused and (refused.status, refused.body[:200])}")
        if unready_at is None and any(s[1] == 503 for s in probe.since(cut)):
            unready_at = min(s[0] for s in probe.since(cut) if s[1] == 503) - cut
        if kind == "silent" and settings.show_keepalives:
            for port in before - established(b.namespace, settings.relay_port):
                closed_by_kernel.setdefault(port, elapsed)
        time.sleep(0.2)
    reader.join(15)
    retried_on_a = a.call("POST", "/trigger", {"type": "SearchAction", "deviceId": key}, {"Idempotency-Key": key})
    faults.heal(b.namespace, relay_b, kind)
    healed = time.monotonic()
    converged = converge(a, b, CONVERGENCE_BOUND + 5)
    for writer in writers + [picks]:
        writer.running = False
    for writer in writers + [picks]:
        writer.join(15)
    # A trigger made on A after the heal reaches B's stream.
    made = a.call("POST", "/trigger", {"type": "SearchAction", "deviceId": f"{key}-after"})
    check(made is not None and made.status == 200, f"{kind}: a trigger on A after the heal failed: {made and made.status}")
    trigger_id = made.json()["id"]
    waited = time.monotonic()
    while trigger_id not in follower.trigger_ids and time.monotonic() - waited < CONVERGENCE_BOUND:
        time.sleep(0.1)
    reached_events = time.monotonic() - waited if trigger_id in follower.trigger_ids else None
    probe.running = follower.running = False
    probe.join(5)

    # Every acknowledged create is there; the retried trigger is recorded once.
    missing = [i for w in writers for i in w.acknowledged if (r := a.call("GET", f"/contacts/{i}")) is None or r.status != 200]
    history = a.call("GET", "/triggers?limit=1000")
    recorded = sum(1 for t in history.json()["triggers"] if t.get("deviceId") == key) if history and history.status == 200 else -1
    slowest = max(s[2] for s in probe.samples)
    statuses = {s[1] for s in probe.since(cut) if s[0] < healed}
    closed = [t - cut for t in follower.closed_at if cut <= t < healed]
    report = {
        "readyz_max_s": round(slowest, 3), "readyz_503_after_s": unready_at and round(unready_at, 2),
        "stale_warning_after_s": warned_at and round(warned_at, 2), "b_shortcuts_statuses": sorted(map(str, shortcut_statuses)), "stream_closed_after_s": closed and round(closed[0], 2),
        "db_request_answers": [(x.status, round(x.seconds, 2), x.headers.get("retry-after")) if x else None for x in deadline_answers],
        "converged_after_heal_s": converged and round(converged, 2), "a_trigger_reached_b_events_s": reached_events and round(reached_events, 2),
        "acknowledged_creates": sum(len(w.acknowledged) for w in writers), "missing": len(missing),
        "idempotent_trigger": [first_on_b and first_on_b.status, retried_on_a and retried_on_a.status, f"recorded {recorded}"],
        "b_events": len(follower.event_ids), "b_stream_resumes": len(follower.closed_at),
        "triggers_on_a": len(picks.acknowledged),
    }
    if kind == "silent" and settings.show_keepalives:
        # The listener closes its own connection at 5 s; the others idle since the cut are closed
        # by their keepalives (about 11 s); one that sent a query during the cut, 10 s after that
        # query (tcp_user_timeout): every one within 30 s of the cut.
        report["connections_at_cut"] = len(before)
        report["closed_by_kernel_after_s"] = sorted(round(t, 1) for t in closed_by_kernel.values())
    figures[kind] = report
    log(f"{kind}: {json.dumps(report)}")
    check(slowest < 1.0, f"{kind}: /readyz took {slowest:.2f} s")
    check(503 in statuses, f"{kind}: /readyz never said 503 during the fault")
    check(converged is not None and converged <= CONVERGENCE_BOUND, f"{kind}: B's list did not equal A's within {CONVERGENCE_BOUND} s of the heal")
    check(reached_events is not None, f"{kind}: a trigger made on A never reached B's /events")
    check(not missing, f"{kind}: acknowledged contacts missing: {missing}")
    check(recorded == 1, f"{kind}: the trigger retried with one Idempotency-Key is recorded {recorded} times")
    # B's stream, resumed with Last-Event-ID across the cut: ids only increase, and every trigger
    # acknowledged on A before the last one B's stream delivered arrives exactly once.
    ids = follower.event_ids
    check(all(x < y for x, y in zip(ids, ids[1:])), f"{kind}: B's event ids went down or repeated: "
          f"{[(x, y) for x, y in zip(ids, ids[1:]) if x >= y][:5]}")
    twice = [t for t, n in follower.trigger_counts.items() if n > 1]
    check(not twice, f"{kind}: triggers delivered more than once on B's stream: {twice[:5]}")
    missed = [t for t in picks.acknowledged if t not in follower.trigger_ids]
    check(not missed, f"{kind}: {len(missed)} of {len(picks.acknowledged)} triggers acknowledged on A never reached B's stream: {missed[:5]}")
    check(retried_on_a is not None and retried_on_a.status == 200, f"{kind}: the retry on A failed")
    for answer in deadline_answers:
        check(answer is not None and answer.seconds < REQUEST_TIMEOUT + 1, f"{kind}: a request waited past the deadline")
        check(answer.status in (200, 503), f"{kind}: a request during the fault got {answer.status}")
        if answer.status == 503:
            check(answer.headers.get("retry-after"), f"{kind}: a 503 without Retry-After")
    if kind == "silent":
        check(warned_at is not None and warned_at <= STALE_BOUND + 0.5, f"silent: no stale warning within {STALE_BOUND} s ({warned_at})")
        check(closed and closed[0] <= STALE_BOUND + 0.5, f"silent: B's stream did not end within {STALE_BOUND} s ({closed})")


def frozen_case(a, b, relay_a, faults, settings, figures, psql):
    log("--- frozen: A cut while its writer holds a row lock")
    contact = a.call("POST", "/contacts", {"name": "Frozen Row", "favorite": True}).json()["id"]
    time.sleep(1)
    pick = {"type": "FavoriteAction", "userInfo": {"contactId": contact}}
    relay_a.delay = 0.15
    # Whether another session holds the contact's row lock (the frozen holder: A's writer).
    def row_locked():
        try:
            psql(f"SET lock_timeout = 100; SELECT 1 FROM contacts WHERE id = '{contact}' FOR UPDATE")
            return False
        except subprocess.CalledProcessError:
            return True

    for attempt in range(1, 8):
        running = [True]

        def pick_often():
            while running[0]:
                a.call("POST", "/trigger", pick, timeout=3)

        pickers = [threading.Thread(target=pick_often, daemon=True) for _ in range(2)]
        for t in pickers:
            t.start()
        time.sleep(random.uniform(0.5, 1.0))
        faults.rules(a.namespace, "silent", "-A")
        cut = time.monotonic()
        running[0] = False
        time.sleep(0.6)
        if row_locked():
            break
        faults.rules(a.namespace, "silent", "-D")
        for t in pickers:
            t.join(10)
        time.sleep(1)
    else:
        raise Failure("frozen: could not cut A in the middle of a transaction in 7 attempts")
    log(f"frozen: cut in the middle of a transaction (attempt {attempt})")
    released = worked = None
    while time.monotonic() - cut < IDLE_IN_TRANSACTION + 10 and (worked is None or released is None):
        if released is None and not row_locked():
            released = time.monotonic() - cut
        answer = b.call("POST", "/trigger", pick, timeout=10) if worked is None else None
        if answer is not None and answer.status == 200:
            worked = time.monotonic() - cut
        time.sleep(0.2)
    faults.rules(a.namespace, "silent", "-D")
    relay_a.delay = 0.0
    figures["frozen"] = {"lock_released_after_s": released and round(released, 2), "b_trigger_worked_after_s": worked and round(worked, 2)}
    log(f"frozen: {json.dumps(figures['frozen'])}")
    check(released is not None and released <= IDLE_IN_TRANSACTION + 1.5, f"frozen: the lock was held {released} s")
    check(worked is not None and worked <= IDLE_IN_TRANSACTION + 5, f"frozen: B's trigger on the locked contact failed for {worked} s")


def main():
    parser = argparse.ArgumentParser()
    for name in ("binary", "ns-a", "ns-b", "host-a", "host-b", "pg-host", "database", "psql-conninfo"):
        parser.add_argument("--" + name, required=True)
    parser.add_argument("--pg-port", type=int, required=True)
    parser.add_argument("--cases", default="silent,reset,delay,frozen")
    options = parser.parse_args()
    settings = argparse.Namespace(relay_port=15432, cut_seconds={"silent": 30, "reset": 8, "delay": 8}, show_keepalives=True)

    def psql(sql):
        return subprocess.run(["psql", "-X", "-q", "-tA", "-d", options.psql_conninfo, "-c", sql], capture_output=True, text=True,
                              check=True).stdout

    relays = {side: Relay((host, settings.relay_port), (options.pg_host, options.pg_port))
              for side, host in (("a", options.host_a), ("b", options.host_b))}
    url = "postgresql://postgres@{}:{}/" + options.database
    started = time.monotonic()
    a = Instance("A", options.ns_a, options.host_a.rsplit(".", 1)[0] + "." + str(int(options.host_a.rsplit(".", 1)[1]) + 1),
                 url.format(options.host_a, settings.relay_port), options.binary)
    b = Instance("B", options.ns_b, options.host_b.rsplit(".", 1)[0] + "." + str(int(options.host_b.rsplit(".", 1)[1]) + 1),
                 url.format(options.host_b, settings.relay_port), options.binary)
    faults, figures = Faults(settings.relay_port), {}
    try:
        for i in range(20):
            a.call("POST", "/contacts", {"name": f"Seed {i:02d}", "favorite": True})
        for kind in options.cases.split(","):
            if kind == "frozen":
                frozen_case(a, b, relays["a"], faults, settings, figures, psql)
            else:
                partition_case(kind, a, b, relays["b"], faults, settings, figures)
        silent = figures.get("silent", {})
        kernel = silent.get("closed_by_kernel_after_s")
        if kernel is not None:
            check(len(kernel) == silent["connections_at_cut"] and max(kernel) <= 30.0,
                  f"silent: not every connection open at the cut was given up within 30 s "
                  f"({len(kernel)} of {silent['connections_at_cut']}: {kernel})")
    finally:
        exits = {instance.name: instance.stop() for instance in (a, b)}
        log(f"stopped: exit statuses {exits}")
    check(all(code == 0 for code in exits.values()), f"a server did not stop cleanly: {exits}")
    log(f"all cases passed in {time.monotonic() - started:.0f} s")


if __name__ == "__main__":
    try:
        main()
    except Failure as failure:
        log(f"FAILED: {failure}")
        sys.exit(1)
