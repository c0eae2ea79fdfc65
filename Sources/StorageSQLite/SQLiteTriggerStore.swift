import QuickActions
import StorageCore

/// Triggers and idempotency answers in the quickactiond database, written through the same
/// group-committed writer as the contacts.
final class SQLiteTriggerStore: TriggerStore {
    let database: SQLiteDatabase
    /// Whose triggers and answers these are (the purge and the stored counts are the whole file's).
    let account: AccountKey

    init(database: SQLiteDatabase, account: AccountKey) {
        self.database = database
        self.account = account
    }

    func record(_ record: TriggerRecord, answer: StoredAnswer?) throws(StorageError) -> StoredAnswer? {
        if case .answered(let existing) = try append(record, answer: answer) { return existing }
        return nil
    }

    func answer(forKey key: String) throws(StorageError) -> StoredAnswer? {
        try database.readers.read { connection throws(StorageError) in
            try connection.firstRow(SQLiteTriggerSQL.answerByKey, [.integer(account.rawValue), .text(key)], SQLiteTriggerSQL.answer)
        }
    }

    func triggers(limit: Int, type: String?, contactId: String?) throws(StorageError) -> [TriggerRecord] {
        try database.readers.read { connection throws(StorageError) in
            try connection.rows(
                SQLiteTriggerSQL.list,
                [
                    .integer(account.rawValue), .optionalText(type), .optionalText(type), .optionalText(contactId), .optionalText(contactId),
                    .integer(Int64(limit)),
                ],
                SQLiteTriggerSQL.record)
        }
    }

    func stats() throws(StorageError) -> TriggerStats {
        try database.readers.read { connection throws(StorageError) in
            let byType = try connection.rows(SQLiteTriggerSQL.countsByType, [.integer(account.rawValue)]) { ($0.text(at: 0), Int($0.int64(at: 1))) }
            let byContact = try connection.rows(SQLiteTriggerSQL.countsByContact, [.integer(account.rawValue)]) {
                ($0.text(at: 0), Int($0.int64(at: 1)))
            }
            return TriggerStats(
                total: byType.reduce(0) { $0 + $1.1 }, byType: Dictionary(uniqueKeysWithValues: byType),
                byContact: Dictionary(uniqueKeysWithValues: byContact))
        }
    }

    @discardableResult
    func purgeAnswers(before cutoff: Timestamp) throws(StorageError) -> Int {
        try database.write { connection throws(StorageError) -> Int in
            try connection.run(SQLiteTriggerSQL.purge, [.integer(cutoff.millisecondsSince1970)])
            return Int(connection.changes)
        }
    }

    func purgeAnswers(before cutoff: Timestamp, limit: Int) throws(StorageError) -> Int {
        try database.write { connection throws(StorageError) -> Int in
            try connection.run(SQLiteTriggerSQL.purgeAnswerBatch, [.integer(cutoff.millisecondsSince1970), .integer(Int64(limit))])
            return Int(connection.changes)
        }
    }

    func purgeTriggers(before cutoff: Timestamp, limit: Int) throws(StorageError) -> Int {
        try database.write { connection throws(StorageError) -> Int in
            try connection.run(SQLiteTriggerLogSQL.raiseFloor, [.integer(cutoff.millisecondsSince1970), .integer(Int64(limit))])
            try connection.run(SQLiteTriggerSQL.purgeTriggerBatch, [.integer(cutoff.millisecondsSince1970), .integer(Int64(limit))])
            return Int(connection.changes)
        }
    }

    func purgeDisabled(before cutoff: Timestamp, limit: Int) throws(StorageError) -> Int {
        try database.write { connection throws(StorageError) -> Int in
            try connection.rows(SQLiteDisabledItemSQL.purgeBatch, [.integer(cutoff.millisecondsSince1970), .integer(Int64(limit))]) { _ in () }.count
        }
    }

    func disabledCount() throws(StorageError) -> Int {
        Int(try database.readers.read { connection throws(StorageError) in try connection.integer(SQLiteDisabledItemSQL.count) })
    }

    func storedCounts() throws(StorageError) -> (answers: Int, triggers: Int) {
        let counts = try database.readers.read { connection throws(StorageError) in
            try connection.firstRow(SQLiteTriggerSQL.storedCounts) { (Int($0.int64(at: 0)), Int($0.int64(at: 1))) }
        }
        return counts ?? (0, 0)
    }
}
