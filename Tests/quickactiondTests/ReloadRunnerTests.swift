import Dispatch
import Foundation
import QuickActionsAPI
import Synchronization
import Testing

@testable import quickactiond

/// The reloads SIGHUP runs: one at a time, later SIGHUPs coalesced into one more run, a run
/// past the timeout abandoned (what it read later discarded), SIGHUP refused while too many are
/// blocked, nothing applied after the stop.
@Suite struct ReloadRunnerTests {
    /// A reload whose reads wait until released, counting reads and applies.
    final class Gate: Sendable {
        private let state = Mutex<(reads: Int, applies: [Int], open: Bool)>((0, [], false))
        private let opened = DispatchSemaphore(value: 0)

        /// The reload: its n-th read waits for `open`, then applies n.
        var reload: ReloadRunner.Reload {
            { [self] in
                let number = state.withLock { state in
                    state.reads += 1
                    return state.reads
                }
                while !state.withLock({ $0.open }) { _ = opened.wait(timeout: .now() + .milliseconds(10)) }
                return { [self] in state.withLock { $0.applies.append(number) } }
            }
        }

        func open() {
            state.withLock { $0.open = true }
            opened.signal()
        }

        var reads: Int { state.withLock { $0.reads } }
        var applies: [Int] { state.withLock { $0.applies } }
    }

    /// A logger writing to a file of its own, and that file's lines.
    final class Log {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("reload-runner-\(UUID().uuidString).log").path
        let descriptor: Int32
        let logger: RequestLogger

        init() {
            descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
            logger = RequestLogger(level: .debug, descriptor: descriptor)
        }

        deinit {
            close(descriptor)
            unlink(path)
        }

        func count(_ message: String) -> Int {
            logger.flush()
            let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
            return text.split(separator: "\n").filter { $0.contains(#""msg":"\#(message)"#) }.count
        }
    }

    /// Waits up to 5 s for `condition`.
    static func eventually(_ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline {
            if condition() { return true }
            usleep(5_000)
        }
        return condition()
    }

    @Test("SIGHUPs during a reload make one more reload, after it")
    func laterRequestsAreCoalesced() {
        let gate = Gate()
        let log = Log()
        let runner = ReloadRunner(timeout: .seconds(60), logger: log.logger, reload: gate.reload)
        runner.request()
        #expect(Self.eventually { gate.reads == 1 })
        runner.request()
        runner.request()
        runner.request()
        #expect(log.count("reload queued") == 3)
        gate.open()
        #expect(Self.eventually { gate.applies == [1, 2] })
        usleep(50_000)
        #expect(gate.reads == 2 && gate.applies == [1, 2])
    }

    @Test("A reload past the timeout is abandoned, the queued one runs, and the abandoned one's read is discarded")
    func aHungReloadIsAbandoned() {
        let gate = Gate()
        let log = Log()
        let runner = ReloadRunner(timeout: .milliseconds(100), logger: log.logger, reload: gate.reload)
        runner.request()
        runner.request()
        // Both hang (the gate is shut): each is abandoned in turn.
        #expect(Self.eventually { log.count("reload abandoned") == 2 })
        #expect(gate.reads == 2 && gate.applies.isEmpty)
        gate.open()
        #expect(Self.eventually { log.count("an abandoned reload ended") == 2 })
        #expect(gate.applies.isEmpty, "an abandoned reload was applied")
        runner.request()
        #expect(Self.eventually { gate.applies == [3] })
    }

    @Test("While the most abandoned reloads are blocked, SIGHUP is refused; once they end, it runs again")
    func tooManyBlockedReloadsRefuse() {
        let gate = Gate()
        let log = Log()
        let runner = ReloadRunner(timeout: .milliseconds(50), logger: log.logger, reload: gate.reload)
        for expected in 1...ReloadRunner.maximumAbandoned {
            runner.request()
            #expect(Self.eventually { log.count("reload abandoned") == expected })
        }
        runner.request()
        #expect(log.count("reload refused") == 1)
        #expect(gate.reads == ReloadRunner.maximumAbandoned)
        gate.open()
        #expect(Self.eventually { log.count("an abandoned reload ended") == ReloadRunner.maximumAbandoned })
        runner.request()
        #expect(Self.eventually { gate.applies == [ReloadRunner.maximumAbandoned + 1] })
    }

    @Test("After stop, a reload under way is not applied and none starts")
    func nothingAfterStop() {
        let gate = Gate()
        let log = Log()
        let runner = ReloadRunner(timeout: .seconds(60), logger: log.logger, reload: gate.reload)
        runner.request()
        #expect(Self.eventually { gate.reads == 1 })
        runner.stop()
        runner.request()
        gate.open()
        usleep(100_000)
        #expect(gate.reads == 1 && gate.applies.isEmpty)
    }
}
