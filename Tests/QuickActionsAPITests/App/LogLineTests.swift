import Glibc
import HTTPServer
import QuickActions
import Testing

@testable import QuickActionsAPI

@Suite struct LogLineTests {
    @Test func keysAreWrittenSortedAsJSONWriterSortsThem() {
        let fields: [String: JSONValue] = ["time": "t", "msg": "m", "level": "info", "bytes": 3, "durationMs": .double(1.5), "b": ["z": 1, "a": 2]]
        var bytes: [UInt8] = []
        LogLine(object: fields).write(fields, to: &bytes)
        #expect(bytes == JSONWriter.bytes(.object(fields)) + [0x0A])
    }

    @Test func requestAndEventLinesHaveOneShape() throws {
        var descriptors: [Int32] = [0, 0]
        try #require(pipe(&descriptors) == 0)
        defer { close(descriptors[0]) }
        let logger = RequestLogger(level: .info, descriptor: descriptors[1])
        logger.request(id: RequestID.next(), method: "GET", path: "/a\"b", route: "/a", status: 200, milliseconds: 1.23456, bytes: 42)
        logger.log(.info, "event", ["route": "/a", "count": 2])
        logger.flush()
        close(descriptors[1])
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while case let count = read(descriptors[0], &chunk, chunk.count), count > 0 { output += chunk[0..<count] }
        let lines = output.split(separator: 0x0A).map(Array.init)
        try #require(lines.count == 2)
        for line in lines {
            // Each line is exactly what JSONWriter writes for the object it holds: keys sorted.
            #expect(JSONWriter.bytes(try JSONParser.parse(line)) == line)
        }
        let request = try #require(try JSONParser.parse(lines[0]).objectValue)
        #expect(request["path"] == "/a\"b")
        #expect(request["status"] == 200)
        #expect(request["bytes"] == 42)
        #expect(request["durationMs"] == .double(1.235))
        #expect(request["msg"] == "request")
        #expect(request["level"] == "info")
    }
}
