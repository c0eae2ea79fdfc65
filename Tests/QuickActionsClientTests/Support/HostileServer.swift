import Foundation
import Glibc
import Synchronization
import TestSupport

/// An HTTP server on 127.0.0.1 and an ephemeral port that misbehaves on purpose: each request
/// (one per connection) goes to `handler`, which writes whatever it likes through the
/// `Connection`. Threads, POSIX sockets, 100 ms polls: every loop notices `stop()` within that.
/// Whatever a handler writes stops at `cap` bytes in all, so a client that never hangs up
/// cannot make the test machine run out of memory.
final class HostileServer: Sendable {
    /// A request as received: its method, path and head (the request line and headers).
    struct Request: Sendable {
        var method: String
        var path: String
        var head: String

        /// The value of header `name` (case-insensitive), if sent.
        func header(_ name: String) -> String? {
            for line in head.split(separator: "\r\n").dropFirst() {
                guard let colon = line.firstIndex(of: ":") else { continue }
                if line[..<colon].lowercased() == name.lowercased() {
                    return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                }
            }
            return nil
        }
    }

    /// One accepted connection, as a handler writes to it.
    struct Connection: Sendable {
        let descriptor: Int32
        let server: HostileServer

        /// Writes `bytes` whole; false once the client has gone, the server stops, or the cap is reached.
        @discardableResult
        func write(_ bytes: [UInt8]) -> Bool {
            server.write(bytes, to: descriptor)
        }

        @discardableResult
        func write(_ text: String) -> Bool {
            write(Array(text.utf8))
        }

        /// Sleeps `seconds` in 100 ms steps; false when the server stopped meanwhile.
        func pause(_ seconds: Double) -> Bool {
            let deadline = Date().addingTimeInterval(seconds)
            while Date() < deadline {
                if server.stopped { return false }
                usleep(UInt32(min(0.1, max(deadline.timeIntervalSinceNow, 0)) * 1_000_000))
            }
            return !server.stopped
        }

