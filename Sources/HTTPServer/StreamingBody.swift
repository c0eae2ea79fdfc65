import CMicroHTTPD
import Glibc
import Synchronization

/// A response body written while it is being sent (Server-Sent Events). The application
/// writes from any thread; libmicrohttpd reads on its own. No thread waits for a client:
/// when nothing is buffered the connection is suspended, and a write resumes it.
public final class StreamingBody: Sendable {
    private struct State {
        var buffer: [UInt8] = []
        var readOffset = 0
        var closed = false
        var suspended = false
        var connection: ConnectionHandle?
        /// The connection's socket while `connection` is set (libmicrohttpd closes it only after
        /// it has let the response go, which `finished` waits for under this lock).
        var socket: Int32 = -1
        var registry: StreamRegistry?
        /// The largest single write so far (see `capacity`).
        var largestWrite = 0
    }

    /// Most bytes buffered for a client before it counts as too far behind and is dropped;
    /// raised to twice the largest single write, so that one whole event always fits, and a
    /// client still receiving the last one is not dropped for the next (a list can pass any
    /// fixed size).
    public let capacity: Int
    private let state = Mutex(State())

    /// Creates a body that buffers up to `capacity` unsent bytes.
    public init(capacity: Int = 256 * 1024) {
        self.capacity = capacity
    }

    /// Queues `bytes` for sending. Returns false when the stream is closed, or when the
    /// client is too far behind, in which case the stream is closed now.
    @discardableResult
    public func write(_ bytes: [UInt8]) -> Bool {
        state.withLock { state in
            guard !state.closed else { return false }
            state.largestWrite = max(state.largestWrite, bytes.count)
            if state.buffer.count - state.readOffset + bytes.count > max(capacity, 2 * state.largestWrite) {
                state.closed = true
                state.buffer = []
                state.readOffset = 0
                wake(&state)
                return false
            }
            state.buffer.append(contentsOf: bytes)
            wake(&state)
            return true
        }
    }

    /// Ends the stream after what is already buffered has been sent.
    public func close() {
        state.withLock { state in
            guard !state.closed else { return }
            state.closed = true
            wake(&state)
        }
    }

    /// Whether the stream has ended (closed by us, dropped, or the client went away).
    public var isClosed: Bool {
        state.withLock { $0.closed }
    }

    /// Whether the client has gone away (closed its end of the connection, or reset it), as its
    /// socket says now; if so, the stream is closed. libmicrohttpd does not watch the socket of a
    /// stream that waits for data (its connection is suspended), so it notices such a client only
    /// when the stream next writes (a heartbeat at the latest): ask this to know sooner.
    @discardableResult
    public func closeIfClientLeft() -> Bool {
        state.withLock { state in
            guard !state.closed else { return true }
            guard state.connection != nil, state.socket >= 0 else { return false }
            var byte: UInt8 = 0
            // A peek takes nothing from the socket: a pipelined request stays for libmicrohttpd.
            let peeked = recv(state.socket, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT))
            let gone = peeked == 0 || (peeked < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)
            guard gone else { return false }
            state.closed = true
            wake(&state)
            return true
        }
    }

    /// Bytes waiting to be sent.
    public var pending: Int {
        state.withLock { $0.buffer.count - $0.readOffset }
    }

    // MARK: - Transport side

    func attach(_ connection: OpaquePointer, registry: StreamRegistry) {
        state.withLock {
            $0.connection = ConnectionHandle(pointer: connection)
            $0.socket = qa_mhd_connection_fd(connection)
            $0.registry = registry
        }
        registry.add(self)
    }

    /// Copies up to `max` bytes into `target`; 0 means "suspended, nothing yet"; -1 the end.
    func read(into target: UnsafeMutablePointer<CChar>, max: Int) -> Int {
        state.withLock { state in
            let available = state.buffer.count - state.readOffset
            if available > 0 {
                let count = min(available, max)
                state.buffer.withUnsafeBytes { source in
                    if let base = source.baseAddress {
                        UnsafeMutableRawPointer(target).copyMemory(from: base + state.readOffset, byteCount: count)
                    }
                }
                state.readOffset += count
                if state.readOffset == state.buffer.count {
                    state.buffer.removeAll(keepingCapacity: true)
                    state.readOffset = 0
                }
                return count
            }
            if state.closed { return -1 }
            // Nothing to send: park the connection until the next write. Called under our
            // lock, so a concurrent write sees `suspended` and resumes it.
            if let connection = state.connection {
                state.suspended = true
                MHD_suspend_connection(connection.pointer)
            }
            return 0
        }
    }

    /// libmicrohttpd is done with the response (sent, or the client went away).
    func finished() {
        let registry = state.withLock { state in
            state.closed = true
            state.connection = nil
            state.socket = -1
            state.buffer = []
            state.readOffset = 0
            defer { state.registry = nil }
            return state.registry
        }
        registry?.remove(self)
    }

    private func wake(_ state: inout State) {
        if state.suspended, let connection = state.connection {
            state.suspended = false
            MHD_resume_connection(connection.pointer)
        }
    }
}
