import Dispatch
import Glibc
import Synchronization

/// SIGINT and SIGTERM, turned from process-killing signals into an event the main thread
/// waits for. Used on the main thread only.
final class TerminationSignals {
    /// What the signal handlers share with the waiting thread.
    private final class Received: Sendable {
        let semaphore = DispatchSemaphore(value: 0)
        let name = Mutex("")
    }

    private let received = Received()
    private var sources: [DispatchSourceSignal] = []

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
    }

    /// Blocks until a signal arrives; returns its name.
    func wait() -> String {
        received.semaphore.wait()
        sources.forEach { $0.cancel() }
        return received.name.withLock { $0 }
    }
}
