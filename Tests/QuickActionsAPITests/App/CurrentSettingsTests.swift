import QuickActions
import Synchronization
import Testing

@testable import QuickActionsAPI

/// A replacement of the settings (what SIGHUP does) reaches everything that read them at
/// start-up: tokens, the list and its representations, negotiation, triggers, the preview page.
@Suite struct CurrentSettingsTests {
    static let oldToken = "old-token-0123456789"
    static let newToken = "new-token-0123456789"

    /// A setup with one static item of `type`, and a catalog of `languages` translating it.
    static func setup(_ type: String, languages: [String] = []) -> ShortcutSetup {
        let catalog = LocalizationCatalog(tables: Dictionary(uniqueKeysWithValues: languages.map { ($0, [type: "\(type) (\($0))"]) }))
        return ShortcutSetup(
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

        api.settings.replace(with: ServiceSettings(shortcuts: Self.setup("New", languages: ["fr"]), serviceToken: Self.newToken))
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
        api.settings.replace(with: ServiceSettings(shortcuts: api.settings.shortcuts, adminToken: Self.newToken))
        #expect(try api.send("GET", "/accounts", headers: [("Authorization", "Bearer \(Self.oldToken)")]).status == 401)
        #expect(try api.send("GET", "/accounts", headers: [("Authorization", "Bearer \(Self.newToken)")]).status == 200)
        #expect(try api.send("GET", "/contacts", headers: [("Authorization", "Bearer \(token)")]).status == 200)
    }

    @Test("A request view replaced stays alive (requests read it unretained); a replacement that changes no token or language keeps it")
    func replacedRequestViewsStayAlive() {
        let settings = CurrentSettings(ServiceSettings(shortcuts: Self.setup("A", languages: ["de"]), serviceToken: Self.oldToken))
        weak let first = settings.withRequestView { $0 }
        settings.replace(with: ServiceSettings(shortcuts: Self.setup("B", languages: ["de"]), serviceToken: Self.oldToken))
        #expect(settings.viewCount == 1, "nothing a request reads changed")
        #expect(settings.withRequestView { $0 } === first)
        settings.replace(with: ServiceSettings(shortcuts: Self.setup("B", languages: ["de"]), serviceToken: Self.newToken))
        #expect(settings.viewCount == 2)
        #expect(first != nil, "a view a request may still be reading was freed")
        #expect(settings.withRequestView { $0 } !== first)
        #expect(settings.negotiate(acceptLanguage: "de-CH") == "de")
    }

    @Test func observersAreToldEachReplacementInOrderWithTheSettingsBeforeAndAfter() {
        let settings = CurrentSettings(ServiceSettings(serviceToken: "a"))
        let told = Mutex<[String]>([])
        settings.onReplace { old, new in told.withLock { $0.append("\(old.serviceToken ?? "-")→\(new.serviceToken ?? "-")") } }
        settings.replace(with: ServiceSettings(serviceToken: "b"))
        settings.replace(with: ServiceSettings(serviceToken: "c"))
        #expect(told.withLock { $0 } == ["a→b", "b→c"])
        #expect(settings.current.serviceToken == "c")
    }
}
