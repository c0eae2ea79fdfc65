import HTTPServer
import Sharding

/// A token bucket per account (`--rate-limit N`): each holds `limit` tokens and refills at `limit`
/// per second; a request takes one. Thread-safe, sharded by key so the HTTP threads rarely meet
/// on one lock.
///
/// Each bucket is one number, its theoretical arrival time (GCRA, the token bucket's
/// equivalent): the instant at which it will be full again. A bucket that is full, whose
/// instant has passed, behaves exactly like a missing one, so it is dropped.
///
/// Memory bound: a shard prunes its full buckets when an insert finds it holding
/// `pruneThreshold` (4,096) entries or more, and then waits until it holds twice what survived
/// (never less than 4,096) before it prunes again, so pruning costs O(1) per insert. What
/// survives is only the keys that took a token in the last second. So the map holds at most
/// about 2 × (keys active in the last second) + 16 shards (`Sharded.standardCount`) × 4,096
/// entries, 16 bytes of payload each.
public final class RateLimiter: Sendable {
    /// Entries a shard may hold before an insert prunes it.
    public static let pruneThreshold = 4_096
    /// The bits of the shard count.
    private static let shardBits = Sharded<RateLimiterBuckets>.standardCount.trailingZeroBitCount

    /// Tokens a bucket holds, and refills per second.
    public let limit: Int
    /// Nanoseconds between tokens: 1 s / `limit`.
    private let interval: UInt64
    /// How far ahead of now a bucket's instant may run: `limit` × `interval` (≈ 1 s).
    private let capacity: UInt64
    private let clock: @Sendable () -> UInt64
    private let shards = Sharded { _ in RateLimiterBuckets() }

    /// A limiter of `limit` requests per second per key (1...1,000,000); `clock` gives monotonic
    /// nanoseconds, injectable so tests need no sleeps.
    public init(limit: Int, clock: @escaping @Sendable () -> UInt64 = { MonotonicClock.nanoseconds() }) {
        precondition((1...1_000_000).contains(limit), "a rate limit is 1...1000000 requests per second")
        self.limit = limit
        interval = 1_000_000_000 / UInt64(limit)
        capacity = UInt64(limit) * interval
        self.clock = clock
    }

    /// Takes a token from `key`'s bucket if it has one.
    public func take(_ key: Int64) -> RateLimitDecision {
        let now = clock()
        let limit = limit
        let interval = interval
        let capacity = capacity
        return shards.withLock(forHash: Self.hash(key)) { shard in
            // The bucket's instant, never in the past: a full bucket is "now".
            let start = max(shard.entries[key] ?? now, now)
            let next = start + interval
            if next - now > capacity {
                // Empty: a token appears when the instant is back within capacity.
                let wait = Self.wholeSeconds(next - capacity - now)
                return RateLimitDecision(allowed: false, limit: limit, remaining: 0, resetSeconds: wait, retryAfterSeconds: wait)
            }
            shard.store(next, for: key, now: now)
            let remaining = Int((now + capacity - next) / interval)
            let reset = remaining > 0 ? next - now : next + interval - capacity - now
            return RateLimitDecision(
                allowed: true, limit: limit, remaining: remaining, resetSeconds: Self.wholeSeconds(reset), retryAfterSeconds: nil)
        }
    }

    /// Buckets held now, over all shards (for tests and metrics).
    public var entryCount: Int {
        shards.reduce(0) { total, shard in total + shard.entries.count }
    }

    /// The hash that picks `key`'s shard. Fibonacci hashing: account keys are row ids,
    /// consecutive; the top bits of the product spread them over the shards.
    private static func hash(_ key: Int64) -> UInt64 {
        (UInt64(bitPattern: key) &* 0x9E37_79B9_7F4A_7C15) >> (64 - shardBits)
    }

    /// Nanoseconds rounded up to whole seconds, at least 1 (the fields take delay-seconds).
    private static func wholeSeconds(_ nanoseconds: UInt64) -> Int {
        max(1, Int((nanoseconds + 999_999_999) / 1_000_000_000))
    }
}

/// One shard's buckets: each key's instant of fullness, and when to prune next.
struct RateLimiterBuckets: Sendable {
    /// Key → the monotonic instant at which its bucket is full again.
    var entries: [Int64: UInt64] = [:]
    /// An insert that finds this many entries prunes first.
    var pruneAt = RateLimiter.pruneThreshold

    /// Stores `instant` for `key`, pruning full buckets first when a new key finds the shard large.
    mutating func store(_ instant: UInt64, for key: Int64, now: UInt64) {
        if entries.count >= pruneAt, entries[key] == nil {
            // `filter` builds a fresh dictionary: removing in place would keep the old capacity.
            entries = entries.filter { $0.value > now }
            pruneAt = max(RateLimiter.pruneThreshold, entries.count * 2)
        }
        entries[key] = instant
    }
}
