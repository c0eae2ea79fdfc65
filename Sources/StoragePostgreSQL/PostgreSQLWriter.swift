import Dispatch
import StorageCore
import Synchronization

/// The one connection that writes, behind a group-commit queue.
///
/// A write joins the queue and returns at once (with a completion) or waits. One committing
/// thread takes every queued write and runs them in ONE transaction, then commits once: one
/// WAL flush for all the writes that arrived together, which is how a durable write rate
/// above one commit per round trip and fsync is reached. No write completes before the commit
/// that holds it returned.
///
/// A batch of contact creates only (what a burst of POST /contacts queues) is one statement
/// committing on its own, sent on the connection in pipeline mode (`pipeline`): the next
/// batch may be sent while the last one's commit is in flight, so the server need not wait for
/// this side between two commits. Batches complete in the order sent, each at its own sync point.
///
/// The batch runs without savepoints (each costs a round trip). If one write fails,
/// PostgreSQL aborts the transaction: it is rolled back and every write of the batch runs
/// again in a transaction of its own, so a failing write fails alone. A write that ran past
/// the session's limits (`statement_timeout`, `lock_timeout`: a lock held elsewhere) fails
/// the whole batch at once instead: run alone, each write would wait out the limit again.
///
/// Before `COMMIT`, the batch's `PostgreSQLChangeNotice`s are queued with `pg_notify`, which PostgreSQL
/// delivers to the other instances only if the transaction commits. After `COMMIT`, still on
/// the committing thread, each write reports its change in commit order (`committed`).
final class PostgreSQLWriter: Sendable {
    /// The writer's connection slot.
    let session: PostgreSQLSession
    private let queue = Mutex(Queue())
    private let committer = DispatchQueue(label: "quickactiond.postgresql.committer")
    private static let notify = "SELECT pg_notify('\(PostgreSQLChangeNotice.channel)', n) FROM unnest($1::text[]) AS n"

    /// This instance's id in the notices it sends.
    let instance: String
    /// Told whether each batch answered in time.
    let health: PostgreSQLQueryHealth
    /// Wakes the committing thread while it waits on the pipeline (nil: no pipeline, every
    /// batch runs in a transaction).
    let wakeup = PostgreSQLWakeup()

    /// The writes waiting for the committing thread; whether it is running (it then takes
    /// again before it stops); and, while it waits on the pipeline with room for a batch, how
    /// many queued writes make one worth sending (the write that brings the queue there wakes
    /// it; 0: it does not wait for writes).
    private struct Queue {
        var writes: [any PostgreSQLQueuedWrite] = []
        var running = false
        var wakeAt = 0
    }

    init(session: PostgreSQLSession, instance: String, health: PostgreSQLQueryHealth) {
        self.session = session
        self.instance = instance
        self.health = health
    }

    /// Queues `body` for the next group commit and returns at once; `completion` runs (on
    /// another thread) once the commit holding the write returned, or failed.
    func write<Value: Sendable>(
        _ body: @escaping @Sendable (PostgreSQLConnection) throws(StorageError) -> Value,
        notify: @escaping @Sendable (Value) -> [PostgreSQLChangeNotice] = { _ in [] },
        committed: (@Sendable (Value) -> Void)? = nil,
        completion: @escaping @Sendable (Result<Value, StorageError>) -> Void
    ) {
        let write = PostgreSQLWrite(
            body, notify: notify, committed: committed,
            completion: { result in DispatchQueue.global().async { completion(result) } })
        enqueue(write)
    }

    /// Queues a contact insert for the next group commit, which inserts the batch's contacts
    /// with one statement (admitting them under their `quota` first, when given: see
    /// `PostgreSQLContactInsertWrite`); returns at once, and `completion` gets the row's sequence,
    /// on the committing thread (as on SQLite's writer): it must not wait. Handing each one to
    /// another thread would cost a thread wake-up per create.
    func insert(
        _ values: [PostgreSQLValue], id: String, account: AccountKey, quota: Int?, notify: @escaping @Sendable (Int64) -> [PostgreSQLChangeNotice],
        committed: (@Sendable (Int64) -> Void)?, completion: @escaping @Sendable (Result<Int64, StorageError>) -> Void
    ) {
        let write = PostgreSQLContactInsertWrite(
            values: values, id: id, account: account, quota: quota, notify: notify, committed: committed, completion: completion)
        enqueue(write)
    }

