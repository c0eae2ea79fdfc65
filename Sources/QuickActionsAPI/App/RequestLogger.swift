import HTTPServer
import QuickActions

/// Writes one JSON object per line to stderr. Request lines are gathered in a buffer and
/// written together every few milliseconds (one `write(2)` for many requests, so logging does
/// not halve throughput); other lines flush the buffer and go out at once, in order.
public struct RequestLogger: Sendable {
    /// Lines below this level are dropped.
    public let level: LogLevel
    private let sink: LogSink

    /// Creates a logger writing to file descriptor `descriptor` (stderr by default).
    public init(level: LogLevel = .info, descriptor: Int32 = 2) {
        self.level = level
        self.sink = LogSink(descriptor: descriptor)
    }

    /// Whether lines at `level` are written (check before building costly fields).
    public func isEnabled(_ level: LogLevel) -> Bool {
        level >= self.level
    }

    /// Logs an event with fields (the level and time are added), immediately.
    public func log(_ level: LogLevel, _ message: String, _ fields: [String: JSONValue] = [:]) {
        guard level >= self.level else { return }
        var object = fields
        object["time"] = .string(Timestamp.now().rfc3339)
        object["level"] = .string(level.rawValue)
        object["msg"] = .string(message)
        let line = LogLine(keys: Array(object.keys))
        var bytes: [UInt8] = []
        line.write(line.keys.map { object[$0] ?? .null }, to: &bytes)
        sink.writeNow(bytes)
    }

    /// The fields of a request line, in the order `request` gives their values.
    private static let requestLine = LogLine(keys: ["bytes", "durationMs", "level", "method", "msg", "path", "requestId", "route", "status", "time"])

    /// Logs one finished request (info level), buffered.
    public func request(id: RequestID, method: String, path: String, route: String, status: Int, milliseconds: Double, bytes: Int) {
        guard isEnabled(.info) else { return }
        let values: [JSONValue] = [
            .integer(Int64(bytes)), .double((milliseconds * 1000).rounded() / 1000), .string(LogLevel.info.rawValue), .string(method),
            .string("request"), .string(path), .string(id.description), .string(route), .integer(Int64(status)),
            .string(Timestamp.now().rfc3339),
        ]
        sink.append { Self.requestLine.write(values, to: &$0) }
    }

    /// Writes out whatever is buffered (at shutdown).
    public func flush() {
        sink.flush()
    }
}
