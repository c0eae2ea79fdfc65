import Synchronization

/// When the next attempt to reach the server may be made, shared by every connection of one
/// store: after a failed attempt, 50 ms, doubling up to 2 s; after a successful one (any
/// connection's: the server is back), at once. Sharing it means that once readiness reconnects
/// one connection, the others do not sit out a backoff of their own.
///
/// It also remembers why the last attempt failed, so that an outage is reported once per
/// change (unreachable, unreachable for another reason, reachable again), not once per attempt.
final class PostgreSQLBackoff: Sendable {
    /// The first and the longest pause between attempts.
    static let pauses = (first: Duration.milliseconds(50), longest: Duration.seconds(2))

    private struct State {
        var retryAt: ContinuousClock.Instant?
        var delay = PostgreSQLBackoff.pauses.first
        /// Why the last attempt failed, until one succeeds.
        var failure: String?
        /// When an attempt last succeeded.
        var succeededAt: ContinuousClock.Instant?
    }

    private let state = Mutex(State())

    /// Creates a backoff that allows an attempt at once.
    init() {}

    /// Whether an attempt may be made now.
    var allowsAttempt: Bool {
        state.withLock { state in state.retryAt.map { ContinuousClock.now >= $0 } ?? true }
    }

    /// Why the last attempt failed, while no attempt has succeeded since.
    var lastFailure: String? {
        state.withLock { $0.failure }
    }

    /// An attempt failed for `reason`: the next waits longer. Returns whether this is news: the
    /// server was reachable until now, or failed for another reason before.
    /// An attempt begun at `began` that fails after another, begun later, succeeded says nothing
    /// new (connections made at once while the server comes up): it is not recorded, so
    /// readiness, which reads `lastFailure`, is not held at "unreachable" by it.
    @discardableResult
    func failed(reason: String, began: ContinuousClock.Instant = .now) -> Bool {
        state.withLock { state in
            if let succeededAt = state.succeededAt, succeededAt > began { return false }
            state.retryAt = ContinuousClock.now + state.delay
            state.delay = min(state.delay * 2, Self.pauses.longest)
            defer { state.failure = reason }
            return state.failure != reason
        }
    }

    /// An attempt succeeded: the next may be made at once. Returns whether the server was
    /// unreachable until now.
    @discardableResult
    func succeeded() -> Bool {
        state.withLock { state in
            defer { state = State(succeededAt: .now) }
            return state.failure != nil
        }
    }
}
