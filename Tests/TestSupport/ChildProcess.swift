import Glibc
import Synchronization

/// How a child process ended.
public enum ChildExit: Equatable, Sendable, CustomStringConvertible {
    /// It returned from `main` or called `exit` with this status.
    case exited(Int32)
    /// This signal ended it.
    case signalled(Int32)

    public var description: String {
        switch self {
        case .exited(let status): "exit status \(status)"
        case .signalled(let signal): "signal \(signal)"
        }
    }
}

/// A program the tests run: spawned with `posix_spawn` and reaped with `waitpid`, from any thread.
///
/// Not Foundation's `Process`. On Linux it ties each child to a run-loop source on the thread
/// that started it and to a manager thread of its own; tests start children from the Swift
/// concurrency pool, whose threads come and go, and run loops on them. The test runner died of a
/// SIGABRT in Foundation and libdispatch frames there, once hung in
/// `waitUntilExit` under AddressSanitizer, and never reaped a script that left a daemon behind.
///
/// The child starts as a shell would start it: no descriptor but 0, 1 and 2, no blocked signal,
/// every signal's default action (the runner blocks some and ignores SIGPIPE; a child would
/// inherit both).
public final class ChildProcess: Sendable {
    /// Where a standard descriptor of the child comes from.
    public enum Stream: Sendable {
        /// `/dev/null`.
        case null
        /// A descriptor of the runner's (the child gets a copy; the caller still owns it).
        case descriptor(Int32)
        /// A file, created or truncated (`O_APPEND` when `append`).
        case file(String, append: Bool = false)
        /// Standard output only: a new pipe, whose read end is `outputPipe` (read it, or the child
        /// may block writing).
        case pipe
        /// Standard error only: wherever standard output goes.
        case output
    }

    /// The child's process id. Signal it through `signal(_:)`, which never signals a reaped pid.
    public let pid: pid_t
    /// The runner's read end of a `.pipe` standard output, or -1. Closed once the child is reaped
    /// and the caller called `closeOutputPipe()`, or on deinit.
    public let outputPipe: Int32
    /// `nil` while it runs; how it ended once `waitpid` reaped it.
    private let ended = Mutex<ChildExit?>(nil)
    private let pipeOpen = Mutex(true)

