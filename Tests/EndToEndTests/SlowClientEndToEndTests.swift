import Foundation
import TestSupport
import Testing

/// Slowloris: many connections that start a request and never finish it.
@Suite struct SlowClientEndToEndTests {
    static let stalledCount = 200

    @Test("200 stalled half-requests neither block a normal request nor stay open past --idle-timeout")
    func stalledConnections() throws {
        let server = try ServerProcess(arguments: ["--no-seed", "--idle-timeout", "2"])
        defer { server.stop() }

        var stalled: [RawHTTPConnection] = []
        defer { stalled.forEach { $0.close() } }
        for _ in 0..<Self.stalledCount {
            let client = try server.connect()
            try client.sendRaw(Array("GET /heal".utf8))
            stalled.append(client)
        }
        let stalledAt = Date()

        // A normal client is served at once, several times over.
        for attempt in 1...5 {
            let started = Date()
            let response = try server.request("GET", "/healthz")
            let took = Date().timeIntervalSince(started)
            #expect(response.status == 200, "attempt \(attempt)")
            #expect(took < 1, "attempt \(attempt): GET /healthz took \(took) s with \(Self.stalledCount) stalled connections")
        }

        // The stalled ones are closed by the idle timeout: a sample must see end-of-file within
        // ~5 s of stalling, and not before about a second (they are idle, not refused).
        let sample = stride(from: 0, to: Self.stalledCount, by: 40).map { stalled[$0] } + [stalled[Self.stalledCount - 1]]
        var closedAfter: [Double] = []
        for (position, client) in sample.enumerated() {
            let closed = client.awaitClose(within: max(0, 5 - Date().timeIntervalSince(stalledAt)))
            #expect(closed, "stalled connection \(position) of the sample was still open \(Date().timeIntervalSince(stalledAt)) s after stalling")
            if closed { closedAfter.append(Date().timeIntervalSince(stalledAt)) }
        }
        if let first = closedAfter.min() {
            #expect(first > 1, "a stalled connection was closed after \(first) s, before the 2 s idle timeout")
        }
        // The rest should have gone the same way by now (reported, not required).
        let stillOpen = stalled.filter { !$0.awaitClose(within: 0.002) }.count
        print(
            "slow clients: sample closed after \(closedAfter.map { String(format: "%.2f s", $0) }); \(stillOpen) of \(Self.stalledCount) still open")

        #expect(try server.request("GET", "/healthz").status == 200)
    }
}
