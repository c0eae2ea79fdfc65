import Glibc

/// A failure of the connection itself (not an HTTP error status).
public struct RawHTTPError: Error, CustomStringConvertible {
    /// What went wrong.
    public let description: String

    /// An error saying `description`.
    public init(_ description: String) {
        self.description = description
    }
}

/// A blocking HTTP/1.1 client on one TCP connection to 127.0.0.1, able to send bytes no HTTP
/// library would (duplicated `Content-Length`, raw garbage, a request cut short) and to show
/// whether the server kept the connection: one instance is one connection, so several requests
/// on it prove keep-alive.
///
/// Every read and write gives up after `ioTimeoutSeconds`, so a server that does not answer
/// fails the test instead of hanging it. A write to a connection the server closed throws
/// (`MSG_NOSIGNAL`; SIGPIPE is ignored from the first connection on).
public final class RawHTTPConnection {
    /// Seconds a single read or write may block.
    public static let ioTimeoutSeconds = 10

    private let descriptor: Int32
    /// Bytes read from the socket but not yet consumed by a response.
    private var buffer: [UInt8] = []
    private var isClosed = false
    /// Whether the server has closed its side (a read returned end-of-file).
    public private(set) var peerClosed = false

    /// Connects to `127.0.0.1:port`.
    public init(port: Int) throws {
        // A write to a socket or pipe the other side closed must fail its test, not end the test
        // process: SIGPIPE is ignored from the first network test on (every such write checks errors).
        _ = signal(SIGPIPE, SIG_IGN)
        do {
            descriptor = try LoopbackSocket.connect(port: port, timeoutSeconds: Self.ioTimeoutSeconds)
        } catch {
            throw RawHTTPError(error.description)
        }
    }

    deinit {
        close()
    }

