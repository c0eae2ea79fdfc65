import Dispatch
import Glibc
import Synchronization

/// The signals an operator sends: SIGINT and SIGTERM, turned from process-killing signals into
/// an event the main thread waits for; SIGHUP, into a reload (see `Service.reload`) run on a
/// queue of its own, one at a time, never ending the process. Used on the main thread only.
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
    }

    private let received = Received()
    /// Runs the reloads, in order, off the HTTP threads and off the waiting thread.
    private let reloads = DispatchQueue(label: "quickactiond.reload")

    /// Blocks SIGINT, SIGTERM and SIGHUP in the calling thread (so in every thread it makes from
    /// now on) and starts the thread that takes them. Call it before any other thread is made.
    init() {
        var blocked = Self.handledSignals()
        pthread_sigmask(SIG_BLOCK, &blocked, nil)
        let received = received
        let reloads = reloads
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
                    if let handler { reloads.async(execute: handler) }
                default:
                    // Later signals stay blocked and pending: a second SIGTERM, or a SIGHUP
                    // during the stop, does nothing.
                    received.name.withLock { $0 = number == SIGINT ? "SIGINT" : "SIGTERM" }
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

    /// Runs `handler` on each SIGHUP from now on, and once at once for a SIGHUP that came before
    /// (during start-up, perhaps after the files were read).
    func onReload(_ handler: @escaping @Sendable () -> Void) {
        let pending = received.reload.withLock { reload in
            defer { reload = (handler, false) }
            return reload.pending
        }
        if pending { reloads.async(execute: handler) }
    }

    /// Blocks until SIGINT or SIGTERM arrives; returns its name. A reload under way finishes
    /// first, and later SIGHUPs are ignored.
    func waitForTermination() -> String {
        received.semaphore.wait()
        received.reload.withLock { $0.handler = nil }
        reloads.sync {}
        return received.name.withLock { $0 }
    }
}
