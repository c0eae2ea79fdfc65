import Foundation
import QuickActions
import Testing

@testable import QuickActionsAPI

@Suite struct ShortcutNegotiationTests {
    static let catalog = LocalizationCatalog(tables: [
        "fr": ["Search": "Rechercher", "Search for an item": "Rechercher un élément", "Share": "Partager"],
        "de": ["Search": "Suchen"],
    ])

    @Test(
        arguments: [
            (nil, ShortcutRepresentationKey.Format.json), ("", .json), ("*/*", .json), ("application/json", .json),
            ("application/x-plist", .propertyList), ("application/x-plist, application/json;q=0.5", .propertyList),
            ("application/json;q=0.2, application/x-plist;q=0.9", .propertyList), ("application/*", .json),
            ("text/html, */*;q=0.1", .json),
        ] as [(String?, ShortcutRepresentationKey.Format)])
    func acceptPicksTheFormat(accept: String?, format: ShortcutRepresentationKey.Format) {
        #expect(ShortcutsController.format(accept: accept) == format)
    }

    @Test(arguments: ["text/html", "application/json;q=0, application/x-plist;q=0", "image/*"])
    func acceptAllowingNeitherIs406(accept: String) throws {
        #expect(ShortcutsController.format(accept: accept) == nil)
        try APITestHarness().send("GET", "/shortcuts", headers: [("Accept", accept)]).expectProblem(406)
    }

    @Test func propertyListParsesBackWithTheInfoPlistKeys() throws {
        let api = try APITestHarness(seed: true)
        let response = try api.send("GET", "/shortcuts", headers: [("Accept", "application/x-plist")])
        #expect(response.status == 200)
        #expect(response.headers["Content-Type"] == "application/x-plist")
        let root = try #require(try PropertyListSerialization.propertyList(from: Data(response.body), format: nil) as? [String: Any])
        let items = try #require(root["UIApplicationShortcutItems"] as? [[String: Any]])
        #expect(items.count == 4)
        #expect(items[0]["UIApplicationShortcutItemType"] as? String == "SearchAction")
        #expect(items[0]["UIApplicationShortcutItemIconType"] as? String == "UIApplicationShortcutIconTypeSearch")
        #expect(items[2]["UIApplicationShortcutItemTitle"] as? String == "Ada Lovelace")
        #expect(items[2]["UIApplicationShortcutItemIconType"] as? String == "UIApplicationShortcutIconTypeContact")
        let userInfo = try #require(items[2]["UIApplicationShortcutItemUserInfo"] as? [String: Any])
        #expect(userInfo["Name"] as? String == "Ada Lovelace")
        #expect(response.headers["ETag"] != (try api.send("GET", "/shortcuts").headers["ETag"]))
    }

    @Test func acceptLanguageTranslatesStaticItemsOnly() throws {
        let api = try APITestHarness(seed: true, catalog: Self.catalog)
        let french = try api.send("GET", "/shortcuts", headers: [("Accept-Language", "fr-CH, de;q=0.8")])
        #expect(french.headers["Content-Language"] == "fr")
        #expect(french.headers["Vary"] == "Accept, Accept-Language")
        guard case .array(let items)? = try french.object()["items"] else { Issue.record("no items"); return }
        let titles = items.compactMap { $0.objectValue?["localizedTitle"]?.stringValue }
        #expect(titles == ["Rechercher", "Partager", "Ada Lovelace", "Grace Hopper"])
        #expect(items[1].objectValue?["localizedSubtitle"] == "Share an item")  // no translation: Info.plist text

        let german = try api.send("GET", "/shortcuts", headers: [("Accept-Language", "de-DE")])
        #expect(german.headers["Content-Language"] == "de")
        let none = try api.send("GET", "/shortcuts", headers: [("Accept-Language", "ja")])
        #expect(try none.object()["items"]?.arrayFirstTitle == "Search")
        #expect(Set([french.headers["ETag"], german.headers["ETag"], none.headers["ETag"]]).count == 3)
        #expect(
            try api.send("GET", "/shortcuts", headers: [("Accept-Language", "fr"), ("If-None-Match", french.headers["ETag"] ?? "")]).status == 304)
    }

    @Test func warningsFlagHIGProblems() throws {
        let builder = ShortcutItemBuilder(staticItems: [
            ShortcutItem(type: "A", localizedTitle: "Open Contacts Plus now please", kind: .static),
            ShortcutItem(type: "B", localizedTitle: "New 🎉", kind: .static),
        ])
        let api = try APITestHarness(builder: builder, appName: "Contacts Plus")
        guard case .array(let warnings)? = try api.send("GET", "/shortcuts").object()["warnings"] else { Issue.record("no warnings"); return }
        let rules = warnings.compactMap { $0.objectValue?["rule"]?.stringValue }
        #expect(rules.contains("title-too-long"))
        #expect(rules.contains("app-name-in-title"))
        #expect(rules.contains("emoji"))
        #expect(warnings.first?.objectValue?["index"] == 0)
    }

    @Test func versionIsStableForTheSameList() throws {
        let first = try APITestHarness(seed: false).send("GET", "/shortcuts")
        let second = try APITestHarness(seed: false).send("GET", "/shortcuts")
        #expect(first.headers["ETag"] == second.headers["ETag"])
        #expect(first.body == second.body)
    }
}

extension JSONValue {
    fileprivate var arrayFirstTitle: String? {
        if case .array(let items) = self { return items.first?.objectValue?["localizedTitle"]?.stringValue }
        return nil
    }
}
