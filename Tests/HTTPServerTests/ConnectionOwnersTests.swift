import Foundation
import HTTPServer
import TestSupport
import Testing

/// Attributes each connection to the owner its request names (`X-Owner`), and refuses the
/// request when that owner holds its share, as the API does with accounts.
final class OwnerHandler: HTTPRequestHandler {
    func handle(_ request: HTTPRequest) -> HTTPResponse {
        handle(request, on: .detached)
    }

    func handle(_ request: HTTPRequest, on connection: borrowing HTTPConnection) -> HTTPResponse {
        if let owner = request.headers["X-Owner"].flatMap({ Int64($0) }), !connection.attribute(to: owner) {
            return HTTPResponse(status: 429, body: .bytes(Array("share \(connection.share ?? 0)".utf8)), closeConnection: true)
        }
        return HTTPResponse(status: 200)
    }

    func reject(_ error: HTTPTransportError, method: String, target: String, startedAt: UInt64) -> HTTPResponse {
        HTTPResponse(status: 400)
    }
}

/// `HTTPServerConfiguration.maxConnectionsPerOwner`: no owner holds more connections than its share.
@Suite struct ConnectionOwnersTests {
    private func request(_ connection: RawHTTPConnection, owner: Int64?) throws -> RawHTTPResponse {
        try connection.sendRaw("GET / HTTP/1.1\r\nHost: x\r\n\(owner.map { "X-Owner: \($0)\r\n" } ?? "")\r\n")
        return try connection.readResponse()
    }

    @Test("An owner's connections stop at its share; another owner's and unattributed ones do not; a closed one frees its place")
    func share() throws {
        let server = try HTTPServer(
            configuration: HTTPServerConfiguration(host: "127.0.0.1", port: 0, maxConnectionsPerOwner: 3), handler: OwnerHandler())
        defer { server.stop(grace: .seconds(1)) }
        var mine = try (0..<3).map { _ in try RawHTTPConnection(port: server.port) }
        for connection in mine { #expect(try request(connection, owner: 7).status == 200) }
        #expect(server.openConnections(of: 7) == 3)

        let fourth = try RawHTTPConnection(port: server.port)
        let refused = try request(fourth, owner: 7)
        #expect(refused.status == 429)
        #expect(refused.text == "share 3")
        #expect(refused.header("Connection")?.lowercased() == "close")
        #expect(server.openConnections(of: 7) == 3)

        // Attributed once: a later request of another owner on one of them changes nothing.
        #expect(try request(mine[0], owner: 8).status == 200)
        #expect(server.openConnections(of: 8) == 0)
        let others = try (0..<3).map { _ in try RawHTTPConnection(port: server.port) }
        for connection in others { #expect(try request(connection, owner: 8).status == 200) }
        #expect(try request(RawHTTPConnection(port: server.port), owner: nil).status == 200)

        mine.removeFirst()  // closed
        var admitted = false
        let deadline = Date().addingTimeInterval(2)
        while !admitted && Date() < deadline {
            let next = try RawHTTPConnection(port: server.port)
            admitted = try request(next, owner: 7).status == 200
            if admitted { mine.append(next) } else { usleep(10_000) }
        }
        #expect(admitted, "the closed connection's place was not given back")
        #expect(server.openConnections(of: 7) == 3)
    }

    @Test("Without a share nothing is refused")
    func noShare() throws {
        let server = try HTTPServer(configuration: HTTPServerConfiguration(host: "127.0.0.1", port: 0), handler: OwnerHandler())
        defer { server.stop(grace: .seconds(1)) }
        let connections = try (0..<10).map { _ in try RawHTTPConnection(port: server.port) }
        for connection in connections { #expect(try request(connection, owner: 7).status == 200) }
        #expect(server.openConnections(of: 7) == 0)
    }
}
