import Dispatch
import Foundation
import Sharding
import Synchronization

/// Threads that run the requests that need a store whose reads may wait on another client's
/// lock (PostgreSQL: `DataStore.readsMayWait`), so that no HTTP thread ever waits on the
/// database: `/healthz`, `/metrics` and a cached `/shortcuts` answer at once while every
/// worker waits out a lock. `APIHandler` decides which requests come here (see `StoreUse`).
///
/// Bounded: at most `queueLimit` requests wait for a worker; past that a request is refused at
/// once (`APIHandler` answers it with a 503 and `Retry-After`) instead of queueing without
/// end while the database does not answer. Its own threads, not Dispatch's: a job blocks on
/// the database, and Dispatch's pool is shared with the writer's completions.
public final class StoreWorkers: Sendable {
    /// The default most requests waiting for a worker.
    public static let defaultQueueLimit = 256

    private struct Queue {
        /// The jobs waiting, oldest first out; never pushed into when full (nothing is evicted).
        var jobs: BoundedRing<@Sendable () -> Void>
        var stopped = false
    }

    /// How many threads run jobs.
    public let threads: Int
    /// Most jobs waiting for a thread.
    public let queueLimit: Int
    private let queue: Mutex<Queue>
    /// Counts queued jobs (and, at stop, one wake-up per thread).
    private let available = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)

    /// Starts `threads` (at least one) threads named `qa-store-worker`.
    public init(threads: Int, queueLimit: Int = defaultQueueLimit) {
        self.threads = max(1, threads)
        self.queueLimit = max(1, queueLimit)
        queue = Mutex(Queue(jobs: BoundedRing(capacity: self.queueLimit)))
        for _ in 0..<self.threads {
            let thread = Thread { [self] in
                ThreadName.set("qa-store-worker")
                work()
                finished.signal()
            }
            thread.start()
        }
    }

    /// Queues `job` for the next free thread; false (nothing queued) when `queueLimit` jobs are
    /// waiting already, or the workers stopped.
    public func submit(_ job: @escaping @Sendable () -> Void) -> Bool {
        let queued = queue.withLock { queue -> Bool in
            guard !queue.stopped, !queue.jobs.isFull else { return false }
            queue.jobs.push(job)
            return true
        }
        if queued { available.signal() }
        return queued
    }

    /// Jobs waiting for a thread.
    public var waiting: Int {
        queue.withLock { $0.jobs.count }
    }

    /// Stops taking jobs, drops those still waiting, and waits (up to `timeout`) for the
    /// threads to finish the jobs they run.
    public func stop(timeout: Duration = .seconds(2)) {
        let wasStopped = queue.withLock { queue -> Bool in
            defer {
                queue.stopped = true
                queue.jobs.removeAll()
            }
            return queue.stopped
        }
        guard !wasStopped else { return }
        for _ in 0..<threads { available.signal() }
        let deadline = DispatchTime.now() + .nanoseconds(Int(timeout / .nanoseconds(1)))
        for _ in 0..<threads where finished.wait(timeout: deadline) == .timedOut { return }
    }

    /// What a thread does next.
    private enum Next {
        case run(@Sendable () -> Void)
        case stop
    }

    private func work() {
        while true {
            available.wait()
            let next = queue.withLock { queue -> Next? in
                if queue.stopped { return .stop }
                return queue.jobs.popOldest().map(Next.run)
            }
            switch next {
            case .run(let job): job()
            case .stop: return
            case nil: continue
            }
        }
    }
}
