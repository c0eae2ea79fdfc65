import Foundation
import TestSupport
import Testing

/// `GET /events` with `Last-Event-ID`: a reconnecting client gets the triggers it missed.
@Suite struct EventResumeEndToEndTests {
    static let timeout = 5.0

    /// Every event until `count` have come (or the timeout).
    static func events(_ stream: EventStreamClient, count: Int) throws -> [ServerSentEvent] {
        var events: [ServerSentEvent] = []
        while events.count < count, let event = try stream.next(within: timeout) { events.append(event) }
        return events
    }

    static func trigger(_ server: ServerProcess, _ type: String = "SearchAction") throws -> String {
        let response = try server.request("POST", "/trigger", json: #"{"type":"\#(type)"}"#)
        try #require(response.status == 200)
        return try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])["id"] as? String ?? ""
    }

    @Test("A resume replays the triggers missed since Last-Event-ID, in order, then the list")
    func resumeReplaysMissedTriggers() throws {
        let server = try ServerProcess(arguments: ["--no-seed"])
        defer { server.stop() }
        let (seen, seenID) = try {
            let first = try EventStreamClient(server: server)  // closed when this closure returns
            let openingID = try #require(try first.next(within: Self.timeout)?.numericId)
            let seen = try Self.trigger(server)
            let seenID = try #require(try first.next("trigger", within: Self.timeout)?.numericId)
            #expect(seenID > openingID)
            return (seen, seenID)
        }()

        let missed = try (0..<3).map { _ in try Self.trigger(server) }
        let resumed = try EventStreamClient(server: server, headers: [("Last-Event-ID", String(seenID))])
        let events = try Self.events(resumed, count: 4)
        #expect(events.map(\.event) == ["trigger", "trigger", "trigger", "shortcuts"])
        #expect(try events.prefix(3).map { try $0.jsonObject()["id"] as? String } == missed)
        #expect(!missed.contains(seen))
        let ids = events.compactMap(\.numericId)
        #expect(ids.count == 4 && ids == ids.sorted() && ids[0] > seenID, "ids \(ids)")

        // Resuming from the list's own id replays nothing: the list is all there is to send.
        let again = try EventStreamClient(server: server, headers: [("Last-Event-ID", String(ids[3]))])
        let only = try Self.events(again, count: 1)
        #expect(only.map(\.event) == ["shortcuts"])
        #expect(try again.next("trigger", within: 0.3) == nil)
    }

    @Test(
        "Triggers from several clients at once reach a client resuming at random points once each, in increasing id order",
        arguments: [["--no-seed"], ["--no-seed", "--store", "memory"]])
    func concurrentTriggersReachAResumingClientInOrder(arguments: [String]) throws {
        let server = try ServerProcess(arguments: arguments)
        defer { server.stop() }
        try CrossInstanceEventOrderEndToEndTests.check(
            try CrossInstanceEventOrderEndToEndTests.follow(server, while: [server], terminatingListenerOf: nil))
    }

    @Test("An id the log cannot resume from (unknown, not a number) gets just the list")
    func unknownIdGetsJustTheList() throws {
        let server = try ServerProcess(arguments: ["--no-seed"])
        defer { server.stop() }
        _ = try Self.trigger(server)
        for id in ["999999", "abc", "-5"] {
            let stream = try EventStreamClient(server: server, headers: [("Last-Event-ID", id)])
            #expect(try Self.events(stream, count: 1).map(\.event) == ["shortcuts"], "Last-Event-ID: \(id)")
            #expect(try stream.next(within: 0.2) == nil)
        }
    }

    @Test("Event ids come from the store: after a restart they keep increasing, and a resume still works")
    func idsSurviveRestart() throws {
        let directory = try TemporaryDirectory()
        var server = try ServerProcess(directory: directory, arguments: ["--no-seed"])
        let (firstID, triggerID) = try {
            let stream = try EventStreamClient(server: server)  // closed when this closure returns
            let firstID = try #require(try stream.next(within: Self.timeout)?.numericId)
            _ = try Self.trigger(server)
            return (firstID, try #require(try stream.next("trigger", within: Self.timeout)?.numericId))
        }()
        #expect(server.stop() == .exited(0))

        server = try ServerProcess(directory: directory, arguments: ["--no-seed"])
        defer { server.stop() }
        let missed = try Self.trigger(server)
        let resumed = try EventStreamClient(server: server, headers: [("Last-Event-ID", String(triggerID))])
        let events = try Self.events(resumed, count: 2)
        #expect(events.map(\.event) == ["trigger", "shortcuts"])
        #expect(try events.first?.jsonObject()["id"] as? String == missed)
        let ids = events.compactMap(\.numericId)
        #expect(ids.allSatisfy { $0 > triggerID && $0 > firstID }, "ids after a restart \(ids) must not repeat \(firstID), \(triggerID)")
    }

    @Test("An id older than what is kept (--trigger-retention purged triggers after it) gets just the list")
    func purgedIdGetsJustTheList() throws {
        let server = try ServerProcess(arguments: ["--no-seed", "--trigger-retention", "1s"])
        defer { server.stop() }
        let seenID = try {
            let stream = try EventStreamClient(server: server)  // closed when this closure returns
            _ = try stream.next(within: Self.timeout)
            _ = try Self.trigger(server)
            return try #require(try stream.next("trigger", within: Self.timeout)?.numericId)
        }()
        _ = try Self.trigger(server)  // missed, then purged
        let deadline = Date().addingTimeInterval(10)
        while try server.request("GET", "/triggers").body.count > 20 && Date() < deadline { usleep(100_000) }
        let kept = try Self.trigger(server)  // in the log, but after a gap the log no longer covers
        let resumed = try EventStreamClient(server: server, headers: [("Last-Event-ID", String(seenID))])
        #expect(try Self.events(resumed, count: 1).map(\.event) == ["shortcuts"])
        #expect(try resumed.next(within: 0.3) == nil, "nothing replayed")
        #expect(!kept.isEmpty)
    }
}
