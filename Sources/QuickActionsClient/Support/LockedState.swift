import Foundation

/// State several threads share, read and written only inside `withLock`: what the client's
/// URLSession delegates keep between the calls URLSession makes on its queue and the calls
/// callers and timers make from anywhere. (The library builds for iOS 17, before
/// Synchronization's `Mutex`; this is the one lock-guarded box it needs.)
final class LockedState<State>: @unchecked Sendable {
    // @unchecked: `state` is touched only while `lock` is held, inside `withLock`.
    private let lock = NSLock()
    private var state: State

    /// A box holding `state`.
    init(_ state: State) {
        self.state = state
    }

    /// Runs `body` with the state, under the lock.
    func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }
}
