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
    /// The static items' JSON, written once per language: every list (every account's) starts
    /// with the same static items.
    private let staticJSON = StaticItemJSON()
    /// A representation's version (its ETag's text): this many hex digits of its SHA-256 (128 bits).
    static let versionDigits = 32
    /// The parts of the JSON body the `version` hash reads around the items and the warnings.
    private static let itemsKey = Array(#"{"items":"#.utf8)
    private static let warningsKey = Array(#","warnings":"#.utf8)
    private static let objectEnd = [UInt8(ascii: "}")]

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
    /// `prepared`: whether the representation's 200 is made once (see `ShortcutRepresentation`).
    public func render(_ items: [ShortcutItem], key: ShortcutRepresentationKey, prepared: Bool = true) -> ShortcutRepresentation {
        render(items, key: key, prepared: prepared, prerendered: { _ in nil })
    }

    /// Every finding about the list in `language` (indexes into the whole list): the
    /// Info.plist's, a missing translation, then the HIG checks of the localized text.
    func warnings(for items: [ShortcutItem], localized: [ShortcutItem], table: [String: String]?, language: String) -> [ShortcutWarning] {
        let translation = language.lowercased() == baseLanguage.lowercased() ? nil : language
        let missing = table.flatMap { ShortcutLinter.missingTranslation(for: items, table: $0, language: language) }
        let textWarnings = ShortcutLinter.warnings(for: localized, appName: appName).map { $0.about(language: translation) }
        return configurationWarnings + [missing].compactMap { $0 } + textWarnings
    }

    /// Renders `items` as `key` asks, taking an item's JSON from `prerendered(index)` when it
    /// gives one and the item shows as not visible (see `PrerenderedShortcutItem`).
    public func render(
        _ items: [ShortcutItem], key: ShortcutRepresentationKey, prepared: Bool = true, prerendered: (Int) -> PrerenderedShortcutItem?
    ) -> ShortcutRepresentation {
        let (language, table) = catalog?.resolve(negotiated: key.language, developmentRegion: baseLanguage) ?? (baseLanguage, nil)
        let localized = LocalizationCatalog.localized(items, table: table)
        let shownIndexes = key.visibleOnly ? localized.indices.filter { localized[$0].visible } : Array(localized.indices)
        switch key.format {
        case .json:
            // Warnings index into the list returned; those about hidden items go with them
            // (the whole list is shown unless `visibleOnly`: then indexes stay as they are).
            var warnings = warnings(for: items, localized: localized, table: table, language: language)
            if key.visibleOnly {
                let positions = [Int: Int](uniqueKeysWithValues: shownIndexes.enumerated().map { ($1, $0) })
                warnings = warnings.compactMap { warning -> ShortcutWarning? in
                    guard let index = warning.index else { return warning }
                    guard let position = positions[index] else { return nil }
                    var moved = warning
                    moved.index = position
                    return moved
                }
            }
            // The body is `{"items":[…],"version":"…","warnings":[…]}` (keys sorted, as
            // JSONWriter writes them), and `version` hashes the same object without itself.
            // Each part is written once: the hash reads the parts, then they are joined.
            var itemsJSON: [UInt8] = []
            // Room for a typical item (about 200 bytes) each, so the array is not regrown per item.
            itemsJSON.reserveCapacity(2 + 256 * shownIndexes.count)
            itemsJSON.append(UInt8(ascii: "["))
            for (offset, index) in shownIndexes.enumerated() {
                if offset > 0 { itemsJSON.append(UInt8(ascii: ",")) }
                let item = localized[index]
                if item.kind == .dynamic, let ready = prerendered(index) {
                    if item.visible { ready.writeVisibleJSON(to: &itemsJSON) } else { itemsJSON.append(contentsOf: ready.json) }
                } else if item.kind == .static {
                    itemsJSON.append(contentsOf: staticJSON.bytes(of: item, at: index, language: language))
                } else {
                    item.writeJSON(to: &itemsJSON)
                }
            }
            itemsJSON.append(UInt8(ascii: "]"))
            let warningsJSON = JSONWriter.bytes(.array(warnings.map(\.json)))
            var hasher = SHA256()
            hasher.update(Self.itemsKey)
            hasher.update(itemsJSON)
            hasher.update(Self.warningsKey)
            hasher.update(warningsJSON)
            hasher.update(Self.objectEnd)
            let version = SHA256.hex(digest: hasher.finalize(), digits: Self.versionDigits)
            var body = Array(#"{"items":"#.utf8)
            body.reserveCapacity(itemsJSON.count + warningsJSON.count + 64)
            body.append(contentsOf: itemsJSON)
            body.append(contentsOf: #","version":"#.utf8)
            JSONWriter.writeString(version, to: &body)
            body.append(contentsOf: #","warnings":"#.utf8)
            body.append(contentsOf: warningsJSON)
            body.append(UInt8(ascii: "}"))
            return ShortcutRepresentation(
                body: SharedBytes(body), etag: "\"\(version)\"", version: version, contentType: "application/json", language: language,
                prepared: prepared)
        case .previewSVG(let appearance, let marksWarnings):
            return renderPreview(
                items, negotiated: key.language, localized: localized, table: table, language: language, appearance: appearance,
                marksWarnings: marksWarnings)
        case .propertyList:
            let bytes = PropertyListWriter.xml(items: shownIndexes.map { localized[$0] })
            let version = SHA256.hex(bytes, digits: Self.versionDigits)
            return ShortcutRepresentation(
                body: SharedBytes(bytes), etag: "\"\(version)\"", version: version, contentType: "application/x-plist", language: language,
                prepared: prepared)
        }
    }
}
