import CSQLite3
import StorageCore

/// A prepared statement owned by one connection: bind by index, step, read columns, reset.
///
/// Statements live in their connection's cache and are finalized before it closes.
final class SQLiteStatement {
    /// The statement's SQL text, as prepared.
    let sql: String
    /// Unowned: the connection owns its cached statements, not the other way round.
    private unowned let connection: SQLiteConnection
    private let handle: OpaquePointer

    /// Prepares `sql` on `connection`.
    init(connection: SQLiteConnection, sql: String) throws(StorageError) {
        var handle: OpaquePointer?
        try connection.check(sqlite3_prepare_v3(connection.handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &handle, nil))
        guard let handle else {
            // Only whitespace or a comment: a bug in our own SQL, never input.
            throw StorageError(message: "SQLite prepared no statement for: \(sql)")
        }
        self.sql = sql
        self.connection = connection
        self.handle = handle
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// Binds `values` to parameters 1...n (after a reset, so a statement can be reused).
    func bind(_ values: [SQLiteValue]) throws(StorageError) {
        // A parameter left unbound would silently be NULL: a bug in our SQL, caught in debug builds.
        assert(values.count == Int(sqlite3_bind_parameter_count(handle)), "\(values.count) values for: \(sql)")
        for (offset, value) in values.enumerated() {
            try bind(value, at: Int32(offset + 1))
        }
    }

    /// Binds one value to the 1-based parameter `index`.
    func bind(_ value: SQLiteValue, at index: Int32) throws(StorageError) {
        let rc: Int32
        switch value {
        case .null:
            rc = sqlite3_bind_null(handle, index)
        case .integer(let integer):
            rc = sqlite3_bind_int64(handle, index, integer)
        case .text(let text):
            // An explicit byte length keeps embedded NULs; SQLite copies the bytes (transient).
            let length = UInt64(text.utf8.count)
            rc = text.withCString { sqlite3_bind_text64(handle, index, $0, length, qa_sqlite_transient(), UInt8(SQLITE_UTF8)) }
        case .real(let real):
            rc = sqlite3_bind_double(handle, index, real)
        case .blob(let bytes):
            rc = bytes.withUnsafeBytes {
                sqlite3_bind_blob64(handle, index, $0.baseAddress ?? UnsafeRawPointer(bitPattern: 1), UInt64($0.count), qa_sqlite_transient())
            }
        }
        try connection.check(rc)
    }

    /// Advances to the next row: true when a row is ready, false when the statement is done.
    func step() throws(StorageError) -> Bool {
        try connection.check(sqlite3_step(handle)) == SQLITE_ROW
    }

    /// Makes the statement ready to run again and releases its read snapshot.
    func reset() {
        // The result repeats the last step's error, which `step` has already reported.
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    /// The integer in column `index` (0-based) of the current row.
    func int64(at index: Int32) -> Int64 {
        sqlite3_column_int64(handle, index)
    }

    /// The integer in column `index`, or nil when it is NULL.
    func optionalInt64(at index: Int32) -> Int64? {
        sqlite3_column_type(handle, index) == SQLITE_NULL ? nil : sqlite3_column_int64(handle, index)
    }

    /// The double in column `index`, or nil when it is NULL.
    func optionalDouble(at index: Int32) -> Double? {
        sqlite3_column_type(handle, index) == SQLITE_NULL ? nil : sqlite3_column_double(handle, index)
    }

    /// The text in column `index`, or nil when it is NULL.
    func optionalText(at index: Int32) -> String? {
        guard sqlite3_column_type(handle, index) != SQLITE_NULL else { return nil }
        // A NULL pointer for a non-NULL value means SQLite ran out of memory converting it.
        guard let bytes = sqlite3_column_text(handle, index) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, index))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    /// Whether column `index` of the current row holds a value of storage class `type`
    /// (`SQLITE_INTEGER`, `SQLITE_TEXT`, `SQLITE_NULL`…).
    func holds(_ type: Int32, at index: Int32) -> Bool {
        sqlite3_column_type(handle, index) == type
    }

    /// The text in column `index`; NULL reads as "".
    func text(at index: Int32) -> String {
        optionalText(at: index) ?? ""
    }
}
