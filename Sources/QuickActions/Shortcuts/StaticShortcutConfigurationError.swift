/// Why a shortcut configuration file (an Info.plist or a JSON items file) was refused.
/// The description names the file, the item when there is one, and what is wrong.
public struct StaticShortcutConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kind of problem, for callers that map it to a status or an exit code.
    public enum Kind: String, Sendable, Hashable {
        /// The file could not be read at all.
        case unreadable
        /// Not a well-formed XML or binary property list, nor valid JSON.
        case malformed
        /// No `UIApplicationShortcutItems` array (or JSON `items` array).
        case missingShortcutItems
        /// An item lacks its type or title, has a value of the wrong type, an unknown JSON field,
        /// or text holding a control character (`OperatorText`).
        case invalidItem
        /// An icon type that is not one of the 29 `UIApplicationShortcutIcon.IconType` cases.
        case unknownIconType
        /// Two static items with the same type.
        case duplicateType
        /// A userInfo that is not property-list data we can carry (data, null, non-string keys…).
        case invalidUserInfo
    }

    /// The kind of problem.
    public var kind: Kind
    /// The file (or source name) at fault.
    public var path: String
    /// The 0-based index of the item at fault, as Xcode's plist editor counts ("Item 0").
    public var itemIndex: Int?
    /// What is wrong, without the file name.
    public var reason: String
    /// The 1-based line, when the file has lines and the problem was placed on one.
    public var line: Int?

    /// Creates an error.
    public init(kind: Kind, path: String, itemIndex: Int? = nil, reason: String, line: Int? = nil) {
        self.kind = kind
        self.path = path
        self.itemIndex = itemIndex
        self.reason = reason
        self.line = line
    }

    /// `PATH:LINE: item N: REASON`, the line and item left out when unknown.
    public var description: String {
        let location = path + (line.map { ":\($0)" } ?? "")
        if let itemIndex { return "\(location): item \(itemIndex): \(reason)" }
        return "\(location): \(reason)"
    }
}
