import Foundation
import Glibc
import TestSupport

/// A shell script of this repository (scripts/…), run to completion by the tests.
enum RepositoryScript {
    /// The repository's root, from this file's place in it.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Runs `bash <root>/<script> arguments…` and waits for it; throws with its output when it fails.
    static func run(_ script: String, _ arguments: [String]) throws {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("script-\(UUID().uuidString).log").path
        defer { try? FileManager.default.removeItem(atPath: log) }
        let child = try ChildProcess("/bin/bash", [root.appendingPathComponent(script).path] + arguments, output: .file(log), error: .output)
        let status = child.wait()
        guard status == .exited(0) else {
            let output = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            throw EndToEndError("\(script) \(arguments.joined(separator: " ")): status \(status): \(output)")
        }
    }
}
