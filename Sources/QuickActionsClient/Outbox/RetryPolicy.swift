/// How `TriggerOutbox.flush()` retries: exponential backoff with full jitter, a bounded
/// number of attempts per flush, and the age after which a trigger is given up.
public struct RetryPolicy: Sendable, Equatable {
    /// The first backoff, in seconds.
    public var initialDelay: Double
    /// The longest backoff, in seconds.
    public var maximumDelay: Double
    /// Attempts per entry in one `flush()` before it is left for the next.
    public var attemptsPerFlush: Int
    /// The longest `Retry-After` honoured (a 429, or a 409 that carries one), in seconds.
    public var maximumRetryAfter: Double
    /// The service's idempotency window (`quickactiond --idempotency-ttl`, 24 h by default)
    /// less a margin for clock skew: an older entry is given up, not sent.
    public var idempotencyWindow: Double

    /// Creates a policy.
    public init(
        initialDelay: Double = 0.5, maximumDelay: Double = 30, attemptsPerFlush: Int = 5, maximumRetryAfter: Double = 10,
        idempotencyWindow: Double = 86_400 - 600
    ) {
        self.initialDelay = initialDelay
        self.maximumDelay = maximumDelay
        self.attemptsPerFlush = attemptsPerFlush
        self.maximumRetryAfter = maximumRetryAfter
        self.idempotencyWindow = idempotencyWindow
    }

    /// The pause before attempt `attempt + 1` (0-based): uniformly random in
    /// `0...min(maximumDelay, initialDelay * 2^attempt)` ("full jitter"), so devices that
    /// failed together do not retry together.
    public func delay(afterAttempt attempt: Int, random: Double = Double.random(in: 0...1)) -> Double {
        let ceiling = min(maximumDelay, initialDelay * Double(1 << min(max(attempt, 0), 20)))
        return ceiling * min(max(random, 0), 1)
    }
}
