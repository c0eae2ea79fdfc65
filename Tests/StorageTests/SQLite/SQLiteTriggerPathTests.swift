import CSQLite3
import QuickActions
import StorageCore
import Synchronization
import Testing

@testable import StorageSQLite

/// A trigger costs the same with 100,000 accounts as with one: each statement it runs finds its
/// rows through a key, and a pick updates one use score.
@Suite struct SQLiteTriggerPathTests {
    /// One statement run on the writer: its SQL, and the steps SQLite took for it.
    struct Run: Sendable {
        var sql: String
        /// Steps of full table scans (`SQLITE_STMTSTATUS_FULLSCAN_STEP`).
        var fullScanSteps: Int32
        /// Virtual machine operations, the statement's triggers included (`SQLITE_STMTSTATUS_VM_STEP`).
        var machineSteps: Int32
    }

    /// What the writer ran while the profile was on (`sqlite3_trace_v2` calls back without context we own).
    static let runs = Mutex<[Run]>([])

    /// SQLite's profile callback: each finished statement's counters, reset for its next run.
    static let profile: @convention(c) (UInt32, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Int32 = {
        _, _, statement, _ in
        guard let statement else { return 0 }
        let handle = OpaquePointer(statement)
        let run = Run(
            sql: sqlite3_sql(handle).map { String(cString: $0) } ?? "",
            fullScanSteps: sqlite3_stmt_status(handle, SQLITE_STMTSTATUS_FULLSCAN_STEP, 1),
            machineSteps: sqlite3_stmt_status(handle, SQLITE_STMTSTATUS_VM_STEP, 1))
        SQLiteTriggerPathTests.runs.withLock { $0.append(run) }
        return 0
    }

    static let accounts = 100_000

    /// A trigger's insert touches three indexes besides the table: its id's, the account's
    /// (which every read of the triggers goes through) and the age's (the retention purge).
    @Test func everyReadOfTheTriggersGoesThroughTheIndexesAnInsertKeeps() throws {
        try TemporaryDirectory.with { directory in
            let path = directory.path("triggers.sqlite")
            _ = try SQLiteDataStore.open(path: path)
            try RawDatabase.with(path) { database throws in
                let indexes = try database.text(
                    "SELECT group_concat(name, ' ') FROM (SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'triggers' ORDER BY name)"
                )
                #expect(indexes == "sqlite_autoindex_triggers_1 triggers_account triggers_received")
                let byAccount = [
                    SQLiteTriggerSQL.list, SQLiteTriggerSQL.countsByType, SQLiteTriggerSQL.countsByContact, SQLiteTriggerLogSQL.after,
                ]
                for sql in byAccount {
                    // Every filter given (`type` and `contactId` too): still the account's index.
                    let plan = try database.text("EXPLAIN QUERY PLAN " + sql.replacingOccurrences(of: "?", with: "'x'"), column: 3)
                    #expect(plan.hasPrefix("SEARCH triggers USING INDEX triggers_account (account=?"), "\(sql): \(plan)")
                }
                let purge = try database.text(
                    "EXPLAIN QUERY PLAN " + SQLiteTriggerSQL.purgeTriggerBatch.replacingOccurrences(of: "?", with: "1"), column: 3)
                #expect(purge.contains("triggers_received") || purge.contains("INTEGER PRIMARY KEY"), "\(purge)")
            }
        }
    }

    @Test func aPickAmong100000AccountsScansNothingAndUpdatesOneScore() throws {
        try TemporaryDirectory.with { directory in
            let path = directory.path("accounts.sqlite")
            let store = try SQLiteDataStore.open(path: path)
            // The accounts and one favorite each, made directly: the API would take minutes.
            try RawDatabase.with(path) { database throws in
                try database.execute(
                    """
                    BEGIN;
                    WITH RECURSIVE n(i) AS (SELECT 2 UNION ALL SELECT i + 1 FROM n WHERE i < \(Self.accounts))
                    INSERT INTO accounts (key, id, name, created_ms) SELECT i, 'account' || i, 'Account ' || i, 1 FROM n;
                    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(Self.accounts))
                    INSERT INTO contacts (account, id, name, favorite, created_ms, updated_ms, revision, search_key)
                    SELECT i, printf('contact%d', i), 'Person ' || i, 1, 1, 1, 1, 'person ' || i || char(31) FROM n;
                    COMMIT;
                    """)
                #expect(try database.integer("SELECT count(*) FROM accounts") == Int64(Self.accounts))
            }
            let account = AccountKey(Int64(Self.accounts / 2))
            let contactId = "contact\(account.rawValue)"
            _ = try store.database.write { connection in
                sqlite3_trace_v2(connection.handle, UInt32(SQLITE_TRACE_PROFILE), Self.profile, nil)
            }
            for (index, millis) in [1_000_000, 2_000_000].enumerated() {
                let at = Timestamp(millisecondsSince1970: Int64(millis))
                let record = TriggerRecord(
                    id: ContactID.generate(at: at), type: ShortcutItemBuilder.favoriteActionType, userInfo: ["contactId": .string(contactId)],
                    launch: nil, deviceId: nil, receivedAt: at, message: "picked", contactId: contactId)
                let answer = StoredAnswer(key: "key\(index)", requestDigest: "digest", status: 200, body: Array("{}".utf8), createdAt: at)
                _ = try store.triggers(of: account).append(record, answer: answer, pick: UsagePick(contactId: contactId, at: at, halfLife: .default))
            }
            _ = try store.database.write { connection in sqlite3_trace_v2(connection.handle, 0, nil, nil) }

            let runs = Self.runs.withLock { $0 }.filter { !$0.sql.isEmpty }
            let kinds = ["INSERT INTO idempotency_answers", "INSERT INTO triggers", SQLiteContactSQL.favoriteUsage, SQLiteContactSQL.setUsage]
            for kind in kinds {
                #expect(runs.filter { $0.sql.hasPrefix(kind) }.count == 2, "\(kind) did not run once per trigger: \(runs.map(\.sql))")
            }
            for run in runs {
                #expect(run.fullScanSteps == 0, "\(run.sql) scanned a table")
                // A scan of 100,000 rows takes at least as many steps; a key lookup, a few dozen.
                #expect(run.machineSteps < 1_000, "\(run.sql) took \(run.machineSteps) steps")
            }
            try RawDatabase.with(path) { database throws in
                #expect(try database.integer("SELECT count(*) FROM contacts WHERE usage_key IS NOT NULL") == 1)
                #expect(try database.text("SELECT id FROM contacts WHERE usage_key IS NOT NULL") == contactId)
                // The trigger path's reads, by their plans: each through a key.
                for sql in [SQLiteContactSQL.byID, SQLiteContactSQL.favoriteUsage, SQLiteContactSQL.setUsage, SQLiteTriggerSQL.answerByKey] {
                    let plan = try database.text("EXPLAIN QUERY PLAN " + sql.replacingOccurrences(of: "?", with: "1"), column: 3)
                    #expect(plan.hasPrefix("SEARCH ") && plan.contains(" USING "), "\(sql): \(plan)")
                }
            }
        }
    }
}
