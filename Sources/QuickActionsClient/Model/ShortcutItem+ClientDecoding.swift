import QuickActions

extension ShortcutItem {
    /// The item from its API JSON form (`ShortcutItem.json`), or nil when a required member is
    /// missing or has the wrong type. Unknown members are ignored: a newer server may add some.
    init?(clientJSON value: JSONValue) {
        guard case .object(let object) = value, let type = object["type"]?.stringValue,
            let title = object["localizedTitle"]?.stringValue
        else { return nil }
        let kind = object["kind"]?.stringValue.flatMap(Kind.init(rawValue:)) ?? .dynamic
        var visible = true
        if case .bool(let flag)? = object["visible"] { visible = flag }
        var userInfo: [String: PropertyListValue]?
        if let info = object["userInfo"] {
            guard case .dictionary(let dictionary)? = PropertyListValue(json: info) else { return nil }
            userInfo = dictionary
        }
        self.init(
            type: type, localizedTitle: title, localizedSubtitle: object["localizedSubtitle"]?.stringValue,
            icon: object["icon"].flatMap(ShortcutIcon.init(clientJSON:)), userInfo: userInfo,
            targetContentIdentifier: object["targetContentIdentifier"]?.stringValue, kind: kind, visible: visible)
    }
}

extension ShortcutIcon {
    /// The icon from `{"type"|"systemImageName"|"templateImageName": …}`; nil for anything else.
    init?(clientJSON value: JSONValue) {
        guard case .object(let object) = value else { return nil }
        if let name = object["type"]?.stringValue, let type = ShortcutIconType(rawValue: name) {
            self = .type(type)
        } else if let name = object["systemImageName"]?.stringValue {
            self = .systemImageName(name)
        } else if let name = object["templateImageName"]?.stringValue {
            self = .templateImageName(name)
        } else {
            return nil
        }
    }
}

extension ShortcutWarning {
    /// The warning from its API JSON form (`ShortcutWarning.json`).
    init?(clientJSON value: JSONValue) {
        guard case .object(let object) = value, let rule = object["rule"]?.stringValue, let message = object["message"]?.stringValue else {
            return nil
        }
        var index: Int?
        if case .integer(let number)? = object["index"] { index = Int(number) }
        self.init(index: index, type: object["type"]?.stringValue, rule: rule, message: message, language: object["language"]?.stringValue)
    }
}
