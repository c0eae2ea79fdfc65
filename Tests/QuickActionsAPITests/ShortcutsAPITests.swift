import Dispatch
import HTTPServer
import QuickActions
import Synchronization
import Testing

@testable import QuickActionsAPI

@Suite struct ShortcutsAPITests {
    private func items(_ response: TestResponse) throws -> [[String: JSONValue]] {
        guard case .array(let items)? = try response.object()["items"] else { throw ShortcutsTestError.noItems }
        return items.compactMap(\.objectValue)
    }

    enum ShortcutsTestError: Error { case noItems }

    @Test func theListIsSentAsAPreparedResponseEveryRequestShares() throws {
        // The transport reuses what it made for a prepared response: the list and its 304
        // must reach it unchanged, the same object for every request of one list version.
        let api = try APITestHarness(seed: true)
        let first = api.handler.handle(try HTTPRequest(method: "GET", target: "/shortcuts"))
        let second = api.handler.handle(try HTTPRequest(method: "GET", target: "/shortcuts"))
        let prepared = try #require(first.prepared)
        #expect(second.prepared === prepared)
        #expect(first.requestId != second.requestId)
        let etag = try #require(first.headers["ETag"])
        let notModified = api.handler.handle(try HTTPRequest(method: "GET", target: "/shortcuts", headers: HTTPHeaders([("If-None-Match", etag)])))
        #expect(notModified.status == 304)
        #expect(notModified.prepared != nil)
    }

    @Test func staticItemsFirstThenOneFavoriteActionPerFavoriteInCreationOrder() throws {
        let api = try APITestHarness(seed: true)
        let list = try items(api.send("GET", "/shortcuts"))
        #expect(list.map { $0["type"] } == ["SearchAction", "ShareAction", "FavoriteAction", "FavoriteAction"])
        #expect(list[0]["localizedTitle"] == "Search")
        #expect(list[0]["localizedSubtitle"] == "Search for an item")
        #expect(list[0]["icon"] == ["type": "search"])
        #expect(list[1]["localizedTitle"] == "Share")
        #expect(list[1]["localizedSubtitle"] == "Share an item")
        #expect(list[1]["icon"] == ["type": "share"])
        #expect(list.map { $0["kind"] } == ["static", "static", "dynamic", "dynamic"])
        let ada = try #require(try api.repository.contacts(named: "Ada Lovelace").first)
        #expect(list[2]["localizedTitle"] == "Ada Lovelace")
        #expect(list[2]["localizedSubtitle"] == "ada@example.com")
        #expect(list[2]["icon"] == ["type": "contact"])
        #expect(list[2]["userInfo"] == ["contactId": .string(ada.id), "Name": "Ada Lovelace"])
        #expect(list[3]["localizedTitle"] == "Grace Hopper")
    }

    @Test func favoriteChangesTheListAndItsETag() throws {
        let api = try APITestHarness(seed: true)
        let before = try api.send("GET", "/shortcuts")
        let etag = try #require(before.headers["ETag"])
        #expect(try before.object()["version"] == .string(String(etag.dropFirst().dropLast())))
        #expect(try api.send("GET", "/shortcuts", headers: [("If-None-Match", etag)]).status == 304)

        let alan = try #require(try api.repository.contacts(named: "Alan Turing").first)
        _ = try api.send("POST", "/contacts/\(alan.id)/favorite")
        let after = try api.send("GET", "/shortcuts")
        #expect(after.headers["ETag"] != etag)
        #expect(try items(after).last?["localizedTitle"] == "Alan Turing")
        #expect(try items(after).last?["localizedSubtitle"] == nil)  // no email: no subtitle
        #expect(try api.send("GET", "/shortcuts", headers: [("If-None-Match", etag)]).status == 200)

        _ = try api.send("DELETE", "/contacts/\(alan.id)/favorite")
        #expect(try api.send("GET", "/shortcuts").headers["ETag"] == etag)
    }

    @Test func everyThreadServesTheNewListRightAfterAChange() throws {
        // Each thread row of the cache answers from copies of its own: after a change, none of
        // them may keep serving the old list.
        let api = try APITestHarness(seed: true)
        let key = ShortcutRepresentationKey(format: .json, language: nil, visibleOnly: false)
        let before = api.cache.representation(key).etag
        DispatchQueue.concurrentPerform(iterations: 16) { _ in
            for _ in 0..<50 { _ = api.cache.representation(key) }
        }
        let alan = try #require(try api.repository.contacts(named: "Alan Turing").first)
        #expect(try api.send("POST", "/contacts/\(alan.id)/favorite").status == 200)
        let seen = Mutex<Set<String>>([])
        DispatchQueue.concurrentPerform(iterations: 16) { _ in
            let representation = api.cache.representation(key)
            _ = seen.withLock { $0.insert(representation.etag) }
            // A thread's copy has the same bytes as the shared list.
            #expect(representation.body.array == api.cache.representation(key).body.array)
        }
        let etags = seen.withLock { $0 }
        #expect(etags.count == 1)
        #expect(!etags.contains(before))
    }

    @Test func editingANonFavoriteKeepsTheETag() throws {
        let api = try APITestHarness(seed: true)
        let etag = try api.send("GET", "/shortcuts").headers["ETag"]
        let anders = try #require(try api.repository.contacts(named: "Anders Ångström").first)
        #expect(try api.send("PATCH", "/contacts/\(anders.id)", json: #"{"name":"Anders J. Ångström"}"#).status == 200)
        _ = try api.send("POST", "/contacts", json: #"{"name":"New"}"#)
        #expect(try api.send("GET", "/shortcuts").headers["ETag"] == etag)
    }

    @Test func renamingOrDeletingAFavoriteChangesTheList() throws {
        let api = try APITestHarness(seed: true)
        let grace = try #require(try api.repository.contacts(named: "Grace Hopper").first)
        _ = try api.send("PATCH", "/contacts/\(grace.id)", json: #"{"name":"Rear Admiral Hopper"}"#)
        #expect(try items(api.send("GET", "/shortcuts")).contains { $0["localizedTitle"] == "Rear Admiral Hopper" })
        _ = try api.send("DELETE", "/contacts/\(grace.id)")
        #expect(try items(api.send("GET", "/shortcuts")).count == 3)
    }

    @Test func onlyTheFirstFourAreVisible() throws {
        let api = try APITestHarness(seed: true)
        for name in ["Katherine Johnson", "Margaret Hamilton"] {
            _ = try api.send("POST", "/contacts", json: "{\"name\":\"\(name)\",\"favorite\":true}")
        }
        let all = try items(api.send("GET", "/shortcuts"))
        #expect(all.count == 6)
        #expect(all.map { $0["visible"] } == [true, true, true, true, false, false])
        let visible = try items(api.send("GET", "/shortcuts?visible=true"))
        #expect(visible.count == 4)
        try api.send("GET", "/shortcuts?visible=maybe").expectProblem(400)
    }

    @Test func headAnswersLikeGet() throws {
        let api = try APITestHarness(seed: true)
        let get = try api.send("GET", "/shortcuts")
        let head = try api.send("HEAD", "/shortcuts")
        #expect(head.status == 200)
        #expect(head.headers["ETag"] == get.headers["ETag"])
    }
}
