/// One Human Interface Guidelines finding about a quick action.
public struct ShortcutWarning: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// The 0-based position of the item in the list that was checked.
    public var index: Int
    /// The item's type, so the finding can be traced without the index.
    public var type: String
    /// A stable machine id: one of `ShortcutLinter.rules`.
    public var rule: String
    /// What is wrong, for people.
    public var message: String

    /// Creates a warning.
    public init(index: Int, type: String, rule: String, message: String) {
        self.index = index
        self.type = type
        self.rule = rule
        self.message = message
    }

    /// `{"index", "type", "rule", "message"}`.
    public var json: JSONValue {
        ["index": .integer(Int64(index)), "type": .string(type), "rule": .string(rule), "message": .string(message)]
    }

    /// `item N (TYPE): RULE: MESSAGE`.
    public var description: String { "item \(index) (\(type)): \(rule): \(message)" }
}
