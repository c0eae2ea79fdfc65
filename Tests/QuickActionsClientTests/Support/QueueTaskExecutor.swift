import Dispatch

/// Runs a task's jobs on a serial dispatch queue of its own, outside the cooperative pool: a
/// test's event stream then keeps reading while the rest of the suite's synchronous end-to-end
/// tests hold every thread of the pool (two on a two-core machine), which they may for a minute.
final class QueueTaskExecutor: TaskExecutor {
    private let queue: DispatchQueue

    init(label: String) {
        queue = DispatchQueue(label: label)
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }
}
