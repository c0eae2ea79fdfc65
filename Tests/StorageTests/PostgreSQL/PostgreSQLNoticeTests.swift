import Foundation
import Glibc
import QuickActions
import StorageCore
import Synchronization
import Testing

@testable import StoragePostgreSQL

/// What one instance learns of another's writes: the contact written (read alone, once
/// committed) and a pick's new usage key, never a re-read of the whole account.
@Suite(.postgreSQL) struct PostgreSQLNoticeTests {
    @Test func anotherInstancesWriteAndPickArriveAsThatContactAndThatKey() throws {
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
        let changes = seen.withLock { $0 }
        #expect(changes.count == 3, "\(changes)")
        #expect(!changes.contains { $0.isReread }, "an account was read again whole")
        // The contact as read once its notice came, the pick's key, then the contact gone.
        #expect(changes.first?.changedElsewhere == created.sequence && changes.first?.after == created)
        #expect(changes.dropFirst().first?.usage == UsageChange(sequence: created.sequence, usageKey: 1_000_000))
        #expect(changes.last?.changedElsewhere == created.sequence && changes.last?.after == nil)
    }
}
