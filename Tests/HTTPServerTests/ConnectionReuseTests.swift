import Foundation
import HTTPServer
import Synchronization
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

    /// 16 MB of a pattern: more than the loopback socket buffers hold, so a client that does
    /// not read keeps the server sending it while others are answered.
    static let bigBody: [UInt8] = (0..<(16 << 20)).map { UInt8(ascii: "a") + UInt8($0 % 26) }
    static let big = PreparedResponse(status: 200, headers: HTTPHeaders([("Content-Type", "text/plain")]), body: SharedBytes(bigBody))
    /// A 200 template (no body) and the bodies sent with it.
    static let okTemplate = PreparedResponse(status: 200, headers: HTTPHeaders([("Content-Type", "text/plain")]))
    static let templatedBodies = ["": "empty?", "a": "alpha", "b": "bravo!", "c": "charlie"].mapValues { SharedBytes(Array($0.utf8)) }

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
        case "/big":
            response = HTTPResponse(Self.big)
        case "/templated":
            // One template, a body per query value (of its own length), the ETag as variable field.
            let value = request.target.split(separator: "?").dropFirst().first.map(String.init) ?? ""
            if let body = Self.templatedBodies[value] {
                response = HTTPResponse(Self.okTemplate, body: body)
                response.variableField = ("ETag", "\"\(value)\"")
            } else {
                response = HTTPResponse(status: 404)
            }
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

/// A thread keeps the responses it made for prepared responses and reuses them for any of its
/// connections given the same one, changing only its X-Request-Id and variable field. Over real
/// loopback.
@Suite struct ConnectionReuseTests {
    private func withServer(
        threads: Int = 2, kept: Int = 512, _ body: (HTTPServer, SharedRepresentationHandler) throws -> Void
    ) throws {
        let handler = SharedRepresentationHandler()
        var configuration = HTTPServerConfiguration(host: "127.0.0.1", port: 0, threads: threads)
        configuration.keptResponsesPerThread = kept
        let server = try HTTPServer(configuration: configuration, handler: handler)
        defer { server.stop(grace: .seconds(1)) }
        try body(server, handler)
    }

    /// The header fields but Date and X-Request-Id, in order.
    private func stableFields(_ response: RawConnection.Response) -> [String] {
        response.headers.filter { !["date", "x-request-id"].contains($0.0.lowercased()) }.map { "\($0.0): \($0.1)" }
    }