    /// Spawns `executable` (an absolute path) with `arguments`; `environment` nil keeps the runner's.
    public init(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil, directory: String? = nil,
        input: Stream = .null, output: Stream = .null, error: Stream = .null
    ) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }

        if case .pipe = input { throw ChildProcessError("only standard output can be a pipe") }
        if case .pipe = error { throw ChildProcessError("only standard output can be a pipe") }
        if case .output = input { throw ChildProcessError("only standard error can go where standard output goes") }
        if case .output = output { throw ChildProcessError("only standard error can go where standard output goes") }
        var pipeEnds: (read: Int32, write: Int32) = (-1, -1)
        if case .pipe = output {
            var ends: [Int32] = [-1, -1]
            guard pipe(&ends) == 0 else { throw ChildProcessError("pipe: \(String(cString: strerror(errno)))") }
            pipeEnds = (ends[0], ends[1])
        }
        var pipeHandedOver = false
        defer {
            if pipeEnds.write >= 0 { close(pipeEnds.write) }
            if !pipeHandedOver && pipeEnds.read >= 0 { close(pipeEnds.read) }
        }
        if let directory {
            typealias ChangeDirectory = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32
            guard let changeDirectory = Self.glibc("posix_spawn_file_actions_addchdir_np", as: ChangeDirectory.self) else {
                throw ChildProcessError("this C library cannot start a child in another directory")
            }
            _ = changeDirectory(&actions, directory)
        }
        for (target, stream) in [(Int32(0), input), (1, output), (2, error)] {
            switch stream {
            case .null: posix_spawn_file_actions_addopen(&actions, target, "/dev/null", target == 0 ? O_RDONLY : O_WRONLY, 0)
            case .descriptor(let descriptor): posix_spawn_file_actions_adddup2(&actions, descriptor, target)
            case .file(let path, let append):
                posix_spawn_file_actions_addopen(&actions, target, path, O_WRONLY | O_CREAT | (append ? O_APPEND : O_TRUNC), 0o600)
            case .pipe: posix_spawn_file_actions_adddup2(&actions, pipeEnds.write, target)
            case .output: posix_spawn_file_actions_adddup2(&actions, 1, target)
            }
        }
        // Every other descriptor of the runner (sockets of other tests, other children's pipes)
        // stays out of the child: a server holding a copy of a client's socket would keep it open.
        Self.closeDescriptors(from: 3, in: &actions)

        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let envp = (environment.map { $0.map { strdup("\($0.key)=\($0.value)") } } ?? Self.runnerEnvironment()) + [nil]
        defer { envp.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard spawned == 0 else { throw ChildProcessError("posix_spawn \(executable): \(String(cString: strerror(spawned)))") }
        self.pid = pid
        outputPipe = pipeEnds.read
        pipeHandedOver = true
    }

    deinit {
        if exit == nil {
            _ = Glibc.kill(pid, SIGKILL)
            _ = wait()
        }
        closeOutputPipe()
    }

    /// How it ended, or `nil` while it runs (reaps it if it has ended).
    public var exit: ChildExit? {
        ended.withLock { ended in
            if ended == nil { ended = Self.reap(pid, options: WNOHANG) }
            return ended
        }
    }

    /// Whether it still runs.
    public var isRunning: Bool { exit == nil }

    /// Blocks until it ends.
    public func wait() -> ChildExit {
        while true {
            if let exit { return exit }
            // Waits without reaping, so that only `exit` (under its lock) ever reaps the pid.
            var info = siginfo_t()
            let waited = waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT)
            if waited < 0 && errno != EINTR { return exit ?? .exited(-1) }
        }
    }

    /// Waits up to `seconds`; `nil` when it still runs then.
    public func wait(seconds: Double) -> ChildExit? {
        let deadline = Self.now() + seconds
        while true {
            if let exit { return exit }
            if Self.now() >= deadline { return nil }
            usleep(2_000)
        }
    }

    /// Sends `signal` unless it has already been reaped (its pid may belong to another process by then).
    @discardableResult
    public func signal(_ signal: Int32) -> Bool {
        ended.withLock { ended in
            if ended == nil { ended = Self.reap(pid, options: WNOHANG) }
            return ended == nil && Glibc.kill(pid, signal) == 0
        }
    }

    /// Sends `signal`, waits up to `seconds`, then SIGKILL; returns how it ended and whether it ended in time.
    public func stop(_ signal: Int32 = SIGTERM, seconds: Double) -> (exit: ChildExit, inTime: Bool) {
        self.signal(signal)
        if let exit = wait(seconds: seconds) { return (exit, true) }
        self.signal(SIGKILL)
        return (wait(), false)
    }

    /// Closes the runner's end of an output pipe (no-op without one, or when already closed).
    public func closeOutputPipe() {
        pipeOpen.withLock { open in
            if open && outputPipe >= 0 { close(outputPipe) }
            open = false
        }
    }

    /// Runs to the end; returns how it ended, or `nil` when it still ran after `seconds` (then killed and reaped).
    public static func run(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil, directory: String? = nil,
        output: Stream = .null, error: Stream = .null, seconds: Double
    ) throws -> ChildExit? {
        let child = try ChildProcess(executable, arguments, environment: environment, directory: directory, output: output, error: error)
        if let exit = child.wait(seconds: seconds) { return exit }
        child.signal(SIGKILL)
        _ = child.wait()
        return nil
    }

    /// Reads the output pipe to its end (the child closed its standard output, or ended).
    public func readOutputToEnd() -> [UInt8] {
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(outputPipe, $0.baseAddress, $0.count) }
            if count > 0 {
                received += chunk[..<count]
            } else if count == 0 || errno != EINTR {
                return received
            }
        }
    }

    /// Reads the output pipe until a complete line starting with `prefix` (a server's "listening
    /// on" line) and returns the rest of that line. Throws, with everything read so far, when
    /// the child closes its output or ends first, or `seconds` pass.
    public func outputLine(startingWith prefix: String, seconds: Double) throws(ChildProcessError) -> Substring {
        let deadline = Self.now() + seconds
        var received: [UInt8] = []
        func output() -> String { String(decoding: received, as: UTF8.self) }
        while Self.now() < deadline {
            var lines = output().split(separator: "\n", omittingEmptySubsequences: false)
            lines.removeLast()  // Not yet ended by a newline.
            if let line = lines.first(where: { $0.hasPrefix(prefix) }) { return line.dropFirst(prefix.count) }
            var pollDescriptor = pollfd(fd: outputPipe, events: Int16(POLLIN), revents: 0)
            let ready = poll(&pollDescriptor, 1, 100)
            if ready < 0 && errno != EINTR { throw ChildProcessError("poll on the output failed: \(String(cString: strerror(errno)))") }
            if ready > 0 {
                var chunk = [UInt8](repeating: 0, count: 4096)
                let count = chunk.withUnsafeMutableBytes { read(outputPipe, $0.baseAddress, $0.count) }
                if count > 0 {
                    received += chunk[..<count]
                } else if count == 0 {
                    throw ChildProcessError("the output closed before a line starting with '\(prefix)'; output: \(output())")
                }
            } else if let exit {
                throw ChildProcessError("the child ended (\(exit)) before a line starting with '\(prefix)'; output: \(output())")
            }
        }
        throw ChildProcessError("no line starting with '\(prefix)' within \(seconds) s; output: \(output())")
    }

    private static func reap(_ pid: pid_t, options: Int32) -> ChildExit? {
        var status: Int32 = 0
        var reaped: pid_t
        repeat { reaped = waitpid(pid, &status, options) } while reaped < 0 && errno == EINTR
        guard reaped == pid else {
            // ECHILD: somebody else reaped it; nothing more can be known.
            return reaped < 0 ? .exited(-1) : nil
        }
        let signal = status & 0x7f
        return signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
    }

    /// Copies of the runner's `NAME=value` strings.
    private static func runnerEnvironment() -> [UnsafeMutablePointer<CChar>?] {
        var copies: [UnsafeMutablePointer<CChar>?] = []
        var entry = environ
        while let string = entry.pointee {
            copies.append(strdup(string))
            entry += 1
        }
        return copies
    }

    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// A GNU function of the C library that Swift's Glibc module does not export (it is built
    /// without `_GNU_SOURCE`), looked up by name.
    private static func glibc<Function>(_ name: String, as type: Function.Type) -> Function? {
        dlsym(UnsafeMutableRawPointer(bitPattern: 0), name).map { unsafeBitCast($0, to: type) }
    }

    /// `posix_spawn_file_actions_addclosefrom_np` (glibc 2.34), else a close action for each
    /// descriptor open now.
    private static func closeDescriptors(from first: Int32, in actions: inout posix_spawn_file_actions_t) {
        typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        if let closeFrom = glibc("posix_spawn_file_actions_addclosefrom_np", as: CloseFrom.self), closeFrom(&actions, first) == 0 { return }
        guard let directory = opendir("/proc/self/fd") else { return }
        defer { closedir(directory) }
        let own = dirfd(directory)
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if let descriptor = Int32(name), descriptor >= first, descriptor != own {
                posix_spawn_file_actions_addclose(&actions, descriptor)
            }
        }
    }
}

/// A child could not be started.
public struct ChildProcessError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
