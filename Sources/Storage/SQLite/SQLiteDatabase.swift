import CSQLite3
import Dispatch
import Synchronization

/// One quickactiond database file: a writer connection behind a group-commit queue, and a
/// pool of reader connections. Contacts and triggers share it.
///
/// Group commit: a write joins a queue, then waits for the writer connection. Whoever gets
/// the connection runs every queued write in ONE transaction (each in its own savepoint, so
/// one failure does not undo the others) and commits once: one fsync for all the writes that
/// arrived together. No write returns before the commit that holds it is on disk.
final class SQLiteDatabase: Sendable {
    /// The database file.
    let path: String
    /// Read-only connections (WAL lets them read while a commit is in progress).
    let readers: SQLiteReaderPool
    private let writer: Mutex<SQLiteConnection>
    private let queue = Mutex<[any QueuedWrite]>([])
    /// Commits writes whose callers do not wait (`write(_:completion:)`).
    private let committer = DispatchQueue(label: "quickactiond.sqlite.committer")
    /// One process per database file, for as long as this object lives.
    private let lock: DatabaseFileLock
    /// The storage failure of the last write, until a write succeeds again (for readiness).
    let health = WriteHealth()

    /// Opens (or creates), checks and migrates the database at `path`.
    init(path: String, readerCount: Int = 4) throws(StorageError) {
        guard !path.isEmpty, path != ":memory:" else {
            // Each connection would get its own private database: use the in-memory stores instead.
            throw StorageError(message: "the SQLite store needs a database file path, not \"\(path)\"")
        }
        // Before the file is opened: a refused start-up must not migrate or tidy it.
        self.lock = try DatabaseFileLock(databasePath: path)
        let connection = try SQLiteConnection(path: path, flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
        try SQLiteSchema.prepare(connection)
        // A file grown in bulk (an import) may hold many index segments: tidy them now, briefly.
        Self.tidy(connection, budgetNanoseconds: 2_000_000_000)
        self.path = path
        self.writer = Mutex(connection)
        self.readers = SQLiteReaderPool(path: path, size: readerCount)
    }

    /// Runs `body` in a write transaction shared with concurrent writes; returns after the
    /// commit is durable. `body` must not begin or end transactions itself. `committed` gets
    /// the body's value right after the commit, on the writer, in commit order (see
    /// `ContactChangeFeed`), before any write of that commit returns.
    func write<Result: Sendable>(
        _ body: @escaping @Sendable (SQLiteConnection) throws(StorageError) -> Result,
        committed: (@Sendable (Result) -> Void)? = nil
    ) throws(StorageError) -> Result {
        try wait(for: PendingWrite(body, committed: committed))
    }

    /// Inserts `row` in a write transaction shared with concurrent writes; returns its rowid
    /// once the commit is durable. Rows queued together are inserted by one statement.
    func insert(_ row: RowInsert, committed: (@Sendable (Int64) -> Void)? = nil) throws(StorageError) -> Int64 {
        try wait(for: PendingWrite(insert: row, committed: committed))
    }

    /// Queues the insert of `row` for the next group commit and returns at once; `completion`
    /// gets its rowid once the commit holding it is durable (see `write(_:completion:)`).
    func insert(
        _ row: RowInsert, committed: (@Sendable (Int64) -> Void)? = nil, completion: @escaping @Sendable (Result<Int64, StorageError>) -> Void
    ) {
        enqueue(PendingWrite(insert: row, committed: committed, completion: completion))
    }

    /// Queues `write` and waits until a commit holding it is durable, committing the queue
    /// itself when the writer connection is free.
    private func wait<Result: Sendable>(for write: PendingWrite<Result>) throws(StorageError) -> Result {
        queue.withLock { $0.append(write) }
        while true {
            if let result = write.result { return try result.get() }
            writer.withLock { connection in
                // The writer before us may have committed our write along with its own.
                guard write.result == nil else { return }
                let batch = queue.withLock { queue in
                    defer { queue.removeAll(keepingCapacity: true) }
                    return queue
                }
                Self.commit(batch, on: connection, health: health, notify: .global())
            }
        }
    }

    /// Queues `body` for the next group commit and returns at once; `completion` runs (on the
    /// committing thread) once the commit holding the write is durable, or failed. No thread
    /// waits meanwhile, so many writes can gather into one commit.
    func write<Value: Sendable>(
        _ body: @escaping @Sendable (SQLiteConnection) throws(StorageError) -> Value,
        committed: (@Sendable (Value) -> Void)? = nil,
        completion: @escaping @Sendable (Result<Value, StorageError>) -> Void
    ) {
        enqueue(PendingWrite(body, committed: committed, completion: completion))
    }

    /// Queues `write` for the committing thread.
    private func enqueue(_ write: any QueuedWrite) {
        queue.withLock { $0.append(write) }
        committer.async { [self] in
            writer.withLock { connection in
                let batch = queue.withLock { queue in
                    defer { queue.removeAll(keepingCapacity: true) }
                    return queue
                }
                guard !batch.isEmpty else { return }
                Self.commit(batch, on: connection, health: health, notify: .global())
                // Nothing waiting: use the pause for one small step of index upkeep.
                if queue.withLock({ $0.isEmpty }) { Self.tidy(connection, budgetNanoseconds: 0) }
            }
        }
    }

    /// A write that needs a new page and a commit, undone in the same transaction: whether
    /// the disk takes writes again after a storage failure. The key cannot collide with a
    /// client's (Idempotency-Keys are visible ASCII) and readers never see the row.
    func probe() throws(StorageError) {
        try write { connection throws(StorageError) in
            try connection.run(Self.probeInsert, [.text(Self.probeKey), .integer(8192)])
            try connection.run(Self.probeDelete, [.text(Self.probeKey)])
        }
    }

    private static let probeKey = "\u{1}readiness-probe"
    private static let probeInsert = "INSERT INTO idempotency_keys (key, request_digest, status, body, created_ms) VALUES (?, '', 0, zeroblob(?), 0)"
    private static let probeDelete = "DELETE FROM idempotency_keys WHERE key = ?"

    /// Checkpoints the WAL into the main file (at shutdown), so the database is one file again.
    func checkpoint() throws(StorageError) {
        try writer.withLock { (connection) throws(StorageError) in
            try connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        }
    }

    /// Merges trigram index segments (`SQLiteSchema.tidySearchIndex`, each step its own small
    /// transaction) while there is work and the budget lasts; at least one step. Writes pay
    /// for merging only when automerge must: the index is kept tidy (and searches fast) in
    /// the pauses between writes. A failed step is left for the next pause.
    static func tidy(_ connection: SQLiteConnection, budgetNanoseconds: UInt64) {
        let start = DispatchTime.now().uptimeNanoseconds
        repeat {
            let before = sqlite3_total_changes64(connection.handle)
            do throws(StorageError) {
                try connection.transaction(immediate: true) { () throws(StorageError) in try connection.run(SQLiteSchema.tidySearchIndex) }
            } catch {
                return
            }
            // FTS5: a merge that found nothing to do changes fewer than two rows.
            if sqlite3_total_changes64(connection.handle) - before < 2 { return }
        } while DispatchTime.now().uptimeNanoseconds - start < budgetNanoseconds
    }

    /// Runs `batch` in one transaction. Completions run on `notify` when given, so the
    /// committing thread goes straight back to the next batch.
    private static func commit(_ batch: [any QueuedWrite], on connection: SQLiteConnection, health: WriteHealth, notify: DispatchQueue? = nil) {
        guard !batch.isEmpty else { return }
        let changesBefore = sqlite3_total_changes64(connection.handle)
        let outcome: StorageError?
        do throws(StorageError) {
            try connection.run("BEGIN IMMEDIATE")
            var next = 0
            while next < batch.count {
                if let insert = batch[next].rowInsert {
                    // Consecutive inserts into the same table become one statement.
                    var group = [batch[next]]
                    next += 1
                    while next < batch.count, group.count < RowInsert.maximumPerStatement,
                        let other = batch[next].rowInsert, other.sameStatement(as: insert)
                    {
                        group.append(batch[next])
                        next += 1
                    }
                    RowInsert.run(group, on: connection)
                } else {
                    batch[next].run(on: connection)
                    next += 1
                }
                // An I/O or memory error can make SQLite roll the whole transaction back: then
                // nothing staged so far holds, and the writes that follow must not autocommit.
                guard sqlite3_get_autocommit(connection.handle) == 0 else {
                    // The write that just ran holds SQLite's code and message (the connection's
                    // own were since overwritten by its savepoint's rollback).
                    let cause = batch[next - 1].stagedFailure
                    let message = (cause?.message ?? connection.path) + " (the write transaction was rolled back)"
                    throw cause?.with(message: message) ?? StorageError.sqlite(sqlite3_extended_errcode(connection.handle), message: message)
                }
            }
            try connection.run("COMMIT")
            outcome = nil
            // Still holding the writer: the next commit cannot start, so observers see
            // commits in order.
            batch.forEach { $0.didCommit() }
        } catch {
            if sqlite3_get_autocommit(connection.handle) == 0 { try? connection.run("ROLLBACK") }
            outcome = error
        }
        health.observe(
            failures: outcome.map { [$0] } ?? batch.compactMap(\.stagedFailure),
            committedChanges: outcome == nil && sqlite3_total_changes64(connection.handle) > changesBefore)
        let settle: @Sendable ([any QueuedWrite]) -> Void = { writes in
            if let outcome { writes.forEach { $0.fail(outcome) } } else { writes.forEach { $0.publish() } }
        }
        // Waiting callers are released at once; callbacks run elsewhere when `notify` is given.
        let later = notify == nil ? [] : batch.filter(\.hasCompletion)
        settle(notify == nil ? batch : batch.filter { !$0.hasCompletion })
        if let notify, !later.isEmpty { notify.async { settle(later) } }
    }
}

/// A write waiting in the group-commit queue.
protocol QueuedWrite: Sendable {
    /// Whether a callback (rather than a waiting caller) takes the result.
    var hasCompletion: Bool { get }
    /// The row, when the write is one row insert (which the committer may group with others).
    var rowInsert: RowInsert? { get }
    /// Runs the write inside the open transaction, in a savepoint of its own.
    func run(on connection: SQLiteConnection)
    /// Why the write failed inside the transaction, once it ran (nil when it succeeded).
    var stagedFailure: StorageError? { get }
    /// Records the outcome of a grouped row insert: the row's rowid, or why it failed.
    func stage(inserted: Result<Int64, StorageError>)
    /// The transaction committed: report the write's change (on the writer, in commit order).
    func didCommit()
    /// The transaction committed: the result may be seen.
    func publish()
    /// The transaction failed: every write in it fails with `error`.
    func fail(_ error: StorageError)
}

/// One write and, once its transaction has committed (or failed), its result.
final class PendingWrite<Value: Sendable>: QueuedWrite {
    private let body: @Sendable (SQLiteConnection) throws(StorageError) -> Value
    let rowInsert: RowInsert?
    private let completion: (@Sendable (Result<Value, StorageError>) -> Void)?
    private let committed: (@Sendable (Value) -> Void)?
    private struct State {
        var staged: Result<Value, StorageError>?
        var published: Result<Value, StorageError>?
    }

