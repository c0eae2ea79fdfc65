import CSQLite3
import StorageCore

/// One row to insert into a table of `SQLiteInsertStatement`. The SQL comes from the statement's
/// fixed fragments; only `values` come from a request.
///
/// Inserts queued together into the same table run as ONE multi-row statement. That is what
/// makes a group commit cheap with a full-text index: inside a transaction SQLite opens a
/// statement savepoint for every statement that writes to the FTS5 table, and FTS5 flushes its
/// pending terms to a new index segment at each one, so one statement per row writes (and
/// later merges) one segment per row.
///
/// A row with a `quota` is admitted in the transaction that inserts it: its account's rows are
/// counted there (once per account and statement), and rows that would take the account past
/// its quota fail with `StorageError.Cause.quotaExceeded` before the statement runs. The group
/// commit holds the only writer connection, so nothing can insert between the count and the
/// statement.
struct SQLiteRowInsert: Sendable {
    /// The most rows one statement inserts (each binds a handful of values).
    static let maximumPerStatement = 64
    /// The table, and its SQL.
    let statement: SQLiteInsertStatement
    /// One row's values, bound in the order of `statement`'s placeholders.
    let values: [SQLiteValue]
    /// The row's value in the statement's key column: how rows returned by a multi-row
    /// statement are matched to their inserts (RETURNING gives them in no defined order).
    let key: String
    /// The account the row belongs to.
    let account: AccountKey
    /// The most rows of `statement`'s table the account may hold once this one is in (nil: no limit).
    var quota: Int?

    /// Inserts this row with a statement of its own; returns its rowid.
    func runAlone(on connection: SQLiteConnection) throws(StorageError) -> Int64 {
        try connection.run(statement.sql(rows: 1), values)
        return sqlite3_last_insert_rowid(connection.handle)
    }

    /// Inserts `rows` (all of one `statement`) and stages each write's rowid. When the one
    /// statement fails (SQLite undoes all of it), each row is tried alone, so a bad row fails
    /// only its own write.
    static func run(_ queued: [(row: SQLiteRowInsert, write: SQLitePendingWrite<Int64>)], on connection: SQLiteConnection) {
        let rows = admitted(queued, on: connection)
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

    /// The rows of `rows` their accounts' quotas admit, in order; stages the failure of the
    /// others. Each account with a quota is counted once; the rows admitted before a row in the
    /// same batch count against its account too.
    static func admitted(
        _ rows: [(row: SQLiteRowInsert, write: SQLitePendingWrite<Int64>)], on connection: SQLiteConnection
    ) -> [(row: SQLiteRowInsert, write: SQLitePendingWrite<Int64>)] {
        guard rows.contains(where: { $0.row.quota != nil }) else { return rows }
        var stored: [AccountKey: Int] = [:]
        var added: [AccountKey: Int] = [:]
        var admitted: [(row: SQLiteRowInsert, write: SQLitePendingWrite<Int64>)] = []
        for (row, write) in rows {
            if let quota = row.quota {
                let held: Int
                if let counted = stored[row.account] {
                    held = counted
                } else {
                    do throws(StorageError) {
                        held = Int(try connection.integer(row.statement.countSQL, [.integer(row.account.rawValue)]))
                    } catch {
                        write.stage(.failure(error))
                        continue
                    }
                    stored[row.account] = held
                }
                guard held + added[row.account, default: 0] < quota else {
                    write.stage(.failure(.quotaExceeded(limit: quota)))
                    continue
                }
            }
            added[row.account, default: 0] += 1
            admitted.append((row, write))
        }
        return admitted
    }
}
