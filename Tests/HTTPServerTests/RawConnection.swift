import Foundation
import Glibc
import Testing

/// A blocking HTTP/1.1 client on one socket, able to send bytes no library would.
final class RawConnection {
    struct Response {
        var status: Int
        var headers: [(String, String)]
        var body: String

        func header(_ name: String) -> String? {
            headers.first { $0.0.lowercased() == name.lowercased() }?.1
        }
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private let fd: Int32
    private var buffer: [UInt8] = []

    init(port: Int) throws {
        // A write to a socket or pipe the other side closed must fail its test, not end the test
        // process: SIGPIPE is ignored from the first network test on (every such write checks errors).
        _ = signal(SIGPIPE, SIG_IGN)
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket failed") }
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(fd)
            throw Failure(description: "connect failed")
        }
    }

    deinit {
        close(fd)
    }

    func send(_ text: String) throws {
        try send(bytes: Array(text.utf8))
    }

    func send(bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard written > 0 else { throw Failure(description: "send failed") }
            offset += written
        }
    }

    private func fill() throws {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { throw Failure(description: "connection closed or timed out") }
        buffer += chunk[0..<count]
    }

    /// Reads until `marker` has arrived; returns everything read so far (and consumes it).
    func readUntil(_ marker: String) throws -> String {
        let needle = Array(marker.utf8)
        while true {
            if buffer.count >= needle.count,
                let end = (0...(buffer.count - needle.count)).first(where: { Array(buffer[$0..<($0 + needle.count)]) == needle })
            {
                let text = String(decoding: buffer[0..<(end + needle.count)], as: UTF8.self)
                buffer.removeFirst(end + needle.count)
                return text
            }
            try fill()
        }
    }

    /// Reads one response; `toHead` reads no body (the answer to HEAD announces one it does not send).
    func readResponse(toHead: Bool = false) throws -> Response {
        let separator: [UInt8] = [13, 10, 13, 10]
        var headEnd: Int?
        while headEnd == nil {
            if buffer.count >= 4 {
                headEnd = (0...(buffer.count - 4)).first { Array(buffer[$0..<($0 + 4)]) == separator }
            }
            if headEnd == nil { try fill() }
        }
        let end = headEnd ?? 0
        let head = String(decoding: buffer[0..<end], as: UTF8.self).components(separatedBy: "\r\n")
        buffer.removeFirst(end + 4)
        let statusParts = head[0].split(separator: " ")
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else { throw Failure(description: "bad status line \(head[0])") }
        let headers = head.dropFirst().compactMap { line -> (String, String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        let length = toHead ? 0 : headers.first { $0.0.lowercased() == "content-length" }.flatMap { Int($0.1) } ?? 0
        while buffer.count < length { try fill() }
        let body = String(decoding: buffer[0..<length], as: UTF8.self)
        buffer.removeFirst(length)
        return Response(status: status, headers: headers, body: body)
    }
}