    @Test func repeatedRequestsGetTheSameBytesAndAFreshIdEach() throws {
        try withServer { server, _ in
            let fresh = try RawConnection(port: server.port)
            try fresh.send("GET /shared HTTP/1.1\r\nHost: x\r\n\r\n")
            let reference = try fresh.readResponse()
            #expect(stableFields(reference) == ["ETag: \"first\"", "Content-Type: text/plain", "Content-Length: 5"])

            let connection = try RawConnection(port: server.port)
            var ids: [String] = [reference.header("X-Request-Id") ?? "none"]
            for _ in 0..<6 {
                try connection.send("GET /shared HTTP/1.1\r\nHost: x\r\n\r\n")
                let response = try connection.readResponse()
                #expect(response.status == 200)
                #expect(response.body == "first")
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
            let connection = try RawConnection(port: server.port)
            func get(_ target: String, _ extra: String = "") throws -> RawConnection.Response {
                try connection.send("GET \(target) HTTP/1.1\r\nHost: x\r\n\(extra)\r\n")
                return try connection.readResponse()
            }
            #expect(try get("/shared").body == "first")
            #expect(try get("/shared", "If-None-Match: \"first\"\r\n").status == 304)
            #expect(try get("/shared").body == "first")
            let altered = try get("/altered")
            #expect(altered.body == "first" && altered.header("X-Altered") == "yes")
            #expect(try get("/shared").header("X-Altered") == nil)
            let missing = try get("/missing")
            #expect(missing.status == 404 && missing.body == "none")
            #expect(try get("/shared").body == "first")

            try connection.send("POST /change HTTP/1.1\r\nHost: x\r\nContent-Length: 6\r\n\r\nsecond")
            #expect(try connection.readResponse().status == 204)
            let changed = try get("/shared")
            #expect(changed.body == "second")
            #expect(changed.header("ETag") == "\"second\"")
            #expect(changed.header("Content-Length") == "6")
            #expect(try get("/shared", "If-None-Match: \"first\"\r\n").status == 200)
            #expect(try get("/shared", "If-None-Match: \"second\"\r\n").status == 304)

            try connection.send("HEAD /shared HTTP/1.1\r\nHost: x\r\n\r\n")
            let head = try connection.readResponse(toHead: true)
            #expect(head.status == 200 && head.header("Content-Length") == "6")
            #expect(try get("/shared").body == "second")
        }
    }

    @Test func aVariableFieldIsSwappedOnTheKeptResponseAndNeverRepeated() throws {
        try withServer { server, _ in
            let connection = try RawConnection(port: server.port)
            func get(_ target: String) throws -> RawConnection.Response {
                try connection.send("GET \(target) HTTP/1.1\r\nHost: x\r\n\r\n")
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
            // Another answer in between, then the template again: the field once.
            #expect(try get("/shared").body == "first")
            #expect(try get("/variable?d").headers.filter { $0.0 == "ETag" }.map(\.1) == ["\"d\""])
        }
    }

    @Test func theKeptResponseCarriesEachRequestsOwnIdWhateverItsLength() throws {
        try withServer { server, _ in
            let connection = try RawConnection(port: server.port)
            for given in ["abc", "xyz", "a-longer-id-0123456789", nil, "abc", nil, nil, "q"] {
                let extra = given.map { "X-Request-Id: \($0)\r\n" } ?? ""
                try connection.send("GET /shared HTTP/1.1\r\nHost: x\r\n\(extra)\r\n")
                let response = try connection.readResponse()
                let ids = response.headers.filter { $0.0.lowercased() == "x-request-id" }.map(\.1)
                #expect(response.status == 200 && response.body == "first")
                #expect(ids.count == 1, "\(response.headers)")
                if let given { #expect(ids == [given]) } else { #expect(ids.first?.count == 20) }
            }
        }
    }

    @Test func aThreadKeepsAtMostItsCapacityAndLetsGoOfEverythingAtStop() throws {
        try withServer(threads: 1, kept: 2) { server, handler in
            func waitFor(_ live: Int) {
                // libmicrohttpd drops its own reference once a response is sent, a moment after
                // the client has read it.
                let deadline = Date().addingTimeInterval(5)
                while handler.liveFreshBodies != live && Date() < deadline { usleep(10_000) }
            }
            do {
                let connection = try RawConnection(port: server.port)
                for _ in 0..<3 {
                    try connection.send("GET /fresh HTTP/1.1\r\nHost: x\r\n\r\n")
                    #expect(try connection.readResponse().body == "fresh")
                }
                // Three prepared responses made; the thread keeps two, the first left.
                waitFor(2)
                #expect(handler.liveFreshBodies == 2)
            }
            // Kept for every connection of the thread: the client closing frees nothing.
            let deadline = Date().addingTimeInterval(5)
            while server.openConnections > 0 && Date() < deadline { usleep(10_000) }
            #expect(server.openConnections == 0)
            #expect(handler.liveFreshBodies == 2)

            let open = try RawConnection(port: server.port)
            try open.send("GET /fresh HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try open.readResponse().body == "fresh")
            waitFor(2)
            #expect(handler.liveFreshBodies == 2)
            server.stop(grace: .zero)
            #expect(handler.liveFreshBodies == 0, "stopping the server frees what its threads kept")
        }
    }

    @Test func aResponseStillBeingSentIsReusedByOtherConnectionsWithTheirOwnIds() throws {
        // One thread: every connection below reuses the one response made for `big`.
        try withServer(threads: 1) { server, _ in
            let expected = String(decoding: SharedRepresentationHandler.bigBody, as: UTF8.self)
            let slow = try RawConnection(port: server.port)
            try slow.send("GET /big HTTP/1.1\r\nHost: x\r\nX-Request-Id: first-1\r\n\r\n")
            // Its head is read (the rest of its 16 MB waits in the server): it was queued.
            let head = try slow.readResponse(toHead: true)
            #expect(head.header("X-Request-Id") == "first-1")
            // Others get the same response, rewritten in place (same length) or field deleted
            // and added (other lengths, or none: a made id), while the first is still sent.
            for given in ["other-2", "a-longer-id-3", nil, "x"] {
                let connection = try RawConnection(port: server.port)
                let extra = given.map { "X-Request-Id: \($0)\r\n" } ?? ""
                try connection.send("GET /big HTTP/1.1\r\nHost: x\r\n\(extra)\r\n")
                let response = try connection.readResponse()
                let ids = response.headers.filter { $0.0.lowercased() == "x-request-id" }.map(\.1)
                #expect(response.status == 200 && response.body == expected)
                if let given { #expect(ids == [given]) } else { #expect(ids.count == 1 && ids.first?.count == 20) }
            }
            // The first gets all of its body, unchanged.
            let length = Int(head.header("Content-Length") ?? "") ?? 0
            #expect(length == SharedRepresentationHandler.bigBody.count)
            #expect(try slow.readBody(length) == expected)
        }
    }

    @Test func aTemplateSentWithManyBodiesGivesEachItsOwnBytesLengthAndField() throws {
        try withServer(threads: 1) { server, _ in
            let connections = try (0..<2).map { _ in try RawConnection(port: server.port) }
            let values = ["a", "b", "a", "c", "c", "", "b", "a"]
            for (number, value) in values.enumerated() {
                let connection = connections[number % 2]
                try connection.send("GET /templated?\(value) HTTP/1.1\r\nHost: x\r\n\r\n")
                let response = try connection.readResponse()
                let body = ["": "empty?", "a": "alpha", "b": "bravo!", "c": "charlie"][value]
                #expect(response.status == 200 && response.body == body)
                #expect(response.header("Content-Length") == body.map { "\($0.utf8.count)" })
                #expect(response.headers.filter { $0.0 == "ETag" }.map(\.1) == ["\"\(value)\""], "\(response.headers)")
                #expect(response.headers.filter { $0.0 == "Content-Type" }.count == 1)
            }
        }
    }
}
