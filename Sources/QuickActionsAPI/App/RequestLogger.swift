import HTTPServer
import QuickActions
import Sharding

/// Writes one JSON object per line to stderr. Request lines are gathered in a buffer per HTTP
/// thread and written together by one writer thread a few milliseconds later (one `write(2)`
/// for many requests); other lines are written at once, after every request line before them
/// (see `LogSink`).
public struct RequestLogger: Sendable {
    /// Lines below this level are dropped.
    public let level: LogLevel
    private let sink: LogSink

    /// Creates a logger writing to file descriptor `descriptor` (stderr by default).
    public init(level: LogLevel = .info, descriptor: Int32 = 2) {
        self.init(level: level, descriptor: descriptor, rows: HTTPThreads.rows)
    }

    /// A logger whose request lines are buffered per row of `rows`.
    init(level: LogLevel, descriptor: Int32, rows: ThreadRows) {
        self.level = level
        self.sink = LogSink(descriptor: descriptor, rows: rows)
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
        var bytes: [UInt8] = []
        LogLine(object: object).write(object, to: &bytes)
        sink.writeNow(bytes)
    }

    /// Logs one finished request (info level), buffered.
    public func request(id: RequestID, method: String, path: String, route: String, status: Int, milliseconds: Double, bytes: Int) {
        guard isEnabled(.info) else { return }
        request(id: id, method: method, path: path, route: AccessLogRoute(route), status: status, milliseconds: milliseconds, bytes: bytes)
    }

    /// Logs one finished request (info level), buffered, with its route's text written already.
    func request(id: RequestID, method: String, path: String, route: AccessLogRoute, status: Int, milliseconds: Double, bytes: Int) {
        guard isEnabled(.info) else { return }
        let line = AccessLogLine(
            id: id, method: method, path: path, route: route, status: status, milliseconds: milliseconds, bytes: bytes, time: .now())
        sink.append { lines in line.write(to: &lines.bytes, minute: &lines.minute) }
    }

    /// Writes out whatever is buffered (at shutdown).
    public func flush() {
        sink.flush()
    }
}
