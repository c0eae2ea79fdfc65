import Foundation
import Glibc
import TestSupport

/// Runs the `quickactions` executable as a user would.
enum CompanionProcess {
    struct Result {
        var status: Int32
        var output: String
        var error: String
    }

    /// Starts `quickactions arguments`, its stdout and stderr to `outputPath` (or /dev/null); the caller waits for or kills it.
    static func start(_ arguments: [String], outputPath: String? = nil) throws -> ChildProcess {
        let output: ChildProcess.Stream = outputPath.map { .file($0) } ?? .null
        return try ChildProcess(
            try ServerUnderTest.binary("quickactions").path, arguments, environment: environment(), output: output,
            error: outputPath == nil ? .null : .output)
    }

    /// Runs `quickactions arguments` to the end (killed after `timeout` seconds, and then status -1).
    static func run(_ arguments: [String], timeout: Double = 30) throws -> Result {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let outPath = directory.appendingPathComponent("out").path
        let errPath = directory.appendingPathComponent("err").path
        let exit = try ChildProcess.run(
            try ServerUnderTest.binary("quickactions").path, arguments, environment: environment(), output: .file(outPath), error: .file(errPath),
            seconds: timeout)
        let status: Int32
        switch exit {
        case .exited(let code): status = code
        case .signalled(let signal): status = 128 + signal
        case nil: status = -1
        }
        return Result(
            status: status, output: (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "",
            error: (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "")
    }

    /// The runner's environment without the companion's own settings.
    private static func environment() -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["QUICKACTIONS_TOKEN"] = nil
        environment["QUICKACTIONS_URL"] = nil
        return environment
    }
}
