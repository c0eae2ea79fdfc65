import Foundation
import QuickActionsClient
import Synchronization
import Testing

/// `events()` against servers that misbehave on purpose (in-process, raw sockets): an event
/// too large, a consumer too far behind, a silent connection, a redirect elsewhere, no answer.
@Suite struct EventStreamLimitsEndToEndTests {
    /// What a client that never hangs up lets a server push (the server stops there).
    static let cap = 1 << 30
    /// A client that hangs up at limits of a few MiB lets a server push far less: the limit, socket
    /// buffers, and what URLSession still reads (and the client drops) until its cancel lands:
    /// at the hostile server's pace, under a second's worth.
    static let hungUpBelow = cap / 2

    /// A server whose `/events` is `events`, after the event-stream head.
    static func eventServer(_ events: @escaping @Sendable (HostileServer.Connection) -> Void) throws -> HostileServer {
        try HostileServer(cap: cap) { request, connection in
            guard request.path.hasPrefix("/events") else { return }
            connection.write(HostileServer.eventStreamHead)
            events(connection)
        }
    }

    /// Iterates `stream` to its end; the error that ended it, or nil when it ended without one
    /// or still ran after `seconds` (then its iteration is cancelled).
    static func endingError(of stream: AsyncThrowingStream<QuickActionEvent, Error>, within seconds: Double = 120) async -> Error? {
        let consumer = Task { () -> Error? in
            do {
                for try await _ in stream {}
                return nil
            } catch {
                return error
            }
        }
        let timer = Task {
            try? await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000))
            consumer.cancel()
        }
        defer { timer.cancel() }
        return await consumer.value
    }

    @Test("One endless line ends the stream with .eventTooLarge at maxEventBytes, and the client hangs up")
    func endlessLine() async throws {
        let server = try Self.eventServer { connection in
            connection.write("retry: 60000\ndata: ")
            HostileServer.repeatForever(Array(repeating: UInt8(ascii: "x"), count: 65_536), on: connection)
        }
        defer { server.stop() }
        let watchdog = server.stop(after: 120)
        defer { watchdog.cancel() }
        let client = QuickActionsClient(baseURL: server.url, limits: .init(maxEventBytes: 1 << 20, maxBufferedEventBytes: 4 << 20))
        let error = await Self.endingError(of: client.events())
        #expect(error as? QuickActionsClientError == .eventTooLarge(limit: 1 << 20), "\(String(describing: error))")
        #expect(await server.waitForHandlers(seconds: 10))
        #expect(server.bytesSent < Self.hungUpBelow, "the client read \(server.bytesSent) bytes")
    }

    @Test("A flood of events while the consumer waits ends the stream with .eventBufferFull, and the client hangs up")
    func flood() async throws {
        let event = "event: shortcuts\ndata: \(HostileServer.list)\n\n"
        // The flood starts once the consumer has the first event (and stops reading).
        let flooding = Mutex(false)
        let server = try Self.eventServer { connection in
            connection.write("retry: 60000\n" + event)
            while !flooding.withLock({ $0 }) && connection.pause(0.02) {}
            HostileServer.repeatForever(Array(String(repeating: event, count: 400).utf8), on: connection)
        }
        defer { server.stop() }
        let watchdog = server.stop(after: 120)
        defer { watchdog.cancel() }
        let client = QuickActionsClient(baseURL: server.url, limits: .init(maxBufferedEventBytes: 4 << 20))
        let stream = client.events()
        let consumer = Task { () -> (first: QuickActionEvent?, error: Error?) in
            var iterator = stream.makeAsyncIterator()
            var first: QuickActionEvent?
            do {
                first = try await iterator.next()
                flooding.withLock { $0 = true }
                // A consumer busy elsewhere while the server keeps sending.
                try await Task.sleep(nanoseconds: 1_500_000_000)
                while try await iterator.next() != nil {}
                return (first, nil)
            } catch {
                return (first, error)
            }
        }
        let timer = Task {
            try? await Task.sleep(nanoseconds: 120_000_000_000)
            consumer.cancel()
        }
        defer { timer.cancel() }
        let (first, error) = await consumer.value
        #expect(first == .shortcuts(try ShortcutList(json: Array(HostileServer.list.utf8))))
        #expect(error as? QuickActionsClientError == .eventBufferFull(limit: 4 << 20), "\(String(describing: error))")
        #expect(await server.waitForHandlers(seconds: 10))
        #expect(server.bytesSent < Self.hungUpBelow, "the client read \(server.bytesSent) bytes")
    }

    @Test("A silent connection is dropped after eventStreamIdleTimeout and reopened with Last-Event-ID")
    func silentConnection() async throws {
        let server = try Self.eventServer { connection in
            connection.write("retry: 100\nid: 41\nevent: other\ndata: {}\n\n")
            while connection.pause(0.2) && !connection.clientClosed {}
        }
        defer { server.stop() }
        let client = QuickActionsClient(baseURL: server.url, limits: .init(eventStreamIdleTimeout: 1))
        let collector = EventCollector(client.events())
        defer { collector.stop() }
        // Generous: in the full suite the stream's task may wait long for a thread of the pool.
        let deadline = Date().addingTimeInterval(90)
        while server.requests.count < 2 && Date() < deadline { try await Task.sleep(nanoseconds: 50_000_000) }
        let requests = server.requests
        #expect(requests.count >= 2, "no reconnection: \(requests.map(\.head))")
        #expect(requests.dropFirst().first?.header("Last-Event-ID") == "41")
    }

    @Test("A redirect of /events to another origin ends the stream with .redirectRefused; the other origin never sees the token")
    func crossOriginRedirect() async throws {
        let elsewhere = try HostileServer { _, connection in
            connection.write(HostileServer.eventStreamHead + "data: {}\n\n")
            _ = connection.pause(30)
        }
        defer { elsewhere.stop() }
        let server = try HostileServer { _, connection in
            connection.write(HostileServer.answer(307, "", headers: ["Location: \(elsewhere.origin)/events"]))
        }
        defer { server.stop() }
        let client = QuickActionsClient(baseURL: server.url, token: "secret-token-0123456789")
        let error = await Self.endingError(of: client.events())
        #expect(error as? QuickActionsClientError == .redirectRefused(origin: elsewhere.origin), "\(String(describing: error))")
        #expect(elsewhere.requests.allSatisfy { $0.header("Authorization") == nil }, "\(elsewhere.requests.map(\.head))")
    }

    @Test("A server that never begins the stream ends it with .deadlineExceeded at requestDeadline")
    func noAnswer() async throws {
        let server = try HostileServer { _, connection in _ = connection.pause(300) }
        defer { server.stop() }
        let client = QuickActionsClient(baseURL: server.url, limits: .init(requestDeadline: 1))
        let error = await Self.endingError(of: client.events(), within: 90)
        #expect(error as? QuickActionsClientError == .deadlineExceeded(seconds: 1), "\(String(describing: error))")
    }
}
