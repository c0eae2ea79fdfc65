/// What `quickactiond lint Info.plist [--localizations DIR] [--app-name NAME]
/// [--build-setting NAME=VALUE]... [--platforms FILE] [--platform ios|android|web|all]` prints.
public enum ShortcutLintReport {
    /// Loads the Info.plist (or JSON items file, build settings expanded, or an Android
    /// `res/xml/shortcuts.xml` with its `res/` folder) and the localizations, and returns one
    /// line per finding and a summary.
    ///
    /// Findings, in order: what the Info.plist says that iOS reads differently (unexpanded
    /// build settings, empty values); translation files that were skipped; the text rules on
    /// the development language's text (what iOS shows when no requested language has a
    /// table: the development region's table, else `Base.lproj`, else Info.plist's text);
    /// then, for each language, its `missing-translation` finding and the text rules on its
    /// text, marked `[lang]`. A translation's findings are printed only when they differ from
    /// the development language's, so an untranslated title is not reported once per language.
    /// The app name is `appName` if given, else the language's translated
    /// `CFBundleDisplayName` / `CFBundleName`, else Info.plist's. Then Android's and the web's
    /// rules (`PlatformLintReport`), each finding marked with its platform, for the platforms
    /// of `platforms` (default: those the mapping file names, iOS always); the iOS text rules
    /// only when `platforms` holds iOS.
    ///
    /// Exit code 0 when the files load (warnings are not failures), 1 when one cannot be read
    /// or is refused (every problem of an Android source is printed).
    public static func lint(
        infoPlistPath: String, localizationsDirectory: String?, appName: String?, buildSettings: BuildSettings = BuildSettings(),
        platformsPath: String? = nil, platforms requested: [ShortcutPlatform]? = nil
    ) -> (output: String, exitCode: Int32) {
        let loaded: Loaded
        do {
            loaded = try load(
                infoPlistPath: infoPlistPath, localizationsDirectory: localizationsDirectory, buildSettings: buildSettings,
                platformsPath: platformsPath)
        } catch let error as AndroidSourceError {
            return (error.problems.map { "error: \($0)\n" }.joined(), 1)
        } catch {
            return ("error: \(error)\n", 1)
        }
        let (configuration, catalog) = (loaded.configuration, loaded.catalog)
        let platforms = requested ?? loaded.mapping?.platforms ?? [.ios]
        let items = configuration.staticItems
        let region = configuration.developmentRegion ?? BuildSettings().values["DEVELOPMENT_LANGUAGE"] ?? "en"
        var findings: [(language: String?, warnings: [ShortcutWarning])] = []
        if platforms.contains(.ios) {
            findings += iosWarnings(of: loaded, developmentRegion: region, appName: appName.flatMap(StaticShortcutConfiguration.usableAppName))
        }
        findings += PlatformLintReport.warnings(
            items: items, catalog: catalog, developmentRegion: region, mapping: loaded.mapping, platforms: platforms)
        var lines = configuration.warnings.map { "\(infoPlistPath): \($0)" } + catalog.skippedFiles.map(\.description)
        var count = lines.count
        for (language, warnings) in findings {
            let tag = language.map { " [\($0)]" } ?? ""
            lines += warnings.map { "\(infoPlistPath)\(tag): \($0)" }
            count += warnings.count
        }
        let languages = catalog.languages.isEmpty ? "" : " and \(catalog.languages.count) localization(s)"
        let checked = "\(items.count) static item(s)\(languages)"
        lines.append(count == 0 ? "no warnings (\(checked))" : "\(count) warning(s) (\(checked))")
        return (lines.joined(separator: "\n") + "\n", 0)
    }

    /// The files `lint` reads: the items, their translations and the mapping file.
    private struct Loaded {
        var configuration: StaticShortcutConfiguration
        var catalog: LocalizationCatalog
        var mapping: PlatformMapping?
    }

    /// Reads the items (an Info.plist or JSON file, or an Android `shortcuts.xml` with its `res/`
    /// folder), the translations and the mapping file, and checks the mapping against the items.
    private static func load(
        infoPlistPath: String, localizationsDirectory: String?, buildSettings: BuildSettings, platformsPath: String?
    ) throws -> Loaded {
        let mapping = try platformsPath.map { path throws in try PlatformMapping.load(path: path) }
        let loaded: Loaded
        if AndroidShortcutSource.isShortcutsFile(path: infoPlistPath) {
            let source = try AndroidShortcutSource.load(
                shortcutsPath: infoPlistPath, resDirectory: localizationsDirectory,
                developmentLanguage: buildSettings.values["DEVELOPMENT_LANGUAGE"] ?? "en", mapping: mapping?.android)
            loaded = Loaded(configuration: source.configuration, catalog: source.catalog, mapping: mapping)
        } else {
            loaded = Loaded(
                configuration: try StaticShortcutConfiguration.load(path: infoPlistPath, buildSettings: buildSettings),
                catalog: try localizationsDirectory.map(LocalizationCatalog.load(directory:)) ?? LocalizationCatalog(tables: [:]),
                mapping: mapping)
        }
        if let mapping, let platformsPath {
            try mapping.validate(
                staticItems: loaded.configuration.staticItems, catalog: loaded.catalog,
                developmentRegion: loaded.configuration.developmentRegion ?? buildSettings.values["DEVELOPMENT_LANGUAGE"] ?? "en",
                source: platformsPath)
        }
        return loaded
    }

    /// iOS's text rules: on the development language's text, then per language its
    /// `missing-translation` finding and the findings its text adds to the development
    /// language's. The app name is `explicitName`, else the language's translated one, else
    /// Info.plist's.
    private static func iosWarnings(
        of loaded: Loaded, developmentRegion: String, appName explicitName: String?
    ) -> [(language: String?, warnings: [ShortcutWarning])] {
        let (configuration, catalog) = (loaded.configuration, loaded.catalog)
        let items = configuration.staticItems
        func name(in table: [String: String]?) -> String? {
            let translated = [table?["CFBundleDisplayName"], table?["CFBundleName"]].compactMap {
                $0.flatMap(StaticShortcutConfiguration.usableAppName)
            }
            return explicitName ?? translated.first ?? configuration.appName
        }
        let development = catalog.resolve(negotiated: nil, developmentRegion: developmentRegion)
        let developmentWarnings = ShortcutLinter.warnings(
            for: LocalizationCatalog.localized(items, table: development.table), appName: name(in: development.table))
        var findings: [(language: String?, warnings: [ShortcutWarning])] = [(nil, developmentWarnings)]
        if catalog.table(for: development.language) == nil, let base = catalog.baseTable {
            findings.append(("Base", [ShortcutLinter.missingTranslation(for: items, table: base, language: "Base")].compactMap { $0 }))
        }
        let reported = Set(developmentWarnings)
        for language in catalog.languages {
            let table = catalog.tables[language] ?? [:]
            var warnings = [ShortcutLinter.missingTranslation(for: items, table: table, language: language)].compactMap { $0 }
            if language != development.language {
                warnings += ShortcutLinter.warnings(for: LocalizationCatalog.localized(items, table: table), appName: name(in: table))
                    .filter { !reported.contains($0) }.map { $0.about(language: language) }
            }
            findings.append((language, warnings))
        }
        return findings
    }
}
