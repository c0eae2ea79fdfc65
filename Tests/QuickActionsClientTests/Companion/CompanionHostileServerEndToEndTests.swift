import Foundation
import Testing

/// The `quickactions` executable against servers that misbehave on purpose: what it holds stays
/// bounded (its peak resident set is read from /proc while it runs), it ends with a message
/// naming the limit, and its token never reaches another origin.
@Suite struct CompanionHostileServerEndToEndTests {
    /// Far above what the companion needs (about 30 MB here) and far below what an unbounded
    /// buffer reaches in a few seconds on loopback.
    static let memoryCeilingKiB = 200 * 1024
    /// Seconds a run may take before it counts as hanging (each case here ends in a few).
    static let patience = 60.0

    /// A server whose `/shortcuts` answers a small list and whose `/events` is `events`.
    static func eventServer(_ events: @escaping @Sendable (HostileServer.Connection) -> Void) throws -> HostileServer {
        try HostileServer { request, connection in
            if request.path.hasPrefix("/events") {
                connection.write(HostileServer.eventStreamHead)
                events(connection)
            } else {
                connection.write(HostileServer.answer(200, HostileServer.list))
            }
        }
    }

    static func describe(_ run: CompanionProcess.Watched) -> String {
        "status \(run.result.status), peak \(run.peakKiB) KiB\(run.killedForMemory ? " (killed for memory)" : ""), "
            + "\(Int(run.seconds)) s, stderr: \(run.result.error.prefix(600))"
    }

    @Test("menu: an endless JSON body ends with a body-limit error, in bounded memory")
    func endlessBody() async throws {
        let server = try HostileServer { _, connection in
            connection.write("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n{\"items\":[")
            HostileServer.repeatForever(Array(String(repeating: #"{"type":"T","localizedTitle":"Endless"},"#, count: 1600).utf8), on: connection)
        }
        defer { server.stop() }
        let run = try await CompanionProcess.runWatchingMemory(
            ["menu", "--url", server.origin], timeout: Self.patience, memoryCeilingKiB: Self.memoryCeilingKiB)
        #expect(!run.killedForMemory && run.peakKiB < Self.memoryCeilingKiB, "\(Self.describe(run))")
        #expect(run.result.status == 76, "\(Self.describe(run))")
        #expect(run.result.error.contains("larger than 16 MiB") && run.result.error.contains("maxBodyBytes"), "\(Self.describe(run))")
    }

    @Test("watch: one endless event-stream line ends with an event-size error, in bounded memory")
    func endlessEventLine() async throws {
        let server = try Self.eventServer { connection in
            connection.write("retry: 60000\ndata: ")
            HostileServer.repeatForever(Array(repeating: UInt8(ascii: "x"), count: 65_536), on: connection)
        }
        defer { server.stop() }
        let run = try await CompanionProcess.runWatchingMemory(
            ["watch", "--url", server.origin], timeout: Self.patience, memoryCeilingKiB: Self.memoryCeilingKiB)
        #expect(!run.killedForMemory && run.peakKiB < Self.memoryCeilingKiB, "\(Self.describe(run))")
        #expect(run.result.status == 76, "\(Self.describe(run))")
        #expect(run.result.error.contains("maxEventBytes"), "\(Self.describe(run))")
    }

    @Test("watch: a flood of events ends with an event-buffer error, in bounded memory")
    func eventFlood() async throws {
        let event = "event: shortcuts\ndata: \(HostileServer.list)\n\n"
        let server = try Self.eventServer { connection in
            connection.write("retry: 60000\n")
            HostileServer.repeatForever(Array(String(repeating: event, count: 400).utf8), on: connection)
        }
        defer { server.stop() }
        let run = try await CompanionProcess.runWatchingMemory(
            ["watch", "--url", server.origin], timeout: Self.patience, memoryCeilingKiB: Self.memoryCeilingKiB)
        #expect(!run.killedForMemory && run.peakKiB < Self.memoryCeilingKiB, "\(Self.describe(run))")
        #expect(run.result.status == 76, "\(Self.describe(run))")
        #expect(run.result.error.contains("maxBufferedEventBytes"), "\(Self.describe(run))")
    }

    @Test("menu: a redirect to another origin is refused, naming it; the token never reaches it")
    func crossOriginRedirect() throws {
        let elsewhere = try HostileServer { _, connection in connection.write(HostileServer.answer(200, HostileServer.list)) }
        defer { elsewhere.stop() }
        let server = try HostileServer { _, connection in
            connection.write(HostileServer.answer(302, "", headers: ["Location: \(elsewhere.origin)/shortcuts"]))
        }
        defer { server.stop() }
        let result = try CompanionProcess.run(["menu", "--url", server.origin, "--token", "secret-token-0123456789"])
        #expect(result.status == 76, "\(result.error)")
        #expect(result.error.contains("redirected to another origin") && result.error.contains(elsewhere.origin), "\(result.error)")
        let leaked = elsewhere.requests.filter { $0.header("Authorization") != nil }
        #expect(leaked.isEmpty, "the other origin received the token: \(leaked.map(\.head))")
        #expect(server.requests.first?.header("Authorization") == "Bearer secret-token-0123456789")
    }

    @Test("menu: a server that sends a byte every 2 s is given up after the 30 s request deadline")
    func trickle() async throws {
        let server = try HostileServer { _, connection in
            connection.write("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 1000\r\nConnection: close\r\n\r\n")
            while connection.pause(2) && connection.write(" ") {}
        }
        defer { server.stop() }
        let run = try await CompanionProcess.runWatchingMemory(
            ["menu", "--url", server.origin], timeout: 90, memoryCeilingKiB: Self.memoryCeilingKiB)
        #expect(run.result.status == 69, "\(Self.describe(run))")
        #expect(run.result.error.contains("within 30 s") && run.result.error.contains("requestDeadline"), "\(Self.describe(run))")
    }
}
