import QuickActions

extension ShortcutItem {
    /// The item from its API JSON form (`ShortcutItem.json`), or nil when a required member is
    /// missing or has the wrong type. Unknown members are ignored: a newer server may add some;
    /// `rank` is read when present (an older server sends none).
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
        var rank: Int?
        if case .integer(let number)? = object["rank"], number >= 0, number <= Int64(Int32.max) { rank = Int(number) }
        self.init(
            type: type, localizedTitle: title, localizedSubtitle: object["localizedSubtitle"]?.stringValue,
            icon: object["icon"].flatMap(ShortcutIcon.init(clientJSON:)), userInfo: userInfo,
            targetContentIdentifier: object["targetContentIdentifier"]?.stringValue, kind: kind, visible: visible,
            enabled: object["enabled"] != .bool(false), disabledMessage: object["disabledMessage"]?.stringValue, rank: rank)
    }
}