    /// Runs `body` in the next group commit and waits until that commit returned.
    /// `eventIDs`, when given, takes the write's event ids from what `body` staged: it runs after
    /// every write of the transaction was staged, under the event lock (`PostgreSQLTriggerSQL`).
    func write<Value: Sendable>(
        _ body: @escaping @Sendable (PostgreSQLConnection) throws(StorageError) -> Value,
        eventIDs: PostgreSQLEventRow<Value>? = nil,
        notify: @escaping @Sendable (Value) -> [PostgreSQLChangeNotice] = { _ in [] },
        committed: (@Sendable (Value) -> Void)? = nil
    ) throws(StorageError) -> Value {
        let outcome = Mutex<Result<Value, StorageError>?>(nil)
        let done = DispatchSemaphore(value: 0)
        let write = PostgreSQLWrite(
            body, eventIDs: eventIDs, notify: notify, committed: committed,
            completion: { result in
                outcome.withLock { $0 = result }
                done.signal()
            })
        enqueue(write)
        done.wait()
        guard let result = outcome.withLock({ $0 }) else { throw StorageError(message: "a write finished without a result") }
        return try result.get()
    }

    /// Queues `write` and makes sure the committing thread takes it.
    private func enqueue(_ write: any PostgreSQLQueuedWrite) {
        let (running, wake) = queue.withLock { queue in
            queue.writes.append(write)
            let wake = queue.wakeAt > 0 && queue.writes.count >= queue.wakeAt
            if wake { queue.wakeAt = 0 }
            return (queue.running, wake)
        }
        if !running {
            committer.async { [self] in commitQueued() }
        } else if wake {
            wakeup?.signal()
        }
    }

    /// Takes the queued writes. When there are none and `stopping` is set, the committing
    /// thread stops (the next write starts it again).
    func takeQueued(stopping: Bool) -> [any PostgreSQLQueuedWrite] {
        queue.withLock { queue in
            let writes = queue.writes
            queue.writes.removeAll(keepingCapacity: true)
            if stopping { queue.running = !writes.isEmpty }
            // Not waiting on the pipeline (even when a failure left it without resetting this).
            queue.wakeAt = 0
            return writes
        }
    }

    /// Takes the queued writes when there are at least `count` (or one that is not a create:
    /// it must not wait); otherwise takes none, and the write that brings the queue to
    /// `count` signals `wakeup`.
    func takeQueued(atLeast count: Int) -> [any PostgreSQLQueuedWrite] {
        queue.withLock { queue in
            guard queue.writes.count >= count || queue.writes.contains(where: { !($0 is PostgreSQLContactInsertWrite) }) else {
                queue.wakeAt = count
                return []
            }
            let writes = queue.writes
            queue.writes.removeAll(keepingCapacity: true)
            queue.wakeAt = 0
            return writes
        }
    }

    /// The committing thread no longer waits for writes on the pipeline.
    func stopWaitingForWrites() {
        queue.withLock { $0.wakeAt = 0 }
    }

    /// Commits everything queued until nothing is (on the committing thread).
    private func commitQueued() {
        var batch = takeQueued(stopping: true)
        while !batch.isEmpty {
            if let inserts = pipelined(batch) {
                batch = pipeline(inserts)
                if !batch.isEmpty { continue }
            } else {
                commit(batch)
            }
            batch = takeQueued(stopping: true)
        }
    }

    /// Commits `batch` in one transaction, or write by write when one of them failed.
    func commit(_ batch: [any PostgreSQLQueuedWrite]) {
        // The writes completed alone before one that threw have their answer already.
        var completed = 0
        do throws(StorageError) {
            if try !commitTogether(batch) {
                for write in batch {
                    try commitAlone(write)
                    completed += 1
                }
            }
            health.observe(Result<Void, StorageError>.success(()))
        } catch {
            health.observe(Result<Void, StorageError>.failure(error))
            batch.dropFirst(completed).forEach { $0.finish(error) }
        }
    }

    /// What a lost connection left of a batch of inserts.
    enum Outcome {
        case all, none, unknown
    }

    /// Whether `inserts` are stored (their sequences are then staged), read on a new connection.
    func storedSequences(of inserts: [PostgreSQLContactInsertWrite]) -> Outcome {
        let stored = try? session.use { (connection) throws(StorageError) -> [String: Int64] in
            let result = try connection.execute(PostgreSQLContactSQL.sequencesOfIDs, [.words(inserts.map(\.id))])
            return Dictionary(result.rows { result, row in (result.text(row, 0), result.int64(row, 1)) }, uniquingKeysWith: { first, _ in first })
        }
        guard let stored else { return .unknown }
        if stored.isEmpty { return .none }
        guard stored.count == inserts.count else { return .unknown }
        for insert in inserts { if let sequence = stored[insert.id] { insert.outcome.stage(.success(sequence)) } }
        return .all
    }

