import Foundation

extension ShortcutConfiguration {
    /// Parses an XML or binary Info.plist's `UIApplicationShortcutItems`.
    ///
    /// Stricter than SpringBoard, which silently drops an item without a type or title and
    /// ignores an unknown icon type: here each is an error naming the item.
    static func parsePropertyList(_ bytes: [UInt8], source: String) throws(ShortcutConfigurationError) -> ShortcutConfiguration {
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
        var items: [ShortcutItem] = []
        for (index, entry) in entries.enumerated() {
            items.append(try InfoPlistItemReader(source: source, index: index).item(from: entry))
        }
        try checkUniqueTypes(items, source: source)
        let region = (dictionary["CFBundleDevelopmentRegion"] as? String).flatMap(usableAppName)?.replacingOccurrences(of: "_", with: "-")
        return ShortcutConfiguration(staticItems: items, appName: appName(in: dictionary), developmentRegion: region)
    }

    /// `CFBundleDisplayName`, else `CFBundleName`, skipping empty values and unexpanded
    /// build settings such as `$(PRODUCT_NAME)`.
    static func appName(in dictionary: [String: Any]) -> String? {
        for key in [ShortcutInfoPlistKey.bundleDisplayName, ShortcutInfoPlistKey.bundleName] {
            if let name = dictionary[key] as? String, let usable = usableAppName(name) { return usable }
        }
        return nil
    }

    /// `name` trimmed, or nil when it is empty or a build-setting reference.
    static func usableAppName(_ name: String) -> String? {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, !trimmed.contains("$("), !trimmed.contains("${") else { return nil }
        return trimmed
    }
}

/// Reads one entry of `UIApplicationShortcutItems`.
private struct InfoPlistItemReader {
    let source: String
    let index: Int

    func failure(_ kind: ShortcutConfigurationError.Kind, _ reason: String) -> ShortcutConfigurationError {
        ShortcutConfigurationError(kind: kind, path: source, itemIndex: index, reason: reason)
    }

    func item(from entry: Any) throws(ShortcutConfigurationError) -> ShortcutItem {
        guard let fields = entry as? [String: Any] else {
            throw failure(.invalidItem, "is a \(PropertyListValue.foundationTypeName(entry)), not a dictionary with string keys")
        }
        guard let type = try string(ShortcutInfoPlistKey.type, in: fields) else {
            throw failure(.invalidItem, "has no \(ShortcutInfoPlistKey.type)")
        }
        guard let title = try string(ShortcutInfoPlistKey.title, in: fields) else {
            throw failure(.invalidItem, "has no \(ShortcutInfoPlistKey.title)")
        }
        let subtitle = try string(ShortcutInfoPlistKey.subtitle, in: fields, allowEmpty: true)
        let symbolName = try string(ShortcutInfoPlistKey.iconSymbolName, in: fields)
        let iconFile = try string(ShortcutInfoPlistKey.iconFile, in: fields)
        let iconTypeName = try string(ShortcutInfoPlistKey.iconType, in: fields)
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
            targetContentIdentifier: try string(ShortcutInfoPlistKey.targetContentIdentifier, in: fields), kind: .static)
    }

    func string(_ key: String, in fields: [String: Any], allowEmpty: Bool = false) throws(ShortcutConfigurationError) -> String? {
        guard let value = fields[key] else { return nil }
        guard type(of: value) != Bool.self, let string = value as? String else {
            throw failure(.invalidItem, "\(key) must be a string, not a \(PropertyListValue.foundationTypeName(value))")
        }
        guard allowEmpty || !string.isEmpty else { throw failure(.invalidItem, "\(key) is empty") }
        return string
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
