import QuickActions
import StorageCore
import Synchronization
import Testing

/// What every store keeps for the order of the dynamic items and the disabled items: pin
/// orders, usage keys counted in a trigger's transaction, and disabled items written with the
/// contact write that makes them.
@Suite struct RankingContractTests {
    private static let halfLife = UsageHalfLife.default

    /// Runs `body` with a new account's contacts and triggers.
    private func withAccount(
        _ kind: RepositoryKind, clock: TestClock = TestClock(), _ body: (any DataStore, any ContactRepository, any TriggerStore) throws -> Void
    ) throws {
        try kind.withStore(clock: clock) { store in
            let account = try store.accounts.createAccount(name: "ranking", tokenDigest: Array("ranking-\(kind.name)".utf8))
            try body(store, store.contacts(of: account.key), store.triggers(of: account.key))
        }
    }

    private static func pick(_ id: String, contact: String, at millis: Int64) -> (TriggerRecord, UsagePick) {
        let at = Timestamp(millisecondsSince1970: millis)
        let record = TriggerRecord(
            id: id, type: ShortcutItemBuilder.favoriteActionType, userInfo: ["contactId": .string(contact)], launch: nil, deviceId: nil,
            receivedAt: at, message: "picked", contactId: contact)
        return (record, UsagePick(contactId: contact, at: at, halfLife: halfLife))
    }

    @Test(arguments: RepositoryKind.local)
    func pinsTakeOrdersInTurnAndOnlyFavoritesArePinned(kind: RepositoryKind) throws {
        try withAccount(kind) { _, contacts, _ in
            let ada = try contacts.create(NewContact(name: "Ada", favorite: true))
            let bob = try contacts.create(NewContact(name: "Bob", favorite: true))
            let cy = try contacts.create(NewContact(name: "Cy"))
            #expect(!ada.pinned && ada.pinOrder == nil)
            guard case .done(_, let bobPinned?) = try contacts.update(id: bob.id, ContactPatch(pinned: true), expectedRevision: nil) else {
                Issue.record("pinning a favorite was not done")
                return
            }
            #expect(bobPinned.pinOrder == 1 && bobPinned.revision == 2)
            _ = try contacts.update(id: ada.id, ContactPatch(pinned: true), expectedRevision: nil)
            #expect(try contacts.get(id: ada.id)?.pinOrder == 2)
            // Pinned already: keeps its place.
            _ = try contacts.update(id: ada.id, ContactPatch(pinned: true), expectedRevision: nil)
            #expect(try contacts.get(id: ada.id)?.pinOrder == 2)
            // Not a favorite: refused, naming the field, nothing stored.
            let refused = try contacts.update(id: cy.id, ContactPatch(pinned: true), expectedRevision: nil)
            guard case .refused(let error) = refused else {
                Issue.record("pinning a contact that is not a favorite gave \(refused)")
                return
            }
            #expect(error.field == "pinned")
            #expect(try contacts.get(id: cy.id) == cy)
            // Unfavoriting unpins; pinned again, it comes last.
            _ = try contacts.update(id: bob.id, ContactPatch(favorite: false), expectedRevision: nil)
            #expect(try contacts.get(id: bob.id)?.pinOrder == nil)
            _ = try contacts.update(id: bob.id, ContactPatch(favorite: true, pinned: true), expectedRevision: nil)
            #expect(try contacts.favorites().map(\.pinOrder) == [2, 3])
            _ = try contacts.update(id: ada.id, ContactPatch(pinned: false), expectedRevision: nil)
            #expect(try contacts.favorites().map(\.pinOrder) == [nil, 3])
        }
    }

    @Test(arguments: RepositoryKind.local)
    func aPickCountsInTheUsageKeyOnceWithoutANewRevision(kind: RepositoryKind) throws {
        try withAccount(kind) { store, contacts, triggers in
            let ada = try contacts.create(NewContact(name: "Ada", favorite: true))
            let cy = try contacts.create(NewContact(name: "Cy"))
            let seen = Mutex<[UsageChange]>([])
            store.changes.observe { change in
                if let usage = change.usage { seen.withLock { $0.append(usage) } }
            }
            let answer = StoredAnswer(key: "k1", requestDigest: "d", status: 202, body: [], createdAt: Timestamp(millisecondsSince1970: 1000))
            let (first, pick) = Self.pick("t1", contact: ada.id, at: 1_000_000)
            _ = try triggers.append(first, answer: answer, pick: pick)
            #expect(try contacts.get(id: ada.id)?.usageKey == 1_000_000)
            // A replay of the same Idempotency-Key stores nothing and counts nothing.
            let (replay, again) = Self.pick("t2", contact: ada.id, at: 1_000_000)
            guard case .answered = try triggers.append(replay, answer: answer, pick: again) else {
                Issue.record("the replay was recorded")
                return
            }
            #expect(try contacts.get(id: ada.id)?.usageKey == 1_000_000)
            // Two picks at one instant: the key of one pick, one half-life later.
            let (second, same) = Self.pick("t3", contact: ada.id, at: 1_000_000)
            _ = try triggers.append(second, answer: nil, pick: same)
            let stored = try #require(try contacts.get(id: ada.id))
            #expect(try #require(stored.usageKey) == 1_000_000 + Double(Self.halfLife.milliseconds))
            #expect(stored.revision == ada.revision && stored.updatedAt == ada.updatedAt)
            #expect(try contacts.favorites().map(\.usageKey) == [stored.usageKey])
            // Not a favorite: no key.
            let (other, notFavorite) = Self.pick("t4", contact: cy.id, at: 1_000_000)
            _ = try triggers.append(other, answer: nil, pick: notFavorite)
            #expect(try contacts.get(id: cy.id)?.usageKey == nil)
            #expect(seen.withLock { $0 }.map(\.usageKey) == [1_000_000, 1_000_000 + Double(Self.halfLife.milliseconds)])
            #expect(seen.withLock { $0 }.allSatisfy { $0.sequence == ada.sequence })
        }
    }

