import Foundation
import Glibc
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

    @Test("A translation file that is not a regular file, or is over the size limit, stops the load naming it; a malformed one is still skipped")
    func wrongFilesStopTheLoad() throws {
        let directory = try FixtureFiles.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        for language in ["de", "fr"] {
            try FileManager.default.createDirectory(atPath: "\(directory)/\(language).lproj", withIntermediateDirectories: true)
        }
        try Data(#""Search" = "Suchen""#.utf8).write(to: URL(fileURLWithPath: directory + "/de.lproj/InfoPlist.strings"))
        let fifo = directory + "/fr.lproj/InfoPlist.strings"
        #expect(mkfifo(fifo, 0o600) == 0)
        let refused = try #require(throws: LocalizationCatalogError.self) { try LocalizationCatalog.load(directory: directory) }
        #expect(refused.description == fifo + ": is a FIFO (named pipe), not a regular file")

        try FileManager.default.removeItem(atPath: fifo)
        try FileManager.default.createSymbolicLink(atPath: fifo, withDestinationPath: "/dev/zero")
        let device = try #require(throws: LocalizationCatalogError.self) { try LocalizationCatalog.load(directory: directory) }
        #expect(device.description == fifo + ": is a character device, not a regular file")

        try FileManager.default.removeItem(atPath: fifo)
        try Data(repeating: 0x20, count: FileContents.maximumBytes + 1).write(to: URL(fileURLWithPath: fifo))
        let large = try #require(throws: LocalizationCatalogError.self) { try LocalizationCatalog.load(directory: directory) }
        #expect(large.path == fifo)
        #expect(large.reason.hasSuffix("larger than the 8 MiB an input file may be"), "\(large.reason)")

        // What iOS would skip is still skipped: the malformed German table.
        try FileManager.default.removeItem(atPath: fifo)
        let catalog = try LocalizationCatalog.load(directory: directory)
        #expect(catalog.skippedFiles.map(\.path) == [directory + "/de.lproj/InfoPlist.strings"])

        let catalogFIFO = directory + "/InfoPlist.xcstrings"
        #expect(mkfifo(catalogFIFO, 0o600) == 0)
        for path in [directory, catalogFIFO] {
            let refusedCatalog = try #require(throws: LocalizationCatalogError.self) { try LocalizationCatalog.load(directory: path) }
            #expect(refusedCatalog.description == catalogFIFO + ": is a FIFO (named pipe), not a regular file")
        }
    }
}
