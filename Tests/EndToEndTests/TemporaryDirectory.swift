import Foundation

/// A directory unique to one test, removed with everything in it when the last reference goes.
final class TemporaryDirectory {
    /// The directory.
    let url: URL

    /// Creates `<tmp>/quickactiond-e2e-<uuid>`.
    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("quickactiond-e2e-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// The path of `name` inside the directory.
    func path(_ name: String) -> String {
        url.appendingPathComponent(name).path
    }
}
