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
    private let queue = Mutex<[any PostgreSQLQueuedWrite]>([])
    private let committer = DispatchQueue(label: "quickactiond.postgresql.committer")
    private static let notify = "SELECT pg_notify('\(PostgreSQLChangeNotice.channel)', n) FROM unnest($1::text[]) AS n"

    /// This instance's id in the notices it sends.
    private let instance: String
    /// Told whether each batch answered in time.
    private let health: PostgreSQLQueryHealth

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
        queue.withLock { $0.append(write) }
        committer.async { [self] in commitQueued() }
    }

    /// Queues a contact insert for the next group commit, which inserts the batch's contacts
    /// with one statement (admitting them under their `quota` first, when given: see
    /// `PostgreSQLContactInsertWrite`); returns at once, and `completion` gets the row's sequence.
    func insert(
        _ values: [PostgreSQLValue], id: String, account: AccountKey, quota: Int?, notify: @escaping @Sendable (Int64) -> [PostgreSQLChangeNotice],
        committed: (@Sendable (Int64) -> Void)?, completion: @escaping @Sendable (Result<Int64, StorageError>) -> Void
    ) {
        let write = PostgreSQLContactInsertWrite(
            values: values, id: id, account: account, quota: quota, notify: notify, committed: committed,
            completion: { result in DispatchQueue.global().async { completion(result) } })
        queue.withLock { $0.append(write) }
        committer.async { [self] in commitQueued() }
    }

    /// Runs `body` in the next group commit and waits until that commit returned.
    func write<Value: Sendable>(
        _ body: @escaping @Sendable (PostgreSQLConnection) throws(StorageError) -> Value,
        notify: @escaping @Sendable (Value) -> [PostgreSQLChangeNotice] = { _ in [] },
        committed: (@Sendable (Value) -> Void)? = nil
    ) throws(StorageError) -> Value {
        let outcome = Mutex<Result<Value, StorageError>?>(nil)
        let done = DispatchSemaphore(value: 0)
        let write = PostgreSQLWrite(
            body, notify: notify, committed: committed,
            completion: { result in
                outcome.withLock { $0 = result }
                done.signal()
            })
        queue.withLock { $0.append(write) }
        committer.async { [self] in commitQueued() }
        done.wait()
        guard let result = outcome.withLock({ $0 }) else { throw StorageError(message: "a write finished without a result") }
        return try result.get()
    }

    /// Commits everything queued (on the committing thread).
    private func commitQueued() {
        let batch = queue.withLock { queue in
            defer { queue.removeAll(keepingCapacity: true) }
            return queue
        }
        guard !batch.isEmpty else { return }
        // A batch of contact creates only (what a burst of POST /contacts queues) is one
        // statement committing on its own: one round trip instead of four. Creates under a
        // quota need their accounts locked and counted first, in the same transaction.
        let inserts = batch.compactMap { $0 as? PostgreSQLContactInsertWrite }
        if inserts.count == batch.count, inserts.count > 1, inserts.count <= PostgreSQLContactInsertWrite.maximumPerStatement,
            !inserts.contains(where: { $0.quota != nil })
        {
            do throws(StorageError) {
                try session.use(retry: false) { (connection) throws(StorageError) in
                    try PostgreSQLContactInsertWrite.insertCommitted(inserts, instance: instance, on: connection)
                }
                inserts.forEach { $0.didCommit() }
                inserts.forEach { $0.finish(nil) }
                return
            } catch {
                if error.isPostgreSQLTimeout {
                    health.observe(Result<Void, StorageError>.failure(error))
                    batch.forEach { $0.finish(error) }
                    return
                }
                // Lost while the statement ran, it may have committed (it is its own
                // transaction): the ids, read on a new connection, tell. All stored: done. None:
                // it runs again below, in a transaction. Refused (nothing stored): the same.
                if error.isPostgreSQLConnectionLoss {
                    switch storedSequences(of: inserts) {
                    case .all:
                        inserts.forEach { $0.didCommit() }
                        inserts.forEach { $0.finish(nil) }
                        return
                    case .none:
                        break
                    case .unknown:
                        batch.forEach { $0.finish(error) }
                        return
                    }
                }
            }
        }
        do throws(StorageError) {
            if try !commitTogether(batch) {
                for write in batch { try commitAlone(write) }
            }
            health.observe(Result<Void, StorageError>.success(()))
        } catch {
            health.observe(Result<Void, StorageError>.failure(error))
            batch.forEach { $0.finish(error) }
        }
    }

    /// What a lost connection left of a batch of inserts.
    private enum Outcome {
        case all, none, unknown
    }

    /// Whether `inserts` are stored (their sequences are then staged), read on a new connection.
    private func storedSequences(of inserts: [PostgreSQLContactInsertWrite]) -> Outcome {
        let stored = try? session.use { (connection) throws(StorageError) -> [String: Int64] in
            let result = try connection.execute(PostgreSQLContactSQL.sequencesOfIDs, [.words(inserts.map(\.id))])
            return Dictionary(result.rows { result, row in (result.text(row, 0), result.int64(row, 1)) }, uniquingKeysWith: { first, _ in first })
        }
        guard let stored else { return .unknown }
        if stored.isEmpty { return .none }
        guard stored.count == inserts.count else { return .unknown }
        for insert in inserts { if let sequence = stored[insert.id] { insert.stage(sequence: sequence) } }
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
            for write in batch where inserts.count <= 1 || !(write is PostgreSQLContactInsertWrite) {
                if !write.stage(on: connection) {
                    if let failure = write.failure, failure.isPostgreSQLTimeout { throw failure }
                    return false
                }
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
            if try transaction({ (connection) throws(StorageError) -> Bool in write.stage(on: connection) }, notices: { write.notices }) {
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
