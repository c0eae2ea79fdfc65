import Dispatch
import QuickActions
import StorageCore
import Synchronization
import Testing

/// What every store keeps of the scheduled items: their fields as written, revisions and
/// conditional writes, deleted items kept until purged, and the limit counted in the write's
/// transaction, even for creates that race.
@Suite struct ScheduledItemContractTests {
    private static let hour: Int64 = 3_600_000

    /// A draft showing from `start` for an hour (ms after the test clock's start).
    private static func draft(_ type: String = "SaleAction", start: Int64 = hour, accounts: [String]? = nil) -> ScheduledItemDraft {
        let clock = TestClock()
        let from = clock.now.advanced(by: .milliseconds(start))
        return ScheduledItemDraft(
            type: type, title: LocalizedText(default: "Summer sale", translations: ["fr": "Soldes d'été"]),
            subtitle: LocalizedText(default: "Half price"), icon: .type(.search), userInfo: ["campaign": .string("summer"), "n": .integer(3)],
            from: from, until: from.advanced(by: .milliseconds(hour)), accounts: accounts)
    }

    @Test(arguments: RepositoryKind.local)
    func itemsKeepTheirFieldsThroughWritesAndDeletesAreKept(kind: RepositoryKind) throws {
        let clock = TestClock()
        try kind.withStore(clock: clock) { store in
            let items = store.scheduledItems
            let created = try items.create(Self.draft(accounts: ["a1", "a2"]), now: clock.now)
            #expect(created.revision == 1 && created.createdAt == clock.now)
            #expect(try items.get(id: created.id) == created)
            #expect(try items.all() == [StoredScheduledItem(item: created)])
            var changed = created.draft
            changed.subtitle = nil
            changed.accounts = nil
            changed.title = LocalizedText(default: "Winter sale")
            // A stale revision changes nothing.
            #expect(try items.update(id: created.id, to: changed, expectedRevision: 7, now: clock.now) == .revisionMismatch(current: created))
            guard case .done(let before, let after?) = try items.update(id: created.id, to: changed, expectedRevision: 1, now: clock.now) else {
                Issue.record("the update was not done")
                return
            }
            #expect(before == created && after.revision == 2 && after.draft == changed && after.createdAt == created.createdAt)
            #expect(try items.get(id: created.id) == after)
            #expect(try items.update(id: "missing", to: changed, expectedRevision: nil, now: clock.now) == .notFound)
            #expect(try items.delete(id: created.id, expectedRevision: 1, now: clock.now) == .revisionMismatch(current: after))
            clock.advance(by: 5)
            #expect(try items.delete(id: created.id, expectedRevision: 2, now: clock.now) == .done(before: after, after: nil))
            // Deleted: gone for reads and writes, kept (marked) for the disabled items.
            #expect(try items.get(id: created.id) == nil)
            #expect(try items.delete(id: created.id, expectedRevision: nil, now: clock.now) == .notFound)
            #expect(try items.all() == [StoredScheduledItem(item: after, deletedAt: clock.now)])
        }
    }

    @Test(arguments: RepositoryKind.local)
    func thePurgeRemovesTheItemsThatLeftBeforeTheCutoff(kind: RepositoryKind) throws {
        let clock = TestClock()
        try kind.withStore(clock: clock) { store in
            let items = store.scheduledItems
            let ended = try items.create(Self.draft("Ended", start: 0), now: clock.now)
            let deleted = try items.create(Self.draft("Deleted", start: 3 * Self.hour), now: clock.now)
            let later = try items.create(Self.draft("Later", start: 3 * Self.hour), now: clock.now)
            _ = try items.delete(id: deleted.id, expectedRevision: nil, now: clock.now.advanced(by: .milliseconds(Self.hour / 2)))
            // `ended` left at +1h, `deleted` at +0.5h, `later` leaves at +4h.
            #expect(try items.purge(leftBefore: clock.now.advanced(by: .milliseconds(Self.hour / 2))) == 0)
            #expect(try items.purge(leftBefore: clock.now.advanced(by: .milliseconds(2 * Self.hour))) == 2)
            #expect(try items.all().map(\.item.id) == [later.id])
            _ = ended
        }
    }

    @Test(arguments: RepositoryKind.local)
    func theLimitIsCountedInTheWriteEvenForConcurrentCreates(kind: RepositoryKind) throws {
        let clock = TestClock()
        try kind.withStore(clock: clock) { store in
            let items = store.scheduledItems
            let limit = ScheduledItemValidator.maxItems
            // One account's own items count with those for every account.
            for index in 0..<(limit - 10) { _ = try items.create(Self.draft("T\(index)"), now: clock.now) }
            let refusals = Mutex(0)
            let stored = Mutex(0)
            DispatchQueue.concurrentPerform(iterations: 24) { index in
                do throws(StorageError) {
                    _ = try items.create(Self.draft("C\(index)", accounts: ["a1"]), now: clock.now)
                    stored.withLock { $0 += 1 }
                } catch {
                    if error.cause == .scheduledItemLimit { refusals.withLock { $0 += 1 } }
                }
            }
            #expect(stored.withLock { $0 } == 10 && refusals.withLock { $0 } == 14)
            #expect(try items.all().count == limit)
            // Another account's list has room: its items do not count the first one's.
            _ = try items.create(Self.draft("Other", accounts: ["a2"]), now: clock.now)
            #expect(throws: StorageError.self) { try items.create(Self.draft("Full", start: 4 * Self.hour, accounts: ["a1"]), now: clock.now) }
            // Items that ended make room.
            clock.advance(by: 3 * Self.hour)
            _ = try items.create(Self.draft("AfterEnd", start: 4 * Self.hour, accounts: ["a1"]), now: clock.now)
        }
    }

    @Suite("ScheduledItemContractTests on PostgreSQL", .postgreSQL) struct OnPostgreSQL {
        let contract = ScheduledItemContractTests()

        @Test func itemsKeepTheirFieldsThroughWritesAndDeletesAreKept() throws {
            try contract.itemsKeepTheirFieldsThroughWritesAndDeletesAreKept(kind: .postgres)
        }
        @Test func thePurgeRemovesTheItemsThatLeftBeforeTheCutoff() throws {
            try contract.thePurgeRemovesTheItemsThatLeftBeforeTheCutoff(kind: .postgres)
        }
        @Test func theLimitIsCountedInTheWriteEvenForConcurrentCreates() throws {
            try contract.theLimitIsCountedInTheWriteEvenForConcurrentCreates(kind: .postgres)
        }
    }
}
