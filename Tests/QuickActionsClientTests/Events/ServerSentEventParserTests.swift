import Testing

@testable import QuickActionsClient

@Suite struct ServerSentEventParserTests {
    @Test func readsEventsSplitAnywhereWithIdsAndRetry() {
        let stream = Array(
            "retry: 3000\nid: 7\nevent: shortcuts\ndata: {\"a\":1}\n\n: heartbeat\n\nid: 8\r\nevent: trigger\r\ndata: x\r\ndata: y\r\n\r\n".utf8)
        for split in [1, 2, 5, stream.count] {
            var parser = ServerSentEventParser()
            var events: [ServerSentEvent] = []
            var index = 0
            while index < stream.count {
                events += parser.feed(stream[index..<min(index + split, stream.count)])
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

    @Test func anUnfinishedEventIsNotDispatchedAndKeepsTheStartingId() {
        var parser = ServerSentEventParser(lastEventID: "41")
        let events = parser.feed(Array("id: 42\nevent: trigger\ndata: {}\n".utf8))
        #expect(events.isEmpty)
        #expect(ServerSentEventParser(lastEventID: "41").lastEventID == "41")
    }
}
