import Foundation
import QuickActionsAPI
import Sharding
import Synchronization

/// Runs the reloads SIGHUP asks for, one at a time, each on a thread of its own, so that no
/// reload holds up another, a request or the stop:
/// - a SIGHUP while a reload runs is coalesced: one more reload runs after it, however many came;
/// - a reload still running after `timeout` (a file that never answers: a hung network mount) is
///   abandoned: logged, the configuration in force kept, its thread left blocked in the read, and
///   what it reads later thrown away; the coalesced reload, if any, starts then;
/// - while `maximumAbandoned` abandoned reloads are still blocked, a SIGHUP is refused (logged):
///   each holds a thread;
/// - after `stop`, nothing is applied any more and no reload starts. `stop` waits for nothing
///   but an apply under way, which works in memory.
final class ReloadRunner: Sendable {
    /// Reads the files (it may block) and returns what puts them in force (it must not block).
    typealias Reload = @Sendable () -> @Sendable () -> Void

    /// Abandoned reloads that may still be blocked before SIGHUP is refused.
    static let maximumAbandoned = 4

    private struct State {
        /// The number of the last reload started.
        var generation = 0
        /// Whether reload `generation` runs (and was not abandoned).
        var running = false
        /// Whether a SIGHUP came while it ran.
        var pending = false
        /// Abandoned reloads still blocked.
        var abandoned = 0
        var stopped = false
    }

    /// What a locked section leaves to do once the lock is released.
    private enum Next {
        case nothing
        case queued
        case start(Int)
        case refuse(abandoned: Int)
    }

    private let reload: Reload
    private let timeout: Duration
    private let logger: RequestLogger
    private let state = Mutex(State())

    /// Runs `reload` on each `request`, abandoning a run after `timeout`.
    init(timeout: Duration, logger: RequestLogger, reload: @escaping Reload) {
        self.reload = reload
        self.timeout = timeout
        self.logger = logger
    }

    /// A SIGHUP: starts a reload, or has one run after the one running.
    func request() {
        let next = state.withLock { state -> Next in
            if state.stopped { return .nothing }
            if state.running {
                state.pending = true
                return .queued
            }
            return Self.begin(&state)
        }
        perform(next)
    }

    /// No reload starts or is applied from now on.
    func stop() {
        state.withLock { $0.stopped = true }
    }

    private static func begin(_ state: inout State) -> Next {
        state.pending = false
        guard state.abandoned < maximumAbandoned else { return .refuse(abandoned: state.abandoned) }
        state.generation += 1
        state.running = true
        return .start(state.generation)
    }

    private func perform(_ next: Next) {
        switch next {
        case .nothing:
            break
        case .queued:
            logger.log(.info, "reload queued: it runs after the one under way", ["signal": .string("SIGHUP")])
        case .refuse(let abandoned):
            logger.log(
                .error, "reload refused: earlier reloads are still blocked reading the files; the configuration in force is kept",
                ["signal": .string("SIGHUP"), "blocked_reloads": .integer(Int64(abandoned))])
        case .start(let generation):
            start(generation)
        }
    }

    private func start(_ generation: Int) {
        let reload = reload
        // A thread of its own, not a shared queue's: an abandoned reload keeps it blocked.
        let thread = Thread { [self] in
            ThreadName.set("qa-reload")
            let apply = reload()
            finish(generation, apply: apply)
        }
        thread.stackSize = 8 << 20
        thread.start()
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(Int(timeout / .milliseconds(1)))) { [self] in
            expire(generation)
        }
    }

    /// Reload `generation` read the files: it is applied unless it was abandoned or the service stops.
    private func finish(_ generation: Int, apply: @Sendable () -> Void) {
        var late = false
        let next = state.withLock { state -> Next in
            guard state.running, state.generation == generation else {
                state.abandoned -= 1
                late = true
                return .nothing
            }
            // Under the lock: `stop` waits for an apply under way, and none begins after it.
            if !state.stopped { apply() }
            state.running = false
            return state.pending && !state.stopped ? Self.begin(&state) : .nothing
        }
        if late { logger.log(.warning, "an abandoned reload ended: what it read is discarded", ["signal": .string("SIGHUP")]) }
        perform(next)
    }

    /// Abandons reload `generation` if it still runs.
    private func expire(_ generation: Int) {
        let (expired, next) = state.withLock { state -> (Bool, Next) in
            guard state.running, state.generation == generation else { return (false, .nothing) }
            state.running = false
            state.abandoned += 1
            return (true, state.pending && !state.stopped ? Self.begin(&state) : .nothing)
        }
        guard expired else { return }
        logger.log(
            .error, "reload abandoned: the files were still being read at the reload timeout; the configuration in force is kept",
            ["signal": .string("SIGHUP"), "timeout_seconds": .double(Double(timeout / .milliseconds(1)) / 1000)])
        perform(next)
    }
}
