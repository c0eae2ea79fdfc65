/// Android's and the web's rules on the static items, for `lint`: each platform's findings in
/// the development language, then, per other language, those that differ from it.
public enum PlatformLintReport {
    /// The findings of `platforms`' rules (iOS's are `ShortcutLinter`'s, not here) about
    /// `items` (static, as configured) with `mapping`, by language: nil first (the development
    /// language), then each of `catalog`'s others whose findings differ.
    public static func warnings(
        items: [ShortcutItem], catalog: LocalizationCatalog, developmentRegion: String, mapping: PlatformMapping?, platforms: [ShortcutPlatform]
    ) -> [(language: String?, warnings: [ShortcutWarning])] {
        func findings(_ table: [String: String]?) -> [ShortcutWarning] {
            let localized = LocalizationCatalog.localized(items, table: table)
            var warnings: [ShortcutWarning] = []
            if platforms.contains(.android) {
                let (shortcuts, unfilled) = AndroidShortcutList.render(localized, mapping: mapping?.android, table: table)
                warnings += unfilled + AndroidShortcutLinter.warnings(for: shortcuts)
            }
            if platforms.contains(.web) {
                let web = mapping?.web
                let (shortcuts, unfilled) = WebManifestShortcuts.render(localized, mapping: web, table: table)
                let scope = web?.scope.flatMap { WebManifestScope(scope: $0, manifestURL: web?.manifestURL) }
                warnings += unfilled + WebShortcutLinter.warnings(for: shortcuts, scope: scope)
            }
            return warnings
        }
        let development = catalog.resolve(negotiated: nil, developmentRegion: developmentRegion)
        let base = findings(development.table)
        var report: [(language: String?, warnings: [ShortcutWarning])] = [(nil, base)]
        let reported = Set(base)
        for language in catalog.languages where language != development.language {
            let other = findings(catalog.tables[language]).filter { !reported.contains($0) }.map { $0.about(language: language) }
            if !other.isEmpty { report.append((language, other)) }
        }
        return report
    }
}
