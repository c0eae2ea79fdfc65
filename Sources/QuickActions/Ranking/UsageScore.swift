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
/// - A key holds its half-life: read under another, `n` picks at `t` made under `h₀`
///   (`t + h₀ · log2(n)`) would count `n^(h₀/h₁)` picks, so 20 picks under 365 days read under
///   one day score `2^1577`. A store therefore records the half-life its keys were made under,
///   and a start-up under another rescales every key once (`rescaled`), keeping each score.
/// - Every score is finite: its exponent `(K − now) / h` is held within `exponentRange`.
public struct UsageScore: Sendable, Hashable, Comparable {
    /// The exponents `(K − now) / h` a score takes: at most 1023, so that a score (`2^1023` at
    /// most) is always a finite `Double`; at least −10¹⁵, a score of 0 at any precision, so
    /// that a rescaled key stays finite under any half-life. Real keys are far inside: a
    /// billion picks at one instant are an exponent of 30.
    public static let exponentRange: ClosedRange<Double> = -1e15...1023

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
    /// just made, ½ for one made a half-life ago). For display: order by `key`. Always finite
    /// and never negative: a key far ahead of `now` (a clock set back) scores `2^1023` at most.
    public func value(at now: Timestamp, halfLife: UsageHalfLife) -> Double {
        exp2(min((key - Double(now.millisecondsSince1970)) / halfLife.length, Self.exponentRange.upperBound))
    }

    /// The key that scores under `halfLife` what this one, made under `previous`, scores at
    /// `now`. A score is `2^((K − now) / h)`, so the exponent is kept:
    ///
    ///     K₁ = now + (K₀ − now) · h₁ / h₀
    ///
    /// with the exponent `(K₀ − now) / h₀` held within `exponentRange`, so the new key and its
    /// score are finite whatever the two half-lives. Keys keep their order (ties only where an
    /// exponent is clamped). The stores run the same arithmetic in SQL, in this order.
    public func rescaled(from previous: UsageHalfLife, to halfLife: UsageHalfLife, at now: Timestamp) -> UsageScore {
        let now = Double(now.millisecondsSince1970)
        let exponent = min(max((key - now) / previous.length, Self.exponentRange.lowerBound), Self.exponentRange.upperBound)
        return UsageScore(unchecked: now + exponent * halfLife.length)
    }

    /// A higher key is a higher score, at every instant.
    public static func < (lhs: UsageScore, rhs: UsageScore) -> Bool {
        lhs.key < rhs.key
    }

    /// A key the arithmetic made; one past `Double`'s range (a stored key at its very edge, then
    /// picked) is held at the edge, so a key is always finite.
    private init(unchecked key: Double) {
        self.key = key.isFinite ? key : key < 0 ? -Double.greatestFiniteMagnitude : Double.greatestFiniteMagnitude
    }
}
