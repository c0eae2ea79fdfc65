import CSQLite3
import StorageCore
import Testing

@testable import StorageSQLite

/// SQLite's process-wide settings, made before its first open (`SQLiteConnection.processConfiguration`).
@Suite struct SQLiteProcessConfigurationTests {
    /// Memory statistics are off: SQLite would otherwise count every allocation and free of
    /// every connection under one process-wide mutex, which the HTTP threads' readers share.
    /// With them on, a database opened and read makes `sqlite3_memory_used` count its pages.
    @Test func memoryStatisticsAreOffOnceADatabaseIsOpenedAndRead() throws {
        try TemporaryDirectory.with { (directory: TemporaryDirectory) throws in
            let database = try SQLiteDatabase(path: directory.path("settings.sqlite"))
            let count = try database.readers.read { connection throws(StorageError) in
                try connection.integer("SELECT count(*) FROM contacts")
            }
            #expect(count == 0)
            #expect(SQLiteConnection.processConfiguration == SQLITE_OK)
            #expect(sqlite3_memory_used() == 0)
        }
    }
}
