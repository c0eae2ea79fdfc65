import CSQLite3

/// One row to insert into a table of `InsertStatement`. The SQL comes from the statement's
/// fixed fragments; only `values` come from a request.
///
/// Inserts queued together into the same table run as ONE multi-row statement. That is what
/// makes a group commit cheap with a full-text index: inside a transaction SQLite opens a
/// statement savepoint for every statement that writes to the FTS5 table, and FTS5 flushes its
/// pending terms to a new index segment at each one, so one statement per row writes (and
/// later merges) one segment per row. At 100,000 contacts, 16 inserts as one statement cost
/// about half of 16 statements.
struct RowInsert: Sendable {
    /// The most rows one statement inserts (each binds a handful of values).
    static let maximumPerStatement = 64
    /// The table, and its SQL.
    let statement: InsertStatement
    /// One row's values, bound in the order of `statement`'s placeholders.
    let values: [SQLiteValue]
    /// The row's value in the statement's key column: how rows returned by a multi-row
    /// statement are matched to their inserts (RETURNING gives them in no defined order).
    let key: String

    /// Inserts this row with a statement of its own; returns its rowid.
    func runAlone(on connection: SQLiteConnection) throws(StorageError) -> Int64 {
        try connection.run(statement.sql(rows: 1), values)
        return sqlite3_last_insert_rowid(connection.handle)
    }

    /// Inserts `rows` (all of one `statement`) and stages each write's rowid. When the one
    /// statement fails (SQLite undoes all of it), each row is tried alone, so a bad row fails
    /// only its own write.
    static func run(_ rows: [(row: RowInsert, write: PendingWrite<Int64>)], on connection: SQLiteConnection) {
        guard let statement = rows.first?.row.statement else { return }
        if rows.count > 1 {
            do throws(StorageError) {
                let inserted = try connection.rows(statement.sqlReturningKeys(rows: rows.count), rows.flatMap(\.row.values)) {
                    ($0.text(at: 0), $0.int64(at: 1))
                }
                let rowids = Dictionary(inserted, uniquingKeysWith: { first, _ in first })
                for (row, write) in rows {
                    write.stage(rowids[row.key].map(Result.success) ?? .failure(StorageError(message: "an inserted row was not returned")))
                }
                return
            } catch {
                guard sqlite3_get_autocommit(connection.handle) == 0 else {
                    rows.forEach { $0.write.stage(.failure(error)) }
                    return
                }
            }
        }
        for (row, write) in rows {
            do throws(StorageError) {
                write.stage(.success(try row.runAlone(on: connection)))
            } catch {
                write.stage(.failure(error))
            }
        }
    }
}
