import Foundation
import HTTPServer
import Synchronization
import TestSupport
import Testing

/// Serves a shared representation the way the shortcut list is served: prepared responses (200
/// and 304) and a fresh request id per response.
final class SharedRepresentationHandler: HTTPRequestHandler {
    struct Representation {
        var etag: String
        var ok: PreparedResponse
        var notModified: PreparedResponse
    }

    let current: Mutex<Representation>
    /// Weak references to every body made by `/fresh`, to see when the transport lets go.
    let freshBodies = Mutex<[WeakBody]>([])

    final class WeakBody: @unchecked Sendable {
        weak var body: SharedBytes?
        init(_ body: SharedBytes) { self.body = body }
    }

    init() {
        current = Mutex(Self.representation("first"))
    }

    /// The prepared response `/variable` sends, with a variable ETag.
    static let template: PreparedResponse = {
        var headers = HTTPHeaders()
        headers.add("Cache-Control", "no-cache")
        return PreparedResponse(status: 304, headers: headers)
    }()

    static func representation(_ text: String) -> Representation {
        var headers = HTTPHeaders()
        headers.add("ETag", "\"\(text)\"")
        let notModified = PreparedResponse(status: 304, headers: headers)
        headers.add("Content-Type", "text/plain")
        return Representation(
            etag: "\"\(text)\"", ok: PreparedResponse(status: 200, headers: headers, body: SharedBytes(Array(text.utf8))), notModified: notModified)
    }

    func handle(_ request: HTTPRequest) -> HTTPResponse {
        var response: HTTPResponse
        switch request.path {
        case "/shared":
            let representation = current.withLock { $0 }
            response = HTTPResponse(request.headers["If-None-Match"] == representation.etag ? representation.notModified : representation.ok)
        case "/altered":
            // A prepared response changed after the fact is no longer the prepared one.
            response = HTTPResponse(current.withLock { $0 }.ok)
            response.headers.add("X-Altered", "yes")
        case "/change":
            let text = String(decoding: request.body, as: UTF8.self)
            current.withLock { $0 = Self.representation(text) }
            response = HTTPResponse(status: 204)
        case "/variable":
            // One prepared response for every answer; the query is the variable field's value.
            response = HTTPResponse(Self.template)
            if let value = request.target.split(separator: "?").dropFirst().first { response.variableField = ("ETag", "\"\(value)\"") }
        case "/fresh":
            let body = SharedBytes(Array("fresh".utf8))
            freshBodies.withLock { $0.append(WeakBody(body)) }
            response = HTTPResponse(PreparedResponse(status: 200, headers: HTTPHeaders(), body: body))
        default:
            response = HTTPResponse(status: 404, body: .bytes(Array("none".utf8)))
        }
        // The client's own id when it sends one (of any length), as the service does.
        response.requestId = request.headers["X-Request-Id"].map(RequestID.given) ?? RequestID.next()
        return response
    }

    func reject(_ error: HTTPTransportError, method: String, target: String, startedAt: UInt64) -> HTTPResponse {
        HTTPResponse(status: 400)
    }

    var liveFreshBodies: Int {
        freshBodies.withLock { bodies in bodies.count { $0.body != nil } }
    }
}

/// A connection keeps the last response it sent for a shared representation and reuses it for
/// the next request given the same one, changing only its X-Request-Id. Over real loopback.
@Suite struct ConnectionReuseTests {
    private func withServer(_ body: (HTTPServer, SharedRepresentationHandler) throws -> Void) throws {
        let handler = SharedRepresentationHandler()
        let server = try HTTPServer(configuration: HTTPServerConfiguration(host: "127.0.0.1", port: 0), handler: handler)
        defer { server.stop(grace: .seconds(1)) }
        try body(server, handler)
    }

    /// The header fields but Date and X-Request-Id, in order.
    private func stableFields(_ response: RawHTTPResponse) -> [String] {
        response.headers.filter { !["date", "x-request-id"].contains($0.0.lowercased()) }.map { "\($0.0): \($0.1)" }
    }

    @Test func repeatedRequestsGetTheSameBytesAndAFreshIdEach() throws {
        try withServer { server, _ in
            let fresh = try RawHTTPConnection(port: server.port)
            try fresh.sendRaw("GET /shared HTTP/1.1\r\nHost: x\r\n\r\n")
            let reference = try fresh.readResponse()
            #expect(stableFields(reference) == ["ETag: \"first\"", "Content-Type: text/plain", "Content-Length: 5"])

            let connection = try RawHTTPConnection(port: server.port)
            var ids: [String] = [reference.header("X-Request-Id") ?? "none"]
            for _ in 0..<6 {
                try connection.sendRaw("GET /shared HTTP/1.1\r\nHost: x\r\n\r\n")
                let response = try connection.readResponse()
                #expect(response.status == 200)
                #expect(response.text == "first")
                #expect(stableFields(response) == stableFields(reference))
                let idFields = response.headers.filter { $0.0.lowercased() == "x-request-id" }
                #expect(idFields.count == 1)
                #expect(response.headers.last?.0 == "X-Request-Id" || response.headers.dropLast().last?.0 == "X-Request-Id")
                ids.append(idFields.first?.1 ?? "none")
            }
            #expect(Set(ids).count == ids.count, "every response has its own id: \(ids)")
        }
    }

