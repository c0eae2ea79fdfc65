/// What `quickactiond lint Info.plist [--localizations DIR] [--app-name NAME]` prints.
public enum ShortcutLintReport {
    /// Loads the Info.plist (or JSON items file) and the localizations, runs `ShortcutLinter`
    /// on the base text and on each language, and returns one line per finding and a summary.
    ///
    /// Exit code 0 when the files load (warnings are not failures), 1 when one cannot be
    /// loaded (the error is printed). A language's findings are printed only when they differ
    /// from the base text's, so an untranslated title is not reported once per language. The
    /// app name is `appName` if given, else the language's translated `CFBundleDisplayName`
    /// / `CFBundleName`, else Info.plist's.
    public static func lint(infoPlistPath: String, localizationsDirectory: String?, appName: String?) -> (output: String, exitCode: Int32) {
        let configuration: ShortcutConfiguration
        let catalog: LocalizationCatalog
        do {
            configuration = try ShortcutConfiguration.load(path: infoPlistPath)
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
        let baseWarnings = ShortcutLinter.warnings(for: items, appName: explicitName ?? configuration.appName)
        var lines = baseWarnings.map { "\(infoPlistPath): \($0)" }
        var count = baseWarnings.count
        let reported = Set(baseWarnings)
        for language in catalog.languages {
            let table = catalog.tables[language] ?? [:]
            let translatedName = [table["CFBundleDisplayName"], table["CFBundleName"]]
                .compactMap { $0.flatMap(ShortcutConfiguration.usableAppName) }.first
            let name = explicitName ?? translatedName ?? configuration.appName
            let warnings = ShortcutLinter.warnings(for: catalog.localized(items, language: language), appName: name)
            for warning in warnings where !reported.contains(warning) {
                lines.append("\(infoPlistPath) [\(language)]: \(warning)")
                count += 1
            }
        }
        let languages = catalog.languages.isEmpty ? "" : " and \(catalog.languages.count) localization(s)"
        let checked = "\(items.count) static item(s)\(languages)"
        lines.append(count == 0 ? "no warnings (\(checked))" : "\(count) warning(s) (\(checked))")
        return (lines.joined(separator: "\n") + "\n", 0)
    }
}
