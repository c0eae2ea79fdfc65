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
    /// most lines of a buffer). The room for the longest such line is made once and filled
    /// through an `OutputSpan`: no capacity or uniqueness check per piece, and no reference count
    /// for the fixed text, which is `StaticString`s.
    func write(to line: inout [UInt8], minute: inout Timestamp.RFC3339Minute) {
        let segment = Self.methodSegment(method)
        var capacity = Self.fixedCapacity + route.segment.count + JSONWriter.escapedCapacity(of: path)
        capacity += segment?.count ?? Self.unknownMethodCapacity + JSONWriter.escapedCapacity(of: method)
        if case .given(let text) = id { capacity += JSONWriter.escapedCapacity(of: text) }
        line.append(addingCapacity: capacity) { out in
            StringBytes.append(#"{"bytes":"#, to: &out)
            Self.writeDecimal(bytes, to: &out)
            StringBytes.append(#","durationMs":"#, to: &out)
            Self.writeMilliseconds(milliseconds, to: &out)
            if let segment {
                StringBytes.append(segment.span, to: &out)
            } else {
                StringBytes.append(Self.methodKey, to: &out)
                JSONWriter.writeString(method, to: &out)
                StringBytes.append(Self.pathKey, to: &out)
            }
            JSONWriter.writeString(path, to: &out)
            StringBytes.append(#","requestId":"#, to: &out)
            switch id {
            case .given(let text):
                JSONWriter.writeString(text, to: &out)
            case .generated(let number):
                out.append(UInt8(ascii: "\""))
                RequestID.appendGenerated(number, to: &out)
                out.append(UInt8(ascii: "\""))
            }
            StringBytes.append(route.segment.span, to: &out)
            Self.writeDecimal(status, to: &out)
            StringBytes.append(#","time":""#, to: &out)
            time.writeRFC3339(to: &out, reusing: &minute)
            StringBytes.append("\"}\n", to: &out)
        }
    }

    /// Room for a line's fixed text and numbers: its keys (48 bytes), two integers (20 each, a
    /// sign and 19 digits), the duration (its longest text, a double's, is under 32), a made
    /// request id (22) and the time (`Timestamp.rfc3339Capacity`), rounded up.
    private static let fixedCapacity = 48 + 20 + 20 + 32 + 22 + Timestamp.rfc3339Capacity + 16
    /// Room for an unknown method's keys, besides the method itself.
    private static let unknownMethodCapacity = 64

    /// The fixed text between the values.
    private static let methodKey: StaticString = #","level":"info","method":"#
    private static let pathKey: StaticString = #","msg":"request","path":"#
    fileprivate static let routeKey: StaticString = #","route":"#
    fileprivate static let statusKey: StaticString = #","status":"#
    /// For each method the server knows (`RouteStats.methods`, the usual first), the text from
    /// the method's key to the path's: `,"level":"info","method":"GET","msg":"request","path":`.
    private static let methodSegments: [(method: String, bytes: [UInt8])] = RouteStats.methods.map { method in
        var bytes = Array(methodKey.description.utf8)
        JSONWriter.writeString(method, to: &bytes)
        return (method, bytes + Array(pathKey.description.utf8))
    }

    /// `method`'s segment, if it is a known method.
    private static func methodSegment(_ method: String) -> [UInt8]? {
        for segment in methodSegments where segment.method == method { return segment.bytes }
        return nil
    }

    /// Writes `value` in decimal, as `JSONWriter` writes an integer: at most 20 bytes.
    static func writeDecimal(_ value: Int, to out: inout OutputSpan<UInt8>) {
        if value < 0 { out.append(UInt8(ascii: "-")) }
        let magnitude = value.magnitude
        var divisor: UInt = 1
        while divisor <= magnitude / 10 { divisor *= 10 }
        var rest = magnitude
        while divisor > 0 {
            out.append(UInt8(ascii: "0") + UInt8(rest / divisor))
            rest %= divisor
            divisor /= 10
        }
    }

    /// Writes `milliseconds` rounded to the microsecond, as `JSONWriter` writes that double: a
    /// whole number without a fraction, otherwise the shortest decimal, which for thousandths
    /// below 10^12 is the thousandths without their trailing zeros. At most 32 bytes.
    static func writeMilliseconds(_ milliseconds: Double, to out: inout OutputSpan<UInt8>) {
        let thousandths = (milliseconds * 1000).rounded()
        guard thousandths >= 0, thousandths < 1e12 else {
            var text: [UInt8] = []
            JSONWriter.write(.double(thousandths / 1000), to: &text)
            StringBytes.append(text.span, to: &out)
            return
        }
        let whole = Int(thousandths)
        writeDecimal(whole / 1000, to: &out)
        var fraction = whole % 1000
        guard fraction != 0 else { return }
        out.append(UInt8(ascii: "."))
        var divisor = 100
        while fraction != 0 {
            out.append(UInt8(ascii: "0") + UInt8(fraction / divisor))
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
        var bytes = Array(AccessLogLine.routeKey.description.utf8)
        JSONWriter.writeString(name, to: &bytes)
        segment = bytes + Array(AccessLogLine.statusKey.description.utf8)
    }
}
