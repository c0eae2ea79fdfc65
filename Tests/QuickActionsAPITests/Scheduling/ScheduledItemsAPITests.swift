import Foundation
import QuickActions
import StorageCore
import Synchronization
import Testing

@testable import QuickActionsAPI

/// `/scheduled-items`: who may manage them, what is refused, and where they show in the lists.
@Suite struct ScheduledItemsAPITests {
    static let start = Timestamp(millisecondsSince1970: 1_780_000_000_000)
    static let minute: Int64 = 60_000

    /// `start` moved by `minutes`, in RFC 3339.
    static func at(_ minutes: Int64) -> String {
        start.advanced(by: .milliseconds(minutes * minute)).rfc3339
    }

    /// A body showing from `from` until `until` (minutes after `start`).
    static func body(
        _ type: String = "SaleAction", from: Int64 = -1, until: Int64 = 60, extra: String = ""
    ) -> String {
        #"{"type":"\#(type)","title":{"default":"Summer sale","fr":"Soldes d'été"},"from":"\#(at(from))","until":"\#(at(until))"\#(extra)}"#
    }

    @Test func anItemIsCreatedReadChangedUnderIfMatchAndDeleted() throws {
        let api = try APITestHarness(now: Self.start)
        let created = try api.send("POST", "/scheduled-items", json: Self.body(extra: #","userInfo":{"campaign":"summer"}"#))
        #expect(created.status == 201)
        let id = try #require(try created.object()["id"]?.stringValue)
        #expect(created.headers["Location"] == "/scheduled-items/\(id)")
        #expect(created.headers["ETag"] == "\"\(id).1\"")
        #expect(try created.object()["from"] == .string(Self.at(-1)))
        #expect(try api.send("GET", "/scheduled-items/\(id)").object() == (try created.object()))
        let list = try api.send("GET", "/scheduled-items").object()
        #expect(list["items"]?.elements?.count == 1)
        // A value that can never be stored is 422 before any validator is compared.
        try api.send("PATCH", "/scheduled-items/\(id)", json: #"{"title":{"default":""}}"#, headers: [("If-Match", "\"\(id).7\"")])
            .expectProblem(422)
        // A stale validator changes nothing.
        try api.send("PATCH", "/scheduled-items/\(id)", json: #"{"title":{"default":"Sale"}}"#, headers: [("If-Match", "\"\(id).7\"")])
            .expectProblem(412)
        let changed = try api.send("PATCH", "/scheduled-items/\(id)", json: #"{"title":{"default":"Sale"}}"#, headers: [("If-Match", "\"\(id).1\"")])
        #expect(changed.status == 200 && changed.headers["ETag"] == "\"\(id).2\"")
        #expect(try changed.object()["title"] == ["default": "Sale"])
        try api.send("DELETE", "/scheduled-items/\(id)", headers: [("If-Match", "\"\(id).1\"")]).expectProblem(412)
        #expect(try api.send("DELETE", "/scheduled-items/\(id)").status == 204)
        try api.send("GET", "/scheduled-items/\(id)").expectProblem(404)
        try api.send("PATCH", "/scheduled-items/\(id)", json: #"{"type":"X"}"#).expectProblem(404)
        try api.send("DELETE", "/scheduled-items/\(id)").expectProblem(404)
        #expect(try api.send("GET", "/scheduled-items").object()["items"] == .array([]))
    }

    @Test func badInputIs422NamingTheFieldAndUnknownFieldsAre400() throws {
        let api = try APITestHarness(now: Self.start)
        func refused(_ body: String, field: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
            let response = try api.send("POST", "/scheduled-items", json: body)
            try response.expectProblem(422, sourceLocation: sourceLocation)
            #expect(try response.object()["field"] == .string(field), sourceLocation: sourceLocation)
        }
        try refused(Self.body(from: 30, until: 30), field: "until")
        try refused(Self.body(from: 30, until: 10), field: "until")
        try refused(Self.body(from: -60, until: -1), field: "until")
        try refused(Self.body("SearchAction"), field: "type")
        try refused(Self.body("FavoriteAction"), field: "type")
        try refused(#"{"type":"T","title":{"default":"  "},"from":"\#(Self.at(0))","until":"\#(Self.at(9))"}"#, field: "title")
        try refused(#"{"type":"T","title":{"default":"A","x y":"B"},"from":"\#(Self.at(0))","until":"\#(Self.at(9))"}"#, field: "title")
        try refused(#"{"type":"T","title":{"fr":"A"},"from":"\#(Self.at(0))","until":"\#(Self.at(9))"}"#, field: "title")
        try refused(Self.body(extra: #","userInfo":{"scheduledItemId":"mine"}"#), field: "userInfo")
        // Accounts are for a server with --accounts.
        try refused(Self.body(extra: #","accounts":["x"]"#), field: "accounts")
        let unknown = try api.send("POST", "/scheduled-items", json: Self.body(extra: #","colour":"red""#))
        try unknown.expectProblem(400)
        #expect(try unknown.object()["field"] == "colour")
        // The 101st item not yet ended.
        for index in 0..<ScheduledItemValidator.maxItems {
            #expect(try api.send("POST", "/scheduled-items", json: Self.body("T\(index)", from: 10)).status == 201)
        }
        try refused(Self.body("Last", from: 10), field: "scheduledItems")
        let full = try api.send("POST", "/scheduled-items", json: Self.body("Last", from: 10)).object()
        #expect(full["type"] == "https://quickactiond.dev/problems/scheduled-item-limit-exceeded" && full["limit"] == 100)
        #expect(try api.store.scheduledItems.all().count == ScheduledItemValidator.maxItems)
    }

    @Test func aShowingItemSitsAfterTheStaticItemsAndBeforeTheFavoritesInEveryList() throws {
        let api = try APITestHarness(now: Self.start)
        _ = try api.send("POST", "/contacts", json: #"{"name":"Ada","favorite":true}"#)
        let before = try api.send("GET", "/shortcuts")
        let created = try api.send("POST", "/scheduled-items", json: Self.body(extra: #","icon":{"type":"date"}"#))
        let id = try #require(try created.object()["id"]?.stringValue)
        let after = try api.send("GET", "/shortcuts")
        #expect(after.headers["ETag"] != before.headers["ETag"])
        let items = try #require(try after.object()["items"]?.elements)
        let types: [JSONValue?] = items.map { $0.objectValue?["type"] }
        #expect(types == ["SearchAction", "ShareAction", "SaleAction", "FavoriteAction"])
        let scheduled = try #require(items[2].objectValue)
        #expect(scheduled["kind"] == "dynamic" && scheduled["rank"] == 0 && scheduled["visible"] == true)
        #expect(scheduled["localizedTitle"] == "Summer sale")
        #expect(scheduled["userInfo"]?.objectValue?[ScheduledItem.idKey] == JSONValue.string(id))
        #expect(items[3].objectValue?["rank"] == 1)
        #expect(try api.send("GET", "/shortcuts", headers: [("Accept", "application/x-plist")]).text.contains("<string>SaleAction</string>"))
        #expect(try api.send("GET", "/shortcuts?visible=true").text.contains("SaleAction"))
        let android = try api.send("GET", "/shortcuts?platform=android").text
        #expect(android.contains("Summer sale") && android.contains(#""id":"scheduled-\#(id)""#), "\(android)")
        #expect(try api.send("GET", "/shortcuts?platform=web").text.contains("Summer sale"))
        let explained = try #require(try api.send("GET", "/shortcuts?explain=true").object()["items"]?.elements)
        #expect(
            explained[2].objectValue?["explain"]
                == ["reason": "scheduled", "from": .string(Self.at(-1)), "until": .string(Self.at(60))])
        #expect(explained[3].objectValue?["explain"]?.objectValue?["reason"] == "created")
        // Deleted: it leaves the list at once, and is listed as ended.
        #expect(try api.send("DELETE", "/scheduled-items/\(id)").status == 204)
        let gone = try api.send("GET", "/shortcuts")
        #expect(gone.headers["ETag"] == before.headers["ETag"])
        let disabled = try #require(try api.send("GET", "/shortcuts?include=disabled").object()["items"]?.elements)
        let ended = try #require(disabled.last?.objectValue)
        #expect(ended["reason"] == "ended" && ended["enabled"] == false)
        #expect(ended["userInfo"] == .object([ScheduledItem.idKey: .string(id)]))
        #expect(ended["disabledMessage"] == "This action is no longer available")
    }

    @Test func titlesAreInTheListsLanguage() throws {
        let catalog = LocalizationCatalog(tables: ["en": [:], "fr": [:]], sourceLanguage: "en")
        let api = try APITestHarness(catalog: catalog, now: Self.start)
        _ = try api.send("POST", "/scheduled-items", json: Self.body())
        #expect(try api.send("GET", "/shortcuts", headers: [("Accept-Language", "fr-CA")]).text.contains("Soldes d'été"))
        #expect(try api.send("GET", "/shortcuts", headers: [("Accept-Language", "de")]).text.contains("Summer sale"))
    }

    @Test func theListChangesAtEachEdgeWithNoRequestAndAnEndedItemIsListedAsDisabled() throws {
        let api = try APITestHarness(now: Self.start)
        let announced = VersionLog()
        api.lists.onChange { change in
            if case .changed(let list) = change { announced.append(list.version) }
        }
        _ = try api.send("POST", "/scheduled-items", json: Self.body(from: 10, until: 20))
        let first = try api.send("GET", "/shortcuts")
        #expect(!first.text.contains("SaleAction"))
        #expect(api.clock.pending == [Self.start.advanced(by: .milliseconds(10 * Self.minute))])
        let version = api.cache.version
        api.clock.advance(to: Self.start.advanced(by: .milliseconds(10 * Self.minute)))
        #expect(api.cache.version == version + 1)
        let showing = try api.send("GET", "/shortcuts")
        #expect(showing.text.contains("SaleAction") && showing.headers["ETag"] != first.headers["ETag"])
        api.clock.advance(to: Self.start.advanced(by: .milliseconds(20 * Self.minute)))
        #expect(api.cache.version == version + 2)
        let ended = try api.send("GET", "/shortcuts")
        #expect(!ended.text.contains("SaleAction") && ended.headers["ETag"] == first.headers["ETag"])
        #expect(api.clock.pending.isEmpty)
        let disabled = try api.send("GET", "/shortcuts?include=disabled").text
        #expect(disabled.contains(#""reason":"ended""#))
        // The streams hear of the last list (changes in quick succession are told once).
        let deadline = ContinuousClock.now + .seconds(10)
        while announced.values.last != version + 2 && ContinuousClock.now < deadline { usleep(1000) }
        #expect(announced.values.last == version + 2)
    }

    @Test func withAccountsOnlyTheAdminManagesThemForEveryAccountOrThoseListed() throws {
        let api = try APITestHarness(accounts: "admin-token-0123456789", now: Self.start)
        let admin = [("Authorization", "Bearer admin-token-0123456789")]
        func account(_ name: String) throws -> (id: String, auth: [(String, String)]) {
            let made = try api.send("POST", "/accounts", json: #"{"name":"\#(name)"}"#, headers: admin).object()
            return (try #require(made["id"]?.stringValue), [("Authorization", "Bearer \(try #require(made["token"]?.stringValue))")])
        }
        let ada = try account("ada")
        let bob = try account("bob")
        try api.send("POST", "/scheduled-items", json: Self.body(), headers: ada.auth).expectProblem(403)
        try api.send("GET", "/scheduled-items", headers: ada.auth).expectProblem(403)
        let unknown = try api.send("POST", "/scheduled-items", json: Self.body(extra: #","accounts":["nobody"]"#), headers: admin)
        try unknown.expectProblem(422)
        #expect(try unknown.object()["field"] == "accounts")
        let bobBefore = try api.send("GET", "/shortcuts", headers: bob.auth)
        #expect(
            try api.send("POST", "/scheduled-items", json: Self.body("AdaOnly", extra: #","accounts":["\#(ada.id)"]"#), headers: admin).status
                == 201)
        #expect(try api.send("GET", "/shortcuts", headers: ada.auth).text.contains("AdaOnly"))
        let bobAfter = try api.send("GET", "/shortcuts", headers: bob.auth)
        #expect(!bobAfter.text.contains("AdaOnly") && bobAfter.headers["ETag"] == bobBefore.headers["ETag"])
        #expect(try api.send("POST", "/scheduled-items", json: Self.body("Everyone"), headers: admin).status == 201)
        #expect(try api.send("GET", "/shortcuts", headers: bob.auth).text.contains("Everyone"))
        #expect(try api.send("GET", "/shortcuts", headers: ada.auth).text.contains("Everyone"))
    }
}

extension JSONValue {
    /// The elements, when this is an array.
    fileprivate var elements: [JSONValue]? {
        guard case .array(let values) = self else { return nil }
        return values
    }
}

/// Versions an observer was told of.
final class VersionLog: Sendable {
    private let log = Mutex<[Int]>([])

    func append(_ version: Int) { log.withLock { $0.append(version) } }

    var values: [Int] { log.withLock { $0 } }
}
