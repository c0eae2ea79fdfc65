import Foundation
import Glibc

/// Runs the `quickactions` executable as a user would.
enum CompanionProcess {
    struct Result {
        var status: Int32
        var output: String
        var error: String
    }

    /// Starts `quickactions arguments`; the caller waits for or kills it.
    static func start(_ arguments: [String], output: FileHandle? = nil) throws -> Process {
        let process = Process()
        process.executableURL = try ServerUnderTest.binary("quickactions")
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output ?? FileHandle.nullDevice
        process.standardError = output ?? FileHandle.nullDevice
        var environment = ProcessInfo.processInfo.environment
        environment["QUICKACTIONS_TOKEN"] = nil
        environment["QUICKACTIONS_URL"] = nil
        process.environment = environment
        try process.run()
        return process
    }

    /// Runs `quickactions arguments` to the end (killed after `timeout` seconds).
    static func run(_ arguments: [String], timeout: Double = 30) throws -> Result {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let outPath = directory.appendingPathComponent("out").path
        let errPath = directory.appendingPathComponent("err").path
        _ = FileManager.default.createFile(atPath: outPath, contents: nil)
        _ = FileManager.default.createFile(atPath: errPath, contents: nil)
        let out = try FileHandle(forWritingTo: URL(fileURLWithPath: outPath))
        let err = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
        let process = Process()
        process.executableURL = try ServerUnderTest.binary("quickactions")
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = out
        process.standardError = err
        var environment = ProcessInfo.processInfo.environment
        environment["QUICKACTIONS_TOKEN"] = nil
        environment["QUICKACTIONS_URL"] = nil
        process.environment = environment
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        try? out.close()
        try? err.close()
        return Result(
            status: process.terminationStatus, output: (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "",
            error: (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "")
    }
}
