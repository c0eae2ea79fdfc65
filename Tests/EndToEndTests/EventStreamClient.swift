import Foundation
import Glibc
import TestSupport

/// One Server-Sent Event as received.
struct ServerSentEvent {
    /// The `id:` field, if any.
    var id: String?
    /// The `event:` field (nil means the default, `message`).
    var event: String?
    /// The `data:` lines joined by newlines.
    var data: String
    /// When the test received the bytes that completed it.
    var receivedAt: Date

    /// The numeric id, for ordering checks.
    var numericId: UInt64? {
        id.flatMap { UInt64($0) }
    }

    /// The data as a JSON object.
    func jsonObject() throws -> [String: Any] {
        guard let object = try JSONSerialization.jsonObject(with: Data(data.utf8)) as? [String: Any] else {
            throw EndToEndError("event data is not a JSON object: \(data)")
        }
        return object
    }
}

/// A `GET /events` stream on a connection of its own: de-chunks the body as it arrives and
/// splits it into events (RFC 8895 framing, WHATWG event-stream parsing).
final class EventStreamClient {
    /// The connection.
    let client: RawHTTPConnection
    /// The response's status line and headers.
    private(set) var head: RawHTTPResponse?
    /// Events received and not yet taken.
    private var pending: [ServerSentEvent] = []
    /// Every `retry:` value seen.
    private(set) var retries: [String] = []
    /// Whether the stream ended: the last chunk arrived, or the connection closed.
    private(set) var ended = false

    private var chunked = false
    private var raw: [UInt8] = []
    private var decoded: [UInt8] = []
    /// Bytes read and when, not yet parsed: reading many streams first and parsing after
    /// keeps one stream's parsing out of the next one's measured latency.
    private var inbox: [(bytes: [UInt8], at: Date)] = []

    /// Connects and sends `GET /events`; call `readHead()` next (split so that many streams
    /// can be opened before any head is read).
    init(port: Int, headers: [(String, String)] = []) throws {
        client = try RawHTTPConnection(port: port)
        try client.writeRequest("GET", "/events", headers: [("Accept", "text/event-stream")] + headers)
    }

    /// Connects, sends the request and reads the response head.
    convenience init(server: ServerProcess, headers: [(String, String)] = []) throws {
        try self.init(port: server.port, headers: headers)
        try readHead()
    }

    deinit {
        client.close()
    }

    /// Reads the response head; what of the body came with it is parsed.
    func readHead() throws {
        let response = try client.readResponseHead()
        head = response
        chunked = response.header("Transfer-Encoding")?.lowercased().contains("chunked") == true
        inbox.append((client.takeBuffered(), Date()))
    }

    /// Reads what the socket holds now, without waiting or parsing. False at end-of-file.
    @discardableResult
    func receive() throws -> Bool {
        guard !client.peerClosed else { return false }
        while true {
            guard let bytes = try client.receiveAvailable() else { return false }
            if bytes.isEmpty { return true }
            inbox.append((bytes, Date()))
        }
    }

    /// Reads what the socket holds now and parses it, without waiting. False once the stream has ended.
    @discardableResult
    func pump() throws -> Bool {
        let open = try receive()
        try parseInbox()
        if !open { ended = true }
        return !ended
    }

    /// The next event, waiting up to `seconds`; nil at the timeout or the end of the stream.
    func next(within seconds: Double) throws -> ServerSentEvent? {
        try parseInbox()
        let deadline = Date().addingTimeInterval(seconds)
        while pending.isEmpty && !ended {
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0, client.awaitReadable(within: remaining) else { break }
            try pump()
        }
        return pending.isEmpty ? nil : pending.removeFirst()
    }

    /// The next event named `name`, skipping others, waiting up to `seconds` in all.
    func next(_ name: String, within seconds: Double) throws -> ServerSentEvent? {
        let deadline = Date().addingTimeInterval(seconds)
        while let event = try next(within: max(0, deadline.timeIntervalSinceNow)) {
            if event.event == name { return event }
        }
        return nil
    }

