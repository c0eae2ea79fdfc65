import Foundation
import Testing

@testable import QuickActions

/// A key rescaled to a new half-life keeps its score; and no key, however extreme, gives a
/// score that is infinite or not a number, under any half-life.
@Suite struct UsageScoreRescaleTests {
    static let start = UsageScoreTests.start
    static let day = UsageHalfLife(milliseconds: 86_400_000) ?? .default
    static let year = UsageHalfLife(milliseconds: 365 * 86_400_000) ?? .default
    static let halfLives = [UsageHalfLife(milliseconds: 1), day, .default, year, UsageHalfLife(milliseconds: .max)].compactMap { $0 }
    /// Keys no pick makes in practice: the edges of `Double`, far past and far future.
    static let extremeKeys: [Double] = [
        .greatestFiniteMagnitude, -.greatestFiniteMagnitude, 0, .leastNonzeroMagnitude, 1e300, -1e300,
        Double(start.millisecondsSince1970) + 1e15, Double(start.millisecondsSince1970) - 1e15, Double(start.millisecondsSince1970),
    ]

    static func twentyPicks(halfLife: UsageHalfLife) -> UsageScore? {
        UsageScoreTests.key(of: Array(repeating: start, count: 20), halfLife: halfLife)
    }

    @Test func twentyPicksUnderAYearKeepTheirScoreUnderADay() throws {
        let key = try #require(Self.twentyPicks(halfLife: Self.year))
        let now = Timestamp(millisecondsSince1970: Self.start.millisecondsSince1970 + 60_000)
        let score = key.value(at: now, halfLife: Self.year)
        #expect(abs(score - 20) < 1e-3)
        // Read under a day as it is, the key's exponent is 1577: held at 2^1023, never infinite.
        #expect(key.value(at: now, halfLife: Self.day) == exp2(1023))
        let rescaled = key.rescaled(from: Self.year, to: Self.day, at: now)
        #expect(abs(rescaled.value(at: now, halfLife: Self.day) - score) <= score * 1e-9)
        // A day later it has halved, as a day's half-life says.
        let later = Timestamp(millisecondsSince1970: now.millisecondsSince1970 + 86_400_000)
        #expect(abs(rescaled.value(at: later, halfLife: Self.day) - score / 2) <= score * 1e-9)
        // And back to a year: the same score again.
        let back = rescaled.rescaled(from: Self.day, to: Self.year, at: now)
        #expect(abs(back.value(at: now, halfLife: Self.year) - score) <= score * 1e-9)
        #expect(DynamicOrderReason.rounded(rescaled.value(at: now, halfLife: Self.day)) == 20)
    }

    @Test(arguments: extremeKeys)
    func extremeKeysGiveFiniteScoresUnderAnyHalfLife(key: Double) throws {
        let score = try #require(UsageScore(key: key))
        for now in [Self.start, Timestamp(millisecondsSince1970: 0), Timestamp(millisecondsSince1970: 253_402_300_799_999)] {
            for old in Self.halfLives {
                let value = score.value(at: now, halfLife: old)
                #expect(value.isFinite && value >= 0, "key \(key), half-life \(old): \(value)")
                #expect(score.adding(pickAt: now, halfLife: old).key.isFinite)
                for new in Self.halfLives {
                    let rescaled = score.rescaled(from: old, to: new, at: now)
                    let newValue = rescaled.value(at: now, halfLife: new)
                    #expect(rescaled.key.isFinite && newValue.isFinite && newValue >= 0, "key \(key), \(old) to \(new): \(rescaled.key)")
                }
            }
        }
    }

    @Test func rescalingKeepsTheOrderOfKeys() {
        var stream = UsageScoreTests.Stream(state: 7)
        let now = Double(Self.start.millisecondsSince1970)
        let keys = (0..<500).compactMap { _ in UsageScore(key: now + Double.random(in: -5e11...5e11, using: &stream)) }.sorted()
        for (old, new) in [(Self.year, Self.day), (Self.day, Self.year), (UsageHalfLife.default, Self.day)] {
            let rescaled = keys.map { $0.rescaled(from: old, to: new, at: Self.start) }
            #expect(rescaled == rescaled.sorted(), "\(old) to \(new)")
        }
    }

    @Test func anInfiniteScoreIsNeverShownAsZero() {
        #expect(DynamicOrderReason.rounded(.infinity) == .greatestFiniteMagnitude)
        #expect(DynamicOrderReason.rounded(.nan) == 0)
        #expect(DynamicOrderReason.rounded(-1) == 0)
    }
}
