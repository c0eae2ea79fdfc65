import Glibc
import TestSupport

/// A keep-alive HTTP/1.1 client over one socket to 127.0.0.1, for a server in the same process.
///
/// `repeatRequest` allocates nothing: the request and the answers live in buffers made when
/// the client is, and the socket is read and written with `send`/`recv`. So while it runs, the
/// only allocations in the process are the server's (and its background threads').
final class RawHTTPClient {
    /// Why an exchange failed.
    enum Failure: Error, CustomStringConvertible {
        case system(String, Int32)
        case closed
        case malformed(String)
        case status(expected: Int, got: Int)

        var description: String {
            switch self {
            case .system(let call, let code): "\(call) failed: \(String(cString: strerror(code)))"
            case .closed: "the server closed the connection"
            case .malformed(let what): "malformed response: \(what)"
            case .status(let expected, let got): "expected status \(expected), got \(got)"
            }
        }
    }

    /// A response read whole (setup only: it allocates).
    struct Response {
        let status: Int
        let headers: [(name: String, value: String)]
        let body: [UInt8]

        /// The first field named `name` (case-insensitive).
        func header(_ name: String) -> String? {
            headers.first { $0.name.lowercased() == name.lowercased() }?.value
        }
    }

    /// The largest response read (head and body).
    static let capacity = 1 << 20

    private let descriptor: Int32
    private let input: UnsafeMutableRawPointer
    private let output: UnsafeMutableRawPointer
    /// Requests sent so far: the counter a template's counter field gets.
    private var sequence = 0

    /// Connects to `127.0.0.1:port`.
    init(port: Int) throws(Failure) {
        do {
            descriptor = try LoopbackSocket.connect(port: port, noDelay: true)
        } catch {
            throw .system(error.call, error.code)
        }
        input = UnsafeMutableRawPointer.allocate(byteCount: Self.capacity, alignment: 16)
        output = UnsafeMutableRawPointer.allocate(byteCount: Self.capacity, alignment: 16)
    }

    deinit {
        Glibc.close(descriptor)
        input.deallocate()
        output.deallocate()
    }

    /// Sends `template` once and reads its answer whole.
    func exchange(_ template: RequestTemplate) throws(Failure) -> Response {
        let length = load(template)
        try send(length: length)
        let (status, headEnd, total) = try receive()
        let head = String(decoding: UnsafeRawBufferPointer(start: input, count: headEnd), as: UTF8.self)
        let headers = head.split(separator: "\r\n").dropFirst().compactMap { line -> (name: String, value: String)? in
            let parts = line.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2 else { return nil }
            return (String(parts[0]), String(parts[1].drop { $0 == " " }))
        }
        let body = Array(UnsafeRawBufferPointer(start: input + headEnd, count: total - headEnd))
        return Response(status: status, headers: headers, body: body)
    }

    /// Sends `template` `times` times, each after the previous answer, and checks each answer's
    /// status. Allocates nothing.
    func repeatRequest(_ template: RequestTemplate, times: Int, expecting status: Int) throws(Failure) {
        let length = load(template)
        for _ in 0..<times {
            if let range = template.counterRange { writeCounter(into: range) }
            try send(length: length)
            let answered = try receive().status
            guard answered == status else { throw .status(expected: status, got: answered) }
        }
    }

    /// Copies `template` into the output buffer; returns its length.
    private func load(_ template: RequestTemplate) -> Int {
        template.bytes.withUnsafeBytes { bytes in
            if let base = bytes.baseAddress { output.copyMemory(from: base, byteCount: min(bytes.count, Self.capacity)) }
        }
        if let range = template.counterRange { writeCounter(into: range) }
        return min(template.bytes.count, Self.capacity)
    }

    /// Writes the next sequence number, zero-padded, over `range` of the output buffer.
    private func writeCounter(into range: Range<Int>) {
        sequence += 1
        var value = sequence
        var offset = range.upperBound
        while offset > range.lowerBound {
            offset -= 1
            output.storeBytes(of: UInt8(ascii: "0") + UInt8(value % 10), toByteOffset: offset, as: UInt8.self)
            value /= 10
        }
    }

    private func send(length: Int) throws(Failure) {
        var sent = 0
        while sent < length {
            let written = Glibc.send(descriptor, output + sent, length - sent, Int32(MSG_NOSIGNAL))
            guard written > 0 else { throw .system("send", errno) }
            sent += written
        }
    }

    /// Reads one response into the input buffer: its status, where its head ends (after the
    /// blank line) and where its body ends.
    private func receive() throws(Failure) -> (status: Int, headEnd: Int, total: Int) {
        var filled = 0
        var headEnd = -1
        var total = Int.max
        while filled < total {
            let read = recv(descriptor, input + filled, Self.capacity - filled, 0)
            if read == 0 { throw .closed }
            guard read > 0 else { throw .system("recv", errno) }
            filled += read
            if headEnd < 0, let end = findHeadEnd(in: filled) {
                headEnd = end
                total = end + (try contentLength(headEnd: end))
            }
            if filled > total { throw .malformed("more bytes than one response") }
            if filled == Self.capacity && filled < total { throw .malformed("larger than \(Self.capacity) bytes") }
        }
        guard headEnd >= 12, byte(8) == UInt8(ascii: " ") else { throw .malformed("no status line") }
        var status = 0
        for offset in 9..<12 {
            let digit = byte(offset) &- UInt8(ascii: "0")
            guard digit < 10 else { throw .malformed("status is not three digits") }
            status = status * 10 + Int(digit)
        }
        return (status, headEnd, total)
    }

    private func byte(_ offset: Int) -> UInt8 {
        input.load(fromByteOffset: offset, as: UInt8.self)
    }

    /// Where the head ends (just after CRLF CRLF), when the first `filled` bytes hold it.
    private func findHeadEnd(in filled: Int) -> Int? {
        guard filled >= 4 else { return nil }
        for offset in 0...(filled - 4)
        where byte(offset) == 13 && byte(offset + 1) == 10 && byte(offset + 2) == 13 && byte(offset + 3) == 10 {
            return offset + 4
        }
        return nil
    }

    /// The Content-Length field's value (0 when there is none: a 304); chunked answers are refused.
    private func contentLength(headEnd: Int) throws(Failure) -> Int {
        var lineStart = 0
        while lineStart < headEnd {
            var lineEnd = lineStart
            while lineEnd < headEnd && byte(lineEnd) != 13 { lineEnd += 1 }
            if matches("content-length:", at: lineStart, before: lineEnd) {
                var value = 0
                for offset in (lineStart + 15)..<lineEnd where byte(offset) != UInt8(ascii: " ") {
                    let digit = byte(offset) &- UInt8(ascii: "0")
                    guard digit < 10 else { throw .malformed("Content-Length is not a number") }
                    value = value * 10 + Int(digit)
                }
                return value
            }
            if matches("transfer-encoding:", at: lineStart, before: lineEnd) { throw .malformed("a chunked body") }
            lineStart = lineEnd + 2
        }
        return 0
    }

    /// Whether the line from `start` begins with `name` (lowercase ASCII), ignoring case.
    private func matches(_ name: StaticString, at start: Int, before end: Int) -> Bool {
        guard end - start >= name.utf8CodeUnitCount else { return false }
        for index in 0..<name.utf8CodeUnitCount where byte(start + index) | 0x20 != name.utf8Start[index] | 0x20 {
            return false
        }
        return true
    }
}
