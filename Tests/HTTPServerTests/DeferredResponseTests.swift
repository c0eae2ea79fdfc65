import Dispatch
import Foundation
import HTTPServer
import Synchronization
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
        let connection = try RawConnection(port: server.port)
        for index in 0..<3 {
            try connection.send("GET /later/\(index) HTTP/1.1\r\nHost: x\r\n\r\n")
            let response = try connection.readResponse()
            #expect(response.status == 201)
            #expect(response.body == "/later/\(index)")
            #expect(response.header("X-Mapped") == "yes")
        }
    }

    @Test func waitingAnswersDoNotHoldTheServersThreads() throws {
        // 2 threads, 20 requests each answered after 300 ms: if a waiting request held a
        // thread, they would take 10 rounds (3 s); parked, they all finish in about one.
        let server = try HTTPServer(
            configuration: HTTPServerConfiguration(port: 0, threads: 2), handler: DeferringHandler(delay: .milliseconds(300)))
        defer { server.stop(grace: .seconds(1)) }
        let connections = try (0..<20).map { _ in try RawConnection(port: server.port) }
        let started = ContinuousClock.now
        for (index, connection) in connections.enumerated() { try connection.send("GET /p/\(index) HTTP/1.1\r\nHost: x\r\n\r\n") }
        for (index, connection) in connections.enumerated() {
            #expect(try connection.readResponse().body == "/p/\(index)")
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
        let connection = try RawConnection(port: server.port)
        try connection.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try connection.readResponse().status == 202)
    }
}
