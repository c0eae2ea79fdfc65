import QuickActions
import StorageCore

/// The trigger store's SQL: constants, values always bound.
enum SQLiteTriggerSQL {
    static let columns = "id, type, user_info, launch, device_id, received_ms, message, contact_id"
    /// Inserts a trigger: its account, then `insertValues`.
    static let insert = "INSERT INTO triggers (account, \(columns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
    /// Values: account, type twice, contact id twice, limit.
    static let list = """
        SELECT \(columns) FROM triggers WHERE account = ? AND (? IS NULL OR type = ?) AND (? IS NULL OR contact_id = ?) \
        ORDER BY seq DESC LIMIT ?
        """
    static let countsByType = "SELECT type, count(*) FROM triggers WHERE account = ? GROUP BY type"
    static let countsByContact = "SELECT contact_id, count(*) FROM triggers WHERE account = ? AND contact_id IS NOT NULL GROUP BY contact_id"
    /// The claim of an Idempotency-Key: the insert of its answer, which the primary key
    /// (account, key) lets only one writer make. No row changed: another request holds the key.
    static let claimAnswer = """
        INSERT INTO idempotency_answers (account, key, request_digest, status, body, created_ms) VALUES (?, ?, ?, ?, ?, ?) \
        ON CONFLICT (account, key) DO NOTHING
        """
    /// Values: account, key.
    static let answerByKey = "SELECT key, request_digest, status, body, created_ms FROM idempotency_answers WHERE account = ? AND key = ?"
    static let purge = "DELETE FROM idempotency_answers WHERE created_ms < ?"
    /// One batch of the background purge: the oldest rows by the `created_ms` index.
    static let purgeAnswerBatch = """
        DELETE FROM idempotency_answers WHERE rowid IN (SELECT rowid FROM idempotency_answers WHERE created_ms < ? ORDER BY created_ms LIMIT ?)
        """
    /// One batch of the background purge: the oldest rows by the `received_ms` index (migration 4).
    static let purgeTriggerBatch = """
        DELETE FROM triggers WHERE seq IN (SELECT seq FROM triggers WHERE received_ms < ? ORDER BY received_ms LIMIT ?)
        """
    /// Counted at scrape time: count(*) walks the smallest index.
    static let storedCounts = "SELECT (SELECT count(*) FROM idempotency_answers), (SELECT count(*) FROM triggers)"

    static func insertValues(_ record: TriggerRecord, account: AccountKey) -> [SQLiteValue] {
        [
            .integer(account.rawValue),
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

    /// The values of `claimAnswer`.
    static func claimValues(_ answer: StoredAnswer, account: AccountKey) -> [SQLiteValue] {
        [
            .integer(account.rawValue), .text(answer.key), .text(answer.requestDigest), .integer(Int64(answer.status)),
            .text(String(decoding: answer.body, as: UTF8.self)), .integer(answer.createdAt.millisecondsSince1970),
        ]
    }

    static func answer(_ row: SQLiteStatement) -> StoredAnswer {
        StoredAnswer(
            key: row.text(at: 0), requestDigest: row.text(at: 1), status: Int(row.int64(at: 2)), body: Array(row.text(at: 3).utf8),
            createdAt: Timestamp(millisecondsSince1970: row.int64(at: 4)))
    }
}
