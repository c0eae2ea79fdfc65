import Foundation

/// Reads one entry of `UIApplicationShortcutItems`.
struct InfoPlistItemReader {
    let source: String
    let index: Int
    /// The optional keys that were present but empty, and so read as absent.
    var emptyKeys: [String] = []

    func failure(_ kind: StaticShortcutConfigurationError.Kind, _ reason: String) -> StaticShortcutConfigurationError {
        StaticShortcutConfigurationError(kind: kind, path: source, itemIndex: index, reason: reason)
    }

    mutating func item(from entry: Any) throws(StaticShortcutConfigurationError) -> ShortcutItem {
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

    func string(_ key: String, in fields: [String: Any]) throws(StaticShortcutConfigurationError) -> String? {
        guard let value = fields[key] else { return nil }
        guard type(of: value) != Bool.self, let string = value as? String else {
            throw failure(.invalidItem, "\(key) must be a string, not a \(PropertyListValue.foundationTypeName(value))")
        }
        guard !string.isEmpty else { throw failure(.invalidItem, "\(key) is empty") }
        return string
    }

    /// An optional key's string; an empty one is read as absent, as SpringBoard does, and noted.
    mutating func optionalString(_ key: String, in fields: [String: Any]) throws(StaticShortcutConfigurationError) -> String? {
        guard let value = fields[key], type(of: value) != Bool.self, let string = value as? String, string.isEmpty else {
            return try string(key, in: fields)
        }
        emptyKeys.append(key)
        return nil
    }

    func userInfo(in fields: [String: Any]) throws(StaticShortcutConfigurationError) -> [String: PropertyListValue]? {
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
