import Cryptography
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
    /// The parts of the JSON body around the items and the warnings (the `version` hash reads them too).
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

    /// The version of a JSON body whose `{"items":[…]` part is `itemsPart`: the first digits of
    /// the SHA-256 of `{"items":[…],"warnings":[…]}`. The hash holds the part only until it
    /// returns, so the body can then grow in place.
    private static func version(itemsPart: [UInt8], warnings: [UInt8]) -> String {
        var hasher = SHA256()
        hasher.update(itemsPart)
        hasher.update(warningsKey)
        hasher.update(warnings)
        hasher.update(objectEnd)
        return SHA256.hex(digest: hasher.finalize(), digits: versionDigits)
    }

    /// The JSON body of the list (the items at `shown`, localized), its version and its findings
    /// (indexes into the list returned: with `visibleOnly`, those about hidden items are left out).
    private func jsonList(
        _ items: [ShortcutItem], localized: [ShortcutItem], table: [String: String]?, language: String, shown shownIndexes: [Int],
        visibleOnly: Bool, prerendered: (Int) -> PrerenderedShortcutItem?
    ) -> (body: [UInt8], version: String, warnings: [ShortcutWarning]) {
        // Warnings index into the list returned; those about hidden items go with them
        // (the whole list is shown unless `visibleOnly`: then indexes stay as they are).
        var warnings = warnings(for: items, localized: localized, table: table, language: language)
        if visibleOnly {
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
        // JSONWriter writes them), and `version` hashes the same object without itself:
        // the items are written into the body, the hash reads them there and the warnings,
        // then the version and the warnings follow. One buffer, with room for typical items
        // (about 200 bytes each), kept under 1 KiB for a short list: a larger allocation
        // makes glibc's malloc consolidate its free lists first.
        var body: [UInt8] = []
        body.reserveCapacity(96 + 200 * shownIndexes.count)
        body.append(contentsOf: Self.itemsKey)
        body.append(UInt8(ascii: "["))
        for (offset, index) in shownIndexes.enumerated() {
            if offset > 0 { body.append(UInt8(ascii: ",")) }
            let item = localized[index]
            if item.kind == .dynamic, let ready = prerendered(index) {
                if item.visible { ready.writeVisibleJSON(to: &body) } else { body.append(contentsOf: ready.json) }
            } else if item.kind == .static {
                body.append(contentsOf: staticJSON.bytes(of: item, at: index, language: language))
            } else {
                item.writeJSON(to: &body)
            }
        }
        body.append(UInt8(ascii: "]"))
        var warningsJSON: [UInt8] = [UInt8(ascii: "[")]
        for (offset, warning) in warnings.enumerated() {
            if offset > 0 { warningsJSON.append(UInt8(ascii: ",")) }
            warning.writeJSON(to: &warningsJSON)
        }
        warningsJSON.append(UInt8(ascii: "]"))
        let version = Self.version(itemsPart: body, warnings: warningsJSON)
        body.append(contentsOf: #","version":"#.utf8)
        JSONWriter.writeString(version, to: &body)
        body.append(contentsOf: Self.warningsKey)
        body.append(contentsOf: warningsJSON)
        body.append(contentsOf: Self.objectEnd)
        return (body, version, warnings)
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
            let list = jsonList(
                items, localized: localized, table: table, language: language, shown: shownIndexes, visibleOnly: key.visibleOnly,
                prerendered: prerendered)
            return ShortcutRepresentation(
                body: SharedBytes(list.body), etag: "\"\(list.version)\"", version: list.version, contentType: "application/json",
                language: language, prepared: prepared)
        case .previewSVG(let appearance, let marksWarnings):
            // The picture carries the version of the whole JSON list in its language, and marks
            // that list's findings: both from one pass over the list.
            let list = jsonList(
                items, localized: localized, table: table, language: language, shown: Array(localized.indices), visibleOnly: false,
                prerendered: prerendered)
            return renderPreview(
                localized: localized, table: table, language: language, version: list.version,
                warnings: marksWarnings ? list.warnings : nil, appearance: appearance)
        case .propertyList:
            let bytes = PropertyListWriter.xml(items: shownIndexes.map { localized[$0] })
            let version = SHA256.hex(bytes, digits: Self.versionDigits)
            return ShortcutRepresentation(
                body: SharedBytes(bytes), etag: "\"\(version)\"", version: version, contentType: "application/x-plist", language: language,
                prepared: prepared)
        }
    }
}
