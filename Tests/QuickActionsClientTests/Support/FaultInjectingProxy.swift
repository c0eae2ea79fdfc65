import Foundation
import Glibc
import Synchronization
import TestSupport

/// A TCP proxy in front of the real server that fails connections on purpose. Each accepted
/// connection gets one `Fault`, chosen by `decide` (given the connection's number). Threads,
/// POSIX sockets, 100 ms polls: every loop notices `stop()` within that.
final class FaultInjectingProxy: Sendable {
    enum Fault: Sendable, Equatable {
        /// Forward both ways.
        case none
        /// Forward the request, then reset the client's connection as the response begins:
        /// the server has done the work, the client never hears of it.
        case dropAfterRequest
        /// Wait this many seconds, then forward.
        case delay(Double)
        /// Reset the connection once the request starts arriving; nothing is forwarded.
        case reset
        /// Reset the connection as soon as it is accepted (a refused connection, as the client sees it).
        case refuse
        /// Answer with this status (and `Retry-After`, when given) instead of the server.
        case answer(status: Int, retryAfter: Int?)
    }

    let port: Int
    private let upstreamPort: Int
    private let listener: LoopbackListener
    private let decide: @Sendable (Int) -> Fault
    /// `resets` counts `resetAll()` calls: a connection older than the last one resets itself.
    private let state = Mutex<(stopped: Bool, accepted: Int, resets: Int, threads: Int, open: Int)>((false, 0, 0, 0, 0))
    /// The first bytes of every request received (its head, in practice), in order.
    private let heads = Mutex<[String]>([])

    /// Whether each connection carries one request: `Connection: close` is added to it, so a
    /// client that keeps connections alive still meets a fresh fault per request.
    private let oneRequestPerConnection: Bool

    init(upstreamPort: Int, oneRequestPerConnection: Bool = false, decide: @escaping @Sendable (Int) -> Fault = { _ in .none }) throws {
        // A write to a socket or pipe the other side closed must fail its test, not end the test
        // process: SIGPIPE is ignored from the first network test on (every such write checks errors).
        _ = signal(SIGPIPE, SIG_IGN)
        self.upstreamPort = upstreamPort
        self.oneRequestPerConnection = oneRequestPerConnection
        self.decide = decide
        listener = try LoopbackListener(backlog: 128)
        port = listener.port
        spawn { [self] in acceptLoop() }
    }

    deinit { stop() }

    /// How many connections were accepted.
    var accepted: Int { state.withLock { $0.accepted } }

    /// The heads of the requests received so far.
    var requestHeads: [String] { heads.withLock { $0 } }

    /// How many connections are being served now.
    var openConnections: Int { state.withLock { $0.open } }

    /// Resets every open connection (within a poll interval; the server's side is closed too).
    func resetAll() {
        state.withLock { $0.resets += 1 }
    }

    /// Stops accepting, resets what is open and waits (up to 5 s) for its threads to end.
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

    private var stopped: Bool { state.withLock { $0.stopped } }

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
            let number = state.withLock { state in
                state.accepted += 1
                return state.accepted
            }
            let fault = decide(number)
            if fault == .refuse {
                Self.reset(client)
                continue
            }
            spawn { [self] in serve(client, fault) }
        }
    }

    private func serve(_ client: Int32, _ fault: Fault) {
        let generation = state.withLock { state in
            state.open += 1
            return state.resets
        }
        defer { state.withLock { $0.open -= 1 } }
        if case .delay(let seconds) = fault { usleep(UInt32(seconds * 1_000_000)) }
        if fault == .reset {
            _ = Self.wait(client, milliseconds: 2000)
            Self.reset(client)
            return
        }
        if case .answer(let status, let retryAfter) = fault {
            answer(client, status: status, retryAfter: retryAfter)
            return
        }
        guard let upstream = try? LoopbackSocket.connect(port: upstreamPort) else {
            Self.reset(client)
            return
        }
        defer { close(upstream) }
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        var first = oneRequestPerConnection
        while !stopped {
            if state.withLock({ $0.resets }) != generation {
                Self.reset(client)
                return
            }
            var fds = [pollfd(fd: client, events: Int16(POLLIN), revents: 0), pollfd(fd: upstream, events: Int16(POLLIN), revents: 0)]
            guard poll(&fds, 2, 100) >= 0 else { break }
            if fds[0].revents != 0 {
                var count = read(client, &buffer, buffer.count)
                if count > 0 && first { heads.withLock { $0.append(String(decoding: buffer[..<count], as: UTF8.self)) } }
                if count > 0 && first, let lineEnd = Self.endOfFirstLine(buffer, count) {
                    let header = Array("Connection: close\r\n".utf8)
                    buffer.replaceSubrange(lineEnd..<lineEnd, with: header)
                    count += header.count
                    first = false
                }
                if count <= 0 || !Self.writeAll(upstream, buffer, count) { break }
            }
            if fds[1].revents != 0 {
                let count = read(upstream, &buffer, buffer.count)
                if count > 0 && fault == .dropAfterRequest {
                    // The server answered, so it has done the work: the client never hears.
                    Self.reset(client)
                    return
                }
                if count <= 0 || !Self.writeAll(client, buffer, count) { break }
            }
        }
        close(client)
    }

    /// Reads the request's head (for `heads`), answers it with an injected problem, and closes the connection.
    private func answer(_ client: Int32, status: Int, retryAfter: Int?) {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        if Self.wait(client, milliseconds: 2000) {
            let count = read(client, &buffer, buffer.count)
            if count > 0 { heads.withLock { $0.append(String(decoding: buffer[..<count], as: UTF8.self)) } }
        }
        let body = #"{"title":"injected","status":\#(status),"detail":"injected by the test proxy"}"#
        let head =
            "HTTP/1.1 \(status) Injected\r\nContent-Type: application/problem+json\r\nContent-Length: \(body.utf8.count)\r\n"
            + (retryAfter.map { "Retry-After: \($0)\r\n" } ?? "") + "Connection: close\r\n\r\n"
        let bytes = Array((head + body).utf8)
        _ = Self.writeAll(client, bytes, bytes.count)
        close(client)
    }

    /// The index just after the first CRLF among the first `count` bytes.
    static func endOfFirstLine(_ buffer: [UInt8], _ count: Int) -> Int? {
        guard count >= 2 else { return nil }
        for index in 1..<count where buffer[index - 1] == 0x0D && buffer[index] == 0x0A { return index + 1 }
        return nil
    }

    static func wait(_ descriptor: Int32, milliseconds: Int32) -> Bool {
        var fds = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)]
        return poll(&fds, 1, milliseconds) > 0
    }

    static func writeAll(_ descriptor: Int32, _ buffer: [UInt8], _ count: Int) -> Bool {
        var sent = 0
        while sent < count {
            let written = buffer.withUnsafeBytes { send(descriptor, $0.baseAddress?.advanced(by: sent), count - sent, Int32(MSG_NOSIGNAL)) }
            guard written > 0 else { return false }
            sent += written
        }
        return true
    }

    /// Closes with an RST (SO_LINGER 0) rather than a FIN: what a dying network looks like.
    static func reset(_ descriptor: Int32) {
        var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
        shutdown(descriptor, Int32(SHUT_RDWR))
        close(descriptor)
    }
}
