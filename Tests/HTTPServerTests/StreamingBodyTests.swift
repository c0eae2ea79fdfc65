import Foundation
import HTTPServer
import Synchronization
import TestSupport
import Testing

/// Serves `/stream` as a streaming body the test writes to.
final class StreamingHandler: HTTPRequestHandler {
    let streams = Mutex<[StreamingBody]>([])
    let capacity: Int

    init(capacity: Int = 1024) {
        self.capacity = capacity
    }

    func handle(_ request: HTTPRequest) -> HTTPResponse {
        guard request.path == "/stream" else { return HTTPResponse(status: 200, body: .bytes(Array("plain".utf8))) }
        let stream = StreamingBody(capacity: capacity)
        stream.write(Array("hello\n".utf8))
        streams.withLock { $0.append(stream) }
        var headers = HTTPHeaders()
        headers.add("Content-Type", "text/event-stream")
        return HTTPResponse(status: 200, headers: headers, body: .stream(stream))
    }

    func reject(_ error: HTTPTransportError, method: String, target: String, startedAt: UInt64) -> HTTPResponse {
        HTTPResponse(status: 400)
    }

    func waitForStreams(_ count: Int) -> [StreamingBody] {
        for _ in 0..<500 {
            let current = streams.withLock { $0 }
            if current.count >= count { return current }
            usleep(10_000)
        }
        return streams.withLock { $0 }
    }
}

@Suite struct StreamingBodyTests {
    @Test func writesReachTheClientAsTheyHappen() throws {
        let handler = StreamingHandler()
        let server = try HTTPServer(configuration: HTTPServerConfiguration(port: 0), handler: handler)
        defer { server.stop(grace: .seconds(1)) }
        let connection = try RawHTTPConnection(port: server.port)
        try connection.sendRaw("GET /stream HTTP/1.1\r\nHost: x\r\n\r\n")
        let stream = try #require(handler.waitForStreams(1).first)
        #expect(try connection.readUntil("hello\n").contains("Transfer-Encoding: chunked"))
        #expect(server.openStreams == 1)
        // Nothing buffered: the connection is parked; a write wakes it.
        usleep(50_000)
        stream.write(Array("event two\n".utf8))
        #expect(try connection.readUntil("event two\n").contains("event two"))
        stream.close()
        #expect(try connection.readUntil("0\r\n\r\n").hasSuffix("0\r\n\r\n"))
        for _ in 0..<100 where server.openStreams > 0 { usleep(10_000) }
        #expect(server.openStreams == 0)
    }

    @Test func aClientTooFarBehindIsDroppedWithoutBlockingTheWriter() throws {
        let stream = StreamingBody(capacity: 16)
        #expect(stream.write(Array("0123".utf8)))
        #expect(stream.write(Array("0123456789".utf8)))
        // 4 + 10 pending: another 10 passes both the capacity and twice the largest event.
        #expect(!stream.write(Array("0123456789".utf8)))
        #expect(stream.isClosed)
        #expect(!stream.write(Array("x".utf8)))
    }

    @Test func oneEventLargerThanTheCapacityStillFitsWhole() throws {
        let stream = StreamingBody(capacity: 16)
        let event = [UInt8](repeating: 0x61, count: 100)
        #expect(stream.write(event))
        // A heartbeat, and the next event while the first is still unsent: not too far behind.
        #expect(stream.write(Array(": heartbeat\n\n".utf8)))
        #expect(stream.write(Array(event.prefix(80))))
        #expect(stream.pending == 100 + 13 + 80)
        // A third event while two are pending is.
        #expect(!stream.write(event))
    }

    @Test func stoppingTheServerEndsOpenStreams() throws {
        let handler = StreamingHandler()
        let server = try HTTPServer(configuration: HTTPServerConfiguration(port: 0), handler: handler)
        let connections = try (0..<5).map { _ in try RawHTTPConnection(port: server.port) }
        for connection in connections { try connection.sendRaw("GET /stream HTTP/1.1\r\nHost: x\r\n\r\n") }
        _ = handler.waitForStreams(5)
        let started = ContinuousClock.now
        server.stop(grace: .seconds(5))
        #expect(ContinuousClock.now - started < .seconds(2))
        for connection in connections {
            #expect(try connection.readUntil("0\r\n\r\n").hasSuffix("0\r\n\r\n"))
        }
    }

    @Test func aVanishedClientIsNoticedOnTheNextWrite() throws {
        let handler = StreamingHandler()
        let server = try HTTPServer(configuration: HTTPServerConfiguration(port: 0), handler: handler)
        defer { server.stop(grace: .seconds(1)) }
        var connection: RawHTTPConnection? = try RawHTTPConnection(port: server.port)
        try connection?.sendRaw("GET /stream HTTP/1.1\r\nHost: x\r\n\r\n")
        let stream = try #require(handler.waitForStreams(1).first)
        _ = try connection?.readUntil("hello\n")
        connection = nil
        for _ in 0..<200 where !stream.isClosed {
            stream.write(Array(": ping\n\n".utf8))
            usleep(10_000)
        }
        #expect(stream.isClosed)
    }
}
