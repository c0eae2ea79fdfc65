import Foundation
import Glibc
import Synchronization
import TestSupport
import Testing

/// A file that never answers (on a mount whose server is gone) holds up neither the stop nor the
/// next reload, in the real binary: SIGTERM ends the process within its usual 10 s whatever a
/// reload or the start-up is reading; a reload still reading at `--reload-timeout` is abandoned,
/// the SIGHUP that came meanwhile runs then, and requests are answered throughout.
@Suite(.serialized) struct ReloadHangEndToEndTests {
    /// The stop the operations guide promises.
    static let stopBudget = 10.0

    /// Why the mount cannot be made here, or nil.
    static let unavailable = UnansweredMount.unavailableReason()

    /// Replaces `path` with a symbolic link to `target`.
    static func link(_ path: String, to target: String) throws {
        try? FileManager.default.removeItem(atPath: path)
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
    }

    /// Waits until a thread of `pid` waits on a FUSE mount (its kernel wait channel is one of
    /// FUSE's, such as `fuse_get_req`), and says whether one did within `seconds`.
    static func awaitWaitOnMount(of pid: Int32, seconds: Double = 10) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
            for task in tasks where (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/wchan", encoding: .utf8))?.contains("fuse") == true {
                return true
            }
            usleep(20_000)
        }
        return false
    }

    @Test(
        "SIGTERM while a reload reads a file that never answers: the process exits 0 within 10 s",
        .enabled(if: unavailable == nil, "no FUSE mount here: \(unavailable ?? "")"))
    func stopDuringAHungReload() throws {
        let mount = try UnansweredMount()
        defer { mount.unmount() }
        let directory = try TemporaryDirectory()
        let itemsFile = directory.path("items.json")
        try ReloadEndToEndTests.write(ReloadEndToEndTests.items("Alpha"), to: itemsFile)
        // A reload timeout far past the stop: the reload is still reading when SIGTERM comes.
        // Under AddressSanitizer, LeakSanitizer's check at exit stops every thread, and one stuck
        // in the mount cannot be stopped: leaks are not what this test looks at.
        let sanitizer = ProcessInfo.processInfo.environment["ASAN_OPTIONS"].map { $0 + ":" } ?? ""
        let server = try ServerProcess(
            directory: directory, arguments: ["--no-seed", "--shortcuts", itemsFile, "--reload-timeout", "5m"],
            environment: ["ASAN_OPTIONS": sanitizer + "detect_leaks=0"])
        defer { server.stop() }
        try Self.link(itemsFile, to: mount.file("items.json"))
        #expect(kill(server.pid, SIGHUP) == 0)
        #expect(Self.awaitWaitOnMount(of: server.pid), "no thread waits on the mount")
        #expect(try server.request("GET", "/shortcuts").status == 200)
        #expect(try ReloadEndToEndTests.lines(in: server, with: "reloaded").isEmpty, "the reload did not block")

        let started = Date()
        let exit = server.stop()
        let seconds = Date().timeIntervalSince(started)
        print("stop during a hung reload: \(exit) after \(String(format: "%.3f", seconds)) s")
        #expect(exit == .exited(0))
        #expect(seconds < Self.stopBudget)
    }

    @Test(
        "SIGTERM while start-up reads a file that never answers: the process exits 0 within 10 s",
        .enabled(if: unavailable == nil, "no FUSE mount here: \(unavailable ?? "")"))
    func stopDuringAHungStartUp() throws {
        let mount = try UnansweredMount()
        defer { mount.unmount() }
        let directory = try TemporaryDirectory()
        let errorPath = directory.path("stderr.log")
        let child = try ChildProcess(
            try ServerProcess.binary().path,
            ["--port", "0", "--db", directory.path("test.sqlite"), "--no-seed", "--shortcuts", mount.file("Info.plist")],
            environment: ServerProcess.environment(adding: [:]), directory: directory.url.path, output: .file(directory.path("stdout.log")),
            error: .file(errorPath))
        // Let it reach the read: it stays there.
        #expect(Self.awaitWaitOnMount(of: child.pid), "start-up does not wait on the mount")
        #expect(child.exit == nil, "start-up ended by itself: \((try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? "")")

        let started = Date()
        let (exit, inTime) = child.stop(SIGTERM, seconds: Self.stopBudget)
        let seconds = Date().timeIntervalSince(started)
        print("stop during a hung start-up: \(exit)\(inTime ? "" : " (killed)") after \(String(format: "%.3f", seconds)) s")
        #expect(inTime && exit == .exited(0), "\(exit), in time: \(inTime)")
        #expect(seconds < Self.stopBudget)
        let log = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
        #expect(log.contains(#""msg":"stopping before start-up finished""#) && log.contains(#""signal":"SIGTERM""#), "\(log)")
        #expect(!((try? String(contentsOfFile: directory.path("stdout.log"), encoding: .utf8)) ?? "").contains("listening"))
    }

    @Test(
        "A reload hung past --reload-timeout is abandoned; the SIGHUP sent meanwhile then puts the good file in force; every request gets 200",
        .enabled(if: unavailable == nil, "no FUSE mount here: \(unavailable ?? "")"))
    func aHungReloadIsAbandonedAndTheNextRuns() throws {
        let mount = try UnansweredMount()
        defer { mount.unmount() }
        let directory = try TemporaryDirectory()
        let itemsFile = directory.path("items.json")
        try ReloadEndToEndTests.write(ReloadEndToEndTests.items("Alpha"), to: itemsFile)
        let server = try ServerProcess(directory: directory, arguments: ["--no-seed", "--shortcuts", itemsFile, "--reload-timeout", "2s"])
        defer { server.stop() }
        let statuses = ThreadSafeStatuses()
        let port = server.port
        let polling = Thread { Self.poll(port: port, into: statuses) }
        polling.start()
        defer { statuses.finish() }

        try Self.link(itemsFile, to: mount.file("items.json"))
        let sent = Date()
        #expect(kill(server.pid, SIGHUP) == 0)
        #expect(Self.awaitWaitOnMount(of: server.pid), "no thread waits on the mount")
        // The good file back, and a SIGHUP while the first reload still hangs: queued.
        try FileManager.default.removeItem(atPath: itemsFile)
        try ReloadEndToEndTests.write(ReloadEndToEndTests.items("Beta"), to: itemsFile)
        try ReloadEndToEndTests.reload(server, expect: "reload queued: it runs after the one under way")
        let abandoned = try ReloadEndToEndTests.reload(server, expect: "reloaded", signal: false)
        print("a hung reload abandoned and the queued one in force after \(String(format: "%.3f", Date().timeIntervalSince(sent))) s")
        #expect(abandoned.contains(#""changed":["--shortcuts"]"#), "\(abandoned)")
        #expect(
            try ReloadEndToEndTests.lines(
                in: server, with: "reload abandoned: the files were still being read at the reload timeout; the configuration in force is kept"
            ).count == 1)
        #expect(ReloadEndToEndTests.types(try server.request("GET", "/shortcuts").jsonObject()) == ["Beta"])

        // The abandoned reload's read fails once the mount is gone: discarded, the new list kept.
        mount.unmount()
        #expect(try Self.awaitLines(in: server, with: "an abandoned reload ended: what it read is discarded", count: 1))
        #expect(ReloadEndToEndTests.types(try server.request("GET", "/shortcuts").jsonObject()) == ["Beta"])
        #expect(try ReloadEndToEndTests.lines(in: server, with: "reload failed: the configuration in force is kept").isEmpty)

        let counts = statuses.finish()
        print("requests during the hung reload: \(counts)")
        #expect(counts.keys.sorted() == [200] && (counts[200] ?? 0) > 10, "\(counts)")
        #expect(server.stop() == .exited(0))
    }

    /// Waits up to 10 s until the log holds `count` lines with `message`; says whether it did.
    static func awaitLines(in server: ServerProcess, with message: String, count: Int) throws -> Bool {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if try ReloadEndToEndTests.lines(in: server, with: message).count >= count { return true }
            usleep(50_000)
        }
        return false
    }

    /// Sends `GET /shortcuts` one after another until `statuses` is finished, counting statuses
    /// (0 for a request that failed).
    static func poll(port: Int, into statuses: ThreadSafeStatuses) {
        while !statuses.isFinished {
            var status = 0
            if let connection = try? RawHTTPConnection(port: port) {
                status = (try? connection.send("GET", "/shortcuts").status) ?? 0
                connection.close()
            }
            statuses.count(status)
            usleep(20_000)
        }
    }
}

/// Response statuses counted by one thread, read by another.
final class ThreadSafeStatuses: Sendable {
    private let state = Mutex<(counts: [Int: Int], finished: Bool)>(([:], false))

    var isFinished: Bool { state.withLock { $0.finished } }

    func count(_ status: Int) {
        state.withLock { $0.counts[status, default: 0] += 1 }
    }

    /// Stops the polling; returns the counts so far.
    @discardableResult
    func finish() -> [Int: Int] {
        state.withLock { state in
            state.finished = true
            return state.counts
        }
    }
}