        /// Whether the client closed its side (checked without blocking).
        var clientClosed: Bool {
            var fds = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)]
            guard poll(&fds, 1, 0) > 0 else { return false }
            var byte: UInt8 = 0
            return recv(descriptor, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT)) <= 0
        }
    }

    let port: Int
    let cap: Int
    private let listener: LoopbackListener
    private let handler: @Sendable (Request, Connection) -> Void
    private let state = Mutex<(stopped: Bool, threads: Int, sent: Int, open: Int, requests: [Request])>((false, 0, 0, 0, []))

    /// Listens at once; `cap` bounds the bytes written over all connections.
    init(cap: Int = 1 << 30, handler: @escaping @Sendable (Request, Connection) -> Void) throws {
        // A write to a client that went away must fail the write, not end the test process.
        _ = signal(SIGPIPE, SIG_IGN)
        self.cap = cap
        self.handler = handler
        listener = try LoopbackListener(backlog: 64)
        port = listener.port
        spawn { [self] in acceptLoop() }
    }

    deinit { stop() }

    var url: URL { ServerProcess.url(port: port) }

    /// The origin as a client names it: `http://127.0.0.1:PORT`.
    var origin: String { "http://127.0.0.1:\(port)" }

    /// The requests received so far, in order.
    var requests: [Request] { state.withLock { $0.requests } }

    /// Bytes written to clients so far.
    var bytesSent: Int { state.withLock { $0.sent } }

    /// Connections whose handler still runs.
    var openConnections: Int { state.withLock { $0.open } }

    /// Waits up to `seconds` for every handler to end (the client hung up, or the cap was
    /// reached); says whether they did.
    func waitForHandlers(seconds: Double) async -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while openConnections > 0 && Date() < deadline { try? await Task.sleep(nanoseconds: 20_000_000) }
        return openConnections == 0
    }

    /// Stops the server after `seconds` unless the returned task is cancelled first: a client
    /// that never gives up is then cut off, so that its test ends (and fails) instead of hanging.
    func stop(after seconds: Double) -> Task<Void, Never> {
        Task { [self] in
            do {
                try await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000))
                stop()
            } catch {}
        }
    }

    fileprivate var stopped: Bool { state.withLock { $0.stopped } }

    /// Stops accepting, ends every handler (their writes fail) and waits up to 5 s for the threads.
    func stop() {
        let first = state.withLock { state in
            defer { state.stopped = true }
            return !state.stopped
        }
        if first { listener.shutdown() }
        let deadline = Date().addingTimeInterval(5)
        while state.withLock({ $0.threads }) > 0 && Date() < deadline { usleep(10_000) }
        if first { listener.close() }
    }

    private func spawn(_ body: @escaping @Sendable () -> Void) {
        state.withLock { $0.threads += 1 }
        Thread { [self] in
            body()
            state.withLock { $0.threads -= 1 }
        }.start()
    }

    private func acceptLoop() {
        while !stopped {
            guard listener.awaitConnection(milliseconds: 100), let client = listener.accept() else { continue }
            spawn { [self] in serve(client) }
        }
    }

    private func serve(_ client: Int32) {
        defer { close(client) }
        guard let request = readHead(client) else { return }
        state.withLock {
            $0.requests.append(request)
            $0.open += 1
        }
        defer { state.withLock { $0.open -= 1 } }
        handler(request, Connection(descriptor: client, server: self))
        shutdown(client, Int32(SHUT_WR))
    }

    /// Reads up to the blank line that ends the head (at most 64 KiB, 30 s: generous, as a loaded machine may be slow to send it).
    private func readHead(_ client: Int32) -> Request? {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline && !stopped && received.count < 65_536 {
            guard FaultInjectingProxy.wait(client, milliseconds: 100) else { continue }
            let count = read(client, &buffer, buffer.count)
            guard count > 0 else { return nil }
            received += buffer[..<count]
            let text = String(decoding: received, as: UTF8.self)
            guard let end = text.range(of: "\r\n\r\n") else { continue }
            let head = String(text[..<end.lowerBound])
            let parts = head.split(separator: " ", maxSplits: 2)
            guard parts.count >= 2 else { return nil }
            return Request(method: String(parts[0]), path: String(parts[1]), head: head)
        }
        return nil
    }

    fileprivate func write(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            if stopped || state.withLock({ $0.sent }) >= cap { return false }
            var fds = [pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)]
            guard poll(&fds, 1, 100) >= 0 else { return false }
            guard fds[0].revents != 0 else { continue }
            if fds[0].revents & Int16(POLLERR | POLLHUP) != 0 { return false }
            let written = bytes.withUnsafeBytes {
                send(descriptor, $0.baseAddress?.advanced(by: offset), bytes.count - offset, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
            }
            if written < 0 && (errno == EAGAIN || errno == EINTR) { continue }
            guard written > 0 else { return false }
            offset += written
            state.withLock { $0.sent += written }
        }
        return true
    }
}

extension HostileServer {
    /// A small valid shortcut list, as `GET /shortcuts` and a `shortcuts` event carry it.
    static let list =
        #"{"items":[{"icon":{"type":"search"},"kind":"static","localizedTitle":"Search","type":"SearchAction","visible":true}],"version":"v1","warnings":[]}"#

    /// A complete answer (`Content-Length` set, connection closed after it).
    static func answer(_ status: Int, _ body: String, type: String = "application/json", headers: [String] = []) -> String {
        "HTTP/1.1 \(status) Status\r\nContent-Type: \(type)\r\nContent-Length: \(body.utf8.count)\r\n"
            + headers.map { $0 + "\r\n" }.joined() + "Connection: close\r\n\r\n" + body
    }

    /// The head of an event stream that never ends.
    static let eventStreamHead = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n"

    /// The pace of `repeatForever`: a fast network's, well below loopback's. A client that hangs
    /// up has then seconds, not a fraction of one, before the server reaches its cap, so a busy
    /// machine delaying the hang-up (URLSession on Linux cancels through a work queue the flood
    /// keeps busy: measured up to 0.7 s with two floods at loopback speed) does not read as a
    /// client that never hangs up.
    static let floodBytesPerSecond = 128 << 20

    /// Writes `piece` over and over, at `floodBytesPerSecond`, until the client goes, the server
    /// stops or the cap is reached.
    static func repeatForever(_ piece: [UInt8], on connection: Connection) {
        let started = ContinuousClock.now
        var written = 0
        while connection.write(piece) {
            written += piece.count
            let due = started + .seconds(Double(written) / Double(floodBytesPerSecond))
            if due > ContinuousClock.now { Thread.sleep(forTimeInterval: Double((due - ContinuousClock.now) / .seconds(1))) }
        }
    }
}
