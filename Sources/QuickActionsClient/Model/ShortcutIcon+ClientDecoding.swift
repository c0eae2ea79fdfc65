import QuickActions

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
