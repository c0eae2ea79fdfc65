import Foundation
import TestSupport
import Testing

/// `GET /events`: the Server-Sent Events a companion app watches instead of polling.
@Suite struct EventsEndToEndTests {
    /// Seconds an expected event may take to arrive before the test fails (it takes milliseconds).
    static let eventTimeout = 5.0

    @Test("A stream starts with the current list (version = ETag), then carries every change and trigger, ids increasing")
    func streamCarriesChanges() throws {
        let server = try ServerProcess(arguments: ["--no-seed"])
        defer { server.stop() }
        let contact = try server.createContact(name: "Streamed Person", email: "stream@example.com")

        let streams = try (0..<3).map { _ in try EventStreamClient(server: server) }
        for stream in streams {
            let head = try #require(stream.head)
            #expect(head.status == 200)
            #expect(head.mediaType == "text/event-stream", "Content-Type: \(head.header("Content-Type") ?? "missing")")
        }
        let before = try server.shortcuts()
        var lastIds: [UInt64] = []
        for stream in streams {
            let first = try #require(try stream.next(within: Self.eventTimeout), "no first event")
            #expect(first.event == "shortcuts")
            let data = try first.jsonObject()
            #expect(data["version"] as? String == before.list.version)
            #expect(before.etag == "\"\(before.list.version)\"", "the ETag is the version in quotes")
            #expect((data["items"] as? [Any])?.count == before.list.items.count)
            lastIds.append(try #require(first.numericId, "the first event has no numeric id: \(first.id ?? "nil")"))
        }

        // A change to the list reaches every stream as a new `shortcuts` event.
        #expect(try server.request("POST", "/contacts/\(contact.id)/favorite").status == 200)
        let after = try server.shortcuts()
        #expect(after.list.version != before.list.version)
        for (index, stream) in streams.enumerated() {
            let event = try #require(try stream.next(within: Self.eventTimeout), "stream \(index): no event after favoriting")
            #expect(event.event == "shortcuts", "stream \(index)")
            let data = try event.jsonObject()
            #expect(data["version"] as? String == after.list.version, "stream \(index)")
            let titles = (data["items"] as? [[String: Any]])?.compactMap { $0["localizedTitle"] as? String }
            #expect(titles?.contains("Streamed Person") == true, "stream \(index): \(event.data)")
            let id = try #require(event.numericId)
            #expect(id > lastIds[index], "stream \(index): ids must increase (\(lastIds[index]) then \(id))")
            lastIds[index] = id
        }

        // An accepted trigger is a `trigger` event carrying the answer.
        let trigger = try server.request("POST", "/trigger", json: #"{"type":"FavoriteAction","userInfo":{"contactId":"\#(contact.id)"}}"#)
        try #require(trigger.status == 200)
        let answer = try trigger.decode(TriggerResultBody.self)
        for (index, stream) in streams.enumerated() {
            let event = try #require(try stream.next(within: Self.eventTimeout), "stream \(index): no event after the trigger")
            #expect(event.event == "trigger", "stream \(index)")
            let data = try event.jsonObject()
            #expect(data["id"] as? String == answer.id, "stream \(index)")
            #expect(data["type"] as? String == "FavoriteAction", "stream \(index)")
            let id = try #require(event.numericId)
            #expect(id > lastIds[index], "stream \(index): ids must increase")
            lastIds[index] = id
        }

        // A refused trigger and an edit that leaves the list as it was send nothing.
        #expect(try server.request("POST", "/trigger", json: #"{"type":"NoSuchAction"}"#).status == 422)
        let other = try server.createContact(name: "Not A Favorite")
        #expect(try server.request("PATCH", "/contacts/\(other.id)", json: #"{"email":"quiet@example.com"}"#).status == 200)
        // Then one more change, which must be the very next event.
        #expect(try server.request("DELETE", "/contacts/\(contact.id)/favorite").status == 200)
        for (index, stream) in streams.enumerated() {
            let event = try #require(try stream.next(within: Self.eventTimeout), "stream \(index): no event after unfavoriting")
            #expect(event.event == "shortcuts", "stream \(index): expected the unfavorite, got \(event.event ?? "nil"): \(event.data)")
            #expect(try event.jsonObject()["version"] as? String == before.list.version, "back to the first list, so the first version")
            #expect((event.numericId ?? 0) > lastIds[index])
        }
        #expect(streams.allSatisfy { $0.retries.contains("3000") }, "the stream should advise `retry: 3000`")
    }

    @Test("A stream opened later starts with the list as it is then")
    func lateSubscriber() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let contact = try #require(try server.listContacts("?favorite=false").contacts.first)
        #expect(try server.request("POST", "/contacts/\(contact.id)/favorite").status == 200)

        let stream = try EventStreamClient(server: server)
        let first = try #require(try stream.next(within: Self.eventTimeout))
        #expect(first.event == "shortcuts")
        #expect(try first.jsonObject()["version"] as? String == (try server.shortcuts().list.version))
    }

    @Test("SIGTERM with open streams: the process exits 0 within a few seconds and every stream ends")
    func stopWithOpenStreams() throws {
        let server = try ServerProcess(arguments: ["--max-streams-per-account", "10"])
        defer { server.stop() }
        let streams = try (0..<10).map { _ in try EventStreamClient(server: server) }
        for stream in streams {
            #expect(try stream.next(within: Self.eventTimeout)?.event == "shortcuts")
        }

        let started = Date()
        let exit = server.stop()
        let elapsed = Date().timeIntervalSince(started)
        #expect(exit == .exited(0), "\(exit)")
        #expect(elapsed < 3, "stopping with open streams took \(elapsed) s")
        for (index, stream) in streams.enumerated() {
            #expect(try stream.awaitEnd(within: 2), "stream \(index) did not end")
        }
    }

    @Test("A list past 256 KiB (300 favorites named by 95 emoji each) still reaches new and connected streams whole")
    func hugeList() throws {
        let server = try ServerProcess(arguments: ["--no-seed"])
        defer { server.stop() }
        let emoji = Array("😀🚀🎉🌍🍕🐱🎸📚🌵🌈")
        let name = { (index: Int) in String((0..<95).map { emoji[($0 + index) % emoji.count] }) }
        for index in 0..<299 { _ = try server.createContact(name: name(index), favorite: true) }
        let early = try EventStreamClient(server: server)
        let initial = try #require(try early.next(within: Self.eventTimeout), "a new stream got no event")
        #expect((try initial.jsonObject()["items"] as? [Any])?.count == 301)

        // One more favorite: the connected stream gets the grown list, whole.
        _ = try server.createContact(name: name(299), favorite: true)
        let list = try server.request("GET", "/shortcuts")
        #expect(list.body.count > 256 * 1024, "the list is only \(list.body.count) bytes")
        let grown = try #require(try early.next(within: Self.eventTimeout), "the connected stream got no event")
        #expect(grown.event == "shortcuts")
        #expect((try grown.jsonObject()["items"] as? [Any])?.count == 302)
        #expect(grown.data.utf8.count > 256 * 1024)

        let late = try EventStreamClient(server: server)
        let first = try #require(try late.next(within: Self.eventTimeout), "a new stream got no event")
        #expect(first.event == "shortcuts")
        #expect((try first.jsonObject()["items"] as? [Any])?.count == 302)
        #expect(late.retries.contains("3000"))
    }

    @Test("/events takes no query parameters: 400")
    func unknownQuery() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        try Expect.problem(try server.request("GET", "/events?since=3"), 400)
    }
}
