import Foundation
import Testing

@testable import QuickActions

@Suite struct ShortcutLintReportTests {
    @Test func reportsBaseAndLanguageFindingsAndExitsZero() throws {
        let plist = try FixtureFiles.path("Lint.plist")
        let result = ShortcutLintReport.lint(
            infoPlistPath: plist, localizationsDirectory: try FixtureFiles.path("LintLocalizations"), appName: nil)
        #expect(result.exitCode == 0, "warnings are not failures")
        let truncates = "the Home Screen truncates titles longer than 25"
        let neverShows = "the Home Screen never shows it, and with 4 or more static items no dynamic item shows either"
        let expected = [
            "\(plist): item 1 (ComposeAction): title-too-long: title \"Compose a brand new message\" has 27 characters; \(truncates)",
            "\(plist): item 2 (FavoritesAction): emoji: title \"⭐️ Favorites\" contains emoji (⭐️); use an icon (an SF Symbol) instead of emoji",
            "\(plist): item 3 (OpenAction): app-name-in-title: title \"Open Quick Contacts\" contains the app name \"Quick Contacts\"; "
                + "quick actions already appear with the app's icon",
            "\(plist): item 4 (SearchAgainAction): too-many-static: static item 5 is past the first 4: \(neverShows)",
            "\(plist): item 4 (SearchAgainAction): duplicate-title: title \"search\" is the same as item 0's; people cannot tell them apart",
            "\(plist): item 5 (ShareAction): emoji: subtitle \"Send it 👍\" contains emoji (👍); use an icon (an SF Symbol) instead of emoji",
            "\(plist): item 5 (ShareAction): too-many-static: static item 6 is past the first 4: \(neverShows)",
            // The French table lacks four keys, which iOS shows in English.
            "\(plist) [fr]: missing-translation: the fr table has no entry for \"Compose a brand new message\", \"⭐️ Favorites\", "
                + "\"search\", \"Send it 👍\"; iOS shows them untranslated, as written in Info.plist",
            // Only what the translation changes: the French title is too long, and the
            // translated app name (CFBundleDisplayName in InfoPlist.strings) is in a title.
            "\(plist) [fr]: item 0 (SearchAction): title-too-long: title \"Rechercher dans tous les contacts\" has 33 characters; \(truncates)",
            "\(plist) [fr]: item 3 (OpenAction): app-name-in-title: title \"Ouvrir Contacts Rapides\" contains the app name "
                + "\"Contacts Rapides\"; quick actions already appear with the app's icon",
            "10 warning(s) (6 static item(s) and 1 localization(s))",
        ]
        #expect(result.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) == expected + [""])
    }

    @Test func anExplicitAppNameWins() throws {
        let result = ShortcutLintReport.lint(infoPlistPath: try FixtureFiles.path("Lint.plist"), localizationsDirectory: nil, appName: "Favorites")
        #expect(result.exitCode == 0)
        #expect(result.output.contains("app-name-in-title: title \"⭐️ Favorites\" contains the app name \"Favorites\""))
        #expect(!result.output.contains("the app name \"Quick Contacts\""))
        #expect(result.output.hasSuffix("7 warning(s) (6 static item(s))\n"))
    }

    @Test func cleanFilesSaySo() throws {
        let result = ShortcutLintReport.lint(infoPlistPath: try FixtureFiles.path("Info.plist"), localizationsDirectory: nil, appName: nil)
        #expect(result == ("no warnings (2 static item(s))\n", 0))
        let json = ShortcutLintReport.lint(infoPlistPath: try FixtureFiles.path("ItemsArray.json"), localizationsDirectory: nil, appName: nil)
        #expect(json == ("no warnings (2 static item(s))\n", 0))
    }

    @Test func unloadableFilesExitOne() throws {
        let unknownIcon = try FixtureFiles.path("Bad/UnknownIconType.plist")
        let result = ShortcutLintReport.lint(infoPlistPath: unknownIcon, localizationsDirectory: nil, appName: nil)
        #expect(result.exitCode == 1)
        #expect(result.output.hasPrefix("error: \(unknownIcon): item 0: unknown UIApplicationShortcutItemIconType"))

        let noDirectory = try FixtureFiles.path("NoSuchDirectory")
        let strings = ShortcutLintReport.lint(infoPlistPath: try FixtureFiles.path("Info.plist"), localizationsDirectory: noDirectory, appName: nil)
        #expect(strings == ("error: \(noDirectory): does not exist\n", 1))

        let missing = try FixtureFiles.path("Missing.plist")
        let unreadable = ShortcutLintReport.lint(infoPlistPath: missing, localizationsDirectory: nil, appName: nil)
        #expect(unreadable == ("error: \(missing): does not exist\n", 1))
    }

