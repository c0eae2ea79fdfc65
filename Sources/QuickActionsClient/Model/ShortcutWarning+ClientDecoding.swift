import QuickActions

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
