import Foundation
import Glibc
import Testing

/// How a server process ended.
public enum ServerExit: Equatable, CustomStringConvertible {
    /// It returned from `main` or called `exit` with this status.
    case exited(Int32)
    /// A signal ended it.
    case signalled(Int32)
    /// It ignored the signal it was sent, and was killed with SIGKILL after the stop timeout.
    case hung

    /// A child's ending, which was in time.
    public init(_ exit: ChildExit) {
        switch exit {
        case .exited(let status): self = .exited(status)
        case .signalled(let number): self = .signalled(number)
        }
    }

    public var description: String {
        switch self {
        case .exited(let status): "exit status \(status)"
        case .signalled(let signal): "signal \(signal)"
        case .hung: "no exit within \(ServerProcess.stopTimeoutSeconds) s (killed with SIGKILL)"
        }
    }
}

/// The real `quickactiond` binary, started as a user would start it, on an ephemeral port
/// with its database in a per-test directory. Always stop it (`defer { server.stop() }`);
/// `deinit` kills it as a last resort so that no server outlives its test.
public final class ServerProcess {
    /// Seconds to wait for the `listening on` line.
    public static let startTimeoutSeconds = 10.0
    /// Seconds to wait for a graceful stop. The server waits up to 10 s for requests in flight,
    /// but no test leaves one in flight, so a healthy server exits within milliseconds.
    public static let stopTimeoutSeconds = 5.0

    /// The port the server reported.
    public let port: Int
    /// The host the server reported in its listening line (`127.0.0.1`, or `0.0.0.0` with `--host 0.0.0.0`).
    /// Tests always connect to 127.0.0.1 whatever it is.
    public let listeningHost: String
    /// The directory holding the database and the logs; kept alive while the server runs.
    public let directory: TemporaryDirectory
    /// The SQLite file passed with `--db`.
    public let databasePath: String
    /// Where the server's stderr goes.
    public let standardErrorPath: String

    private let child: ChildProcess
    private var exit: ServerExit?

    /// Starts `quickactiond --port 0 --db <directory>/test.sqlite <arguments>` and waits until it listens.
    /// `environment` is added to the test runner's environment (without any `QUICKACTIOND_TOKEN` of its own).
    /// Its stderr goes to `standardErrorPath` unless `standardError` says otherwise.
    public init(
        directory: TemporaryDirectory, arguments: [String] = [], environment: [String: String] = [:], standardError: ChildProcess.Stream? = nil
    ) throws {
        // A write to a socket or pipe the other side closed must fail its test, not end the test
        // process: SIGPIPE is ignored from the first network test on (every such write checks errors).
        _ = signal(SIGPIPE, SIG_IGN)
        self.directory = directory
        databasePath = directory.path("test.sqlite")
        standardErrorPath = directory.path("stderr-\(UUID().uuidString).log")
        child = try ChildProcess(
            try Self.binary().path, ["--port", "0", "--db", databasePath] + arguments, environment: Self.environment(adding: environment),
            directory: directory.url.path, output: .pipe, error: standardError ?? .file(standardErrorPath))
        do {
            (listeningHost, port) = try Self.awaitListening(child)
        } catch {
            _ = child.stop(SIGKILL, seconds: Self.stopTimeoutSeconds)
            let log = (try? String(contentsOfFile: standardErrorPath, encoding: .utf8)) ?? ""
            throw EndToEndError("\(error); stderr:\n\(log)")
        }
    }

    /// Starts a server in a new temporary directory of its own.
    public convenience init(arguments: [String] = [], environment: [String: String] = [:], standardError: ChildProcess.Stream? = nil) throws {
        try self.init(directory: TemporaryDirectory(), arguments: arguments, environment: environment, standardError: standardError)
    }

    deinit {
        if exit == nil { _ = Self.terminate(child, signal: SIGKILL) }
    }

    /// The process id.
    public var pid: Int32 { child.pid }

    /// SIGTERM, then waits; a server that does not stop in time is killed and reported as `.hung`.
    @discardableResult
    public func stop() -> ServerExit {
        end(with: SIGTERM)
    }

    /// SIGKILL, as a crash or power cut would: no chance to clean up.
    @discardableResult
    public func kill() -> ServerExit {
        end(with: SIGKILL)
    }

    /// Sends `signal` once and remembers how the server ended; later calls return that.
    private func end(with signal: Int32) -> ServerExit {
        if let exit { return exit }
        let crashed: Bool
        if case .signalled(let number) = child.exit { crashed = Self.crashSignals.contains(number) } else { crashed = false }
        let ended = Self.terminate(child, signal: signal)
        exit = ended
        if crashed {
            // Whatever the test checked, a server that died of a crash signal fails it, with its last words.
            // Swift's backtracer writes the crashed thread first, after a line naming the crash.
            let log = (try? String(contentsOfFile: standardErrorPath, encoding: .utf8)) ?? ""
            let crash = log.range(of: "Program crashed")?.lowerBound ?? log.index(log.endIndex, offsetBy: -min(log.count, 4000))
            Issue.record("the server crashed before it was stopped (\(ended)); its stderr from the crash on:\n\(log[crash...].prefix(8000))")
        }
        return ended
    }

