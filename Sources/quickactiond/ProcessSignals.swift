import Dispatch
import Glibc
import Synchronization

/// The signals an operator sends: SIGINT and SIGTERM, turned from process-killing signals into
/// an event the main thread waits for; SIGHUP, into a reload (see `ReloadRunner`), never ending
/// the process. Used on the main thread only.
///
/// Before the service is built (`serving`), SIGINT or SIGTERM ends the process at once, exit 0,
/// whatever start-up is doing (reading a file that never answers, say): nothing is served yet,
/// and a store half opened is left as a crash would leave it, which each store survives.
/// After it, the main thread stops the service, and a reload under way is not waited for.
///
/// The three signals are blocked in every thread (a thread inherits its creator's mask, so they
/// are blocked before the first thread is made) and taken by one thread of ours with
/// `sigwait(3)`. No signal handler runs, on any thread: a handler can interrupt a thread at any
/// point, even one that is still starting, and some runtimes' thread start-up (a sanitizer's
/// included) cannot take one there.
final class ProcessSignals {
    /// What the waiting thread shares with the main thread.
    private final class Received: Sendable {
        let semaphore = DispatchSemaphore(value: 0)
        let name = Mutex("")
        /// What SIGHUP runs (nil until the service is built), and whether one came before it was.
        let reload = Mutex<(handler: (@Sendable () -> Void)?, pending: Bool)>((nil, false))
        /// Whether the service is still starting, and what to say when a stop ends the start-up.
        let startup = Mutex<(starting: Bool, stopping: (@Sendable (String) -> Void)?)>((true, nil))
    }

    private let received = Received()

    /// Blocks SIGINT, SIGTERM and SIGHUP in the calling thread (so in every thread it makes from
    /// now on) and starts the thread that takes them. Call it before any other thread is made.
    init() {
        var blocked = Self.handledSignals()
        pthread_sigmask(SIG_BLOCK, &blocked, nil)
        let received = received
        // On a queue of its own, whose thread blocks the three too (blocked again here, so that
        // none reaches it by its default action between two waits).
        DispatchQueue(label: "quickactiond.signals").async {
            var set = Self.handledSignals()
            pthread_sigmask(SIG_BLOCK, &set, nil)
            while true {
                var number: Int32 = 0
                guard sigwait(&set, &number) == 0 else { continue }
                switch number {
                case SIGHUP:
                    let handler = received.reload.withLock { reload in
                        if reload.handler == nil { reload.pending = true }
                        return reload.handler
                    }
                    // The handler only hands the reload over (`ReloadRunner.request`): it never blocks.
                    handler?()
                default:
                    let name = number == SIGINT ? "SIGINT" : "SIGTERM"
                    Self.endStartUp(received, signal: name)
                    // Later signals stay blocked and pending: a second SIGTERM, or a SIGHUP
                    // during the stop, does nothing.
                    received.name.withLock { $0 = name }
                    received.semaphore.signal()
                    return
                }
            }
        }
    }

    private static func handledSignals() -> sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        for number in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&set, number) }
        return set
    }

    /// Ends the process, exit 0, if the service is still starting (see the type's comment). The
    /// lock is held through the exit, so `serving` never returns once this began.
    private static func endStartUp(_ received: Received, signal: String) {
        received.startup.withLock { startup in
            guard startup.starting else { return }
            startup.stopping?(signal)
            _exit(0)
        }
    }

    /// Runs `stopping` with the signal's name when SIGINT or SIGTERM ends the start-up, just
    /// before the process exits.
    func onStopDuringStartUp(_ stopping: @escaping @Sendable (String) -> Void) {
        received.startup.withLock { $0.stopping = stopping }
    }

    /// The service is built: from now on SIGINT and SIGTERM go to `waitForTermination`.
    func serving() {
        received.startup.withLock { $0 = (false, nil) }
    }

    /// Runs `handler` on each SIGHUP from now on, on the thread that takes the signals (so it must
    /// not block), and once at once for a SIGHUP that came before (during start-up, perhaps after
    /// the files were read).
    func onReload(_ handler: @escaping @Sendable () -> Void) {
        let pending = received.reload.withLock { reload in
            defer { reload = (handler, false) }
            return reload.pending
        }
        if pending { handler() }
    }

    /// Blocks until SIGINT or SIGTERM arrives; returns its name. Later SIGHUPs are ignored; a
    /// reload under way is not waited for.
    func waitForTermination() -> String {
        received.semaphore.wait()
        received.reload.withLock { $0.handler = nil }
        return received.name.withLock { $0 }
    }
}
