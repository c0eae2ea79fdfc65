import Foundation
import Glibc
import TestSupport
import Testing

/// The harness's raw HTTP client against a scripted server: the framings it reads, keep-alive,
/// and the half-close.
@Suite struct RawHTTPConnectionTests {
    /// One connection on 127.0.0.1 answered from a script: for each reply, it reads a request
    /// head (or, with `readsToEnd`, everything until the client's FIN), writes the reply's bytes,
    /// then closes after the last one.
    final class ScriptedServer: Sendable {
        let port: Int
        private let listener: LoopbackListener
        private let done = DispatchSemaphore(value: 0)

        init(replies: [String], readsToEnd: Bool = false) throws {
            let listener = try LoopbackListener(backlog: 1)
            self.listener = listener
            port = listener.port
            let done = done
            Thread {
                defer { done.signal() }
                guard let client = listener.accept() else { return }
                defer { close(client) }
                for reply in replies {
                    guard let received = Self.readRequest(client, toEnd: readsToEnd) else { return }
                    let bytes = Array(reply.replacingOccurrences(of: "{received}", with: String(received)).utf8)
                    _ = bytes.withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                }
            }.start()
        }

        /// Reads a request head, or everything until end-of-file, and returns how many bytes it
        /// read (a reply can say so with `{received}`); nil when the client left first.
        private static func readRequest(_ client: Int32, toEnd: Bool) -> Int? {
            var request: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = chunk.withUnsafeMutableBytes { recv(client, $0.baseAddress, $0.count, 0) }
                if count <= 0 { return toEnd && count == 0 ? request.count : nil }
                request += chunk[..<count]
                if !toEnd, request.count >= 4, request.suffix(4).elementsEqual([13, 10, 13, 10]) { return request.count }
            }
        }

        /// Waits for the scripted connection to end (10 s at most), then stops listening.
        func finish() {
            _ = done.wait(timeout: .now() + 10)
            listener.close()
        }
    }

    @Test("A body by Content-Length, then a second response on the same connection")
    func contentLengthAndKeepAlive() throws {
        let server = try ScriptedServer(replies: [
            "HTTP/1.1 200 OK\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: 5\r\nX-Twice: a\r\nX-Twice: b\r\n\r\nhello",
            "HTTP/1.1 404 Not Found\r\nContent-Length: 4\r\n\r\nnone",
        ])
        defer { server.finish() }
        let connection = try RawHTTPConnection(port: server.port)
        let first = try connection.send("GET", "/a")
        #expect(first.status == 200 && first.reason == "OK" && first.text == "hello")
        #expect(first.mediaType == "text/plain")
        #expect(first.headerValues("x-twice") == ["a", "b"])
        let second = try connection.send("GET", "/b")
        #expect(second.status == 404 && second.text == "none")
        #expect(connection.awaitClose(within: 5))
    }

    @Test("A chunked body with an extension and a trailer is read whole")
    func chunked() throws {
        let server = try ScriptedServer(replies: ["HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3;x=y\r\nabc\r\n2\r\nde\r\n0\r\nT: t\r\n\r\n"]
        )
        defer { server.finish() }
        let connection = try RawHTTPConnection(port: server.port)
        #expect(try connection.send("GET", "/").text == "abcde")
    }

    @Test("A body without framing ends when the server closes; a HEAD answer has none")
    func untilCloseAndHead() throws {
        let server = try ScriptedServer(replies: [
            "HTTP/1.1 200 OK\r\nContent-Length: 9\r\n\r\n", "HTTP/1.1 200 OK\r\nConnection: close\r\n\r\nall of it",
        ])
        defer { server.finish() }
        let connection = try RawHTTPConnection(port: server.port)
        let head = try connection.send("HEAD", "/")
        #expect(head.status == 200 && head.body.isEmpty)
        #expect(try connection.send("GET", "/").text == "all of it")
        #expect(connection.peerClosed)
    }

    @Test("Half-closed, the connection still reads the answer to what it sent")
    func halfClose() throws {
        let server = try ScriptedServer(replies: ["HTTP/1.1 200 OK\r\nContent-Length: 1\r\n\r\n{received}"], readsToEnd: true)
        defer { server.finish() }
        let connection = try RawHTTPConnection(port: server.port)
        try connection.sendRaw("abc")
        try connection.halfClose()
        #expect(try connection.readResponse().text == "3")
    }

    @Test("readUntil returns the bytes up to its marker and leaves the rest")
    func readUntil() throws {
        let server = try ScriptedServer(replies: ["HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n6\r\nhello\n\r\n0\r\n\r\n"])
        defer { server.finish() }
        let connection = try RawHTTPConnection(port: server.port)
        try connection.sendRaw("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try connection.readUntil("hello\n").hasSuffix("\r\n6\r\nhello\n"))
        #expect(try connection.readUntil("0\r\n\r\n") == "\r\n0\r\n\r\n")
    }
}
