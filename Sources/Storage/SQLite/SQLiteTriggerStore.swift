import QuickActions

/// Triggers and idempotency answers in the quickactiond database, written through the same
/// group-committed writer as the contacts.
public final class SQLiteTriggerStore: TriggerStore {
    let database: SQLiteDatabase

    init(database: SQLiteDatabase) {
        self.database = database
    }

    public func record(_ record: TriggerRecord, answer: StoredAnswer?) throws(StorageError) -> StoredAnswer? {
        try database.write { connection throws(StorageError) -> StoredAnswer? in
            if let answer, let existing = try connection.firstRow(TriggerSQL.answerByKey, [.text(answer.key)], TriggerSQL.answer) {
                return existing
            }
            try connection.run(TriggerSQL.insert, TriggerSQL.insertValues(record))
            if let answer {
                try connection.run(
                    TriggerSQL.insertAnswer,
                    [
                        .text(answer.key), .text(answer.requestDigest), .integer(Int64(answer.status)),
                        .text(String(decoding: answer.body, as: UTF8.self)), .integer(answer.createdAt.millisecondsSince1970),
                    ])
            }
            return nil
        }
    }

    public func answer(forKey key: String) throws(StorageError) -> StoredAnswer? {
        try database.readers.read { connection throws(StorageError) in
            try connection.firstRow(TriggerSQL.answerByKey, [.text(key)], TriggerSQL.answer)
        }
    }

    public func triggers(limit: Int, type: String?, contactId: String?) throws(StorageError) -> [TriggerRecord] {
        try database.readers.read { connection throws(StorageError) in
            try connection.rows(
                TriggerSQL.list,
                [.optionalText(type), .optionalText(type), .optionalText(contactId), .optionalText(contactId), .integer(Int64(limit))],
                TriggerSQL.record)
        }
    }

    public func stats() throws(StorageError) -> TriggerStats {
        try database.readers.read { connection throws(StorageError) in
            let byType = try connection.rows(TriggerSQL.countsByType) { ($0.text(at: 0), Int($0.int64(at: 1))) }
            let byContact = try connection.rows(TriggerSQL.countsByContact) { ($0.text(at: 0), Int($0.int64(at: 1))) }
            return TriggerStats(
                total: byType.reduce(0) { $0 + $1.1 }, byType: Dictionary(uniqueKeysWithValues: byType),
                byContact: Dictionary(uniqueKeysWithValues: byContact))
        }
    }

    @discardableResult
    public func purgeAnswers(before cutoff: Timestamp) throws(StorageError) -> Int {
        try database.write { connection throws(StorageError) -> Int in
            try connection.run(TriggerSQL.purge, [.integer(cutoff.millisecondsSince1970)])
            return Int(connection.changes)
        }
    }

    public func purgeAnswers(before cutoff: Timestamp, limit: Int) throws(StorageError) -> Int {
        try database.write { connection throws(StorageError) -> Int in
            try connection.run(TriggerSQL.purgeAnswerBatch, [.integer(cutoff.millisecondsSince1970), .integer(Int64(limit))])
            return Int(connection.changes)
        }
    }

    public func purgeTriggers(before cutoff: Timestamp, limit: Int) throws(StorageError) -> Int {
        try database.write { connection throws(StorageError) -> Int in
            try connection.run(TriggerLogSQL.raiseFloor, [.integer(cutoff.millisecondsSince1970), .integer(Int64(limit))])
            try connection.run(TriggerSQL.purgeTriggerBatch, [.integer(cutoff.millisecondsSince1970), .integer(Int64(limit))])
            return Int(connection.changes)
        }
    }

    public func storedCounts() throws(StorageError) -> (answers: Int, triggers: Int) {
        let counts = try database.readers.read { connection throws(StorageError) in
            try connection.firstRow(TriggerSQL.storedCounts) { (Int($0.int64(at: 0)), Int($0.int64(at: 1))) }
        }
        return counts ?? (0, 0)
    }
}
