import Foundation
import TestSupport
import Testing

/// The real binary on the `SourceApp` fixture: a source Info.plist shaped like a real app's,
/// with its `.lproj` tables, `Base.lproj` and a String Catalog.
@Suite struct SourceInfoPlistEndToEndTests {
    /// A file under `Tests/QuickActionsTests/Fixtures/SourceApp`, from the source tree.
    static func sourceApp(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("QuickActionsTests/Fixtures/SourceApp/" + name).path
    }

    static let buildSettings = [
        "--build-setting", "PRODUCT_BUNDLE_IDENTIFIER=org.example.Chirp", "--build-setting", "PRODUCT_NAME=Chirp Social",
        "--build-setting", "SHORTCUT_PRIVATE_TAB_TITLE=UIApplicationShortcutItemTitle.PrivateTab", "--build-setting", "ICON_PREFIX=chirp_",
    ]

    func list(_ server: ServerProcess, _ language: String?) throws -> (
        titles: [String], icons: [[String: String]?], language: String?, warnings: [[String: Any]]
    ) {
        let response = try server.request("GET", "/shortcuts", headers: language.map { [("Accept-Language", $0)] } ?? [])
        try #require(response.status == 200, "\(response.status) \(response.text)")
        // Read untyped: the first item's userInfo has an integer TabIndex, as real apps' do.
        let body = try response.jsonObject()
        let items = try #require(body["items"] as? [[String: Any]])
        let warnings = try #require(body["warnings"] as? [[String: Any]])
        #expect(items.first?["userInfo"] as? NSDictionary == ["TabIndex": 2, "source": "org.example.chirp.shortcut", "scheme": "chirp-social"])
        return (
            items.compactMap { $0["localizedTitle"] as? String }, items.map { $0["icon"] as? [String: String] }, response.header("Content-Language"),
            warnings
        )
    }

    @Test("Development-region text without Accept-Language or with one the app lacks; de names itself; an empty icon file starts")
    func localizationChain() throws {
        let server = try ServerProcess(
            arguments: ["--no-seed", "--shortcuts", Self.sourceApp("Info.plist"), "--localizations", Self.sourceApp("Localizations")]
                + Self.buildSettings)
        defer { server.stop() }
        let plain = try list(server, nil)
        #expect(plain.titles == ["New Post", "Favourites", "New Private Tab"])
        #expect(plain.language == "en")
        #expect(plain.icons[1] == ["type": "favorite"], "the empty icon file is absent: the icon type shows")
        #expect(plain.warnings.contains { $0["rule"] as? String == "empty-value" && $0["index"] as? Int == 1 })
        let polish = try list(server, "pl")
        #expect(polish.titles == plain.titles)
        #expect(polish.language == "en")
        let german = try list(server, "de")
        #expect(german.titles == ["Einen neuen Beitrag verfassen", "shortcut_favourites", "Neuer privater Tab"])
        #expect(german.language == "de")
        #expect(german.warnings.contains { $0["rule"] as? String == "missing-translation" && $0["language"] as? String == "de" })
        #expect(german.warnings.contains { $0["rule"] as? String == "title-too-long" && $0["language"] as? String == "de" })

        let trigger = try server.request("POST", "/trigger", json: #"{"type": "org.example.Chirp.Favourites"}"#)
        #expect(trigger.status == 200, "\(trigger.text)")
        let log = try server.standardError()
        #expect(log.contains(Self.sourceApp("Localizations/fr.lproj/infoPlist.strings")))
        #expect(log.contains("\"rule\":\"empty-value\""))
    }

    @Test("Base.lproj when the development region has no table; a String Catalog given as its file falls back to its source language")
    func baseAndStringCatalog() throws {
        let base = try ServerProcess(
            arguments: ["--no-seed", "--shortcuts", Self.sourceApp("Info.plist"), "--localizations", Self.sourceApp("BaseOnly")] + Self.buildSettings)
        defer { base.stop() }
        let fromBase = try list(base, "ja")
        #expect(fromBase.titles == ["Write a Post", "Starred", "Private Tab"])
        #expect(fromBase.language == "en", "Base is named by the development region")

        let catalog = try ServerProcess(
            arguments: [
                "--no-seed", "--shortcuts", Self.sourceApp("Info.plist"), "--localizations", Self.sourceApp("Catalog/Resources/InfoPlist.xcstrings"),
            ] + Self.buildSettings)
        defer { catalog.stop() }
        let japanese = try list(catalog, "ja")
        #expect(japanese.titles == ["New Post", "Favourites", "New Private Tab"])
        #expect(japanese.language == "en")
        let german = try list(catalog, "de-CH")
        #expect(german.titles == ["Neuer Beitrag", "Favoriten", "Neuer privater Tab"])
        #expect(german.language == "de")
    }
}