    /// Removes and returns the events received so far.
    func takePending() throws -> [ServerSentEvent] {
        try parseInbox()
        defer { pending.removeAll() }
        return pending
    }

    /// Waits up to `seconds` for the stream to end, discarding events meanwhile.
    func awaitEnd(within seconds: Double) throws -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while !ended {
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0, client.awaitReadable(within: remaining) else { return ended }
            do {
                try pump()
            } catch {
                ended = true
            }
        }
        return true
    }

    // MARK: - Parsing

    private func parseInbox() throws {
        let received = inbox
        inbox.removeAll()
        for (bytes, at) in received where !bytes.isEmpty {
            if chunked {
                raw += bytes
                try dechunk()
            } else {
                decoded += bytes
            }
            parseEvents(receivedAt: at)
        }
    }

    /// Moves every complete chunk from `raw` to `decoded`; the last (empty) chunk ends the stream.
    private func dechunk() throws {
        while !ended {
            guard let lineEnd = Self.find([0x0D, 0x0A], in: raw) else { return }
            let sizeText = String(decoding: raw[..<lineEnd], as: UTF8.self).split(separator: ";").first.map(String.init) ?? ""
            guard let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16) else {
                throw EndToEndError("bad chunk size line: \(sizeText)")
            }
            if size == 0 {
                ended = true
                raw.removeAll()
                return
            }
            guard raw.count >= lineEnd + 2 + size + 2 else { return }
            decoded += raw[(lineEnd + 2)..<(lineEnd + 2 + size)]
            raw.removeFirst(lineEnd + 2 + size + 2)
        }
    }

    private func parseEvents(receivedAt: Date) {
        // Events end with a blank line; the server writes LF line ends.
        while let end = Self.find([0x0A, 0x0A], in: decoded) {
            let block = String(decoding: decoded[..<end], as: UTF8.self)
            decoded.removeFirst(end + 2)
            var event = ServerSentEvent(id: nil, event: nil, data: "", receivedAt: receivedAt)
            var dataLines: [String] = []
            for line in block.split(separator: "\n", omittingEmptySubsequences: false) {
                if line.hasPrefix(":") { continue }  // A comment (heartbeat).
                let parts = line.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
                let field = String(parts[0])
                var value = parts.count > 1 ? String(parts[1]) : ""
                if value.hasPrefix(" ") { value.removeFirst() }
                switch field {
                case "id": event.id = value
                case "event": event.event = value
                case "data": dataLines.append(value)
                case "retry": retries.append(value)
                default: break
                }
            }
            // A block of only comments or `retry:` dispatches nothing.
            guard !dataLines.isEmpty else { continue }
            event.data = dataLines.joined(separator: "\n")
            pending.append(event)
        }
    }

    /// Where the two-byte `marker` first occurs (buffer pointers: slices are slow in debug builds).
    private static func find(_ marker: [UInt8], in bytes: [UInt8]) -> Int? {
        guard marker.count == 2, bytes.count >= 2 else { return nil }
        let (first, second) = (marker[0], marker[1])
        return bytes.withUnsafeBufferPointer { buffer -> Int? in
            var index = 0
            while index < buffer.count - 1 {
                if buffer[index] == first && buffer[index + 1] == second { return index }
                index += 1
            }
            return nil
        }
    }
}

/// `poll(2)` over many sockets from one thread.
enum SocketPoll {
    /// The indexes of `descriptors` that are readable (or closed), waiting up to `milliseconds`.
    static func readable(_ descriptors: [Int32], milliseconds: Int32) -> [Int] {
        var entries = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        let ready = entries.withUnsafeMutableBufferPointer { poll($0.baseAddress, nfds_t($0.count), milliseconds) }
        guard ready > 0 else { return [] }
        return entries.indices.filter { entries[$0].revents != 0 }
    }
}
