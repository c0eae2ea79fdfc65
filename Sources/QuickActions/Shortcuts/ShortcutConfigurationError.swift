/// Why a shortcut configuration file (an Info.plist or a JSON items file) was refused.
/// The description names the file, the item when there is one, and what is wrong.
public struct ShortcutConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kind of problem, for callers that map it to a status or an exit code.
    public enum Kind: String, Sendable, Hashable {
        /// The file could not be read at all.
        case unreadable
        /// Not a well-formed XML or binary property list, nor valid JSON.
        case malformed
        /// No `UIApplicationShortcutItems` array (or JSON `items` array).
        case missingShortcutItems
        /// An item lacks its type or title, has a value of the wrong type, or an unknown JSON field.
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

    /// Creates an error.
    public init(kind: Kind, path: String, itemIndex: Int? = nil, reason: String) {
        self.kind = kind
        self.path = path
        self.itemIndex = itemIndex
        self.reason = reason
    }

    /// `PATH: item N: REASON`.
    public var description: String {
        if let itemIndex { return "\(path): item \(itemIndex): \(reason)" }
        return "\(path): \(reason)"
    }
}
