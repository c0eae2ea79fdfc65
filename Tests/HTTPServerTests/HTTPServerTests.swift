import Foundation
import HTTPServer
import Synchronization
import TestSupport
import Testing

/// A handler that echoes what it received, so tests see exactly what the transport delivered.
final class EchoHandler: HTTPRequestHandler {
    let handled = Atomic<Int>(0)

    func handle(_ request: HTTPRequest) -> HTTPResponse {
        handled.add(1, ordering: .relaxed)
        if request.path == "/slow" { usleep(300_000) }
        var headers = HTTPHeaders()
        headers.add("X-Method", request.method)
        headers.add("X-Path", request.path)
        headers.add("X-Query", request.query.map { "\($0.name)=\($0.value)" }.joined(separator: "&"))
        if request.path == "/headers" {
            // Every field as the application sees it, in order, plus two lookups.
            let fields = request.headers.fields.map { "\($0.name)=\($0.value)" }.joined(separator: "|")
            let lookups = "\(request.headers["x-TWICE"] ?? "nil");\(request.headers["Absent"] ?? "nil");\(request.headers.values(for: "X-Twice"))"
            return HTTPResponse(status: 200, headers: headers, body: .bytes(Array((fields + "\n" + lookups).utf8)))
        }
        return HTTPResponse(status: 200, headers: headers, body: .bytes(request.body))
    }

    func reject(_ error: HTTPTransportError, method: String, target: String, startedAt: UInt64) -> HTTPResponse {
        switch error {
        case .bodyTooLarge: HTTPResponse(status: 413, body: .bytes(Array("too large".utf8)))
        case .headersTooLarge: HTTPResponse(status: 431)
        case .badTarget, .ambiguousFraming, .malformedHead: HTTPResponse(status: 400, body: .bytes(Array("bad".utf8)))
        case .unsupportedTransferCoding: HTTPResponse(status: 501)
        case .overLimit, .shuttingDown: HTTPResponse(status: 503)
        }
    }
}

/// The transport over real loopback sockets with an ephemeral port.
@Suite struct HTTPServerTests {
    private func withServer(maxBodyBytes: Int = 1024, _ body: (HTTPServer, EchoHandler) throws -> Void) throws {
        let handler = EchoHandler()
        let server = try HTTPServer(configuration: HTTPServerConfiguration(host: "127.0.0.1", port: 0, maxBodyBytes: maxBodyBytes), handler: handler)
        defer { server.stop(grace: .seconds(1)) }
        #expect(server.port > 0)
        try body(server, handler)
    }

    @Test func answersWithBodyAndKeepsTheConnectionAlive() throws {
        try withServer { server, _ in
            let connection = try RawHTTPConnection(port: server.port)
            for index in 0..<3 {
                let body = "{\"n\":\(index)}"
                try connection.sendRaw("POST /echo?a=1 HTTP/1.1\r\nHost: x\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)")
                let response = try connection.readResponse()
                #expect(response.status == 200)
                #expect(response.text == body)
                #expect(response.header("X-Query") == "a=1")
                #expect(response.header("Connection")?.lowercased() != "close")
            }
        }
    }

    @Test func headerFieldsReachTheApplicationInOrderWithRepeatsAndEmptyValues() throws {
        try withServer { server, _ in
            let connection = try RawHTTPConnection(port: server.port)
            var request = Array("GET /headers HTTP/1.1\r\nHost: x\r\nX-Twice: one\r\nX-Empty:\r\nx-twice: two\r\nX-Bytes: caf".utf8)
            request += [0xC3, 0xA9, 0x20, 0xFF]  // "café " then a byte that is not UTF-8
            request += Array("\r\n\r\n".utf8)
            try connection.sendRaw(request)
            let response = try connection.readResponse()
            #expect(response.status == 200)
            let lines = response.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            #expect(lines.first == "Host=x|X-Twice=one|X-Empty=|x-twice=two|X-Bytes=café \u{FFFD}")
            #expect(lines.last == "one;nil;[\"one\", \"two\"]")
        }
    }

    @Test func chunkedBodiesAreCollected() throws {
        try withServer { server, _ in
            let connection = try RawHTTPConnection(port: server.port)
            try connection.sendRaw("POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n2\r\nde\r\n0\r\n\r\n")
            #expect(try connection.readResponse().text == "abcde")
        }
    }

