import Testing

@testable import QuickActionsClient

@Suite struct ServerSentEventParserTests {
    @Test func readsEventsSplitAnywhereWithIdsAndRetry() throws {
        let stream = Array(
            "retry: 3000\nid: 7\nevent: shortcuts\ndata: {\"a\":1}\n\n: heartbeat\n\nid: 8\r\nevent: trigger\r\ndata: x\r\ndata: y\r\n\r\n".utf8)
        for split in [1, 2, 5, stream.count] {
            var parser = ServerSentEventParser()
            var events: [ServerSentEvent] = []
            var index = 0
            while index < stream.count {
                events += try parser.feed(stream[index..<min(index + split, stream.count)])
                index += split
            }
            #expect(
                events == [
                    ServerSentEvent(event: "shortcuts", data: "{\"a\":1}", id: "7"), ServerSentEvent(event: "trigger", data: "x\ny", id: "8"),
                ])
            #expect(parser.retryMilliseconds == 3000)
            #expect(parser.lastEventID == "8")
        }
    }

    @Test func anUnfinishedEventIsNotDispatchedAndKeepsTheStartingId() throws {
        var parser = ServerSentEventParser(lastEventID: "41")
        let events = try parser.feed(Array("id: 42\nevent: trigger\ndata: {}\n".utf8))
        #expect(events.isEmpty)
        #expect(ServerSentEventParser(lastEventID: "41").lastEventID == "41")
    }

    @Test("A line, or an event's data with its line being read, past maxEventBytes is refused as it passes it")
    func eventsPastTheLimitAreRefused() throws {
        var fits = ServerSentEventParser(maxEventBytes: 32)
        let data = String(repeating: "x", count: 13)
        #expect(try fits.feed(Array("data: \(data)\ndata: \(data)\n\n".utf8)) == [ServerSentEvent(event: "message", data: data + "\n" + data)])

        var line = ServerSentEventParser(maxEventBytes: 32)
        #expect(throws: QuickActionsClientError.eventTooLarge(limit: 32)) {
            try line.feed(Array(("data: " + String(repeating: "x", count: 27)).utf8))
        }

        var lines = ServerSentEventParser(maxEventBytes: 32)
        #expect(throws: QuickActionsClientError.eventTooLarge(limit: 32)) {
            for _ in 0..<10 { _ = try lines.feed(Array("data: 0123456\n".utf8)) }
        }

        // Events that each fit never add up, however many there are.
        var many = ServerSentEventParser(maxEventBytes: 32)
        for _ in 0..<1000 { #expect(try many.feed(Array("data: 0123456789\n\n".utf8)).count == 1) }
    }
}
