import QuickActions
import StorageCore

extension SQLiteTriggerStore {
    public func append(_ record: TriggerRecord, answer: StoredAnswer?) throws(StorageError) -> TriggerAppend {
        let account = account
        return try database.write { connection throws(StorageError) -> TriggerAppend in
            if let answer {
                // The claim: only one insert of (account, key) changes a row; the others find the winner's answer.
                try connection.run(SQLiteTriggerSQL.claimAnswer, SQLiteTriggerSQL.claimValues(answer, account: account))
                if connection.changes == 0 {
                    let winner = try connection.firstRow(
                        SQLiteTriggerSQL.answerByKey, [.integer(account.rawValue), .text(answer.key)], SQLiteTriggerSQL.answer)
                    guard let winner else { throw StorageError(message: "an Idempotency-Key claim was refused but no answer is stored") }
                    return .answered(winner)
                }
            }
            let eventID =
                try connection.firstRow(SQLiteTriggerLogSQL.insertReturningSeq, SQLiteTriggerSQL.insertValues(record, account: account)) {
                    $0.int64(at: 0)
                } ?? 0
            return .recorded(eventID: eventID)
        }
    }

    public func triggers(afterEventID id: Int64, limit: Int) throws(StorageError) -> [LoggedTrigger]? {
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

    public func reserveEventID() throws(StorageError) -> Int64 {
        try database.write { connection throws(StorageError) -> Int64 in
            try connection.run(SQLiteTriggerLogSQL.advanceSequence)
            if connection.changes == 0 { try connection.run(SQLiteTriggerLogSQL.startSequence) }
            return try connection.integer(SQLiteTriggerLogSQL.lastGiven)
        }
    }
}

/// The trigger log's SQL. Event ids are `triggers.seq`: AUTOINCREMENT never reuses one, even
/// after the newest rows are deleted, and its counter (`sqlite_sequence`) is in the file, so
/// ids survive restarts. A `shortcuts` event takes the next value by advancing that counter
/// (SQLite documents that ordinary statements may update `sqlite_sequence`), so one number
/// space orders both kinds of event.
enum SQLiteTriggerLogSQL {
    static let insertReturningSeq = SQLiteTriggerSQL.insert + " RETURNING seq"
    static let advanceSequence = "UPDATE sqlite_sequence SET seq = seq + 1 WHERE name = 'triggers'"
    static let startSequence = "INSERT INTO sqlite_sequence (name, seq) VALUES ('triggers', 1)"
    static let lastGiven = "SELECT seq FROM sqlite_sequence WHERE name = 'triggers'"
    static let bounds = """
        SELECT (SELECT purged_through FROM trigger_log), coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'triggers'), 0)
        """
    /// Values: account, the event id to start after, the limit.
    static let after = "SELECT \(SQLiteTriggerSQL.columns), seq FROM triggers WHERE account = ? AND seq > ? ORDER BY seq LIMIT ?"
    /// Run before a purge batch, with its bound values: the floor rises to the batch's highest seq.
    static let raiseFloor = """
        UPDATE trigger_log SET purged_through = max(purged_through, coalesce(
            (SELECT max(seq) FROM (SELECT seq FROM triggers WHERE received_ms < ? ORDER BY received_ms LIMIT ?)), 0))
        """
}
