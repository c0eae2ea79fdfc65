import Dispatch
import QuickActions
import StorageCore
import Synchronization
import Testing

@testable import StoragePostgreSQL

/// Each account keeps at most `StoreLimits.maxDisabledItems` disabled items, the newest: the
/// write that keeps one more deletes the oldest in its own transaction, on every backend.
@Suite struct DisabledItemLimitContractTests {
    private static let limits = StoreLimits(maxDisabledItems: 3)

    /// Creates a favorite and deletes it, `count` times, the clock moving 10 ms each time;
    /// returns the disabled items that makes, oldest first.
    private static func deleteFavorites(_ count: Int, named prefix: String, in contacts: any ContactRepository, clock: TestClock) throws
        -> [DisabledItem]
    {
        try (0..<count).map { index in
            let contact = try contacts.create(NewContact(name: "\(prefix)\(index)", favorite: true))
            clock.advance(by: 10)
            _ = try contacts.delete(id: contact.id, expectedRevision: nil)
            return DisabledItem.favorite(contact.id, reason: .deleted, since: clock.now)
        }
    }

    @Test(arguments: RepositoryKind.local)
    func eachAccountKeepsItsNewestDisabledItemsUpToTheLimit(kind: RepositoryKind) throws {
        let clock = TestClock()
        try kind.withStore(clock: clock, limits: Self.limits) { store in
            let first = store.contacts(of: try store.accounts.createAccount(name: "first", tokenDigest: Array("first-\(kind.name)".utf8)).key)
            let second = store.contacts(of: try store.accounts.createAccount(name: "second", tokenDigest: Array("second-\(kind.name)".utf8)).key)
            let others = try Self.deleteFavorites(2, named: "S", in: second, clock: clock)
            let made = try Self.deleteFavorites(7, named: "F", in: first, clock: clock)
            #expect(try first.disabledItems() == Array(made.suffix(3)), "the newest three, oldest first")
            #expect(try second.disabledItems() == others, "another account's are its own")
            #expect(try store.triggers(of: .default).disabledCount() == 5, "the others are gone from the store, not only from the list")

            // An unfavorited favorite is one more: the oldest goes.
            let kept = try first.create(NewContact(name: "Kept", favorite: true))
            clock.advance(by: 10)
            _ = try first.update(id: kept.id, ContactPatch(favorite: false), expectedRevision: nil)
            let unfavorited = DisabledItem.favorite(kept.id, reason: .unfavorited, since: clock.now)
            #expect(try first.disabledItems() == Array(made.suffix(2)) + [unfavorited])
            // Deleting it replaces its own: still three, none lost.
            clock.advance(by: 10)
            _ = try first.delete(id: kept.id, expectedRevision: nil)
            #expect(try first.disabledItems() == Array(made.suffix(2)) + [DisabledItem.favorite(kept.id, reason: .deleted, since: clock.now)])
        }
    }

    /// Another instance's write that keeps a disabled item of the same account and has not
    /// committed yet: this store's write waits for it (the account row's lock), then counts its
    /// disabled item too, so the two together leave the limit, not one more.
    func anotherInstancesWriteInFlightIsCounted() throws {
        let clock = TestClock()
        try RepositoryKind.postgres.withStore(clock: clock, limits: Self.limits) { store in
            let database = try #require((store as? PostgreSQLDataStore)?.databaseName)
            let account = try store.accounts.createAccount(name: "shared", tokenDigest: Array("shared".utf8))
            let contacts = store.contacts(of: account.key)
            let made = try Self.deleteFavorites(3, named: "Old", in: contacts, clock: clock)
            let last = try contacts.create(NewContact(name: "Last", favorite: true))
            let other = try TestPostgreSQL.admin(database: database)
            clock.advance(by: 10)
            let elsewhere = DisabledItem.favorite("elsewhere", reason: .deleted, since: clock.now)
            try other.run("BEGIN")
            try PostgreSQLDisabledItemSQL.apply(.keep(elsewhere), account: account.key, limit: Self.limits.maxDisabledItems, on: other)
            clock.advance(by: 10)
            let outcome = Mutex<Result<ContactWriteResult, StorageError>?>(nil)
            let done = DispatchSemaphore(value: 0)
            contacts.delete(id: last.id, expectedRevision: nil) { result in
                outcome.withLock { $0 = result }
                done.signal()
            }
            // Long enough for the delete to reach the account's lock (or, without it, to commit).
            _ = done.wait(timeout: .now() + 0.5)
            try other.run("COMMIT")
            done.wait()
            #expect(throws: Never.self) { try outcome.withLock { $0 }?.get() }
            let newest = [made[2], elsewhere, DisabledItem.favorite(last.id, reason: .deleted, since: clock.now)]
            #expect(try contacts.disabledItems() == newest)
            #expect(try store.triggers(of: .default).disabledCount() == 3, "no more than the limit is stored")
        }
    }

    /// `QUICKACTIOND_TEST_POSTGRES` names a server (`make test-postgres`).
    @Suite("DisabledItemLimitContractTests on PostgreSQL", .postgreSQL) struct OnPostgreSQL {
        let contract = DisabledItemLimitContractTests()

        @Test func eachAccountKeepsItsNewestDisabledItemsUpToTheLimit() throws {
            try contract.eachAccountKeepsItsNewestDisabledItemsUpToTheLimit(kind: .postgres)
        }
        @Test func anotherInstancesWriteInFlightIsCounted() throws { try contract.anotherInstancesWriteInFlightIsCounted() }
    }
}
