import Glibc
import Synchronization

/// A socket call that failed: which call, and its `errno`.
public struct SocketError: Error, CustomStringConvertible {
    /// The call (`socket`, `connect`, `bind`, `listen`).
    public let call: String
    /// Its `errno`.
    public let code: Int32

    public var description: String {
        "\(call) failed: \(String(cString: strerror(code)))"
    }
}

/// TCP on 127.0.0.1, the tests' only network: the one place they make sockets. A connection
/// (`connect`), a port nothing listens on (`unusedPort`), and a listener (`LoopbackListener`).
public enum LoopbackSocket {
    /// The address `127.0.0.1:port`.
    public static func address(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(truncatingIfNeeded: port)).bigEndian
        address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
        return address
    }

    /// A new TCP socket, close-on-exec unless `closeOnExec` is false.
    static func make(closeOnExec: Bool = true) throws(SocketError) -> Int32 {
        let flags = closeOnExec ? Int32(SOCK_CLOEXEC.rawValue) : 0
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | flags, 0)
        guard descriptor >= 0 else { throw SocketError(call: "socket", code: errno) }
        return descriptor
    }

    /// A socket connected to `127.0.0.1:port` (the caller closes it). With `timeoutSeconds`, each
    /// read and write on it gives up after that long; with `noDelay`, small writes go at once.
    public static func connect(port: Int, timeoutSeconds: Int? = nil, noDelay: Bool = false) throws(SocketError) -> Int32 {
        let descriptor = try make()
        if let timeoutSeconds {
            var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
            _ = setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            _ = setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        }
        if noDelay {
            var one: Int32 = 1
            _ = setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = address(port: port)
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            let code = errno
            Glibc.close(descriptor)
            throw SocketError(call: "connect to 127.0.0.1:\(port)", code: code)
        }
        return descriptor
    }

    /// A port nothing listens on now: bound to 0 on 127.0.0.1, read back, closed. A program
    /// given it binds it a moment later; another process taking it meanwhile makes that start
    /// fail loudly, not wrongly.
    public static func unusedPort() throws(SocketError) -> Int {
        let descriptor = try make()
        defer { Glibc.close(descriptor) }
        return try bind(descriptor)
    }

    /// Binds `descriptor` to 127.0.0.1 and an ephemeral port; returns the port.
    static func bind(_ descriptor: Int32) throws(SocketError) -> Int {
        var address = address(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
            }
        }
        guard bound else { throw SocketError(call: "bind 127.0.0.1:0", code: errno) }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}

/// A listening TCP socket on 127.0.0.1 and an ephemeral port, for a stand-in server (or to
/// hold a port). Its socket is opened without close-on-exec, as `socket(2)` makes one (children
/// the tests start hold none of the runner's descriptors anyway: see `ChildProcess`).
public final class LoopbackListener: Sendable {
    /// The listening socket.
    public let descriptor: Int32
    /// The port it listens on.
    public let port: Int
    private let open = Mutex(true)

    /// Listens with room for `backlog` connections not yet accepted.
    public init(backlog: Int32 = 128) throws(SocketError) {
        let descriptor = try LoopbackSocket.make(closeOnExec: false)
        do {
            port = try LoopbackSocket.bind(descriptor)
        } catch {
            Glibc.close(descriptor)
            throw error
        }
        guard listen(descriptor, backlog) == 0 else {
            let code = errno
            Glibc.close(descriptor)
            throw SocketError(call: "listen", code: code)
        }
        self.descriptor = descriptor
    }

    deinit { close() }

    /// The next connection (blocking); nil when the accept failed (say, after `shutdown`).
    public func accept() -> Int32? {
        let client = Glibc.accept(descriptor, nil, nil)
        return client >= 0 ? client : nil
    }

    /// Waits up to `milliseconds` for a connection to accept; true when one is waiting.
    public func awaitConnection(milliseconds: Int32) -> Bool {
        var pollDescriptor = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&pollDescriptor, 1, milliseconds) > 0 && pollDescriptor.revents & Int16(POLLIN) != 0
    }

    /// Wakes a thread blocked in `accept` (which then returns nil); the socket stays open.
    public func shutdown() {
        _ = Glibc.shutdown(descriptor, Int32(SHUT_RDWR))
    }

    /// Stops listening (idempotent).
    public func close() {
        let wasOpen = open.withLock { open in
            defer { open = false }
            return open
        }
        if wasOpen { Glibc.close(descriptor) }
    }
}

/// A Unix-domain socket bound to a path: a file of the kind "socket", for code that must
/// refuse to read one.
public final class UnixSocketFile {
    /// The socket.
    public let descriptor: Int32
    /// Whether `bind(2)` to the path succeeded.
    public let bound: Bool

    /// Binds a new socket to `path`.
    public init(path: String) {
        descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { bytes in
            for (index, byte) in path.utf8.enumerated() where index < bytes.count - 1 { bytes[index] = byte }
        }
        let descriptor = descriptor
        bound =
            withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            } == 0
    }

    deinit { close(descriptor) }
}
