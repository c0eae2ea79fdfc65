/// Why a platform mapping file was refused, or does not fit the items: names the file, the
/// place in it (`android.items.SearchAction.id`) and what is wrong.
public struct PlatformMappingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file.
    public var path: String
    /// The key path in the file, e.g. `web.items.FavoriteAction.url`; empty for the whole file.
    public var keyPath: String
    /// What is wrong.
    public var reason: String

    /// Creates an error.
    public init(path: String, keyPath: String, reason: String) {
        self.path = path
        self.keyPath = keyPath
        self.reason = reason
    }

    /// `PATH: KEYPATH: REASON`.
    public var description: String { keyPath.isEmpty ? "\(path): \(reason)" : "\(path): \(keyPath): \(reason)" }
}
