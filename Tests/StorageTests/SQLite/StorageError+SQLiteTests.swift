import CSQLite3
import StorageCore
import Testing

@testable import StorageSQLite

@Suite struct StorageErrorSQLiteTests {
    @Test func sqliteCodesBecomeBackendNeutralCausesWithTheCodeAsDetail() throws {
        let io = StorageError.sqlite(SQLITE_IOERR | (3 << 8), message: "/x.sqlite: disk I/O error")
        #expect(io.cause == .ioError)
        let code = try #require(io.backendCode)
        #expect(code.backend == "SQLite" && code.code == 778 && code.reason == "disk I/O error")
        #expect(io.sqliteCode == SQLITE_IOERR | (3 << 8))
        #expect(io.description == "/x.sqlite: disk I/O error (SQLite code 778)")
        #expect(StorageError.sqlite(SQLITE_FULL, message: "full").cause == .full)
        #expect(StorageError.sqlite(SQLITE_BUSY, message: "busy").cause == .unavailable)
        // A trigger's RAISE is the schema refusing a deleted account's row; other constraints are not.
        #expect(StorageError.sqlite(StorageError.constraintTrigger, message: SQLiteSchema.accountDeletedMessage).cause == .accountDeleted)
        #expect(StorageError.sqlite(SQLITE_CONSTRAINT | (8 << 8), message: "UNIQUE constraint failed").cause == .unavailable)
    }

    @Test func anErrorWithoutABackendCodeSaysOnlyItsMessage() {
        let plain = StorageError(message: "the store needs a path")
        #expect(plain.cause == .unavailable && plain.backendCode == nil && plain.reason == nil && plain.sqliteCode == nil)
        #expect(plain.description == "the store needs a path")
    }
}