    private let state = Mutex(State())

    init(
        _ body: @escaping @Sendable (SQLiteConnection) throws(StorageError) -> Value,
        committed: (@Sendable (Value) -> Void)? = nil,
        completion: (@Sendable (Result<Value, StorageError>) -> Void)? = nil
    ) {
        self.body = body
        self.rowInsert = nil
        self.committed = committed
        self.completion = completion
    }

    /// A write that inserts `row` and returns its rowid.
    init(
        insert row: RowInsert, committed: (@Sendable (Value) -> Void)? = nil,
        completion: (@Sendable (Result<Value, StorageError>) -> Void)? = nil
    ) where Value == Int64 {
        self.body = { connection throws(StorageError) in try row.runAlone(on: connection) }
        self.rowInsert = row
        self.committed = committed
        self.completion = completion
    }

    func didCommit() {
        guard let committed, case .success(let value) = state.withLock({ $0.staged }) else { return }
        committed(value)
    }

    func stage(inserted: Result<Int64, StorageError>) {
        let outcome = inserted.flatMap { rowid -> Result<Value, StorageError> in
            (rowid as? Value).map(Result.success) ?? .failure(StorageError(message: "a row insert was queued as another kind of write"))
        }
        state.withLock { $0.staged = outcome }
    }

    var hasCompletion: Bool { completion != nil }

