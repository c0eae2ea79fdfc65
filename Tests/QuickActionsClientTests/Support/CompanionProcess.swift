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
            try ServerProcess.binary("quickactions").path, arguments, environment: environment(), output: output,
            error: outputPath == nil ? .null : .output)
    }

    /// Runs `quickactions arguments` to the end, with `extra` added to its environment (killed after `timeout` seconds, and then status -1).
    static func run(_ arguments: [String], timeout: Double = 30, environment extra: [String: String] = [:]) throws -> Result {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let outPath = directory.appendingPathComponent("out").path
        let errPath = directory.appendingPathComponent("err").path
        let exit = try ChildProcess.run(
            try ServerProcess.binary("quickactions").path, arguments, environment: environment().merging(extra) { $1 }, output: .file(outPath),
            error: .file(errPath), seconds: timeout)
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

    /// `run`, on a thread of its own: the wait for the child holds no thread of the concurrency
    /// pool, which the suite's event streams need (this machine's pool has two).
    static func runOffPool(_ arguments: [String], timeout: Double = 30) async throws -> Result {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread { continuation.resume(with: Swift.Result { try run(arguments, timeout: timeout) }) }
        }
    }

    /// A run watched from outside: how it ended, and the most memory it held.
    struct Watched {
        var result: Result
        /// The child's peak resident set (`VmHWM`), in KiB, as last read before it ended.
        var peakKiB: Int
        /// Whether it was killed for passing the memory ceiling.
        var killedForMemory: Bool
        /// Seconds from start to end.
        var seconds: Double
    }

    /// Runs `quickactions arguments`, reading its peak resident set every 20 ms; kills it (SIGKILL)
    /// when that passes `memoryCeilingKiB` or when `timeout` seconds pass (then status -1). Sleeps
    /// between reads without holding a thread of the concurrency pool, which other tests need.
    static func runWatchingMemory(_ arguments: [String], timeout: Double, memoryCeilingKiB: Int) async throws -> Watched {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let outPath = directory.appendingPathComponent("out").path
        let errPath = directory.appendingPathComponent("err").path
        let started = Date()
        let child = try ChildProcess(
            try ServerProcess.binary("quickactions").path, arguments, environment: environment(), output: .file(outPath), error: .file(errPath))
        var peak = 0
        var killedForMemory = false
        var timedOut = false
        while child.isRunning {
            if let resident = peakResidentKiB(child.pid) { peak = max(peak, resident) }
            if peak > memoryCeilingKiB {
                killedForMemory = true
                break
            }
            if Date().timeIntervalSince(started) > timeout {
                timedOut = true
                break
            }
            try await Task.sleep(nanoseconds: 20_000_000)
        }
        if killedForMemory || timedOut { child.signal(SIGKILL) }
        let exit = child.wait()
        let seconds = Date().timeIntervalSince(started)
        var status: Int32
        switch exit {
        case .exited(let code): status = code
        case .signalled(let signal): status = 128 + signal
        }
        if timedOut { status = -1 }
        let result = Result(
            status: status, output: (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "",
            error: (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "")
        return Watched(result: result, peakKiB: peak, killedForMemory: killedForMemory, seconds: seconds)
    }

    /// `VmHWM` of process `pid`, in KiB (nil once it has ended).
    static func peakResidentKiB(_ pid: pid_t) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            return Int(line.dropFirst("VmHWM:".count).trimmingCharacters(in: .whitespaces).split(separator: " ").first ?? "")
        }
        return nil
    }

    /// The runner's environment without the companion's own settings.
    private static func environment() -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["QUICKACTIONS_TOKEN"] = nil
        environment["QUICKACTIONS_URL"] = nil
        return environment
    }
}
