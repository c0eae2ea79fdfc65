import Dispatch
import Foundation
import HTTPServer
import Synchronization
import TestSupport
import Testing

/// Answers every request later, from another thread, after `delay`.
final class DeferringHandler: HTTPRequestHandler {
    let delay: DispatchTimeInterval

    init(delay: DispatchTimeInterval) {
        self.delay = delay
    }

    func handle(_ request: HTTPRequest) -> HTTPResponse {
        let pending = DeferredResponse()
        let body = request.path
        pending.map { response in
            var mapped = response
            mapped.headers.add("X-Mapped", "yes")
            return mapped
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + delay) {
            pending.complete(HTTPResponse(status: 201, body: .bytes(Array(body.utf8))))
        }
        return .deferred(pending)
    }

    func reject(_ error: HTTPTransportError, method: String, target: String, startedAt: UInt64) -> HTTPResponse {
        HTTPResponse(status: 400)
    }
}

@Suite struct DeferredResponseTests {
    @Test func aDeferredAnswerArrivesWithItsTransformsAndKeepsTheConnection() throws {
        let server = try HTTPServer(configuration: HTTPServerConfiguration(port: 0), handler: DeferringHandler(delay: .milliseconds(50)))
        defer { server.stop(grace: .seconds(1)) }
        let connection = try RawHTTPConnection(port: server.port)
        for index in 0..<3 {
            try connection.sendRaw("GET /later/\(index) HTTP/1.1\r\nHost: x\r\n\r\n")
            let response = try connection.readResponse()
            #expect(response.status == 201)
            #expect(response.text == "/later/\(index)")
            #expect(response.header("X-Mapped") == "yes")
        }
    }

    @Test func waitingAnswersDoNotHoldTheServersThreads() throws {
        // 2 threads, 20 requests each answered after 300 ms: if a waiting request held a
        // thread, they would take 10 rounds (3 s); parked, they all finish in about one.
        let server = try HTTPServer(
            configuration: HTTPServerConfiguration(port: 0, threads: 2), handler: DeferringHandler(delay: .milliseconds(300)))
        defer { server.stop(grace: .seconds(1)) }
        let connections = try (0..<20).map { _ in try RawHTTPConnection(port: server.port) }
        let started = ContinuousClock.now
        for (index, connection) in connections.enumerated() { try connection.sendRaw("GET /p/\(index) HTTP/1.1\r\nHost: x\r\n\r\n") }
        for (index, connection) in connections.enumerated() {
            #expect(try connection.readResponse().text == "/p/\(index)")
        }
        #expect(ContinuousClock.now - started < .milliseconds(1500))
    }

    @Test func completingBeforeTheTransportAsksAnswersAtOnce() throws {
        final class Immediate: HTTPRequestHandler {
            func handle(_ request: HTTPRequest) -> HTTPResponse {
                let pending = DeferredResponse()
                pending.complete(HTTPResponse(status: 202))
                return .deferred(pending)
            }

            func reject(_ error: HTTPTransportError, method: String, target: String, startedAt: UInt64) -> HTTPResponse {
                HTTPResponse(status: 400)
            }
        }
        let server = try HTTPServer(configuration: HTTPServerConfiguration(port: 0), handler: Immediate())
        defer { server.stop(grace: .seconds(1)) }
        let connection = try RawHTTPConnection(port: server.port)
        try connection.sendRaw("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try connection.readResponse().status == 202)
    }

    @Test("A response still deferred after stop()'s grace is answered (the handler's abandoned(), closed), and the server stops")
    func aResponseStillDeferredAtStopIsAnswered() throws {
        // Before, libmicrohttpd aborted the process: "MHD_stop_daemon() called while we have
        // suspended connections" (a write whose commit never came back within the grace).
        final class Stuck: HTTPRequestHandler {
            let pending = Mutex<[DeferredResponse]>([])

            func handle(_ request: HTTPRequest) -> HTTPResponse {
                let response = DeferredResponse()
                response.map { completed in
                    var mapped = completed
                    mapped.headers.add("X-Mapped", "yes")
                    return mapped
                }
                pending.withLock { $0.append(response) }
                return .deferred(response)
            }

            func reject(_ error: HTTPTransportError, method: String, target: String, startedAt: UInt64) -> HTTPResponse {
                HTTPResponse(status: 400)
            }

            func abandoned() -> HTTPResponse {
                HTTPResponse(status: 503, body: .bytes(Array("abandoned".utf8)))
            }
        }
        let handler = Stuck()
        let server = try HTTPServer(configuration: HTTPServerConfiguration(port: 0), handler: handler)
        let connections = try (0..<3).map { _ in try RawHTTPConnection(port: server.port) }
        for connection in connections { try connection.sendRaw("POST /never HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n") }
        let deadline = ContinuousClock.now + .seconds(5)
        while handler.pending.withLock({ $0.count }) < 3 && ContinuousClock.now < deadline { usleep(1_000) }
        let started = ContinuousClock.now
        server.stop(grace: .milliseconds(200))
        #expect(ContinuousClock.now - started < .seconds(3))
        for connection in connections {
            let response = try connection.readResponse()
            #expect(response.status == 503)
            #expect(response.text == "abandoned")
            #expect(response.header("X-Mapped") == "yes", "the deferred response's own steps still ran")
            #expect(response.header("Connection")?.lowercased() == "close")
        }
        // The commit that comes back late is ignored.
        handler.pending.withLock { $0 }.forEach { $0.complete(HTTPResponse(status: 201)) }
    }
}
