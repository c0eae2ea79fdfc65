import QuickActions
import StorageCore

/// The PostgreSQL trigger, answer and trigger-log statements: constants, values always bound.
/// Event ids come from the sequence `event_ids`, shared by triggers (`triggers.seq`) and
/// reserved ids, so one number space orders both kinds of event on every instance.
///
/// Ids are given in commit order, on every instance: a transaction takes them only under the
/// transaction-scoped advisory lock of `lockEventIDs`, taken as late as it can be (after every other
/// statement of the transaction that may wait on a row) and held until it ends. PostgreSQL marks
/// a transaction committed before it releases its locks, so a transaction that takes the lock
/// next both gets higher ids and commits later; a snapshot that sees an id sees every committed
/// lower one, and no lower id commits after it (aborted ones leave gaps).
enum PostgreSQLTriggerSQL {
    /// The advisory lock under which event ids are taken ('QAEV').
    static let eventLockKey: Int64 = 0x5141_4556
    /// Taken in the transaction that takes event ids, immediately before it takes them.
    static let lockEventIDs = "SELECT pg_advisory_xact_lock(\(eventLockKey))"
    static let columns = "id, type, user_info, launch, device_id, received_ms, message, contact_id"
    /// The insert of `rows` triggers (values: each one's `insertValues`), answering each one's id
    /// and event id: one statement for a batch's triggers, so the event lock is held briefly.
    static func insertReturningIDs(rows: Int) -> String {
        let placeholders = (0..<rows).map { row in "(" + (1...9).map { "$\(row * 9 + $0)" }.joined(separator: ", ") + ")" }
        return "INSERT INTO triggers (account, \(columns)) VALUES " + placeholders.joined(separator: ", ") + " RETURNING id, seq"
    }
    /// Rows per statement: 9 parameters each, well under PostgreSQL's 65,535.
    static let maximumPerStatement = 1000
    /// Values: account, type, contact id, limit.
    static let list = """
        SELECT \(columns) FROM triggers WHERE account = $1 AND ($2::text IS NULL OR type = $2) \
        AND ($3::text IS NULL OR contact_id = $3) ORDER BY seq DESC LIMIT $4
        """
    static let countsByType = "SELECT type, count(*) FROM triggers WHERE account = $1 GROUP BY type"
    static let countsByContact = "SELECT contact_id, count(*) FROM triggers WHERE account = $1 AND contact_id IS NOT NULL GROUP BY contact_id"
    /// The claim of an Idempotency-Key: only one insert of (account, key) adds a row; a
    /// concurrent one waits for the first to commit and then adds nothing.
    static let claimAnswer = """
        INSERT INTO idempotency_answers (account, key, request_digest, status, body, created_ms) VALUES ($1, $2, $3, $4, $5, $6) \
        ON CONFLICT (account, key) DO NOTHING
        """
    /// Values: account, key.
    static let answerByKey = "SELECT key, request_digest, status, body, created_ms FROM idempotency_answers WHERE account = $1 AND key = $2"
    static let purge = "DELETE FROM idempotency_answers WHERE created_ms < $1"
    static let purgeAnswerBatch = """
        DELETE FROM idempotency_answers WHERE (account, key) IN \
        (SELECT account, key FROM idempotency_answers WHERE created_ms < $1 ORDER BY created_ms LIMIT $2)
        """
    static let purgeTriggerBatch = """
        DELETE FROM triggers WHERE seq IN (SELECT seq FROM triggers WHERE received_ms < $1 ORDER BY received_ms, seq LIMIT $2)
        """
    /// Run before a purge batch, with its values: the floor rises to the batch's highest event id.
    static let raiseFloor = """
        UPDATE trigger_log SET purged_through = greatest(purged_through, coalesce( \
        (SELECT max(seq) FROM (SELECT seq FROM triggers WHERE received_ms < $1 ORDER BY received_ms, seq LIMIT $2) AS batch), 0))
        """
    static let storedCounts = "SELECT (SELECT count(*) FROM idempotency_answers), (SELECT count(*) FROM triggers)"
    static let bounds = "SELECT (SELECT purged_through FROM trigger_log), (SELECT CASE WHEN is_called THEN last_value ELSE 0 END FROM event_ids)"
    /// Values: account, the event id to start after, the limit.
    static let after = "SELECT \(columns), seq FROM triggers WHERE account = $1 AND seq > $2 ORDER BY seq LIMIT $3"
    /// Every account's: values: the event id to start after, the one to stop before, the limit.
    static let everyAccountAfter = "SELECT \(columns), seq, account FROM triggers WHERE seq > $1 AND seq < $2 ORDER BY seq LIMIT $3"
    /// Run under `lockEventIDs`, in a transaction of its own.
    static let reserve = "SELECT nextval('event_ids')"

    static func insertValues(_ record: TriggerRecord, account: AccountKey) -> [PostgreSQLValue] {
        [
            .integer(account.rawValue), .text(record.id), .text(record.type),
            .optionalText(record.userInfo.map { JSONWriter.string(.object($0.mapValues(\.json))) }),
            .optionalText(record.launch), .optionalText(record.deviceId), .integer(record.receivedAt.millisecondsSince1970),
            .text(record.message), .optionalText(record.contactId),
        ]
    }

    static func record(_ result: PostgreSQLResult, _ row: Int) -> TriggerRecord {
        var userInfo: [String: PropertyListValue]?
        if let text = result.optionalText(row, 2), let value = try? JSONParser.parse(text),
            case .dictionary(let dictionary)? = PropertyListValue(json: value)
        {
            userInfo = dictionary
        }
        return TriggerRecord(
            id: result.text(row, 0), type: result.text(row, 1), userInfo: userInfo, launch: result.optionalText(row, 3),
            deviceId: result.optionalText(row, 4), receivedAt: Timestamp(millisecondsSince1970: result.int64(row, 5)),
            message: result.text(row, 6), contactId: result.optionalText(row, 7))
    }

    /// A trigger and its event id, from a result selecting `columns, seq`.
    static func logged(_ result: PostgreSQLResult, _ row: Int) -> LoggedTrigger {
        LoggedTrigger(eventID: result.int64(row, 8), record: record(result, row))
    }

    /// A trigger, its event id and its account, from a result selecting `columns, seq, account`.
    static func accountLogged(_ result: PostgreSQLResult, _ row: Int) -> AccountLoggedTrigger {
        (account: AccountKey(result.int64(row, 9)), trigger: logged(result, row))
    }

    /// The values of `claimAnswer`.
    static func claimValues(_ answer: StoredAnswer, account: AccountKey) -> [PostgreSQLValue] {
        [
            .integer(account.rawValue), .text(answer.key), .text(answer.requestDigest), .integer(Int64(answer.status)),
            .bytes(answer.body), .integer(answer.createdAt.millisecondsSince1970),
        ]
    }

    static func answer(_ result: PostgreSQLResult, _ row: Int) -> StoredAnswer {
        StoredAnswer(
            key: result.text(row, 0), requestDigest: result.text(row, 1), status: Int(result.int64(row, 2)), body: result.bytes(row, 3),
            createdAt: Timestamp(millisecondsSince1970: result.int64(row, 4)))
    }
}
