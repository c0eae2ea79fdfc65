import QuickActions
import Testing

@testable import StorageSQLite

/// Migration 5 on a database that already had triggers (and may have purged some).
@Suite struct SQLiteTriggerLogMigrationTests {
    @Test func anUpgradedLogTreatsEverythingBelowItsOldestTriggerAsPurged() throws {
        try TemporaryDirectory.with { directory in
            let path = directory.path("v4.sqlite")
            try RawDatabase.with(path, create: true) { database throws in
                try database.execute("PRAGMA journal_mode = WAL")
                for migration in SQLiteSchema.migrations.prefix(4) { try database.execute(migration) }
                for id in ["a", "b", "c"] {
                    try database.execute(
                        "INSERT INTO triggers (id, type, received_ms, message) VALUES ('\(id)', 'SearchAction', 1000, 'SearchAction triggered')")
                }
                try database.execute("DELETE FROM triggers WHERE id = 'a'")
                try database.execute("PRAGMA user_version = 4; PRAGMA application_id = \(SQLiteSchema.applicationID)")
            }
            let store = try SQLiteContactRepository.open(path: path).triggerStore()
            #expect(try store.triggers(afterEventID: 0, limit: 10) == nil, "trigger 1 was purged before the log kept a floor")
            #expect(try store.triggers(afterEventID: 1, limit: 10)?.map(\.record.id) == ["b", "c"])
            #expect(try store.reserveEventID() == 4)
        }
    }
}
