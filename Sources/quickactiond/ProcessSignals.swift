import Dispatch
import Glibc
import Synchronization

/// The signals an operator sends: SIGINT and SIGTERM, turned from process-killing signals into
/// an event the main thread waits for; SIGHUP, into a reload (see `Service.reload`) run on a
/// queue of its own, one at a time, never ending the process. Used on the main thread only.
final class ProcessSignals {
    /// What the signal handlers share with the main thread.
    private final class Received: Sendable {
        let semaphore = DispatchSemaphore(value: 0)
        let name = Mutex("")
        /// What SIGHUP runs (nil until the service is built), and whether one came before it was.
        let reload = Mutex<(handler: (@Sendable () -> Void)?, pending: Bool)>((nil, false))
    }

    private let received = Received()
    private var sources: [DispatchSourceSignal] = []
    /// Runs the reloads, in order, off the HTTP threads.
    private let reloads = DispatchQueue(label: "quickactiond.reload")

    init() {
        for (number, label) in [(SIGINT, "SIGINT"), (SIGTERM, "SIGTERM")] {
            // As libdispatch asks: ignore the default action first, then observe the signal.
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            let received = received
            source.setEventHandler {
                received.name.withLock { $0 = label }
                received.semaphore.signal()
            }
            source.resume()
            sources.append(source)
        }
        // SIGHUP's default action ends the process: an operator's "reload" would stop it.
        signal(SIGHUP, SIG_IGN)
        let hangUp = DispatchSource.makeSignalSource(signal: SIGHUP, queue: reloads)
        let received = received
        hangUp.setEventHandler {
            let handler = received.reload.withLock { reload in
                if reload.handler == nil { reload.pending = true }
                return reload.handler
            }
            handler?()
        }
        hangUp.resume()
        sources.append(hangUp)
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
        sources.forEach { $0.cancel() }
        reloads.sync {}
        return received.name.withLock { $0 }
    }
}
