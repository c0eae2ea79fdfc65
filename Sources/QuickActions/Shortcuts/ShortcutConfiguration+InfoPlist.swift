import Foundation

extension ShortcutConfiguration {
    /// Parses an XML or binary Info.plist's `UIApplicationShortcutItems`, with the build
    /// settings in its strings expanded as Xcode does when it builds the app.
    ///
    /// Stricter than SpringBoard, which silently drops an item without a type or title and
    /// ignores an unknown icon type: here each is an error naming the item. An empty optional
    /// key is read as absent, as SpringBoard does, with an `empty-value` warning.
    static func parsePropertyList(_ bytes: [UInt8], source: String, buildSettings: BuildSettings) throws(ShortcutConfigurationError)
        -> ShortcutConfiguration
    {
        if let problem = BinaryPropertyListScreen.problem(in: bytes) {
            throw ShortcutConfigurationError(kind: .malformed, path: source, reason: problem)
        }
        let root: Any
        var format = PropertyListSerialization.PropertyListFormat.xml
        do {
            root = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: &format)
        } catch {
            throw ShortcutConfigurationError(kind: .malformed, path: source, reason: "is not a valid property list (\(FileContents.explain(error)))")
        }
        // The OpenStep parser accepts almost any text as a string, so only XML and binary count.
        guard format == .xml || format == .binary else {
            throw ShortcutConfigurationError(kind: .malformed, path: source, reason: "is neither an XML nor a binary property list nor JSON")
        }
        guard let dictionary = root as? [String: Any] else {
            let name = PropertyListValue.foundationTypeName(root)
            throw ShortcutConfigurationError(kind: .malformed, path: source, reason: "has a \(name) at its root, not a dictionary")
        }
        guard let entry = dictionary[ShortcutInfoPlistKey.items] else {
            throw ShortcutConfigurationError(
                kind: .missingShortcutItems, path: source, reason: "has no \(ShortcutInfoPlistKey.items) array")
        }
        guard let entries = entry as? [Any] else {
            let name = PropertyListValue.foundationTypeName(entry)
            throw ShortcutConfigurationError(
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
            // A setting that has a value was left only for its modifier.
            let why =
                buildSettings.values[finding.name] == nil
                ? "which is not set: pass --build-setting \(finding.name)=VALUE (as in the Xcode target's build settings)"
                : "with a modifier that is not supported (only \(BuildSettings.modifiers.joined(separator: ", ")))"
            return ShortcutWarning(
                index: finding.index, type: finding.index.map { items[$0].type }, rule: "unexpanded-build-setting",
                message: "\(finding.key) \"\(finding.text)\" uses the build setting \(finding.name), \(why)")
        }
        return ShortcutConfiguration(
            staticItems: items, appName: appName(in: bundleKeys), developmentRegion: region,
            warnings: ([nil] + items.indices.map { $0 }).flatMap { index in (unexpanded + emptyValues).filter { $0.index == index } })
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

/// Expands build settings in the strings of Info.plist values, and remembers each reference
/// it could not expand, with the key and item it was found in.
private struct InfoPlistExpander {
    struct Finding {
        var index: Int?
        var key: String
        var text: String
        var name: String
    }

    let settings: BuildSettings
    var findings: [Finding] = []

    init(settings: BuildSettings) {
        self.settings = settings
    }

    /// `value` with its strings expanded: dictionaries and arrays walked, other values as they are.
    mutating func expand(_ value: Any, key: String, index: Int?) -> Any {
        if let dictionary = value as? [String: Any] {
            var expanded: [String: Any] = [:]
            // In key order: the findings (and so the list's version) are the same on every run.
            for (name, element) in dictionary.sorted(by: { $0.key < $1.key }) {
                // Item keys are named alone; userInfo keys as a path under their key.
                let path = key == ShortcutInfoPlistKey.items ? name : "\(key).\(name)"
                expanded[name] = expand(element, key: path, index: index)
            }
            return expanded
        }
        if let array = value as? [Any], !(value is String) {
            return array.enumerated().map { expand($1, key: "\(key)[\($0)]", index: index) }
        }
        if type(of: value) != Bool.self, let string = value as? String {
            return expandString(string, key: key, index: index)
        }
        return value
    }

    mutating func expandString(_ string: String, key: String, index: Int?) -> String {
        let (text, unexpanded) = settings.expand(string)
        findings += unexpanded.map { Finding(index: index, key: key, text: string, name: $0) }
        return text
    }
}

/// Reads one entry of `UIApplicationShortcutItems`.
private struct InfoPlistItemReader {
    let source: String
    let index: Int
    /// The optional keys that were present but empty, and so read as absent.
    var emptyKeys: [String] = []

    func failure(_ kind: ShortcutConfigurationError.Kind, _ reason: String) -> ShortcutConfigurationError {
        ShortcutConfigurationError(kind: kind, path: source, itemIndex: index, reason: reason)
    }

    mutating func item(from entry: Any) throws(ShortcutConfigurationError) -> ShortcutItem {
        guard let fields = entry as? [String: Any] else {
            throw failure(.invalidItem, "is a \(PropertyListValue.foundationTypeName(entry)), not a dictionary with string keys")
        }
        guard let type = try string(ShortcutInfoPlistKey.type, in: fields) else {
            throw failure(.invalidItem, "has no \(ShortcutInfoPlistKey.type)")
        }
        guard let title = try string(ShortcutInfoPlistKey.title, in: fields) else {
            throw failure(.invalidItem, "has no \(ShortcutInfoPlistKey.title)")
        }
        let subtitle = try optionalString(ShortcutInfoPlistKey.subtitle, in: fields)
        let symbolName = try optionalString(ShortcutInfoPlistKey.iconSymbolName, in: fields)
        let iconFile = try optionalString(ShortcutInfoPlistKey.iconFile, in: fields)
        let iconTypeName = try optionalString(ShortcutInfoPlistKey.iconType, in: fields)
        // Checked even when a symbol or file wins, so a typo never hides.
        var iconType: ShortcutIconType?
        if let iconTypeName {
            guard let known = ShortcutIconType(infoPlistName: iconTypeName) else {
                let names = ShortcutIconType.allCases.map(\.infoPlistName).joined(separator: ", ")
                throw failure(
                    .unknownIconType, "unknown \(ShortcutInfoPlistKey.iconType) \"\(iconTypeName)\"; valid names are \(names)")
            }
            iconType = known
        }
        // SpringBoard's precedence: symbol name, then icon file, then icon type.
        let icon: ShortcutIcon?
        if let symbolName {
            icon = .systemImageName(symbolName)
        } else if let iconFile {
            icon = .templateImageName(iconFile)
        } else {
            icon = iconType.map(ShortcutIcon.type)
        }
        return ShortcutItem(
            type: type, localizedTitle: title, localizedSubtitle: subtitle, icon: icon, userInfo: try userInfo(in: fields),
            targetContentIdentifier: try optionalString(ShortcutInfoPlistKey.targetContentIdentifier, in: fields), kind: .static)
    }

    func string(_ key: String, in fields: [String: Any]) throws(ShortcutConfigurationError) -> String? {
        guard let value = fields[key] else { return nil }
        guard type(of: value) != Bool.self, let string = value as? String else {
            throw failure(.invalidItem, "\(key) must be a string, not a \(PropertyListValue.foundationTypeName(value))")
        }
        guard !string.isEmpty else { throw failure(.invalidItem, "\(key) is empty") }
        return string
    }

    /// An optional key's string; an empty one is read as absent, as SpringBoard does, and noted.
    mutating func optionalString(_ key: String, in fields: [String: Any]) throws(ShortcutConfigurationError) -> String? {
        guard let value = fields[key], type(of: value) != Bool.self, let string = value as? String, string.isEmpty else {
            return try string(key, in: fields)
        }
        emptyKeys.append(key)
        return nil
    }

    func userInfo(in fields: [String: Any]) throws(ShortcutConfigurationError) -> [String: PropertyListValue]? {
        let key = ShortcutInfoPlistKey.userInfo
        guard let value = fields[key] else { return nil }
        let converted: PropertyListValue
        do {
            converted = try PropertyListValue(foundationObject: value)
        } catch {
            throw failure(.invalidUserInfo, "\(key)\(error.path) \(error.reason)")
        }
        guard case .dictionary(let dictionary) = converted else {
            throw failure(.invalidUserInfo, "\(key) must be a dictionary, not a \(PropertyListValue.foundationTypeName(value))")
        }
        return dictionary
    }
}