    @Test(arguments: RepositoryKind.local)
    func disabledItemsFollowTheWritesThatMakeThem(kind: RepositoryKind) throws {
        let clock = TestClock()
        try withAccount(kind, clock: clock) { _, contacts, triggers in
            let ada = try contacts.create(NewContact(name: "Ada", favorite: true))
            let bob = try contacts.create(NewContact(name: "Bob", favorite: true))
            let cy = try contacts.create(NewContact(name: "Cy"))
            let start = clock.now
            _ = try contacts.update(id: ada.id, ContactPatch(favorite: false), expectedRevision: nil)
            #expect(try contacts.disabledItems() == [DisabledItem.favorite(ada.id, reason: .unfavorited, since: start)])
            clock.advance(by: 10)
            _ = try contacts.delete(id: bob.id, expectedRevision: nil)
            _ = try contacts.delete(id: cy.id, expectedRevision: nil)
            #expect(
                try contacts.disabledItems() == [
                    DisabledItem.favorite(ada.id, reason: .unfavorited, since: start),
                    DisabledItem.favorite(bob.id, reason: .deleted, since: clock.now),
                ])
            // A favorite again: its item shows, so no disabled item.
            _ = try contacts.update(id: ada.id, ContactPatch(favorite: true), expectedRevision: nil)
            #expect(try contacts.disabledItems() == [DisabledItem.favorite(bob.id, reason: .deleted, since: clock.now)])
            #expect(try triggers.disabledCount() >= 1)
        }
    }

    @Test(arguments: RepositoryKind.local)
    func thePurgeRemovesTheOldestDisabledItemsInBatches(kind: RepositoryKind) throws {
        let clock = TestClock()
        try withAccount(kind, clock: clock) { _, contacts, triggers in
            let before = try triggers.disabledCount()
            var times: [Timestamp] = []
            for index in 0..<3 {
                let contact = try contacts.create(NewContact(name: "F\(index)", favorite: true))
                times.append(clock.now)
                _ = try contacts.delete(id: contact.id, expectedRevision: nil)
                clock.advance(by: 100)
            }
            #expect(try triggers.disabledCount() == before + 3)
            #expect(try triggers.purgeDisabled(before: times[2], limit: 1) == 1)
            #expect(try contacts.disabledItems().map(\.since) == [times[1], times[2]])
            #expect(try triggers.purgeDisabled(before: times[2], limit: 10) == 1)
            #expect(try triggers.purgeDisabled(before: times[2], limit: 10) == 0)
            #expect(try contacts.disabledItems().map(\.since) == [times[2]])
        }
    }

    @Test(arguments: RepositoryKind.local)
    func deletingAnAccountLeavesNoDisabledItems(kind: RepositoryKind) throws {
        try kind.withStore { store in
            let account = try store.accounts.createAccount(name: "gone", tokenDigest: Array("gone-\(kind.name)".utf8))
            let contacts = store.contacts(of: account.key)
            let ada = try contacts.create(NewContact(name: "Ada", favorite: true))
            _ = try contacts.delete(id: ada.id, expectedRevision: nil)
            #expect(try store.triggers(of: .default).disabledCount() == 1)
            _ = try store.accounts.deleteAccount(id: account.id)
            #expect(try store.triggers(of: .default).disabledCount() == 0)
        }
    }

    /// `QUICKACTIOND_TEST_POSTGRES` names a server (`make test-postgres`).
    @Suite("RankingContractTests on PostgreSQL", .postgreSQL) struct OnPostgreSQL {
        let contract = RankingContractTests()

        @Test func pinsTakeOrdersInTurnAndOnlyFavoritesArePinned() throws {
            try contract.pinsTakeOrdersInTurnAndOnlyFavoritesArePinned(kind: .postgres)
        }
        @Test func aPickCountsInTheUsageKeyOnceWithoutANewRevision() throws {
            try contract.aPickCountsInTheUsageKeyOnceWithoutANewRevision(kind: .postgres)
        }
        @Test func disabledItemsFollowTheWritesThatMakeThem() throws { try contract.disabledItemsFollowTheWritesThatMakeThem(kind: .postgres) }
        @Test func thePurgeRemovesTheOldestDisabledItemsInBatches() throws {
            try contract.thePurgeRemovesTheOldestDisabledItemsInBatches(kind: .postgres)
        }
        @Test func deletingAnAccountLeavesNoDisabledItems() throws { try contract.deletingAnAccountLeavesNoDisabledItems(kind: .postgres) }
    }
}
