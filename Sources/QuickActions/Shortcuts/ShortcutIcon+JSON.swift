extension ShortcutIcon {
    /// Why a JSON value is not an icon: the sentence, and whether the value named an icon
    /// type that does not exist.
    public struct JSONError: Error, Sendable, Equatable {
        /// What is wrong, about `"icon"`.
        public var reason: String
        /// Whether the shape was right but the `type` is not one of `ShortcutIconType`.
        public var isUnknownType: Bool
    }

    /// Reads the JSON form (`json`'s inverse): an object with exactly one of `type` (a
    /// `ShortcutIconType` name), `systemImageName` or `templateImageName`, a non-empty string.
    public init(json value: JSONValue) throws(JSONError) {
        let shape = "\"icon\" must be an object with exactly one of \"type\", \"systemImageName\", \"templateImageName\""
        guard case .object(let fields) = value, fields.count == 1, let (key, inner) = fields.first else {
            throw JSONError(reason: shape, isUnknownType: false)
        }
        guard case .string(let name) = inner, !name.isEmpty else {
            throw JSONError(reason: "\"icon\".\"\(key)\" must be a non-empty string", isUnknownType: false)
        }
        switch key {
        case "type":
            guard let type = ShortcutIconType(rawValue: name) else {
                let names = ShortcutIconType.allCases.map(\.rawValue).joined(separator: ", ")
                throw JSONError(reason: "unknown icon type \"\(name)\"; valid types are \(names)", isUnknownType: true)
            }
            self = .type(type)
        case "systemImageName": self = .systemImageName(name)
        case "templateImageName": self = .templateImageName(name)
        default: throw JSONError(reason: shape + ", not \"\(key)\"", isUnknownType: false)
        }
    }
}
