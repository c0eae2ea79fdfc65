import QuickActions
import Testing

@Suite struct ScheduleTimelineTests {
    typealias F = ScheduledItemFixtures

    static let timeline = ScheduleTimeline([
        F.item("late", from: 10, until: 20, created: -1),
        F.item("first", from: 2, until: 12, created: -5),
        F.item("same-from-newer", from: 2, until: 4, created: -2),
        F.item("for-a1", from: 3, until: 5, accounts: ["a1"]),
    ])

    @Test func showsTheWindowsThatHoldAnInstantInListOrder() {
        let ids = { (hours: Int64, account: String?) in Self.timeline.showing(at: F.at(hours: hours), account: account).map(\.id) }
        #expect(ids(1, nil).isEmpty)
        // `from` is included, `until` is not.
        #expect(ids(2, nil) == ["first", "same-from-newer"])
        #expect(ids(3, nil) == ["first", "same-from-newer", "for-a1"])
        #expect(ids(3, "a2") == ["first", "same-from-newer"])
        #expect(ids(3, "a1") == ["first", "same-from-newer", "for-a1"])
        #expect(ids(4, nil) == ["first", "for-a1"])
        #expect(ids(11, nil) == ["first", "late"])
        #expect(ids(20, nil).isEmpty)
    }

    @Test func theNextEdgeIsTheFirstFromOrUntilAfterAnInstant() {
        let next = { (hours: Int64) in Self.timeline.nextEdge(after: F.at(hours: hours)) }
        #expect(next(0) == F.at(hours: 2))
        #expect(next(2) == F.at(hours: 3))
        #expect(next(5) == F.at(hours: 10))
        #expect(next(12) == F.at(hours: 20))
        #expect(next(20) == nil)
        #expect(ScheduleTimeline([]).nextEdge(after: F.now) == nil)
    }

    @Test func saysWhichItemsChangedBetweenTwoInstants() {
        let changed = { (start: Int64, end: Int64) in
            Self.timeline.items(changingAfter: F.at(hours: start), through: F.at(hours: end)).map(\.id)
        }
        #expect(changed(0, 1).isEmpty)
        #expect(changed(0, 2) == ["first", "same-from-newer"])
        #expect(changed(2, 4) == ["same-from-newer", "for-a1"])
        #expect(changed(4, 11) == ["for-a1", "late"])
    }

    @Test func triggersAreAcceptedWhileShowingAndForTheStaleWindowAfter() {
        let verdict = { (id: String, hours: Int64) in Self.timeline.verdict(forTriggerOf: id, at: F.at(hours: hours)) }
        #expect(verdict("first", 2) == .showing)
        #expect(verdict("first", 12) == .stale(since: F.at(hours: 12)))
        #expect(verdict("first", 35) == .stale(since: F.at(hours: 12)))
        #expect(verdict("first", 36) == .gone)
        #expect(verdict("late", 9) == .gone)
        #expect(verdict("deleted", 3) == .gone)
        #expect(verdict("first", 35).isAccepted && !verdict("first", 36).isAccepted)
        let hourLong = Self.timeline.verdict(forTriggerOf: "first", at: F.at(hours: 13), staleWindow: .seconds(3600))
        #expect(hourLong == .gone)
    }
}
