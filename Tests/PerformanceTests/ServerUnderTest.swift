import Foundation
import Glibc
import Synchronization
import quickactiond

/// quickactiond itself, run in this process through the entry point its `main` calls
/// (`Application.run`) with the command line an operator would give: the defaults (two HTTP
/// threads, the default limits and caches), a SQLite file in a temporary directory, 127.0.0.1
/// and an ephemeral port. So the check measures the wiring the binary has, not a copy of it.
///
/// While it starts, standard output is a pipe the listening line is read from (the port, and the
/// proof that start-up is over); while it runs, standard error (its log) goes to a file in its
/// directory. `stop()` sends the process SIGTERM, which the server's signal thread takes: the
/// three signals it handles are blocked in every thread first (`blockStopSignals`).
final class ServerUnderTest {
    /// Single-account mode (with a service token) or `--accounts` (with an admin token).
    enum Mode: Sendable {
        case singleAccount(token: String)
        case accounts(adminToken: String)

        var arguments: [String] {
            switch self {
            case .singleAccount(let token): ["--token", token]
            case .accounts(let adminToken): ["--accounts", "--admin-token", adminToken]
            }
        }
    }

    /// The port the server listens on.
    let port: Int
    private let directory: URL
    private let savedStandardError: Int32
    private let run: Run

    /// The run on its thread: signalled when `Application.run` returned, with what it returned.
    final class Run: Sendable {
        let finished = DispatchSemaphore(value: 0)
        let status = Mutex<Int32?>(nil)
    }

    /// Blocks SIGINT, SIGTERM and SIGHUP in the calling thread, and so in every thread it makes
    /// from then on. Call it first thing: a thread made before would end the process on SIGTERM.
    static func blockStopSignals() {
        var set = sigset_t()
        sigemptyset(&set)
        for number in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&set, number) }
        pthread_sigmask(SIG_BLOCK, &set, nil)
    }

    /// Starts `quickactiond --port 0 --db <directory>/quickactions.sqlite --log-level <logLevel>`
    /// with `mode`'s token, and waits until it listens.
    init(mode: Mode, logLevel: String) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("quickactiond-perf-\(UUID().uuidString)")
        self.directory = directory
        let run = Run()
        self.run = run
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
        let arguments =
            ["quickactiond", "--port", "0", "--db", directory.appendingPathComponent("quickactions.sqlite").path, "--log-level", logLevel]
            + mode.arguments
        let savedStandardError = dup(2)
        self.savedStandardError = savedStandardError
        let log = open(directory.appendingPathComponent("stderr.log").path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        dup2(log, 2)
        close(log)
        do {
            port = try Self.start(arguments, run: run)
        } catch {
            dup2(savedStandardError, 2)
            close(savedStandardError)
            throw SetupError("\(error); its log:\n\(Self.logText(directory))")
        }
    }

    /// Runs `arguments` on a thread of its own, standard output a pipe until the listening line
    /// came (or the run ended); returns the port that line names.
    private static func start(_ arguments: [String], run: Run) throws -> Int {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw SetupError("pipe failed: errno \(errno)") }
        fflush(nil)  // every stream: what `print` buffered goes to the terminal, not to the pipe
        let savedOutput = dup(1)
        dup2(ends[1], 1)
        close(ends[1])
        defer {
            dup2(savedOutput, 1)
            close(savedOutput)
            close(ends[0])
        }
        Thread {
            let code = Application.run(arguments: arguments, environment: [:])
            run.status.withLock { $0 = code }
            run.finished.signal()
        }.start()
        let line = try readLine(ends[0], within: 30)
        let prefix = "quickactiond listening on http://127.0.0.1:"
        guard line.hasPrefix(prefix), let port = Int(line.dropFirst(prefix.count)) else {
            throw SetupError("quickactiond did not start (\(run.status.withLock { $0 }.map { "exit status \($0)" } ?? "still running")): \(line)")
        }
        return port
    }

    /// The first line written to `descriptor`, waiting up to `seconds`; what came when it closed or timed out.
    private static func readLine(_ descriptor: Int32, within seconds: Int32) throws -> String {
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        while bytes.last != UInt8(ascii: "\n") {
            guard poll(&poller, 1, seconds * 1000) > 0, read(descriptor, &byte, 1) == 1 else { break }
            bytes.append(byte)
        }
        return String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .newlines)
    }

    /// Stops the server as an operator would (SIGTERM), waits for the run to end, and removes
    /// its directory.
    func stop() {
        kill(getpid(), SIGTERM)
        if run.finished.wait(timeout: .now() + 30) == .timedOut {
            print("perf-check: quickactiond did not stop within 30 s of SIGTERM")
        } else if let code = run.status.withLock({ $0 }), code != 0 {
            print("perf-check: quickactiond exited with status \(code); its log:\n\(Self.logText(directory))")
        }
        dup2(savedStandardError, 2)
        close(savedStandardError)
        try? FileManager.default.removeItem(at: directory)
    }

    /// The end of what the server wrote to its log in `directory`.
    private static func logText(_ directory: URL) -> String {
        let text = (try? String(contentsOf: directory.appendingPathComponent("stderr.log"), encoding: .utf8)) ?? ""
        return String(text.suffix(4000))
    }
}
