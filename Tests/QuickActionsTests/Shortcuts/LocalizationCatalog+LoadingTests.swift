import Foundation
import Testing

@testable import QuickActions

@Suite struct LocalizationCatalogLoadingTests {
    @Test func readsLanguagesBaseAndSkipsALowerCaseFileName() throws {
        let directory = try FixtureFiles.path("SourceApp/Localizations")
        let catalog = try LocalizationCatalog.load(directory: directory)
        #expect(catalog.languages == ["de", "en"])
        #expect(catalog.baseTable == ["NewPostShortcutItemTitle": "Base: Write a Post"])
        #expect(catalog.sourceLanguage == nil)
        #expect(catalog.skippedFiles.map(\.path) == [directory + "/fr.lproj/infoPlist.strings"])
        #expect(catalog.skippedFiles.first?.reason.contains("named exactly InfoPlist.strings") == true)
    }

    @Test func findsAStringCatalogAnywhereInsideOrGivenItself() throws {
        let directory = try FixtureFiles.path("SourceApp/Catalog")
        let catalog = try LocalizationCatalog.load(directory: directory)
        #expect(catalog.languages == ["de", "en"])
        #expect(catalog.sourceLanguage == "en")
        #expect(catalog.tables["de"]?["NewPostShortcutItemTitle"] == "Neuer Beitrag")
        let file = try LocalizationCatalog.load(directory: directory + "/Resources/InfoPlist.xcstrings")
        #expect(file == catalog)
    }

    @Test func aMalformedCatalogIsReportedNotFatal() throws {
        let directory = try FixtureFiles.path("SourceApp/BadCatalog")
        let catalog = try LocalizationCatalog.load(directory: directory)
        #expect(catalog.tables.isEmpty)
        #expect(catalog.skippedFiles.count == 1)
        #expect(catalog.skippedFiles.first?.description.hasPrefix(directory + "/InfoPlist.xcstrings: skipped: is not valid JSON") == true)
    }

    @Test func theCatalogWinsOverALprojTableOfTheSameLanguage() throws {
        let directory = try FixtureFiles.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        for (path, text) in [
            ("de.lproj/InfoPlist.strings", #""Search" = "Suche (alt)";"#), ("fr.lproj/InfoPlist.strings", #""Search" = "Rechercher";"#),
            (
                "App/InfoPlist.xcstrings",
                #"{"sourceLanguage": "en", "strings": {"Search": {"localizations": {"de": {"stringUnit": {"value": "Suchen"}}}}}}"#
            ),
            ("Widget/InfoPlist.xcstrings", #"{"sourceLanguage": "en"}"#), ("Other/infoplist.xcstrings", "{}"),
        ] {
            let file = directory + "/" + path
            try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        }
        let catalog = try LocalizationCatalog.load(directory: directory)
        #expect(catalog.tables == ["de": ["Search": "Suchen"], "en": ["Search": "Search"], "fr": ["Search": "Rechercher"]])
        #expect(
            catalog.skippedFiles.map(\.path).sorted()
                == [
                    directory + "/Other/infoplist.xcstrings", directory + "/Widget/InfoPlist.xcstrings", directory + "/de.lproj/InfoPlist.strings",
                ].sorted())
    }

    @Test func aCaseVariantBesideTheRealFileIsReportedToo() throws {
        let directory = try FixtureFiles.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory + "/de.lproj", withIntermediateDirectories: true)
        try Data(#""Search" = "Suchen";"#.utf8).write(to: URL(fileURLWithPath: directory + "/de.lproj/InfoPlist.strings"))
        try Data(#""Search" = "Suche";"#.utf8).write(to: URL(fileURLWithPath: directory + "/de.lproj/infoplist.strings"))
        let catalog = try LocalizationCatalog.load(directory: directory)
        #expect(catalog.tables == ["de": ["Search": "Suchen"]])
        #expect(catalog.skippedFiles.map(\.path) == [directory + "/de.lproj/infoplist.strings"])
    }
}
