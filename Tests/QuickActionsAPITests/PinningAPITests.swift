import QuickActions
import Testing

/// `pinned` in a contact's JSON and `PATCH /contacts/{id}`.
@Suite struct PinningAPITests {
    @Test func aFavoriteIsPinnedAndUnfavoritingUnpinsIt() throws {
        let api = try APITestHarness()
        let created = try api.send("POST", "/contacts", json: #"{"name":"Ada","favorite":true}"#)
        #expect(try created.object()["pinned"] == false)
        let id = try #require(try created.object()["id"]?.stringValue)
        let pinned = try api.send("PATCH", "/contacts/\(id)", json: #"{"pinned":true}"#)
        #expect(pinned.status == 200)
        #expect(try pinned.object()["pinned"] == true)
        #expect(pinned.headers["ETag"] != created.headers["ETag"])
        #expect(try api.send("GET", "/contacts/\(id)").object()["pinned"] == true)
        #expect(try api.send("DELETE", "/contacts/\(id)/favorite").object()["pinned"] == false)
        // Pinned with the favorite flag in one request.
        #expect(try api.send("PATCH", "/contacts/\(id)", json: #"{"favorite":true,"pinned":true}"#).object()["pinned"] == true)
        #expect(try api.send("PATCH", "/contacts/\(id)", json: #"{"pinned":false}"#).object()["pinned"] == false)
    }

    @Test func pinningAContactThatIsNotAFavoriteIs422NamingPinnedAndChangesNothing() throws {
        let api = try APITestHarness()
        let created = try api.send("POST", "/contacts", json: #"{"name":"Cy"}"#)
        let id = try #require(try created.object()["id"]?.stringValue)
        let refused = try api.send("PATCH", "/contacts/\(id)", json: #"{"pinned":true}"#)
        try refused.expectProblem(422)
        #expect(try refused.object()["field"] == "pinned")
        let favorite = try api.send("POST", "/contacts", json: #"{"name":"Di","favorite":true}"#)
        let other = try #require(try favorite.object()["id"]?.stringValue)
        let both = try api.send("PATCH", "/contacts/\(other)", json: #"{"favorite":false,"pinned":true}"#)
        try both.expectProblem(422)
        #expect(try api.send("GET", "/contacts/\(id)").headers["ETag"] == created.headers["ETag"])
        #expect(try api.send("GET", "/contacts/\(other)").object()["favorite"] == true)
        try api.send("PATCH", "/contacts/\(id)", json: #"{"pinned":"yes"}"#).expectProblem(400)
    }
}

/// `/trigger` counts a favorite's pick in its use score, once per Idempotency-Key.
@Suite struct UsageCountingAPITests {
    @Test func aFavoritesPickUpdatesItsUsageKeyOnceAndNotItsRevision() throws {
        let api = try APITestHarness()
        let created = try api.send("POST", "/contacts", json: #"{"name":"Ada","favorite":true}"#)
        let id = try #require(try created.object()["id"]?.stringValue)
        let body = #"{"type":"FavoriteAction","userInfo":{"contactId":"\#(id)"}}"#
        #expect(try api.send("POST", "/trigger", json: body, headers: [("Idempotency-Key", "one")]).status == 200)
        let once = try #require(try api.repository.get(id: id)?.usageKey)
        // The replay stores nothing and counts nothing.
        #expect(try api.send("POST", "/trigger", json: body, headers: [("Idempotency-Key", "one")]).headers["Idempotent-Replayed"] == "true")
        #expect(try api.repository.get(id: id)?.usageKey == once)
        #expect(try api.send("POST", "/trigger", json: body).status == 200)
        let twice = try #require(try api.repository.get(id: id)?.usageKey)
        #expect(twice > once)
        #expect(try api.send("GET", "/contacts/\(id)").headers["ETag"] == created.headers["ETag"])
    }
}
