import Foundation
import Testing

/// Paths into `Tests/QuickActionsTests/Fixtures`, copied into the test bundle.
enum FixtureFiles {
    /// The absolute path of `name` (relative to the Fixtures folder).
    static func path(_ name: String) throws -> String {
        let root = try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
        return root.appendingPathComponent(name).path
    }

    /// The bytes of `name`.
    static func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: try path(name))))
    }

    /// A fresh empty directory under the temporary directory.
    static func temporaryDirectory() throws -> String {
        let path = NSTemporaryDirectory() + "/quickactions-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}
