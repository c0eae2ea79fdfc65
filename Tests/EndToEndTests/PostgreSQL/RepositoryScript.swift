import Foundation
import Glibc

/// A shell script of this repository (scripts/…), run to completion by the tests.
enum RepositoryScript {
    /// The repository's root, from this file's place in it.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Runs `bash <root>/<script> arguments…` and waits for it; throws with its output when it fails.
    /// Spawned and reaped with posix_spawn and waitpid: Foundation's `Process` did not reap a script
    /// that leaves a daemon behind (pg_ctl, nginx) and `waitUntilExit` hung.
    static func run(_ script: String, _ arguments: [String]) throws {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("script-\(UUID().uuidString).log").path
        defer { try? FileManager.default.removeItem(atPath: log) }
        let argv = ["/bin/bash", root.appendingPathComponent(script).path] + arguments
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, log, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let cArguments = argv.map { strdup($0) } + [nil]
        defer { cArguments.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, argv[0], &actions, nil, cArguments, environ)
        guard spawned == 0 else { throw HTTPTestClientError("posix_spawn \(script): \(spawned)") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        guard status == 0 else {
            let output = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            throw HTTPTestClientError("\(script) \(arguments.joined(separator: " ")): status \(status): \(output)")
        }
    }
}
