import Foundation
import Testing

@testable import QuickActions

/// The usage key's arithmetic: exact for one pick, equal to the plain sum wherever the plain
/// sum can be computed, and finite where it cannot.
@Suite struct UsageScoreTests {
    static let day: Int64 = 86_400_000
    static let halfLife = UsageHalfLife.default
    /// 2026-11-30T05:00:00Z.
    static let start = Timestamp(millisecondsSince1970: 1_796_014_800_000)

    /// A deterministic stream of numbers (no flaky seed): a 64-bit linear congruential generator.
    struct Stream: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state
        }
    }

    static func key(of picks: [Timestamp], halfLife: UsageHalfLife = halfLife) -> UsageScore? {
        picks.reduce(nil) { UsageScore.afterPick(at: $1, previous: $0, halfLife: halfLife) }
    }

    /// `Σ 2^((tᵢ − now) / h)` summed plainly, against a reference `R` at the latest pick so
    /// that no power overflows: `2^((R − now) / h) · Σ 2^((tᵢ − R) / h)`.
    static func naiveScore(of picks: [Timestamp], at now: Timestamp, halfLife: UsageHalfLife = halfLife) -> Double {
        let h = Double(halfLife.milliseconds)
        guard let reference = picks.map(\.millisecondsSince1970).max() else { return 0 }
        let sum = picks.reduce(0.0) { $0 + exp2(Double($1.millisecondsSince1970 - reference) / h) }
        return sum * exp2(Double(reference - now.millisecondsSince1970) / h)
    }

    static func relativeDifference(_ a: Double, _ b: Double) -> Double {
        abs(a - b) / max(abs(a), abs(b))
    }

    @Test(arguments: [Int64(1), 3_600_000, 14 * day, 365 * day])
    func onePickIsItsOwnTimeUnderEveryHalfLife(halfLifeMilliseconds: Int64) throws {
        let halfLife = try #require(UsageHalfLife(milliseconds: halfLifeMilliseconds))
        let score = try #require(Self.key(of: [Self.start], halfLife: halfLife))
        #expect(score.key == Double(Self.start.millisecondsSince1970))
        #expect(score.value(at: Self.start, halfLife: halfLife) == 1)
        #expect(score.value(at: Self.start.advanced(byMilliseconds: halfLifeMilliseconds), halfLife: halfLife) == 0.5)
    }

    @Test func twoPicksAtOneInstantScoreTwoAndHalveTogether() throws {
        let score = try #require(Self.key(of: [Self.start, Self.start]))
        #expect(score.key == Double(Self.start.millisecondsSince1970 + Self.halfLife.milliseconds))
        #expect(score.value(at: Self.start, halfLife: Self.halfLife) == 2)
        #expect(score.value(at: Self.start.advanced(byMilliseconds: 2 * Self.halfLife.milliseconds), halfLife: Self.halfLife) == 0.5)
    }

    /// A million picks at one instant: the key sits 20 half-lives after it, and the score is a
    /// million, after a million one-step updates.
    @Test func aMillionPicksAtOneInstant() throws {
        let halfLife = Self.halfLife
        var score = UsageScore(pickAt: Self.start)
        for _ in 1..<1_000_000 { score = score.adding(pickAt: Self.start, halfLife: halfLife) }
        let expectedKey = Double(Self.start.millisecondsSince1970) + Double(halfLife.milliseconds) * log2(1_000_000)
        #expect(Self.relativeDifference(exp2((score.key - expectedKey) / Double(halfLife.milliseconds)), 1) < 1e-9)
        #expect(Self.relativeDifference(score.value(at: Self.start, halfLife: halfLife), 1_000_000) < 1e-9)
    }

    /// Picks spanning 100 years (from 1970, a pick every 1 to 9 days): the plain sum against
    /// 1970 overflows long before the end, the key stays finite and near the last pick, and
    /// agrees with the sum re-based near the picks.
    @Test func aCenturyOfPicksNeverOverflows() throws {
        var stream = Stream(state: 1)
        var picks: [Timestamp] = []
        var time: Int64 = 0
        let end = Timestamp.days(year: 2070, month: 1, day: 1) * Self.day
        while time < end {
            picks.append(Timestamp(millisecondsSince1970: time))
            time += Int64(stream.next(upperBound: UInt64(9 * Self.day))) + Self.day
        }
        let last = try #require(picks.last)
        let h = Double(Self.halfLife.milliseconds)
        // What a fixed reference at 1970 would have had to hold: not a Double.
        #expect(picks.reduce(0.0) { $0 + exp2(Double($1.millisecondsSince1970) / h) } == .infinity)
        let score = try #require(Self.key(of: picks))
        #expect(score.key.isFinite)
        #expect(score.key >= Double(last.millisecondsSince1970))
        #expect(score.key <= Double(last.millisecondsSince1970) + h * log2(Double(picks.count)))
        for now in [last, last.advanced(byMilliseconds: 30 * Self.day), last.advanced(byMilliseconds: -400 * Self.day)] {
            let naive = Self.naiveScore(of: picks, at: now)
            #expect(Self.relativeDifference(score.value(at: now, halfLife: Self.halfLife), naive) < 1e-9, "\(now)")
        }
    }

    /// Picks that arrive out of order (a late report, or two instances' clocks) give the key
    /// of the same picks in time order.
    @Test func outOfOrderPicksGiveTheSameKey() throws {
        var stream = Stream(state: 2)
        let picks = (0..<5_000).map { _ in
            Self.start.advanced(byMilliseconds: Int64(stream.next(upperBound: UInt64(200 * Self.day))))
        }
        let inOrder = try #require(Self.key(of: picks.sorted()))
        let reversed = try #require(Self.key(of: picks.sorted().reversed()))
        let shuffled = try #require(Self.key(of: picks.shuffled(using: &stream)))
        for other in [reversed, shuffled] {
            #expect(Self.relativeDifference(exp2((other.key - inOrder.key) / Double(Self.halfLife.milliseconds)), 1) < 1e-9)
        }
    }

    /// Random picks over a year with a few half-lives: the key's score is the plain sum's, to
    /// one part in a billion, at instants before, among and after the picks.
    @Test(arguments: [Int64(3_600_000), 14 * day, 90 * day])
    func agreesWithThePlainSum(halfLifeMilliseconds: Int64) throws {
        let halfLife = try #require(UsageHalfLife(milliseconds: halfLifeMilliseconds))
        var stream = Stream(state: UInt64(halfLifeMilliseconds))
        let picks = (0..<10_000).map { _ in Self.start.advanced(byMilliseconds: Int64(stream.next(upperBound: UInt64(365 * Self.day)))) }
        let score = try #require(Self.key(of: picks, halfLife: halfLife))
        for offset in [-10 * Self.day, 100 * Self.day, 365 * Self.day, 400 * Self.day] {
            let now = Self.start.advanced(byMilliseconds: offset)
            let naive = Self.naiveScore(of: picks, at: now, halfLife: halfLife)
            guard naive.isNormal else { continue }  // an hour's half-life: a year later, 0 for both
            #expect(Self.relativeDifference(score.value(at: now, halfLife: halfLife), naive) < 1e-9, "\(offset)")
        }
    }

    /// Ordering by key is ordering by score at every instant the scores can be told apart,
    /// so the order changes only when a pick changes a key.
    @Test func orderByKeyIsOrderByScoreAtEveryInstant() throws {
        var stream = Stream(state: 3)
        let items = try (0..<50).map { _ in
            let picks = (0..<Int(stream.next(upperBound: UInt64(40)) + 1)).map { _ in
                Self.start.advanced(byMilliseconds: Int64(stream.next(upperBound: UInt64(120 * Self.day))))
            }
            return try #require(Self.key(of: picks))
        }
        let byKey = items.sorted(by: >)
        for days in [Int64(0), 60, 120, 365, 3_650] {
            let now = Self.start.advanced(byMilliseconds: days * Self.day)
            let values = byKey.map { $0.value(at: now, halfLife: Self.halfLife) }
            #expect(zip(values, values.dropFirst()).allSatisfy { $0 >= $1 }, "\(days) days")
        }
    }

    @Test func keysOfAnyInstantAreExactAndOthersAreRefused() {
        // Year 9999's last millisecond is far below 2^53: a single pick's key is its time exactly.
        let late = Timestamp(millisecondsSince1970: 253_402_300_799_999)
        #expect(UsageScore(pickAt: late).key == 253_402_300_799_999)
        #expect(UsageScore(key: .nan) == nil)
        #expect(UsageScore(key: .infinity) == nil)
        #expect(UsageScore(key: 1.5)?.key == 1.5)
        #expect(UsageHalfLife(milliseconds: 0) == nil)
        #expect(UsageHalfLife(.seconds(-1)) == nil)
        #expect(UsageHalfLife(.seconds(14 * 86_400)) == .default)
        #expect(UsageHalfLife.default.description == "14d")
    }
}
