import Synchronization

/// A queued contact insert: a write the group commit can merge with the other inserts of its
/// batch into one multi-row `INSERT` (one round trip for all of them instead of one each), or
/// run alone (`stage(on:)`) when its batch is retried write by write.
final class PostgreSQLContactInsertWrite: PostgreSQLQueuedWrite {
    /// The row's values, in `PostgreSQLContactSQL.insert`'s order (the id second).
    let values: [PostgreSQLValue]
    /// The contact's id, which tells its row among those a multi-row insert returns.
    let id: String
    private let notify: @Sendable (Int64) -> [ChangeNotice]
    private let committed: (@Sendable (Int64) -> Void)?
    private let completion: @Sendable (Result<Int64, StorageError>) -> Void
    private let staged = Mutex<Result<Int64, StorageError>?>(nil)

    init(
        values: [PostgreSQLValue], id: String, notify: @escaping @Sendable (Int64) -> [ChangeNotice], committed: (@Sendable (Int64) -> Void)?,
        completion: @escaping @Sendable (Result<Int64, StorageError>) -> Void
    ) {
        self.values = values
        self.id = id
        self.notify = notify
        self.committed = committed
        self.completion = completion
    }

    /// Inserts the row alone.
    func stage(on connection: PostgreSQLConnection) -> Bool {
        let result = Result { () throws(StorageError) in try connection.execute(PostgreSQLContactSQL.insert, values).int64(0, 0) }
        staged.withLock { $0 = result }
        if case .success = result { return true }
        return false
    }

    /// Records the sequence a multi-row insert gave the row.
    func stage(sequence: Int64) {
        staged.withLock { $0 = .success(sequence) }
    }

    var failure: StorageError? {
        guard case .failure(let error)? = staged.withLock({ $0 }) else { return nil }
        return error
    }

    var notices: [ChangeNotice] {
        guard case .success(let sequence)? = staged.withLock({ $0 }) else { return [] }
        return notify(sequence)
    }

    func didCommit() {
        guard let committed, case .success(let sequence)? = staged.withLock({ $0 }) else { return }
        committed(sequence)
    }

    func finish(_ error: StorageError?) {
        let result = error.map { .failure($0) } ?? staged.withLock { $0 } ?? .failure(StorageError(message: "an insert was never run"))
        completion(result)
    }

    /// Inserts `inserts` with as few statements as the parameter limit allows and stages each
    /// one's sequence; throws (the transaction is then aborted) when a statement fails.
    static func insertTogether(_ inserts: [PostgreSQLContactInsertWrite], on connection: PostgreSQLConnection) throws(StorageError) {
        var start = inserts.startIndex
        while start < inserts.endIndex {
            let chunk = inserts[start..<min(start + maximumPerStatement, inserts.endIndex)]
            let result = try connection.execute(PostgreSQLContactSQL.insertReturningIDs(rows: chunk.count), chunk.flatMap(\.values))
            let returned = result.rows { result, row in (result.text(row, 0), result.int64(row, 1)) }
            let sequences = Dictionary(returned, uniquingKeysWith: { first, _ in first })
            for insert in chunk {
                guard let sequence = sequences[insert.id] else { throw StorageError(message: "an inserted contact was not returned") }
                insert.stage(sequence: sequence)
            }
            start = chunk.endIndex
        }
    }

    /// Inserts `inserts` (at most `maximumPerStatement`) and sends their notices as instance
    /// `instance`, in ONE statement outside any transaction: its own commit (one round trip and
    /// one WAL flush for the whole batch). Stages each insert's sequence.
    static func insertCommitted(
        _ inserts: [PostgreSQLContactInsertWrite], instance: String, on connection: PostgreSQLConnection
    ) throws(StorageError) {
        let result = try connection.execute(
            PostgreSQLContactSQL.insertNotifying(rows: inserts.count), inserts.flatMap(\.values) + [.text(instance)])
        let returned = result.rows { result, row in (result.text(row, 0), result.int64(row, 1)) }
        let sequences = Dictionary(returned, uniquingKeysWith: { first, _ in first })
        for insert in inserts {
            guard let sequence = sequences[insert.id] else { throw StorageError(message: "an inserted contact was not returned") }
            insert.stage(sequence: sequence)
        }
    }

    /// Rows per statement: 8 parameters each, well under PostgreSQL's 65,535.
    static let maximumPerStatement = 1000
}
