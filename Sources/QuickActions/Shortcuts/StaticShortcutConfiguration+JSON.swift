extension StaticShortcutConfiguration {
    /// The fields a JSON item may have, as in the API.
    static let jsonItemFields: Set<String> = [
        "type", "localizedTitle", "localizedSubtitle", "icon", "userInfo", "targetContentIdentifier", "enabled", "disabledMessage",
    ]

    /// Parses `[item, …]` or `{"items": [item, …]}`, items in the API's shape.
    static func parseJSON(_ bytes: [UInt8], source: String) throws(StaticShortcutConfigurationError) -> StaticShortcutConfiguration {
        let root: JSONValue
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            throw StaticShortcutConfigurationError(kind: .malformed, path: source, reason: "is not valid JSON (\(error))")
        }
        if let found = OperatorText.firstRefused(inJSON: bytes) {
            throw StaticShortcutConfigurationError(
                kind: .invalidItem, path: source, reason: "has a string that \(OperatorText.reason(found.scalar))", line: found.line)
        }
        let entries: [JSONValue]
        switch root {
        case .array(let array):
            entries = array
        case .object(let object):
            guard let items = object["items"] else {
                throw StaticShortcutConfigurationError(kind: .missingShortcutItems, path: source, reason: "has no \"items\" array")
            }
            if let unknown = object.keys.sorted().first(where: { $0 != "items" }) {
                throw StaticShortcutConfigurationError(
                    kind: .malformed, path: source, reason: "has an unknown field \"\(unknown)\"; expected {\"items\": [...]}")
            }
            guard case .array(let array) = items else {
                throw StaticShortcutConfigurationError(
                    kind: .missingShortcutItems, path: source, reason: "\"items\" is a \(items.typeName), not an array")
            }
            entries = array
        default:
            throw StaticShortcutConfigurationError(kind: .malformed, path: source, reason: "holds a \(root.typeName), not items")
        }
        var items: [ShortcutItem] = []
        for (index, entry) in entries.enumerated() {
            items.append(try JSONItemReader(source: source, index: index).item(from: entry))
        }
        try checkUniqueTypes(items, source: source)
        return StaticShortcutConfiguration(staticItems: items, appName: nil)
    }
}

/// Reads one JSON item. Unknown fields are refused; `null` for an optional field means absent.
private struct JSONItemReader {
    let source: String
    let index: Int

    func failure(_ kind: StaticShortcutConfigurationError.Kind, _ reason: String) -> StaticShortcutConfigurationError {
        StaticShortcutConfigurationError(kind: kind, path: source, itemIndex: index, reason: reason)
    }

    func item(from entry: JSONValue) throws(StaticShortcutConfigurationError) -> ShortcutItem {
        guard case .object(let fields) = entry else { throw failure(.invalidItem, "is a \(entry.typeName), not an object") }
        if let unknown = fields.keys.sorted().first(where: { !StaticShortcutConfiguration.jsonItemFields.contains($0) }) {
            let allowed = StaticShortcutConfiguration.jsonItemFields.sorted().joined(separator: ", ")
            throw failure(.invalidItem, "has an unknown field \"\(unknown)\" (allowed: \(allowed))")
        }
        guard let type = try string("type", in: fields) else { throw failure(.invalidItem, "has no \"type\"") }
        guard let title = try string("localizedTitle", in: fields) else { throw failure(.invalidItem, "has no \"localizedTitle\"") }
        var enabled = true
        if let value = fields["enabled"], value != .null {
            guard case .bool(let flag) = value else { throw failure(.invalidItem, "\"enabled\" must be a boolean, not a \(value.typeName)") }
            enabled = flag
        }
        return ShortcutItem(
            type: type, localizedTitle: title, localizedSubtitle: try string("localizedSubtitle", in: fields, allowEmpty: true),
            icon: try icon(fields["icon"]), userInfo: try userInfo(fields["userInfo"]),
            targetContentIdentifier: try string("targetContentIdentifier", in: fields), kind: .static, visible: enabled, enabled: enabled,
            disabledMessage: try string("disabledMessage", in: fields))
    }

    func string(_ key: String, in fields: [String: JSONValue], allowEmpty: Bool = false) throws(StaticShortcutConfigurationError) -> String? {
        guard let value = fields[key], value != .null else { return nil }
        guard case .string(let string) = value else {
            throw failure(.invalidItem, "\"\(key)\" must be a string, not a \(value.typeName)")
        }
        guard allowEmpty || !string.isEmpty else { throw failure(.invalidItem, "\"\(key)\" is empty") }
        return string
    }

    func icon(_ value: JSONValue?) throws(StaticShortcutConfigurationError) -> ShortcutIcon? {
        guard let value, value != .null else { return nil }
        do {
            return try ShortcutIcon(json: value)
        } catch {
            throw failure(error.isUnknownType ? .unknownIconType : .invalidItem, error.reason)
        }
    }

    func userInfo(_ value: JSONValue?) throws(StaticShortcutConfigurationError) -> [String: PropertyListValue]? {
        guard let value, value != .null else { return nil }
        guard case .object(let fields) = value else {
            throw failure(.invalidUserInfo, "\"userInfo\" must be an object, not a \(value.typeName)")
        }
        if let path = Self.nullPath(in: value) {
            throw failure(.invalidUserInfo, "\"userInfo\"\(path) is null, which is not property-list data")
        }
        var converted: [String: PropertyListValue] = [:]
        for (key, field) in fields {
            guard let element = PropertyListValue(json: field) else {
                throw failure(.invalidUserInfo, "\"userInfo\"[\"\(key)\"] is not property-list data")
            }
            converted[key] = element
        }
        return converted
    }

    /// The path of the first `null` in `value` (keys in sorted order), or nil.
    static func nullPath(in value: JSONValue) -> String? {
        switch value {
        case .null: return ""
        case .array(let values):
            for (offset, element) in values.enumerated() {
                if let path = nullPath(in: element) { return "[\(offset)]" + path }
            }
        case .object(let fields):
            for key in fields.keys.sorted() {
                if let element = fields[key], let path = nullPath(in: element) { return "[\"\(key)\"]" + path }
            }
        default: break
        }
        return nil
    }
}