    /// Signals that mean a crash (a Swift runtime trap is SIGILL or SIGTRAP), not a stop a test asked for.
    public static let crashSignals: Set<Int32> = [SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE, SIGSEGV]

    /// What the server wrote to stderr so far.
    ///
    /// Request lines are written a few milliseconds after their answers (the server buffers
    /// them), in order: so a running server is first sent a marker request, and the log is read
    /// once the marker's line is in it, with every earlier line before it.
    public func standardError() throws -> String {
        let marker = "log-flush-\(UUID().uuidString)"
        guard (try? request("GET", "/healthz", headers: [("X-Request-Id", marker)])) != nil else {
            return try String(contentsOfFile: standardErrorPath, encoding: .utf8)
        }
        let deadline = Date().addingTimeInterval(5)
        while true {
            let log = try String(contentsOfFile: standardErrorPath, encoding: .utf8)
            if log.contains(marker) || Date() > deadline { return log }
            usleep(5_000)
        }
    }

    /// `http://127.0.0.1:<port>`.
    public var url: URL { Self.url(port: port) }

    /// `http://127.0.0.1:<port>`, for a server or stand-in on `port`.
    public static func url(port: Int) -> URL {
        URL(string: "http://127.0.0.1:\(port)") ?? URL(fileURLWithPath: "/")
    }

    /// A new connection to the server.
    public func connect() throws -> RawHTTPConnection {
        try RawHTTPConnection(port: port)
    }

    /// One request on a connection of its own.
    public func request(_ method: String, _ target: String, headers: [(String, String)] = [], body: [UInt8]? = nil) throws -> RawHTTPResponse {
        let client = try connect()
        defer { client.close() }
        return try client.send(method, target, headers: headers, body: body)
    }

    /// One request with a UTF-8 body, sent as `application/json` unless `headers` say otherwise.
    public func request(_ method: String, _ target: String, headers: [(String, String)]? = nil, json body: String) throws -> RawHTTPResponse {
        try request(method, target, headers: headers ?? [("Content-Type", "application/json")], body: Array(body.utf8))
    }

    // MARK: - Starting and stopping

    /// The built product `name` (`quickactiond` unless said): for `quickactiond`,
    /// `$QUICKACTIOND_BINARY` when set; else next to the running test bundle (a test target
    /// that depends on the executable shares its products directory), else `.build/debug` of
    /// this package.
    public static func binary(_ name: String = "quickactiond") throws -> URL {
        let environment = ProcessInfo.processInfo.environment
        if name == "quickactiond", let override = environment["QUICKACTIOND_BINARY"], !override.isEmpty {
            guard isExecutableFile(override) else { throw EndToEndError("QUICKACTIOND_BINARY=\(override) is not an executable file") }
            return URL(fileURLWithPath: override)
        }
        var starts: [URL] = []
        if let executable = Bundle.main.executableURL { starts.append(executable) }
        if let first = CommandLine.arguments.first {
            starts.append(URL(fileURLWithPath: first, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)))
        }
        starts.append(Bundle.main.bundleURL)
        for start in starts {
            // On macOS the test binary sits inside X.xctest/Contents/MacOS: walk up a few levels.
            var directory = start.standardizedFileURL.resolvingSymlinksInPath().deletingLastPathComponent()
            for _ in 0..<4 {
                let candidate = directory.appendingPathComponent(name)
                if isExecutableFile(candidate.path) { return candidate }
                directory.deleteLastPathComponent()
            }
        }
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let fallback = packageRoot.appendingPathComponent(".build/debug/\(name)")
        if isExecutableFile(fallback.path) { return fallback }
        throw EndToEndError("cannot find the \(name) binary (looked near \(starts.map(\.path)) and at \(fallback.path)); set QUICKACTIOND_BINARY")
    }

    private static func isExecutableFile(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
            && FileManager.default.isExecutableFile(atPath: path)
    }

    /// The child's environment: the runner's, minus a token that would change every test, plus `extra`.
    public static func environment(adding extra: [String: String]) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["QUICKACTIOND_TOKEN"] = nil
        environment.merge(extra) { _, new in new }
        return environment
    }

    /// Reads stdout until `quickactiond listening on http://HOST:PORT`; returns HOST and PORT.
    private static func awaitListening(_ child: ChildProcess) throws -> (host: String, port: Int) {
        let address: Substring
        do {
            address = try child.outputLine(startingWith: "quickactiond listening on http://", seconds: startTimeoutSeconds)
        } catch {
            throw EndToEndError("quickactiond did not report listening: \(error)")
        }
        guard let colon = address.lastIndex(of: ":"), let port = Int(address[address.index(after: colon)...]), (1...65535).contains(port) else {
            throw EndToEndError("unexpected listening line: \(address)")
        }
        return (String(address[..<colon]), port)
    }

    /// Sends `signal` and waits for the process to end; escalates to SIGKILL at the stop timeout.
    private static func terminate(_ child: ChildProcess, signal: Int32) -> ServerExit {
        let (exit, inTime) = child.stop(signal, seconds: stopTimeoutSeconds)
        return inTime ? ServerExit(exit) : .hung
    }
}
