import Foundation
import Glibc
import TestSupport
import Testing

/// The real binary on real apps' source Info.plists (see
/// `Tests/QuickActionsTests/Fixtures/RealApps/SOURCES.md`), as an iOS developer tries it.
@Suite struct RealInfoPlistEndToEndTests {
    /// A file under `Tests/QuickActionsTests/Fixtures/RealApps`, from the source tree.
    static func realApp(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("QuickActionsTests/Fixtures/RealApps/" + name).path
    }

    /// The static items of `GET /shortcuts` (with `Accept-Language` when given), its
    /// Content-Language and its warnings.
    func staticList(_ server: ServerProcess, language: String? = nil) throws -> (
        types: [String], titles: [String], contentLanguage: String?, warnings: [[String: Any]]
    ) {
        let response = try server.request("GET", "/shortcuts", headers: language.map { [("Accept-Language", $0)] } ?? [])
        try #require(response.status == 200, "\(response.status) \(response.text)")
        let items = try response.decode(ShortcutListBody.self).items.filter { $0.kind == "static" }
        let warnings = try #require(try response.jsonObject()["warnings"] as? [[String: Any]])
        return (items.map(\.type), items.map(\.localizedTitle), response.header("Content-Language"), warnings)
    }

    @Test("Firefox's Info.plist with --build-setting: the types iOS delivers, and a trigger with one is accepted")
    func firefoxExpandedTypesAreTriggered() throws {
        let server = try ServerProcess(arguments: [
            "--no-seed", "--shortcuts", Self.realApp("Firefox/Info.plist"), "--build-setting", "PRODUCT_BUNDLE_IDENTIFIER=org.mozilla.ios.Firefox",
            "--build-setting=MOZ_BUNDLE_DISPLAY_NAME=Firefox",
        ])
        defer { server.stop() }
        let list = try staticList(server)
        #expect(list.types == ["org.mozilla.ios.Firefox.NewTab", "org.mozilla.ios.Firefox.NewPrivateTab"])
        #expect(list.titles == ["New Tab", "New Private Tab"])
        #expect(list.contentLanguage == "en", "$(DEVELOPMENT_LANGUAGE) is en")
        #expect(list.warnings.isEmpty, "\(list.warnings)")

        let trigger = try server.request("POST", "/trigger", json: #"{"type": "org.mozilla.ios.Firefox.NewTab", "launch": "cold"}"#)
        #expect(trigger.status == 200, "\(trigger.text)")
        #expect(try trigger.decode(TriggerResultBody.self).message == "org.mozilla.ios.Firefox.NewTab triggered")
        let literal = try server.request("POST", "/trigger", json: #"{"type": "$(PRODUCT_BUNDLE_IDENTIFIER).NewTab"}"#)
        try Expect.problem(literal, 422)
    }

    @Test("Without the settings it still starts, and says which variables and flags are missing, in warnings and the log")
    func firefoxUnexpandedIsAWarning() throws {
        let server = try ServerProcess(arguments: ["--no-seed", "--shortcuts", Self.realApp("Firefox/Info.plist")])
        defer { server.stop() }
        let list = try staticList(server)
        #expect(list.types == ["$(PRODUCT_BUNDLE_IDENTIFIER).NewTab", "$(PRODUCT_BUNDLE_IDENTIFIER).NewPrivateTab"])
        let unexpanded = list.warnings.filter { $0["rule"] as? String == "unexpanded-build-setting" }
        #expect(unexpanded.count == 4, "two types, CFBundleDisplayName and CFBundleName: \(unexpanded)")
        #expect(unexpanded.contains { ($0["message"] as? String)?.contains("pass --build-setting PRODUCT_BUNDLE_IDENTIFIER=VALUE") == true })
        #expect(unexpanded.contains { $0["index"] == nil && ($0["message"] as? String)?.contains("MOZ_BUNDLE_DISPLAY_NAME") == true })
        let log = try server.standardError()
        #expect(log.contains("unexpanded-build-setting"))
        #expect(log.contains("pass --build-setting PRODUCT_BUNDLE_IDENTIFIER=VALUE"))
    }

    @Test("Mastodon: a lower-case infoPlist.strings is skipped and logged; fr is read; an unknown language gets the development region")
    func mastodonLocalizations() throws {
        let server = try ServerProcess(arguments: [
            "--no-seed", "--shortcuts", Self.realApp("Mastodon/Info.plist"), "--localizations", Self.realApp("Mastodon"),
        ])
        defer { server.stop() }
        let french = try staticList(server, language: "fr-CA, en;q=0.3")
        #expect(french.titles == ["Nouvelle Publication", "Rechercher"])
        #expect(french.contentLanguage == "fr")
        let german = try staticList(server, language: "de")
        #expect(german.contentLanguage == "en", "de.lproj/infoPlist.strings is not read on iOS either")
        // This era's en table lacks the shortcut keys: iOS shows the keys, and the list says why.
        #expect(german.titles == ["NewPostShortcutItemTitle", "SearchShortcutItemTitle"])
        #expect(german.warnings.contains { $0["rule"] as? String == "missing-translation" && $0["language"] as? String == "en" })
        let log = try server.standardError()
        #expect(log.contains("translation file skipped"))
        #expect(log.contains("Mastodon/de.lproj/infoPlist.strings"))
    }

    @Test("quickactiond lint on real files: findings on the text and with the settings applied")
    func lintOnRealFiles() throws {
        let focus = try Self.runLint([Self.realApp("Focus/Info.plist")])
        #expect(focus.status == 0)
        #expect(focus.output.contains("unexpanded-build-setting: UIApplicationShortcutItemType \"$(PRODUCT_BUNDLE_IDENTIFIER).EraseAndOpen\""))
        #expect(focus.output.contains("pass --build-setting PRODUCT_BUNDLE_IDENTIFIER=VALUE"))

        let duckDuckGo = try Self.runLint([Self.realApp("DuckDuckGo/Info.plist"), "--build-setting", "PRODUCT_NAME=DuckDuckGo"])
        #expect(duckDuckGo.status == 0)
        #expect(duckDuckGo.output == "no warnings (1 static item(s))\n", "CFBundleDisplayName $(PRODUCT_NAME) expands")

        let mastodon = try Self.runLint([Self.realApp("Mastodon/Info.plist"), "--localizations", Self.realApp("Mastodon")])
        #expect(mastodon.status == 0)
        #expect(mastodon.output.contains(Self.realApp("Mastodon/de.lproj/infoPlist.strings") + ": skipped: "))
        #expect(mastodon.output.contains("[en]: missing-translation: the en table has no entry for \"NewPostShortcutItemTitle\""))

        let badFlag = try Self.runLint([Self.realApp("Focus/Info.plist"), "--build-setting", "NO_EQUALS_SIGN"])
        #expect(badFlag.status == 2)
    }

    /// Runs `quickactiond lint <arguments>` to its end; returns its status and stdout + stderr.
    static func runLint(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let directory = try TemporaryDirectory()
        let outputPath = directory.path("lint.log")
        guard FileManager.default.createFile(atPath: outputPath, contents: nil) else { throw EndToEndError("cannot create \(outputPath)") }
        guard
            let exit = try ChildProcess.run(
                try ServerProcess.binary().path, ["lint"] + arguments, output: .file(outputPath), error: .output, seconds: 10)
        else { throw EndToEndError("lint did not finish within 10 s") }
        guard case .exited(let status) = exit else { throw EndToEndError("lint ended with \(exit)") }
        return (status, try String(contentsOfFile: outputPath, encoding: .utf8))
    }
}
