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
}
