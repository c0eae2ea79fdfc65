import Foundation
import QuickActions
import Testing

@testable import QuickActionsAPI

/// `GET /shortcuts` for an app read from its source Info.plist and tables: the text iOS
/// shows for each `Accept-Language`, and the `Content-Language` naming the table it came from.
@Suite struct ShortcutLocalizationChainTests {
    /// A fixture of the QuickActions tests, from the source tree.
    static func fixture(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("QuickActionsTests/Fixtures/SourceApp/" + name).path
    }

    static let settings = BuildSettings([
        "PRODUCT_BUNDLE_IDENTIFIER": "org.example.Chirp", "PRODUCT_NAME": "Chirp Social",
        "SHORTCUT_PRIVATE_TAB_TITLE": "UIApplicationShortcutItemTitle.PrivateTab", "ICON_PREFIX": "chirp_",
    ])

    func harness(localizations: String?, settings: BuildSettings = Self.settings) throws -> APITestHarness {
        let configuration = try StaticShortcutConfiguration.load(path: Self.fixture("Info.plist"), buildSettings: settings)
        return try APITestHarness(
            builder: ShortcutItemBuilder(staticItems: configuration.staticItems),
            catalog: try localizations.map { try LocalizationCatalog.load(directory: Self.fixture($0)) }, appName: configuration.appName,
            baseLanguage: configuration.developmentRegion ?? "en", configurationWarnings: configuration.warnings)
    }

    func titles(_ response: TestResponse) throws -> [String] {
        guard case .array(let items)? = try response.object()["items"] else { return [] }
        return items.compactMap { $0.objectValue?["localizedTitle"]?.stringValue }
    }

    func warnings(_ response: TestResponse) throws -> [[String: JSONValue]] {
        guard case .array(let warnings)? = try response.object()["warnings"] else { return [] }
        return warnings.compactMap(\.objectValue)
    }

    @Test func noLanguageOrAnUnknownOneGetsTheDevelopmentRegionsTable() throws {
        let api = try harness(localizations: "Localizations")
        let plain = try api.send("GET", "/shortcuts")
        #expect(try titles(plain) == ["New Post", "Favourites", "New Private Tab"])
        #expect(plain.headers["Content-Language"] == "en")
        let polish = try api.send("GET", "/shortcuts", headers: [("Accept-Language", "pl")])
        #expect(try titles(polish) == ["New Post", "Favourites", "New Private Tab"])
        #expect(polish.headers["Content-Language"] == "en")
        #expect(polish.headers["ETag"] == plain.headers["ETag"], "the same text is the same representation")
        #expect(polish.headers["Vary"] == "Accept, Accept-Language")
        let revalidated = try api.send("GET", "/shortcuts", headers: [("Accept-Language", "pl"), ("If-None-Match", plain.headers["ETag"] ?? "")])
        #expect(revalidated.status == 304)
        #expect(revalidated.headers["Content-Language"] == "en")
        let french = try api.send("GET", "/shortcuts", headers: [("Accept-Language", "fr")])
        #expect(french.headers["Content-Language"] == "en", "fr.lproj/infoPlist.strings is skipped, as on iOS")
    }

    @Test func aTranslationNamesItselfAndItsFindings() throws {
        let api = try harness(localizations: "Localizations")
        let german = try api.send("GET", "/shortcuts", headers: [("Accept-Language", "de-AT, en;q=0.5")])
        #expect(german.headers["Content-Language"] == "de")
        #expect(try titles(german) == ["Einen neuen Beitrag verfassen", "shortcut_favourites", "Neuer privater Tab"])
        let findings = try warnings(german)
        let missing = try #require(findings.first { $0["rule"] == "missing-translation" })
        #expect(missing["language"] == "de")
        #expect(missing["index"] == nil)
        let long = try #require(findings.first { $0["rule"] == "title-too-long" })
        #expect(long["language"] == "de")
        #expect(long["index"] == 0)
        let english = try warnings(try api.send("GET", "/shortcuts"))
        #expect(!english.contains { $0["rule"] == "title-too-long" }, "the English text is short; the key is not judged")
        #expect(english.allSatisfy { $0["language"] == nil })
    }

    @Test func baseThenTheInfoPlistTextAreNamedByTheDevelopmentRegion() throws {
        let base = try harness(localizations: "BaseOnly").send("GET", "/shortcuts")
        #expect(try titles(base) == ["Write a Post", "Starred", "Private Tab"])
        #expect(base.headers["Content-Language"] == "en")
        let raw = try harness(localizations: nil).send("GET", "/shortcuts")
        #expect(try titles(raw) == ["NewPostShortcutItemTitle", "shortcut_favourites", "UIApplicationShortcutItemTitle.PrivateTab"])
        #expect(raw.headers["Content-Language"] == "en")
        let german = try harness(localizations: nil, settings: BuildSettings(Self.settings.values.merging(["DEVELOPMENT_LANGUAGE": "de"]) { $1 }))
        #expect(try german.send("GET", "/shortcuts").headers["Content-Language"] == "de")
    }

    @Test func aStringCatalogFallsBackToItsSourceLanguage() throws {
        let api = try harness(localizations: "Catalog")
        let japanese = try api.send("GET", "/shortcuts", headers: [("Accept-Language", "ja")])
        #expect(try titles(japanese) == ["New Post", "Favourites", "New Private Tab"])
        #expect(japanese.headers["Content-Language"] == "en")
        let german = try api.send("GET", "/shortcuts", headers: [("Accept-Language", "de")])
        #expect(try titles(german) == ["Neuer Beitrag", "Favoriten", "Neuer privater Tab"])
    }

    @Test func unexpandedSettingsAndEmptyValuesAreInEveryList() throws {
        let api = try harness(localizations: "Localizations", settings: BuildSettings())
        for target in ["/shortcuts", "/shortcuts?visible=true"] {
            let findings = try warnings(try api.send("GET", target, headers: [("Accept-Language", "de")]))
            let unexpanded = findings.filter { $0["rule"] == "unexpanded-build-setting" }
            #expect(unexpanded.count == 9)
            #expect(unexpanded.contains { $0["index"] == nil && $0["message"]?.stringValue?.hasPrefix("CFBundleDisplayName") == true })
            #expect(unexpanded.contains { $0["index"] == 0 && $0["type"] == "$(PRODUCT_BUNDLE_IDENTIFIER).NewPost" })
            #expect(findings.contains { $0["rule"] == "empty-value" && $0["index"] == 1 })
        }
    }

    @Test func aTriggerWithTheExpandedTypeIsAccepted() throws {
        let api = try harness(localizations: "Localizations")
        let response = try api.send("POST", "/trigger", json: #"{"type": "org.example.Chirp.NewPost"}"#)
        #expect(response.status == 200, "\(response.text)")
        #expect(try response.object()["message"] == "org.example.Chirp.NewPost triggered")
        try api.send("POST", "/trigger", json: #"{"type": "$(PRODUCT_BUNDLE_IDENTIFIER).NewPost"}"#).expectProblem(422)
    }
}
