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

    /// Opens (or creates), checks and migrates the database at `path`.
    init(path: String, readerCount: Int = 4) throws(StorageError) {
        guard !path.isEmpty, path != ":memory:" else {
            // Each connection would get its own private database: use the in-memory stores instead.
            throw StorageError(message: "the SQLite store needs a database file path, not \"\(path)\"")
        }
        let connection = try SQLiteConnection(path: path, flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
        try SQLiteSchema.prepare(connection)
        self.path = path
        self.writer = Mutex(connection)
        self.readers = SQLiteReaderPool(path: path, size: readerCount)
    }

    /// Runs `body` in a write transaction shared with concurrent writes; returns after the
    /// commit is durable. `body` must not begin or end transactions itself.
    func write<Result: Sendable>(_ body: @escaping @Sendable (SQLiteConnection) throws(StorageError) -> Result) throws(StorageError) -> Result {
        let write = PendingWrite(body)
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
                Self.commit(batch, on: connection, notify: .global())
            }
        }
    }

    /// Queues `body` for the next group commit and returns at once; `completion` runs (on the
    /// committing thread) once the commit holding the write is durable, or failed. No thread
    /// waits meanwhile, so many writes can gather into one commit.
    func write<Value: Sendable>(
        _ body: @escaping @Sendable (SQLiteConnection) throws(StorageError) -> Value,
        completion: @escaping @Sendable (Result<Value, StorageError>) -> Void
    ) {
        queue.withLock { $0.append(PendingWrite(body, completion: completion)) }
        committer.async { [self] in
            writer.withLock { connection in
                let batch = queue.withLock { queue in
                    defer { queue.removeAll(keepingCapacity: true) }
                    return queue
                }
                Self.commit(batch, on: connection, notify: .global())
            }
        }
    }

    /// Checkpoints the WAL into the main file (at shutdown), so the database is one file again.
    func checkpoint() throws(StorageError) {
        try writer.withLock { (connection) throws(StorageError) in
            try connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        }
    }

    /// Runs `batch` in one transaction. Completions run on `notify` when given, so the
    /// committing thread goes straight back to the next batch.
    private static func commit(_ batch: [any QueuedWrite], on connection: SQLiteConnection, notify: DispatchQueue? = nil) {
        guard !batch.isEmpty else { return }
        let outcome: StorageError?
        do throws(StorageError) {
            try connection.run("BEGIN IMMEDIATE")
            for write in batch {
                write.run(on: connection)
            }
            try connection.run("COMMIT")
            outcome = nil
        } catch {
            if sqlite3_get_autocommit(connection.handle) == 0 { try? connection.run("ROLLBACK") }
            outcome = error
        }
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
    /// Runs the write inside the open transaction, in a savepoint of its own.
    func run(on connection: SQLiteConnection)
    /// The transaction committed: the result may be seen.
    func publish()
    /// The transaction failed: every write in it fails with `error`.
    func fail(_ error: StorageError)
}

/// One write and, once its transaction has committed (or failed), its result.
final class PendingWrite<Value: Sendable>: QueuedWrite {
    private let body: @Sendable (SQLiteConnection) throws(StorageError) -> Value
    private let completion: (@Sendable (Result<Value, StorageError>) -> Void)?
    private struct State {
        var staged: Result<Value, StorageError>?
        var published: Result<Value, StorageError>?
    }

    private let state = Mutex(State())

    init(
        _ body: @escaping @Sendable (SQLiteConnection) throws(StorageError) -> Value,
        completion: (@Sendable (Result<Value, StorageError>) -> Void)? = nil
    ) {
        self.body = body
        self.completion = completion
    }

    var hasCompletion: Bool { completion != nil }

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
