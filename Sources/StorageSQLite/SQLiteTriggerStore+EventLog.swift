import QuickActions
import StorageCore

extension SQLiteTriggerStore {
    func append(_ record: TriggerRecord, answer: StoredAnswer?, pick: UsagePick?) throws(StorageError) -> TriggerAppend {
        try database.write(appending(record, answer: answer, pick: pick), committed: published()).stored()
    }

    /// The same write, queued for the next group commit: no caller's thread waits for it.
    func append(
        _ record: TriggerRecord, answer: StoredAnswer?, pick: UsagePick?,
        completion: @escaping @Sendable (Result<TriggerAppend, StorageError>) -> Void
    ) {
        database.write(appending(record, answer: answer, pick: pick), committed: published()) { result in
            completion(Result { () throws(StorageError) in try result.get().stored() })
        }
    }

    /// The body of an append, in the writer's transaction: the claim of the key (or the winner's
    /// answer, storing nothing), the trigger, and the pick counted in the favorite's use score.
    private func appending(
        _ record: TriggerRecord, answer: StoredAnswer?, pick: UsagePick?
    ) -> @Sendable (SQLiteConnection) throws(StorageError) -> CountedTrigger {
        let account = account
        return { connection throws(StorageError) -> CountedTrigger in
            if let answer {
                // The claim: only one insert of (account, key) changes a row; the others find the winner's answer.
                try connection.run(SQLiteTriggerSQL.claimAnswer, SQLiteTriggerSQL.claimValues(answer, account: account))
                if connection.changes == 0 {
                    let winner = try connection.firstRow(
                        SQLiteTriggerSQL.answerByKey, [.integer(account.rawValue), .text(answer.key)], SQLiteTriggerSQL.answer)
                    guard let winner else { throw StorageError(message: "an Idempotency-Key claim was refused but no answer is stored") }
                    return CountedTrigger(append: .answered(winner), usage: nil)
                }
            }
            let eventID =
                try connection.firstRow(SQLiteTriggerLogSQL.insertReturningSeq, SQLiteTriggerSQL.insertValues(record, account: account)) {
                    $0.int64(at: 0)
                } ?? 0
            return CountedTrigger(
                append: .recorded(eventID: eventID),
                usage: try pick.flatMap { pick throws(StorageError) in try Self.count(pick, account: account, on: connection) })
        }
    }

    /// Counts `pick` in the use score of its contact, when that is a favorite of the account,
    /// in the caller's transaction (`UsagePick.change`).
    private static func count(_ pick: UsagePick, account: AccountKey, on connection: SQLiteConnection) throws(StorageError) -> UsageChange? {
        let found = try connection.firstRow(SQLiteContactSQL.favoriteUsage, [.integer(account.rawValue), .text(pick.contactId)]) {
            (sequence: $0.int64(at: 0), usageKey: $0.optionalDouble(at: 1))
        }
        guard let change = pick.change(of: found) else { return nil }
        try connection.run(SQLiteContactSQL.setUsage, [.real(change.usageKey), .integer(change.sequence)])
        return change
    }

    /// Publishes a counted pick's new usage key on the contact changes, on the writer after the commit.
    private func published() -> @Sendable (CountedTrigger) -> Void {
        let account = account
        let changes = database.changes
        return { counted in
            if let usage = counted.usage { changes.publish(ContactChange(account: account, usage: usage)) }
        }
    }

    func triggers(afterEventID id: Int64, limit: Int) throws(StorageError) -> [LoggedTrigger]? {
        try database.readers.read { connection throws(StorageError) -> [LoggedTrigger]? in
            // One read transaction: the bounds and the rows are of the same moment.
            try connection.transaction(immediate: false) { () throws(StorageError) -> [LoggedTrigger]? in
                let bounds = try connection.firstRow(SQLiteTriggerLogSQL.bounds) { ($0.int64(at: 0), $0.int64(at: 1)) }
                guard let (purgedThrough, lastGiven) = bounds, id >= purgedThrough, id <= lastGiven else { return nil }
                return try connection.rows(SQLiteTriggerLogSQL.after, [.integer(account.rawValue), .integer(id), .integer(Int64(limit))]) { row in
                    LoggedTrigger(eventID: row.int64(at: 8), record: SQLiteTriggerSQL.record(row))
                }
            }
        }
    }

    func loggedTriggers(after id: Int64, before end: Int64?, limit: Int) throws(StorageError) -> [AccountLoggedTrigger] {
        // One writer gives ids and commits in the same order, and a read sees the commits up to
        // one of them (WAL): no lower id commits after a read saw a higher one.
        try database.readers.read { connection throws(StorageError) -> [AccountLoggedTrigger] in
            try connection.rows(SQLiteTriggerLogSQL.everyAccountAfter, [.integer(id), .integer(end ?? .max), .integer(Int64(max(limit, 0)))]) { row in
                (account: AccountKey(row.int64(at: 9)), trigger: LoggedTrigger(eventID: row.int64(at: 8), record: SQLiteTriggerSQL.record(row)))
            }
        }
    }

    func reserveEventID() throws(StorageError) -> Int64 {
        try database.write { connection throws(StorageError) -> Int64 in
            try connection.run(SQLiteTriggerLogSQL.advanceSequence)
            if connection.changes == 0 { try connection.run(SQLiteTriggerLogSQL.startSequence) }
            return try connection.integer(SQLiteTriggerLogSQL.lastGiven)
        }
    }
}
