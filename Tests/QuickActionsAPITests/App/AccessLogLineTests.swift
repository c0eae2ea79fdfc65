import HTTPServer
import QuickActions
import Testing

@testable import QuickActionsAPI

@Suite struct AccessLogLineTests {
    /// The object a request line stands for, as the JSON encoder would write it.
    private static func object(_ line: AccessLogLine) -> JSONValue {
        .object([
            "bytes": .integer(Int64(line.bytes)),
            "durationMs": .double((line.milliseconds * 1000).rounded() / 1000),
            "level": "info",
            "method": .string(line.method),
            "msg": "request",
            "path": .string(line.path),
            "requestId": .string(line.id.description),
            "route": .string(line.route.name),
            "status": .integer(Int64(line.status)),
            "time": .string(line.time.rfc3339),
        ])
    }

    static let lines: [AccessLogLine] = [
        AccessLogLine(
            id: .generated(0), method: "GET", path: "/shortcuts", route: AccessLogRoute("/shortcuts"), status: 200, milliseconds: 0.0123, bytes: 1234,
            time: Timestamp(millisecondsSince1970: 1_764_547_200_123)),
        AccessLogLine(
            id: .generated(UInt64.max), method: "POST", path: "/contacts", route: AccessLogRoute("/contacts"), status: 201, milliseconds: 2, bytes: 0,
            time: Timestamp(millisecondsSince1970: 0)),
        AccessLogLine(
            id: .given(#"a"b\c"#), method: "GE\u{7F}T", path: "/a\"b\n\u{1}é", route: AccessLogRoute(APIHandler.unmatchedRoute), status: 404,
            milliseconds: 1.23456, bytes: 98_765_432, time: Timestamp(millisecondsSince1970: 253_402_300_799_999)),
        AccessLogLine(
            id: .given("x"), method: "DELETE", path: "/", route: AccessLogRoute("/contacts/{id}"), status: 599, milliseconds: 12_345.5, bytes: 10,
            time: Timestamp(millisecondsSince1970: -1)),
        // Every piece at its longest: each written into the room the line makes for it.
        AccessLogLine(
            id: .given(String(repeating: "\u{1}", count: 100)), method: String(repeating: "\u{7F}", count: 50),
            path: String(repeating: "\u{1}\"", count: 500), route: AccessLogRoute(String(repeating: "\u{2}", count: 40)), status: Int.min,
            milliseconds: -1.234_567_891_234e300, bytes: Int.max, time: Timestamp(millisecondsSince1970: -9_000_000_000_000_000)),
        AccessLogLine(
            id: .generated(UInt64.max), method: "", path: "", route: AccessLogRoute(""), status: Int.max, milliseconds: 1e13 + 0.5, bytes: Int.min,
            time: Timestamp(millisecondsSince1970: 9_000_000_000_000_000)),
    ]

    @Test("A request line is the JSON encoder's bytes for its object, and a newline", arguments: lines)
    func sameBytesAsTheEncoder(line: AccessLogLine) {
        var written: [UInt8] = []
        line.write(to: &written)
        #expect(String(decoding: written, as: UTF8.self) == JSONWriter.string(Self.object(line)) + "\n")
    }

    @Test("Each known method, written with the text around it, and a route that needs escapes, are the encoder's bytes")
    func knownMethodsAndEscapedRoutes() {
        for method in RouteStats.methods + ["get", "GETS"] {
            for route in ["/contacts/{id}", #"/a"b\c"#, "/\u{1}é"] {
                let line = AccessLogLine(
                    id: .generated(7), method: method, path: "/p", route: AccessLogRoute(route), status: 200, milliseconds: 1, bytes: 2,
                    time: Timestamp(millisecondsSince1970: 1_764_547_200_123))
                var written: [UInt8] = []
                line.write(to: &written)
                #expect(String(decoding: written, as: UTF8.self) == JSONWriter.string(Self.object(line)) + "\n", "\(method) \(route)")
            }
        }
    }

    @Test("Durations are written as the encoder writes them once rounded to the microsecond")
    func durationsAsTheEncoderWritesThem() {
        var generator = SystemRandomNumberGenerator()
        var values: [Double] = [0, 0.0004, 0.0005, 0.001, 0.01, 0.1, 0.999_5, 1, 1.5, 9.999, 10, 123.456, 1e9 - 0.001, 1e11, 5e12, .nan, .infinity]
        for _ in 0..<20_000 { values.append(Double(generator.next() % 100_000_000) / 1000 / Double(1 + generator.next() % 1000)) }
        for value in values {
            var written: [UInt8] = []
            written.append(addingCapacity: 32) { AccessLogLine.writeMilliseconds(value, to: &$0) }
            let expected = JSONWriter.bytes(.double((value * 1000).rounded() / 1000))
            #expect(written == expected, "\(value): \(String(decoding: written, as: UTF8.self)), not \(String(decoding: expected, as: UTF8.self))")
            if written != expected { break }
        }
    }

    @Test("A time written with the minute kept from the line before is the time's own text")
    func minuteKeptBetweenLines() {
        var minute = Timestamp.RFC3339Minute()
        var spanMinute = Timestamp.RFC3339Minute()
        var generator = SystemRandomNumberGenerator()
        var millis: Int64 = 1_764_547_199_000
        for _ in 0..<5_000 {
            millis += Int64(generator.next() % 2_000)
            let time = Timestamp(millisecondsSince1970: generator.next() % 10 == 0 ? -millis : millis)
            var written: [UInt8] = []
            time.writeRFC3339(to: &written, reusing: &minute)
            var spanWritten: [UInt8] = []
            spanWritten.append(addingCapacity: Timestamp.rfc3339Capacity) { time.writeRFC3339(to: &$0, reusing: &spanMinute) }
            #expect(String(decoding: written, as: UTF8.self) == time.rfc3339)
            #expect(spanWritten == written)
            if String(decoding: written, as: UTF8.self) != time.rfc3339 || spanWritten != written { break }
        }
    }

    @Test func integersAsTheEncoderWritesThem() {
        for value in [0, 1, 9, 10, 99, 100, 200, 599, 1_000_000, Int.max, -1, Int.min] {
            var written: [UInt8] = []
            written.append(addingCapacity: 20) { AccessLogLine.writeDecimal(value, to: &$0) }
            #expect(written == JSONWriter.bytes(.integer(Int64(value))))
        }
    }
}
