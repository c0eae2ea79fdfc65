import Glibc
import TestSupport
import Testing

/// The harness's way of running programs: a child starts as a shell would start it, and its
/// ending is known exactly once, whichever thread asks.
@Suite struct ChildProcessTests {
    /// Runs `sh -c script` and returns its standard output.
    static func shell(_ script: String) throws -> (exit: ChildExit, output: String) {
        let child = try ChildProcess("/bin/sh", ["-c", script], output: .pipe)
        let output = String(decoding: child.readOutputToEnd(), as: UTF8.self)
        return (child.wait(), output)
    }

    @Test("A child holds no descriptor of the runner's but 0, 1 and 2, even one the runner opened without close-on-exec")
    func onlyStandardDescriptors() throws {
        let listener = try LoopbackListener()
        let socketDescriptor = listener.descriptor
        #expect(socketDescriptor > 2)
        // `ls` runs as the shell's child, so it lists the shell's descriptors, not its own.
        let (exit, output) = try Self.shell("ls -1 /proc/$$/fd")
        #expect(exit == .exited(0))
        #expect(output.split(separator: "\n").sorted() == ["0", "1", "2"], "\(output)")
    }

    @Test("A child starts with no blocked signal and no ignored one, whatever the runner blocks or ignores")
    func cleanSignals() throws {
        let previous = signal(SIGPIPE, SIG_IGN)
        defer { signal(SIGPIPE, previous) }
        var blocked = sigset_t()
        sigemptyset(&blocked)
        sigaddset(&blocked, SIGUSR1)
        var before = sigset_t()
        pthread_sigmask(SIG_BLOCK, &blocked, &before)
        defer { pthread_sigmask(SIG_SETMASK, &before, nil) }

        // grep reads its own status (a shell would block signals around its forks).
        let grep = try ChildProcess("/bin/grep", ["-E", "^Sig(Blk|Ign):", "/proc/self/status"], output: .pipe)
        let output = String(decoding: grep.readOutputToEnd(), as: UTF8.self)
        let exit = grep.wait()
        #expect(exit == .exited(0))
        // Bit n - 1 stands for signal n; the C library's own real-time signals (32 and up) are left out.
        func standardSignals(_ field: String) -> UInt64? {
            output.split(separator: "\n").first { $0.hasPrefix(field + ":") }.flatMap {
                UInt64($0.dropFirst(field.count + 1).filter { !$0.isWhitespace }, radix: 16)
            }
            .map { $0 & 0x7FFF_FFFF }
        }
        #expect(standardSignals("SigBlk") == 0, "\(output)")
        #expect(standardSignals("SigIgn") == 0, "SIGPIPE is ignored in the runner: \(output)")
    }

    @Test("Exit statuses and signals are told apart; a reaped child is never signalled again")
    func endings() throws {
        #expect(try Self.shell("exit 3").exit == .exited(3))
        #expect(try Self.shell("kill -TERM $$").exit == .signalled(SIGTERM))

        let sleeper = try ChildProcess("/bin/sleep", ["30"])
        #expect(sleeper.isRunning)
        #expect(sleeper.wait(seconds: 0.05) == nil)
        let (exit, inTime) = sleeper.stop(SIGTERM, seconds: 5)
        #expect(exit == .signalled(SIGTERM) && inTime)
        #expect(!sleeper.isRunning)
        #expect(!sleeper.signal(SIGKILL), "its pid may belong to another process by now")
        #expect(sleeper.wait() == .signalled(SIGTERM), "the ending is kept")

        #expect(try ChildProcess.run("/bin/sleep", ["30"], seconds: 0.1) == nil, "still running at the deadline: killed, and nil")
    }

    @Test("Many threads start and wait for children at once; each ending reaches its own caller")
    func concurrentChildren() async throws {
        try await withThrowingTaskGroup(of: (Int32, ChildExit).self) { group in
            for status in Int32(0)..<24 {
                group.addTask { (status, try ChildProcess("/bin/sh", ["-c", "exit \(status)"]).wait()) }
            }
            for try await (status, exit) in group {
                #expect(exit == .exited(status))
            }
        }
    }

    @Test("A server's listening line is found among others, even split across writes; an ending or silence says what was read")
    func outputLineWaitsForTheWholeLineAndExplainsFailures() throws {
        let server = try ChildProcess(
            "/bin/sh", ["-c", "echo starting; printf 'quickactiond listening on http://127.0.0.1:'; sleep 0.2; echo 4242; sleep 30"], output: .pipe)
        defer { _ = server.stop(SIGKILL, seconds: 5) }
        #expect(try server.outputLine(startingWith: "quickactiond listening on http://", seconds: 10) == "127.0.0.1:4242")

        let quitter = try ChildProcess("/bin/sh", ["-c", "echo almost; exit 3"], output: .pipe)
        #expect {
            try quitter.outputLine(startingWith: "quickactiond listening on", seconds: 10)
        } throws: { error in
            "\(error)".contains("almost") && ("\(error)".contains("closed") || "\(error)".contains("ended"))
        }
        _ = quitter.wait()

        let silent = try ChildProcess("/bin/sleep", ["30"], output: .pipe)
        defer { _ = silent.stop(SIGKILL, seconds: 5) }
        let start = MonotonicSeconds.now
        #expect {
            try silent.outputLine(startingWith: "quickactiond listening on", seconds: 0.3)
        } throws: { error in
            "\(error)".contains("within 0.3 s")
        }
        #expect(MonotonicSeconds.now - start < 5)
    }
}

/// A monotonic clock for the tests' own timings.
private enum MonotonicSeconds {
    static var now: Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
