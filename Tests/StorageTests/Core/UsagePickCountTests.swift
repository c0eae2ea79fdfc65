import QuickActions
import StorageCore
import Testing

/// How every store counts a pick in a favorite's use score (the contract suites check that the
/// stores do count it).
@Suite struct UsagePickCountTests {
    private static let now = Timestamp(millisecondsSince1970: 1_764_478_800_000)
    private static let pick = UsagePick(contactId: "c1", at: now, halfLife: .default)

    @Test func aPickOfAFavoriteStoresAndReturnsItsNextKey() {
        var stored: [UsageChange] = []
        var asked: [String] = []
        let change = Self.pick.count { id in
            asked.append(id)
            return (sequence: 7, usageKey: nil)
        } store: {
            stored.append($0)
        }
        let expected = UsageChange(sequence: 7, usageKey: UsageScore(pickAt: Self.now).key)
        #expect(asked == ["c1"] && change == expected && stored == [expected])
    }

    @Test func aPickAddsToThePreviousScore() throws {
        let previous = UsageScore(pickAt: Self.now.advanced(byMilliseconds: -60_000))
        let change = Self.pick.count { _ in
            (sequence: 3, usageKey: previous.key)
        } store: { _ in
        }
        let expected = UsageScore.afterPick(at: Self.now, previous: previous, halfLife: .default).key
        #expect(try #require(change).usageKey == expected && expected > UsageScore(pickAt: Self.now).key)
    }

    @Test func aPickOfNoFavoriteStoresNothing() {
        var stored = 0
        #expect(
            Self.pick.count { _ in
                nil
            } store: { _ in
                stored += 1
            } == nil)
        #expect(stored == 0)
    }

    @Test func anAppendIsStoredOnceItHasItsTrigger() throws {
        #expect(try CountedTrigger(append: .recorded(eventID: 4), usage: nil).stored() == .recorded(eventID: 4))
        #expect(throws: StorageError.self) { try CountedTrigger(append: nil, usage: nil).stored() }
    }
}
