import Dispatch
import Synchronization

/// Runs the completions of committed writes off the committing thread, those that finish
/// together in one hand-off: a batch of creates costs one wake-up of another thread, not one
/// per create.
///
/// A completion queued while a hand-off is pending joins it; the thread that runs them takes
/// what was queued until none is left, in the order queued. So completions must not wait
/// (they answer a request, or wake whoever waits), or they would hold up the others.
final class PostgreSQLCompletions: Sendable {
    private struct Pending {
        var jobs: [@Sendable () -> Void] = []
        /// Whether a thread was asked to run them and has not found the queue empty since.
        var scheduled = false
    }

    private let pending = Mutex(Pending())

    /// Runs `job` soon, on another thread.
    func run(_ job: @escaping @Sendable () -> Void) {
        let schedule = pending.withLock { pending -> Bool in
            pending.jobs.append(job)
            guard !pending.scheduled else { return false }
            pending.scheduled = true
            return true
        }
        if schedule { DispatchQueue.global().async { self.drain() } }
    }

    /// Runs the queued jobs until none is left.
    private func drain() {
        while true {
            let jobs = pending.withLock { pending -> [@Sendable () -> Void] in
                let jobs = pending.jobs
                pending.jobs.removeAll(keepingCapacity: true)
                if jobs.isEmpty { pending.scheduled = false }
                return jobs
            }
            if jobs.isEmpty { return }
            for job in jobs { job() }
        }
    }
}
