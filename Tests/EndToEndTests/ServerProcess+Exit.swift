import Foundation
import Glibc

/// What a quickactiond run that was expected to stop by itself did.
struct FinishedRun {
    /// How it ended; `.hung` when it was still running at the timeout (and was killed).
    let exit: ServerExit
    /// Everything it wrote to stdout.
    let standardOutput: String
    /// Everything it wrote to stderr.
    let standardError: String

    /// Whether it got as far as listening (it printed the listening line).
    var listened: Bool {
        standardOutput.contains("quickactiond listening on")
    }
}

extension ServerProcess {
    /// Runs `quickactiond --port 0 --db <directory>/test.sqlite <arguments>` for a start-up that
    /// must fail, and waits for it to exit. A process still running after `timeout` seconds (it
    /// started when it should not have) is killed with SIGKILL: no test leaves it behind.
    static func runToExit(
        directory: TemporaryDirectory, arguments: [String], environment: [String: String] = [:], timeout: Double = 10
    ) throws -> FinishedRun {
        let outputPath = directory.path("stdout-\(UUID().uuidString).log")
        let errorPath = directory.path("stderr-\(UUID().uuidString).log")
        for path in [outputPath, errorPath] {
            guard FileManager.default.createFile(atPath: path, contents: nil) else { throw HTTPTestClientError("cannot create \(path)") }
        }
        let outputFile = try FileHandle(forWritingTo: URL(fileURLWithPath: outputPath))
        let errorFile = try FileHandle(forWritingTo: URL(fileURLWithPath: errorPath))
        defer {
            try? outputFile.close()
            try? errorFile.close()
        }

        let process = Process()
        process.executableURL = try binary()
        process.arguments = ["--port", "0", "--db", directory.path("test.sqlite")] + arguments
        process.currentDirectoryURL = directory.url
        process.standardOutput = outputFile
        process.standardError = errorFile
        process.standardInput = FileHandle.nullDevice
        process.environment = Self.environment(adding: environment)
        try process.run()

        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline {
            usleep(5_000)
        }
        let exit: ServerExit
        if process.isRunning {
            _ = Glibc.kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            exit = .hung
        } else if process.terminationReason == .uncaughtSignal {
            exit = .signalled(process.terminationStatus)
        } else {
            exit = .exited(process.terminationStatus)
        }
        return FinishedRun(
            exit: exit, standardOutput: (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "",
            standardError: (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? "")
    }
}
