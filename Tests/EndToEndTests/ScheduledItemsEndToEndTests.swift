import Foundation
import TestSupport
import Testing

/// Scheduled items through the real binary: the list changes at each edge of a window with no
/// request in between, and a trigger is accepted for the stale window after the item left.
/// One test at a time: each waits seconds for an edge, and holding several of the test
/// runner's threads at once starves the suites that run on them meanwhile.
@Suite(.serialized) struct ScheduledItemsEndToEndTests {
    /// An instant in RFC 3339 with milliseconds, UTC.
    static func rfc3339(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: date)
    }

    /// Creates a scheduled item of `type` showing from `from` until `until`; returns its id.
    static func schedule(_ server: ServerProcess, _ type: String, from: Date, until: Date, extra: String = "") throws -> String {
        let response = try server.request(
            "POST", "/scheduled-items",
            json:
                #"{"type":"\#(type)","title":{"default":"Summer sale","fr":"Soldes d'été"},"from":"\#(rfc3339(from))","until":"\#(rfc3339(until))"\#(extra)}"#
        )
        #expect(response.status == 201, "\(response.text)")
        return try #require(try response.jsonObject()["id"] as? String)
    }

    /// The types in a `shortcuts` event's list.
    static func types(_ event: ServerSentEvent) throws -> [String] {
        try #require(try event.jsonObject()["items"] as? [[String: Any]]).compactMap { $0["type"] as? String }
    }

    @Test("A 2-second window: the item appears at from and leaves at until with no request in between, each edge an /events event and a new ETag")
    func theListChangesAtEachEdgeWithNoRequest() throws {
        let server = try ServerProcess(arguments: ["--no-seed"])
        defer { server.stop() }
        let stream = try EventStreamClient(server: server)
        let initial = try #require(try stream.next("shortcuts", within: 10), "a new stream gets the list")
        #expect(try !Self.types(initial).contains("SaleAction"))
        let before = try server.shortcuts().etag
        let from = Date().addingTimeInterval(2)
        let until = from.addingTimeInterval(2)
        let id = try Self.schedule(server, "SaleAction", from: from, until: until)
        // Not showing yet: the write changes no list.
        #expect(try server.shortcuts().etag == before)

        let appeared = try #require(try stream.next("shortcuts", within: 10), "no event when the window began")
        #expect(appeared.receivedAt.timeIntervalSince(from) >= -0.05, "the event came \(from.timeIntervalSince(appeared.receivedAt)) s before from")
        #expect(try Self.types(appeared).contains("SaleAction"))
        let showing = try server.shortcuts()
        // Judged only when the answer came inside the window: on a loaded machine this thread
        // can be held past `until`, and then the item has rightly left the list again.
        if Date() < until {
            #expect(showing.etag != before)
            #expect(showing.list.items.first { $0.type == "SaleAction" }?.userInfo?["scheduledItemId"] == id)
        }

        let left = try #require(try stream.next("shortcuts", within: 10), "no event when the window ended")
        #expect(left.receivedAt.timeIntervalSince(until) >= -0.05, "the event came \(until.timeIntervalSince(left.receivedAt)) s before until")
        #expect(try !Self.types(left).contains("SaleAction"))
        #expect(try server.shortcuts().etag == before)
        #expect(try stream.takePending().filter { $0.event == "shortcuts" }.isEmpty, "one event per edge")

        // Ended: listed as disabled, and its trigger accepted within the stale window.
        let disabled = try server.request("GET", "/shortcuts?include=disabled")
        #expect(disabled.text.contains(#""reason":"ended""#), "\(disabled.text)")
        let trigger = try server.request("POST", "/trigger", json: #"{"type":"SaleAction","userInfo":{"scheduledItemId":"\#(id)"}}"#)
        #expect(trigger.status == 200, "\(trigger.text)")
    }

    @Test("--stale-window: past it, a trigger of an item that ended is 410 with the message; bad windows are 422 naming until")
    func afterTheStaleWindowATriggerIsGone() async throws {
        let server = try ServerProcess(arguments: ["--no-seed", "--stale-window", "1s"])
        defer { server.stop() }
        let now = Date()
        let id = try Self.schedule(server, "SaleAction", from: now.addingTimeInterval(-60), until: now.addingTimeInterval(0.5))
        try await Task.sleep(for: .seconds(2))
        let gone = try server.request(
            "POST", "/trigger", headers: [("Content-Type", "application/json"), ("Accept-Language", "fr")],
            json: #"{"type":"SaleAction","userInfo":{"scheduledItemId":"\#(id)"}}"#)
        try Expect.problem(gone, 410)
        #expect(try gone.jsonObject()["disabledMessage"] as? String == "Cette action n’est plus disponible")
        let past = try server.request(
            "POST", "/scheduled-items",
            json: #"{"type":"Late","title":{"default":"Late"},"from":"2020-01-01T00:00:00+02:00","until":"2020-01-02T00:00:00+02:00"}"#)
        try Expect.problem(past, 422)
        #expect(try past.jsonObject()["field"] as? String == "until")
    }

    @Test("With --accounts: the admin schedules for one account; only its stream hears of it, at the write and at until; an account token gets 403")
    func withAccountsOnlyTheListedAccountsListChanges() throws {
        let server = try AccountsEndToEndTests.server()
        defer { server.stop() }
        let alice = try AccountsEndToEndTests.createAccount(server, name: "Alice")
        let bob = try AccountsEndToEndTests.createAccount(server, name: "Bob")
        let aliceStream = try EventStreamClient(server: server, headers: [("Authorization", "Bearer \(alice.token)")])
        let bobStream = try EventStreamClient(server: server, headers: [("Authorization", "Bearer \(bob.token)")])
        #expect(try aliceStream.next("shortcuts", within: 10) != nil && bobStream.next("shortcuts", within: 10) != nil)
        let now = Date()
        let window = #""from":"\#(Self.rfc3339(now.addingTimeInterval(-60)))","until":"\#(Self.rfc3339(now.addingTimeInterval(2)))""#
        let body = #"{"type":"AliceSale","title":{"default":"Sale"},\#(window),"accounts":["\#(alice.id)"]}"#
        try Expect.problem(try AccountsEndToEndTests.send(server, alice.token, "POST", "/scheduled-items", json: body), 403)
        #expect(try AccountsEndToEndTests.send(server, AccountsEndToEndTests.adminToken, "POST", "/scheduled-items", json: body).status == 201)
        let shown = try #require(try aliceStream.next("shortcuts", within: 10), "Alice's stream heard nothing of the write")
        #expect(try Self.types(shown).contains("AliceSale"))
        let left = try #require(try aliceStream.next("shortcuts", within: 10), "Alice's stream heard nothing at until")
        #expect(try !Self.types(left).contains("AliceSale"))
        #expect(try bobStream.takePending().filter { $0.event == "shortcuts" }.isEmpty, "Bob's list did not change")
    }
}
