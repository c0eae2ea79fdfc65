import StorageCore

/// A queued contact insert: a write the group commit can merge with the other inserts of its
/// batch into one multi-row `INSERT` (one round trip for all of them instead of one each), or
/// run alone (`stage(on:)`) when its batch is retried write by write.
///
/// An insert with a `quota` is admitted in the transaction that inserts it (`admitted`): the
/// accounts' rows are locked (`FOR NO KEY UPDATE`, which every instance's admission waits for,
/// while the foreign keys' `FOR KEY SHARE` of other writes does not), then their contacts
/// counted, so no create of any instance can get past the count before this one commits.
final class PostgreSQLContactInsertWrite: PostgreSQLStagedWrite {
    /// The row's values, in `PostgreSQLContactSQL.insert`'s order (the id second).
    let values: [PostgreSQLValue]
    /// The contact's id, which tells its row among those a multi-row insert returns.
    let id: String
    /// The contact's account.
    let account: AccountKey
    /// The most contacts the account may hold once this one is in (nil: no limit).
    let quota: Int?
    /// The sequence the insert gave the row, once staged.
    let outcome: PostgreSQLStagedOutcome<Int64>

    init(
        values: [PostgreSQLValue], id: String, account: AccountKey, quota: Int?, notify: @escaping @Sendable (Int64) -> [PostgreSQLChangeNotice],
        committed: (@Sendable (Int64) -> Void)?, completion: @escaping @Sendable (Result<Int64, StorageError>) -> Void
    ) {
        self.values = values
        self.id = id
        self.account = account
        self.quota = quota
        outcome = PostgreSQLStagedOutcome(notify: notify, committed: committed, completion: completion)
    }

    /// Inserts the row alone. A create its quota refuses stores nothing and leaves the
    /// transaction open (true).
    func stage(on connection: PostgreSQLConnection) -> Bool {
        if quota != nil {
            do throws(StorageError) {
                guard try !Self.admitted([self], on: connection).isEmpty else { return true }
            } catch {
                return outcome.stage(.failure(error))
            }
        }
        return outcome.stage(Result { () throws(StorageError) in try connection.execute(PostgreSQLContactSQL.insert, values).int64(0, 0) })
    }

    /// The inserts of `inserts` their accounts' quotas admit, in order; stages the refusal of
    /// the others (`quotaExceeded`, or `accountDeleted` for an account that is gone). Locks the
    /// rows of the accounts with a quota, in key order (so two batches cannot wait for each
    /// other), then counts their contacts: statements after the lock see every create that
    /// committed before it. Inserts admitted before one in the batch count against its account.
    /// Throws (the transaction is then aborted) when a statement fails.
    static func admitted(
        _ inserts: [PostgreSQLContactInsertWrite], on connection: PostgreSQLConnection
    ) throws(StorageError) -> [PostgreSQLContactInsertWrite] {
        let limited = Set(inserts.filter { $0.quota != nil }.map(\.account.rawValue)).sorted().map { String($0) }
        guard !limited.isEmpty else { return inserts }
        let locked = try connection.execute(PostgreSQLContactSQL.lockAccounts, [.words(limited)])
        let existing = Set(locked.rows { result, row in result.int64(row, 0) })
        let counted = try connection.execute(PostgreSQLContactSQL.countsOfAccounts, [.words(limited)])
        let held = Dictionary(counted.rows { result, row in (result.int64(row, 0), Int(result.int64(row, 1))) }, uniquingKeysWith: +)
        var added: [Int64: Int] = [:]
        var admitted: [PostgreSQLContactInsertWrite] = []
        for insert in inserts {
            let account = insert.account.rawValue
            if let quota = insert.quota {
                guard existing.contains(account) else {
                    insert.outcome.stage(.failure(.accountDeleted))
                    continue
                }
                guard held[account, default: 0] + added[account, default: 0] < quota else {
                    insert.outcome.stage(.failure(.quotaExceeded(limit: quota)))
                    continue
                }
            }
            added[account, default: 0] += 1
            admitted.append(insert)
        }
        return admitted
    }

    /// Inserts `inserts` with as few statements as the parameter limit allows and stages each
    /// one's sequence; throws (the transaction is then aborted) when a statement fails.
    static func insertTogether(_ inserts: [PostgreSQLContactInsertWrite], on connection: PostgreSQLConnection) throws(StorageError) {
        var start = inserts.startIndex
        while start < inserts.endIndex {
            let chunk = inserts[start..<min(start + maximumPerStatement, inserts.endIndex)]
            try stage(
                try connection.execute(PostgreSQLContactSQL.insertReturningIDs(rows: chunk.count), chunk.flatMap(\.values)), of: Array(chunk))
            start = chunk.endIndex
        }
    }

    /// Stages the sequence of each of `inserts` from `result`, the rows (id, sequence) of the
    /// statement that inserted them (`PostgreSQLContactSQL.insertNotifying`); throws when one is missing.
    static func stage(_ result: PostgreSQLResult, of inserts: [PostgreSQLContactInsertWrite]) throws(StorageError) {
        let returned = result.rows { result, row in (result.text(row, 0), result.int64(row, 1)) }
        let sequences = Dictionary(returned, uniquingKeysWith: { first, _ in first })
        for insert in inserts {
            guard let sequence = sequences[insert.id] else { throw StorageError(message: "an inserted contact was not returned") }
            insert.outcome.stage(.success(sequence))
        }
    }

    /// Rows per statement: 8 parameters each, well under PostgreSQL's 65,535.
    static let maximumPerStatement = 1000
}
