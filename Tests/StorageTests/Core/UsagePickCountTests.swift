import QuickActions
import StorageCore
import Testing

/// How every store counts a pick in a favorite's use score (the contract suites check that the
/// stores do count it).
@Suite struct UsagePickCountTests {
    private static let now = Timestamp(millisecondsSince1970: 1_764_478_800_000)
    private static let pick = UsagePick(contactId: "c1", at: now, halfLife: .default)

    @Test func aPickOfAFavoriteGivesItsNextKey() {
        let change = Self.pick.change(of: (sequence: 7, usageKey: nil))
        #expect(change == UsageChange(sequence: 7, usageKey: UsageScore(pickAt: Self.now).key))
    }

    @Test func aPickAddsToThePreviousScore() throws {
        let previous = UsageScore(pickAt: Self.now.advanced(byMilliseconds: -60_000))
        let change = Self.pick.change(of: (sequence: 3, usageKey: previous.key))
        let expected = UsageScore.afterPick(at: Self.now, previous: previous, halfLife: .default).key
        #expect(try #require(change).usageKey == expected && expected > UsageScore(pickAt: Self.now).key)
    }

    @Test func aPickOfNoFavoriteCountsNothing() {
        #expect(Self.pick.change(of: nil) == nil)
    }

    @Test func anAppendIsStoredOnceItHasItsTrigger() throws {
        #expect(try CountedTrigger(append: .recorded(eventID: 4), usage: nil).stored() == .recorded(eventID: 4))
        #expect(throws: StorageError.self) { try CountedTrigger(append: nil, usage: nil).stored() }
    }
}