    var stagedFailure: StorageError? {
        state.withLock { state in
            if case .failure(let error)? = state.staged { return error }
            return nil
        }
    }

    /// The outcome, once the commit that holds the write is durable (or failed).
    var result: Result<Value, StorageError>? {
        state.withLock { $0.published }
    }

    func run(on connection: SQLiteConnection) {
        let outcome: Result<Value, StorageError>
        do throws(StorageError) {
            try connection.run("SAVEPOINT write")
            do throws(StorageError) {
                outcome = .success(try body(connection))
                try connection.run("RELEASE write")
            } catch {
                try? connection.run("ROLLBACK TO write")
                try? connection.run("RELEASE write")
                throw error
            }
        } catch {
            state.withLock { $0.staged = .failure(error) }
            return
        }
        state.withLock { $0.staged = outcome }
    }

    func publish() {
        let outcome = state.withLock { state in
            state.published = state.staged ?? .failure(StorageError(message: "a queued write did not run"))
            return state.published
        }
        if let completion, let outcome { completion(outcome) }
    }

    func fail(_ error: StorageError) {
        state.withLock { $0.published = .failure(error) }
        completion?(.failure(error))
    }
}

/// One row to insert, and how: `INSERT INTO <target> VALUES <placeholders>`. The text comes
/// from constants in this module; only `values` come from a request.
///
/// Inserts queued together into the same target run as ONE multi-row statement. That is what
/// makes a group commit cheap with a full-text index: inside a transaction SQLite opens a
/// statement savepoint for every statement that writes to the FTS5 table, and FTS5 flushes its
/// pending terms to a new index segment at each one, so one statement per row writes (and
/// later merges) one segment per row. At 100,000 contacts, 16 inserts as one statement cost
/// about half of 16 statements.
struct RowInsert: Sendable {
    /// The most rows one statement inserts (each binds a handful of values).
    static let maximumPerStatement = 64
    /// `table (column, ...)`.
    let target: String
    /// `(?, ?, ...)`: one row's values, bound in order.
    let placeholders: String
    let values: [SQLiteValue]
    /// A UNIQUE column, and its value in this row: how rows returned by the statement are
    /// matched to their inserts (RETURNING gives them in no defined order).
    let keyColumn: String
    let key: String

