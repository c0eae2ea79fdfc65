import QuickActions
import Synchronization
import Testing

@testable import QuickActionsAPI

/// A replacement of the settings (what SIGHUP does) reaches everything that read them at
/// start-up: tokens, the list and its representations, negotiation, triggers, the preview page.
@Suite struct CurrentConfigurationTests {
    static let oldToken = "old-token-0123456789"
    static let newToken = "new-token-0123456789"

    /// A setup with one static item of `type`, and a catalog of `languages` translating it.
    static func setup(_ type: String, languages: [String] = []) -> ShortcutListConfiguration {
        let catalog = LocalizationCatalog(tables: Dictionary(uniqueKeysWithValues: languages.map { ($0, [type: "\(type) (\($0))"]) }))
        return ShortcutListConfiguration(
            builder: ShortcutItemBuilder(staticItems: [ShortcutItem(type: type, localizedTitle: type, kind: .static)]),
            renderer: ShortcutListRenderer(catalog: catalog))
    }

    @Test("Single account: the new token works and the old one is refused from the next request; the list is the new setup's")
    func singleAccountFollowsAReplacement() throws {
        let api = try APITestHarness(seed: true, token: Self.oldToken)
        let old = [("Authorization", "Bearer \(Self.oldToken)")]
        let new = [("Authorization", "Bearer \(Self.newToken)")]
        let before = try api.send("GET", "/shortcuts", headers: old)
        let oldETag = try #require(before.headers["ETag"])
        #expect(try api.send("POST", "/trigger", json: #"{"type":"SearchAction"}"#, headers: old).status == 200)

        api.settings.replace(with: ReloadableConfiguration(shortcuts: Self.setup("New", languages: ["fr"]), serviceToken: Self.newToken))
        #expect(try api.send("GET", "/shortcuts", headers: old).status == 401)
        let after = try api.send("GET", "/shortcuts", headers: new + [("If-None-Match", oldETag)])
        #expect(after.status == 200, "the old ETag still matched")
        guard case .array(let items)? = try after.object()["items"] else {
            Issue.record("no items: \(after.text)")
            return
        }
        let types = items.compactMap { $0.objectValue?["type"]?.stringValue }
        #expect(types.first == "New" && !types.contains("SearchAction"), "\(types)")
        let french = try api.send("GET", "/shortcuts", headers: new + [("Accept-Language", "fr")])
        #expect(french.headers["Content-Language"] == "fr", "negotiation does not know the new language")
        #expect(try api.send("POST", "/trigger", json: #"{"type":"New"}"#, headers: new).status == 200)
        #expect(try api.send("POST", "/trigger", json: #"{"type":"SearchAction"}"#, headers: new).status == 422)
        #expect(try api.send("GET", "/preview").text.contains(#"<option value="fr">"#), "the preview page lacks the new language")
    }

