/// What `quickactiond lint Info.plist [--localizations DIR] [--app-name NAME]
/// [--build-setting NAME=VALUE]...` prints.
public enum ShortcutLintReport {
    /// Loads the Info.plist (or JSON items file, build settings expanded) and the
    /// localizations, and returns one line per finding and a summary.
    ///
    /// Findings, in order: what the Info.plist says that iOS reads differently (unexpanded
    /// build settings, empty values); translation files that were skipped; the text rules on
    /// the development language's text (what iOS shows when no requested language has a
    /// table: the development region's table, else `Base.lproj`, else Info.plist's text);
    /// then, for each language, its `missing-translation` finding and the text rules on its
    /// text, marked `[lang]`. A translation's findings are printed only when they differ from
    /// the development language's, so an untranslated title is not reported once per language.
    /// The app name is `appName` if given, else the language's translated
    /// `CFBundleDisplayName` / `CFBundleName`, else Info.plist's.
    ///
    /// Exit code 0 when the Info.plist loads (warnings are not failures), 1 when it or the
    /// localizations folder cannot be read (the error is printed).
    public static func lint(
        infoPlistPath: String, localizationsDirectory: String?, appName: String?, buildSettings: BuildSettings = BuildSettings()
    ) -> (output: String, exitCode: Int32) {
        let configuration: ShortcutConfiguration
        let catalog: LocalizationCatalog
        do {
            configuration = try ShortcutConfiguration.load(path: infoPlistPath, buildSettings: buildSettings)
        } catch {
            return ("error: \(error)\n", 1)
        }
        do {
            catalog = try localizationsDirectory.map(LocalizationCatalog.load(directory:)) ?? LocalizationCatalog(tables: [:])
        } catch {
            return ("error: \(error)\n", 1)
        }
        let explicitName = appName.flatMap(ShortcutConfiguration.usableAppName)
        let items = configuration.staticItems
        var lines = configuration.warnings.map { "\(infoPlistPath): \($0)" } + catalog.skippedFiles.map(\.description)
        var count = lines.count

        func name(in table: [String: String]?) -> String? {
            let translated = [table?["CFBundleDisplayName"], table?["CFBundleName"]].compactMap { $0.flatMap(ShortcutConfiguration.usableAppName) }
            return explicitName ?? translated.first ?? configuration.appName
        }
        func report(_ warnings: [ShortcutWarning], language: String?) {
            let tag = language.map { " [\($0)]" } ?? ""
            lines += warnings.map { "\(infoPlistPath)\(tag): \($0)" }
            count += warnings.count
        }

        let region = configuration.developmentRegion ?? BuildSettings().values["DEVELOPMENT_LANGUAGE"] ?? "en"
        let development = catalog.resolve(negotiated: nil, developmentRegion: region)
        let developmentWarnings = ShortcutLinter.warnings(
            for: LocalizationCatalog.localized(items, table: development.table), appName: name(in: development.table))
        report(developmentWarnings, language: nil)
        if catalog.table(for: development.language) == nil, let base = catalog.baseTable {
            report([ShortcutLinter.missingTranslation(for: items, table: base, language: "Base")].compactMap { $0 }, language: "Base")
        }
        let reported = Set(developmentWarnings)
        for language in catalog.languages {
            let table = catalog.tables[language] ?? [:]
            var warnings = [ShortcutLinter.missingTranslation(for: items, table: table, language: language)].compactMap { $0 }
            if language != development.language {
                warnings += ShortcutLinter.warnings(for: LocalizationCatalog.localized(items, table: table), appName: name(in: table))
                    .filter { !reported.contains($0) }.map { $0.about(language: language) }
            }
            report(warnings, language: language)
        }
        let languages = catalog.languages.isEmpty ? "" : " and \(catalog.languages.count) localization(s)"
        let checked = "\(items.count) static item(s)\(languages)"
        lines.append(count == 0 ? "no warnings (\(checked))" : "\(count) warning(s) (\(checked))")
        return (lines.joined(separator: "\n") + "\n", 0)
    }
}