    @Test func aChangedRepresentationOrAnotherAnswerIsServedOnTheSameConnection() throws {
        try withServer { server, _ in
            let connection = try RawHTTPConnection(port: server.port)
            func get(_ target: String, _ extra: String = "") throws -> RawHTTPResponse {
                try connection.sendRaw("GET \(target) HTTP/1.1\r\nHost: x\r\n\(extra)\r\n")
                return try connection.readResponse()
            }
            #expect(try get("/shared").text == "first")
            #expect(try get("/shared", "If-None-Match: \"first\"\r\n").status == 304)
            #expect(try get("/shared").text == "first")
            let altered = try get("/altered")
            #expect(altered.text == "first" && altered.header("X-Altered") == "yes")
            #expect(try get("/shared").header("X-Altered") == nil)
            let missing = try get("/missing")
            #expect(missing.status == 404 && missing.text == "none")
            #expect(try get("/shared").text == "first")

            try connection.sendRaw("POST /change HTTP/1.1\r\nHost: x\r\nContent-Length: 6\r\n\r\nsecond")
            #expect(try connection.readResponse().status == 204)
            let changed = try get("/shared")
            #expect(changed.text == "second")
            #expect(changed.header("ETag") == "\"second\"")
            #expect(changed.header("Content-Length") == "6")
            #expect(try get("/shared", "If-None-Match: \"first\"\r\n").status == 200)
            #expect(try get("/shared", "If-None-Match: \"second\"\r\n").status == 304)

            try connection.sendRaw("HEAD /shared HTTP/1.1\r\nHost: x\r\n\r\n")
            let head = try connection.readResponse(method: "HEAD")
            #expect(head.status == 200 && head.header("Content-Length") == "6")
            #expect(try get("/shared").text == "second")
        }
    }

    @Test func aVariableFieldIsSwappedOnTheKeptResponseAndNeverRepeated() throws {
        try withServer { server, _ in
            let connection = try RawHTTPConnection(port: server.port)
            func get(_ target: String) throws -> RawHTTPResponse {
                try connection.sendRaw("GET \(target) HTTP/1.1\r\nHost: x\r\n\r\n")
                return try connection.readResponse()
            }
            // Same-length values are rewritten in place; "bb" after "a" is deleted and added.
            for value in ["a", "b", "b", "c", "", "a", "bb", "cc", "cc", "d"] {
                let response = try get(value.isEmpty ? "/variable" : "/variable?\(value)")
                let etags = response.headers.filter { $0.0 == "ETag" }.map(\.1)
                #expect(response.status == 304 && response.header("Cache-Control") == "no-cache")
                #expect(etags == (value.isEmpty ? [] : ["\"\(value)\""]), "\(value): \(response.headers)")
                #expect(response.headers.filter { $0.0 == "X-Request-Id" }.count == 1)
            }
            // Another answer in between, then the template again: made afresh, the field once.
            #expect(try get("/shared").text == "first")
            #expect(try get("/variable?d").headers.filter { $0.0 == "ETag" }.map(\.1) == ["\"d\""])
        }
    }

    @Test func theKeptResponseCarriesEachRequestsOwnIdWhateverItsLength() throws {
        try withServer { server, _ in
            let connection = try RawHTTPConnection(port: server.port)
            for given in ["abc", "xyz", "a-longer-id-0123456789", nil, "abc", nil, nil, "q"] {
                let extra = given.map { "X-Request-Id: \($0)\r\n" } ?? ""
                try connection.sendRaw("GET /shared HTTP/1.1\r\nHost: x\r\n\(extra)\r\n")
                let response = try connection.readResponse()
                let ids = response.headers.filter { $0.0.lowercased() == "x-request-id" }.map(\.1)
                #expect(response.status == 200 && response.text == "first")
                #expect(ids.count == 1, "\(response.headers)")
                if let given { #expect(ids == [given]) } else { #expect(ids.first?.count == 20) }
            }
        }
    }

    @Test func aKeptResponseLetsGoOfItsBodyWhenTheConnectionCloses() throws {
        try withServer { server, handler in
            do {
                let connection = try RawHTTPConnection(port: server.port)
                try connection.sendRaw("GET /fresh HTTP/1.1\r\nHost: x\r\n\r\n")
                #expect(try connection.readResponse().text == "fresh")
                // Kept for the connection's next request.
                #expect(handler.liveFreshBodies == 1)
            }
            // The client closed: the server notices and frees what the connection kept.
            let deadline = Date().addingTimeInterval(5)
            while handler.liveFreshBodies > 0 && Date() < deadline { usleep(10_000) }
            #expect(handler.liveFreshBodies == 0)

            let open = try RawHTTPConnection(port: server.port)
            try open.sendRaw("GET /fresh HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try open.readResponse().text == "fresh")
            #expect(handler.liveFreshBodies == 1)
            server.stop(grace: .zero)
            #expect(handler.liveFreshBodies == 0, "stopping the server frees what open connections kept")
        }
    }
}
