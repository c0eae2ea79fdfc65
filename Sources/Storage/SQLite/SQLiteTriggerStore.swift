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

/// The trigger store's SQL: constants, values always bound.
enum TriggerSQL {
    static let columns = "id, type, user_info, launch, device_id, received_ms, message, contact_id"
    static let insert = "INSERT INTO triggers (\(columns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
    static let list = """
        SELECT \(columns) FROM triggers WHERE (? IS NULL OR type = ?) AND (? IS NULL OR contact_id = ?) ORDER BY seq DESC LIMIT ?
        """
    static let countsByType = "SELECT type, count(*) FROM triggers GROUP BY type"
    static let countsByContact = "SELECT contact_id, count(*) FROM triggers WHERE contact_id IS NOT NULL GROUP BY contact_id"
    static let insertAnswer = "INSERT INTO idempotency_keys (key, request_digest, status, body, created_ms) VALUES (?, ?, ?, ?, ?)"
    static let answerByKey = "SELECT key, request_digest, status, body, created_ms FROM idempotency_keys WHERE key = ?"
    static let purge = "DELETE FROM idempotency_keys WHERE created_ms < ?"
    /// One batch of the background purge: the oldest rows by the `created_ms` index.
    static let purgeAnswerBatch = """
        DELETE FROM idempotency_keys WHERE rowid IN (SELECT rowid FROM idempotency_keys WHERE created_ms < ? ORDER BY created_ms LIMIT ?)
        """
    /// One batch of the background purge: the oldest rows by the `received_ms` index (migration 4).
    static let purgeTriggerBatch = """
        DELETE FROM triggers WHERE seq IN (SELECT seq FROM triggers WHERE received_ms < ? ORDER BY received_ms LIMIT ?)
        """
    /// Counted at scrape time: count(*) walks the smallest index, a few ms at 100,000 rows.
    static let storedCounts = "SELECT (SELECT count(*) FROM idempotency_keys), (SELECT count(*) FROM triggers)"

    static func insertValues(_ record: TriggerRecord) -> [SQLiteValue] {
        [
            .text(record.id), .text(record.type),
            .optionalText(record.userInfo.map { JSONWriter.string(.object($0.mapValues(\.json))) }),
            .optionalText(record.launch), .optionalText(record.deviceId), .integer(record.receivedAt.millisecondsSince1970),
            .text(record.message), .optionalText(record.contactId),
        ]
    }

    static func record(_ row: SQLiteStatement) -> TriggerRecord {
        var userInfo: [String: PropertyListValue]?
        if let text = row.optionalText(at: 2), let value = try? JSONParser.parse(text),
            case .dictionary(let dictionary)? = PropertyListValue(json: value)
        {
            userInfo = dictionary
        }
        return TriggerRecord(
            id: row.text(at: 0), type: row.text(at: 1), userInfo: userInfo, launch: row.optionalText(at: 3), deviceId: row.optionalText(at: 4),
            receivedAt: Timestamp(millisecondsSince1970: row.int64(at: 5)), message: row.text(at: 6), contactId: row.optionalText(at: 7))
    }

    static func answer(_ row: SQLiteStatement) -> StoredAnswer {
        StoredAnswer(
            key: row.text(at: 0), requestDigest: row.text(at: 1), status: Int(row.int64(at: 2)), body: Array(row.text(at: 3).utf8),
            createdAt: Timestamp(millisecondsSince1970: row.int64(at: 4)))
    }
}
