/// Why a web app manifest could not be edited: not a JSON object, or a shortcut URL outside its
/// scope (naming the shortcut).
public struct WebManifestError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The manifest file (or source name).
    public var path: String
    /// The 0-based index of the shortcut at fault, if one is.
    public var shortcutIndex: Int?
    /// Its item type.
    public var type: String?
    /// What is wrong.
    public var reason: String

    /// Creates an error.
    public init(path: String, shortcutIndex: Int? = nil, type: String? = nil, reason: String) {
        self.path = path
        self.shortcutIndex = shortcutIndex
        self.type = type
        self.reason = reason
    }

    /// `PATH: shortcut N (TYPE): REASON`.
    public var description: String {
        guard let shortcutIndex else { return "\(path): \(reason)" }
        return "\(path): shortcut \(shortcutIndex) (\(type ?? "")): \(reason)"
    }
}
