import Foundation

/// A directory unique to one test, removed with everything in it when the last reference goes.
public final class TemporaryDirectory {
    /// The directory.
    public let url: URL
    /// Whether this object made the directory, and so removes it.
    private let owned: Bool

    /// Creates `<tmp>/quickactiond-e2e-<uuid>`.
    public init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("quickactiond-e2e-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
        owned = true
    }

    /// A directory the caller made and removes (created here if missing): nothing is removed
    /// when the last reference goes.
    public init(existing url: URL) throws {
        self.url = url
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        owned = false
    }

    deinit {
        if owned { try? FileManager.default.removeItem(at: url) }
    }

    /// The path of `name` inside the directory.
    public func path(_ name: String) -> String {
        url.appendingPathComponent(name).path
    }
}