    /// Runs `batch` in one transaction; false (rolled back) when a write failed.
    private func commitTogether(_ batch: [any PostgreSQLQueuedWrite]) throws(StorageError) -> Bool {
        let committed = try transaction { (connection) throws(StorageError) -> Bool in
            // The batch's contact inserts first, as one statement (a client learns a contact's
            // id only from its create's answer, so no other write of the batch can name it).
            let inserts = batch.compactMap { $0 as? PostgreSQLContactInsertWrite }
            if inserts.count > 1 {
                do throws(StorageError) {
                    try PostgreSQLContactInsertWrite.insertTogether(
                        try PostgreSQLContactInsertWrite.admitted(inserts, on: connection), on: connection)
                } catch {
                    // Aborted: the batch is rolled back and retried write by write (unless it
                    // timed out, which the writes alone would do again).
                    if error.isPostgreSQLConnectionLoss || error.isPostgreSQLTimeout { throw error }
                    return false
                }
            }
            let staged = batch.filter { inserts.count <= 1 || !($0 is PostgreSQLContactInsertWrite) }
            guard try Self.stage(staged, on: connection) else {
                if let failure = staged.lazy.compactMap(\.failure).first, failure.isPostgreSQLTimeout { throw failure }
                return false
            }
            return true
        } notices: {
            batch.flatMap(\.notices)
        }
        guard committed else { return false }
        batch.forEach { $0.didCommit() }
        batch.forEach { $0.finish(nil) }
        return true
    }

    /// Runs `write` in a transaction of its own; it fails alone. A write that lost a deadlock
    /// (which the accounts' foreign keys make possible when an account is deleted while a batch
    /// writes to it) was rolled back whole, and runs again.
    private func commitAlone(_ write: any PostgreSQLQueuedWrite) throws(StorageError) {
        for attempt in 1...3 {
            if try transaction({ (connection) throws(StorageError) -> Bool in try Self.stage([write], on: connection) }, notices: { write.notices }) {
                write.didCommit()
                break
            }
            guard attempt < 3, write.failure?.sqlState == "40P01" else { break }
        }
        write.finish(nil)
    }

    /// `BEGIN`, `stage`, then (when it returns true) the notices and `COMMIT`, or `ROLLBACK`.
    /// A connection lost before `COMMIT` was sent is re-established and the transaction run
    /// again (nothing of it was stored); lost during `COMMIT`, the outcome is unknown and the
    /// error is thrown, so no write is acknowledged that might not be stored.
    private func transaction(
        _ stage: (PostgreSQLConnection) throws(StorageError) -> Bool, notices: () -> [PostgreSQLChangeNotice]
    ) throws(StorageError) -> Bool {
        var attempts = 0
        while true {
            attempts += 1
            var commitSent = false
            do {
                return try session.use(retry: false) { (connection) throws(StorageError) -> Bool in
                    try connection.run("BEGIN")
                    do throws(StorageError) {
                        guard try stage(connection) else {
                            try connection.run("ROLLBACK")
                            return false
                        }
                        let payloads = notices().map(\.payload)
                        if !payloads.isEmpty { try connection.execute(Self.notify, [.words(payloads)]) }
                        commitSent = true
                        try connection.run("COMMIT")
                        return true
                    } catch {
                        // An aborted transaction must end before the connection serves the next batch.
                        if !commitSent && connection.isOpen && !error.isPostgreSQLConnectionLoss { try? connection.run("ROLLBACK") }
                        throw error
                    }
                }
            } catch {
                guard !commitSent, attempts < 2, error.isPostgreSQLConnectionLoss || !session.isConnected else { throw error }
            }
        }
    }
}

extension PostgreSQLWriter {
    /// Stages `writes` in the open transaction: each write, then (when any inserts a trigger row)
    /// the event lock and the rows, in one statement, last: nothing of the transaction waits on a
    /// row while it holds the lock, and it holds it for as few round trips as can be. False when a
    /// write failed (the transaction is then aborted).
    static func stage(_ writes: some Collection<any PostgreSQLQueuedWrite>, on connection: PostgreSQLConnection) throws(StorageError) -> Bool {
        for write in writes where !write.stage(on: connection) { return false }
        let rows = writes.compactMap { write in write.eventRow.map { (write: write, row: $0) } }
        guard !rows.isEmpty else { return true }
        try connection.execute(PostgreSQLTriggerSQL.lockEventIDs)
        var start = rows.startIndex
        while start < rows.endIndex {
            let chunk = rows[start..<min(start + PostgreSQLTriggerSQL.maximumPerStatement, rows.endIndex)]
            do throws(StorageError) {
                let result = try connection.execute(PostgreSQLTriggerSQL.insertReturningIDs(rows: chunk.count), chunk.flatMap(\.row.values))
                let ids = Dictionary(
                    result.rows { result, row in (result.text(row, 0), result.int64(row, 1)) }, uniquingKeysWith: { first, _ in first })
                for (write, row) in chunk {
                    write.stage(eventID: ids[row.id].map { .success($0) } ?? .failure(StorageError(message: "an inserted trigger was not returned")))
                }
            } catch {
                // Aborted: the batch is rolled back and run write by write, where this is the
                // one write's own failure (unless it timed out or the connection was lost).
                if error.isPostgreSQLConnectionLoss || error.isPostgreSQLTimeout { throw error }
                chunk.forEach { $0.write.stage(eventID: .failure(error)) }
                return false
            }
            start = chunk.endIndex
        }
        return rows.allSatisfy { $0.write.failure == nil }
    }
}
