import Foundation
import TestSupport
import Testing

/// Many companions watching at once: 200 `/events` streams over real sockets, read by one
/// thread with poll(2).
@Suite struct EventFanOutEndToEndTests {
    static let streamCount = 200
    /// Generous: on loopback the fan-out takes milliseconds, but this machine has two cores
    /// shared with the other suites.
    static let deliveryBound = 5.0

    @Test("200 open streams: a change reaches all of them, plain requests still answer, SIGTERM ends them all")
    func fanOut() throws {
        // Single-account mode: the one account's streams, so its cap is raised to hold them all.
        let server = try ServerProcess(arguments: ["--max-streams-per-account", "\(Self.streamCount)"])
        defer { server.stop() }
        let contact = try #require(try server.listContacts("?favorite=false").contacts.first)
        let before = try server.shortcuts().list.version

        // Connect and send every request first, then read the heads: 200 round trips overlap.
        let streams = try (0..<Self.streamCount).map { _ in try EventStreamClient(port: server.port) }
        for stream in streams { try stream.readHead() }
        #expect(streams.allSatisfy { $0.head?.status == 200 })

        // Every stream gets its first `shortcuts` event.
        let initial = try Self.collect(streams, within: Self.deliveryBound) { $0.event == "shortcuts" }
        let missingFirst = initial.indices.filter { initial[$0] == nil }
        #expect(missingFirst.isEmpty, "\(missingFirst.count) streams got no first event")
        for event in initial.compactMap({ $0 }) {
            #expect(try event.jsonObject()["version"] as? String == before)
        }

        // While they are open, ordinary requests answer promptly.
        var slowest = 0.0
        for _ in 0..<10 {
            let started = Date()
            let health = try server.request("GET", "/healthz")
            let took = Date().timeIntervalSince(started)
            slowest = max(slowest, took)
            #expect(health.status == 200)
            #expect(took < 1, "GET /healthz took \(took) s with \(Self.streamCount) streams open")
        }
        let metrics = try server.request("GET", "/metrics").text
        #expect(
            metrics.split(separator: "\n").contains("event_streams \(Self.streamCount)"), "the event_streams gauge should say \(Self.streamCount)")

        // One change, sent to all 200.
        let sent = Date()
        #expect(try server.request("POST", "/contacts/\(contact.id)/favorite").status == 200)
        let answered = Date().timeIntervalSince(sent)
        let delivered = try Self.collect(streams, within: Self.deliveryBound) { event in
            event.event == "shortcuts" && (try? event.jsonObject()["version"] as? String) != before
        }
        let after = try server.shortcuts().list.version
        #expect(after != before)
        let versions = Set(try delivered.compactMap { try $0?.jsonObject()["version"] as? String })
        #expect(versions == [after], "the streams got versions \(versions), GET /shortcuts says \(after)")
        let latencies = delivered.compactMap { $0.map { $0.receivedAt.timeIntervalSince(sent) } }.sorted()
        let maxLatency = latencies.last ?? .infinity
        let median = latencies.isEmpty ? .infinity : latencies[latencies.count / 2]
        print(
            "SSE fan-out: \(latencies.count)/\(Self.streamCount) streams got the change; latency median \(Self.milliseconds(median)), "
                + "max \(Self.milliseconds(maxLatency)), from sending the change (its own answer took \(Self.milliseconds(answered)); "
                + "slowest /healthz meanwhile \(Self.milliseconds(slowest)))")
        #expect(latencies.count == Self.streamCount, "\(Self.streamCount - latencies.count) streams missed the change")
        #expect(maxLatency < Self.deliveryBound)

        // SIGTERM with 200 streams open: exit 0, promptly, and every stream ends.
        let stopping = Date()
        let exit = server.stop()
        let stopTook = Date().timeIntervalSince(stopping)
        #expect(exit == .exited(0), "\(exit)")
        #expect(stopTook < 5, "stopping with \(Self.streamCount) streams took \(stopTook) s")
        let endDeadline = Date().addingTimeInterval(3)
        while Date() < endDeadline, streams.contains(where: { !$0.ended }) {
            let open = streams.filter { !$0.ended }
            for index in SocketPoll.readable(open.map(\.client.socketDescriptor), milliseconds: 50) {
                _ = try? open[index].pump()
            }
        }
        let unended = streams.filter { !$0.ended }.count
        #expect(unended == 0, "\(unended) streams still open after the server stopped")
    }

    /// Reads all `streams` with poll(2) until each has an event matching `wanted` or `seconds`
    /// pass; returns the first matching event per stream (nil where none came).
    static func collect(
        _ streams: [EventStreamClient], within seconds: Double, _ wanted: (ServerSentEvent) -> Bool
    ) throws -> [ServerSentEvent?] {
        var found = [ServerSentEvent?](repeating: nil, count: streams.count)
        // Events already parsed (they came with an earlier read) count too.
        for (index, stream) in streams.enumerated() {
            found[index] = try stream.takePending().first(where: wanted)
        }
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            let waiting = found.indices.filter { found[$0] == nil }
            if waiting.isEmpty { break }
            let ready = SocketPoll.readable(waiting.map { streams[$0].client.socketDescriptor }, milliseconds: 50).map { waiting[$0] }
            // Read every ready socket first (each read is timestamped), then parse.
            for index in ready { try streams[index].receive() }
            for index in ready {
                try streams[index].pump()
                found[index] = try streams[index].takePending().first(where: wanted)
            }
        }
        return found
    }

    static func milliseconds(_ seconds: Double) -> String {
        seconds.isFinite ? String(format: "%.1f ms", seconds * 1000) : "n/a"
    }
}
