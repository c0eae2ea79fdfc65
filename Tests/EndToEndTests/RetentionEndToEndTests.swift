import Foundation
import TestSupport
import Testing

/// `--idempotency-ttl` and `--trigger-retention` are honoured while the server runs: the
/// background purge empties what expired, and `/metrics` shows it.
@Suite struct RetentionEndToEndTests {
    /// The value of the gauge `name` in a `/metrics` scrape.
    static func gauge(_ server: ServerProcess, _ name: String) throws -> Int? {
        let response = try server.request("GET", "/metrics")
        guard response.status == 200 else { return nil }
        for line in response.text.split(separator: "\n") where line.hasPrefix(name + " ") {
            return Int(line.dropFirst(name.count + 1))
        }
        return nil
    }

    @Test("--idempotency-ttl 2s --trigger-retention 3s: 50 keyed triggers, then both gauges drop to 0 while the server runs")
    func shortLifetimesAreHonoured() throws {
        let server = try ServerProcess(arguments: ["--idempotency-ttl", "2s", "--trigger-retention", "3s"])
        defer { server.stop() }
        let count = 50
        let started = Date()
        let client = try server.connect()
        defer { client.close() }
        for index in 0..<count {
            let response = try client.send(
                "POST", "/trigger", headers: [("Content-Type", "application/json"), ("Idempotency-Key", "retention-\(index)")],
                body: Array(#"{"type":"SearchAction"}"#.utf8))
            try #require(response.status == 200, "\(response.status) \(response.text)")
        }
        let keys = try #require(try Self.gauge(server, "quickactiond_idempotency_keys"))
        let triggers = try #require(try Self.gauge(server, "quickactiond_triggers_stored"))
        print(
            "retention: \(count) keyed triggers in \(String(format: "%.2f", Date().timeIntervalSince(started))) s; gauges: \(keys) keys, \(triggers) triggers"
        )
        #expect(keys == count, "the keys were posted well within their 2 s")
        #expect(triggers == count)

        // Gone within TTL + period (2 s + 1 s) and retention + period (3 s + 1.5 s), give or take a scrape.
        var last = (keys: keys, triggers: triggers)
        let deadline = started.addingTimeInterval(15)
        while Date() < deadline {
            last = (try Self.gauge(server, "quickactiond_idempotency_keys") ?? -1, try Self.gauge(server, "quickactiond_triggers_stored") ?? -1)
            if last == (0, 0) { break }
            usleep(100_000)
        }
        let elapsed = Date().timeIntervalSince(started)
        print("retention: gauges \(last.keys) keys, \(last.triggers) triggers after \(String(format: "%.2f", elapsed)) s")
        #expect(last == (0, 0), "after \(elapsed) s: \(last.keys) keys, \(last.triggers) triggers still stored")
        // Nominally gone by 4.5 s; 10 s leaves room for a loaded machine while still telling a purge
        // every 1.5 s from one every 60 s (which would leave them past the 15 s waited above).
        #expect(elapsed < 10, "the purge should run at least every min(TTL / 2, retention / 2, 60 s)")
        #expect(try IdempotencyEndToEndTests.triggerIds(server).isEmpty, "GET /triggers lists a trigger past its retention")
        // An expired key is a new key: processed again, not replayed.
        let again = try server.request(
            "POST", "/trigger", headers: [("Content-Type", "application/json"), ("Idempotency-Key", "retention-0")],
            body: Array(#"{"type":"SearchAction"}"#.utf8))
        #expect(again.status == 200 && again.header("Idempotent-Replayed") == nil)
    }

    @Test("By default (90 days) triggers and fresh keys stay")
    func defaultsKeepRecentRows() throws {
        let server = try ServerProcess(arguments: ["--trigger-retention", "0"])
        defer { server.stop() }
        let response = try server.request(
            "POST", "/trigger", headers: [("Content-Type", "application/json"), ("Idempotency-Key", "kept")],
            body: Array(#"{"type":"SearchAction"}"#.utf8))
        try #require(response.status == 200)
        usleep(300_000)
        #expect(try Self.gauge(server, "quickactiond_idempotency_keys") == 1)
        #expect(try Self.gauge(server, "quickactiond_triggers_stored") == 1)
    }
}
