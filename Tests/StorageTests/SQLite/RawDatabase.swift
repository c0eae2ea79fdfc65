import CSQLite3

@testable import StorageSQLite

/// A bare SQLite handle through the C API, for setting up and inspecting files the way
/// another program would, independently of the repository's own wrapper.
final class RawDatabase {
    /// A failed C call, with SQLite's message.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private let handle: OpaquePointer

    private init(handle: OpaquePointer) {
        self.handle = handle
    }

    deinit {
        sqlite3_close_v2(handle)
    }

    /// Opens `path` (creating it when `create`), runs `body`, and closes the handle.
    static func with<Result>(_ path: String, create: Bool = false, _ body: (RawDatabase) throws -> Result) throws -> Result {
        // The process-wide settings first, as the service makes them before its first open.
        _ = SQLiteConnection.processConfiguration
        var handle: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0)
        let rc = sqlite3_open_v2(path, &handle, flags, nil)
        guard rc == SQLITE_OK, let handle else {
            sqlite3_close_v2(handle)
            throw Failure(description: "cannot open \(path): \(String(cString: sqlite3_errstr(rc)))")
        }
        return try body(RawDatabase(handle: handle))
    }

    /// Runs statements without results.
    func execute(_ sql: String) throws {
        guard sqlite3_exec(handle, sql, nil, nil, nil) == SQLITE_OK else { throw failure(sql) }
    }

    /// The first column of the first row of `sql` as an integer.
    func integer(_ sql: String) throws -> Int64 {
        try firstValue(sql) { sqlite3_column_int64($0, 0) }
    }

    /// The first column of the first row of `sql` as text.
    func text(_ sql: String) throws -> String {
        try firstValue(sql) { statement in sqlite3_column_text(statement, 0).map { String(cString: $0) } ?? "" }
    }

    /// Column `column` of the first row of `sql` as text (say, the detail of `EXPLAIN QUERY PLAN`, column 3).
    func text(_ sql: String, column: Int32) throws -> String {
        try firstValue(sql) { statement in sqlite3_column_text(statement, column).map { String(cString: $0) } ?? "" }
    }

    private func firstValue<Value>(_ sql: String, _ read: (OpaquePointer) -> Value) throws -> Value {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else { throw failure(sql) }
        defer { sqlite3_finalize(statement) }
        guard sqlite3_step(statement) == SQLITE_ROW else { throw failure(sql) }
        return read(statement)
    }

    private func failure(_ sql: String) -> Failure {
        Failure(description: "\(sql): \(String(cString: sqlite3_errmsg(handle)))")
    }
}
