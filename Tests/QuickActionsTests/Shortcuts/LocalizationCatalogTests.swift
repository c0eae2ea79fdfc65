import Foundation
import Testing

@testable import QuickActions

@Suite struct LocalizationCatalogTests {
    func sampleCatalog() throws -> LocalizationCatalog {
        try LocalizationCatalog.load(directory: try FixtureFiles.path("Localizations"))
    }

    @Test func readsEveryLanguageInEveryEncoding() throws {
        let catalog = try sampleCatalog()
        #expect(catalog.languages == ["de", "fr", "pt-BR", "zh-Hans"], "Base.lproj is apart, and en.lproj has no InfoPlist.strings")
        #expect(catalog.baseTable == ["Search": "Base search"])
        #expect(catalog.skippedFiles.isEmpty)
        #expect(
            catalog.tables["fr"] == [
                "CFBundleDisplayName": "Contacts Rapides", "Search": "Rechercher", "Search for an item": "Rechercher un élément",
                "Share": "Partager", "Share an item": "Partager un \"élément\"",
            ], "UTF-16 LE with BOM")
        #expect(catalog.tables["de"] == ["Search": "Suchen", "Share": "Teilen", "Search for an item": "Nach einem Eintrag\tsuchen"], "UTF-8")
        #expect(catalog.tables["pt-BR"] == ["Search": "Buscar", "Share": "Compartilhar"], "UTF-8 with BOM, pt_BR.lproj read as pt-BR")
        #expect(catalog.tables["zh-Hans"] == ["Search": "搜索", "Share": "分享"], "UTF-16 BE with BOM, \\U escapes")
        #expect(catalog.table(for: "PT-br") == catalog.tables["pt-BR"])
        #expect(catalog.table(for: "es") == nil)
    }

    @Test func aMalformedFileIsSkippedAndNamedWithItsLine() throws {
        // iOS ignores a strings file it cannot parse; so do we, and say so with the file and line.
        let directory = try FixtureFiles.path("BadLocalizations")
        let catalog = try LocalizationCatalog.load(directory: directory)
        #expect(catalog.languages.isEmpty)
        #expect(
            catalog.skippedFiles == [
                SkippedLocalizationFile(
                    path: directory + "/es.lproj/InfoPlist.strings", reason: "line 4: missing ';' after the entry for key \"Share\"")
            ])
        #expect(
            catalog.skippedFiles.first?.description
                == "\(directory)/es.lproj/InfoPlist.strings: skipped: line 4: missing ';' after the entry for key \"Share\"")
        let error = try #require(throws: LocalizationCatalogError.self) {
            try LocalizationCatalog.readTable(path: directory + "/es.lproj/InfoPlist.strings")
        }
        #expect(error.line == 4)
    }

    @Test func errorsNameAMissingDirectory() throws {
        let directory = try FixtureFiles.path("NoSuchDirectory")
        let error = try #require(throws: LocalizationCatalogError.self) { try LocalizationCatalog.load(directory: directory) }
        #expect(error.path == directory)
        #expect(error.description == directory + ": does not exist")
        let file = try FixtureFiles.path("Info.plist")
        let notDirectory = try #require(throws: LocalizationCatalogError.self) { try LocalizationCatalog.load(directory: file) }
        #expect(notDirectory.description == file + ": is a file, not a directory")
    }

    @Test func refusesTwoDirectoriesForOneLanguage() throws {
        let directory = try FixtureFiles.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        for name in ["zh_CN.lproj", "zh-CN.lproj"] {
            try FileManager.default.createDirectory(atPath: directory + "/" + name, withIntermediateDirectories: true)
            try Data("\"a\" = \"b\";".utf8).write(to: URL(fileURLWithPath: directory + "/" + name + "/InfoPlist.strings"))
        }
        let error = try #require(throws: LocalizationCatalogError.self) { try LocalizationCatalog.load(directory: directory) }
        #expect(error.description == "\(directory)/zh_CN.lproj: names the same language as zh-CN.lproj")
    }

    @Test func languageTagsComeFromLprojNames() {
        #expect(LocalizationCatalog.languageTag(forDirectoryName: "fr.lproj") == "fr")
        #expect(LocalizationCatalog.languageTag(forDirectoryName: "fr-CA.lproj") == "fr-CA")
        #expect(LocalizationCatalog.languageTag(forDirectoryName: "zh_Hant_TW.lproj") == "zh-Hant-TW")
        #expect(LocalizationCatalog.languageTag(forDirectoryName: "Base.lproj") == nil)
        #expect(LocalizationCatalog.languageTag(forDirectoryName: "fr") == nil)
        #expect(LocalizationCatalog.languageTag(forDirectoryName: ".lproj") == nil)
        #expect(LocalizationCatalog.languageTag(forDirectoryName: "a b.lproj") == nil)
    }

    @Test func translatesStaticTitlesAndSubtitlesOnly() throws {
        let catalog = try sampleCatalog()
        let favorite = ShortcutItem(type: "FavoriteAction", localizedTitle: "Search", localizedSubtitle: "Share", kind: .dynamic)
        let items = ShortcutItemBuilder.defaultStaticItems + [favorite]

        let french = catalog.localized(items, language: "fr")
        #expect(french.map(\.localizedTitle) == ["Rechercher", "Partager", "Search"])
        #expect(french.map(\.localizedSubtitle) == ["Rechercher un élément", "Partager un \"élément\"", "Share"])
        #expect(french[0].type == "SearchAction" && french[0].icon == .type(.search), "only the text changes")

        let german = catalog.localized(items, language: "DE")
        #expect(german.map(\.localizedTitle) == ["Suchen", "Teilen", "Search"])
        #expect(german.map(\.localizedSubtitle) == ["Nach einem Eintrag\tsuchen", "Share an item", "Share"], "a missing key keeps the text")

        #expect(catalog.localized(items, language: nil) == items)
        #expect(catalog.localized(items, language: "ja") == items)
    }

    @Test func theChainIsRequestedThenDevelopmentRegionThenBaseThenTheInfoPlistText() throws {
        let en = ["NewPostShortcutItemTitle": "New Post"]
        let de = ["NewPostShortcutItemTitle": "Neuer Beitrag"]
        let base = ["NewPostShortcutItemTitle": "Write a Post"]
        let full = LocalizationCatalog(tables: ["en": en, "de": de], baseTable: base)
        #expect(full.resolve(negotiated: "de", developmentRegion: "en") == ("de", de))
        #expect(full.resolve(negotiated: nil, developmentRegion: "en") == ("en", en), "no match (pl): the development region's table")
        #expect(full.resolve(negotiated: nil, developmentRegion: "en-GB") == ("en", en), "lookup, as for requests")
        let baseOnly = LocalizationCatalog(tables: ["de": de], baseTable: base)
        #expect(baseOnly.resolve(negotiated: nil, developmentRegion: "en") == ("en", base), "Base, named by the development region")
        let none = LocalizationCatalog(tables: ["de": de])
        #expect(none.resolve(negotiated: nil, developmentRegion: "en") == ("en", nil), "the Info.plist's own text")
        #expect(LocalizationCatalog(tables: [:]).resolve(negotiated: nil, developmentRegion: "fr") == ("fr", nil))
    }

    @Test func aStringCatalogFallsBackToItsSourceLanguage() {
        let catalog = LocalizationCatalog(tables: ["de": ["A": "Ä"], "en-GB": ["A": "Aa"]], sourceLanguage: "en-GB")
        #expect(catalog.resolve(negotiated: nil, developmentRegion: "fr") == ("en-GB", ["A": "Aa"]))
        #expect(catalog.resolve(negotiated: "de", developmentRegion: "fr") == ("de", ["A": "Ä"]))
    }

    @Test func theSourceAppResolvesAsIOSWould() throws {
        let items = try SourceAppFixture.configuration().staticItems
        let catalog = try LocalizationCatalog.load(directory: try FixtureFiles.path("SourceApp/Localizations"))
        func titles(_ acceptLanguage: String?) -> (String, [String]) {
            let resolved = catalog.resolve(negotiated: catalog.negotiate(acceptLanguage: acceptLanguage), developmentRegion: "en")
            return (resolved.language, LocalizationCatalog.localized(items, table: resolved.table).map(\.localizedTitle))
        }
        #expect(titles(nil) == ("en", ["New Post", "Favourites", "New Private Tab"]))
        #expect(titles("pl") == ("en", ["New Post", "Favourites", "New Private Tab"]))
        #expect(titles("de-AT, en;q=0.5") == ("de", ["Einen neuen Beitrag verfassen", "shortcut_favourites", "Neuer privater Tab"]))
        #expect(titles("fr") == ("en", ["New Post", "Favourites", "New Private Tab"]), "fr's file is infoPlist.strings: skipped")
        let baseOnly = try LocalizationCatalog.load(directory: try FixtureFiles.path("SourceApp/BaseOnly"))
        let base = baseOnly.resolve(negotiated: nil, developmentRegion: "en")
        #expect(base.language == "en")
        #expect(LocalizationCatalog.localized(items, table: base.table).map(\.localizedTitle) == ["Write a Post", "Starred", "Private Tab"])
    }
}
