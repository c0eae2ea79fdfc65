import Testing

@testable import QuickActions

@Suite struct StringCatalogTests {
    @Test func readsTheSourceLanguageAndEachTranslation() throws {
        let catalog = try StringCatalog.parse(try FixtureFiles.bytes("SourceApp/Catalog/Resources/InfoPlist.xcstrings"))
        #expect(catalog.sourceLanguage == "en")
        #expect(catalog.tables.keys.sorted() == ["de", "en"])
        #expect(catalog.tables["en"]?["NewPostShortcutItemTitle"] == "New Post")
        #expect(catalog.tables["en"]?["shortcut_favourites_subtitle"] == "Your starred posts")
        #expect(catalog.tables["de"]?["shortcut_favourites"] == "Favoriten")
        #expect(catalog.tables["de"]?["UIApplicationShortcutItemTitle.PrivateTab"] == "Neuer privater Tab", "any state is read")
        #expect(catalog.tables["de"]?["shortcut_favourites_subtitle"] == nil, "not translated: missing from de")
    }

    @Test func readsARealAppsCatalog() throws {
        // rime/squirrel's InfoPlist.xcstrings, as Xcode wrote it (see RealApps/SOURCES.md).
        let catalog = try StringCatalog.parse(try FixtureFiles.bytes("RealApps/Squirrel/InfoPlist.xcstrings"))
        #expect(catalog.sourceLanguage == "en")
        #expect(catalog.tables.keys.sorted() == ["en", "zh-Hans", "zh-Hant"])
        #expect(catalog.tables["en"]?["CFBundleName"] == "Squirrel", "a `new` unit is read too")
        #expect(catalog.tables["zh-Hant"]?["CFBundleDisplayName"] == "鼠鬚管")
        #expect(catalog.tables["zh-Hans"]?["NSHumanReadableCopyright"] == "式恕堂 版权所无")
        #expect(catalog.tables["en"]?.count == 6)
    }

    @Test func aSourceKeyWithoutValueStandsForItselfAndVariationsAreSkipped() throws {
        let json = """
            {"sourceLanguage": "pt_BR", "strings": {
              "Search": {},
              "Items": {"localizations": {
                "pt_BR": {"variations": {"plural": {"one": {"stringUnit": {"state": "translated", "value": "Item"}}}}},
                "fr": {"stringUnit": {"state": "translated", "value": "Éléments"}}}}},
             "version": "1.0"}
            """
        let catalog = try StringCatalog.parse(Array(json.utf8))
        #expect(catalog.sourceLanguage == "pt-BR")
        #expect(catalog.tables["pt-BR"] == ["Search": "Search", "Items": "Items"])
        #expect(catalog.tables["fr"] == ["Items": "Éléments"])
    }

    @Test(arguments: [
        ("", "is not valid JSON"),
        ("{\"sourceLanguage\": \"en\", \"strings\": {", "is not valid JSON"),
        ("[]", "has a JSON array at its root, not an object"),
        ("{\"strings\": {}}", "has no \"sourceLanguage\" string"),
        ("{\"sourceLanguage\": \"en us\"}", "\"sourceLanguage\" \"en us\" is not a language tag"),
        ("{\"sourceLanguage\": \"en\", \"strings\": []}", "\"strings\" is a JSON array, not an object"),
        ("{\"sourceLanguage\": \"en\", \"strings\": {\"a\": 1}}", "the entry for key \"a\" is a JSON number, not an object"),
        ("{\"sourceLanguage\": \"en\", \"strings\": {\"a\": {\"localizations\": \"x\"}}}", "\"localizations\" of key \"a\" is a JSON string"),
        ("{\"sourceLanguage\": \"en\", \"strings\": {\"a\": {\"localizations\": {\"../x\": {}}}}}", "has a localization \"../x\" that is not"),
    ])
    func malformedCatalogsAreRefusedWithAReason(json: String, reason: String) {
        let failure = #expect(throws: StringCatalog.Failure.self) { try StringCatalog.parse(Array(json.utf8)) }
        #expect(failure?.reason.contains(reason) == true, "\(failure?.reason ?? "no failure")")
    }
}
