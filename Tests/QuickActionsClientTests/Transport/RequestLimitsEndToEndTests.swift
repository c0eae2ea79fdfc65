import Foundation
import QuickActionsClient
import Testing

/// `shortcuts()` against servers that misbehave on purpose (in-process, raw sockets): each
/// limit ends the call with its own error, and the client hangs up instead of reading on.
@Suite struct RequestLimitsEndToEndTests {
    /// What a client that never hangs up lets a server push (the server stops there).
    static let cap = 1 << 30
    /// A client that hangs up at a 1 MiB limit lets a server push far less: the limit, socket
    /// buffers, and what URLSession still reads (and the client drops) until its cancel lands:
    /// at the hostile server's pace, under a second's worth.
    static let hungUpBelow = cap / 2

    @Test("An endless body ends with .bodyTooLarge at maxBodyBytes, and the client hangs up")
    func endlessBody() async throws {
        let server = try HostileServer(cap: Self.cap) { _, connection in
            connection.write("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n{\"items\":[")
            HostileServer.repeatForever(Array(String(repeating: #"{"type":"T","localizedTitle":"Endless"},"#, count: 1600).utf8), on: connection)
        }
        defer { server.stop() }
        let watchdog = server.stop(after: 120)
        defer { watchdog.cancel() }
        let client = QuickActionsClient(baseURL: server.url, limits: .init(maxBodyBytes: 1 << 20))
        await #expect(throws: QuickActionsClientError.bodyTooLarge(limit: 1 << 20)) { try await client.shortcuts() }
        #expect(await server.waitForHandlers(seconds: 10))
        #expect(server.bytesSent < Self.hungUpBelow, "the client read \(server.bytesSent) bytes")
    }

    @Test("A declared Content-Length past maxBodyBytes is refused before the body is read")
    func declaredLength() async throws {
        let server = try HostileServer(cap: Self.cap) { _, connection in
            connection.write("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 10737418240\r\nConnection: close\r\n\r\n")
            HostileServer.repeatForever(Array(repeating: UInt8(ascii: " "), count: 65_536), on: connection)
        }
        defer { server.stop() }
        let watchdog = server.stop(after: 120)
        defer { watchdog.cancel() }
        let client = QuickActionsClient(baseURL: server.url, limits: .init(maxBodyBytes: 1 << 20))
        await #expect(throws: QuickActionsClientError.bodyTooLarge(limit: 1 << 20)) { try await client.shortcuts() }
        #expect(await server.waitForHandlers(seconds: 10))
        #expect(server.bytesSent < Self.hungUpBelow, "the client read \(server.bytesSent) bytes")
    }

    @Test("A server that trickles its answer is given up at requestDeadline, not kept alive by each byte")
    func trickle() async throws {
        let server = try HostileServer { _, connection in
            connection.write("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 1000\r\nConnection: close\r\n\r\n")
            while connection.pause(0.5) && connection.write(" ") {}
        }
        defer { server.stop() }
        // A client that waits for the body is cut off here, with another error. (No upper
        // bound on the time is asserted: in the full suite, tests that hold the concurrency
        // pool's threads can keep this one from resuming for tens of seconds.)
        let watchdog = server.stop(after: 120)
        defer { watchdog.cancel() }
        let client = QuickActionsClient(baseURL: server.url, limits: .init(requestDeadline: 2))
        let started = Date()
        await #expect(throws: QuickActionsClientError.deadlineExceeded(seconds: 2)) { try await client.shortcuts() }
        #expect(Date().timeIntervalSince(started) >= 1.9)
    }

    @Test("A redirect to another origin is refused, naming it; the other origin never sees the token")
    func crossOriginRedirect() async throws {
        let elsewhere = try HostileServer { _, connection in connection.write(HostileServer.answer(200, HostileServer.list)) }
        defer { elsewhere.stop() }
        let server = try HostileServer { _, connection in
            connection.write(HostileServer.answer(302, "", headers: ["Location: \(elsewhere.origin)/shortcuts"]))
        }
        defer { server.stop() }
        let client = QuickActionsClient(baseURL: server.url, token: "secret-token-0123456789")
        await #expect(throws: QuickActionsClientError.redirectRefused(origin: elsewhere.origin)) { try await client.shortcuts() }
        #expect(elsewhere.requests.allSatisfy { $0.header("Authorization") == nil }, "\(elsewhere.requests.map(\.head))")
        #expect(server.requests.first?.header("Authorization") == "Bearer secret-token-0123456789")
    }

    @Test("A redirect within the origin is followed, with the token")
    func sameOriginRedirect() async throws {
        let server = try HostileServer { request, connection in
            if request.path == "/shortcuts" {
                connection.write(HostileServer.answer(302, "", headers: ["Location: /moved/shortcuts"]))
            } else if request.header("Authorization") == "Bearer secret-token-0123456789" {
                connection.write(HostileServer.answer(200, HostileServer.list))
            } else {
                connection.write(HostileServer.answer(401, #"{"title":"Unauthorized","status":401}"#, type: "application/problem+json"))
            }
        }
        defer { server.stop() }
        let client = QuickActionsClient(baseURL: server.url, token: "secret-token-0123456789")
        let list = try await client.shortcuts()
        #expect(list.version == "v1")
        #expect(server.requests.map(\.path) == ["/shortcuts", "/moved/shortcuts"])
    }
}
