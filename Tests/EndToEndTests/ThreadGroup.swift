import Dispatch
import Foundation
import Synchronization

/// A value shared between test threads, behind a lock.
final class Locked<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>

    init(_ value: Value) {
        mutex = Mutex(value)
    }

    /// Runs `body` with the value locked.
    func withLock<Result: Sendable>(_ body: (inout sending Value) throws -> sending Result) rethrows -> sending Result {
        try mutex.withLock(body)
    }

    /// A copy of the value.
    var value: Value {
        mutex.withLock { $0 }
    }
}

/// Runs a body on `count` real threads at once: `DispatchQueue.concurrentPerform` would use
/// only as many threads as there are cores (two here), which is not "20 clients at once".
enum ThreadGroup {
    /// Starts `count` threads, each running `body(index)`, and waits up to `timeout` seconds for
    /// all of them. Returns each thread's result in index order, or nil for a thread that threw
    /// (its error is in `errors`) or had not finished in time.
    static func run<Result: Sendable>(
        count: Int, timeout: Double, _ body: @escaping @Sendable (Int) throws -> Result
    ) -> (results: [Result?], errors: [String]) {
        let results = Locked([Result?](repeating: nil, count: count))
        let errors = Locked([String]())
        let group = DispatchGroup()
        for index in 0..<count {
            group.enter()
            let thread = Thread {
                defer { group.leave() }
                do {
                    let result = try body(index)
                    results.withLock { $0[index] = result }
                } catch {
                    errors.withLock { $0.append("thread \(index): \(error)") }
                }
            }
            thread.stackSize = 1 << 20
            thread.start()
        }
        if group.wait(timeout: .now() + timeout) == .timedOut {
            errors.withLock { $0.append("not every thread finished within \(timeout) s") }
        }
        return (results.value, errors.value)
    }
}

/// Holds threads until all have arrived, so that their next step happens at the same moment.
final class StartLine: Sendable {
    private let parties: Int
    private let arrived = Atomic<Int>(0)
    private let gate = DispatchSemaphore(value: 0)

    init(parties: Int) {
        self.parties = parties
    }

    /// Blocks until `parties` threads have called it, or `timeout` seconds pass (a thread that
    /// failed before arriving must not hang the others).
    func arriveAndWait(timeout: Double) {
        let count = arrived.add(1, ordering: .acquiringAndReleasing).newValue
        if count == parties {
            for _ in 0..<parties { gate.signal() }
        }
        _ = gate.wait(timeout: .now() + timeout)
    }
}
