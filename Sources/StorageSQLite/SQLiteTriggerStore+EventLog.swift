import QuickActions
import StorageCore

extension SQLiteTriggerStore {
    func append(_ record: TriggerRecord, answer: StoredAnswer?) throws(StorageError) -> TriggerAppend {
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

    func reserveEventID() throws(StorageError) -> Int64 {
        try database.write { connection throws(StorageError) -> Int64 in
            try connection.run(SQLiteTriggerLogSQL.advanceSequence)
            if connection.changes == 0 { try connection.run(SQLiteTriggerLogSQL.startSequence) }
            return try connection.integer(SQLiteTriggerLogSQL.lastGiven)
        }
    }
}
