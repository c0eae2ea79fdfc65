import Synchronization

/// When the next attempt to reach the server may be made, shared by every connection of one
/// store: after a failed attempt, 50 ms, doubling up to 2 s; after a successful one (any
/// connection's: the server is back), at once. Sharing it means that once readiness reconnects
/// one connection, the others do not sit out a backoff of their own.
final class PostgreSQLBackoff: Sendable {
    /// The first and the longest pause between attempts.
    static let pauses = (first: Duration.milliseconds(50), longest: Duration.seconds(2))

    private struct State {
        var retryAt: ContinuousClock.Instant?
        var delay = PostgreSQLBackoff.pauses.first
    }

    private let state = Mutex(State())

    /// Creates a backoff that allows an attempt at once.
    init() {}

    /// Whether an attempt may be made now.
    var allowsAttempt: Bool {
        state.withLock { state in state.retryAt.map { ContinuousClock.now >= $0 } ?? true }
    }

    /// An attempt failed: the next waits longer.
    func failed() {
        state.withLock { state in
            state.retryAt = ContinuousClock.now + state.delay
            state.delay = min(state.delay * 2, Self.pauses.longest)
        }
    }

    /// An attempt succeeded: the next may be made at once.
    func succeeded() {
        state.withLock { $0 = State() }
    }
}
