import HTTPServer
import QuickActions

/// One access-log line: the bytes `JSONWriter` would write for the request's object (keys
/// sorted), then a newline, written straight into the log's buffer.
///
/// The keys and constants are fixed text; numbers, the time and a made request id are written
/// digit by digit. The route's text and a known method's come written once, with the fixed text
/// around them (`AccessLogRoute`, `methodSegments`); only the strings a client chose (the path,
/// an unknown method, a given request id) go through `JSONWriter.writeString`. So a line costs
/// no dictionary, no closure per field and no `String` of its own. `AccessLogLineTests` holds it
/// to `JSONWriter`'s bytes.
struct AccessLogLine: Sendable {
    var id: RequestID
    var method: String
    var path: String
    var route: AccessLogRoute
    var status: Int
    var milliseconds: Double
    var bytes: Int
    var time: Timestamp

    /// Appends the line.
    func write(to line: inout [UInt8]) {
        var minute = Timestamp.RFC3339Minute()
        write(to: &line, minute: &minute)
    }

    /// Appends the line, its time's minute taken from `minute` when it is the same (as it is for
    /// most lines of a buffer).
    func write(to line: inout [UInt8], minute: inout Timestamp.RFC3339Minute) {
        line.append(contentsOf: Self.opening)
        Self.writeDecimal(bytes, to: &line)
        line.append(contentsOf: Self.durationKey)
        Self.writeMilliseconds(milliseconds, to: &line)
        if let segment = Self.methodSegment(method) {
            line.append(contentsOf: segment)
        } else {
            line.append(contentsOf: Self.methodKey)
            JSONWriter.writeString(method, to: &line)
            line.append(contentsOf: Self.pathKey)
        }
        JSONWriter.writeString(path, to: &line)
        line.append(contentsOf: Self.requestIdKey)
        switch id {
        case .given(let text):
            JSONWriter.writeString(text, to: &line)
        case .generated(let number):
            line.append(UInt8(ascii: "\""))
            RequestID.appendGenerated(number, to: &line)
            line.append(UInt8(ascii: "\""))
        }
        line.append(contentsOf: route.segment)
        Self.writeDecimal(status, to: &line)
        line.append(contentsOf: Self.timeKey)
        time.writeRFC3339(to: &line, reusing: &minute)
        line.append(contentsOf: Self.closing)
    }

    /// The fixed text between the values, as bytes (an array is appended in one copy).
    private static let opening = Array(#"{"bytes":"#.utf8)
    private static let durationKey = Array(#","durationMs":"#.utf8)
    private static let methodKey = Array(#","level":"info","method":"#.utf8)
    private static let pathKey = Array(#","msg":"request","path":"#.utf8)
    private static let requestIdKey = Array(#","requestId":"#.utf8)
    fileprivate static let routeKey = Array(#","route":"#.utf8)
    fileprivate static let statusKey = Array(#","status":"#.utf8)
    /// For each method the server knows (`RouteStats.methods`, the usual first), the text from
    /// the method's key to the path's: `,"level":"info","method":"GET","msg":"request","path":`.
    private static let methodSegments: [(method: String, bytes: [UInt8])] = RouteStats.methods.map { method in
        var bytes = methodKey
        JSONWriter.writeString(method, to: &bytes)
        return (method, bytes + pathKey)
    }

    /// `method`'s segment, if it is a known method.
    private static func methodSegment(_ method: String) -> [UInt8]? {
        for segment in methodSegments where segment.method == method { return segment.bytes }
        return nil
    }
    private static let timeKey = Array(#","time":""#.utf8)
    private static let closing = Array("\"}\n".utf8)

    /// Appends `value` in decimal, as `JSONWriter` writes an integer.
    static func writeDecimal(_ value: Int, to line: inout [UInt8]) {
        guard value >= 0 else {
            line.append(contentsOf: String(value).utf8)
            return
        }
        var divisor = 1
        while divisor <= value / 10 { divisor *= 10 }
        var rest = value
        while divisor > 0 {
            line.append(UInt8(ascii: "0") + UInt8(rest / divisor))
            rest %= divisor
            divisor /= 10
        }
    }

    /// Appends `milliseconds` rounded to the microsecond, as `JSONWriter` writes that double: a
    /// whole number without a fraction, otherwise the shortest decimal, which for thousandths
    /// below 10^12 is the thousandths without their trailing zeros.
    static func writeMilliseconds(_ milliseconds: Double, to line: inout [UInt8]) {
        let thousandths = (milliseconds * 1000).rounded()
        guard thousandths >= 0, thousandths < 1e12 else {
            JSONWriter.write(.double(thousandths / 1000), to: &line)
            return
        }
        let whole = Int(thousandths)
        writeDecimal(whole / 1000, to: &line)
        var fraction = whole % 1000
        guard fraction != 0 else { return }
        line.append(UInt8(ascii: "."))
        var divisor = 100
        while fraction != 0 {
            line.append(UInt8(ascii: "0") + UInt8(fraction / divisor))
            fraction %= divisor
            divisor /= 10
        }
    }
}

/// A route's text in the access log, written once: `,"route":"/contacts/{id}","status":`,
/// the route's JSON string with the keys around it (each `RouteStats` makes its own).
struct AccessLogRoute: Sendable {
    /// The route's pattern (or `APIHandler.unmatchedRoute`).
    let name: String
    /// The bytes a line has from the route's key to the status's value.
    let segment: [UInt8]

    init(_ name: String) {
        self.name = name
        var bytes = AccessLogLine.routeKey
        JSONWriter.writeString(name, to: &bytes)
        segment = bytes + AccessLogLine.statusKey
    }
}