    @Test("Accounts: the new admin token works and the old one is refused; account tokens keep working")
    func adminTokenFollowsAReplacement() throws {
        let api = try APITestHarness(accounts: Self.oldToken)
        let created = try api.send("POST", "/accounts", json: #"{"name":"Alice"}"#, headers: [("Authorization", "Bearer \(Self.oldToken)")])
        let token = try #require(try created.object()["token"]?.stringValue)
        api.settings.replace(with: ReloadableConfiguration(shortcuts: api.settings.shortcuts, adminToken: Self.newToken))
        #expect(try api.send("GET", "/accounts", headers: [("Authorization", "Bearer \(Self.oldToken)")]).status == 401)
        #expect(try api.send("GET", "/accounts", headers: [("Authorization", "Bearer \(Self.newToken)")]).status == 200)
        #expect(try api.send("GET", "/contacts", headers: [("Authorization", "Bearer \(token)")]).status == 200)
    }

    @Test("With store workers: a replaced token is refused from memory, and what memory answers after a replacement is the new setup's")
    func singleAccountWithStoreWorkers() throws {
        let workers = StoreWorkers(threads: 2)
        defer { workers.stop() }
        let api = try APITestHarness(seed: true, token: Self.oldToken, workers: workers)
        let old = [("Authorization", "Bearer \(Self.oldToken)")]
        let new = [("Authorization", "Bearer \(Self.newToken)")]
        #expect(try api.send("GET", "/shortcuts", headers: old).status == 200)
        api.settings.replace(with: ReloadableConfiguration(shortcuts: Self.setup("New", languages: ["fr"]), serviceToken: Self.newToken))
        let refused = try api.handle("GET", "/shortcuts", headers: old)
        #expect(refused.deferred == nil && refused.status == 401, "the old token opened the list")
        let list = try api.handle("GET", "/shortcuts", headers: new + [("Accept-Language", "fr")])
        #expect(list.deferred == nil && list.status == 200, "the list was not answered from memory")
        let answered = TestResponse(list)
        #expect(answered.headers["Content-Language"] == "fr")
        #expect(Self.types(answered).first == "New", "\(answered.text)")
        let preview = try api.send("GET", "/shortcuts/preview.svg", headers: new + [("Accept-Language", "fr")])
        #expect(preview.status == 200 && preview.headers["Content-Language"] == "fr" && preview.text.contains("New (fr)"))
    }

    @Test(
        "With store workers, accounts: the old admin token is refused on the memory and the store path; a cached list is read again with the new setup",
        arguments: [false, true])
    func accountsWithStoreWorkers(adminTokenShapedLikeAnAccountToken: Bool) throws {
        let (oldAdmin, newAdmin) =
            adminTokenShapedLikeAnAccountToken ? (AccountToken.generate(), AccountToken.generate()) : (Self.oldToken, Self.newToken)
        let workers = StoreWorkers(threads: 2)
        defer { workers.stop() }
        let api = try APITestHarness(accounts: oldAdmin, workers: workers)
        let created = try api.send("POST", "/accounts", json: #"{"name":"Alice"}"#, headers: [("Authorization", "Bearer \(oldAdmin)")])
        let alice = [("Authorization", "Bearer \(try #require(try created.object()["token"]?.stringValue))")]
        #expect(try api.send("GET", "/shortcuts", headers: alice).status == 200)
        let cached = try api.handle("GET", "/shortcuts", headers: alice)
        #expect(cached.deferred == nil, "the list is not in memory")
        let oldETag = try #require(TestResponse(cached).headers["ETag"])

        api.settings.replace(with: ReloadableConfiguration(shortcuts: Self.setup("New"), adminToken: newAdmin))
        let refused = try api.handle("GET", "/accounts", headers: [("Authorization", "Bearer \(oldAdmin)")])
        // A token shaped like an account's is looked up in the store (by a worker); another is refused at once.
        #expect((refused.deferred != nil) == adminTokenShapedLikeAnAccountToken)
        #expect(try api.send("GET", "/accounts", headers: [("Authorization", "Bearer \(oldAdmin)")]).status == 401)
        #expect(try api.send("GET", "/accounts", headers: [("Authorization", "Bearer \(newAdmin)")]).status == 200)
        #expect(try api.handle("GET", "/shortcuts", headers: alice + [("If-None-Match", oldETag)]).deferred != nil, "the old list is still cached")
        let reread = try api.send("GET", "/shortcuts", headers: alice + [("If-None-Match", oldETag)])
        #expect(reread.status == 200 && Self.types(reread).first == "New", "\(reread.status) \(reread.text)")
        let fromMemory = try api.handle("GET", "/shortcuts", headers: alice)
        #expect(fromMemory.deferred == nil && Self.types(TestResponse(fromMemory)).first == "New")
    }

    /// The types of a list's items.
    static func types(_ response: TestResponse) -> [String] {
        guard case .array(let items)? = try? response.object()["items"] else { return [] }
        return items.compactMap { $0.objectValue?["type"]?.stringValue }
    }

    @Test("A request view replaced stays alive (requests read it unretained); a replacement that changes no token or language keeps it")
    func replacedRequestViewsStayAlive() {
        let settings = CurrentConfiguration(ReloadableConfiguration(shortcuts: Self.setup("A", languages: ["de"]), serviceToken: Self.oldToken))
        weak let first = settings.withRequestView { $0 }
        settings.replace(with: ReloadableConfiguration(shortcuts: Self.setup("B", languages: ["de"]), serviceToken: Self.oldToken))
        #expect(settings.viewCount == 1, "nothing a request reads changed")
        #expect(settings.withRequestView { $0 } === first)
        settings.replace(with: ReloadableConfiguration(shortcuts: Self.setup("B", languages: ["de"]), serviceToken: Self.newToken))
        #expect(settings.viewCount == 2)
        #expect(first != nil, "a view a request may still be reading was freed")
        #expect(settings.withRequestView { $0 } !== first)
        #expect(settings.negotiate(acceptLanguage: "de-CH") == "de")
    }

    @Test func observersAreToldEachReplacementInOrderWithTheSettingsBeforeAndAfter() {
        let settings = CurrentConfiguration(ReloadableConfiguration(serviceToken: "a"))
        let told = Mutex<[String]>([])
        settings.onReplace { old, new in told.withLock { $0.append("\(old.serviceToken ?? "-")→\(new.serviceToken ?? "-")") } }
        settings.replace(with: ReloadableConfiguration(serviceToken: "b"))
        settings.replace(with: ReloadableConfiguration(serviceToken: "c"))
        #expect(told.withLock { $0 } == ["a→b", "b→c"])
        #expect(settings.current.serviceToken == "c")
    }
}
