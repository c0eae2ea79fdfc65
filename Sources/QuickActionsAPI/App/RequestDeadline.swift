import Dispatch
import HTTPServer

/// The deadline of a request that waits on a store whose reads may wait (PostgreSQL): once
/// `timeout` has passed since the request arrived, its deferred answer is completed with a 503
/// (`Problem.requestDeadline`, `Retry-After`), whatever the database or the network does; the
/// answer the worker or the writer gives later is dropped (`DeferredResponse.complete` keeps
/// the first). A request still waiting for a worker at its deadline is not run at all.
///
/// A write answered so may still commit afterwards (its outcome is unknown to the client, as
/// for any lost answer); a trigger sent again with its Idempotency-Key is recorded once.
public struct RequestDeadline: Sendable {
    /// `--db-request-timeout`'s default.
    public static let defaultTimeout = Duration.seconds(5)

    /// How long a request may wait for its answer.
    public let timeout: Duration

    /// A deadline `timeout` after each request's arrival (at least a millisecond).
    public init(timeout: Duration) {
        self.timeout = max(timeout, .milliseconds(1))
    }

    /// Completes `pending` with the deadline's 503 when it is still pending `timeout` after
    /// `startedAt` (`MonotonicClock` nanoseconds); the steps `pending` maps its answer through
    /// (access log, metrics, request id) apply to it as to any answer.
    func arm(_ pending: DeferredResponse, startedAt: UInt64) {
        let elapsed = MonotonicClock.nanoseconds() &- startedAt
        let total = UInt64(timeout / .nanoseconds(1))
        let remaining = total > elapsed ? total - elapsed : 0
        let seconds = timeout / .seconds(1)
        DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(Int(clamping: remaining))) {
            guard !pending.isCompleted else { return }
            pending.complete(Problem.requestDeadline(seconds: seconds).response)
        }
    }
}
