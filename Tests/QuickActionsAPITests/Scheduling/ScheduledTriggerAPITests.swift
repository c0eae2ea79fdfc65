import QuickActions
import Testing

@testable import QuickActionsAPI

/// `/trigger` of a scheduled item's item: accepted while it shows and for the stale window after
/// it left the list; `410` with the message to show otherwise.
@Suite struct ScheduledTriggerAPITests {
    typealias Items = ScheduledItemsAPITests

    private static func trigger(_ api: APITestHarness, _ id: String, type: String = "SaleAction") throws -> TestResponse {
        try api.send(
            "POST", "/trigger", json: #"{"type":"\#(type)","userInfo":{"\#(ScheduledItem.idKey)":"\#(id)"}}"#,
            headers: [("Accept-Language", "fr")])
    }

    private static func expectGone(_ response: TestResponse, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try response.expectProblem(410, sourceLocation: sourceLocation)
        #expect(try response.object()["disabledMessage"] == "Cette action n’est plus disponible", sourceLocation: sourceLocation)
        #expect(try response.object()["refresh"] == "/shortcuts", sourceLocation: sourceLocation)
    }

    @Test func aTriggerIsAcceptedWhileTheItemShowsAndForTheStaleWindowAfter() throws {
        let api = try APITestHarness(now: Items.start)
        let showing = try #require(try api.send("POST", "/scheduled-items", json: Items.body(from: -1, until: 60)).object()["id"]?.stringValue)
        let later = try #require(
            try api.send("POST", "/scheduled-items", json: Items.body("LaterAction", from: 10, until: 20)).object()["id"]?.stringValue)
        #expect(try Self.trigger(api, showing).status == 200)
        #expect(try api.send("GET", "/triggers?type=SaleAction").text.contains(showing))
        // Before its window; another type; an id no item has.
        try Self.expectGone(try Self.trigger(api, later, type: "LaterAction"))
        try Self.expectGone(try Self.trigger(api, showing, type: "OtherAction"))
        try Self.expectGone(try Self.trigger(api, "aaaaaaaaaaaaaaaaaaaa"))
        // Ended: within the stale window (24 h by default), then not.
        api.clock.advance(to: Items.start.advanced(by: .milliseconds(61 * Items.minute)))
        #expect(try Self.trigger(api, showing).status == 200)
        api.clock.advance(to: Items.start.advanced(by: .milliseconds(60 * Items.minute)).advanced(by: .seconds(86_400)))
        try Self.expectGone(try Self.trigger(api, showing))
    }

    @Test func aDeletedItemsTriggerIsAcceptedForTheStaleWindowOnlyIfItShowed() throws {
        let api = try APITestHarness(now: Items.start)
        let showing = try #require(try api.send("POST", "/scheduled-items", json: Items.body(from: -1, until: 600)).object()["id"]?.stringValue)
        let never = try #require(
            try api.send("POST", "/scheduled-items", json: Items.body("LaterAction", from: 10, until: 20)).object()["id"]?.stringValue)
        #expect(try api.send("DELETE", "/scheduled-items/\(showing)").status == 204)
        #expect(try api.send("DELETE", "/scheduled-items/\(never)").status == 204)
        #expect(try Self.trigger(api, showing).status == 200)
        api.clock.advance(to: Items.start.advanced(by: .milliseconds(15 * Items.minute)))
        try Self.expectGone(try Self.trigger(api, never, type: "LaterAction"))
        api.clock.advance(to: Items.start.advanced(by: .seconds(86_400)))
        try Self.expectGone(try Self.trigger(api, showing))
    }
}
