import CSQLite3
import Dispatch
import StorageCore
import Synchronization

/// One quickactiond database file: a writer connection behind a group-commit queue, and a
/// pool of reader connections. Contacts and triggers share it.
///
/// Group commit: a write joins a queue, then waits for the writer connection (or, with a
/// completion, returns at once). Whoever gets the connection runs every queued write in ONE
/// transaction (`SQLiteGroupCommit`) and commits once: one fsync for all the writes that arrived
/// together. No write returns before the commit that holds it is on disk. Between writes, the
/// writer tidies the search index (`SQLiteDatabase+Tidy`).
final class SQLiteDatabase: Sendable {
    /// The database file.
    let path: String
    /// Read-only connections (WAL lets them read while a commit is in progress).
    let readers: SQLiteReaderPool
    private let writer: Mutex<SQLiteConnection>
    private let queue = Mutex<[SQLiteQueuedWrite]>([])
    /// Commits writes whose callers do not wait (`write(_:completion:)`).
    private let committer = DispatchQueue(label: "quickactiond.sqlite.committer")
    /// One process per database file, for as long as this object lives.
    private let lock: SQLiteDatabaseFileLock
    /// The storage failure of the last write, until a write succeeds again (for readiness).
    let health = SQLiteWriteHealth()
    /// Every committed contact change, of every account (published on the writer, in commit order).
    let changes = ContactChangeFeed()
    /// Totals of recent searches (see `SQLiteSearchTotals`), for every account's views.
    let searchTotals = SQLiteSearchTotals()
    /// Committed token replacements and account deletions.
    let accountChanges = AccountChangeFeed()
    /// Whether only the account `default` ever existed here: then counting a search's matches
    /// needs no check of whose they are (see `SQLiteContactQuerySQL`). Cleared for good by the first
    /// other account.
    let singleAccount: Atomic<Bool>
    /// The rows reads left out because they do not decode.
    let skippedRows: StoredRowSkips
    /// The bounds its writes keep (the disabled items per account).
    let limits: StoreLimits

    /// Opens (or creates), checks and migrates the database at `path`; `skippedRows` hears of
    /// the rows a read leaves out, and its writes keep `limits`.
    init(
        path: String, readerCount: Int = 4, skippedRows: StoredRowSkips = StoredRowSkips(), limits: StoreLimits = .standard
    ) throws(StorageError) {
        guard !path.isEmpty, path != ":memory:" else {
            // Each connection would get its own private database: use the in-memory stores instead.
            throw StorageError(message: "the SQLite store needs a database file path, not \"\(path)\"")
        }
        // Before the file is opened: a refused start-up must not migrate or tidy it.
        self.lock = try SQLiteDatabaseFileLock(databasePath: path)
        let connection = try SQLiteConnection(path: path, flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
        try SQLiteSchema.prepare(connection)
        // A file grown in bulk (an import) may hold many index segments: tidy them now, briefly.
        Self.tidy(connection, budgetNanoseconds: 2_000_000_000)
        self.singleAccount = Atomic(try connection.integer(SQLiteAccountSQL.othersExist) == 0)
        self.path = path
        self.skippedRows = skippedRows
        self.limits = limits
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
        let write = SQLitePendingWrite(body, committed: committed)
        return try wait(for: write, queued: .write(write))
    }

    /// Inserts `row` in a write transaction shared with concurrent writes; returns its rowid
    /// once the commit is durable. Rows queued together are inserted by one statement.
    func insert(_ row: SQLiteRowInsert, committed: (@Sendable (Int64) -> Void)? = nil) throws(StorageError) -> Int64 {
        let write = SQLitePendingWrite<Int64>(insert: row, committed: committed)
        return try wait(for: write, queued: .insert(row, write))
    }

    /// Queues the insert of `row` for the next group commit and returns at once; `completion`
    /// gets its rowid once the commit holding it is durable (see `write(_:completion:)`).
    func insert(
        _ row: SQLiteRowInsert, committed: (@Sendable (Int64) -> Void)? = nil, completion: @escaping @Sendable (Result<Int64, StorageError>) -> Void
    ) {
        enqueue(.insert(row, SQLitePendingWrite<Int64>(insert: row, committed: committed, completion: completion)))
    }

    /// Queues `write` and waits until a commit holding it is durable, committing the queue
    /// itself when the writer connection is free.
    private func wait<Result: Sendable>(for write: SQLitePendingWrite<Result>, queued: SQLiteQueuedWrite) throws(StorageError) -> Result {
        queue.withLock { $0.append(queued) }
        while true {
            if let result = write.result { return try result.get() }
            writer.withLock { connection in
                // The writer before us may have committed our write along with its own.
                guard write.result == nil else { return }
                let batch = queue.withLock { queue in
                    defer { queue.removeAll(keepingCapacity: true) }
                    return queue
                }
                SQLiteGroupCommit.run(batch, on: connection, health: health, notify: .global())
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
        enqueue(.write(SQLitePendingWrite(body, committed: committed, completion: completion)))
    }

    /// Queues `write` for the committing thread.
    private func enqueue(_ write: SQLiteQueuedWrite) {
        queue.withLock { $0.append(write) }
        committer.async { [self] in
            writer.withLock { connection in
                let batch = queue.withLock { queue in
                    defer { queue.removeAll(keepingCapacity: true) }
                    return queue
                }
                guard !batch.isEmpty else { return }
                SQLiteGroupCommit.run(batch, on: connection, health: health, notify: .global())
                // Nothing waiting: use the pause for one small step of index upkeep.
                if queue.withLock({ $0.isEmpty }) { Self.tidy(connection, budgetNanoseconds: 0) }
            }
        }
    }

    /// A write that needs a new page and a commit, undone in the same transaction: whether
    /// the disk takes writes again after a storage failure. Readers never see the row.
    func probe() throws(StorageError) {
        try write { connection throws(StorageError) in
            try connection.run(Self.probeInsert, [.integer(8192)])
            try connection.run(Self.probeDelete)
        }
    }

    /// A table of its own (migration 8): no request reads it, and it is empty between probes.
    private static let probeInsert = "INSERT INTO readiness_probe (filler) VALUES (zeroblob(?))"
    private static let probeDelete = "DELETE FROM readiness_probe"

    /// Checkpoints the WAL into the main file (at shutdown), so the database is one file again.
    func checkpoint() throws(StorageError) {
        try writer.withLock { (connection) throws(StorageError) in
            try connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        }
    }
}
