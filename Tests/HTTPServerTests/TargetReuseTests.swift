import Foundation
import HTTPServer
import Synchronization
import TestSupport
import Testing

/// Records each request's decoded query and where its pairs are stored, and keeps every pair
/// array alive: a new parse can then never be given the storage of an earlier one, so two
/// requests sharing storage means the second reused the first's parse.
final class QueryRecordingHandler: HTTPRequestHandler {
    struct Seen {
        var query: String
        var storage: UInt
    }

    let seen = Mutex<[Seen]>([])
    private let kept = Mutex<[[(name: String, value: String)]]>([])

    func handle(_ request: HTTPRequest) -> HTTPResponse {
        let storage = request.query.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        let query = request.query.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
        kept.withLock { $0.append(request.query) }
        seen.withLock { $0.append(Seen(query: query, storage: storage)) }
        return HTTPResponse(status: 200, body: .bytes(Array((request.path + "?" + query).utf8)))
    }

    func reject(_ error: HTTPTransportError, method: String, target: String, startedAt: UInt64) -> HTTPResponse {
        HTTPResponse(status: 400, body: .bytes(Array("bad".utf8)))
    }
}

/// A connection keeps its last parsed request target: the same target again reuses the parse,
/// any other target is parsed afresh, and nothing is shared between connections.
@Suite struct TargetReuseTests {
    private func get(_ target: String, on connection: RawHTTPConnection) throws -> RawHTTPResponse {
        try connection.sendRaw("GET \(target) HTTP/1.1\r\nHost: x\r\n\r\n")
        return try connection.readResponse()
    }

    @Test func theSameTargetReusesItsParseAndAnotherIsParsedAfresh() throws {
        let handler = QueryRecordingHandler()
        let server = try HTTPServer(configuration: HTTPServerConfiguration(host: "127.0.0.1", port: 0), handler: handler)
        defer { server.stop(grace: .seconds(1)) }
        let connection = try RawHTTPConnection(port: server.port)
        let targets = [
            "/shortcuts?platform=android", "/shortcuts?platform=android", "/shortcuts?platform=web", "/shortcuts?platform=android",
            "/shortcuts?platform=androi%64", "/shortcuts?platform=androi%64",
        ]
        for target in targets {
            let response = try get(target, on: connection)
            #expect(response.status == 200)
            #expect(response.text == "/shortcuts?platform=" + (target.hasSuffix("web") ? "web" : "android"))
        }
        // A second connection sending the first target parses it itself.
        #expect(try get(targets[0], on: RawHTTPConnection(port: server.port)).status == 200)

        let seen = handler.seen.withLock { $0 }
        try #require(seen.count == 7)
        #expect(seen[1].storage == seen[0].storage, "the same target again: the parse is reused")
        #expect(seen[2].storage != seen[1].storage, "another target: parsed afresh")
        #expect(seen[3].storage != seen[0].storage && seen[3].storage != seen[2].storage, "only the last target is kept")
        #expect(seen[5].storage == seen[4].storage, "an escaped target is reused by its bytes as sent")
        #expect(seen[4].storage != seen[3].storage, "different bytes, the same decoding: parsed afresh")
        #expect(Set(seen.map(\.storage)).count == 5)
        #expect(seen[6].storage != seen[0].storage, "connections share nothing")
    }

    @Test func aRefusedTargetIsNeverKept() throws {
        let handler = QueryRecordingHandler()
        let server = try HTTPServer(configuration: HTTPServerConfiguration(host: "127.0.0.1", port: 0), handler: handler)
        defer { server.stop(grace: .seconds(1)) }
        let connection = try RawHTTPConnection(port: server.port)
        #expect(try get("/a?x=1", on: connection).status == 200)
        #expect(try get("/a?x=%C3", on: connection).status == 400)
        let again = try RawHTTPConnection(port: server.port)
        #expect(try get("/a?x=%C3", on: again).status == 400)
        #expect(try get("/a?x=%C3", on: again).status == 400)
        #expect(handler.seen.withLock { $0.map(\.query) } == ["x=1"])
    }
}
