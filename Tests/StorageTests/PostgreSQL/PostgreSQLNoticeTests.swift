import Foundation
import Glibc
import QuickActions
import StorageCore
import Synchronization
import Testing

@testable import StoragePostgreSQL

/// What one instance learns of another's writes: the contact written (read alone, once
/// committed) and a pick's new usage key, never a re-read of the whole account; and nothing of
/// a created contact that is not a favorite, which no instance keeps.
@Suite(.postgreSQL) struct PostgreSQLNoticeTests {
    /// Two instances on a fresh database: `body` gets the first, the changes the second
    /// published so far, and a wait until it published `count` of them (at most 10 s).
    private func withTwoInstances(
        _ body: (_ a: PostgreSQLDataStore, _ seen: () -> [ContactChange], _ awaitChanges: (_ count: Int) -> Void) throws -> Void
    ) throws {
        let name = try TestPostgreSQL.createDatabase()
        defer { TestPostgreSQL.dropDatabase(name) }
        let conninfo = try #require(TestPostgreSQL.conninfo)
        let a = try PostgreSQLDataStore.open(conninfo, poolSize: 1, database: name)
        defer { try? a.close() }
        let b = try PostgreSQLDataStore.open(conninfo, poolSize: 1, database: name)
        defer { try? b.close() }
        let seen = Mutex<[ContactChange]>([])
        b.changes.observe { change in seen.withLock { $0.append(change) } }
        func awaitChanges(_ count: Int) {
            let deadline = Date().addingTimeInterval(10)
            while seen.withLock({ $0.count }) < count && Date() < deadline { usleep(20_000) }
        }
        try body(a, { seen.withLock { $0 } }, awaitChanges)
    }

    @Test func anotherInstancesWriteAndPickArriveAsThatContactAndThatKey() throws {
        try withTwoInstances { a, seen, awaitChanges in
            let created = try a.contacts(of: .default).create(NewContact(name: "Ada", favorite: true))
            awaitChanges(1)
            let at = Timestamp(millisecondsSince1970: 1_000_000)
            let record = TriggerRecord(
                id: "t1", type: ShortcutItemBuilder.favoriteActionType, userInfo: ["contactId": .string(created.id)], launch: nil, deviceId: nil,
                receivedAt: at, message: "picked", contactId: created.id)
            _ = try a.triggers(of: .default).append(record, answer: nil, pick: UsagePick(contactId: created.id, at: at, halfLife: .default))
            awaitChanges(2)
            _ = try a.contacts(of: .default).delete(id: created.id, expectedRevision: nil)
            awaitChanges(3)
            let changes = seen()
            #expect(changes.count == 3, "\(changes)")
            #expect(!changes.contains { $0.isReread }, "an account was read again whole")
            // The contact as read once its notice came, the pick's key, then the contact gone.
            #expect(changes.first?.changedElsewhere == created.sequence && changes.first?.after == created)
            #expect(changes.dropFirst().first?.usage == UsageChange(sequence: created.sequence, usageKey: 1_000_000))
            #expect(changes.last?.changedElsewhere == created.sequence && changes.last?.after == nil)
        }
    }

    /// Creates of contacts that are not favorites, batched or admitted under a quota, send no
    /// notice; a favorite's create does. Notices arrive in commit order, so a notice of the
    /// earlier create would arrive first.
    @Test func onlyAFavoritesCreateIsToldToTheOtherInstances() throws {
        try withTwoInstances { a, seen, awaitChanges in
            let contacts = a.contacts(of: .default)
            _ = try contacts.create(NewContact(name: "Plain"))
            _ = try contacts.create(NewContact(name: "Plain under a quota"), quota: 100)
            let favorite = try contacts.create(NewContact(name: "Favorite", favorite: true))
            awaitChanges(1)
            let favoriteUnderQuota = try contacts.create(NewContact(name: "Favorite under a quota", favorite: true), quota: 100)
            awaitChanges(2)
            let told = seen().map(\.changedElsewhere)
            #expect(told == [favorite.sequence, favoriteUnderQuota.sequence])
        }
    }

    /// The batch statement notifies for each favorite among its rows, and for no other row.
    @Test func aBatchStatementNotifiesForItsFavoritesOnly() throws {
        let name = try TestPostgreSQL.createDatabase()
        defer { TestPostgreSQL.dropDatabase(name) }
        let connection = try TestPostgreSQL.admin(database: name)
        try PostgreSQLSchema.migrate(connection)
        try connection.run("LISTEN \(PostgreSQLChangeNotice.channel)")
        let now = Timestamp.now()
        let favorites = [true, false, true, false]
        let values = favorites.enumerated().flatMap { row, favorite in
            PostgreSQLContactSQL.insertValues(id: "row-\(row)", NewContact(name: "Row \(row)", favorite: favorite), now: now, account: .default)
        }
        let inserted = try connection.execute(PostgreSQLContactSQL.insertNotifying(rows: favorites.count), values + [.text("writer")])
            .rows { result, row in (id: result.text(row, 0), sequence: result.int64(row, 1)) }
        #expect(inserted.count == favorites.count)
        var payloads: [String] = []
        let deadline = Date().addingTimeInterval(5)
        while payloads.count < 2, Date() < deadline {
            connection.waitForInput(milliseconds: 200)
            payloads += try connection.notifications()
        }
        // Delivered at the commit, together: a third would be here by now.
        connection.waitForInput(milliseconds: 200)
        payloads += try connection.notifications()
        let expected = inserted.filter { $0.id == "row-0" || $0.id == "row-2" }.map { "writer:c:\(AccountKey.default.rawValue):\($0.sequence)" }
        #expect(payloads.sorted() == expected.sorted())
    }
}
