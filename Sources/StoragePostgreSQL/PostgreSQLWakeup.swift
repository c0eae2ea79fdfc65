import CLibPQ
import Glibc

/// An eventfd the writer's committing thread waits on beside its connection's socket while
/// batches are in flight, so a new write wakes it at once to send the next batch.
final class PostgreSQLWakeup: Sendable {
    /// The eventfd.
    let descriptor: Int32

    /// A new eventfd; nil when the system cannot make one.
    init?() {
        let descriptor = qa_wake_create()
        guard descriptor >= 0 else { return nil }
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    /// Wakes the wait (now, or the next one when nobody waits).
    func signal() {
        qa_wake_signal(descriptor)
    }
}
