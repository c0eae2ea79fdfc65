import Foundation
import QuickActionsClient
import TestSupport
import Testing

/// `events()` against the real server, through a proxy that resets the stream.
@Suite struct EventStreamEndToEndTests {
    /// Seconds to wait for an event. Milliseconds alone; but in the full suite, synchronous
    /// end-to-end tests can hold both of this machine's cooperative threads for tens of seconds,
    /// and the stream's tasks wait for one (measured: over 15 s once).
    static let patience = 60.0

    static func postTriggers(_ server: ServerProcess, count: Int) async throws -> [String] {
        var ids: [String] = []
        for _ in 0..<count {
            let (status, body) = try await server.fetch("POST", "trigger", json: #"{"type":"SearchAction"}"#)
            #expect(status == 200)
            ids.append((try JSONSerialization.jsonObject(with: body) as? [String: Any])?["id"] as? String ?? "")
        }
        return ids
    }

    @Test("A stream reset by the network resumes with Last-Event-ID: no trigger event missed, none twice; ending it closes the connection")
    func resumesAfterAReset() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try ServerProcess(directory: directory, arguments: ["--no-seed"])
        defer { server.stop() }
        let proxy = try FaultInjectingProxy(upstreamPort: server.port)
        defer { proxy.stop() }
        let client = QuickActionsClient(baseURL: ServerProcess.url(port: proxy.port))
        let collector = EventCollector(client.events())
        defer { collector.stop() }

        #expect(await collector.wait(seconds: Self.patience) { $0.contains { if case .shortcuts = $0 { true } else { false } } })
        var expected = try await Self.postTriggers(server, count: 3)
        #expect(await collector.wait(seconds: Self.patience) { _ in collector.triggers.count == 3 })

        proxy.resetAll()
        // Sent while the client is disconnected (it waits retry: 3000 ms before reconnecting).
        expected += try await Self.postTriggers(server, count: 3)
        #expect(await collector.wait(seconds: Self.patience) { _ in collector.triggers.count >= 6 })
        expected += try await Self.postTriggers(server, count: 2)
        #expect(await collector.wait(seconds: Self.patience) { _ in collector.triggers.count >= 8 })
        try await Task.sleep(nanoseconds: 200_000_000)

        let received = collector.triggers
        #expect(received.map(\.id) == expected, "missed or doubled trigger events")
        let ids = received.compactMap { $0.eventID.flatMap { Int64($0) } }
        #expect(ids.count == 8 && ids == ids.sorted())
        #expect(proxy.accepted >= 2, "the stream reconnected")
        let lists = collector.received.filter { if case .shortcuts = $0 { true } else { false } }
        #expect(lists.count >= 2, "a list on connect and on every reconnect")

        // Ending the iteration closes the connection (the proxy sees the client go).
        collector.stop()
        let deadline = Date().addingTimeInterval(5)
        while proxy.openConnections > 0 && Date() < deadline { try await Task.sleep(nanoseconds: 20_000_000) }
        #expect(proxy.openConnections == 0, "the connection outlived the stream")
    }
}
