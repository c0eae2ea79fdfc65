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
    /// What Android and the web need beyond the items (`--platforms`), if given.
    public let platforms: PlatformMapping?
    /// How many shortcuts an Android launcher shows: the Android list's `?visible=true` cut.
    public let androidMaxShortcuts: Int
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
        catalog: LocalizationCatalog? = nil, appName: String? = nil, baseLanguage: String = "en", configurationWarnings: [ShortcutWarning] = [],
        platforms: PlatformMapping? = nil, androidMaxShortcuts: Int = AndroidShortcutList.defaultMaxVisible
    ) {
        self.catalog = catalog
        self.appName = appName
        self.baseLanguage = baseLanguage
        self.configurationWarnings = configurationWarnings
        self.platforms = platforms
        self.androidMaxShortcuts = androidMaxShortcuts
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

    /// The version of a JSON body whose first member (`{"items":[…]`, or `{"shortcuts":[…]` for
    /// another platform's list) is `itemsPart`: the first digits of the SHA-256 of that part
    /// followed by `,"warnings":[…]}`. The hash holds the part only until it
    /// returns, so the body can then grow in place.
    static func version(itemsPart: [UInt8], warnings: [UInt8]) -> String {
        var hasher = SHA256()
        hasher.update(itemsPart)
        hasher.update(warningsKey)
        hasher.update(warnings)
        hasher.update(objectEnd)
        return SHA256.hex(digest: hasher.finalize(), digits: versionDigits)
    }

    /// Renders `items` as `key` asks, taking a dynamic item's JSON from `prerendered(index)` when
    /// it gives one (with the item's `rank` and `visible` put in, see `PrerenderedShortcutItem`).
    public func render(
        _ items: [ShortcutItem], key: ShortcutRepresentationKey, prepared: Bool = true, prerendered: (Int) -> PrerenderedShortcutItem?
    ) -> ShortcutRepresentation {
        let (language, table) = catalog?.resolve(negotiated: key.language, developmentRegion: baseLanguage) ?? (baseLanguage, nil)
        let localized = LocalizationCatalog.localized(items, table: table)
        switch key.format {
        case .json:
            return renderJSON(
                items, localized: localized, table: table, language: language, visibleOnly: key.visibleOnly, prepared: prepared,
                prerendered: prerendered)
        case .propertyList:
            return renderPropertyList(localized, language: language, visibleOnly: key.visibleOnly, prepared: prepared)
        case .android:
            return renderAndroid(localized, table: table, language: language, visibleOnly: key.visibleOnly, prepared: prepared)
        case .web:
            return renderWeb(localized, table: table, language: language, visibleOnly: key.visibleOnly, prepared: prepared)
        case .previewSVG(let appearance, let marksWarnings, let placement, let platform):
            return renderPreview(
                items, localized: localized, table: table, language: language, appearance: appearance, marksWarnings: marksWarnings,
                placement: placement, platform: platform, androidMapping: platforms?.android, prerendered: prerendered)
        }
    }

    /// How many enabled items, from the first, the representation for `key` shows, when it reads
    /// nothing of the list beyond them: a `?visible=true` list, whose items, ranks and findings
    /// (`reindexed`) all come from those items and the ones before them. Nil for a representation
    /// that depends on the whole list (every other one, the pictures included).
    public func shownLimit(_ key: ShortcutRepresentationKey) -> Int? {
        guard key.visibleOnly else { return nil }
        switch key.format {
        case .json, .propertyList: return ShortcutItemBuilder.visibleLimit
        case .android: return androidMaxShortcuts
        case .web: return WebShortcutLinter.maxShortcuts
        case .previewSVG: return nil
        }
    }

    /// The positions in `localized` a representation lists: all, or with `visibleOnly` those the
    /// Home Screen shows.
    static func shownIndexes(_ localized: [ShortcutItem], visibleOnly: Bool) -> [Int] {
        visibleOnly ? localized.indices.filter { localized[$0].visible } : Array(localized.indices)
    }

    /// The JSON list (see `jsonList`).
    private func renderJSON(
        _ items: [ShortcutItem], localized: [ShortcutItem], table: [String: String]?, language: String, visibleOnly: Bool, prepared: Bool,
        prerendered: (Int) -> PrerenderedShortcutItem?
    ) -> ShortcutRepresentation {
        let list = jsonList(
            items, localized: localized, table: table, language: language, shown: Self.shownIndexes(localized, visibleOnly: visibleOnly),
            visibleOnly: visibleOnly, prerendered: prerendered)
        return ShortcutRepresentation(
            body: SharedBytes(list.body), etag: "\"\(list.version)\"", version: list.version, contentType: "application/json",
            language: language, prepared: prepared)
    }

    /// The XML property list of the items (`UIApplicationShortcutItems`); its version hashes its bytes.
    private func renderPropertyList(_ localized: [ShortcutItem], language: String, visibleOnly: Bool, prepared: Bool) -> ShortcutRepresentation {
        let bytes = PropertyListWriter.xml(items: Self.shownIndexes(localized, visibleOnly: visibleOnly).map { localized[$0] })
        let version = SHA256.hex(bytes, digits: Self.versionDigits)
        return ShortcutRepresentation(
            body: SharedBytes(bytes), etag: "\"\(version)\"", version: version, contentType: "application/x-plist", language: language,
            prepared: prepared)
    }

    /// The JSON body of the list (the items at `shown`, localized), its version and its findings
    /// (indexes into the list returned: with `visibleOnly`, those about hidden items are left out).
    ///
    /// The body is `{"items":[…],"version":"…","warnings":[…]}` (keys sorted, as `JSONWriter`
    /// writes them), and `version` hashes the same object without itself: the items are written
    /// into the body, the hash reads them there and the warnings, then the version and the
    /// warnings follow.
    func jsonList(
        _ items: [ShortcutItem], localized: [ShortcutItem], table: [String: String]?, language: String, shown shownIndexes: [Int],
        visibleOnly: Bool, prerendered: (Int) -> PrerenderedShortcutItem?
    ) -> (body: [UInt8], version: String, warnings: [ShortcutWarning]) {
        var warnings = warnings(for: items, localized: localized, table: table, language: language)
        if visibleOnly { warnings = Self.reindexed(warnings, shown: shownIndexes) }
        // One buffer, with room for typical items (about 200 bytes each), kept under 1 KiB for a
        // short list: a larger allocation makes glibc's malloc consolidate its free lists first.
        var body: [UInt8] = []
        body.reserveCapacity(96 + 200 * shownIndexes.count)
        body.append(contentsOf: Self.itemsKey)
        writeItems(localized, at: shownIndexes, language: language, prerendered: prerendered, to: &body)
        let warningsJSON = Self.json(warnings)
        let version = Self.version(itemsPart: body, warnings: warningsJSON)
        body.append(contentsOf: #","version":"#.utf8)
        JSONWriter.writeString(version, to: &body)
        body.append(contentsOf: Self.warningsKey)
        body.append(contentsOf: warningsJSON)
        body.append(contentsOf: Self.objectEnd)
        return (body, version, warnings)
    }

    /// `warnings` with their indexes moved to the positions of the items at `shown` in the list
    /// returned; those about items not shown are left out (those about the whole list stay).
    static func reindexed(_ warnings: [ShortcutWarning], shown: [Int]) -> [ShortcutWarning] {
        let positions = [Int: Int](uniqueKeysWithValues: shown.enumerated().map { ($1, $0) })
        return warnings.compactMap { warning -> ShortcutWarning? in
            guard let index = warning.index else { return warning }
            guard let position = positions[index] else { return nil }
            var moved = warning
            moved.index = position
            return moved
        }
    }

    /// Writes the JSON array of the items at `indexes` of `localized`: a static item's from the
    /// per-language cache, a dynamic one's from `prerendered` when it gives one.
    private func writeItems(
        _ localized: [ShortcutItem], at indexes: [Int], language: String, prerendered: (Int) -> PrerenderedShortcutItem?, to body: inout [UInt8]
    ) {
        body.append(UInt8(ascii: "["))
        for (offset, index) in indexes.enumerated() {
            if offset > 0 { body.append(UInt8(ascii: ",")) }
            let item = localized[index]
            if item.kind == .dynamic, let ready = prerendered(index) {
                ready.write(rank: item.rank, visible: item.visible, to: &body)
            } else if item.kind == .static {
                body.append(contentsOf: staticJSON.bytes(of: item, at: index, language: language))
            } else {
                item.writeJSON(to: &body)
            }
        }
        body.append(UInt8(ascii: "]"))
    }

    /// The JSON array of `warnings`.
    static func json(_ warnings: [ShortcutWarning]) -> [UInt8] {
        var json: [UInt8] = [UInt8(ascii: "[")]
        for (offset, warning) in warnings.enumerated() {
            if offset > 0 { json.append(UInt8(ascii: ",")) }
            warning.writeJSON(to: &json)
        }
        json.append(UInt8(ascii: "]"))
        return json
    }
}