    @Test func declaredOversizeBodyIs413WithoutReadingIt() throws {
        try withServer { server, handler in
            let connection = try RawHTTPConnection(port: server.port)
            try connection.sendRaw("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 100000000\r\n\r\n")
            let response = try connection.readResponse()
            #expect(response.status == 413)
            #expect(response.header("Connection")?.lowercased() == "close")
            #expect(handler.handled.load(ordering: .relaxed) == 0)
        }
    }

    @Test func chunkedOversizeBodyIs413() throws {
        try withServer { server, handler in
            let connection = try RawHTTPConnection(port: server.port)
            let chunk = String(repeating: "a", count: 2048)
            try connection.sendRaw("POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n800\r\n\(chunk)\r\n0\r\n\r\n")
            #expect(try connection.readResponse().status == 413)
            #expect(handler.handled.load(ordering: .relaxed) == 0)
        }
    }

    @Test(arguments: [
        "Content-Length: 2\r\nContent-Length: 2\r\n", "Content-Length: 2\r\nContent-Length: 3\r\n",
        "Content-Length: 2\r\nTransfer-Encoding: chunked\r\n",
    ])
    func ambiguousFramingIs400AndCloses(framing: String) throws {
        try withServer { server, handler in
            let connection = try RawHTTPConnection(port: server.port)
            try connection.sendRaw("POST /echo HTTP/1.1\r\nHost: x\r\n\(framing)\r\nab")
            let response = try connection.readResponse()
            #expect(response.status == 400)
            #expect(response.header("Connection")?.lowercased() == "close")
            #expect(handler.handled.load(ordering: .relaxed) == 0)
        }
    }

    @Test func headersOverTheLimitAre431() throws {
        let handler = EchoHandler()
        let server = try HTTPServer(configuration: HTTPServerConfiguration(port: 0, maxHeaderBytes: 4096), handler: handler)
        defer { server.stop(grace: .seconds(1)) }
        let connection = try RawHTTPConnection(port: server.port)
        try connection.sendRaw("GET /x HTTP/1.1\r\nHost: x\r\nX-Big: \(String(repeating: "a", count: 5000))\r\n\r\n")
        #expect(try connection.readResponse().status == 431)
        let fine = try RawHTTPConnection(port: server.port)
        try fine.sendRaw("GET /x HTTP/1.1\r\nHost: x\r\nX-Big: \(String(repeating: "a", count: 3000))\r\n\r\n")
        #expect(try fine.readResponse().status == 200)
        #expect(handler.handled.load(ordering: .relaxed) == 1)
    }

    @Test func badPercentEncodingIsRefused() throws {
        try withServer { server, _ in
            let connection = try RawHTTPConnection(port: server.port)
            try connection.sendRaw("GET /a%ZZ HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try connection.readResponse().status == 400)
        }
    }

    @Test func garbageBytesDoNotCrashTheServer() throws {
        try withServer { server, _ in
            let garbage = try RawHTTPConnection(port: server.port)
            try garbage.sendRaw([0x16, 0x03, 0x01, 0x02, 0x00, 0x01, 0x00, 0x01, 0xFC, 0x03, 0x03] + (0...255).map { UInt8($0) })
            _ = try? garbage.readResponse()
            let healthy = try RawHTTPConnection(port: server.port)
            try healthy.sendRaw("GET /ok HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try healthy.readResponse().status == 200)
        }
    }

    @Test func stopLetsAnInFlightRequestFinish() throws {
        let handler = EchoHandler()
        let server = try HTTPServer(configuration: HTTPServerConfiguration(port: 0), handler: handler)
        let connection = try RawHTTPConnection(port: server.port)
        try connection.sendRaw("GET /slow HTTP/1.1\r\nHost: x\r\n\r\n")
        usleep(100_000)
        server.stop(grace: .seconds(5))
        #expect(try connection.readResponse().status == 200)
    }

    @Test func busyPortIsAClearError() throws {
        try withServer { server, _ in
            #expect(throws: HTTPServerError.self) {
                _ = try HTTPServer(configuration: HTTPServerConfiguration(port: server.port), handler: EchoHandler())
            }
        }
    }
}
