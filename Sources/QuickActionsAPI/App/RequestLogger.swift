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
        var bytes: [UInt8] = []
        LogLine(object: object).write(object, to: &bytes)
        sink.writeNow(bytes)
    }

    /// What a request line says.
    private struct RequestFields {
        var id: RequestID
        var method: String
        var path: String
        var route: String
        var status: Int
        var milliseconds: Double
        var bytes: Int
        var time: String
    }

    private typealias RequestField = LogLine<RequestFields>.Field

    /// The request line: each key beside its value.
    private static let requestLine = LogLine<RequestFields>([
        RequestField("time") { fields, line in JSONWriter.writeString(fields.time, to: &line) },
        RequestField("level", constant: .string(LogLevel.info.rawValue)),
        RequestField("msg", constant: "request"),
        RequestField("requestId") { fields, line in JSONWriter.writeString(fields.id.description, to: &line) },
        RequestField("method") { fields, line in JSONWriter.writeString(fields.method, to: &line) },
        RequestField("path") { fields, line in JSONWriter.writeString(fields.path, to: &line) },
        RequestField("route") { fields, line in JSONWriter.writeString(fields.route, to: &line) },
        RequestField("status") { fields, line in line.append(contentsOf: String(fields.status).utf8) },
        RequestField("durationMs") { fields, line in JSONWriter.write(.double((fields.milliseconds * 1000).rounded() / 1000), to: &line) },
        RequestField("bytes") { fields, line in line.append(contentsOf: String(fields.bytes).utf8) },
    ])

    /// Logs one finished request (info level), buffered.
    public func request(id: RequestID, method: String, path: String, route: String, status: Int, milliseconds: Double, bytes: Int) {
        guard isEnabled(.info) else { return }
        let fields = RequestFields(
            id: id, method: method, path: path, route: route, status: status, milliseconds: milliseconds, bytes: bytes,
            time: Timestamp.now().rfc3339)
        sink.append { Self.requestLine.write(fields, to: &$0) }
    }

    /// Writes out whatever is buffered (at shutdown).
    public func flush() {
        sink.flush()
    }
}
