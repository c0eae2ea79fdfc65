/// The rules a trigger's text must satisfy before it is processed or stored: the same for every
/// store, so that a value one backend would keep and another refuse never reaches either.
///
/// No field may hold a control character (C0, U+0000-U+001F; DEL, U+007F; C1, U+0080-U+009F):
/// `type`, `launch`, `deviceId` and the keys of `userInfo` name things, and have no use for
/// one. A string value inside `userInfo` is the app's own text, which may run over lines: TAB,
/// LF and CR are allowed there, and nothing else of C0, DEL or C1.
public enum TriggerValidator {
    /// Throws, naming the field, when a field of `trigger` holds a control character it may not.
    public static func validate(_ trigger: Trigger) throws(ValidationError) {
        for (field, value) in [("type", trigger.type), ("launch", trigger.launch), ("deviceId", trigger.deviceId)] {
            if let value, hasControlCharacter(value) {
                throw ValidationError(field: field, message: "\(field) must not contain control characters (such as NUL).")
            }
        }
        if let userInfo = trigger.userInfo { try validate(.dictionary(userInfo), path: "userInfo") }
    }

    /// Whether `text` holds a C0 or C1 control character, or DEL: what no trigger's type,
    /// launch, device id or contact id holds once stored.
    public static func hasControlCharacter(_ text: String) -> Bool {
        text.unicodeScalars.contains(where: \.isControlCharacter)
    }

    /// Checks `value`, found at `path` (`userInfo.Name`, `userInfo.items[2]`), and what it holds:
    /// the rules of every item's `userInfo` (a trigger's, a scheduled item's).
    static func validate(_ value: PropertyListValue, path: String) throws(ValidationError) {
        switch value {
        case .string(let text):
            if text.unicodeScalars.contains(where: { $0.isControlCharacter && !["\t", "\n", "\r"].contains($0) }) {
                throw ValidationError(
                    field: "userInfo", message: "\(path) must not contain control characters other than tab, line feed and carriage return.")
            }
        case .array(let values):
            for (index, element) in values.enumerated() { try validate(element, path: "\(path)[\(index)]") }
        case .dictionary(let values):
            for (key, element) in values {
                if hasControlCharacter(key) {
                    throw ValidationError(field: "userInfo", message: "The keys of \(path) must not contain control characters (such as NUL).")
                }
                try validate(element, path: "\(path).\(key)")
            }
        case .integer, .real, .bool, .date:
            break
        }
    }
}
