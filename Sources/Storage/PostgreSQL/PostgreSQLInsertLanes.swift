import Dispatch
import Synchronization

/// Contact creates, committed by a few connections of their own in parallel: each lane takes
/// every create queued when it gets to run and commits them as one statement (see
/// `PostgreSQLContactInsertWrite.insertCommitted`), so while one lane's commit waits for its
/// WAL flush the next lane is already sending. PostgreSQL flushes concurrent commits together,
/// as it does for separate clients.
///
/// Why creates may leave the writer's single commit order: no other write can name a contact
/// before its create has been answered (the id is in the answer), and the answer comes after
/// the commit and its report on the change feed; and a list places a favorite by its sequence,
/// whatever order creates are reported in.
final class PostgreSQLInsertLanes: Sendable {
    private let sessions: [PostgreSQLSession]
    private let lanes: [DispatchQueue]
    private let queue = Mutex<[PostgreSQLContactInsertWrite]>([])
    private let next = Atomic<Int>(0)
    private let instance: String

    /// `count` lanes, each with a connection of its own to `location`.
    init(count: Int, location: PostgreSQLLocation, database: String?, backoff: PostgreSQLBackoff, instance: String) {
        sessions = (0..<count).map { _ in PostgreSQLSession(location, database: database, backoff: backoff) }
        lanes = (0..<count).map { DispatchQueue(label: "quickactiond.postgresql.inserts.\($0)") }
        self.instance = instance
    }

    /// Queues `write`; the next lane to run commits it.
    func enqueue(_ write: PostgreSQLContactInsertWrite) {
        queue.withLock { $0.append(write) }
        let lane = next.wrappingAdd(1, ordering: .relaxed).oldValue % lanes.count
        lanes[lane].async { [self] in commitQueued(on: sessions[lane]) }
    }

    /// Commits what is queued, in statements of at most `maximumPerStatement` rows.
    private func commitQueued(on session: PostgreSQLSession) {
        let batch = queue.withLock { queue -> [PostgreSQLContactInsertWrite] in
            let taken = Array(queue.prefix(PostgreSQLContactInsertWrite.maximumPerStatement))
            queue.removeFirst(taken.count)
            return taken
        }
        guard !batch.isEmpty else { return }
        do throws(StorageError) {
            try commit(batch, on: session)
            batch.forEach { $0.didCommit() }
            batch.forEach { $0.finish(nil) }
        } catch {
            // Refused (nothing stored): each is tried alone, so one bad row fails alone.
            guard batch.count > 1, !error.isPostgreSQLConnectionLoss else {
                batch.forEach { $0.finish(error) }
                return
            }
            for write in batch { commitAlone(write, on: session) }
        }
    }

    /// Inserts `batch` in one statement. When the connection is lost meanwhile, the statement
    /// may or may not have committed (it is its own transaction): the contacts' ids tell, read
    /// on a new connection. All there: committed (their sequences are staged). None there: it
    /// runs again once (the connection had died before, as after a server restart).
    private func commit(_ batch: [PostgreSQLContactInsertWrite], on session: PostgreSQLSession) throws(StorageError) {
        do throws(StorageError) {
            try session.use(retry: false) { (connection) throws(StorageError) in
                try PostgreSQLContactInsertWrite.insertCommitted(batch, instance: instance, on: connection)
            }
        } catch {
            guard error.isPostgreSQLConnectionLoss else { throw error }
            let stored = try session.use { (connection) throws(StorageError) -> [String: Int64] in
                let result = try connection.execute(PostgreSQLContactSQL.sequencesOfIDs, [.words(batch.map(\.id))])
                return Dictionary(result.rows { result, row in (result.text(row, 0), result.int64(row, 1)) }, uniquingKeysWith: { a, _ in a })
            }
            if stored.count == batch.count {
                for write in batch { if let sequence = stored[write.id] { write.stage(sequence: sequence) } }
                return
            }
            guard stored.isEmpty else { throw error }
            try session.use(retry: false) { (connection) throws(StorageError) in
                try PostgreSQLContactInsertWrite.insertCommitted(batch, instance: instance, on: connection)
            }
        }
    }

    private func commitAlone(_ write: PostgreSQLContactInsertWrite, on session: PostgreSQLSession) {
        do throws(StorageError) {
            try commit([write], on: session)
            write.didCommit()
            write.finish(nil)
        } catch {
            write.finish(error)
        }
    }

    /// Closes the lanes' connections.
    func disconnect() {
        sessions.forEach { $0.disconnect() }
    }
}
