extension OperatorText {
    /// The first text of `item` holding a refused control character, named by its Info.plist
    /// key, with the reason; or nil.
    static func problem(in item: ShortcutItem) -> String? {
        var texts: [(key: String, text: String?)] = [
            (ShortcutInfoPlistKey.type, item.type), (ShortcutInfoPlistKey.title, item.localizedTitle),
            (ShortcutInfoPlistKey.subtitle, item.localizedSubtitle), (ShortcutInfoPlistKey.targetContentIdentifier, item.targetContentIdentifier),
            ("disabledMessage", item.disabledMessage),
        ]
        switch item.icon {
        case .systemImageName(let name)?: texts.append((ShortcutInfoPlistKey.iconSymbolName, name))
        case .templateImageName(let name)?: texts.append((ShortcutInfoPlistKey.iconFile, name))
        case .type?, nil: break
        }
        for (key, text) in texts {
            if let text, let problem = problem(in: text) { return "\(key) \(problem)" }
        }
        return item.userInfo.flatMap { problem(in: .dictionary($0), path: ShortcutInfoPlistKey.userInfo) }
    }

    /// The first string or key inside `value` holding a refused control character, or nil.
    private static func problem(in value: PropertyListValue, path: String) -> String? {
        switch value {
        case .string(let text):
            return problem(in: text).map { "\(path) \($0)" }
        case .array(let values):
            for (index, element) in values.enumerated() {
                if let found = problem(in: element, path: "\(path)[\(index)]") { return found }
            }
        case .dictionary(let values):
            for (key, element) in values.sorted(by: { $0.key < $1.key }) {
                if let found = problem(in: key) { return "a key of \(path) \(found)" }
                if let found = problem(in: element, path: "\(path).\(key)") { return found }
            }
        case .integer, .real, .bool, .date:
            break
        }
        return nil
    }
}
