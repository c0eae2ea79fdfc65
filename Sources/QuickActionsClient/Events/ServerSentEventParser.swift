/// Reads `text/event-stream` bytes as they arrive, in pieces of any size (WHATWG HTML,
/// "Interpreting an event stream"): lines end in LF, CR or CRLF; a blank line dispatches.
/// Holds at most `maxEventBytes` of one event (its line being read and its data so far).
struct ServerSentEventParser: Sendable {
    private var line: [UInt8] = []
    private var lastWasCR = false
    private var event = ""
    private var data: [String] = []
    /// The bytes of `data`, joined: what, with `line`, the limit bounds.
    private var dataBytes = 0
    private var hasData = false
    /// The last `id:` seen: what a reconnection sends as `Last-Event-ID`.
    private(set) var lastEventID: String?
    /// The last `retry:` seen, in milliseconds.
    private(set) var retryMilliseconds: Int?
    /// The most bytes one event may hold (`Limits.maxEventBytes`).
    let maxEventBytes: Int

    init(lastEventID: String? = nil, maxEventBytes: Int = .max) {
        self.lastEventID = lastEventID
        self.maxEventBytes = maxEventBytes
    }

    /// Feeds `bytes`; returns the events they complete. Throws `.eventTooLarge` as soon as a
    /// line, or an event's data and its line being read, pass `maxEventBytes`; the parser is
    /// then done with (its state is left as it was).
    mutating func feed(_ bytes: some Sequence<UInt8>) throws(QuickActionsClientError) -> [ServerSentEvent] {
        var events: [ServerSentEvent] = []
        for byte in bytes {
            if byte == 0x0A && lastWasCR {
                lastWasCR = false
                continue
            }
            lastWasCR = byte == 0x0D
            if byte == 0x0A || byte == 0x0D {
                if let event = endLine() { events.append(event) }
            } else {
                guard line.count + dataBytes < maxEventBytes else { throw .eventTooLarge(limit: maxEventBytes) }
                line.append(byte)
            }
        }
        return events
    }

    private mutating func endLine() -> ServerSentEvent? {
        defer { line.removeAll(keepingCapacity: true) }
        if line.isEmpty { return dispatch() }
        if line.first == UInt8(ascii: ":") { return nil }
        let text = String(decoding: line, as: UTF8.self)
        var field = text
        var value = ""
        if let colon = text.firstIndex(of: ":") {
            field = String(text[..<colon])
            value = String(text[text.index(after: colon)...])
            if value.hasPrefix(" ") { value.removeFirst() }
        }
        switch field {
        case "event": event = value
        case "data":
            dataBytes += (hasData ? 1 : 0) + value.utf8.count
            data.append(value)
            hasData = true
        case "id" where !value.contains("\0"): lastEventID = value
        case "retry": if let milliseconds = Int(value), milliseconds >= 0 { retryMilliseconds = milliseconds }
        default: break
        }
        return nil
    }

    private mutating func dispatch() -> ServerSentEvent? {
        defer {
            event = ""
            data = []
            dataBytes = 0
            hasData = false
        }
        guard hasData else { return nil }
        return ServerSentEvent(event: event.isEmpty ? "message" : event, data: data.joined(separator: "\n"), id: lastEventID)
    }
}
