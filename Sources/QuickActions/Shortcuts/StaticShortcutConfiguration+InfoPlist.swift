import Foundation

extension StaticShortcutConfiguration {
    /// Parses an XML or binary Info.plist's `UIApplicationShortcutItems`, with the build
    /// settings in its strings expanded as Xcode does when it builds the app.
    ///
    /// Stricter than SpringBoard, which silently drops an item without a type or title and
    /// ignores an unknown icon type: here each is an error naming the item. An empty optional
    /// key is read as absent, as SpringBoard does, with an `empty-value` warning.
    static func parsePropertyList(_ bytes: [UInt8], source: String, buildSettings: BuildSettings) throws(StaticShortcutConfigurationError)
        -> StaticShortcutConfiguration
    {
        if let problem = BinaryPropertyListScreen.problem(in: bytes) {
            throw StaticShortcutConfigurationError(kind: .malformed, path: source, reason: problem)
        }
        let root: Any
        var format = PropertyListSerialization.PropertyListFormat.xml
        do {
            root = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: &format)
        } catch {
            throw StaticShortcutConfigurationError(
                kind: .malformed, path: source, reason: "is not a valid property list (\(FileContents.explain(error)))")
        }
        // The OpenStep parser accepts almost any text as a string, so only XML and binary count.
        guard format == .xml || format == .binary else {
            throw StaticShortcutConfigurationError(kind: .malformed, path: source, reason: "is neither an XML nor a binary property list nor JSON")
        }
        guard let dictionary = root as? [String: Any] else {
            let name = PropertyListValue.foundationTypeName(root)
            throw StaticShortcutConfigurationError(kind: .malformed, path: source, reason: "has a \(name) at its root, not a dictionary")
        }
        guard let entry = dictionary[ShortcutInfoPlistKey.items] else {
            throw StaticShortcutConfigurationError(
                kind: .missingShortcutItems, path: source, reason: "has no \(ShortcutInfoPlistKey.items) array")
        }
        guard let entries = entry as? [Any] else {
            let name = PropertyListValue.foundationTypeName(entry)
            throw StaticShortcutConfigurationError(
                kind: .missingShortcutItems, path: source, reason: "\(ShortcutInfoPlistKey.items) is a \(name), not an array")
        }
        var expander = InfoPlistExpander(settings: buildSettings)
        var items: [ShortcutItem] = []
        var emptyValues: [ShortcutWarning] = []
        for (index, entry) in entries.enumerated() {
            var reader = InfoPlistItemReader(source: source, index: index)
            let item = try reader.item(from: expander.expand(entry, key: ShortcutInfoPlistKey.items, index: index))
            items.append(item)
            emptyValues += reader.emptyKeys.map { key in
                ShortcutWarning(
                    index: index, type: item.type, rule: "empty-value",
                    message: "\(key) is empty; iOS reads it as absent, so the item shows \(ShortcutInfoPlistKey.emptyMeaning(key))")
            }
        }
        try refuseControlCharacters(in: items, bytes: format == .xml ? bytes : nil, source: source)
        try checkUniqueTypes(items, source: source)
        var bundleKeys: [String: String] = [:]
        for key in [ShortcutInfoPlistKey.developmentRegion, ShortcutInfoPlistKey.bundleDisplayName, ShortcutInfoPlistKey.bundleName] {
            guard let value = dictionary[key] as? String else { continue }
            // Only a key we read is worth a warning: CFBundleName is not when a display name is usable.
            let isRead = key != ShortcutInfoPlistKey.bundleName || bundleKeys[ShortcutInfoPlistKey.bundleDisplayName].flatMap(usableAppName) == nil
            bundleKeys[key] = isRead ? expander.expandString(value, key: key, index: nil) : value
        }
        let region = bundleKeys[ShortcutInfoPlistKey.developmentRegion].flatMap(usableAppName).map(languageTag(forDevelopmentRegion:))
        let unexpanded = expander.findings.map { finding in
            ShortcutWarning(
                index: finding.index, type: finding.index.map { items[$0].type }, rule: "unexpanded-build-setting",
                message: "\(finding.key) \"\(finding.text)\" uses the build setting \(finding.reference.name), \(finding.reference.explanation)")
        }
        return StaticShortcutConfiguration(
            staticItems: items, appName: appName(in: bundleKeys), developmentRegion: region,
            warnings: ([nil] + items.indices.map { $0 }).flatMap { index in (unexpanded + emptyValues).filter { $0.index == index } })
    }

    /// Refuses the first item whose text holds a control character (`OperatorText`), with the
    /// line when `bytes` (an XML property list's) has one: Foundation keeps no lines, so it is
    /// found again in the bytes.
    static func refuseControlCharacters(in items: [ShortcutItem], bytes: [UInt8]?, source: String) throws(StaticShortcutConfigurationError) {
        for (index, item) in items.enumerated() {
            guard let problem = OperatorText.problem(in: item) else { continue }
            let line = bytes.flatMap { OperatorText.firstRefused(inXML: $0)?.line }
            throw StaticShortcutConfigurationError(kind: .invalidItem, path: source, itemIndex: index, reason: problem, line: line)
        }
    }

    /// `CFBundleDisplayName`, else `CFBundleName`, skipping empty values and unexpanded
    /// build settings such as `$(PRODUCT_NAME)`.
    static func appName(in dictionary: [String: String]) -> String? {
        for key in [ShortcutInfoPlistKey.bundleDisplayName, ShortcutInfoPlistKey.bundleName] {
            if let name = dictionary[key], let usable = usableAppName(name) { return usable }
        }
        return nil
    }

    /// `name` trimmed, or nil when it is empty or a build-setting reference.
    static func usableAppName(_ name: String) -> String? {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, !trimmed.contains("$("), !trimmed.contains("${") else { return nil }
        return trimmed
    }

    /// A language tag for a `CFBundleDevelopmentRegion` value: `de_DE` is `de-DE`, and the
    /// English names old projects still carry (`English`) are read as CoreFoundation reads them.
    static func languageTag(forDevelopmentRegion region: String) -> String {
        let legacy = [
            "english": "en", "french": "fr", "german": "de", "japanese": "ja", "spanish": "es", "italian": "it", "dutch": "nl",
        ]
        return legacy[region.lowercased()] ?? region.replacingOccurrences(of: "_", with: "-")
    }
}
