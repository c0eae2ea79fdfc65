import HTTPServer
import QuickActions

/// Turns a shortcut list into the bytes of one representation: localized, HIG-checked,
/// as JSON or as an XML property list.
public struct ShortcutListRenderer: Sendable {
    /// Translations of the static items' titles and subtitles.
    public let catalog: LocalizationCatalog?
    /// The app's name, for the HIG check.
    public let appName: String?
    /// The language of the Info.plist text itself (`CFBundleDevelopmentRegion`).
    public let baseLanguage: String

    /// Creates a renderer.
    public init(catalog: LocalizationCatalog? = nil, appName: String? = nil, baseLanguage: String = "en") {
        self.catalog = catalog
        self.appName = appName
        self.baseLanguage = baseLanguage
    }

    /// Renders `items` as `key` asks. The JSON body's `version` is the hash of the list
    /// itself (items and warnings, in that language), so it is the same after a restart.
    public func render(_ items: [ShortcutItem], key: ShortcutRepresentationKey) -> ShortcutRepresentation {
        let localized = catalog?.localized(items, language: key.language) ?? items
        let shownIndexes = localized.indices.filter { !key.visibleOnly || localized[$0].visible }
        let shown = shownIndexes.map { localized[$0] }
        let language = key.language ?? baseLanguage
        switch key.format {
        case .json:
            // Warnings index into the list returned; those about hidden items go with them.
            let positions = Dictionary(uniqueKeysWithValues: shownIndexes.enumerated().map { ($1, $0) })
            let warnings = ShortcutLinter.warnings(for: localized, appName: appName).compactMap { warning -> ShortcutWarning? in
                guard let position = positions[warning.index] else { return nil }
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
