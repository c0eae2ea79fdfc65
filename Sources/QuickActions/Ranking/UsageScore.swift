import Foundation

/// The decayed count of an item's accepted picks, kept as one number, the *usage key*, that a
/// pick updates in O(1) and that never overflows, underflows or needs rescaling.
///
/// Each pick counts 1 and halves every half-life `h`, so at `now` the picks `tᵢ` score
/// `Σ 2^((tᵢ − now) / h)`. That sum against a fixed reference `T₀`, `Σ 2^((tᵢ − T₀) / h)`,
/// grows without bound (with `T₀` = 1970 and `h` = 14 days, a single pick in 2026 is
/// `2^1461`: past `Double`'s range). So the key is its base-2 logarithm times `h`:
///
///     K = h · log2( Σ 2^(tᵢ / h) )        (milliseconds since 1970)
///
/// - One pick at `t` gives `K = t`: the key reads as the time of one equivalent pick, and stays
///   within `h · log2(n)` after the latest of `n` picks (a million picks: 20 half-lives), so
///   it is always near the wall clock. Milliseconds since 1970 stay below 2^53 for 285,000
///   years: a `Double` holds every key to well under a millisecond.
/// - A pick at `t` makes `K' = max(K, t) + h · log2(1 + 2^(−|K − t| / h))`: the sum's
///   logarithm without the sum, in any order of picks (late ones included).
/// - The score at `now` is `2^((K − now) / h)`. Every score decays by the same factor, so
///   ordering by `K` is ordering by score at every instant: the order changes only when a pick
///   changes a key, and no timer is needed. Order by the key, not by the score: a score
///   computed centuries later underflows to 0 while keys still differ.
/// - A key made under one half-life and read under another keeps its meaning for a single
///   pick (its time). `n` picks at one instant `t` under `h₀` give `t + h₀ · log2(n)`, which
///   under `h₁` reads as `n^(h₀/h₁)` picks at `t`: the weight already earned is kept as a
///   time, and every pick after the change counts 1 at the new rate.
public struct UsageScore: Sendable, Hashable, Comparable {
    /// The usage key `K`, in milliseconds since 1970 (finite).
    public let key: Double

    /// The score stored as `key`; nil when `key` is not finite (no key the arithmetic makes).
    public init?(key: Double) {
        guard key.isFinite else { return nil }
        self.key = key
    }

    /// The score of one pick at `time`: its key is that time.
    public init(pickAt time: Timestamp) {
        key = Double(time.millisecondsSince1970)
    }

    /// The score with one more pick at `time` (before or after the others), one step.
    public func adding(pickAt time: Timestamp, halfLife: UsageHalfLife) -> UsageScore {
        let pick = Double(time.millisecondsSince1970)
        let (high, low) = key >= pick ? (key, pick) : (pick, key)
        // log2(2^a + 2^b) = a + log2(1 + 2^(b - a)) for a ≥ b: the power is at most 1, and
        // log1p keeps the digits of a tiny increment that log2(1 + x) would round away.
        let h = halfLife.length
        return UsageScore(unchecked: high + h * log1p(exp2((low - high) / h)) / M_LN2)
    }

    /// The key after a pick at `time` on an item whose score was `previous` (nil: never picked).
    public static func afterPick(at time: Timestamp, previous: UsageScore?, halfLife: UsageHalfLife) -> UsageScore {
        previous?.adding(pickAt: time, halfLife: halfLife) ?? UsageScore(pickAt: time)
    }

    /// The decayed score at `now`: how many picks at `now` would weigh as much (1 for one pick
    /// just made, ½ for one made a half-life ago). For display: order by `key`.
    public func value(at now: Timestamp, halfLife: UsageHalfLife) -> Double {
        exp2((key - Double(now.millisecondsSince1970)) / halfLife.length)
    }

    /// A higher key is a higher score, at every instant.
    public static func < (lhs: UsageScore, rhs: UsageScore) -> Bool {
        lhs.key < rhs.key
    }

    private init(unchecked key: Double) {
        self.key = key
    }
}
