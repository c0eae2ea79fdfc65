import QuickActions
import Testing

@Suite struct DisabledItemTests {
    static let now = Timestamp(millisecondsSince1970: 1_796_014_800_000)

    static func contact(favorite: Bool, name: String = "Ada") -> Contact {
        Contact(id: "c1", name: name, email: nil, favorite: favorite, createdAt: now, updatedAt: now, sequence: 1)
    }

    @Test func aFavoriteLeavingTheListLeavesADisabledItemAndComingBackRemovesIt() {
        let favorite = Self.contact(favorite: true)
        let plain = Self.contact(favorite: false)
        #expect(DisabledItemChange.of(before: favorite, after: nil, at: Self.now) == .keep(.favorite("c1", reason: .deleted, since: Self.now)))
        #expect(DisabledItemChange.of(before: favorite, after: plain, at: Self.now) == .keep(.favorite("c1", reason: .unfavorited, since: Self.now)))
        #expect(DisabledItemChange.of(before: plain, after: favorite, at: Self.now) == .remove(.contact("c1")))
        // Unfavorited earlier, deleted now: a disabled item kept says deleted from now on.
        #expect(
            DisabledItemChange.of(before: plain, after: nil, at: Self.now) == .replaceExisting(.favorite("c1", reason: .deleted, since: Self.now)))
        // Changes that leave the list as it is.
        #expect(DisabledItemChange.of(before: favorite, after: Self.contact(favorite: true, name: "Ada L."), at: Self.now) == .none)
        #expect(DisabledItemChange.of(before: plain, after: Self.contact(favorite: false, name: "Ada L."), at: Self.now) == .none)
        #expect(DisabledItemChange.of(before: nil, after: favorite, at: Self.now) == .none)
        #expect(DisabledItemChange.of(before: nil, after: nil, at: Self.now) == .none)
    }

    /// Listed with only the id the item named: a deleted contact's name is not kept.
    @Test func itsJSONIsTheDisabledItem() {
        let disabledItem = DisabledItem.favorite("c1", reason: .deleted, since: Self.now)
        #expect(
            JSONWriter.string(disabledItem.json(message: "This contact was deleted"))
                == #"{"disabledMessage":"This contact was deleted","enabled":false,"reason":"deleted","since":"2026-11-30T05:00:00.000Z","#
                + #""type":"FavoriteAction","userInfo":{"contactId":"c1"}}"#)
        let sale = ScheduledItemFixtures.item("s1", from: 0, until: 2)
        let ended = DisabledItem.ended(sale, since: sale.until)
        #expect(ended.subject == .scheduledItem("s1") && ended.type == "SaleAction" && ended.reason == .ended)
        #expect(ended.userInfo == ["scheduledItemId": .string("s1")])
    }

    @Test func expiresAfterTheRetentionAndAcceptsTriggersForTheStaleWindow() {
        let disabledItem = DisabledItem.favorite("c1", reason: .unfavorited, since: Self.now)
        let day: Int64 = 86_400_000
        #expect(!disabledItem.isExpired(at: Self.now.advanced(byMilliseconds: 30 * day - 1)))
        #expect(disabledItem.isExpired(at: Self.now.advanced(byMilliseconds: 30 * day)))
        #expect(disabledItem.isExpired(at: Self.now.advanced(byMilliseconds: day), retention: .seconds(3600)))
        #expect(disabledItem.acceptsTrigger(at: Self.now.advanced(byMilliseconds: day - 1)))
        #expect(!disabledItem.acceptsTrigger(at: Self.now.advanced(byMilliseconds: day)))
    }
}