    /// Closes the connection (idempotent).
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        Glibc.close(descriptor)
    }

    /// Closes the sending side only (a FIN): the server reads end-of-file, and its answer can
    /// still be read.
    public func halfClose() throws {
        guard shutdown(descriptor, Int32(SHUT_WR)) == 0 else { throw RawHTTPError("shutdown failed: \(Self.lastError())") }
    }

    /// The socket, for `poll(2)` over many connections.
    public var socketDescriptor: Int32 { descriptor }

    // MARK: - Sending

    /// Sends one request and reads its response. `Content-Length` is added for a body unless
    /// the caller already gives framing headers.
    public func send(_ method: String, _ target: String, headers: [(String, String)] = [], body: [UInt8]? = nil) throws -> RawHTTPResponse {
        try writeRequest(method, target, headers: headers, body: body)
        return try readResponse(method: method)
    }

    /// Sends a request with a UTF-8 body and reads its response.
    public func send(_ method: String, _ target: String, headers: [(String, String)] = [], body: String) throws -> RawHTTPResponse {
        try send(method, target, headers: headers, body: Array(body.utf8))
    }

    /// Sends one request without reading the answer (for streams, and for requests sent from
    /// many threads at once). Framing as in `send`.
    public func writeRequest(_ method: String, _ target: String, headers: [(String, String)] = [], body: [UInt8]? = nil) throws {
        try sendRaw(Self.requestBytes(method, target, headers: headers, body: body))
    }

    /// The bytes of one request, as `send` writes them: `Host: 127.0.0.1` first, then `headers`.
    public static func requestBytes(_ method: String, _ target: String, headers: [(String, String)] = [], body: [UInt8]? = nil) -> [UInt8] {
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

    /// Writes `bytes` as they are.
    public func sendRaw(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { raw in
                Glibc.send(descriptor, raw.baseAddress.map { $0 + offset }, bytes.count - offset, Int32(MSG_NOSIGNAL))
            }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { throw RawHTTPError("send failed: \(Self.lastError())") }
            offset += written
        }
    }

    /// Writes `text` as UTF-8, as it is.
    public func sendRaw(_ text: String) throws {
        try sendRaw(Array(text.utf8))
    }

    // MARK: - Reading responses

    /// Reads one response. `method` tells whether a body follows (none for `HEAD`).
    public func readResponse(method: String = "GET") throws -> RawHTTPResponse {
        var response = try readResponseHead()
        try readBody(of: &response, method: method)
        return response
    }

    /// Reads the body of `response`, whose head `readResponseHead` read (say, a `GET /events`
    /// that was refused rather than streamed): none for `HEAD`, 1xx, 204 and 304; else by
    /// chunks, by `Content-Length`, or until the server closes.
    public func readBody(of response: inout RawHTTPResponse, method: String = "GET") throws {
        let bodyless = method == "HEAD" || response.status == 204 || response.status == 304 || (100..<200).contains(response.status)
        if bodyless { return }
        if response.header("Transfer-Encoding")?.lowercased().contains("chunked") == true {
            response.body = try readChunkedBody()
        } else if let lengthText = response.header("Content-Length") {
            guard let length = Int(lengthText), length >= 0 else { throw RawHTTPError("bad Content-Length: \(lengthText)") }
            try fill(atLeast: length)
            response.body = Array(buffer[..<length])
            buffer.removeFirst(length)
        } else {
            response.body = try readToEnd()
        }
    }

    /// Reads the status line and header fields of one response, and not its body (which stays
    /// buffered: see `takeBuffered`).
    public func readResponseHead() throws -> RawHTTPResponse {
        let headEnd = try find([0x0D, 0x0A, 0x0D, 0x0A])
        let headBytes = Array(buffer[..<headEnd])
        buffer.removeFirst(headEnd + 4)
        guard let headText = String(validating: headBytes, as: UTF8.self) else { throw RawHTTPError("response head is not UTF-8") }
        var lines = Self.lines(headText)
        let statusLine = lines.removeFirst()
        let statusParts = statusLine.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
        guard statusParts.count >= 2, statusParts[0].hasPrefix("HTTP/1."), let status = Int(statusParts[1]) else {
            throw RawHTTPError("malformed status line: \(statusLine)")
        }
        let reason = statusParts.count > 2 ? String(statusParts[2]) : ""
        var headers: [(name: String, value: String)] = []
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { throw RawHTTPError("malformed header line: \(line)") }
            headers.append((String(line[..<colon]), Self.trimmed(line[line.index(after: colon)...])))
        }
        return RawHTTPResponse(status: status, reason: reason, headers: headers, body: [])
    }

    /// Everything until the server closes the connection (the bytes not yet consumed included).
    public func readToEnd() throws -> [UInt8] {
        while try readMore() {}
        defer { buffer.removeAll() }
        return buffer
    }

    /// Reads until `marker` has arrived and returns everything up to and including it, as
    /// text (consumed): for streamed bodies read as they come.
    public func readUntil(_ marker: String) throws -> String {
        let needle = Array(marker.utf8)
        let start = try find(needle)
        defer { buffer.removeFirst(start + needle.count) }
        return String(decoding: buffer[..<(start + needle.count)], as: UTF8.self)
    }

    // MARK: - Reading without waiting, for streams and for connections the server should close

    /// The bytes read but not consumed by a response (say, the start of a streamed body).
    public func takeBuffered() -> [UInt8] {
        defer { buffer.removeAll() }
        return buffer
    }

    /// What the socket holds right now, without waiting: empty when nothing has arrived,
    /// nil at end-of-file (or when the server reset the connection).
    public func receiveAvailable() throws -> [UInt8]? {
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
            throw RawHTTPError("recv failed: \(Self.lastError())")
        }
    }

    /// Waits up to `seconds` for bytes or end-of-file; true when the socket is readable.
    public func awaitReadable(within seconds: Double) -> Bool {
        if !buffer.isEmpty || peerClosed { return true }
        var pollDescriptor = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let deadline = ContinuousClock.now + .milliseconds(Int(max(0, seconds) * 1000))
        while true {
            let remaining = Int32(max(0, Self.milliseconds(until: deadline)))
            let ready = poll(&pollDescriptor, 1, remaining)
            if ready > 0 { return true }
            if ready == 0 || (ready < 0 && errno != EINTR) || ContinuousClock.now >= deadline { return false }
        }
    }

    /// Waits up to `seconds` for the server to close the connection, discarding whatever it
    /// sends meanwhile. True when it closed (end-of-file or reset).
    public func awaitClose(within seconds: Double) -> Bool {
        buffer.removeAll()
        let deadline = ContinuousClock.now + .milliseconds(Int(max(0, seconds) * 1000))
        while ContinuousClock.now < deadline {
            guard awaitReadable(within: Double(Self.milliseconds(until: deadline)) / 1000) else { return false }
            do {
                if try receiveAvailable() == nil { return true }
            } catch {
                return true
            }
        }
        return peerClosed
    }

    // MARK: - Buffering

    private func readChunkedBody() throws -> [UInt8] {
        var body: [UInt8] = []
        while true {
            let lineEnd = try find([0x0D, 0x0A])
            let sizeLine = String(decoding: buffer[..<lineEnd], as: UTF8.self)
            buffer.removeFirst(lineEnd + 2)
            let sizeText = sizeLine.split(separator: ";").first.map { Self.trimmed($0) } ?? ""
            guard let size = Int(sizeText, radix: 16), size >= 0 else { throw RawHTTPError("bad chunk size: \(sizeLine)") }
            if size == 0 {
                // Trailer fields, then the empty line.
                while true {
                    let end = try find([0x0D, 0x0A])
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
    private func find(_ marker: [UInt8]) throws -> Int {
        var searchFrom = 0
        while true {
            if buffer.count >= marker.count {
                for start in searchFrom...(buffer.count - marker.count) where buffer[start..<(start + marker.count)].elementsEqual(marker) {
                    return start
                }
                searchFrom = buffer.count - marker.count + 1
            }
            guard try readMore() else { throw RawHTTPError("connection closed before a complete response (\(buffer.count) bytes read)") }
        }
    }

    private func fill(atLeast count: Int) throws {
        while buffer.count < count {
            guard try readMore() else { throw RawHTTPError("connection closed after \(buffer.count) of \(count) body bytes") }
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
                throw RawHTTPError("no answer within \(Self.ioTimeoutSeconds) s")
            }
            throw RawHTTPError("recv failed: \(Self.lastError())")
        }
    }

    // MARK: - Text

    /// `text` split at CRLF.
    private static func lines(_ text: String) -> [String] {
        var lines: [String] = []
        var rest = Substring(text)
        while let end = rest.firstRange(of: "\r\n") {
            lines.append(String(rest[..<end.lowerBound]))
            rest = rest[end.upperBound...]
        }
        lines.append(String(rest))
        return lines
    }

    /// `text` without leading and trailing spaces and tabs.
    private static func trimmed(_ text: Substring) -> String {
        var text = text
        while text.first == " " || text.first == "\t" { text.removeFirst() }
        while text.last == " " || text.last == "\t" { text.removeLast() }
        return String(text)
    }

    private static func milliseconds(until deadline: ContinuousClock.Instant) -> Int {
        let left = deadline - ContinuousClock.now
        return Int(left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000)
    }

    private static func lastError() -> String {
        String(cString: strerror(errno))
    }
}
