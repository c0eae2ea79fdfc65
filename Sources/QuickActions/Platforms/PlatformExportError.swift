/// Why the items could not be written in another platform's form: names the item (its index
/// and type), the language when the text of one is at fault, and what is wrong.
public struct PlatformExportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The platform being written.
    public var platform: ShortcutPlatform
    /// The 0-based index of the item at fault, if one is.
    public var itemIndex: Int?
    /// Its type.
    public var type: String?
    /// The language whose text is at fault, if one is.
    public var language: String?
    /// What is wrong.
    public var reason: String

    /// Creates an error.
    public init(platform: ShortcutPlatform, itemIndex: Int? = nil, type: String? = nil, language: String? = nil, reason: String) {
        self.platform = platform
        self.itemIndex = itemIndex
        self.type = type
        self.language = language
        self.reason = reason
    }

    /// `item N (TYPE) [LANGUAGE]: REASON`, parts left out when unknown.
    public var description: String {
        var parts: [String] = []
        if let itemIndex { parts.append("item \(itemIndex) (\(type ?? ""))") }
        if let language { parts.append("[\(language)]") }
        return (parts.isEmpty ? "" : parts.joined(separator: " ") + ": ") + reason
    }
}
