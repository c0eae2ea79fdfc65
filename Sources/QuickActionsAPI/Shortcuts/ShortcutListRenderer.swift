import HTTPServer
import QuickActions

/// Turns a shortcut list into the bytes of one representation: localized, HIG-checked,
/// as JSON or as an XML property list.
public struct ShortcutListRenderer: Sendable {
    /// Translations of the static items' titles and subtitles.
    public let catalog: LocalizationCatalog?
    /// The app's name, for the HIG check.
    public let appName: String?
    /// The language of the Info.plist text itself (`CFBundleDevelopmentRegion`): the
    /// fallback when no requested language has a table.
    public let baseLanguage: String
    /// Findings about the Info.plist itself (unexpanded build settings, empty values), listed
    /// in every representation's `warnings`.
    public let configurationWarnings: [ShortcutWarning]

    /// Creates a renderer.
    public init(
        catalog: LocalizationCatalog? = nil, appName: String? = nil, baseLanguage: String = "en", configurationWarnings: [ShortcutWarning] = []
    ) {
        self.catalog = catalog
        self.appName = appName
        self.baseLanguage = baseLanguage
        self.configurationWarnings = configurationWarnings
    }

    /// Renders `items` as `key` asks. The text comes from the table iOS would use (see
    /// `LocalizationCatalog.resolve`), and `Content-Language` names that table's language.
    /// The JSON body's `version` is the hash of the list itself (items and warnings, in that
    /// language), so it is the same after a restart.
    public func render(_ items: [ShortcutItem], key: ShortcutRepresentationKey) -> ShortcutRepresentation {
        let (language, table) = catalog?.resolve(negotiated: key.language, developmentRegion: baseLanguage) ?? (baseLanguage, nil)
        let localized = LocalizationCatalog.localized(items, table: table)
        let shownIndexes = localized.indices.filter { !key.visibleOnly || localized[$0].visible }
        let shown = shownIndexes.map { localized[$0] }
        switch key.format {
        case .json:
            // Warnings index into the list returned; those about hidden items go with them.
            let positions = Dictionary(uniqueKeysWithValues: shownIndexes.enumerated().map { ($1, $0) })
            let translation = language.lowercased() == baseLanguage.lowercased() ? nil : language
            let missing = table.flatMap { ShortcutLinter.missingTranslation(for: items, table: $0, language: language) }
            let textWarnings = ShortcutLinter.warnings(for: localized, appName: appName).map { $0.about(language: translation) }
            let warnings = (configurationWarnings + [missing].compactMap { $0 } + textWarnings).compactMap { warning -> ShortcutWarning? in
                guard let index = warning.index else { return warning }
                guard let position = positions[index] else { return nil }
                var moved = warning
                moved.index = position
                return moved
            }
            var list: [String: JSONValue] = ["items": .array(shown.map(\.json)), "warnings": .array(warnings.map(\.json))]
            let version = String(SHA256.hex(JSONWriter.bytes(.object(list))).prefix(32))
            list["version"] = .string(version)
            return ShortcutRepresentation(
                body: SharedBytes(JSONWriter.bytes(.object(list))), etag: "\"\(version)\"", version: version,
                contentType: "application/json", language: language)
        case .propertyList:
            let bytes = PropertyListWriter.xml(items: shown)
            let version = String(SHA256.hex(bytes).prefix(32))
            return ShortcutRepresentation(
                body: SharedBytes(bytes), etag: "\"\(version)\"", version: version, contentType: "application/x-plist", language: language)
        }
    }
}
