import Foundation
import Glibc

/// What a quickactiond run that was expected to stop by itself did.
public struct FinishedRun {
    /// How it ended; `.hung` when it was still running at the timeout (and was killed).
    public let exit: ServerExit
    /// Everything it wrote to stdout.
    public let standardOutput: String
    /// Everything it wrote to stderr.
    public let standardError: String

    /// Whether it got as far as listening (it printed the listening line).
    public var listened: Bool {
        standardOutput.contains("quickactiond listening on")
    }
}

extension ServerProcess {
    /// Runs `quickactiond --port 0 --db <directory>/test.sqlite <arguments>` for a start-up that
    /// must fail, and waits for it to exit. A process still running after `timeout` seconds (it
    /// started when it should not have) is killed with SIGKILL: no test leaves it behind.
    public static func runToExit(
        directory: TemporaryDirectory, arguments: [String], environment: [String: String] = [:], timeout: Double = 10
    ) throws -> FinishedRun {
        let outputPath = directory.path("stdout-\(UUID().uuidString).log")
        let errorPath = directory.path("stderr-\(UUID().uuidString).log")
        let ended = try ChildProcess.run(
            try binary().path, ["--port", "0", "--db", directory.path("test.sqlite")] + arguments, environment: Self.environment(adding: environment),
            directory: directory.url.path, output: .file(outputPath), error: .file(errorPath), seconds: timeout)
        return FinishedRun(
            exit: ended.map(ServerExit.init) ?? .hung, standardOutput: (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "",
            standardError: (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? "")
    }
}
