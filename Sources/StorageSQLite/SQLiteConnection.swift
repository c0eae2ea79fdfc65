import CSQLite3
import StorageCore

/// One open SQLite database handle: closes it on deinit, caches prepared statements, and
/// turns every result code into a `StorageError` through `check(_:)`.
///
/// `@unchecked Sendable` because the handle is opened `SQLITE_OPEN_NOMUTEX`: every instance
/// is reachable only inside a `Mutex` (the repository's writer, or one reader slot of
/// `SQLiteReaderPool`), so at most one thread uses a handle and its statements at a time.
final class SQLiteConnection: @unchecked Sendable {
    /// The database file, for error messages.
    let path: String
    /// The C handle; valid until deinit.
    let handle: OpaquePointer
    /// Prepared statements keyed by their SQL text, reused across calls.
    private var statements: [String: SQLiteStatement] = [:]

    /// Set once per process, before SQLite initializes itself on the first open: no memory
    /// statistics (nothing here reads them), so no process-wide mutex on every allocation and
    /// free of every connection. SQLITE_OK, or SQLITE_MISUSE when something in the process
    /// opened a database before (SQLite then keeps its statistics: slower, not wrong).
    static let processConfiguration: Int32 = qa_sqlite_disable_memory_statistics()

    /// Opens `path` with `flags` (`SQLITE_OPEN_*`), always adding NOMUTEX and extended result codes.
    init(path: String, flags: Int32) throws(StorageError) {
        _ = Self.processConfiguration
        var handle: OpaquePointer?
        let rc = sqlite3_open_v2(path, &handle, flags | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE, nil)
        guard rc == SQLITE_OK, let handle else {
            let reason = handle.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(rc))
            // sqlite3_open_v2 allocates a handle even when it fails; it must still be closed.
            sqlite3_close_v2(handle)
            throw StorageError.sqlite(
                rc,
                message: "cannot open the SQLite database at \(path): \(reason) (check that the file and its directory exist and are writable)")
        }
        self.path = path
        self.handle = handle
    }

    deinit {
        // Statements first: a handle with live statements would only close as a zombie.
        statements.removeAll()
        sqlite3_close_v2(handle)
    }

    /// Returns `rc` when it is OK, ROW or DONE; otherwise throws an error with SQLite's message.
    @discardableResult
    func check(_ rc: Int32) throws(StorageError) -> Int32 {
        switch rc & 0xFF {
        case SQLITE_OK, SQLITE_ROW, SQLITE_DONE:
            return rc
        default:
            // "<path>: <reason>", so callers can prefix what they were doing.
            throw StorageError.sqlite(rc, message: "\(path): \(String(cString: sqlite3_errmsg(handle)))")
        }
    }

    /// Runs one or more statements without parameters: schema and pragmas written in this
    /// module from constants, never text from a request.
    func execute(_ sql: String) throws(StorageError) {
        try check(sqlite3_exec(handle, sql, nil, nil, nil))
    }

    /// The cached prepared statement for `sql`, preparing it on first use.
    func statement(_ sql: String) throws(StorageError) -> SQLiteStatement {
        if let cached = statements[sql] { return cached }
        let prepared = try SQLiteStatement(connection: self, sql: sql)
        statements[sql] = prepared
        return prepared
    }

    /// Binds `values` to `sql`, steps through every row and maps each with `row`.
    func rows<Row>(_ sql: String, _ values: [SQLiteValue] = [], _ row: (SQLiteStatement) -> Row) throws(StorageError) -> [Row] {
        let statement = try statement(sql)
        defer { statement.reset() }
        try statement.bind(values)
        var result: [Row] = []
        while try statement.step() {
            result.append(row(statement))
        }
        return result
    }

    /// The first row of `sql` mapped with `row`, or nil when there is none.
    func firstRow<Row>(_ sql: String, _ values: [SQLiteValue] = [], _ row: (SQLiteStatement) -> Row) throws(StorageError) -> Row? {
        let statement = try statement(sql)
        defer { statement.reset() }
        try statement.bind(values)
        return try statement.step() ? row(statement) : nil
    }

    /// Runs `sql` to completion, ignoring any rows.
    func run(_ sql: String, _ values: [SQLiteValue] = []) throws(StorageError) {
        let statement = try statement(sql)
        defer { statement.reset() }
        try statement.bind(values)
        while try statement.step() {}
    }

    /// The integer in the first column of the first row of `sql` (0 when there is no row).
    func integer(_ sql: String, _ values: [SQLiteValue] = []) throws(StorageError) -> Int64 {
        try firstRow(sql, values) { $0.int64(at: 0) } ?? 0
    }

    /// Rows changed by the last INSERT, UPDATE or DELETE.
    var changes: Int64 {
        sqlite3_changes64(handle)
    }

    /// Runs `body` in a transaction: committed when it returns, rolled back when it throws.
    ///
    /// `immediate` takes the write lock up front, so a read-then-write cannot fail half-way
    /// with SQLITE_BUSY; reads use a deferred transaction for one consistent snapshot.
    func transaction<Result>(immediate: Bool, _ body: () throws(StorageError) -> Result) throws(StorageError) -> Result {
        try run(immediate ? "BEGIN IMMEDIATE" : "BEGIN")
        do throws(StorageError) {
            let result = try body()
            try run("COMMIT")
            return result
        } catch {
            // The original error matters more than a failed rollback (SQLite may have rolled back already).
            if sqlite3_get_autocommit(handle) == 0 { try? run("ROLLBACK") }
            throw error
        }
    }
}