    @Test func aSourceAppIsJudgedOnTheTextPeopleSee() throws {
        let plist = try FixtureFiles.path("SourceApp/Info.plist")
        let localizations = try FixtureFiles.path("SourceApp/Localizations")
        let result = ShortcutLintReport.lint(
            infoPlistPath: plist, localizationsDirectory: localizations, appName: nil, buildSettings: SourceAppFixture.buildSettings)
        #expect(result.exitCode == 0)
        let expected = [
            "\(plist): item 1 (org.example.Chirp.Favourites): empty-value: UIApplicationShortcutItemIconFile is empty; iOS reads it as absent, "
                + "so the item shows the next icon key in iOS's order (symbol name, file, type), or no icon",
            "\(localizations)/fr.lproj/infoPlist.strings: skipped: iOS reads Info.plist translations only from a file named exactly "
                + "InfoPlist.strings (file names are case-sensitive on iOS)",
            // No title-too-long on the key UIApplicationShortcutItemTitle.PrivateTab: English says "New Private Tab".
            "\(plist) [de]: missing-translation: the de table has no entry for \"shortcut_favourites\", \"shortcut_favourites_subtitle\"; "
                + "iOS shows them untranslated, as written in Info.plist",
            "\(plist) [de]: item 0 (org.example.Chirp.NewPost): title-too-long: title \"Einen neuen Beitrag verfassen\" has 29 characters; "
                + "the Home Screen truncates titles longer than 25",
            "4 warning(s) (3 static item(s) and 2 localization(s))",
        ]
        #expect(result.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) == expected + [""])
    }

    @Test func withoutItsTablesTheKeysAreTheText() throws {
        let plist = try FixtureFiles.path("SourceApp/Info.plist")
        let result = ShortcutLintReport.lint(
            infoPlistPath: plist, localizationsDirectory: nil, appName: nil, buildSettings: SourceAppFixture.buildSettings)
        #expect(result.output.contains("item 2 (org.example.Chirp.PrivateTab): title-too-long: title \"UIApplicationShortcutItemTitle.PrivateTab\""))
    }

    @Test func unexpandedSettingsAreReportedAndAStringCatalogIsRead() throws {
        let plist = try FixtureFiles.path("SourceApp/Info.plist")
        let bare = ShortcutLintReport.lint(infoPlistPath: plist, localizationsDirectory: nil, appName: nil)
        #expect(bare.exitCode == 0)
        #expect(bare.output.components(separatedBy: "unexpanded-build-setting").count - 1 == 9)
        #expect(bare.output.contains("pass --build-setting SHORTCUT_PRIVATE_TAB_TITLE=VALUE"))

        let catalog = ShortcutLintReport.lint(
            infoPlistPath: plist, localizationsDirectory: try FixtureFiles.path("SourceApp/Catalog"), appName: nil,
            buildSettings: SourceAppFixture.buildSettings)
        #expect(catalog.output.contains("[de]: missing-translation: the de table has no entry for \"shortcut_favourites_subtitle\";"))
        #expect(!catalog.output.contains("[en]"), "the source language gives every key")
        #expect(catalog.output.hasSuffix("2 warning(s) (3 static item(s) and 2 localization(s))\n"))
    }

    @Test func baseIsTheDevelopmentTextWhenTheRegionHasNoTable() throws {
        let directory = try FixtureFiles.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory + "/Base.lproj", withIntermediateDirectories: true)
        try Data(#""NewPostShortcutItemTitle" = "Write a brand new post right now";"#.utf8)
            .write(to: URL(fileURLWithPath: directory + "/Base.lproj/InfoPlist.strings"))
        let result = ShortcutLintReport.lint(
            infoPlistPath: try FixtureFiles.path("SourceApp/Info.plist"), localizationsDirectory: directory, appName: nil,
            buildSettings: SourceAppFixture.buildSettings)
        #expect(result.output.contains(": item 0 (org.example.Chirp.NewPost): title-too-long: title \"Write a brand new post right now\""))
        #expect(result.output.contains(" [Base]: missing-translation: the Base table has no entry for \"shortcut_favourites\""))
    }

    @Test func theAppNameCheckRunsOnAnExpandedName() throws {
        let directory = try FixtureFiles.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let plist = directory + "/Info.plist"
        try Data(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            <key>CFBundleDisplayName</key><string>$(PRODUCT_NAME)</string>
            <key>UIApplicationShortcutItems</key><array><dict>
            <key>UIApplicationShortcutItemType</key><string>$(PRODUCT_BUNDLE_IDENTIFIER).Open</string>
            <key>UIApplicationShortcutItemTitle</key><string>Open Chirp</string>
            </dict></array></dict></plist>
            """.utf8
        ).write(to: URL(fileURLWithPath: plist))
        let result = ShortcutLintReport.lint(
            infoPlistPath: plist, localizationsDirectory: nil, appName: nil,
            buildSettings: BuildSettings(["PRODUCT_NAME": "Chirp", "PRODUCT_BUNDLE_IDENTIFIER": "org.example.Chirp"]))
        #expect(
            result.output
                == "\(plist): item 0 (org.example.Chirp.Open): app-name-in-title: title \"Open Chirp\" contains the app name \"Chirp\"; "
                + "quick actions already appear with the app's icon\n1 warning(s) (1 static item(s))\n")
    }
}