    func sameStatement(as other: RowInsert) -> Bool {
        target == other.target && placeholders == other.placeholders && keyColumn == other.keyColumn
    }

    /// Inserts this row with a statement of its own; returns its rowid.
    func runAlone(on connection: SQLiteConnection) throws(StorageError) -> Int64 {
        try connection.run("INSERT INTO \(target) VALUES \(placeholders)", values)
        return sqlite3_last_insert_rowid(connection.handle)
    }

    /// Inserts the rows of `writes` (all `sameStatement`, all with a `rowInsert`) and stages
    /// each write's rowid. When the one statement fails (SQLite undoes all of it), each row is
    /// tried alone, so a bad row fails only its own write.
    static func run(_ writes: [any QueuedWrite], on connection: SQLiteConnection) {
        let rows = writes.compactMap(\.rowInsert)
        guard let first = rows.first, rows.count == writes.count else { return }
        if rows.count > 1 {
            let sql =
                "INSERT INTO \(first.target) VALUES " + repeatElement(first.placeholders, count: rows.count).joined(separator: ", ")
                + " RETURNING \(first.keyColumn), rowid"
            do throws(StorageError) {
                let inserted = try connection.rows(sql, rows.flatMap(\.values)) { ($0.text(at: 0), $0.int64(at: 1)) }
                let rowids = Dictionary(inserted, uniquingKeysWith: { first, _ in first })
                for (write, row) in zip(writes, rows) {
                    write.stage(inserted: rowids[row.key].map(Result.success) ?? .failure(StorageError(message: "an inserted row was not returned")))
                }
                return
            } catch {
                guard sqlite3_get_autocommit(connection.handle) == 0 else {
                    writes.forEach { $0.stage(inserted: .failure(error)) }
                    return
                }
            }
        }
        for (write, row) in zip(writes, rows) {
            do throws(StorageError) {
                write.stage(inserted: .success(try row.runAlone(on: connection)))
            } catch {
                write.stage(inserted: .failure(error))
            }
        }
    }
}
