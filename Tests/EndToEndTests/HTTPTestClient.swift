import Foundation
import Glibc

/// A failure of the test client itself (not an HTTP error status).
struct HTTPTestClientError: Error, CustomStringConvertible {
    /// What went wrong.
    let description: String

    init(_ description: String) {
        self.description = description
    }
}

/// A tiny blocking HTTP/1.1 client on one POSIX socket to 127.0.0.1.
///
/// URLSession is deliberately not used: it cannot send the hostile requests some tests need
/// (duplicated `Content-Length`, raw bytes), and it hides whether a connection was reused.
/// One client is one TCP connection, so several `send` calls on it prove keep-alive.
final class HTTPTestClient {
    /// Seconds a single read or write may block before the test fails instead of hanging.
    static let ioTimeoutSeconds = 10

    private let descriptor: Int32
    /// Bytes read from the socket but not yet consumed by a response.
    private var buffer: [UInt8] = []
    private var isClosed = false
    /// Whether the server has closed its side (a read returned end-of-file).
    private(set) var peerClosed = false

    /// Connects to `127.0.0.1:port`.
    init(port: Int) throws {
        let socketDescriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard socketDescriptor >= 0 else { throw HTTPTestClientError("socket() failed: \(Self.lastError())") }
        var timeout = timeval(tv_sec: Self.ioTimeoutSeconds, tv_usec: 0)
        _ = setsockopt(socketDescriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        _ = setsockopt(socketDescriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port)).bigEndian
        address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socketDescriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            let message = Self.lastError()
            Glibc.close(socketDescriptor)
            throw HTTPTestClientError("connect to 127.0.0.1:\(port) failed: \(message)")
        }
        descriptor = socketDescriptor
    }

    deinit {
        close()
    }

    /// Closes the connection (idempotent).
    func close() {
        guard !isClosed else { return }
        isClosed = true
        Glibc.close(descriptor)
    }

    /// Sends one request and reads its response. `Content-Length` is added for a body unless
    /// the caller already gives framing headers.
    func send(
        _ method: String, _ target: String, headers: [(String, String)] = [], body: [UInt8]? = nil
    ) throws -> HTTPTestResponse {
        try writeRequest(method, target, headers: headers, body: body)
        return try readResponse(method: method)
    }

    /// Sends one request without reading the answer (for streams, and for requests sent from
    /// many threads at once). Framing as in `send`.
    func writeRequest(_ method: String, _ target: String, headers: [(String, String)] = [], body: [UInt8]? = nil) throws {
        try sendRaw(Self.requestBytes(method, target, headers: headers, body: body))
    }

    /// The bytes of one request, as `send` writes them.
    static func requestBytes(_ method: String, _ target: String, headers: [(String, String)] = [], body: [UInt8]? = nil) -> [UInt8] {
        var head = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        for (name, value) in headers {
            head += "\(name): \(value)\r\n"
        }
        let framed = headers.contains { ["content-length", "transfer-encoding"].contains($0.0.lowercased()) }
        if let body, !framed {
            head += "Content-Length: \(body.count)\r\n"
        }
        head += "\r\n"
        return Array(head.utf8) + (body ?? [])
    }

    /// Sends a request with a UTF-8 body.
    func send(_ method: String, _ target: String, headers: [(String, String)] = [], body: String) throws -> HTTPTestResponse {
        try send(method, target, headers: headers, body: Array(body.utf8))
    }

    /// Writes `bytes` as they are, for requests a well-behaved client would never send.
    func sendRaw(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            // MSG_NOSIGNAL: a server that already closed must fail the test, not kill the runner with SIGPIPE.
            let written = bytes.withUnsafeBytes { raw in
                Glibc.send(descriptor, raw.baseAddress.map { $0 + offset }, bytes.count - offset, Int32(MSG_NOSIGNAL))
            }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { throw HTTPTestClientError("send failed: \(Self.lastError())") }
            offset += written
        }
    }

    /// Reads one response. `method` tells whether a body follows (none for `HEAD`).
    func readResponse(method: String = "GET") throws -> HTTPTestResponse {
        var response = try readResponseHead()
        try readBody(of: &response, method: method)
        return response
    }

    /// Reads the body of `response`, whose head `readResponseHead` read (say, a `GET /events`
    /// that was refused rather than streamed).
    func readBody(of response: inout HTTPTestResponse, method: String = "GET") throws {
        let bodyless = method == "HEAD" || response.status == 204 || response.status == 304 || (100..<200).contains(response.status)
        if bodyless { return }
        if response.header("Transfer-Encoding")?.lowercased().contains("chunked") == true {
            response.body = try readChunkedBody()
        } else if let lengthText = response.header("Content-Length") {
            guard let length = Int(lengthText), length >= 0 else { throw HTTPTestClientError("bad Content-Length: \(lengthText)") }
            try fill(atLeast: length)
            response.body = Array(buffer[..<length])
            buffer.removeFirst(length)
        } else {
            response.body = try readToEnd()
        }
    }

    /// Reads the status line and header fields of one response, and not its body (which stays
    /// buffered: see `takeBuffered`).
    func readResponseHead() throws -> HTTPTestResponse {
        let headEnd = try readUntil([0x0D, 0x0A, 0x0D, 0x0A])
        let headBytes = Array(buffer[..<headEnd])
        buffer.removeFirst(headEnd + 4)
        guard let headText = String(validating: headBytes, as: UTF8.self) else { throw HTTPTestClientError("response head is not UTF-8") }
        var lines = headText.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst()
        let statusParts = statusLine.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
        guard statusParts.count >= 2, statusParts[0].hasPrefix("HTTP/1."), let status = Int(statusParts[1]) else {
            throw HTTPTestClientError("malformed status line: \(statusLine)")
        }
        let reason = statusParts.count > 2 ? String(statusParts[2]) : ""
        var headers: [(name: String, value: String)] = []
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { throw HTTPTestClientError("malformed header line: \(line)") }
            headers.append((String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
        }
        return HTTPTestResponse(status: status, reason: reason, headers: headers, body: [])
    }

    /// Everything until the server closes the connection (the bytes not yet consumed included).
    func readToEnd() throws -> [UInt8] {
        while try readMore() {}
        defer { buffer.removeAll() }
        return buffer
    }

    // MARK: - Raw reading, for streams and for connections the server should close

    /// The socket, for `poll(2)` over many clients.
    var socketDescriptor: Int32 { descriptor }

    /// The bytes read but not consumed by a response (say, the start of a streamed body).
    func takeBuffered() -> [UInt8] {
        defer { buffer.removeAll() }
        return buffer
    }

    /// What the socket holds right now, without waiting: empty when nothing has arrived,
    /// nil at end-of-file (or when the server reset the connection).
    func receiveAvailable() throws -> [UInt8]? {
        guard !peerClosed else { return nil }
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            if count > 0 { return Array(chunk[..<count]) }
            if count == 0 || errno == ECONNRESET {
                peerClosed = true
                return nil
            }
            if errno == EINTR { continue }
            if errno == EAGAIN || errno == EWOULDBLOCK { return [] }
            throw HTTPTestClientError("recv failed: \(Self.lastError())")
        }
    }

    /// Waits up to `seconds` for bytes or end-of-file; true when the socket is readable.
    func awaitReadable(within seconds: Double) -> Bool {
        if !buffer.isEmpty || peerClosed { return true }
        var pollDescriptor = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            let remaining = Int32(max(0, deadline.timeIntervalSinceNow * 1000))
            let ready = poll(&pollDescriptor, 1, remaining)
            if ready > 0 { return true }
            if ready == 0 || (ready < 0 && errno != EINTR) || Date() >= deadline { return false }
        }
    }

    /// Waits up to `seconds` for the server to close the connection, discarding whatever it
    /// sends meanwhile. True when it closed (end-of-file or reset).
    func awaitClose(within seconds: Double) -> Bool {
        buffer.removeAll()
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            guard awaitReadable(within: deadline.timeIntervalSinceNow) else { return false }
            do {
                if try receiveAvailable() == nil { return true }
            } catch {
                return true
            }
        }
        return peerClosed
    }

    // MARK: - Reading

    private func readChunkedBody() throws -> [UInt8] {
        var body: [UInt8] = []
        while true {
            let lineEnd = try readUntil([0x0D, 0x0A])
            let sizeLine = String(decoding: buffer[..<lineEnd], as: UTF8.self)
            buffer.removeFirst(lineEnd + 2)
            let sizeText = sizeLine.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
            guard let size = Int(sizeText, radix: 16), size >= 0 else { throw HTTPTestClientError("bad chunk size: \(sizeLine)") }
            if size == 0 {
                // Trailer fields, then the empty line.
                while true {
                    let end = try readUntil([0x0D, 0x0A])
                    buffer.removeFirst(end + 2)
                    if end == 0 { return body }
                }
            }
            try fill(atLeast: size + 2)
            body += buffer[..<size]
            buffer.removeFirst(size + 2)
        }
    }

    /// The index in `buffer` where `marker` starts, reading more as needed.
    private func readUntil(_ marker: [UInt8]) throws -> Int {
        var searchFrom = 0
        while true {
            if buffer.count >= marker.count {
                for start in searchFrom...(buffer.count - marker.count) where buffer[start..<(start + marker.count)].elementsEqual(marker) {
                    return start
                }
                searchFrom = buffer.count - marker.count + 1
            }
            guard try readMore() else { throw HTTPTestClientError("connection closed before a complete response (\(buffer.count) bytes read)") }
        }
    }

    private func fill(atLeast count: Int) throws {
        while buffer.count < count {
            guard try readMore() else { throw HTTPTestClientError("connection closed after \(buffer.count) of \(count) body bytes") }
        }
    }

    /// Reads what is available into `buffer`; false at end-of-file.
    private func readMore() throws -> Bool {
        guard !peerClosed else { return false }
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                buffer += chunk[..<count]
                return true
            }
            if count == 0 {
                peerClosed = true
                return false
            }
            if errno == EINTR { continue }
            if errno == EAGAIN || errno == EWOULDBLOCK {
                throw HTTPTestClientError("no answer within \(Self.ioTimeoutSeconds) s")
            }
            throw HTTPTestClientError("recv failed: \(Self.lastError())")
        }
    }

    private static func lastError() -> String {
        String(cString: strerror(errno))
    }
}

/// A response as read off the wire.
struct HTTPTestResponse {
    /// Status code.
    var status: Int
    /// Reason phrase.
    var reason: String
    /// Header fields in the order received.
    var headers: [(name: String, value: String)]
    /// The body (empty for HEAD, 204 and 304).
    var body: [UInt8]

    /// The first value of a header (case-insensitive name).
    func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// Every value of a header (case-insensitive name).
    func headerValues(_ name: String) -> [String] {
        headers.filter { $0.name.lowercased() == name.lowercased() }.map(\.value)
    }

    /// The body as UTF-8 text.
    var text: String {
        String(decoding: body, as: UTF8.self)
    }

    /// The media type without parameters, lower-cased.
    var mediaType: String? {
        header("Content-Type")?.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
    }

    /// The body decoded as `T`.
    func decode<T: Decodable>(_ type: T.Type = T.self) throws -> T {
        try JSONDecoder().decode(T.self, from: Data(body))
    }

    /// The body as a JSON object, for checks on which members are present.
    func jsonObject() throws -> [String: Any] {
        guard let object = try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any] else {
            throw HTTPTestClientError("body is not a JSON object: \(text)")
        }
        return object
    }
}
